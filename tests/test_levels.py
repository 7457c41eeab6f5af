"""Levels (easy, medium, hard, expert): each a named bot, resolvable wherever bot kinds are, with ratings."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cardtable.bots import bot_names, is_search_spec, make_bot, make_opponent, search_budget
from cardtable.bots.ismcts import ISMCTSBot
from cardtable.bots.levels import (
    LEVELS,
    level_bot,
    offered_levels,
    rated_entrants,
    ratings_entry,
    write_ratings,
)
from cardtable.bots.sloppy import SloppyBot
from cardtable.core.errors import UnknownNameError
from cardtable.core.match import Match
from cardtable.frontends.cli_options import read_players
from cardtable.games import game_names, get_game


@pytest.mark.parametrize("name", game_names())
def test_every_level_is_a_bot_of_every_game(name: str) -> None:
    game = get_game(name)
    assert bot_names(game)[:4] == list(LEVELS)
    hard = make_opponent("Hard", game)
    assert isinstance(hard, ISMCTSBot) and hard.tree.iterations == 500
    assert type(make_bot("medium", game)) is type(make_bot("heuristic", game))
    assert isinstance(make_bot("easy", game), SloppyBot)
    assert search_budget("expert", name) == (2000.0, "iterations")
    assert is_search_spec("hard", name) and not is_search_spec("medium", name)
    assert read_players(game, "hard", None) == ["you", "hard"]


def test_the_easy_level_plays_a_random_move_half_the_time_and_the_heuristic_otherwise() -> None:
    game = get_game("drump")
    easy, heuristic = make_bot("easy", game), make_bot("heuristic", game)
    match = Match(game, seed=5)
    same = differs = 0
    for seed in range(200):
        view, legal = match.view(match.current_seat), match.legal_actions()
        if len(legal) < 3:
            break
        mine = easy.choose(view, legal, random.Random(seed))
        theirs = heuristic.choose(view, legal, random.Random(seed))
        same, differs = same + (mine == theirs), differs + (mine != theirs)
    assert same and differs, "half the moves are the heuristic's, the others random"


def test_a_bad_mistake_rate_or_kind_is_refused_naming_it() -> None:
    game = get_game("scout")
    for spec in ("heuristic~2", "heuristic~x", "ismcts~0.5", "nobody~0.1"):
        with pytest.raises(UnknownNameError, match="KIND~P"):
            make_bot(spec, game)
    assert make_bot("heuristic~0", game).mistakes == 0.0  # type: ignore[union-attr]


def test_the_arena_rates_each_level_once_and_kinds_a_level_is_share_its_rating(tmp_path: Path) -> None:
    kinds = bot_names(get_game("drump"))
    entrants = rated_entrants("drump", kinds)
    assert entrants == ["easy", "medium", "hard", "expert", "random", "coach", "ismcts"]
    entry = ratings_entry("drump", entrants, [1400.0 + 10 * i for i in range(7)], [50.0] * 7, [30] * 7, "cmd")
    assert entry["ratings"]["heuristic"] == entry["ratings"]["medium"]
    assert entry["ratings"][level_bot("hard", "drump")]["elo"] == 1420.0
    target = tmp_path / "ratings.json"
    target.write_text(json.dumps({"scout": {"kept": True}}))
    write_ratings(target, "drump", entry)
    assert json.loads(target.read_text()) == {"scout": {"kept": True}, "drump": entry}


def test_a_server_seats_a_level_within_its_limits_and_refuses_a_search_reading_a_file() -> None:
    from dataclasses import replace

    from cardtable.server.limits import Limits
    from cardtable.server.setup import BadRequest, read_table_request

    def request(bot: str, limits: Limits) -> object:
        return read_table_request(
            {"protocol": 1, "game": "drump", "seats": [{"person": "A"}, {"bot": bot}]}, limits
        )

    assert request("expert", Limits()) is not None
    with pytest.raises(BadRequest, match="at most 1000 iterations"):
        request("expert", replace(Limits(), max_bot_iterations=1000))
    with pytest.raises(BadRequest, match="read a file on the server"):
        request("ismcts+net@10:/etc/passwd", Limits())


def test_a_duel_against_a_level_seats_its_bot_on_a_duelists_deck() -> None:
    from cardtable.games.fm.terminal.play import fm_match

    fm = get_game("fm")
    match, bots = fm_match("hard", None, [], 7, fm.option_table.default())
    assert isinstance(bots[1], ISMCTSBot) and bots[1].tree.iterations == 500
    assert match.players[1].startswith("hard (")


def test_the_shipped_ratings_rate_every_level_and_docs_show_them() -> None:
    from cardtable.bots.levels import ratings_markdown, shipped_ratings

    shipped = shipped_ratings()
    assert "drump" in shipped
    docs = (Path(__file__).parents[1] / "docs" / "bots.md").read_text(encoding="utf-8")
    for name, entry in shipped.items():
        rated = entry["ratings"]
        assert set(LEVELS) <= set(rated) and "random" in rated, name
        assert ratings_markdown(name) in docs, f"docs/bots.md lacks {name}'s ratings as shipped"
        for level in offered_levels(name):
            assert level["rating"].startswith("Elo ") and level["bot"] == level_bot(level["name"], name)

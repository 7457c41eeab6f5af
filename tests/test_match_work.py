"""The match does no work a decision does not need: legal actions once per state, no view for random play."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

from cardtable.bots import make_bot
from cardtable.core.match import Match
from cardtable.games import get_game


def _counting(name: str, calls: Counter[str]) -> Any:
    """The game, with its legal-move generator and its view counting their calls."""
    game = get_game(name)

    def legal_actions(state: Any) -> Any:
        calls["legal"] += 1
        return game.legal_actions(state)

    def view(state: Any, seat: int | None) -> Any:
        calls["view"] += 1
        return game.view(state, seat)

    return dataclasses.replace(game, legal_actions=legal_actions, view=view)


def test_random_play_generates_each_states_moves_once_and_builds_no_view() -> None:
    for name in ("drump", "scout", "dnup", "fm"):
        calls: Counter[str] = Counter()
        match = Match(_counting(name, calls), seed=3)
        bot, rng = make_bot("random", match.game), random.Random(3)
        for _ in range(40):
            if match.is_over:
                break
            match.play(match.decide(bot, rng))
        assert calls["view"] == 0, name
        assert calls["legal"] == len(match.moves), name


def test_the_same_seed_gives_the_same_random_game_as_choosing_from_views() -> None:
    # The blind choice draws exactly as the view-reading one did, so replays and figures are unchanged.
    for name in ("drump", "scout", "dnup", "fm"):
        game = get_game(name)
        blind, seen = Match(game, seed=8), Match(game, seed=8)
        bot = make_bot("random", game)
        blind_rng, seen_rng = random.Random(8), random.Random(8)
        for _ in range(60):
            if blind.is_over:
                break
            blind.play(blind.decide(bot, blind_rng))
            seat = seen.current_seat
            seen.play(bot.choose(seen.view(seat), seen.legal_actions(), seen_rng))
        assert [move.action for move in blind.moves] == [move.action for move in seen.moves], name

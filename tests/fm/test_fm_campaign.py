"""The campaign: new player, progress and purchases, deck rules, and a save that survives crashes."""

from __future__ import annotations

import io
import random
import re
import sqlite3
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from cardtable.frontends.cli import main
from cardtable.frontends.fm.campaign import CampaignScreen
from cardtable.frontends.fm.deck_files import read_deck, write_deck
from cardtable.frontends.fm.store import CampaignStore
from cardtable.games.fm.campaign import CampaignError, buy, new_campaign, record_duel, set_deck
from cardtable.games.fm.carddata import cards
from cardtable.games.fm.decks import DeckError, deck_from_json, deck_problems
from cardtable.games.fm.rank import Rank


def progress_with(starchips: int = 0) -> object:
    progress = new_campaign("Yugi", random.Random(3))
    return record_duel(progress, 1, True, Rank(95, "S-POW", 5, "sa_pow", {}), 1) if starchips else progress


def test_a_new_player_owns_a_legal_starter_deck() -> None:
    progress = new_campaign("Yugi", random.Random(3))
    assert deck_problems(progress.deck) == []
    assert Counter(progress.deck) == Counter(progress.collection)
    assert progress.starchips == 0 and progress.next_opponent == 1 and progress.unlocked() == [1]


def test_a_win_pays_starchips_and_a_card_and_moves_the_campaign_on() -> None:
    progress = new_campaign("Yugi", random.Random(3))
    won = record_duel(progress, 1, True, Rank(95, "S-POW", 5, "sa_pow", {}), 1)
    assert won.starchips == 5 and won.collection[1] == progress.collection.get(1, 0) + 1
    assert won.next_opponent == 2 and won.records[1] == (1, 0)
    lost = record_duel(won, 2, False, None, None)
    assert lost.next_opponent == 2 and lost.records[2] == (0, 1) and lost.starchips == 5
    # Beating an earlier duelist again pays, but does not move the campaign.
    again = record_duel(won, 1, True, Rank(55, "D-POW", 1, "bcd", {}), 2)
    assert again.next_opponent == 2


def test_passwords_buy_cards_for_starchips() -> None:
    progress = new_campaign("Yugi", random.Random(3))
    elf = cards()[2]
    with pytest.raises(CampaignError, match=f"costs {elf.cost} starchips; you have 0"):
        buy(progress, elf.password or "")
    with pytest.raises(CampaignError, match="no card has the password '00000000'"):
        buy(progress, "00000000")
    rich = record_duel(progress, 1, True, Rank(95, "S-POW", 500, "sa_pow", {}), 1)
    bought, card_id = buy(rich, elf.password or "")
    assert card_id == 2 and bought.starchips == 500 - elf.cost


def test_a_deck_must_be_legal_and_owned() -> None:
    progress = new_campaign("Yugi", random.Random(3))
    with pytest.raises(DeckError, match="a deck holds 40 cards, this one 39"):
        set_deck(progress, progress.deck[:-1])
    foreign = (1,) + progress.deck[1:]
    with pytest.raises(CampaignError, match="cards you do not own: Blue-eyes White Dragon"):
        set_deck(progress, foreign)


def test_the_save_round_trips_and_a_crash_mid_save_keeps_the_old_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = CampaignStore(tmp_path / "save.sqlite")
    assert store.load() is None
    progress = new_campaign("Yugi", random.Random(3))
    store.save(progress)
    assert store.load() == progress
    richer = record_duel(progress, 1, True, Rank(95, "S-POW", 5, "sa_pow", {}), 1)
    real_connect = sqlite3.connect

    class Exploding:
        """A connection whose disk fails half way through the save."""

        def __init__(self, path: object) -> None:
            self.inner = real_connect(path)  # type: ignore[call-overload]

        def __getattr__(self, name: str) -> object:
            return getattr(self.inner, name)

        def __enter__(self) -> object:
            return self.inner.__enter__()

        def __exit__(self, *exc: object) -> object:
            return self.inner.__exit__(*exc)

        def executemany(self, sql: str, rows: object) -> object:
            if "records" in sql:
                raise sqlite3.OperationalError("disk I/O error")
            return self.inner.executemany(sql, rows)  # type: ignore[arg-type]

    monkeypatch.setattr(sqlite3, "connect", Exploding)
    with pytest.raises(sqlite3.OperationalError):
        store.save(richer)
    monkeypatch.undo()
    assert store.load() == progress


def test_a_damaged_save_is_refused_with_the_reason(tmp_path: Path) -> None:
    path = tmp_path / "save.sqlite"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(CampaignError, match="cannot be read"):
        CampaignStore(path).load()


def test_the_campaign_at_the_terminal(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path / "save.sqlite")
    script = iter(
        [
            "Yugi",  # name
            "4",
            "12345678",  # a password that buys nothing
            "3",
            "remove #9",
            "save",
            "cancel",  # a 39-card deck is refused, then left as it was
            "9",  # not on the menu
            "1",
            "quit",  # a duel, left at once
            "6",
        ]
    )
    output = io.StringIO()
    screen = CampaignScreen(store, Console(file=output, width=120), lambda prompt: next(script), seed=5)
    screen.run()
    text = output.getvalue()
    assert "no card has the password '12345678'" in text
    assert "a deck holds 40 cards, this one 39" in text
    assert "'9' is not on the menu" in text
    assert "it counts for nothing" in text
    saved = store.load()
    assert saved is not None and saved.name == "Yugi" and len(saved.deck) == 40


def test_deck_commands(tmp_path: Path) -> None:
    runner = CliRunner()
    deck_file = tmp_path / "deck.json"
    assert runner.invoke(main, ["deck", "new", str(deck_file), "--seed", "2"]).exit_code == 0
    result = runner.invoke(main, ["deck", "check", str(deck_file)])
    assert result.exit_code == 0 and "a legal deck of 40 cards" in result.output
    (tmp_path / "bad.json").write_text('["Blue-eyes White Dragon", "Blue-eyes White Dragon", 5000]')
    result = runner.invoke(main, ["deck", "check", str(tmp_path / "bad.json")])
    assert result.exit_code == 2 and "5000 is not a card number or name" in result.output
    save = tmp_path / "save.sqlite"
    result = runner.invoke(main, ["deck", "export", str(tmp_path / "out.json"), "--save", str(save)])
    assert result.exit_code == 2 and "there is no campaign yet" in result.output
    CampaignStore(save).save(new_campaign("Yugi", random.Random(3)))
    result = runner.invoke(main, ["deck", "import", str(deck_file), "--save", str(save)])
    assert result.exit_code == 2 and "cards you do not own" in result.output
    result = runner.invoke(main, ["deck", "export", str(tmp_path / "out.json"), "--save", str(save)])
    assert result.exit_code == 0
    assert (
        runner.invoke(main, ["deck", "import", str(tmp_path / "out.json"), "--save", str(save)]).exit_code
        == 0
    )


def test_free_duel_and_two_players_from_the_command_line(tmp_path: Path) -> None:
    runner = CliRunner()
    deck_file = tmp_path / "deck.json"
    runner.invoke(main, ["deck", "new", str(deck_file), "--seed", "2"])
    result = runner.invoke(
        main,
        ["play", "fm", "--vs", "Rex Raptor", "--deck", str(deck_file), "--seed", "3"],
        input="pick h1\nplay\nplace attack star 1\nend\nquit\n",
    )
    assert result.exit_code == 0, result.output
    assert "Rex Raptor" in result.output
    result = runner.invoke(
        main,
        [
            "play",
            "fm",
            "--players",
            "you,you",
            "--deck",
            str(deck_file),
            "--deck",
            str(deck_file),
            "--seed",
            "3",
        ],
        input="\nquit\n",
    )
    assert result.exit_code == 0 and "Pass the terminal to Player 1" in result.output
    result = runner.invoke(main, ["play", "fm", "--vs", "Nobody"])
    assert result.exit_code == 2 and "no duelist 'Nobody'" in result.output


def test_a_deck_is_read_from_json_by_numbers_and_names() -> None:
    deck = ["blue-eyes white dragon ", 2, *range(30, 68)]
    assert deck_from_json(deck, "upload") == (1, 2, *range(30, 68))
    for data, message in [
        ({"cards": []}, "upload should be a JSON list of card numbers or names"),
        ([1, "Nobody", 3], "upload entry 2: 'Nobody' is not a card number or name"),
        ([1, True], "upload entry 2: True is not a card number or name"),
        ([1, 723], "upload entry 2: 723 is not a card number or name"),
        ([1] * 40, "upload refused: 40 copies of Blue-eyes White Dragon (#1); the most is 3"),
    ]:
        with pytest.raises(DeckError, match=re.escape(message)):
            deck_from_json(data, "upload")


def test_deck_files_may_carry_comments_and_are_refused_with_the_file_named(tmp_path: Path) -> None:
    path = tmp_path / "deck.json"
    write_deck(path, tuple(range(30, 70)))
    text = "// my deck\n" + path.read_text()
    path.write_text(text)
    assert read_deck(path) == tuple(range(30, 70))
    with pytest.raises(DeckError, match=r"cannot read deck .*missing\.json"):
        read_deck(tmp_path / "missing.json")
    (tmp_path / "bad.json").write_text("[1, 2,")
    with pytest.raises(DeckError, match=r"deck .*bad.json.* not JSON"):
        read_deck(tmp_path / "bad.json")

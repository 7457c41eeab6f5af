"""The campaign: new player, progress, purchases and caps, deck rules, and its screen (duels saved)."""

from __future__ import annotations

import io
import random
import re
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from cardtable.core.match import Match
from cardtable.frontends.cli import main
from cardtable.games.fm import GAME
from cardtable.games.fm.campaign import (
    MAX_OWNED,
    MAX_STARCHIPS,
    CampaignError,
    buy,
    check_name,
    new_campaign,
    record_duel,
    set_deck,
)
from cardtable.games.fm.carddata import cards
from cardtable.games.fm.decks import DeckError, deck_from_json, deck_problems
from cardtable.games.fm.rank import Rank
from cardtable.games.fm.terminal.campaign import CampaignScreen
from cardtable.games.fm.terminal.deck_files import read_deck, write_deck
from cardtable.games.fm.terminal.screen import render
from cardtable.games.fm.terminal.store import CampaignStore


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


def test_the_caps_hold_starchips_and_copies() -> None:
    progress = new_campaign("Yugi", random.Random(3))
    rich = record_duel(progress, 1, True, Rank(95, "S-POW", MAX_STARCHIPS + 5, "sa_pow", {}), 2)
    assert rich.starchips == MAX_STARCHIPS
    hoard = replace(rich, collection={**rich.collection, 2: MAX_OWNED})
    again = record_duel(hoard, 1, True, Rank(95, "S-POW", 5, "sa_pow", {}), 2)
    assert again.collection[2] == MAX_OWNED
    with pytest.raises(CampaignError, match=f"you own {MAX_OWNED} copies of Mystical Elf, the most"):
        buy(hoard, cards()[2].password or "")


def test_a_name_is_printable_text_of_at_most_thirty_characters() -> None:
    assert check_name("  Yugi ") == "Yugi"
    for name, message in [
        ("", "cannot be empty"),
        ("x" * 31, "at most 30 characters, not 31"),
        ("Yu\x1b[2Jgi", "printable text"),
    ]:
        with pytest.raises(CampaignError, match=re.escape(message)):
            check_name(name)


def screen(store: CampaignStore, lines: list[str]) -> tuple[CampaignScreen, io.StringIO]:
    """The campaign at a terminal whose player types `lines`, then ends the input."""
    script = iter(lines)

    def read_line(prompt: str) -> str:
        line = next(script, None)
        if line is None:
            raise EOFError
        return line

    output = io.StringIO()
    return CampaignScreen(store, Console(file=output, width=120), read_line, seed=5), output


def test_the_campaign_at_the_terminal(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path / "save.sqlite")
    lines = [
        "[bold]Yugi",  # a name that is not markup
        "4",
        "12345678",  # a password that buys nothing
        "3",
        "add [/red]",
        "remove #9",
        "save",
        "cancel",  # a 39-card deck is refused, then left as it was
        "9",  # not on the menu
        "1",
        "undo",  # no take-backs in a campaign duel
        "quit",
        "no",  # the duel goes on
        "quit",
        "yes",  # left: a loss
        "6",
    ]
    campaign, output = screen(store, lines)
    campaign.run()
    text = output.getvalue()
    assert "no card has the password '12345678'" in text
    assert "'[/red]' is not a card number or name" in text
    assert "a deck holds 40 cards, this one 39" in text
    assert "'9' is not on the menu" in text
    assert "A campaign duel has no take-backs." in text and "The duel goes on." in text
    assert "You left the duel: it counts as a loss." in text
    saved = store.load()
    assert saved is not None and saved.name == "[bold]Yugi" and len(saved.deck) == 40
    assert saved.records == {1: (0, 1)} and store.load_duel() is None


def test_a_duel_cut_short_resumes_where_it_was_and_forfeiting_it_is_a_loss(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path / "save.sqlite")
    campaign, _ = screen(store, ["Yugi", "1", *["1"] * 12])
    campaign.run()  # the input ends in the middle of the duel, after the opponent's first turn
    duel = store.load_duel()
    assert duel is not None and len(duel.actions) > 12
    fresh = Match(GAME, seed=duel.seed, position=duel.position)
    for action in duel.actions:
        fresh.play(action)
    campaign, output = screen(store, ["r"])
    campaign.run()
    assert (
        f"A duel against Simon Muran is under way ({len(duel.actions)} actions taken)." in output.getvalue()
    )
    assert store.load_duel() == duel  # nothing was played: the input ended again
    # The screen shows the duel as the uninterrupted match has it.
    assert board_text(fresh) in output.getvalue()
    campaign, output = screen(store, ["x", "f", "6"])
    campaign.run()
    assert "You forfeit the duel against Simon Muran: it counts as a loss." in output.getvalue()
    saved = store.load()
    assert saved is not None and saved.records == {1: (0, 1)} and store.load_duel() is None


def board_text(match: Match) -> str:
    """The player's board in `match` as the campaign's screen draws it (no recent events)."""
    output = io.StringIO()
    Console(file=output, width=120).print(render(match.view(0), ["You (P1)", "Simon Muran (P2)"]))
    return output.getvalue()


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
    # A deck file is not replaced without --force: neither by a new deck nor by the campaign's.
    built = (tmp_path / "out.json").read_bytes()
    for command in (
        ["deck", "new", str(tmp_path / "out.json")],
        ["deck", "export", str(tmp_path / "out.json")],
    ):
        result = runner.invoke(main, [*command, "--save", str(save)] if "export" in command else command)
        assert result.exit_code == 2 and "exists already: give --force to replace it" in result.output
        assert (tmp_path / "out.json").read_bytes() == built
    result = runner.invoke(main, ["deck", "new", str(tmp_path / "out.json"), "--seed", "1", "--force"])
    assert result.exit_code == 0 and (tmp_path / "out.json").read_bytes() != built
    result = runner.invoke(
        main, ["deck", "export", str(tmp_path / "out.json"), "--save", str(save), "--force"]
    )
    assert result.exit_code == 0 and (tmp_path / "out.json").read_bytes() == built
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
        ([1, "Nobody", 3], 'upload entry 2: "Nobody" is not a card number or name'),
        ([1, True], "upload entry 2: true is not a card number or name"),
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


def test_leaving_before_a_name_is_given_says_nothing_was_saved(tmp_path: Path) -> None:
    """The end of input at the first question left 'Progress saved.' though no campaign was made."""
    save = tmp_path / "save.sqlite"
    result = CliRunner().invoke(main, ["campaign", "--save", str(save)], input="")
    assert result.exit_code == 0 and "Goodbye." in result.output
    assert "Progress saved" not in result.output and CampaignStore(save).load() is None

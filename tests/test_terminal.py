"""The terminal game, driven by a script of typed lines."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from rich.console import Console

from cardtable.bots import make_bot
from cardtable.core.errors import ReplayError
from cardtable.core.match import Match, bot_rngs
from cardtable.core.players import Bot
from cardtable.frontends.saves import open_game
from cardtable.frontends.terminal import TerminalGame
from cardtable.games.drump import GAME
from cardtable.games.drump.bots import DrumpHeuristicBot
from tests.drump.helpers import position


def session(
    match: Match, lines: list[str], bots: dict[int, object] | None = None
) -> tuple[str, TerminalGame]:
    output = io.StringIO()
    console = Console(file=output, width=120, color_system=None)
    script: Iterator[str] = iter(lines)

    def read_line(prompt: str) -> str:
        console.print(prompt, end="")
        line = next(script)  # StopIteration ends the test loudly if the script runs out
        console.print(line)
        return line

    def reader(prompt: str) -> str:
        try:
            return read_line(prompt)
        except StopIteration:
            raise EOFError from None

    terminal = TerminalGame(match, bots or {}, console, reader)  # type: ignore[arg-type]
    terminal.run()
    return output.getvalue(), terminal


def test_bad_input_is_refused_with_the_reason_and_asked_again() -> None:
    match = Match(GAME, position=position(hands=(["2s"], ["3s"])), seed=1, players=["you", "heuristic"])
    text, _ = session(
        match, ["fly away", "set 2s on 7", "42", "burst 2s on 1", "", "quit"], {1: DrumpHeuristicBot()}
    )
    assert "cannot read 'fly away' as an action: unknown verb 'fly'" in text
    assert "'7' is not a slot" in text
    assert "There is no move 42; choose 1 to" in text
    assert "'burst 2s on 1' is not legal now: the opponent's slot 1 is empty" in text
    assert "You left the game" in text
    assert match.moves == []


def test_numbers_and_notation_play_and_the_bot_answers() -> None:
    match = Match(GAME, position=position(hands=(["2s", "3s"], ["4s"])), seed=1, players=["you", "heuristic"])
    text, _ = session(match, ["1", "set 3s on 2", "end", "quit"], {1: DrumpHeuristicBot()})
    actions = [(move.seat, GAME.format_action(move.action)) for move in match.moves]
    assert actions[:3] == [(0, "set 2s on 1"), (0, "set 3s on 2"), (0, "end")]
    assert any(seat == 1 for seat, _ in actions)
    assert "heuristic (P2) ends the turn" in text


def test_help_rules_save_and_undo(tmp_path: Path) -> None:
    match = Match(GAME, position=position(hands=(["2s", "3s"], ["4s"])), seed=1, players=["you", "heuristic"])
    saved = tmp_path / "saved.jsonl"
    text, _ = session(
        match,
        ["help", "rules", "set 2s on 1", "end", "undo", "save", f"save {saved}", "quit"],
        {1: DrumpHeuristicBot()},
    )
    assert "undo         take back your last move" in text
    assert "set 7h [on] 2" in text
    assert "Burst: attack and block" in text
    assert "Took back" in text
    assert "save needs a file name" in text
    resumed = open_game(saved).match
    assert [GAME.format_action(move.action) for move in resumed.moves] == ["set 2s on 1"]


def test_undo_is_refused_between_two_people() -> None:
    match = Match(GAME, position=position(hands=(["2s"], ["3s"])), seed=1, players=["you", "you"])
    text, _ = session(match, ["", "end", "", "undo", "quit"])
    assert "undo is for games against bots only" in text


def test_hot_seat_hands_the_screen_over_without_showing_the_other_hand() -> None:
    data = position(hands=(["2s", "Kh"], ["3c", "Qc"]), deck_top=["9d", "9h"])
    match = Match(GAME, position=data, seed=1, players=["you", "you"])
    text, _ = session(match, ["", "end", "", "quit"])
    first, _, second = text.partition("Pass the terminal to Player 2")
    assert "Pass the terminal to Player 1" in first
    assert "K♥" in first and "Q♣" not in first
    assert "Q♣" in second and "K♥" not in second
    assert "9♦" in second  # the card Player 2 drew


def test_a_whole_game_against_a_bot_reaches_its_end() -> None:
    match = Match(GAME, seed=4, players=["you", "heuristic"])
    text, terminal = session(match, ["1"] * 2000, {1: DrumpHeuristicBot()})
    assert match.is_over
    assert " wins: " in text or "draw" in text
    assert terminal.match is match


def test_scout_and_dnup_play_at_the_terminal_with_bots_and_people() -> None:
    from cardtable.bots import make_bot
    from cardtable.games import get_game

    for name in ("scout", "dnup"):
        game = get_game(name)
        match = Match(game, seed=2, players=["you", "heuristic", "you", "random"])
        bots = {1: make_bot("heuristic", game), 3: make_bot("random", game)}
        text, _ = session(match, ["", "1", "", "1", "", "1", "", "quit"], bots)  # type: ignore[arg-type]
        assert "Pass the terminal to Player 3" in text
        assert len(match.moves) >= 3


# -- what issue 13 asked for, at a plain terminal -------------------------------------------------
def scripted(lines: list[str]) -> tuple[io.StringIO, Console, Callable[[str], str]]:
    """A console writing to a string, and a reader answering `lines` in turn, then ending the input."""
    output = io.StringIO()
    console = Console(file=output, width=120, color_system=None)
    script = iter(lines)

    def read_line(prompt: str) -> str:
        console.print(prompt, end="")
        line = next(script, None)
        if line is None:
            raise EOFError
        console.print(line)
        return line

    return output, console, read_line


def test_quit_asks_only_when_moves_would_be_lost(tmp_path: Path) -> None:
    match = Match(GAME, position=position(hands=(["2s", "3s"], ["4s"])), seed=1, players=["you", "heuristic"])
    output, console, read_line = scripted(
        ["quit", "set 2s on 1", "quit", "no", f"save {tmp_path / 'g'}", "quit"]
    )
    terminal = TerminalGame(match, {1: DrumpHeuristicBot()}, console, read_line, confirm_quit=True)
    assert terminal.run() is None
    text = output.getvalue()
    # Nothing played yet: the first quit would lose nothing, so it did not ask... and left at once.
    assert "Leave?" not in text.partition("set 2s on 1")[0]
    assert text.count("You left the game") == 1 and match.moves == []

    match = Match(GAME, position=position(hands=(["2s", "3s"], ["4s"])), seed=1, players=["you", "heuristic"])
    output, console, read_line = scripted(["set 2s on 1", "quit", "no", f"save {tmp_path / 'g'}", "quit"])
    TerminalGame(match, {1: DrumpHeuristicBot()}, console, read_line, confirm_quit=True).run()
    text = output.getvalue()
    assert "This game is not saved. Leave?" in text and "The game goes on." in text
    # After the save nothing is lost: quit leaves without a question.
    assert text.count("Leave?") == 1
    assert f"It was last saved to {tmp_path / 'g'}." in text


def test_quit_may_save_as_it_leaves(tmp_path: Path) -> None:
    match = Match(GAME, position=position(hands=(["2s", "3s"], ["4s"])), seed=1, players=["you", "heuristic"])
    path = tmp_path / "Kept.jsonl"
    output, console, read_line = scripted(["set 2s on 1", "end", "quit", f"save {path}"])
    TerminalGame(match, {1: DrumpHeuristicBot()}, console, read_line, confirm_quit=True).run()
    assert f"Saved to {path}." in output.getvalue() and f"It was last saved to {path}." in output.getvalue()
    assert [GAME.format_action(move.action) for move in open_game(path).match.moves][:2] == [
        "set 2s on 1",
        "end",
    ]


def test_a_finished_game_goes_into_the_history_and_replays_by_its_number() -> None:
    from click.testing import CliRunner

    from cardtable.frontends import history
    from cardtable.frontends.cli import main

    match = Match(GAME, seed=4, players=["you", "heuristic"])
    output, console, read_line = scripted(["1"] * 2000)
    TerminalGame(match, {1: DrumpHeuristicBot()}, console, read_line, keep_history=True).run()
    text = output.getvalue()
    assert match.is_over
    assert "It is game 1 of your history (cardtable replay 1)." in text
    assert "actions" in text and "score" in text
    [entry] = history.entries()
    assert entry.number == 1 and entry.game == "drump" and entry.actions == len(match.moves)
    listing = CliRunner().invoke(main, ["history"])
    assert listing.exit_code == 0 and "drump" in listing.output and "cardtable replay 1" in listing.output
    shown = CliRunner().invoke(main, ["replay", "1", "--no-step"])
    assert shown.exit_code == 0 and f"seed {match.seed}" in shown.output
    missing = CliRunner().invoke(main, ["replay", "7", "--no-step"])
    assert missing.exit_code == 2 and "there is no game 7 in the history: its games are numbered 1 to 1" in (
        missing.output
    )


def test_the_history_numbers_games_in_order_and_skips_what_it_cannot_read() -> None:
    from click.testing import CliRunner

    from cardtable.frontends import history
    from cardtable.frontends.cli import main

    assert history.entries() == []
    with pytest.raises(ReplayError, match="no game has been finished yet"):
        history.find(1)
    folder = history.history_folder()
    folder.mkdir(parents=True)
    (folder / "00003-drump-2020-01-01.jsonl").write_text("not json\n")
    match = Match(GAME, seed=4, players=["you", "heuristic"])
    bots = {0: DrumpHeuristicBot(), 1: DrumpHeuristicBot()}
    rngs = bot_rngs(4, 2)
    match.play_bots(bots, rngs)
    entry = history.record(match, [0])
    assert entry.number == 4 and [found.number for found in history.entries()] == [4]
    assert entry.result.startswith(("won by", "draw"))
    unfinished = Match(GAME, seed=4, players=["you", "heuristic"])
    with pytest.raises(ReplayError, match="only a finished game goes into the history"):
        history.record(unfinished, [0])
    # The file left out is named, with its fault, in the list and when its number is asked for.
    listed = CliRunner().invoke(main, ["history"])
    assert (
        "Left out, as it cannot be read" in listed.output and "00003-drump-2020-01-01.jsonl" in listed.output
    )
    asked = CliRunner().invoke(main, ["replay", "3", "--no-step"])
    assert asked.exit_code == 2 and "game 3 of the history" in asked.output and "not JSON" in asked.output


def test_a_history_that_is_no_folder_is_named() -> None:
    from click.testing import CliRunner

    from cardtable.frontends import history
    from cardtable.frontends.cli import main

    folder = history.history_folder()
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("")
    listed = CliRunner().invoke(main, ["history"])
    assert listed.exit_code == 2 and "is a file, not a folder of games" in listed.output


def test_a_new_game_when_the_person_asks_for_one() -> None:
    from cardtable.frontends.terminal import play_at_terminal

    games: list[Match] = []

    def new_match() -> tuple[Match, dict[int, Bot]]:
        games.append(Match(GAME, seed=5, players=["you", "heuristic"]))
        return games[-1], {1: DrumpHeuristicBot()}

    first = Match(GAME, seed=4, players=["you", "heuristic"])
    output = io.StringIO()
    console = Console(file=output, width=120, color_system=None)

    def read_line(prompt: str) -> str:
        if prompt.startswith("A new game?"):
            if games:
                return "no"
            return "n"
        if games and games[-1].moves:
            raise EOFError  # the second game has begun: leave it
        return "1"

    play_at_terminal(first, {1: DrumpHeuristicBot()}, console, read_line=read_line, new_match=new_match)
    assert first.is_over and len(games) == 1 and games[0].moves
    assert "A new game of DRUMP." in output.getvalue()


def test_info_tells_what_a_card_is_and_where_it_is_seen() -> None:
    match = Match(GAME, position=position(hands=(["2s", "Kd"], ["3s"])), seed=1, players=["you", "heuristic"])
    output, console, read_line = scripted(["info Kd", "info 2♠", "info 7z", "info", "quit"])
    TerminalGame(match, {1: DrumpHeuristicBot()}, console, read_line).run()
    text = output.getvalue()
    assert "a monster part worth 13: the Dragon's body" in text
    assert "a force card worth 2" in text and "Where you see it: in your hand." in text
    assert "'7z' is not a DRUMP card" in text
    assert "info needs a card" in text


def test_info_for_scout_and_dnup_cards() -> None:
    from cardtable.games import get_game

    for name, card in (("scout", "3/7"), ("dnup", "7/3")):
        game = get_game(name)
        match = Match(game, seed=2, players=["you", "random", "random"])
        output, console, read_line = scripted([f"info {card}", "info 3/3", "quit"])
        TerminalGame(
            match, {1: make_bot("random", game), 2: make_bot("random", game)}, console, read_line
        ).run()
        text = output.getvalue()
        assert "the card of 3 and 7, one of 45" in text and "Where you see it:" in text
        assert f"'3/3' is not a {game.title} card" in text


def test_help_explains_the_board_and_lists_the_games_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    from rich.text import Text

    from cardtable.frontends import registry

    drump = registry.front_end("drump")
    hint = registry.Hint("sums", "what each of your stacks pays for", lambda view, _: Text("slot 1 pays 5"))
    monkeypatch.setitem(registry._FRONT_ENDS, "drump", replace(drump, hints=(hint,)))
    match = Match(GAME, position=position(hands=(["2s"], ["3s"])), seed=1, players=["you", "heuristic"])
    output, console, read_line = scripted(["help", "sums", "hlep", "quit"])
    TerminalGame(match, {1: DrumpHeuristicBot()}, console, read_line).run()
    text = output.getvalue()
    assert "X J Q K, underlined, are monster parts" in text
    assert "sums         what each of your stacks pays for" in text
    assert "slot 1 pays 5" in text
    assert "Did you mean 'help'?" in text


def test_the_log_command_lists_everything_that_happened() -> None:
    match = Match(GAME, seed=4, players=["you", "heuristic"])
    output, console, read_line = scripted(["1", "end", "log", "quit"])
    TerminalGame(match, {1: DrumpHeuristicBot()}, console, read_line).run()
    text = output.getvalue().partition("Everything that happened, oldest first:")[2]
    assert "You (P1) is dealt" in text and "heuristic (P2) ends the turn" in text


def test_resign_asks_first_and_then_ends_a_two_seat_game() -> None:
    match = Match(GAME, seed=3, players=["you", "heuristic"], first_seat=0)
    text, _ = session(match, ["help", "resign", "no", "resign", "y", ""], {1: DrumpHeuristicBot()})
    assert "resign       give up: against one other seat the game ends" in text
    assert "The game goes on." in text and "You (P1) resigned." in text
    outcome = match.outcome
    assert outcome is not None and outcome.winners == (1,) and outcome.ending == "resigned"


def test_resign_at_a_larger_table_lets_the_heuristic_bot_play_the_seat_on() -> None:
    from cardtable.games import get_game

    game = get_game("scout")
    match = Match(game, seed=5, players=["you", "random", "random"], first_seat=0)
    bots = {seat: make_bot("random", game) for seat in (1, 2)}
    text, terminal = session(match, ["resign", "yes", ""], bots)  # type: ignore[arg-type]
    assert "You (P1) resigned; the heuristic bot plays the seat on." in text
    outcome = match.outcome
    assert outcome is not None and outcome.withdrawn == ((0, "resigned"),)
    assert any(move.seat == 0 for move in match.moves), "the bot never played the resigned seat"
    assert terminal.humans == [] and terminal.names[0] == "P1 (bot)"


@pytest.mark.parametrize("bot_seat", [0, 1])
def test_help_explains_the_bots_budgets_whichever_seat_the_bot_holds(bot_seat: int) -> None:
    # The note was left out when the only bot sat at seat 1 (`any` over the seats: seat 0 is falsy).
    players = ["heuristic", "you"] if bot_seat == 0 else ["you", "heuristic"]
    match = Match(GAME, seed=3, players=players, first_seat=1 - bot_seat)
    text, _ = session(match, ["help", "quit"], {bot_seat: DrumpHeuristicBot()})
    assert "a tree-search bot's budget" in text

"""The terminal game, driven by a script of typed lines."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

from rich.console import Console

from cardtable.core.match import Match
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

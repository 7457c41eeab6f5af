"""The live screen fits the terminal: every game, every phase, at the sizes a player is promised.

DRUMP and dnup fit 80x24, Scout (five players) and the FM duel 100x30: the
board, the events, the moves and the prompt, with no line wider than the
terminal and nothing below its last line.  The screens are drawn by the
terminal game itself on Rich's recording console, at each decision of
seeded games between bots, under every preset (so that each phase shows up).
"""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from rich.console import Console
from rich.segment import Segment

from cardtable.bots import make_bot
from cardtable.core.match import Match, bot_rngs
from cardtable.frontends.layout import LiveScreen
from cardtable.frontends.terminal import TerminalGame
from cardtable.games import get_game


def recording(width: int, height: int) -> Console:
    return Console(
        file=io.StringIO(), width=width, height=height, force_terminal=True, record=True, color_system=None
    )


def decisions(game_name: str, seats: int, seed: int, preset: str | None = None) -> Iterator[Match]:
    """A game between random bots, stopped at each decision (and at its end)."""
    game = get_game(game_name)
    options = game.option_table.resolve(preset, {})
    # Named as at the command line: the screen's names are as long as a player's would be.
    match = Match(game, options=options, seed=seed, players=["you", *["heuristic"] * (seats - 1)])
    bots = {seat: make_bot("random", game) for seat in range(seats)}
    rngs = bot_rngs(seed, seats)
    while True:
        yield match
        if match.is_over:
            return
        seat = match.current_seat
        assert seat is not None
        match.play(match.decide(bots[seat], rngs[seat]), seat)


def at_terminal(match: Match, width: int, height: int) -> TerminalGame:
    """The terminal game of `match` on a live recording console: you at seat 1, bots named at the others."""
    seats = len(match.players)
    bots = {seat: make_bot("random", match.game) for seat in range(1, seats)}
    return TerminalGame(match, bots, recording(width, height), live=True)  # type: ignore[arg-type]


def screen_lines(terminal: TerminalGame, seat: int | None, width: int, height: int) -> list[list[Segment]]:
    """The lines the live screen draws for `seat`'s decision (or as `seat` watches)."""
    match = terminal.match
    menu = None
    if not match.is_over and seat == match.current_seat:
        menu = terminal.menu_for(match.view(seat), match.legal_actions())
    terminal.show_table(seat, menu)
    assert isinstance(terminal.screen, LiveScreen)
    return terminal.screen.compose(width, height)


def check_fits(lines: list[list[Segment]], width: int, height: int, where: str) -> None:
    assert len(lines) <= height - 1, f"{where}: {len(lines)} lines leave no room for the prompt"
    for number, line in enumerate(lines, 1):
        length = Segment.get_line_length(line)
        assert length <= width, f"{where}: line {number} is {length} cells wide"


CASES = (
    [("drump", 2, 80, 24, preset) for preset in (None, "pt", "vi", "en")]
    + [("dnup", seats, 80, 24, None) for seats in (2, 3, 4, 5)]
    + [("scout", seats, 100, 30, None) for seats in (2, 3, 5)]
)


@pytest.mark.parametrize(("game_name", "seats", "width", "height", "preset"), CASES)
def test_every_decision_fits_the_promised_terminal_without_cutting_the_board(
    game_name: str, seats: int, width: int, height: int, preset: str | None
) -> None:
    phases = set()
    for seed in (1, 2):
        terminal: TerminalGame | None = None
        for match in decisions(game_name, seats, seed, preset):
            if terminal is None:
                terminal = at_terminal(match, width, height)
            seat = match.current_seat if match.current_seat is not None else 0
            view = match.view(seat)
            phases.add(view.phase)
            where = f"{game_name} seed {seed} action {len(match.moves)} ({view.phase})"
            check_fits(screen_lines(terminal, seat, width, height), width, height, where)
            fit = terminal.screen.fit  # type: ignore[attr-defined]
            assert fit is not None and not fit.cropped, f"{where}: the board was cut"
            if not match.is_over:
                assert terminal.screen.menu is not None and terminal.screen.menu.legal
    assert "over" in phases


def test_the_duel_fits_its_terminal() -> None:
    """FM's board is its front end's; whatever it draws, the screen never runs past the terminal."""
    for match in decisions("fm", 2, 3):
        if len(match.moves) > 60:
            break
        terminal = at_terminal(match, 100, 30)
        seat = match.current_seat if match.current_seat is not None else 0
        check_fits(screen_lines(terminal, seat, 100, 30), 100, 30, f"fm action {len(match.moves)}")


@pytest.mark.parametrize(("width", "height"), [(60, 16), (40, 12), (80, 10)])
@pytest.mark.parametrize("game_name", ["drump", "scout", "dnup"])
def test_small_terminals_get_a_compact_or_cut_board_never_a_scroll(
    game_name: str, width: int, height: int
) -> None:
    seats = 5 if game_name != "drump" else 2
    for match in decisions(game_name, seats, 4):
        if len(match.moves) % 7 and not match.is_over:
            continue
        terminal = at_terminal(match, width, height)
        seat = match.current_seat if match.current_seat is not None else 0
        check_fits(
            screen_lines(terminal, seat, width, height), width, height, f"{game_name} {width}x{height}"
        )


def test_a_smaller_terminal_gets_the_compact_drump_board() -> None:
    match = next(decisions("drump", 2, 5))
    terminal = at_terminal(match, 80, 16)
    seat = match.current_seat
    lines = screen_lines(terminal, seat, 80, 16)
    fit = terminal.screen.fit  # type: ignore[attr-defined]
    assert fit is not None and fit.compact and not fit.cropped
    text = "\n".join("".join(segment.text for segment in line) for line in lines)
    assert "╭" not in text and "your hand" in text and "moves" in text


def test_a_larger_terminal_shows_more_of_what_happened() -> None:
    match = Match(get_game("drump"), seed=6, players=["you", "random"])
    game = match.game
    rngs = bot_rngs(6, 2)
    bot = make_bot("random", game)
    while len(match.moves) < 40 or match.current_seat != 0:
        match.play(match.decide(bot, rngs[match.current_seat or 0]))
    counts = []
    for height in (24, 40):
        terminal = at_terminal(match, 80, height)
        lines = screen_lines(terminal, 0, 80, height)
        text = ["".join(segment.text for segment in line) for line in lines]
        start = next(index for index, line in enumerate(text) if line.startswith("what happened"))
        counts.append(sum(1 for line in text[start + 1 :] if line.strip() and "move" not in line))
    assert counts[1] > counts[0]


def test_drump_discard_and_burst_phases_fit_and_say_what_is_going_on() -> None:
    from tests.drump.helpers import position

    game = get_game("drump")
    seven = ["2s", "3s", "4s", "5s", "6s", "7s", "8s"]
    match = Match(game, position=position(hands=(seven, ["Kh"])), seed=1, players=["you", "random"])
    match.play("end")
    assert match.view(0).phase == "discard"
    terminal = at_terminal(match, 80, 24)
    lines = screen_lines(terminal, 0, 80, 24)
    check_fits(lines, 80, 24, "discard")
    text = "\n".join("".join(segment.text for segment in line) for line in lines)
    assert "discard 2♠" in text or "discard …" in text
    data = position(hands=(["9c"], ["Kh", "Qd"]), stacks={(2, 1): ["5s", "3h"]})
    match = Match(game, position=data, seed=1, players=["you", "random"])
    match.play("burst 9c on 1")
    seat = match.current_seat
    terminal = at_terminal(match, 80, 24)
    lines = screen_lines(terminal, seat, 80, 24)
    check_fits(lines, 80, 24, "burst")
    text = "\n".join("".join(segment.text for segment in line) for line in lines)
    assert "Burst on " in text and "9♣" in text

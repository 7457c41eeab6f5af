"""The terminal game on a live screen (a terminal): what each redrawn screen shows, and what keys do.

The console is Rich's recording console at a fixed size, forced to act as a
terminal; each screen is what was drawn before a prompt.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console

from cardtable.bots.ismcts import PROGRESS_EVERY, ISMCTSBot
from cardtable.core.match import Match
from cardtable.core.players import Bot
from cardtable.core.replay import save
from cardtable.frontends.layout import LiveScreen
from cardtable.frontends.replay_viewer import ALL, ReplayViewer
from cardtable.frontends.terminal import TerminalGame
from cardtable.games.drump import GAME
from cardtable.games.drump.bots import DrumpHeuristicBot
from tests.drump.helpers import position

#: Clearing the screen (and going home) starts each screen drawn.
CLEAR = "\x1b[2J\x1b[H"
ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\r")


class Terminal:
    """A console of a fixed size acting as a terminal, and a person typing `lines`.

    `screens` holds, at each prompt, the last screen drawn before it (as text),
    and `drawn` every screen drawn since the one before.
    """

    def __init__(self, lines: Sequence[str], width: int = 80, height: int = 24) -> None:
        self.output = io.StringIO()
        self.console = Console(
            file=self.output, width=width, height=height, force_terminal=True, color_system=None
        )
        self.lines = list(lines)
        self.screens: list[str] = []
        self.drawn: list[list[str]] = []
        self.prompts: list[str] = []
        self.read = 0

    def read_line(self, prompt: str) -> str:
        """Keep the screens drawn so far, then type the next line (the input ends after the last)."""
        text = self.output.getvalue()
        fresh = text[self.read :]
        self.read = len(text)
        frames = [ESCAPE.sub("", frame).rstrip("\n") for frame in fresh.split(CLEAR)[1:]]
        self.drawn.append(frames)
        self.screens.append(frames[-1] if frames else "")
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)

    def after(self) -> str:
        """What was printed after the last prompt (once the screen is closed)."""
        return ESCAPE.sub("", self.output.getvalue()[self.read :])


def play(
    match: Match, lines: Sequence[str], bots: dict[int, Bot] | None = None, **size: int
) -> tuple[Terminal, TerminalGame]:
    terminal = Terminal(lines, **size)
    game = TerminalGame(match, bots or {}, terminal.console, terminal.read_line, live=True)
    game.run()
    return terminal, game


SEVEN = ["2s", "3s", "4s", "5s", "6s", "7s", "9s"]


def test_the_screen_stays_within_the_terminal_and_keeps_the_board_above_the_prompt() -> None:
    match = Match(GAME, seed=4, players=["you", "heuristic"])
    terminal, _ = play(match, ["1"] * 30, {1: DrumpHeuristicBot()})
    screens = [screen for drawn in terminal.drawn for screen in drawn]
    assert len(screens) > len(terminal.prompts)  # the bot's moves are drawn too
    for screen in screens:
        lines = screen.split("\n")
        assert len(lines) <= 23
        assert all(len(line) <= 80 for line in lines)
        # The opponent's board is at the top of every screen, the viewer's hand below it.
        assert "heuristic (P2)" in lines[1] and "your hand" in screen


def test_a_long_list_is_chosen_in_steps_and_back_goes_up_one() -> None:
    match = Match(GAME, position=position(hands=(SEVEN, ["Kh"])), seed=1, players=["you", "heuristic"])
    terminal, _ = play(match, ["2", "b", "3", "4"], {1: DrumpHeuristicBot()}, height=20)
    first, opened, back, chosen = terminal.screens[:4]
    assert "moves in" in first and "set 3♠ … (4)" in first
    assert "set 3♠ › choose one" in opened and "4 on 4" in opened
    assert "set 3♠ ›" not in back and "set 4♠ … (4)" in back
    assert GAME.format_action(match.moves[0].action) == "set 4s on 4"
    assert "4♠" in chosen


def test_all_lists_every_move_and_a_number_there_plays_it() -> None:
    match = Match(GAME, position=position(hands=(SEVEN, ["Kh"])), seed=1, players=["you", "heuristic"])
    terminal, _ = play(match, ["a", "5"], {1: DrumpHeuristicBot()})
    listing = terminal.screens[1]
    assert "All " in listing and "moves:" in listing and "page 1/" in terminal.prompts[1]
    assert GAME.format_action(match.moves[0].action) == "set 3s on 1"


def test_rules_are_paged_and_the_board_comes_back() -> None:
    match = Match(GAME, position=position(hands=(["2s"], ["3s"])), seed=1, players=["you", "heuristic"])
    terminal, _ = play(match, ["rules", "", "q", "help"], {1: DrumpHeuristicBot()})
    assert terminal.prompts[1].startswith("page 1/") and "DRUMP" in terminal.screens[1]
    assert terminal.prompts[2].startswith("page 2/")
    assert "your move" in terminal.prompts[3] and "your hand" in terminal.screens[3]
    assert "Commands:" in terminal.screens[4]


def test_a_refusal_says_why_on_the_screen_and_suggests_the_closest_moves() -> None:
    match = Match(GAME, position=position(hands=(["2s"], ["3s"])), seed=1, players=["you", "heuristic"])
    terminal, _ = play(match, ["set 2s on 7", "ned"], {1: DrumpHeuristicBot()})
    assert "'7' is not a slot" in terminal.screens[1] and "Did you mean 'set 2s on" in terminal.screens[1]
    assert "unknown verb 'ned'" in terminal.screens[2] and "Did you mean 'end'?" in terminal.screens[2]


def test_the_end_shows_the_summary_and_leaves_it_in_the_terminal_after_the_screen_closes() -> None:
    match = Match(GAME, seed=4, players=["you", "heuristic"])
    terminal, game = play(match, ["1"] * 2000, {1: DrumpHeuristicBot()})
    assert match.is_over
    last = terminal.screens[-1]
    assert (" wins: " in last or "draw" in last) and "score" in last and "actions" in last
    assert terminal.prompts[-1] == "Enter leave the game ".replace(" leave", ": leave")
    after = terminal.after()
    assert f"The seed of this game was {match.seed}." in after and "score" in after
    assert isinstance(game.screen, LiveScreen) and not game.screen.opened


class ReportingBot:
    """A bot that spends a budget of 64 iterations, reporting its progress, then plays the first move."""

    def __init__(self) -> None:
        self.progress: Callable[[float, float, str], None] | None = None
        self.reported: list[float] = []

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        assert self.progress is not None, "the terminal follows the search"
        for spent in range(0, 65, 16):
            self.progress(spent, 64, "iterations")
            self.reported.append(spent)
        return legal[0]


def test_a_thinking_bot_shows_a_bar_of_its_budget() -> None:
    match = Match(GAME, position=position(hands=(["2s"], ["3s"])), seed=1, players=["you", "heuristic"])
    bot = ReportingBot()
    terminal, _ = play(match, ["end"], {1: bot})  # type: ignore[dict-item]
    assert bot.reported[:5] == [0, 16, 32, 48, 64] and bot.progress is None
    drawn = "".join(screen for screens in terminal.drawn for screen in screens)
    assert "heuristic (P2) is thinking" in drawn and "64 of 64 iterations" in drawn


def test_ismcts_reports_its_budget_as_it_searches_and_chooses_the_same_move() -> None:
    match = Match(GAME, seed=3, players=["ismcts", "ismcts"])
    view, legal = match.view(0), match.legal_actions()
    reports: list[tuple[float, float, str]] = []
    followed = ISMCTSBot(GAME, iterations=100)
    followed.progress = lambda spent, budget, unit: reports.append((spent, budget, unit))
    chosen = followed.choose(view, legal, random.Random(1))
    assert chosen == ISMCTSBot(GAME, iterations=100).choose(view, legal, random.Random(1))
    assert reports[0] == (0, 100, "iterations") and all(unit == "iterations" for *_, unit in reports)
    assert [spent for spent, *_ in reports] == list(range(0, 101, PROGRESS_EVERY))
    timed: list[tuple[float, float, str]] = []
    followed = ISMCTSBot(GAME, iterations=None, seconds=0.2)
    followed.progress = lambda spent, budget, unit: timed.append((spent, budget, unit))
    followed.choose(view, legal, random.Random(1))
    assert timed and all(unit == "seconds" and 0 <= spent <= 0.2 for spent, _, unit in timed)


def test_hot_seat_hands_over_a_blank_screen() -> None:
    data = position(hands=(["2s", "Kh"], ["3c", "Qc"]), deck_top=["9d", "9h"])
    match = Match(GAME, position=data, seed=1, players=["you", "you"])
    terminal, _ = play(match, ["", "end", ""])
    handover = [
        index for index, prompt in enumerate(terminal.prompts) if prompt.startswith("Pass the terminal")
    ]
    assert len(handover) == 2
    second = handover[1]
    assert "K♥" in terminal.screens[second - 1] and "Q♣" not in terminal.screens[second - 1]
    assert "K♥" not in terminal.screens[second] and "Q♣" not in terminal.screens[second]


def test_the_replay_viewer_steps_on_one_screen(tmp_path: Any) -> None:
    match = Match(GAME, seed=4, players=["heuristic", "heuristic"])
    bots = {0: DrumpHeuristicBot(), 1: DrumpHeuristicBot()}
    from cardtable.core.match import bot_rngs

    match.play_bots(bots, bot_rngs(4, 2))
    path = tmp_path / "game.jsonl"
    save(match, path)
    total = len(match.moves)
    terminal = Terminal(["", "", "b", "5", "v", "e", "q"])
    ReplayViewer(match, ALL, terminal.console, terminal.read_line, live=True).run(interactive=True)
    screens = terminal.screens
    assert "action 0/" in screens[0] and "action 1/" in screens[1] and "action 2/" in screens[2]
    assert "action 1/" in screens[3] and "action 5/" in screens[4]
    assert "as heuristic (P1) · v: the next seat" in screens[4] and "as heuristic (P2)" in screens[5]
    assert f"action {total}/{total}" in screens[6] and "Over:" in screens[6]
    for screen in screens:
        lines = screen.split("\n")
        assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)


def test_an_empty_line_leaves_the_screen_as_it_is_so_a_readers_own_words_stay_in_view() -> None:
    match = Match(GAME, position=position(hands=(["2s"], ["3s"])), seed=1, players=["you", "heuristic"])
    terminal = Terminal(["undo", "end"])

    def campaign_reader(prompt: str) -> str:
        """Like a campaign duel's reader: it answers some words itself, on the console, and returns ''."""
        line = terminal.read_line(prompt)
        if line == "undo":
            terminal.console.print("A campaign duel has no take-backs.")
            return ""
        return line

    TerminalGame(match, {1: DrumpHeuristicBot()}, terminal.console, campaign_reader, live=True).run()
    assert terminal.drawn[1] == []  # nothing drawn over the reader's words
    assert "A campaign duel has no take-backs." in terminal.output.getvalue()
    assert GAME.format_action(match.moves[0].action) == "end"


class FailingBot:
    """A bot that breaks (or is interrupted by Ctrl-C) while it thinks."""

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        raise self.error


def test_the_terminal_gets_its_screen_back_whatever_happens_and_ctrl_c_leaves() -> None:
    import pytest

    for error in (RuntimeError("a bug in a bot"), KeyboardInterrupt()):
        match = Match(GAME, position=position(hands=(["2s"], ["3s"])), seed=1, players=["you", "heuristic"])
        terminal = Terminal(["end"])
        game = TerminalGame(match, {1: FailingBot(error)}, terminal.console, terminal.read_line, live=True)  # type: ignore[dict-item]
        if isinstance(error, KeyboardInterrupt):
            # The goodbye is said, then the Ctrl-C goes on up: the command ends with exit status 130.
            with pytest.raises(KeyboardInterrupt):
                game.run()
            assert "You left the game" in terminal.after()
        else:
            with pytest.raises(RuntimeError, match="a bug in a bot"):
                game.run()
        assert isinstance(game.screen, LiveScreen) and not game.screen.opened
        assert "\x1b[?1049l" in terminal.output.getvalue()  # the alternate screen was left

"""`cardtable replay`: step through a saved game through one seat's eyes, a spectator's, or all.

On a terminal the replay is one screen redrawn in place, the board and the
events up to the action shown; elsewhere (or with --no-step) it is printed.

A finished game may be watched by anyone, every card shown.  A saved
unfinished game is a secret: it opens only as the seats of the people who
saved it, or as a spectator, and its seed is not shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click
from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from cardtable.core.match import Closing, Match, Move, Withdrawal
from cardtable.core.numbers import whole_number
from cardtable.core.replay import Replay
from cardtable.frontends.layout import LiveScreen, ReadLine, make_screen
from cardtable.frontends.registry import front_end
from cardtable.frontends.saves import savers
from cardtable.frontends.screens import describe_events, render_view

ALL = -1
LIVE_KEYS = "Enter: next · b: back · e: the end · number: go to action · q: quit: "


def parse_observer(text: str | None, saved: Replay) -> int | None:
    """The seat to watch as: a seat index, None for a spectator, ALL for every card.

    By default a finished game is shown whole, and an unfinished one as the
    person who saved it saw it (as a spectator if several people did).
    """
    match = saved.match
    allowed = savers(saved)
    if text is None:
        if match.is_over:
            return ALL
        return allowed[0] if len(allowed) == 1 else None
    word = text.strip().lower()
    seats = len(match.players)
    if word == "spectator":
        return None
    if word == "all":
        observer: int | None = ALL
    elif 1 <= (whole_number(word) or 0) <= seats:
        observer = int(word) - 1
    else:
        choices = f"a seat (1 to {seats}), spectator or all"
        raise click.BadParameter(f"{text!r} is not {choices}", param_hint="--as")
    if match.is_over or observer in allowed:
        return observer
    saver = " or ".join(f"seat {seat + 1}" for seat in allowed)
    watch = f"as {saver} (who saved it) or as spectator" if allowed else "as spectator only"
    raise click.BadParameter(f"{text!r}: this game is not finished; it opens {watch}", param_hint="--as")


class ReplayViewer:
    """Shows a replayed match action by action: on a terminal one screen, redrawn in place."""

    def __init__(
        self,
        match: Match,
        observer: int | None,
        console: Console,
        read_line: ReadLine | None = None,
        live: bool | None = None,
    ) -> None:
        self.match = match
        self.observer = observer
        self.console = console
        self.read_line = read_line or console.input
        self.live = live
        self.names = [f"{name} (P{seat + 1})" for seat, name in enumerate(match.players)]
        #: The seat whose eyes a live screen shows when every card is shown (switched with v).
        self.eyes_index = 0
        #: The match's withdrawals and closing (`run` steps through the game from its start).
        self.leavings: tuple[list[Withdrawal], Closing | None] = ([], None)

    def _eyes(self) -> list[int | None]:
        if self.observer == ALL:
            return list(range(len(self.match.players)))
        return [self.observer]

    def run(self, interactive: bool) -> None:
        """Show the game; when interactive, wait for Enter (or a move number, or q) between actions."""
        moves = list(self.match.moves)
        finished = self.match.is_over
        # Seats that withdrew, and the closing, come back at their place as the game is stepped through.
        self.leavings = (list(self.match.withdrawals), self.match.closing)
        self.match.undo(len(moves))
        game = self.match.game
        who = {ALL: "every card shown", None: "as a spectator"}.get(
            self.observer, f"as {self.names[self.observer or 0]}"
        )
        # The seed would show every hidden card: it is shown only once the game is over.
        seed = f", seed {self.match.seed}" if finished else ", unfinished"
        self.console.print(f"[bold]{game.title}[/bold] replay{seed}, {len(moves)} actions, {who}.")
        screen = make_screen(self.console, self.read_line, self.live) if interactive else None
        if isinstance(screen, LiveScreen):
            screen.open()
            try:
                self._step_live(screen, moves, who)
            finally:
                screen.close()
            return
        target = 0 if interactive else len(moves)
        while True:
            self._go_to(moves, target)
            if interactive or len(self.match.moves) == len(moves):
                self._show(len(moves))
            if len(self.match.moves) == len(moves) and not interactive:
                return
            answer = self.read_line("Enter: next · number: go to action · q: quit ").strip().lower()
            if answer == "q":
                return
            number = whole_number(answer)
            if number is not None and number <= len(moves):
                target = number
            elif len(self.match.moves) < len(moves):
                target = len(self.match.moves) + 1
            else:
                return

    def _go_to(self, moves: Sequence[Move[Any]], target: int) -> None:
        """Replay (or take back) up to action `target`."""
        if target < len(self.match.moves):
            self.match.undo(len(self.match.moves) - target)
        while True:
            done = len(self.match.moves)
            withdrawals, closing = self.leavings
            for left in withdrawals[len(self.match.withdrawals) :]:
                if left.at == done:
                    self.match.withdraw(left.seat, left.why)
            if closing is not None and closing.at == done and self.match.closing is None:
                self.match.close(closing.reason)
            if done >= target:
                return
            move = moves[done]
            self.match.play(move.action, move.seat)

    def _step_live(self, screen: LiveScreen, moves: Sequence[Move[Any]], who: str) -> None:
        """One screen: the board, the events up to the action shown, and the keys."""
        target = 0
        #: The action last shown and the length of its log, to mark the events of one step forward.
        shown = (0, 0)
        while True:
            self._go_to(moves, target)
            eyes = self._eyes()
            seat = eyes[self.eyes_index % len(eyes)]
            view = self.match.view(seat)
            game = self.match.game
            front = front_end(game.name)
            status = Text(f"{game.title} replay", style="bold")
            status.append(f" · action {target}/{len(moves)} · ")
            if self.observer == ALL:
                status.append(f"as {self.names[seat or 0]} · v: the next seat")
            else:
                status.append(who)
            compact = front.compact(view, self.names) if front.compact is not None else None
            events = describe_events(game.name, view, self.names, view.log[-60:])
            fresh = len(view.log) - shown[1] if target == shown[0] + 1 else 0
            shown = (target, len(view.log))
            screen.set_table(status, front.render(view, self.names), compact, events, fresh)
            if target:
                last = self.match.moves[-1]
                text = game.format_action(last.action) if self.observer == ALL else "(see the events)"
                screen.say(Text(f"action {target}: {self.names[last.seat]} {text}", style="cyan"))
            outcome = self.match.outcome
            if outcome is not None:
                winners = ", ".join(self.names[seat] for seat in outcome.winners)
                over = "draw between " if outcome.is_draw else ""
                screen.say(Text(f"Over: {over}{winners} — {outcome.reason}", style="bold"))
            try:
                answer = screen.ask(LIVE_KEYS).strip().lower()
            except EOFError:
                return
            # A Ctrl-C (KeyboardInterrupt) goes on up: the command ends with exit status 130.
            if answer == "q":
                return
            if answer == "v":
                self.eyes_index += 1
            elif answer in ("b", "p"):
                target = max(0, target - 1)
            elif answer == "e":
                target = len(moves)
            elif whole_number(answer) is not None and int(answer) <= len(moves):
                target = int(answer)
            elif answer in ("", "n"):
                if target >= len(moves):
                    return
                target += 1
            else:
                screen.say(Text(f"{answer!r} is not a key here.", style="red"))

    def _show(self, total: int) -> None:
        done = len(self.match.moves)
        if done:
            last = self.match.moves[-1]
            text = self.match.game.format_action(last.action) if self.observer == ALL else "(see the log)"
            self.console.print(f"[cyan]action {done}/{total}: {self.names[last.seat]} {text}[/cyan]")
        game = self.match.game.name
        for seat in self._eyes():
            view = self.match.view(seat)
            self.console.print(render_view(game, view, self.names))
            events = describe_events(game, view, self.names, view.log[-8:])
            if events:
                self.console.print(Panel(Text("\n").join(events), title="what happened", title_align="left"))
        outcome = self.match.outcome
        if outcome is not None:
            winners = ", ".join(self.names[seat] for seat in outcome.winners)
            self.console.print(
                f"[bold]Over: {'draw between ' if outcome.is_draw else ''}{winners} — {outcome.reason}[/bold]"
            )

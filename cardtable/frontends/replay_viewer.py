"""`cardtable replay`: step through a saved game through one seat's eyes, a spectator's, or all.

A finished game may be watched by anyone, every card shown.  A saved
unfinished game is a secret: it opens only as the seats of the people who
saved it, or as a spectator, and its seed is not shown.
"""

from __future__ import annotations

import click
from rich.console import Console

from cardtable.core.match import Match
from cardtable.core.replay import Replay
from cardtable.frontends.saves import savers
from cardtable.frontends.screens import render_view

ALL = -1


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
    elif word.isdigit() and 1 <= int(word) <= seats:
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
    """Shows a replayed match action by action."""

    def __init__(self, match: Match, observer: int | None, console: Console) -> None:
        self.match = match
        self.observer = observer
        self.console = console
        self.names = [f"{name} (P{seat + 1})" for seat, name in enumerate(match.players)]

    def _eyes(self) -> list[int | None]:
        if self.observer == ALL:
            return list(range(len(self.match.players)))
        return [self.observer]

    def run(self, interactive: bool) -> None:
        """Print the game; when interactive, wait for Enter (or a move number, or q) between actions."""
        moves = list(self.match.moves)
        finished = self.match.is_over
        self.match.undo(len(moves))
        game = self.match.game
        who = {ALL: "every card shown", None: "as a spectator"}.get(
            self.observer, f"as {self.names[self.observer or 0]}"
        )
        # The seed would show every hidden card: it is shown only once the game is over.
        seed = f", seed {self.match.seed}" if finished else ", unfinished"
        self.console.print(f"[bold]{game.title}[/bold] replay{seed}, {len(moves)} actions, {who}.")
        target = 0 if interactive else len(moves)
        while True:
            while len(self.match.moves) < target:
                move = moves[len(self.match.moves)]
                self.match.play(move.action, move.seat)
            if interactive or len(self.match.moves) == len(moves):
                self._show(len(moves))
            if len(self.match.moves) == len(moves) and not interactive:
                return
            answer = (
                self.console.input("[dim]Enter: next · number: go to action · q: quit[/dim] ").strip().lower()
            )
            if answer == "q":
                return
            if answer.isdigit() and int(answer) <= len(moves):
                self.match.undo(len(self.match.moves))
                target = int(answer)
            elif len(self.match.moves) < len(moves):
                target = len(self.match.moves) + 1
            else:
                return

    def _show(self, total: int) -> None:
        done = len(self.match.moves)
        if done:
            last = self.match.moves[-1]
            text = self.match.game.format_action(last.action) if self.observer == ALL else "(see the log)"
            self.console.print(f"[cyan]action {done}/{total}: {self.names[last.seat]} {text}[/cyan]")
        for seat in self._eyes():
            view = self.match.view(seat)
            self.console.print(render_view(self.match.game.name, view, self.names, view.log[-8:]))
        outcome = self.match.outcome
        if outcome is not None:
            winners = ", ".join(self.names[seat] for seat in outcome.winners)
            self.console.print(
                f"[bold]Over: {'draw between ' if outcome.is_draw else ''}{winners} — {outcome.reason}[/bold]"
            )

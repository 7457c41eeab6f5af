"""`cardtable replay`: step through a saved game through one seat's eyes, a spectator's, or all."""

from __future__ import annotations

import click
from rich.console import Console

from cardtable.core.match import Match
from cardtable.frontends.screens import render_view

ALL = -1


def parse_observer(text: str | None, match: Match) -> int | None:
    """The seat to watch as: a seat index, None for a spectator, ALL for every card.

    By default a finished game is shown whole and an unfinished one as a
    spectator sees it, so a saved game in progress shows no one's hand.
    """
    if text is None:
        return ALL if match.is_over else None
    word = text.strip().lower()
    if word == "all":
        return ALL
    if word == "spectator":
        return None
    seats = len(match.players)
    if word.isdigit() and 1 <= int(word) <= seats:
        return int(word) - 1
    raise click.BadParameter(f"{text!r} is not a seat (1 to {seats}), spectator or all", param_hint="--as")


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
        self.match.undo(len(moves))
        game = self.match.game
        who = {ALL: "every card shown", None: "as a spectator"}.get(
            self.observer, f"as {self.names[self.observer or 0]}"
        )
        self.console.print(
            f"[bold]{game.title}[/bold] replay, seed {self.match.seed}, {len(moves)} actions, {who}."
        )
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

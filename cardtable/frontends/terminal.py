"""The terminal game: any mix of people and bots at one terminal, drawn with Rich.

A person sees their view, what happened since their last decision, and their
legal moves, numbered; they type a number or the notation.  Bad input is
refused with the reason and asked again.  `help`, `undo` (against bots),
`save FILE`, `rules` and `quit` work at every prompt.  With two or more
people (hot-seat) the screen is cleared and handed over between them.

The seed would rebuild every hidden card, so it is shown only when the game
is over, with the replay's file if the game was saved; a game saved before
its end is sealed with the user's key (`frontends/saves.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Console, RenderableType
from rich.markdown import Markdown
from rich.text import Text

from cardtable.core.errors import CardtableError
from cardtable.core.game import Outcome
from cardtable.core.match import Match, bot_rngs
from cardtable.core.players import Bot
from cardtable.frontends.saves import save_game
from cardtable.frontends.screens import render_view, rules_page

COMMANDS = """Commands:
  a number     play that move from the list
  <notation>   play a move written out (see below)
  help         this help
  undo         take back your last move and the bots' answers (against bots only)
  save FILE    save the game (resume with: cardtable play GAME --resume FILE); until the
               game ends the file is sealed: only you can resume it or watch it, as your seat
  rules        the rules of the game
  quit         leave the game"""


class QuitGame(Exception):
    """The person at the terminal chose to leave."""


class TerminalGame:
    """Runs a match at the terminal until it ends or a person quits."""

    def __init__(
        self,
        match: Match,
        bots: Mapping[int, Bot],
        console: Console | None = None,
        read_line: Callable[[str], str] | None = None,
        save_path: str | None = None,
    ) -> None:
        self.match = match
        #: The file the game was last saved to (or resumed from): the finished game is saved there too.
        self.save_path = save_path
        self.bots = dict(bots)
        self.console = console or Console()
        self.read_line = read_line or self.console.input
        self.rngs = bot_rngs(match.seed, len(match.players))
        self.humans = [seat for seat in range(len(match.players)) if seat not in self.bots]
        self.names = [self._name(seat, name) for seat, name in enumerate(match.players)]
        self.seen = {seat: 0 for seat in range(len(match.players))}
        self.screen_owner: int | None = None

    def _name(self, seat: int, player: str) -> str:
        if seat in self.bots:
            return f"{player} (P{seat + 1})"
        return f"Player {seat + 1}" if len(self.humans) > 1 else f"You (P{seat + 1})"

    # -- the loop -----------------------------------------------------------------
    def run(self) -> Outcome | None:
        """Play until the game ends (its outcome) or a person quits (None)."""
        try:
            while not self.match.is_over:
                seat = self.match.current_seat
                assert seat is not None
                if seat in self.bots:
                    self._bot_move(seat)
                else:
                    self._human_move(seat)
        except QuitGame:
            if self.save_path is None:
                self.console.print("You left the game. (Save it next time with 'save FILE' to resume later.)")
            else:
                saved = f"You left the game. It was last saved to {self.save_path}."
                self.console.print(saved, markup=False, soft_wrap=True)
            return None
        self._show_end()
        return self.match.outcome

    def _bot_move(self, seat: int) -> None:
        game = self.match.game
        with self.console.status(f"{self.names[seat]} is thinking…", spinner="dots"):
            view = game.view(self.match.state, seat)
            action = self.bots[seat].choose(view, game.legal_actions(self.match.state), self.rngs[seat])
        self.match.play(action, seat)

    def _human_move(self, seat: int) -> None:
        if len(self.humans) > 1 and self.screen_owner != seat:
            self.console.clear()
            self._ask(f"Pass the terminal to {self.names[seat]}, then press Enter. ")
            self.console.clear()
        self.screen_owner = seat
        match = self.match
        view = match.view(seat)
        self.console.print(self._screen(view, seat))
        legal = match.legal_actions()
        texts = [match.game.format_action(action) for action in legal]
        self.console.print(self._moves(texts))
        while True:
            line = self._ask(f"{self.names[seat]}, your move (number, notation or help): ").strip()
            if not line:
                continue
            handled = self._command(line, seat)
            if handled is not None:
                if handled:
                    return
                continue
            action: Any = line
            if line.isdigit():
                number = int(line)
                if not 1 <= number <= len(legal):
                    self.console.print(f"[red]There is no move {number}; choose 1 to {len(legal)}.[/red]")
                    continue
                action = legal[number - 1]
            try:
                match.play(action, seat)
            except CardtableError as error:
                self.console.print(str(error), style="red", markup=False)
                continue
            self.seen[seat] = len(view.log)
            return

    def _ask(self, prompt: str) -> str:
        try:
            return self.read_line(prompt)
        except (EOFError, KeyboardInterrupt):
            raise QuitGame() from None

    def _command(self, line: str, seat: int) -> bool | None:
        """Handle a command word: None if `line` is none, else whether to draw the screen again."""
        word, _, argument = line.partition(" ")
        word = word.lower()
        if word == "quit":
            raise QuitGame()
        if word == "help":
            self.console.print(COMMANDS, markup=False, highlight=False)
            self.console.print(self.match.game.notation, markup=False, highlight=False)
            return False
        if word == "rules":
            self.console.print(Markdown(rules_page(self.match.game.name)))
            return False
        if word == "save":
            self._save(argument.strip())
            return False
        if word == "undo":
            self._undo(seat)
            return True
        return None

    def _save(self, path: str) -> None:
        if not path:
            self.console.print("[red]save needs a file name: save FILE[/red]")
            return
        try:
            save_game(self.match, path, self.humans)
        except CardtableError as error:
            self.console.print(str(error), style="red", markup=False)
            return
        self.save_path = path
        self.console.print(f"Saved to {path}.", markup=False, soft_wrap=True)

    def _undo(self, seat: int) -> None:
        if len(self.humans) > 1:
            self.console.print("[red]undo is for games against bots only.[/red]")
            return
        count = self.match.undo_turn(seat)
        if count == 0:
            self.console.print("[red]Nothing to undo: you have not moved yet.[/red]")
            return
        self.seen[seat] = 0
        self.console.print(f"Took back {count} action(s).")

    # -- drawing ------------------------------------------------------------------
    def _screen(self, view: Any, seat: int | None) -> RenderableType:
        recent = view.log[self.seen[seat] :] if seat is not None else view.log[-12:]
        return render_view(self.match.game.name, view, self.names, recent)

    def _moves(self, texts: Sequence[str]) -> RenderableType:
        cells = [Text.assemble((f"{number:>2} ", "bold cyan"), text) for number, text in enumerate(texts, 1)]
        return Columns(cells, padding=(0, 3), column_first=True)

    def _show_end(self) -> None:
        match = self.match
        outcome = match.outcome
        assert outcome is not None
        seat = self.humans[0] if len(self.humans) == 1 else None
        view = match.view(seat)
        self.console.print(self._screen(view, seat))
        if outcome.is_draw:
            self.console.print(f"[bold]The game is a draw: {outcome.reason}.[/bold]")
        else:
            winner = self.names[outcome.winners[0]]
            self.console.print(f"[bold]{winner} wins: {outcome.reason}.[/bold]")
        # Not wrapped, so that the file's name can be copied whole.
        self.console.print(self._record(), markup=False, highlight=False, soft_wrap=True)

    def _record(self) -> str:
        """The seed, secret until now, and where the replay is (the finished game saved where it was)."""
        seed = f"The seed of this game was {self.match.seed}."
        if self.save_path is None:
            return f"{seed} The game was not saved (type 'save FILE' during a game to keep it)."
        try:
            save_game(self.match, self.save_path, self.humans)
        except CardtableError as error:
            return f"{seed} {error}"
        return f"{seed} The replay is saved in {self.save_path} (cardtable replay {self.save_path})."

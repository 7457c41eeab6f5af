"""The terminal game: any mix of people and bots at one terminal, drawn with Rich.

A person sees their view, the last events and their legal moves; they type
a number or the notation.  On a terminal the screen stays put (the board,
the events and the prompt are redrawn in place, fitted to its size) and a
long list of moves is chosen in steps; anywhere else the game is printed as
plain lines (`frontends/layout.py`).  Bad input is refused with the reason,
and a close word suggested.  `help` (commands and the board's legend),
`rules` (paged), `info CARD`, `log`, `undo` (against bots), `save FILE`,
`quit` and the game's own hints work at every prompt.  A bot's search shows
a bar of its budget.  With two or more people (hot-seat) the screen is
cleared and handed over between them.

The seed would rebuild every hidden card, so it is shown only when the game
is over, with the replay's file; a finished game is saved in the history
(`frontends/history.py`) when the terminal keeps one, and a game saved before
its end is sealed with the user's key (`frontends/saves.py`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text

from cardtable.core.errors import ActionParseError, CardtableError
from cardtable.core.game import Outcome
from cardtable.core.match import Match, bot_rngs
from cardtable.core.numbers import whole_number
from cardtable.core.players import Bot
from cardtable.frontends import history
from cardtable.frontends.choices import MoveMenu, default_steps, did_you_mean
from cardtable.frontends.game_record import goodbye, keep_finished
from cardtable.frontends.help_page import help_page
from cardtable.frontends.layout import ReadLine, Screen, make_screen
from cardtable.frontends.line_editing import LineEditor
from cardtable.frontends.registry import FrontEnd, UnknownCard, front_end
from cardtable.frontends.resigning import resign_seat
from cardtable.frontends.round_summary import RoundSummaries
from cardtable.frontends.saves import save_game
from cardtable.frontends.screens import describe_events, outcome_summary
from cardtable.games.documents import rules_page

#: The words of the terminal's own commands (a game's hints add theirs).
COMMAND_WORDS = ("help", "rules", "info", "log", "round", "undo", "save", "resign", "quit", "all", "back")
#: One-letter words for the moves' list (no game's notation has a one-letter verb).
SHORT_WORDS = {"a": "all", "b": "back"}
#: Events described for the live screen at most (it shows the newest that fit).
EVENTS_SHOWN = 60

#: Makes the next game when the person asks to play again: its match and its bots.
NewMatch = Callable[[], tuple[Match[Any, Any, Any, Any], dict[int, Bot]]]


class QuitGame(Exception):
    """The person at the terminal chose to leave (`interrupted`: by Ctrl-C, which ends the command
    with exit status 130 once the goodbye is said, docs/limits.md)."""

    def __init__(self, interrupted: bool = False) -> None:
        super().__init__()
        self.interrupted = interrupted


def leaving(error: BaseException) -> QuitGame:
    """The person's leaving, from the end of input (EOFError) or a Ctrl-C (KeyboardInterrupt)."""
    return QuitGame(interrupted=isinstance(error, KeyboardInterrupt))


class TerminalGame:
    """Runs a match at the terminal until it ends or a person quits."""

    def __init__(
        self,
        match: Match,
        bots: Mapping[int, Bot],
        console: Console | None = None,
        read_line: ReadLine | None = None,
        save_path: str | None = None,
        *,
        keep_history: bool = False,
        confirm_quit: bool = False,
        offer_rematch: bool = False,
        live: bool | None = None,
    ) -> None:
        self.match = match
        #: The file the game was last saved to (or resumed from): the finished game is saved there too.
        self.save_path = save_path
        #: How many actions the game had when it was last saved (None: never saved).
        self.saved_at: int | None = len(match.moves) if save_path is not None else None
        self.bots = dict(bots)
        self.console = console or Console()
        #: Reads the person's lines: the caller's reader, else the terminal's line editing.
        self.read_line = read_line or LineEditor.for_console(self.console)
        self.screen: Screen = make_screen(self.console, self.read_line, live)
        #: Whether a finished game goes into the history of finished games.
        self.keep_history = keep_history
        #: Whether `quit` asks first when the game has moves no save holds (a campaign asks its own question).
        self.confirm_quit = confirm_quit
        #: Whether the end offers a new game; `again` says if the person took it.
        self.offer_rematch = offer_rematch
        self.again = False
        self.front: FrontEnd = front_end(match.game.name)
        self.rngs = bot_rngs(match.seed, len(match.players))
        self.humans = [seat for seat in range(len(match.players)) if seat not in self.bots]
        self.names = [self._name(seat, name) for seat, name in enumerate(match.players)]
        self.seen = {seat: 0 for seat in range(len(match.players))}
        self.rounds = RoundSummaries(match, self.names)
        self.screen_owner: int | None = None
        self.started = time.monotonic()
        self.history_entry: history.Entry | None = None

    def _name(self, seat: int, player: str) -> str:
        if seat in self.bots:
            return f"{player} (P{seat + 1})"
        return f"Player {seat + 1}" if len(self.humans) > 1 else f"You (P{seat + 1})"

    # -- the loop -----------------------------------------------------------------
    def run(self) -> Outcome | None:
        """Play until the game ends (its outcome) or a person quits (None)."""
        self.screen.open()
        try:
            while not self.match.is_over:
                seat = self.match.current_seat
                assert seat is not None
                if seat in self.bots:
                    self._bot_move(seat)
                else:
                    self._human_move(seat)
                self.rounds.after_move(self._page)
            summary = self._end()
        except (QuitGame, KeyboardInterrupt) as leave:
            # A Ctrl-C that comes while the screen is drawn, not read from, leaves the game the same way.
            self.screen.close()
            self._say_goodbye()
            if not isinstance(leave, QuitGame) or leave.interrupted:
                raise KeyboardInterrupt from None
            return None
        finally:
            # Whatever happens, the terminal gets its own screen back.
            self.screen.close()
        if self.screen.live:
            # The alternate screen is gone: the result stays in the terminal's own lines.
            self.console.print(summary, soft_wrap=True)
        return self.match.outcome

    def _say_goodbye(self) -> None:
        saved = self.saved_at == len(self.match.moves)
        words = goodbye(self.save_path, saved, bool(self.match.moves), self.confirm_quit)
        self.console.print(words, markup=False, soft_wrap=True)

    def _observer(self) -> int | None:
        """Whose eyes the screen shows between people's decisions: the one person's, else a spectator's."""
        return self.humans[0] if len(self.humans) == 1 else None

    def _bot_move(self, seat: int) -> None:
        game = self.match.game
        if self.screen.live:
            self.show_table(self._observer(), None)
        try:
            with self.screen.thinking(self.names[seat], self.bots[seat]):
                view = game.view(self.match.state, seat)
                action = self.bots[seat].choose(view, game.legal_actions(self.match.state), self.rngs[seat])
        except KeyboardInterrupt:
            # Ctrl-C while a bot thinks leaves the game, as at a prompt.
            raise QuitGame(interrupted=True) from None
        self.match.play(action, seat)

    def _human_move(self, seat: int) -> None:
        if len(self.humans) > 1 and self.screen_owner != seat:
            self.screen.handover(self.names[seat])
        self.screen_owner = seat
        if isinstance(self.read_line, LineEditor):
            self.read_line.use_history_of(seat)
        match = self.match
        view = match.view(seat)
        legal = match.legal_actions()
        menu = self.menu_for(view, legal)
        self.show_table(seat, menu)
        pending: str | None = None
        redraw = True
        while True:
            prompt = f"{self.names[seat]}, your move (number, notation or help): "
            line = (pending if pending is not None else self._ask(prompt, redraw)).strip()
            pending = None
            # After an empty line the screen is left as it is: what the reader printed stays in view.
            redraw = bool(line)
            if not line:
                continue
            word = line.partition(" ")[0].lower()
            if line.lower() in SHORT_WORDS:
                line = word = SHORT_WORDS[line.lower()]
            if word in COMMAND_WORDS or any(hint.word == word for hint in self.front.hints):
                try:
                    outcome = self._command(line, seat, view, menu)
                except (EOFError, KeyboardInterrupt) as error:
                    # The input ended in a pager or a question: the person is gone.
                    raise leaving(error) from None
                if outcome == "moved":
                    return
                if outcome == "redraw":
                    view = match.view(seat)
                    legal = match.legal_actions()
                    menu = self.menu_for(view, legal)
                    self.show_table(seat, menu)
                elif outcome is not None:
                    pending = outcome
                continue
            action: Any = line
            number = whole_number(line)
            if number is not None:
                try:
                    action = menu.pick(number)
                except ValueError as error:
                    self.screen.say(Text(str(error), style="red"))
                    continue
                if action is None:
                    self.screen.set_menu(menu)
                    continue
            try:
                match.play(action, seat)
            except CardtableError as error:
                self._refuse(error, line, legal)
                continue
            self.seen[seat] = len(view.log)
            return

    def _refuse(self, error: CardtableError, line: str, legal: Sequence[Any]) -> None:
        """The refusal's reason, and the closest words or moves to what was typed."""
        message = Text(str(error), style="red")
        texts = [self.match.game.format_action(action) for action in legal]
        if isinstance(error, ActionParseError):
            word = line.partition(" ")[0].lower()
            verbs = {text.partition(" ")[0] for text in texts}
            words = [*COMMAND_WORDS, *(hint.word for hint in self.front.hints), *sorted(verbs)]
            hint = did_you_mean(word, words) if len(line.split()) == 1 else did_you_mean(line, texts)
            hint = hint or did_you_mean(word, words)
        else:
            hint = did_you_mean(line, texts)
        if hint:
            message.append("\n" + hint.strip(), style="yellow")
        self.screen.say(message)

    def _ask(self, prompt: str, redraw: bool = True) -> str:
        try:
            return self.screen.ask(prompt, redraw)
        except (EOFError, KeyboardInterrupt) as error:
            raise leaving(error) from None

    def menu_for(self, view: Any, legal: Sequence[Any]) -> MoveMenu:
        """The menu of these legal moves, labelled by the game's steps."""
        steps = self.front.steps
        format_action = self.match.game.format_action
        paths = [
            steps(view, action) if steps is not None else default_steps(format_action(action))
            for action in legal
        ]
        return MoveMenu(legal, paths)

    # -- commands -----------------------------------------------------------------
    def _command(self, line: str, seat: int, view: Any, menu: MoveMenu) -> str | None:
        """Carry out a command: "moved", "redraw", None, or a line the person typed in a pager."""
        word, _, argument = line.partition(" ")
        word, argument = word.lower(), argument.strip()
        if word == "quit":
            self._quit()
        if word == "help":
            return self._page(self._help(view))
        if word == "rules":
            return self._page(Markdown(rules_page(self.match.game.name)))
        if word == "log":
            return self._page(self._whole_log(view))
        if word == "round":
            return self._page(self.rounds.command(argument))
        if word == "info":
            return self._info(view, argument)
        if word == "save":
            self._save(argument)
            return None
        if word == "undo":
            return "redraw" if self._undo(seat) else None
        if word == "resign":
            return "moved" if resign_seat(self, seat) else None
        if word == "back":
            if not menu.back():
                self.screen.say(Text("This is the first step already.", style="yellow"))
            self.screen.set_menu(menu)
            return None
        if word == "all":
            return self._all_moves(seat, view, menu)
        for hint in self.front.hints:
            if hint.word == word:
                try:
                    return self.screen.note(hint.show(view, argument))
                except UnknownCard as error:
                    self.screen.say(Text(str(error), style="red"))
        return None

    def _page(self, renderable: RenderableType) -> str | None:
        return self.screen.page(renderable)

    def _all_moves(self, seat: int, view: Any, menu: MoveMenu) -> str | None:
        """Every legal move, numbered; a number typed in the list plays that move."""
        labels = menu.full_labels()
        table = Table.grid(padding=(0, 1))
        table.add_column(justify="right", style="bold cyan")
        table.add_column()
        for number, label in enumerate(labels, 1):
            table.add_row(str(number), label)
        line = self.screen.page(Group(Text(f"All {len(labels)} moves:", style="bold"), table))
        chosen = whole_number(line) if line is not None else None
        if chosen is not None:
            if not 1 <= chosen <= len(menu.legal):
                refusal = f"There is no move {chosen}; choose 1 to {len(menu.legal)}."
                self.screen.say(Text(refusal, style="red"))
                return None
            self.match.play(menu.legal[chosen - 1], seat)
            self.seen[seat] = len(view.log)
            return "moved"
        return line

    def _help(self, view: Any) -> RenderableType:
        return help_page(self.front, self.match.game, view, with_bots=bool(self.bots))

    def _info(self, view: Any, argument: str) -> str | None:
        if self.front.card_info is None:
            self.screen.say(Text(f"{self.match.game.title} has no card information yet.", style="yellow"))
            return None
        if not argument:
            self.screen.say(Text("info needs a card: info CARD (as the notation writes it)", style="red"))
            return None
        try:
            return self.screen.note(self.front.card_info(view, argument))
        except UnknownCard as error:
            self.screen.say(Text(str(error), style="red"))
            return None

    def _whole_log(self, view: Any) -> RenderableType:
        lines = self._describe(view, view.log)
        return Group(Text("Everything that happened, oldest first:", style="bold"), *lines)

    def _quit(self) -> None:
        unsaved = self.match.moves and self.saved_at != len(self.match.moves)
        if self.confirm_quit and unsaved:
            question = "Your last moves are not saved. Leave? (y · save FILE: save and leave) "
            if self.saved_at is None:
                question = "This game is not saved. Leave? (y: leave · save FILE: save and leave) "
            try:
                typed = self.screen.ask(question).strip()
            except (EOFError, KeyboardInterrupt) as error:
                raise leaving(error) from None
            word, _, path = typed.partition(" ")
            answer = typed.lower()
            if word.lower() == "save" and path.strip():
                self._save(path.strip())
                if self.saved_at != len(self.match.moves):
                    return
            elif answer not in ("y", "yes"):
                self.screen.say(Text("The game goes on.", style="yellow"))
                return
        raise QuitGame()

    def _save(self, path: str) -> None:
        if not path:
            self.screen.say(Text("save needs a file name: save FILE", style="red"))
            return
        try:
            save_game(self.match, path, self.humans)
        except CardtableError as error:
            self.screen.say(Text(str(error), style="red"))
            return
        self.save_path = path
        self.saved_at = len(self.match.moves)
        self.screen.say(Text(f"Saved to {path}.", style="green"))

    def _undo(self, seat: int) -> bool:
        if len(self.humans) > 1:
            self.screen.say(Text("undo is for games against bots only.", style="red"))
            return False
        count = self.match.undo_turn(seat)
        if count == 0:
            self.screen.say(Text("Nothing to undo: you have not moved yet.", style="red"))
            return False
        self.seen[seat] = 0
        self.screen.say(Text(f"Took back {count} action(s)."))
        return True

    # -- drawing ------------------------------------------------------------------
    def _describe(self, view: Any, events: Sequence[Any]) -> list[Text]:
        return describe_events(self.match.game.name, view, self.names, events)

    def show_table(self, seat: int | None, menu: MoveMenu | None) -> None:
        """Give the screen the table as `seat` sees it, its events and the menu."""
        view = self.match.view(seat)
        log = view.log
        if self.screen.live:
            shown = log[-EVENTS_SHOWN:]
        else:
            shown = log[self.seen[seat] :] if seat is not None else log[-12:]
        events = self._describe(view, shown)
        new = len(log) - self.seen[seat] if seat is not None else len(events)
        compact = self.front.compact(view, self.names) if self.front.compact is not None else None
        board = self.front.render(view, self.names)
        self.screen.set_table(self._status(view, seat), board, compact, events, min(new, len(events)))
        self.screen.set_menu(menu)

    def _status(self, view: Any, seat: int | None) -> Text:
        game = self.match.game
        status = Text(game.title, style="bold")
        if self.front.stage is not None:
            status.append(f" · {self.front.stage(view)}")
        current = self.match.current_seat
        if current is not None:
            status.append(" · ")
            status.append("your move" if current == seat else f"{self.names[current]} to play", style="cyan")
        status.append("   help · rules · quit", style="dim")
        return status

    # -- the end --------------------------------------------------------------------
    def _end(self) -> RenderableType:
        """Show the end and the summary (the seed, where the game is kept); offer a new game."""
        match = self.match
        outcome = match.outcome
        assert outcome is not None
        self.show_table(self._observer(), None)
        record = Text(self._record())
        summary = self._summary(outcome)
        if self.screen.live:
            self.screen.say(Group(summary, record))
            question = "n: a new game · Enter: leave " if self.offer_rematch else "Enter: leave the game "
            answer = self._ask_at_end(question)
        else:
            self.screen.say(summary)
            # Not wrapped, so that the file's name can be copied whole.
            self.console.print(record, soft_wrap=True)
            question = "A new game? (n: a new game, anything else: leave) "
            answer = self._ask_at_end(question) if self.offer_rematch else ""
        self.again = self.offer_rematch and answer.strip().lower() in ("n", "new", "y", "yes")
        return Group(summary, record)

    def _ask_at_end(self, prompt: str) -> str:
        try:
            return self.screen.ask(prompt)
        except (EOFError, KeyboardInterrupt):
            return ""

    def _summary(self, outcome: Outcome) -> RenderableType:
        minutes, seconds = divmod(int(time.monotonic() - self.started), 60)
        facts = [f"{len(self.match.moves)} actions", f"{minutes} min {seconds:02d} s at this terminal"]
        if self.front.stage is not None:
            facts.insert(0, self.front.stage(self.match.view(None)))
        summary = outcome_summary(outcome, self.names, facts, self.front.score_label)
        extra = None if self.front.epilogue is None else self.front.epilogue(self.match)
        return summary if extra is None else Group(summary, extra)

    def _record(self) -> str:
        """The seed, secret until now, and where the replay is: the file it was saved to, and the history."""
        words, self.history_entry = keep_finished(self.match, self.humans, self.save_path, self.keep_history)
        return words


def play_at_terminal(
    match: Match,
    bots: Mapping[int, Bot],
    console: Console,
    *,
    read_line: ReadLine | None = None,
    save_path: str | None = None,
    new_match: NewMatch | None = None,
) -> None:
    """`cardtable play`: games until the person leaves; each finished one kept in the history."""
    while True:
        terminal = TerminalGame(
            match,
            bots,
            console,
            read_line,
            save_path=save_path,
            keep_history=True,
            confirm_quit=True,
            offer_rematch=new_match is not None,
        )
        terminal.run()
        if not terminal.again or new_match is None:
            return
        match, new_bots = new_match()
        bots, save_path = new_bots, None
        console.print(f"[bold]A new game of {match.game.title}.[/bold]")

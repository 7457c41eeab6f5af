"""`cardtable campaign`: the Forbidden Memories campaign at the terminal, saved after every change.

A campaign duel is saved as it goes: its set-up when it starts, then every
action before the action counts, so that a duel cut short by a crash, a
kill or the end of input resumes where it was (`cardtable campaign` offers
it at the start).  Leaving a duel on purpose (`quit`, confirmed) or
declining to resume it counts as a loss: a losing duel cannot be escaped.
A campaign duel has no take-backs.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from cardtable.core.chance import fresh_seed, make_rng
from cardtable.core.errors import CardtableError
from cardtable.core.match import Match
from cardtable.core.numbers import whole_number
from cardtable.frontends.terminal import TerminalGame
from cardtable.games.fm import GAME
from cardtable.games.fm.actions import Action
from cardtable.games.fm.ai import DuelistAI
from cardtable.games.fm.campaign import (
    LAST_OPPONENT,
    CampaignError,
    Progress,
    buy,
    check_name,
    new_campaign,
    opponent_name,
    set_deck,
    settle_duel,
)
from cardtable.games.fm.carddata import card_named, cards
from cardtable.games.fm.duelists import duel_position
from cardtable.games.fm.options import FmOptions
from cardtable.games.fm.reward import duel_reward
from cardtable.games.fm.state import FmState
from cardtable.games.fm.terminal.reward import reward_panel
from cardtable.games.fm.terminal.screen import describe_card
from cardtable.games.fm.terminal.store import CampaignStore, SavedDuel
from cardtable.games.fm.view import FmView

#: The opponent's seat in a campaign duel (the player is seat 0).
OPPONENT = 1

MENU = """[1] duel {next}   [2] free duel   [3] deck   [4] password shop   [5] collection   [6] quit"""


class Quit(Exception):
    """The player left the campaign (progress is saved already); `interrupted`: by Ctrl-C, which ends
    the command with exit status 130 once the goodbye is said (docs/limits.md)."""

    def __init__(self, interrupted: bool = False) -> None:
        super().__init__()
        self.interrupted = interrupted


class StoredMatch(Match[FmState, Action, FmView, FmOptions]):
    """A campaign duel whose every action is stored in the save before it counts."""

    def __init__(self, store: CampaignStore, saved: SavedDuel, players: list[str]) -> None:
        super().__init__(GAME, seed=saved.seed, players=players, position=saved.position)
        self.store = store

    def play(self, action: Action | str, seat: int | None = None) -> None:
        """Take an action and store it; if it cannot be stored (SaveError), it is not taken."""
        state, count = self.state, len(self.moves)
        super().play(action, seat)
        try:
            self.store.add_action(count, GAME.format_action(self.moves[-1].action))
        except CardtableError:
            self.state = state
            del self.moves[count:]
            raise

    def replay(self, text: str) -> None:
        """Take an action read back from the save (it is stored already)."""
        super().play(text)

    def undo(self, count: int = 1) -> None:
        """Refused: a campaign duel has no take-backs."""
        raise CampaignError("a campaign duel has no take-backs")


class DuelInput:
    """The player's lines in a campaign duel: `quit` leaves only when confirmed, `undo` is refused."""

    def __init__(self, read_line: Callable[[str], str], console: Console) -> None:
        self.read_line = read_line
        self.console = console
        #: Whether the player confirmed leaving the duel (a loss).
        self.forfeited = False

    def __call__(self, prompt: str) -> str:
        """The next line for the duel's screen; an empty line asks again."""
        line = self.read_line(prompt)
        word = line.strip().partition(" ")[0].lower()
        if word == "undo":
            self.console.print("[red]A campaign duel has no take-backs.[/red]")
            return ""
        if word == "quit":
            answer = self.read_line("Leave the duel? It counts as a loss. Type yes to leave: ")
            if answer.strip().lower() in ("y", "yes"):
                self.forfeited = True
                return "quit"
            self.console.print("The duel goes on.")
            return ""
        return line


class CampaignScreen:
    """The campaign's menus; every change of the progress is saved at once."""

    def __init__(
        self,
        store: CampaignStore,
        console: Console,
        read_line: Callable[[str], str] | None = None,
        seed: int | None = None,
    ) -> None:
        self.store = store
        self.console = console
        self.read_line = read_line or console.input
        self.seed = seed

    def ask(self, prompt: str) -> str:
        """A line from the player; end of input leaves the campaign."""
        try:
            return self.read_line(prompt).strip()
        except (EOFError, KeyboardInterrupt) as error:
            raise Quit(interrupted=isinstance(error, KeyboardInterrupt)) from None

    def run(self) -> Progress | None:
        """The menu loop (after resuming a duel under way); returns the progress as it was last saved."""
        progress = self.store.load()
        try:
            if progress is None:
                progress = self._start()
            saved = self.store.load_duel()
            if saved is not None:
                progress = self._offer_to_resume(progress, saved)
            while True:
                progress = self._menu(progress)
        except Quit as leave:
            # Before a name is given there is no campaign: nothing was saved.
            self.console.print("Progress saved. Goodbye." if progress is not None else "Goodbye.")
            if leave.interrupted:
                raise KeyboardInterrupt from None
            return progress

    def _start(self) -> Progress:
        while True:
            try:
                name = check_name(self.ask("A new campaign. Your name: ") or "Player")
                break
            except CampaignError as error:
                self._warn(str(error))
        seed = self.seed if self.seed is not None else fresh_seed()
        progress = new_campaign(name, make_rng(seed, "starter"))
        self.store.save(progress)
        self.console.print(f"Welcome, {name}. Your starter deck of 40 cards is ready.", markup=False)
        return progress

    def _menu(self, progress: Progress) -> Progress:
        following = progress.next_opponent
        title = opponent_name(following) if following <= LAST_OPPONENT else "(the campaign is won)"
        self.console.print(
            f"\n[bold]{escape(progress.name)}[/bold]: {progress.starchips} starchips, "
            f"{sum(progress.collection.values())} cards, next: {title}"
        )
        self.console.print(MENU.format(next=title), markup=False)
        choice = self.ask("> ")
        if choice == "1" and following <= LAST_OPPONENT:
            return self._duel(progress, following)
        if choice == "2":
            return self._free_duel(progress)
        if choice == "3":
            return self._deck(progress)
        if choice == "4":
            return self._shop(progress)
        if choice == "5":
            self._show_cards(Counter(progress.collection), "collection")
            return progress
        if choice in ("6", "quit", "q"):
            raise Quit()
        self._warn(f"{choice!r} is not on the menu.")
        return progress

    def _free_duel(self, progress: Progress) -> Progress:
        unlocked = progress.unlocked()
        self.console.print("  ".join(f"{duelist}. {opponent_name(duelist)}" for duelist in unlocked))
        choice = self.ask("Duel whom (number)? ")
        duelist = whole_number(choice)
        if duelist is None or duelist not in unlocked:
            self._warn(f"{choice!r} is not an unlocked duelist.")
            return progress
        return self._duel(progress, duelist)

    # -- duels --------------------------------------------------------------------------
    def _duel(self, progress: Progress, duelist: int) -> Progress:
        seed = (
            fresh_seed() if self.seed is None else self.seed + sum(sum(r) for r in progress.records.values())
        )
        position = duel_position(progress.deck, duelist, make_rng(seed, "decks"))
        self.store.start_duel(duelist, seed, position)
        return self._play_duel(progress, SavedDuel(duelist, seed, position, ()))

    def _offer_to_resume(self, progress: Progress, saved: SavedDuel) -> Progress:
        name = opponent_name(saved.duelist)
        self.console.print(
            f"A duel against {name} is under way ({len(saved.actions)} actions taken).", markup=False
        )
        while True:
            answer = self.ask("Resume it (r), or forfeit it (f: it counts as a loss)? ").lower()
            if answer in ("r", "resume"):
                return self._play_duel(progress, saved)
            if answer in ("f", "forfeit"):
                self.console.print(f"You forfeit the duel against {name}: it counts as a loss.", markup=False)
                return self._lose(progress, saved.duelist)

    def _play_duel(self, progress: Progress, saved: SavedDuel) -> Progress:
        """Play a duel on from its saved actions and settle it; at the end of input it stays saved."""
        match = StoredMatch(self.store, saved, [progress.name, opponent_name(saved.duelist)])
        opponent = DuelistAI(saved.duelist)
        duel_input = DuelInput(self.read_line, self.console)
        terminal = TerminalGame(match, {OPPONENT: opponent}, self.console, duel_input)
        self._catch_up(match, saved, opponent, terminal.rngs[OPPONENT])
        try:
            outcome = terminal.run()
        except KeyboardInterrupt:
            self.console.print("The duel is saved: cardtable campaign resumes it.")
            raise Quit(interrupted=True) from None
        if outcome is not None:
            return self._settle(progress, saved, match)
        if duel_input.forfeited:
            self.console.print("You left the duel: it counts as a loss.")
            return self._lose(progress, saved.duelist)
        self.console.print("The duel is saved: cardtable campaign resumes it.")
        raise Quit()

    def _catch_up(
        self, match: StoredMatch, saved: SavedDuel, opponent: DuelistAI, rng: random.Random
    ) -> None:
        """Replay the saved actions; the opponent thinks each of its moves again, to go on as before."""
        for number, text in enumerate(saved.actions, 1):
            if match.current_seat == OPPONENT:
                opponent.choose(match.view(OPPONENT), match.legal_actions(), rng)
            try:
                match.replay(text)
            except CardtableError as error:
                raise self.store.refuse(f"duel action {number} {text!r} does not replay: {error}") from None

    def _settle(self, progress: Progress, saved: SavedDuel, match: StoredMatch) -> Progress:
        progress, result = settle_duel(progress, saved.duelist, match.state, saved.seed)
        self.store.end_duel(progress)
        if result.rank is None or result.dropped is None:
            self.console.print("Lost. Build your deck and try again.")
            return progress
        self.console.print(
            f"Won! Rank {result.rank.letter} (score {result.rank.score}): {result.rank.starchips} starchips, "
            f"and {cards()[result.dropped].name}.",
            markup=False,
        )
        reward = duel_reward(match.state, 0, saved.duelist, saved.seed)
        if reward is not None:
            self.console.print(reward_panel(reward, kept=True))
        return progress

    def _lose(self, progress: Progress, duelist: int) -> Progress:
        progress, _ = settle_duel(progress, duelist, None, 0)
        self.store.end_duel(progress)
        return progress

    def _shop(self, progress: Progress) -> Progress:
        password = self.ask("Password (8 digits, empty to leave): ")
        if not password:
            return progress
        try:
            progress, bought = buy(progress, password)
        except CardtableError as error:
            self._warn(str(error))
            return progress
        self.store.save(progress)
        self.console.print(f"Bought {cards()[bought].name}. {progress.starchips} starchips left.")
        return progress

    def _deck(self, progress: Progress) -> Progress:
        deck = list(progress.deck)
        self.console.print("Deck: add <card>, remove <card>, show, save, cancel (cards by number or name).")
        while True:
            self._show_cards(Counter(deck), f"deck ({len(deck)} cards)")
            line = self.ask("deck> ")
            word, _, argument = line.partition(" ")
            if word == "cancel":
                return progress
            if word == "save":
                try:
                    progress = set_deck(progress, tuple(deck))
                except CardtableError as error:
                    self._warn(str(error))
                    continue
                self.store.save(progress)
                self.console.print("Deck saved.")
                return progress
            if word in ("add", "remove"):
                card_id = _card_of(argument)
                if card_id is None:
                    self._warn(f"{argument!r} is not a card number or name.")
                elif word == "add":
                    deck.append(card_id)
                elif card_id in deck:
                    deck.remove(card_id)
                else:
                    self._warn(f"{cards()[card_id].name} is not in the deck.")
            elif word != "show":
                self._warn(f"{word!r}: use add, remove, show, save or cancel.")

    def _warn(self, text: str) -> None:
        self.console.print(text, style="red", markup=False, highlight=False)

    def _show_cards(self, counts: Counter[int], title: str) -> None:
        table = Table(title=title, title_justify="left", show_header=False, box=None)
        for card_id, copies in sorted(counts.items()):
            table.add_row(f"#{card_id}", f"×{copies}", describe_card(card_id))
        self.console.print(table)


def _card_of(text: str) -> int | None:
    number = text.strip().lstrip("#")
    card_id = whole_number(number)
    if card_id is not None and card_id in cards():
        return card_id
    return card_named(text)

"""`cardtable campaign`: the Forbidden Memories campaign at the terminal, saved after every change."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from rich.console import Console
from rich.table import Table

from cardtable.core.chance import fresh_seed, make_rng
from cardtable.core.errors import CardtableError
from cardtable.core.match import Match
from cardtable.frontends.fm.screen import describe_card
from cardtable.frontends.fm.store import CampaignStore
from cardtable.frontends.terminal import TerminalGame
from cardtable.games.fm import GAME
from cardtable.games.fm.ai import DuelistAI
from cardtable.games.fm.campaign import (
    LAST_OPPONENT,
    Progress,
    buy,
    new_campaign,
    opponent_name,
    record_duel,
    set_deck,
)
from cardtable.games.fm.carddata import card_named, cards
from cardtable.games.fm.duelists import duel_position
from cardtable.games.fm.rank import drop, rank

MENU = """[1] duel {next}   [2] free duel   [3] deck   [4] password shop   [5] collection   [6] quit"""


class Quit(Exception):
    """The player left the campaign (progress is saved already)."""


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
        except (EOFError, KeyboardInterrupt):
            raise Quit() from None

    def run(self) -> Progress | None:
        """The menu loop; returns the progress as it was last saved."""
        progress = self.store.load()
        try:
            if progress is None:
                progress = self._start()
            while True:
                progress = self._menu(progress)
        except Quit:
            self.console.print("Progress saved. Goodbye.")
            return progress

    def _start(self) -> Progress:
        name = self.ask("A new campaign. Your name: ") or "Player"
        seed = self.seed if self.seed is not None else fresh_seed()
        progress = new_campaign(name, make_rng(seed, "starter"))
        self.store.save(progress)
        self.console.print(f"Welcome, {name}. Your starter deck of 40 cards is ready.")
        return progress

    def _menu(self, progress: Progress) -> Progress:
        following = progress.next_opponent
        title = opponent_name(following) if following <= LAST_OPPONENT else "(the campaign is won)"
        self.console.print(
            f"\n[bold]{progress.name}[/bold]: {progress.starchips} starchips, "
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
        self.console.print(f"[red]{choice!r} is not on the menu.[/red]")
        return progress

    def _free_duel(self, progress: Progress) -> Progress:
        unlocked = progress.unlocked()
        self.console.print("  ".join(f"{duelist}. {opponent_name(duelist)}" for duelist in unlocked))
        choice = self.ask("Duel whom (number)? ")
        if not choice.isdigit() or int(choice) not in unlocked:
            self.console.print(f"[red]{choice!r} is not an unlocked duelist.[/red]")
            return progress
        return self._duel(progress, int(choice))

    def _duel(self, progress: Progress, duelist: int) -> Progress:
        seed = (
            fresh_seed() if self.seed is None else self.seed + sum(sum(r) for r in progress.records.values())
        )
        position = duel_position(progress.deck, duelist, make_rng(seed, "decks"))
        match = Match(GAME, seed=seed, players=[progress.name, opponent_name(duelist)], position=position)
        outcome = TerminalGame(match, {1: DuelistAI(duelist)}, self.console, self.read_line).run()
        if outcome is None:
            self.console.print("The duel was left: it counts for nothing.")
            return progress
        won = outcome.winners == (0,)
        if not won:
            progress = record_duel(progress, duelist, False, None, None)
            self.store.save(progress)
            self.console.print("Lost. Build your deck and try again.")
            return progress
        result = rank(match.state, 0)
        dropped = drop(duelist, result.pool, make_rng(seed, "drop"))
        progress = record_duel(progress, duelist, True, result, dropped)
        self.store.save(progress)
        self.console.print(
            f"Won! Rank {result.letter} (score {result.score}): {result.starchips} starchips, "
            f"and {cards()[dropped].name}."
        )
        return progress

    def _shop(self, progress: Progress) -> Progress:
        password = self.ask("Password (8 digits, empty to leave): ")
        if not password:
            return progress
        try:
            progress, bought = buy(progress, password)
        except CardtableError as error:
            self.console.print(str(error), style="red", markup=False)
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
                    self.console.print(str(error), style="red", markup=False)
                    continue
                self.store.save(progress)
                self.console.print("Deck saved.")
                return progress
            if word in ("add", "remove"):
                card_id = _card_of(argument)
                if card_id is None:
                    self.console.print(f"[red]{argument!r} is not a card number or name.[/red]")
                elif word == "add":
                    deck.append(card_id)
                elif card_id in deck:
                    deck.remove(card_id)
                else:
                    self.console.print(f"[red]{cards()[card_id].name} is not in the deck.[/red]")
            elif word != "show":
                self.console.print(f"[red]{word!r}: use add, remove, show, save or cancel.[/red]")

    def _show_cards(self, counts: Counter[int], title: str) -> None:
        table = Table(title=title, title_justify="left", show_header=False, box=None)
        for card_id, copies in sorted(counts.items()):
            table.add_row(f"#{card_id}", f"×{copies}", describe_card(card_id))
        self.console.print(table)


def _card_of(text: str) -> int | None:
    number = text.strip().lstrip("#")
    if number.isdigit() and int(number) in cards():
        return int(number)
    return card_named(text)

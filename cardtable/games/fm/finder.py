"""The fusion finder: every result a set of cards can make, and the order to play it (built on `combine`).

FM players keep such a list open beside the game.  Given the cards in hand
(and the monsters on the field, which may only start a combination), it
tries every order in which each step combines (a fusion or an equip; chains
included) and keeps, for each card that can come out, the shortest way to
make it.  Pairs that make nothing are listed apart, with what the game does
with them (docs/rules/fm.md "Combinations").  Everything here is pure: the
command line, the terminal game's hints and the browser all call it.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass

from cardtable.core.errors import UnknownNameError
from cardtable.core.numbers import whole_number
from cardtable.games.fm.actions import FIELD_PICKS, PICKS, PLAY_UP, Action
from cardtable.games.fm.carddata import (
    CardKind,
    card,
    card_named,
    cards,
    duelists,
    equip_table,
    fusion_table,
    rituals,
)
from cardtable.games.fm.combination import Combination, StepKind, combination_step, combine
from cardtable.games.fm.view import FmView

#: The names of the drop pools, as players know them (the rank letters that draw from each).
POOL_NAMES = {"sa_pow": "S/A-POW", "bcd": "B/C/D", "sa_tec": "S/A-TEC"}


@dataclass(frozen=True, slots=True)
class Source:
    """Where a card of a hint comes from: a hand position, or a monster zone of the field (from 0)."""

    on_field: bool
    index: int

    def pick(self) -> Action:
        """The duel action that picks this card."""
        return FIELD_PICKS[self.index] if self.on_field else PICKS[self.index]


@dataclass(frozen=True, slots=True)
class Hint:
    """One result the cards can make: where each card comes from, in play order, and what they give."""

    sources: tuple[Source, ...]
    combination: Combination

    @property
    def result(self) -> int:
        """The card that comes out."""
        return self.combination.result

    @property
    def actions(self) -> tuple[Action, ...]:
        """The duel actions that play it face up: each pick in order, then play."""
        return (*(source.pick() for source in self.sources), PLAY_UP)

    def strength(self) -> tuple[int, int]:
        """The result's ATK and DEF with the bonus its equips give (a monster's; 0/0 for other cards)."""
        made = card(self.result)
        if not made.is_monster:
            return 0, 0
        bonus = self.combination.bonus
        return made.atk + bonus, made.defence + bonus


@dataclass(frozen=True, slots=True)
class Failure:
    """Two cards that make nothing together, and the card the game keeps (docs/rules/fm.md "Combinations")."""

    first: int
    second: int
    kept: int


#: A chain under way: its sources, its cards in order, the card carried, its bonus, the hand cards used.
_Chain = tuple[tuple[Source, ...], tuple[int, ...], int, int, frozenset[int]]


def _search(
    start: Source, start_card: int, start_bonus: int, hand: Sequence[int], padding: bool
) -> list[tuple[tuple[Source, ...], Combination]]:
    """Every chain from `start` through hand cards in which each step combines, shortest first.

    Breadth first, and a chain that reaches a card, bonus and set of used cards already reached is
    dropped: what can follow depends on nothing else, so each result keeps a shortest way to it.
    """
    found: list[tuple[tuple[Source, ...], Combination]] = []
    first_used: frozenset[int] = frozenset() if start.on_field else frozenset({start.index})
    layer: list[_Chain] = [((start,), (start_card,), start_card, start_bonus, first_used)]
    seen = {(start_card, start_bonus, first_used)}
    while layer:
        following_layer: list[_Chain] = []
        for sources, order, current, bonus, used in layer:
            for index, following in enumerate(hand):
                if index in used:
                    continue
                step = combination_step(current, following, padding)
                if step.kind is StepKind.LOST:
                    continue
                state = (step.result, step.bonus_after(bonus), used | {index})
                if state in seen:
                    continue
                seen.add(state)
                chain, cards_in_order = (*sources, Source(False, index)), (*order, following)
                found.append((chain, combine(cards_in_order, padding, start_bonus)))
                following_layer.append((chain, cards_in_order, *state))
        layer = following_layer
    return found


def hints(
    hand: Sequence[int],
    field: Sequence[int | None] = (),
    padding_fusions: bool = True,
    field_bonuses: Sequence[int] = (),
) -> list[Hint]:
    """Every card the hand (and the field's monsters, which only start a play) can make, strongest first.

    `field` holds the card in each monster zone (None where empty), `field_bonuses` what their equips
    added.  Each result comes once, made the shortest way (then the first found); ValueError names a
    number that is not a card.
    """
    for where, values in (("hand", hand), ("field", [c for c in field if c is not None])):
        for position, card_id in enumerate(values):
            if isinstance(card_id, bool) or card_id not in cards():
                raise ValueError(f"{where} card {position + 1}: {card_id!r} is not a card number (1 to 722)")
    chains: list[tuple[tuple[Source, ...], Combination]] = []
    for index, card_id in enumerate(hand):
        chains += _search(Source(False, index), card_id, 0, hand, padding_fusions)
    for zone, monster in enumerate(field):
        if monster is not None:
            bonus = field_bonuses[zone] if zone < len(field_bonuses) else 0
            chains += _search(Source(True, zone), monster, bonus, hand, padding_fusions)
    best: dict[tuple[int, int], Hint] = {}
    for sources, combination in chains:
        key = (combination.result, combination.bonus)
        known = best.get(key)
        if known is None or len(sources) < len(known.sources):
            best[key] = Hint(sources, combination)
    return sorted(best.values(), key=lambda hint: (-hint.strength()[0], -hint.strength()[1], hint.result))


def view_hints(view: FmView) -> list[Hint]:
    """The hints of the seat a view is for: its hand window and its own monsters (none for a spectator)."""
    if view.seat is None:
        return []
    row = view.monsters[view.seat]
    field = [monster.card if monster is not None else None for monster in row]
    bonuses = [monster.bonus or 0 if monster is not None else 0 for monster in row]
    return hints(view.window, field, view.options.padding_fusions, bonuses)


def failures(given: Sequence[int], padding_fusions: bool = True) -> list[Failure]:
    """The pairs of these cards that make nothing in either order (each pair once, by card)."""
    found: dict[tuple[int, int], Failure] = {}
    for position, first in enumerate(given):
        for second in given[position + 1 :]:
            key = (min(first, second), max(first, second))
            if key in found:
                continue
            step = combination_step(first, second, padding_fusions)
            backward = combination_step(second, first, padding_fusions)
            if step.kind is StepKind.LOST and backward.kind is StepKind.LOST:
                found[key] = Failure(first, second, step.result)
    return list(found.values())


# -- looking cards up ----------------------------------------------------------------------------


def _plain(name: str) -> str:
    """A name in lower case with its punctuation made spaces: "Blue-eyes" and "blue eyes" meet."""
    return " ".join(re.sub(r"[^a-z0-9]+", " ", name.lower()).split())


def find_card(text: str) -> int:
    """A card by number (1-722) or name, in any case; UnknownNameError suggests near names for a typo."""
    wanted = text.strip()
    number = whole_number(wanted.lstrip("#"))
    if number is not None:
        if number in cards():
            return number
        raise UnknownNameError(f"no card {text!r}: cards are numbered 1 to 722")
    found = card_named(wanted)
    if found is not None:
        return found
    names = {_plain(c.name): c for c in cards().values()}
    plain = _plain(wanted)
    if plain in names:
        return names[plain].id
    close = difflib.get_close_matches(plain, list(names), n=5, cutoff=0.6)
    close += [key for key in names if plain and plain in key and key not in close]
    suggestion = f"; did you mean {', '.join(names[key].name for key in close[:8])}?" if close else ""
    raise UnknownNameError(f"no card named {text!r}{suggestion}")


@dataclass(frozen=True, slots=True)
class Drop:
    """A duelist who may drop a card: the pool (rank letters) and its chance in 2048."""

    duelist: int
    pool: str
    weight: int


def fusions_with(card_id: int, padding_fusions: bool = True) -> list[tuple[int, int]]:
    """Every fusion the card takes part in as a material: (the other material, the result)."""
    pairs = [
        (second if first == card_id else first, result)
        for (first, second), result in fusion_table(padding_fusions).items()
        if card_id in (first, second)
    ]
    return sorted(pairs, key=lambda pair: (-card(pair[1]).atk, pair[1], pair[0]))


def recipes_for(card_id: int, padding_fusions: bool = True) -> list[tuple[int, int]]:
    """Every pair of materials that fuses into the card."""
    return sorted(pair for pair, result in fusion_table(padding_fusions).items() if result == card_id)


def equips_for(card_id: int) -> list[int]:
    """For a monster, the equips that fit it; for an equip, the monsters it fits."""
    if card(card_id).kind is CardKind.EQUIP:
        return sorted(monster for equip, monster in equip_table() if equip == card_id)
    return sorted(equip for equip, monster in equip_table() if monster == card_id)


def rituals_with(card_id: int) -> list[int]:
    """The rituals the card takes part in: as the ritual card, a tribute or the monster summoned."""
    return sorted(
        ritual for ritual, (tributes, result) in rituals().items() if card_id in (ritual, result, *tributes)
    )


def drops_of(card_id: int) -> list[Drop]:
    """Where the card drops: each duelist and pool holding it, most likely first."""
    found = [
        Drop(duelist.id, pool, weight)
        for duelist in duelists().values()
        for pool in POOL_NAMES
        for dropped, weight in duelist.pools[pool]
        if dropped == card_id
    ]
    return sorted(found, key=lambda drop: (-drop.weight, drop.duelist, drop.pool))

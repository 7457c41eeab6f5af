"""Combinations (docs/rules/fm.md "Combinations"): the cards of one play combine pairwise, left to right.

Each step meets the card carried so far with the next card: the unordered
pair is looked up in the fusion table; failing a fusion, an equip is tried
in either order; failing both, a monster meeting a card that is not one
stays, and otherwise the first card is lost and the second goes on.  These
functions say what happens; the duel's rules apply it (the cards used up,
the counters, the log, and Reverse Trap, which can turn an equip's gain into
a loss).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from cardtable.games.fm.carddata import CardKind, can_equip, card, cards, equip_bonus, fusion_of


class StepKind(StrEnum):
    """What one step of a combination did."""

    FUSION = "fusion"
    EQUIP = "equip"
    #: Nothing combined: one card is lost.
    LOST = "lost"


@dataclass(frozen=True, slots=True)
class CombinationStep:
    """One step: the card carried so far meets the next card, and one card goes on."""

    kind: StepKind
    current: int
    following: int
    #: The card carried on to the next step (or played, after the last).
    result: int
    #: Whether the card carried on is `current`, keeping the ATK and DEF its equips gave it.
    keeps_bonus: bool
    #: What an equip adds to ATK and DEF (0 unless the step is an equip).
    gain: int
    #: The cards the step uses up: both materials of a fusion, the equip card, or the card lost.
    used: tuple[int, ...]

    def bonus_after(self, bonus: int, reversed_gain: bool = False) -> int:
        """The equip bonus of the card carried on, given `current`'s; Reverse Trap negates the gain."""
        return bonus_after(bonus, self.keeps_bonus, self.gain, reversed_gain)


#: A step's facts, in CombinationStep's field order after `following`: kind, result, keeps_bonus,
#: gain, used.
StepFacts = tuple[StepKind, int, bool, int, tuple[int, ...]]


def bonus_after(bonus: int, keeps_bonus: bool, gain: int, reversed_gain: bool = False) -> int:
    """The equip bonus a step carries on, given the bonus before it; Reverse Trap negates the gain."""
    return (bonus if keeps_bonus else 0) + (-gain if reversed_gain else gain)


def combination_step(current: int, following: int, padding_fusions: bool = True) -> CombinationStep:
    """What happens when the card carried so far meets the next card of a combination."""
    kind, result, keeps_bonus, gain, used = step_facts(current, following, padding_fusions)
    return CombinationStep(kind, current, following, result, keeps_bonus, gain, used)


def step_facts(current: int, following: int, padding_fusions: bool = True) -> StepFacts:
    """`combination_step`'s facts as a plain tuple, for the rules' hot path (no object built)."""
    fused = fusion_of(current, following, padding_fusions)
    if fused is not None:
        return StepKind.FUSION, fused, False, 0, (current, following)
    first, second = card(current), card(following)
    # An equip works in either order: onto the monster carried so far, or onto the next card.
    if second.kind is CardKind.EQUIP and first.is_monster and can_equip(following, current):
        return StepKind.EQUIP, current, True, equip_bonus(following), (following,)
    if first.kind is CardKind.EQUIP and second.is_monster and can_equip(current, following):
        return StepKind.EQUIP, following, False, equip_bonus(current), (current,)
    # A lone monster stays; otherwise the first card is lost and the second goes on.
    if first.is_monster and not second.is_monster:
        return StepKind.LOST, current, True, 0, (following,)
    return StepKind.LOST, following, False, 0, (current,)


@dataclass(frozen=True, slots=True)
class Combination:
    """A whole combination: the card it gives, that card's equip bonus, and every step."""

    cards: tuple[int, ...]
    result: int
    bonus: int
    steps: tuple[CombinationStep, ...]

    @property
    def failed_step(self) -> int | None:
        """The index in `steps` of the first step where nothing combined (a card was lost), or None."""
        return next((index for index, step in enumerate(self.steps) if step.kind is StepKind.LOST), None)


def combine(cards_in_order: Sequence[int], padding_fusions: bool = True, bonus: int = 0) -> Combination:
    """Combine card ids in play order; `bonus` is the first card's (a monster on the field keeps its equips).

    ValueError if the list is empty or holds a number that is not a card.
    """
    if not cards_in_order:
        raise ValueError("a combination needs at least one card")
    for index, card_id in enumerate(cards_in_order):
        if isinstance(card_id, bool) or card_id not in cards():
            raise ValueError(f"entry {index + 1}: {card_id!r} is not a card number (1 to 722)")
    current = cards_in_order[0]
    steps = []
    for following in cards_in_order[1:]:
        step = combination_step(current, following, padding_fusions)
        current, bonus = step.result, step.bonus_after(bonus)
        steps.append(step)
    return Combination(tuple(cards_in_order), current, bonus, tuple(steps))

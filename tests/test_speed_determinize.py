"""DRUMP's determinize deals hidden stack cards directly: force cards only, uniformly among legal deals."""

from __future__ import annotations

import random
from collections import Counter
from itertools import permutations

import pytest

from cardtable.core import conformance
from cardtable.games.drump import GAME as DRUMP
from cardtable.games.drump.cards import IS_FORCE, RANK
from cardtable.games.drump.determinize import Determinizer
from cardtable.games.drump.stacks import CARD_MASK, FACE_DOWN, STACK_LIMIT
from cardtable.games.drump.view import DrumpView

#: Random games' positions (seed, step, seat) where the seat faces hidden stack cards:
#: one card with room 12, two stacks of one card (rooms 4 and 12), one stack of two cards (room 8).
POSITIONS = [(0, 58, 0), (2, 96, 1), (0, 53, 1)]


def view_at(seed: int, step: int, seat: int) -> DrumpView:
    """The seat's view at a step of one of the conformance module's random games."""
    for index, (state, _) in enumerate(conformance.random_states(DRUMP, seed, seats=2)):
        if index == step:
            return DRUMP.view(state, seat)
    raise AssertionError("the game ended before that step")


def hidden_values(
    view: DrumpView, stacks: tuple[tuple[tuple[int, ...], ...], ...]
) -> tuple[tuple[int, ...], ...]:
    """The values of the cards dealt to the stacks the view does not see, stack by stack."""
    return tuple(
        tuple(
            sorted(
                RANK[code & CARD_MASK]
                for code, (card, _) in zip(stacks[seat][slot], stack, strict=True)
                if card is None
            )
        )
        for seat, row in enumerate(view.stacks)
        for slot, stack in enumerate(row)
        if any(card is None for card, _ in stack)
    )


def exact_distribution(view: DrumpView) -> dict[tuple[tuple[int, ...], ...], float]:
    """Every deal of unseen force cards to the hidden stack places within the limit, equally likely."""
    needs = [
        (
            sum(card is None for card, _ in stack),
            STACK_LIMIT - sum(RANK[card] for card, _ in stack if card is not None),
        )
        for row in view.stacks
        for stack in row
        if any(card is None for card, _ in stack)
    ]
    forces = [card for card in Determinizer(view).pool if IS_FORCE[card]]
    counts: Counter[tuple[tuple[int, ...], ...]] = Counter()
    for cards in permutations(forces, sum(size for size, _ in needs)):
        values = []
        start = 0
        for size, room in needs:
            chosen = [RANK[card] for card in cards[start : start + size]]
            start += size
            if sum(chosen) > room:
                break
            values.append(tuple(sorted(chosen)))
        else:
            counts[tuple(values)] += 1
    total = sum(counts.values())
    return {key: count / total for key, count in counts.items()}


@pytest.mark.parametrize("where", POSITIONS)
def test_hidden_stack_cards_are_dealt_uniformly_among_legal_deals(where: tuple[int, int, int]) -> None:
    view = view_at(*where)
    draw = DRUMP.determinizer(view)
    rng = random.Random(5)
    draws = 6000
    seen: Counter[tuple[tuple[int, ...], ...]] = Counter()
    for _ in range(draws):
        state = draw(rng)
        for row in state.stacks:
            for stack in row:
                # Stacks hold force cards only, within the limit (drump.md, "Set").
                assert all(IS_FORCE[code & CARD_MASK] for code in stack)
                assert sum(RANK[code & CARD_MASK] for code in stack) <= STACK_LIMIT
        seen[hidden_values(view, state.stacks)] += 1
    exact = exact_distribution(view)
    assert set(seen) <= set(exact)
    distance = sum(abs(seen[key] / draws - chance) for key, chance in exact.items()) / 2
    assert distance < 0.06, distance


def test_hidden_stack_cards_stay_face_down_and_the_view_is_kept() -> None:
    view = view_at(*POSITIONS[1])
    rng = random.Random(2)
    for _ in range(50):
        state = DRUMP.determinize(view, rng)
        assert DRUMP.view(state, view.seat) == view
        hidden = [code for row in state.stacks for stack in row for code in stack if code >= FACE_DOWN]
        assert hidden

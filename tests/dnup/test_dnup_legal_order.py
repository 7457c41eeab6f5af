"""The fast legal-move generator lists exactly what the rules allow, in the documented order.

The reference below is the rules written plainly (dnup.md): plays of one value,
higher than every other set of their size (`play_beats`), by value then by
number of cards; adds that leave every third set of the new size lower
(`add_allowed`), by seat; takes by seat; rotate.  Random play draws by index,
so the order is part of every game.
"""

from __future__ import annotations

import random
from itertools import combinations

from cardtable.core.pairs import TOP
from cardtable.games.dnup import rules
from cardtable.games.dnup.actions import ADD_TABLE, ROTATE_ACTION, TAKE_TABLE, Action, play_of
from cardtable.games.dnup.options import OPTION_TABLE
from cardtable.games.dnup.state import DnupState


def _reference(state: DnupState) -> list[Action]:
    seat = state.turn_seat
    hand = state.hands[seat]
    actions: list[Action] = []
    for value in sorted({TOP[code] for code in hand}):
        codes = [code for code in hand if TOP[code] == value]
        for count in range(1, len(codes) + 1):
            if rules.play_beats(state, seat, count, value):
                actions += [play_of(cards) for cards in combinations(codes, count)]
    for target, cards in enumerate(state.tables):
        if target != seat and cards and rules.add_allowed(state, seat, target, TOP[cards[0]]):
            actions += [ADD_TABLE[code][target] for code in hand if TOP[code] == TOP[cards[0]]]
    actions += [TAKE_TABLE[target] for target, cards in enumerate(state.tables) if target != seat and cards]
    return [*actions, ROTATE_ACTION]


def test_the_legal_actions_are_the_rules_in_their_order() -> None:
    rng = random.Random(14)
    checked = 0
    for seats in range(rules.MIN_SEATS, rules.MAX_SEATS + 1):
        for given in ({}, {"random_orientation": False}, {"round_end": "first", "hand_size": 8}):
            state = rules.new_game(OPTION_TABLE.from_dict(given), seats, rng, None)
            for _ in range(400):
                if state.result is not None:
                    break
                legal = rules.legal_actions(state)
                assert legal == _reference(state)
                state = rules.apply(state, legal[rng.randrange(len(legal))])
                checked += 1
    assert checked > 2000

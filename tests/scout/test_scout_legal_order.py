"""The fast legal-move generator lists exactly what the rules allow, in its fixed order.

The reference below is the rules written plainly (scout.md, "A turn"): every
group of adjacent cards that is a show stronger than the active set
(`show_strength`), by first card then last; the plain Scouts, left end then
right, unturned then turned, by position; the Scout & Shows after which some
show beats what is left of the active set; decline.  Random play draws by
index, so the order is part of every game.
"""

from __future__ import annotations

import random

from cardtable.core.conformance import random_states
from cardtable.core.pairs import TOP
from cardtable.games.scout import GAME, show_strength
from cardtable.games.scout.actions import (
    DECLINE_ACTION,
    LEFT,
    RIGHT,
    SCOUT_TABLE,
    SHOW_TABLE,
    Action,
)
from cardtable.games.scout.rules import _shows_above as fast_shows_above
from cardtable.games.scout.rules import legal_actions
from cardtable.games.scout.shows import NO_SHOW, active_rank
from cardtable.games.scout.state import PLAYING, SHOWING, ScoutState


def _strength_or_none(numbers: list[int]) -> int | None:
    try:
        return show_strength(numbers).rank
    except ValueError:
        return None


def _shows_above(tops: list[int], beat: int) -> list[Action]:
    found: list[Action] = []
    for first in range(len(tops)):
        for last in range(first, len(tops)):
            rank = _strength_or_none(tops[first : last + 1])
            if rank is not None and rank > beat:
                show = SHOW_TABLE[first][last]
                assert show is not None
                found.append(show)
    return found


def _reference(state: ScoutState) -> list[Action]:
    seat = state.turn_seat
    tops = [TOP[code] for code in state.hands[seat]]
    active = state.active
    actions = _shows_above(tops, active_rank([TOP[code] for code in active]))
    if state.phase == SHOWING or not active or (state.seats == 2 and not state.tokens[seat]):
        return actions
    ends = (LEFT,) if len(active) == 1 else (LEFT, RIGHT)
    for end in ends:
        for turn in (0, 1):
            actions += SCOUT_TABLE[0][end][turn][: len(tops) + 1]
    if state.chips[seat]:
        for end in ends:
            code = active[0] if end == LEFT else active[-1]
            rest = active[1:] if end == LEFT else active[:-1]
            beat = active_rank([TOP[other] for other in rest]) if rest else NO_SHOW
            for turn in (0, 1):
                for position in range(len(tops) + 1):
                    after = [*tops[:position], TOP[code ^ turn], *tops[position:]]
                    if _shows_above(after, beat):
                        actions.append(SCOUT_TABLE[1][end][turn][position])
    if state.seats == 2 and state.options.may_decline:
        actions.append(DECLINE_ACTION)
    return actions


def test_the_legal_actions_are_the_rules_in_their_order() -> None:
    checked = 0
    for seats in (2, 3, 4, 5):
        for seed in range(6):
            options = GAME.option_table.resolve(overrides={"may_decline": seed % 2 == 1})
            for state, _ in random_states(GAME, seed, options, seats):
                if state.phase in (PLAYING, SHOWING):
                    assert legal_actions(state) == _reference(state), (seats, seed, state.hands)
                    checked += 1
    assert checked > 1000


def test_shows_are_listed_in_order_for_hands_rich_in_runs_and_sets() -> None:
    # Long runs and sets, up and down, where one run's last card starts the next.
    rng = random.Random(14)
    for _ in range(3000):
        value, step = rng.randrange(1, 11), rng.choice((-1, 0, 1))
        tops = []
        for _ in range(rng.randrange(1, 13)):
            if not 1 <= value <= 10 or rng.random() < 0.2:
                value, step = rng.randrange(1, 11), rng.choice((-1, 0, 1))
            tops.append(value)
            value += step
        beat = rng.choice((NO_SHOW, active_rank([rng.randrange(1, 11)] * rng.randrange(1, 4))))
        beat = rng.choice((beat, active_rank(tops[: rng.randrange(1, 4)])))
        assert fast_shows_above(tops, beat) == _shows_above(tops, beat), (tops, beat)

"""Scout's rules for study (scout.md): show strength, what beats what, round scoring; the engine uses them."""

from __future__ import annotations

import random

import pytest

from cardtable.core.conformance import random_states
from cardtable.core.pairs import TOP, turned
from cardtable.games.scout import (
    GAME,
    RoundFacts,
    ShowKind,
    ShowStrength,
    beats,
    game_winners,
    round_points,
    show_strength,
)
from cardtable.games.scout.actions import LEFT, RIGHT, Scout, Show
from cardtable.games.scout.events import RoundEnded
from cardtable.games.scout.shows import NO_SHOW, Insertion, active_rank, shows


@pytest.mark.parametrize(
    ("numbers", "strength"),
    [
        ([7], ShowStrength(ShowKind.SET, 1, 7)),
        ([4, 4, 4], ShowStrength(ShowKind.SET, 3, 4)),
        ([3, 4, 5], ShowStrength(ShowKind.RUN, 3, 3)),
        ([9, 8], ShowStrength(ShowKind.RUN, 2, 8)),
        ([10, 9, 8, 7], ShowStrength(ShowKind.RUN, 4, 7)),
    ],
)
def test_a_shows_strength_is_its_kind_size_and_lowest_number(
    numbers: list[int], strength: ShowStrength
) -> None:
    assert show_strength(numbers) == strength


@pytest.mark.parametrize(
    ("numbers", "reason"),
    [
        ([], r"\[\] is not a show: a show holds at least one card"),
        ([3, 5], r"\[3, 5\] is not a show: neither one number nor a run"),
        ([3, 4, 3], r"\[3, 4, 3\] is not a show: neither one number nor a run"),
        ([5, 5, 6], r"\[5, 5, 6\] is not a show"),
        ([11], r"\[11\] is not a show: 11 is not a number from 1 to 10"),
        ([0, 1], r"0 is not a number from 1 to 10"),
        ([True], r"True is not a number from 1 to 10"),
    ],
)
def test_cards_that_are_no_show_are_refused_with_the_reason(numbers: list[int], reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        show_strength(numbers)


@pytest.mark.parametrize(
    ("shown", "active", "expected"),
    [
        ([2, 3], [9], True),  # more cards beat fewer, whatever the numbers
        ([9], [2, 3], False),
        ([2, 2], [5, 6], True),  # at equal size a set beats a run
        ([5, 6], [2, 2], False),
        ([7, 8], [5, 6], True),  # at equal size and kind the higher lowest number
        ([6, 5], [5, 6], False),  # equal cannot be played
        ([3, 3], [3, 3], False),
        ([1], None, True),  # an empty table takes any show
    ],
)
def test_what_beats_the_active_set(shown: list[int], active: list[int] | None, expected: bool) -> None:
    assert beats(show_strength(shown), show_strength(active) if active else None) is expected


def test_the_engines_packed_rank_orders_shows_as_the_rules_do() -> None:
    rng = random.Random(5)
    for _ in range(3000):
        hand = [rng.choice((3, 4, 5)) if rng.random() < 0.6 else rng.randrange(1, 11) for _ in range(9)]
        beat = rng.choice((0, active_rank([rng.randrange(1, 11)] * rng.randrange(1, 4))))
        expected = []
        for first in range(len(hand)):
            for last in range(first, len(hand)):
                try:
                    strength = show_strength(hand[first : last + 1])
                except ValueError:
                    continue
                if strength.rank > beat:
                    expected.append((first, last, strength.rank))
        assert shows(hand, beat) == expected, (hand, beat)


def strongest_show(tops: list[int]) -> int:
    """The rank of the strongest show in a hand, found by trying every group of adjacent cards."""
    best = NO_SHOW
    for first in range(len(tops)):
        for last in range(first, len(tops)):
            try:
                best = max(best, show_strength(tops[first : last + 1]).rank)
            except ValueError:
                continue
    return best


def test_the_scout_and_show_test_finds_the_strongest_show_with_the_new_card_and_equal_does_not_beat() -> None:
    # Insertion decides where Scout & Show is offered; it must rank as the rules do, and an equal
    # show must not count as beating (scout.md: equal cannot be played).
    rng = random.Random(8)
    for _ in range(250):
        tops = [
            rng.choice((3, 4, 5)) if rng.random() < 0.6 else rng.randrange(1, 11)
            for _ in range(rng.randrange(8))
        ]
        insertion = Insertion(tops)
        for value in range(1, 11):
            for position in range(len(tops) + 1):
                best = strongest_show([*tops[:position], value, *tops[position:]])
                assert insertion.best_with(value, position) == best, (tops, value, position)
                assert insertion.beats_with(value, position, best - 1), (tops, value, position)
                assert not insertion.beats_with(value, position, best), (tops, value, position)


def test_scout_and_show_is_offered_exactly_where_a_show_beating_the_rest_of_the_set_follows() -> None:
    checked = 0
    for seats in (3, 4, 5):
        for state, _ in random_states(GAME, seed=30 + seats, seats=seats):
            if state.phase != 1 or not state.active or not state.chips[state.turn_seat]:
                continue
            hand, active = state.hands[state.turn_seat], state.active
            offered = {
                (action.end, action.turned, action.position)
                for action in GAME.legal_actions(state)
                if isinstance(action, Scout) and action.with_show
            }
            expected = set()
            for end in (LEFT, RIGHT) if len(active) > 1 else (LEFT,):
                taken = active[0] if end == LEFT else active[-1]
                rest = active[1:] if end == LEFT else active[:-1]
                remaining = show_strength([TOP[code] for code in rest]) if rest else None
                for turn in (False, True):
                    value = TOP[turned(taken) if turn else taken]
                    for position in range(len(hand) + 1):
                        tops = [TOP[code] for code in hand]
                        tops.insert(position, value)
                        if strongest_show(tops) > (remaining.rank if remaining else NO_SHOW):
                            expected.add((end, turn, position))
            assert offered == expected
            checked += 1
    assert checked > 50


def test_the_legal_shows_are_exactly_the_shows_that_beat_the_active_set() -> None:
    for seats in (2, 3, 4, 5):
        for state, _ in random_states(GAME, seed=seats, seats=seats):
            if state.phase not in (1, 2):
                continue
            tops = [TOP[code] for code in state.hands[state.turn_seat]]
            active = show_strength([TOP[code] for code in state.active]) if state.active else None
            offered = {
                (action.first, action.last)
                for action in GAME.legal_actions(state)
                if isinstance(action, Show)
            }
            for first in range(len(tops)):
                for last in range(first, len(tops)):
                    try:
                        allowed = beats(show_strength(tops[first : last + 1]), active)
                    except ValueError:
                        allowed = False
                    assert ((first, last) in offered) == allowed


def test_round_points_follow_the_rules() -> None:
    # +1 a captured card, +1 a token, -1 a card in hand; the exempt seat loses nothing for its hand.
    assert round_points(RoundFacts((2, 0, 1), (1, 0, 0), (0, 3, 4))) == (3, -3, -3)
    assert round_points(RoundFacts((2, 0, 1), (1, 2, 0), (1, 3, 4), exempt=1)) == (2, 2, -3)


@pytest.mark.parametrize(
    ("arguments", "reason"),
    [
        (((1, 2), (0,), (3, 3)), r"tokens \(0,\) counts 1 seats, not 2"),
        (((1, -2), (0, 0), (3, 3)), r"captured \(1, -2\) should be counts, 0 or more"),
        (((1, 2), (0, 0), (3, 3), 2), "exempt seat 2 is not a seat"),
        (((1, 2), (0, 0), (3, 3), -1), "exempt seat -1 is not a seat"),
    ],
)
def test_impossible_round_facts_are_refused(arguments: tuple[object, ...], reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        RoundFacts(*arguments)  # type: ignore[arg-type]


def test_the_most_points_win_and_ties_share() -> None:
    assert game_winners([3, 9, 2]) == (1,)
    assert game_winners([5, 1, 5]) == (0, 2)
    with pytest.raises(ValueError, match="no scores"):
        game_winners([])


def test_every_round_of_a_game_is_scored_by_round_points_from_its_facts() -> None:
    for seats in (2, 3, 4, 5):
        state = list(random_states(GAME, seed=10 + seats, seats=seats))[-1][0]
        ends = [event for event in GAME.view(state, None).log if isinstance(event, RoundEnded)]
        assert [event.points for event in ends] == list(state.round_scores)
        for event in ends:
            assert event.points == round_points(event.facts)

"""What a seat knows of the decks: its own deck's cards (not their order), and a named duelist's pool.

A player knows its deck list, so what its deck still holds; a player who chose a duelist knows its
deck pool (docs/rules/fm.md "The opponents", "Modes").  The determinizer draws from those; nothing
of one seat's deck reaches the other seat's view.
"""

from __future__ import annotations

import random

import pytest

from cardtable.core.errors import PositionError
from cardtable.games.fm import GAME
from cardtable.games.fm.ai import DuelistAI
from cardtable.games.fm.carddata import duelists
from cardtable.games.fm.decks import DUEL_MASTER_K, draw_weighted, starter_deck
from cardtable.games.fm.duelists import duel_position
from cardtable.games.fm.state import HAND, FmState

#: Teana: a deck pool of 21 cards, so a card drawn from the catalogue would be seen at once.
TEANA = 2


def free_duel(duelist: int, seed: int, actions: int) -> FmState:
    """A Free Duel (a starter deck against `duelist`) after `actions` actions of two duelist AIs."""
    rng = random.Random(seed)
    state = GAME.state_from_position(duel_position(starter_deck(rng), duelist, rng), rng, None)
    players = [DuelistAI(1), DuelistAI(duelist)]
    for _ in range(actions):
        seat = state.current_seat()
        assert seat is not None
        action = players[seat].choose(GAME.view(state, seat), GAME.legal_actions(state), rng)
        state = GAME.apply(state, action)
    return state


def test_a_seats_own_deck_is_dealt_from_the_cards_it_still_holds() -> None:
    state = free_duel(TEANA, 1, 30)
    view = GAME.view(state, 0)
    past_window = state.windows[0] - HAND
    held = tuple(sorted(state.decks[0][past_window:]))
    assert view.deck_rest == held and len(held) > 20
    rng = random.Random(2)
    orders = set()
    for _ in range(50):
        drawn = GAME.determinize(view, rng)
        assert tuple(sorted(drawn.decks[0][past_window:])) == held
        orders.add(drawn.decks[0])
    # In a random order, not the true one each time.
    assert len(orders) > 40


def test_the_order_of_a_seats_deck_is_in_no_view_and_its_cards_in_no_other_seats() -> None:
    state = free_duel(TEANA, 3, 20)
    before = {seat: GAME.view(state, seat).to_json() for seat in (0, 1, None)}
    reordered = state.copy()
    reordered.decks = (tuple(reversed(state.decks[0])), state.decks[1])
    for seat in (0, 1, None):
        assert GAME.view(reordered, seat).to_json() == before[seat], seat
    # Other cards in seat 1's deck: seat 1's own view changes, seat 0's and a spectator's do not.
    other = state.copy()
    other.decks = (state.decks[0], (1,) * len(state.decks[1]))
    assert GAME.view(other, 1).to_json() != before[1]
    for seat in (0, None):
        view = GAME.view(other, seat)
        assert view.to_json() == before[seat] and (seat is None or 1 not in view.deck_rest)


def test_a_named_duelists_hidden_cards_are_drawn_from_its_deck_pool() -> None:
    state = free_duel(TEANA, 4, 0)
    view = GAME.view(state, 0)
    assert view.duelists == (None, TEANA)
    pool = {card_id for card_id, _ in duelists()[TEANA].pools["deck"]}
    rng = random.Random(5)
    for _ in range(100):
        drawn = GAME.determinize(view, rng)
        assert set(drawn.hands[1] + drawn.decks[1]) <= pool


@pytest.mark.parametrize("duelist", [None, DUEL_MASTER_K])
def test_a_side_whose_pool_is_not_known_is_drawn_from_the_catalogue(duelist: int | None) -> None:
    # Duel Master K plays a copy of the player's deck, not a pool: the catalogue, as for a person.
    rng = random.Random(6)
    position = duel_position(starter_deck(rng), DUEL_MASTER_K, rng)
    position["duelists"] = [None, duelist]
    view = GAME.view(GAME.state_from_position(position, rng, None), 0)
    pool = {card_id for card_id, _ in duelists()[DUEL_MASTER_K].pools["deck"]}
    drawn = [GAME.determinize(view, rng) for _ in range(20)]
    assert any(not set(state.hands[1] + state.decks[1]) <= pool for state in drawn)


def test_a_positions_duelists_are_kept_and_checked() -> None:
    rng = random.Random(7)
    position = duel_position(starter_deck(rng), 12, rng)
    state = GAME.state_from_position(position, rng, None)
    assert state.duelists == (None, 12)
    again = GAME.state_from_position(GAME.position_of(state), rng, None)
    assert again.duelists == (None, 12) and GAME.view(again, 0).duelists == (None, 12)
    for wrong in ([None, 40], [None, "Teana"], [0, None]):
        with pytest.raises(PositionError, match=r"position duelists: one duelist number \(1-39\) or null"):
            GAME.state_from_position({**position, "duelists": wrong}, rng, None)


def test_a_duel_naming_no_duelist_writes_its_position_as_before_the_key_existed() -> None:
    # The golden replays, saved files and stored tables fix their start by the position's hash.
    state = GAME.new_state(GAME.option_table.default(), 2, random.Random(3), None)
    assert state.duelists == (None, None) and "duelists" not in GAME.position_of(state)
    again = GAME.state_from_position(GAME.position_of(state), random.Random(3), None)
    assert GAME.position_of(again) == GAME.position_of(state)


def test_a_weighted_draw_past_what_its_pool_allows_goes_on_from_the_catalogue() -> None:
    pool = ((24, 5), (58, 1))
    seen = {24: 2}
    drawn: list[int] = []
    draw_weighted(drawn, pool, (8, 9), 6, seen, random.Random(8))
    # One more copy of 24 and three of 58 are all the pool allows; the other two from the catalogue.
    assert sorted(drawn[:4]) == [24, 58, 58, 58] and set(drawn[4:]) <= {8, 9} and len(drawn) == 6
    assert seen == {24: 3, 58: 3, **{c: drawn[4:].count(c) for c in set(drawn[4:])}}

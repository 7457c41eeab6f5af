"""Observations come from the seat's view alone: hidden cards dealt again change nothing a seat sees."""

from __future__ import annotations

import copy
import random

import numpy as np
import pytest

from cardtable.bots.learned import encoding_for
from cardtable.bots.learned.encoding import Layout, new_entries
from cardtable.bots.learned.observer import update_cards
from cardtable.games import get_game

TABLES = [("drump", 2), ("scout", 2), ("scout", 4), ("dnup", 3), ("dnup", 5), ("fm", 2)]


def random_states(game_name: str, seats: int, games: int, seed: int) -> list[object]:
    """Every state of a few random games."""
    game = get_game(game_name)
    rng = random.Random(seed)
    states = []
    for _ in range(games):
        state = game.new_state(game.option_table.default(), seats, rng, None)
        while game.outcome(state) is None:
            states.append(state)
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
    return states


@pytest.mark.parametrize(("game_name", "seats"), TABLES)
def test_cards_hidden_from_a_seat_change_none_of_its_observation(game_name: str, seats: int) -> None:
    game = get_game(game_name)
    encoding = encoding_for(game_name)
    rng = random.Random(5)
    redealt = others_changed = 0
    for state in random_states(game_name, seats, games=2, seed=11)[::3]:
        seat = game.current_seat(state)
        view = game.view(state, seat)
        # A state that differs from the true one only in what the seat cannot see.
        other = game.determinize(view, rng)
        assert np.array_equal(encoding.observe(game.view(other, seat)), encoding.observe(view))
        if encoding.observe_state is not None:  # the environments' path, read from the state itself
            assert np.array_equal(encoding.observe_state(other, seat), encoding.observe(view))
            assert np.array_equal(encoding.observe_state(state, seat), encoding.observe(view))
        if game.position_of(other) != game.position_of(state):
            redealt += 1
        opponent = (seat + 1) % seats
        if not np.array_equal(
            encoding.observe(game.view(other, opponent)), encoding.observe(game.view(state, opponent))
        ):
            others_changed += 1
    # The check means something: the hidden cards did move, and another seat could tell.
    assert redealt > 0 and others_changed > 0


@pytest.mark.parametrize(("game_name", "seats"), TABLES)
def test_observations_have_the_layout_shape_and_bounds(game_name: str, seats: int) -> None:
    game = get_game(game_name)
    encoding = encoding_for(game_name)
    lowest = encoding.layout.lowest()
    seen_nonzero = np.zeros(encoding.observation_size, dtype=bool)
    for state in random_states(game_name, seats, games=2, seed=3):
        for seat in range(seats):
            observation = encoding.observe(game.view(state, seat))
            assert observation.shape == (encoding.observation_size,) and observation.dtype == np.float32
            assert (observation >= lowest).all() and (observation <= 1).all()
            seen_nonzero |= observation != 0
    # Every part of the layout is used by some observation (no dead part).
    unused = [s.name for s in encoding.layout.sections if not seen_nonzero[s.start : s.start + s.size].any()]
    assert unused == [] or set(unused) <= OPTIONAL_PARTS[game_name], unused


#: Parts that these few random games may leave empty: DRUMP's discards to the hand limit and last turn
#: after a DRUMP; Scout's Scout & Show chips (not dealt to two players) and set-aside cards (two
#: players only); the duel's attack locks (one magic card) and the duelists who see face-down cards.
OPTIONAL_PARTS = {
    "drump": {"deciding", "last_turn"},
    "scout": {"chips", "aside_seen"},
    "dnup": set(),
    "fm": {"locks", "sees_face_down"},
}


@pytest.mark.parametrize(("game_name", "seats"), TABLES)
def test_the_mask_marks_exactly_the_legal_actions(game_name: str, seats: int) -> None:
    game = get_game(game_name)
    encoding = encoding_for(game_name)
    for state in random_states(game_name, seats, games=1, seed=8):
        legal = game.legal_actions(state)
        mask = encoding.mask(legal)
        assert mask.sum() == len(legal)
        assert sorted(encoding.action_ids(legal)) == np.flatnonzero(mask).tolist()
        # Each id names its action: the table maps it back, value for value.
        assert all(encoding.actions[encoding.action_id(action)] == action for action in legal)


@pytest.mark.parametrize("game_name", ["drump", "scout", "dnup", "fm"])
def test_every_id_is_one_action_with_its_own_notation(game_name: str) -> None:
    game = get_game(game_name)
    encoding = encoding_for(game_name)
    texts = [game.format_action(action) for action in encoding.actions]
    assert len(set(texts)) == len(texts) == encoding.action_count
    assert all(
        game.parse_action(text) == action for text, action in zip(texts, encoding.actions, strict=True)
    )


def test_the_ids_are_the_games_action_tables() -> None:
    from cardtable.games.drump.actions import ACTIONS as DRUMP
    from cardtable.games.fm.actions import ACTIONS as FM
    from cardtable.games.scout.actions import ACTIONS as SCOUT

    assert encoding_for("drump").actions == DRUMP and encoding_for("drump").action_count == 793
    assert encoding_for("scout").actions == SCOUT and encoding_for("scout").action_count == 1406
    assert encoding_for("fm").actions == FM and encoding_for("fm").action_count == 93
    assert encoding_for("dnup").action_count == 1 + 5 + 450 + 5110


def test_a_spectator_has_no_observation() -> None:
    game = get_game("drump")
    state = game.new_state(game.option_table.default(), 2, random.Random(1), None)
    with pytest.raises(ValueError, match="spectator"):
        encoding_for("drump").observe(game.view(state, None))


def test_an_unknown_game_has_no_encoding() -> None:
    with pytest.raises(ValueError, match="no machine-learning encoding for 'chess'"):
        encoding_for("chess")


@pytest.mark.parametrize(
    ("game_name", "seats"), [table for table in TABLES if encoding_for(table[0]).observe_state]
)
def test_an_observation_read_from_the_state_is_the_views(game_name: str, seats: int) -> None:
    game = get_game(game_name)
    encoding = encoding_for(game_name)
    assert encoding.observe_state is not None
    for state in random_states(game_name, seats, games=6, seed=3):
        for seat in range(seats):
            assert np.array_equal(
                encoding.observe_state(state, seat), encoding.observe(game.view(state, seat))
            )


def test_a_layout_names_its_parts_offsets_and_refuses_a_name_it_uses_itself() -> None:
    layout = Layout([("hand", 3, "cards"), ("pile", 2, "cards")])
    assert (layout.hand, layout.pile, layout.size) == (0, 3, 5)
    with pytest.raises(AttributeError, match="no layout part 'deck'"):
        _ = layout.deck
    for name in ("size", "markdown", "hand"):
        with pytest.raises(ValueError, match=f"layout part '{name}'"):
            Layout([("hand", 1, "cards"), (name, 1, "a clash")])


@pytest.mark.parametrize(
    ("game_name", "seats"), [table for table in TABLES if encoding_for(table[0]).observer]
)
def test_an_observer_rewriting_only_what_changed_observes_as_the_view_does(
    game_name: str, seats: int
) -> None:
    game = get_game(game_name)
    encoding = encoding_for(game_name)
    assert encoding.observer is not None
    observer = encoding.observer()
    rng = random.Random(7)
    states = random_states(game_name, seats, games=4, seed=5)
    # The positions in the order played, then jumping about (a part kept from far away must be right).
    for state in states + rng.sample(states, len(states) // 2):
        seat = rng.randrange(seats)
        observed = observer.observe(state, seat)
        assert np.array_equal(observed, encoding.observe(game.view(state, seat)))
        observed[:] = 2.0  # the array handed out is the caller's: writing to it changes nothing kept
        assert np.array_equal(observer.again(seat), encoding.observe(game.view(state, seat)))


def test_legal_ids_take_an_equal_action_that_is_not_the_tables_own() -> None:
    encoding = encoding_for("drump")
    interned, equal = encoding.actions[7], copy.deepcopy(encoding.actions[5])
    assert equal is not encoding.actions[5]
    assert encoding.action_ids([interned, equal]) == [7, 5]  # in the rules' order


@pytest.mark.parametrize(
    ("old", "new"),
    [((), (3, 1)), ((3, 1), (3, 1, 4)), ((3, 1, 4), (1, 4)), ((3, 1), ()), ((5, 2), (2, 6, 5)), ((1,), (1,))],
)
def test_cards_updated_from_one_set_to_another_hold_the_new_set(
    old: tuple[int, ...], new: tuple[int, ...]
) -> None:
    entries = new_entries(Layout([("before", 2, "untouched"), ("cards", 8, "cards")]))
    entries[0] = entries[1] = 0.5
    for card in old:
        entries[2 + card] = 1.0
    update_cards(entries, 2, old, new)
    assert list(entries) == [0.5, 0.5] + [1.0 if card in new else 0.0 for card in range(8)]

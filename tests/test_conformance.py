"""The conformance suite: random games over many seeds for every registered game, preset and table size."""

from __future__ import annotations

import dataclasses
import itertools
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.core import conformance
from cardtable.games import game_names, get_game


def variants() -> list[tuple[str, str | None, int]]:
    """Every game with its default options and each preset, at every number of seats."""
    found = []
    for name in game_names():
        game = get_game(name)
        for preset in [None, *game.option_table.presets]:
            for seats in range(game.min_seats, game.max_seats + 1):
                found.append((name, preset, seats))
    return found


def options_of(name: str, preset: str | None) -> Any:
    return get_game(name).option_table.resolve(preset)


@pytest.mark.parametrize(("name", "preset", "seats"), variants())
@pytest.mark.parametrize("seed", range(4))
def test_random_games_keep_every_invariant(name: str, preset: str | None, seats: int, seed: int) -> None:
    game = get_game(name)
    # Views and positions are checked at every step of short games, every few steps of long ones.
    length = conformance.check_game(game, seed, options_of(name, preset), seats, views_every=1 + seats // 3)
    assert length > 0


@pytest.mark.parametrize(("name", "preset", "seats"), variants())
@pytest.mark.parametrize("seed", [7, 8])
def test_an_unlogged_state_plays_the_same_game_and_writes_no_log(
    name: str, preset: str | None, seats: int, seed: int
) -> None:
    # Tree search plays its drawn states unlogged (`Game.unlogged`): the rules must not notice.
    game = get_game(name)
    # Every shipped game has unlogged states of its own, so the check sees that they write nothing.
    dealt = game.new_state(game.option_table.default(), seats, random.Random(seed), None)
    assert game.unlogged(dealt) is not dealt
    conformance.check_unlogged(game, seed, options_of(name, preset), seats)


@pytest.mark.parametrize(("name", "preset", "seats"), variants())
def test_many_random_games_end_with_cards_conserved(name: str, preset: str | None, seats: int) -> None:
    # Cheaper checks over more seeds: views every 25 actions only.
    game = get_game(name)
    for seed in range(100, 110):
        conformance.check_game(game, seed, options_of(name, preset), seats, views_every=25)


@pytest.mark.parametrize(("name", "preset", "seats"), variants())
@pytest.mark.parametrize("seed", range(2))
def test_replays_are_identical(name: str, preset: str | None, seats: int, seed: int) -> None:
    conformance.check_replay(get_game(name), seed, options_of(name, preset), seats)


@pytest.mark.parametrize("name", game_names())
def test_the_leak_checks_catch_a_leaky_view(name: str) -> None:
    # The checks themselves must catch a view, or a log, that shows a hidden card.
    game = get_game(name)
    state, _ = next(conformance.random_states(game, 0))
    seat = game.current_seat(state)
    hidden = sorted(game.hidden_cards(state, seat))
    assert hidden

    class Leaky:
        def __init__(self, view: Any) -> None:
            self.seat = view.seat
            self.history = view.history
            self.inner = view

        def describe(self, event: Any) -> str:
            return self.inner.describe(event) + " " + game.card_name(hidden[0])

        def to_json(self, with_log: bool = True) -> dict[str, Any]:
            return {**self.inner.to_json(with_log), "secret": game.card_name(hidden[0])}

    leaky = dataclasses.replace(game, view=lambda s, who: Leaky(game.view(s, who)))
    with pytest.raises(AssertionError, match=r"the view of seat .* shows hidden cards"):
        conformance.check_views(leaky, state, random.Random(0), "leak test")
    with pytest.raises(AssertionError, match=r"the log of seat .* shows hidden cards"):
        conformance.check_new_log_entries(leaky, state, {}, "leak test")


@pytest.mark.parametrize("name", game_names())
@settings(max_examples=25, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32), choices=st.lists(st.integers(0, 10_000), max_size=300))
def test_any_sequence_of_choices_keeps_the_invariants(
    name: str, data: st.DataObject, seed: int, choices: list[int]
) -> None:
    game = get_game(name)
    seats = data.draw(st.integers(game.min_seats, game.max_seats))
    state = game.new_state(game.option_table.default(), seats, random.Random(seed), None)
    deck = sorted(game.all_cards(state))
    rng = random.Random(seed)
    for index, choice in enumerate(choices):
        legal = game.legal_actions(state)
        if not legal:
            break
        action = legal[choice % len(legal)]
        state = conformance.check_step(game, state, action, deck, f"{name} step {index}")
    conformance.check_views(game, state, rng, f"{name} after {len(choices)} choices")


@pytest.mark.parametrize("name", game_names())
def test_the_determinize_check_names_the_field_a_drawn_state_gets_wrong(name: str) -> None:
    # A determinize that ignores part of its view: it draws from the view of a later moment instead.
    game = get_game(name)
    states = [state for state, _ in itertools.islice(conformance.random_states(game, 0), 12)]
    earlier, later = states[0], states[-1]

    def stale(view: Any, rng: random.Random) -> Any:
        return game.determinize(game.view(later, view.seat), rng)

    faulty = dataclasses.replace(game, determinize=stale)
    with pytest.raises(AssertionError, match=r"a state drawn from the view of seat \S+ shows view\.\w+.* = "):
        conformance.check_views(faulty, earlier, random.Random(0), "stale draw")
    conformance.check_views(game, earlier, random.Random(0), "the game's own draw")


def test_view_difference_names_the_path_to_the_first_field_that_differs() -> None:
    @dataclasses.dataclass(frozen=True)
    class Seen:
        seat: int
        rows: tuple[tuple[int, ...], ...]

    assert conformance.view_difference(Seen(0, ((1, 2), (3, 4))), Seen(0, ((1, 2), (3, 4)))) is None
    assert conformance.view_difference(Seen(0, ((1, 2), (3, 4))), Seen(0, ((1, 2), (3, 5)))) == (
        "view.rows[1][1] = 5, where the view has 4"
    )
    assert conformance.view_difference(Seen(0, ((1,),)), Seen(0, ((1, 2),))) == (
        "view.rows[0] = (1, 2), where the view has (1,)"
    )


def test_the_unlogged_check_catches_a_copy_that_plays_differently() -> None:
    game = get_game("dnup")

    def ahead(state: object) -> object:
        # Not the same game: one action further on.
        return state if game.outcome(state) is not None else game.apply(state, game.legal_actions(state)[0])

    with pytest.raises(AssertionError, match="unlogged"):
        conformance.check_unlogged(dataclasses.replace(game, unlogged=ahead), 7)


def test_the_unlogged_check_catches_a_copy_that_goes_on_logging() -> None:
    game = get_game("scout")

    def still_logging(state: Any) -> Any:
        return state.copy()

    with pytest.raises(AssertionError, match="an unlogged state wrote to its logs"):
        conformance.check_unlogged(dataclasses.replace(game, unlogged=still_logging), 7)

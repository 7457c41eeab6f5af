"""The conformance suite: random games over many seeds for every registered game and preset."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.core import conformance
from cardtable.core.registry import game_names, get_game


def variants() -> list[tuple[str, str | None]]:
    """Every game with its default options and each preset."""
    return [
        (name, preset) for name in game_names() for preset in [None, *get_game(name).option_table.presets]
    ]


def options_of(name: str, preset: str | None) -> Any:
    return get_game(name).option_table.resolve(preset)


@pytest.mark.parametrize(("name", "preset"), variants())
@pytest.mark.parametrize("seed", range(6))
def test_random_games_keep_every_invariant(name: str, preset: str | None, seed: int) -> None:
    game = get_game(name)
    length = conformance.check_game(game, seed, options_of(name, preset))
    assert length > 0


@pytest.mark.parametrize(("name", "preset"), variants())
def test_many_random_games_end_with_cards_conserved(name: str, preset: str | None) -> None:
    # Cheaper checks over more seeds: views every 25 actions only.
    game = get_game(name)
    for seed in range(100, 120):
        conformance.check_game(game, seed, options_of(name, preset), views_every=25)


@pytest.mark.parametrize(("name", "preset"), variants())
@pytest.mark.parametrize("seed", range(3))
def test_replays_are_identical(name: str, preset: str | None, seed: int) -> None:
    conformance.check_replay(get_game(name), seed, options_of(name, preset))


@pytest.mark.parametrize("name", game_names())
def test_views_ignore_hidden_cards_on_purpose_built_leaks(name: str) -> None:
    # The check itself must catch a view that shows a hidden card.
    game = get_game(name)
    state, _ = next(conformance.random_states(game, 0))
    seat = game.current_seat(state)
    hidden = sorted(game.hidden_cards(state, seat))
    assert hidden

    class Leaky:
        def __init__(self, view: Any) -> None:
            self.seat = view.seat
            self.inner = view

        def to_json(self) -> dict[str, Any]:
            return {**self.inner.to_json(), "secret": game.card_name(hidden[0])}

    original = game.view
    try:
        game.view = lambda s, who: Leaky(original(s, who))  # type: ignore[method-assign]
        with pytest.raises(AssertionError, match="shows hidden cards"):
            conformance.check_views(game, state, random.Random(0), "leak test")
    finally:
        del game.view


@pytest.mark.parametrize("name", game_names())
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.lists(st.integers(0, 10_000), max_size=300))
def test_any_sequence_of_choices_keeps_the_invariants(name: str, seed: int, choices: list[int]) -> None:
    game = get_game(name)
    state = game.new_state(game.option_table.default(), game.min_seats, random.Random(seed))
    deck = sorted(game.all_cards(state))
    rng = random.Random(seed)
    for index, choice in enumerate(choices):
        legal = game.legal_actions(state)
        if not legal:
            break
        action = legal[choice % len(legal)]
        state = conformance.check_step(game, state, action, deck, f"{name} step {index}")
    conformance.check_views(game, state, rng, f"{name} after {len(choices)} choices")

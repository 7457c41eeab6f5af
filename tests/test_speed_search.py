"""The tree search's faster paths give what the plain ones gave: the same actions, draws and choices."""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Sequence
from typing import Any

import pytest

from cardtable.bots.ismcts import Node, TreeSearch
from cardtable.core import chance, conformance
from cardtable.core.pairs import TOP
from cardtable.games import AnyGame, game_names, get_game
from cardtable.games.scout import GAME as SCOUT
from cardtable.games.scout.actions import Action, Scout, Show
from cardtable.games.scout.evaluate import playout_action
from cardtable.games.scout.rules import _rank_of
from cardtable.games.scout.shows import Insertion, active_rank
from cardtable.games.scout.state import ScoutState


@pytest.mark.parametrize("name", game_names())
def test_the_roots_legal_actions_are_those_of_every_state_drawn_from_the_view(name: str) -> None:
    # The search takes the root's legal actions from the match, not from each drawn state.
    game = get_game(name)
    rng = random.Random(4)
    checked = 0
    for seats in sorted({game.min_seats, game.max_seats}):
        for step, (state, _) in enumerate(conformance.random_states(game, 9, seats=seats)):
            seat = game.current_seat(state)
            if seat is None or step % 3:
                continue
            legal = list(game.legal_actions(state))
            draw = game.determinizer(game.view(state, seat))
            for _ in range(3):
                assert list(game.legal_actions(draw(rng))) == legal
            checked += 1
    assert checked > 20


def plain_playout_action(legal: Sequence[Action], rng: random.Random) -> Action:
    """Scout's playout rule written plainly: the largest Show, else a plain Scout, else anything."""
    shows = [action for action in legal if isinstance(action, Show)]
    largest = max((show.last - show.first + 1 for show in shows), default=0)
    best = [show for show in shows if show.last - show.first + 1 == largest]
    scouts = [action for action in legal if isinstance(action, Scout) and not action.with_show]
    choices: list[Action] = best or scouts or list(legal)
    return choices[rng.randrange(len(choices))]


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_scouts_playout_rule_picks_what_the_plain_rule_picks(seats: int) -> None:
    for seed in range(3):
        for step, (state, _) in enumerate(conformance.random_states(SCOUT, seed, seats=seats)):
            if SCOUT.outcome(state) is not None:
                continue
            legal = SCOUT.legal_actions(state)
            assert playout_action(state, legal, random.Random(step)) is plain_playout_action(
                legal, random.Random(step)
            )


def scout_states() -> list[ScoutState]:
    """States of random Scout games at every table size."""
    return [
        state
        for seats in (2, 3, 4, 5)
        for seed in range(2)
        for state, _ in conformance.random_states(SCOUT, 40 + seed, seats=seats)
    ]


def test_a_shows_rank_from_its_codes_is_its_rank() -> None:
    checked = 0
    for state in scout_states():
        active = state.active
        for codes in (active, active[1:], active[:-1]):
            assert _rank_of(codes) == active_rank([TOP[code] for code in codes])
            checked += 1
    assert checked > 500


def test_the_insertion_points_beating_a_rank_are_those_where_a_show_beats_it() -> None:
    rng = random.Random(6)
    for _ in range(300):
        hand = [
            rng.choice((3, 4, 5)) if rng.random() < 0.6 else rng.randrange(1, 11)
            for _ in range(rng.randrange(12))
        ]
        insertion = Insertion(hand)
        for value in range(1, 11):
            for beat in (0, 49, 60, 70, 90, 100, 120, 140, 200):
                places = range(len(hand) + 1)
                expected = [position for position in places if insertion.beats_with(value, position, beat)]
                assert insertion.positions_beating(value, beat) == expected, (hand, value, beat)


def test_the_draws_are_randoms_own_call_for_call() -> None:
    for seed in range(40):
        ours, theirs = random.Random(seed), random.Random(seed)
        for count in (1, 2, 3, 7, 8, 9, 31, 32, 33, 1000, 2**40 + 3):
            assert chance.below(ours, count) == theirs.randrange(count)
        items = list(range(seed % 50))
        shuffled = items[:]
        chance.shuffle(ours, items)
        theirs.shuffle(shuffled)
        assert items == shuffled
        assert ours.getstate() == theirs.getstate()
    with pytest.raises(ValueError, match="below 0"):
        chance.below(random.Random(1), 0)


@pytest.mark.parametrize("name", ["drump", "scout"])
def test_iterations_told_the_roots_actions_grow_the_tree_iterations_finding_them_grow(
    name: str,
) -> None:
    # Root-parallel search (cardtable.bots.parallel) runs iterations without the root's actions.
    game = get_game(name)
    state = game.new_state(game.option_table.default(), game.min_seats, random.Random(5), None)
    while len(game.legal_actions(state)) < 2:
        state = game.apply(state, game.legal_actions(state)[0])
    seat = game.current_seat(state)
    assert seat is not None
    legal = game.legal_actions(state)
    draw = game.determinizer(game.view(state, seat))
    grown = TreeSearch(game, iterations=200).grow(lambda: draw(random.Random(1)), legal, random.Random(2))
    tree, root, rng = TreeSearch(game, iterations=200), Node(None, None, -1), random.Random(2)
    for _ in range(200):
        tree._iterate(root, draw(random.Random(1)), rng)
    assert [(node.visits, node.total) for node in grown.children.values()] == [
        (node.visits, node.total) for node in root.children.values()
    ]


def tree_lines(game: AnyGame, node: Node, depth: int = 0) -> list[tuple[Any, ...]]:
    """Every node under `node`, depth first in the order it was added: its action, seat and statistics."""
    lines: list[tuple[Any, ...]] = []
    for child in node.children.values():
        action = game.format_action(child.action)
        lines.append((depth, action, child.seat, child.visits, child.total, child.availability))
        lines.extend(tree_lines(game, child, depth + 1))
    return lines


def handing_out_copies(game: AnyGame, interned: bool) -> AnyGame:
    """The game, its legal actions handed out as new objects at every call; interned as `interned` says."""
    legal_actions = game.legal_actions

    def copies(state: Any) -> list[Any]:
        return [copy.copy(action) for action in legal_actions(state)]

    return dataclasses.replace(game, legal_actions=copies, interned_actions=interned)


@pytest.mark.parametrize("name", game_names())
def test_a_tree_keyed_by_identity_grows_as_a_tree_keyed_by_action(name: str) -> None:
    game = get_game(name)
    state = game.new_state(game.option_table.default(), game.min_seats, random.Random(8), None)
    while len(game.legal_actions(state)) < 2:
        state = game.apply(state, game.legal_actions(state)[0])
    seat = game.current_seat(state)
    assert seat is not None
    draw = game.determinizer(game.view(state, seat))

    def grown(variant: AnyGame) -> list[tuple[Any, ...]]:
        draws = random.Random(1)
        root = TreeSearch(variant, iterations=150).grow(
            lambda: draw(draws), variant.legal_actions(state), random.Random(2)
        )
        return tree_lines(game, root)

    by_identity = grown(game)
    assert max(line[0] for line in by_identity) >= 1
    # A game that does not intern its actions is searched by their values, and gives the same tree.
    assert grown(dataclasses.replace(game, interned_actions=False)) == by_identity
    assert grown(handing_out_copies(game, interned=False)) == by_identity
    # The promise matters: copies keyed by identity are never found again below the root.
    assert grown(handing_out_copies(game, interned=True)) != by_identity

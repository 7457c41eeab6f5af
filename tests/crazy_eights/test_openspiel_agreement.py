"""The `openspiel` preset plays OpenSpiel's crazy_eights move for move (skipped without pyspiel).

Random games are played in OpenSpiel (its default parameters, 2 to 5
players); the same deal is then forced on ours through a position (the
hands, the starter, the stock in the order OpenSpiel's chance nodes dealt
it), and the game is replayed decision by decision: at each one the seat to
decide and the set of legal actions must agree, then the end, its point,
and each player's return.  pyspiel is in the `bench` extra, not in CI.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from cardtable.core.match import Match
from cardtable.games.crazy_eights import GAME
from cardtable.games.crazy_eights.actions import DRAW, NAMES, PASS, PLAYS, Action
from cardtable.games.crazy_eights.cards import DECK, card_name

pyspiel = pytest.importorskip("pyspiel")

OPENSPIEL_DRAW, OPENSPIEL_PASS, OPENSPIEL_FIRST_SUIT = 52, 53, 54


def ours(action: int) -> Action:
    """OpenSpiel's action id as our action (its card ids are rank * 4 + suit, suits c d h s, as ours)."""
    if action < OPENSPIEL_DRAW:
        return PLAYS[action]
    if action == OPENSPIEL_DRAW:
        return DRAW
    if action == OPENSPIEL_PASS:
        return PASS
    return NAMES[action - OPENSPIEL_FIRST_SUIT]


def openspiel_game(players: int, seed: int, parameters: dict[str, int] | None = None) -> dict[str, Any]:
    """One random OpenSpiel game: its deal, and each decision's seat, legal actions and choice."""
    game = pyspiel.load_game("crazy_eights", {"players": players, **(parameters or {})})
    rng = random.Random(seed)
    state = game.new_initial_state()
    chance: list[int] = []
    decisions: list[tuple[int, list[int], int]] = []
    drawn: list[int] = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = outcomes[rng.randrange(len(outcomes))][0]
            if decisions:
                drawn.append(action)
            else:
                chance.append(action)
            state.apply_action(action)
            continue
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        decisions.append((state.current_player(), legal, action))
        state.apply_action(action)
    dealer = chance[0] - 52
    hand_size = 7 if players == 2 else 5
    hands: list[list[int]] = [[] for _ in range(players)]
    for index, card in enumerate(chance[1 : 1 + players * hand_size], start=1):
        hands[(dealer + index) % players].append(card)
    # After the deal the dealer turns cards until one is not an eight: the last is the starter.
    starter = chance[-1]
    placed = {card for hand in hands for card in hand} | {starter, *drawn}
    stock = drawn + [card for card in DECK if card not in placed]
    return {
        "players": players,
        "first_seat": (dealer + 1) % players,
        "hands": hands,
        "starter": starter,
        "stock": stock,
        "decisions": decisions,
        "returns": state.returns(),
    }


def replay_in_ours(record: dict[str, Any], options: dict[str, int] | None = None) -> Match:
    """Our match from the same deal (`options` over the preset), checked against OpenSpiel at each step."""
    position = {
        "game": "crazy_eights",
        "preset": "openspiel",
        "options": options or {},
        "first_seat": record["first_seat"] + 1,
        "hands": [[card_name(card) for card in hand] for hand in record["hands"]],
        "discards": [card_name(record["starter"])],
        "stock": [card_name(card) for card in record["stock"]],
    }
    match = Match(GAME, position=position, seed=0)
    for step, (player, legal, action) in enumerate(record["decisions"]):
        assert match.outcome is None, f"step {step}: ours ended, OpenSpiel goes on"
        assert match.current_seat == player, f"step {step}: seat"
        assert set(match.legal_actions()) == {ours(each) for each in legal}, f"step {step}: legal actions"
        match.play(GAME.format_action(ours(action)))
    return match


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_openspiel_games_replay_move_for_move_with_the_same_returns(players: int) -> None:
    endings = replay_games(players, {}, {})
    # Random play reaches both ends of the default game: a player going out, and a block.
    assert set(endings) == {"went_out", "blocked"}, endings


@pytest.mark.parametrize("players", [2, 5])
def test_openspiels_draw_and_play_limits_are_our_options(players: int) -> None:
    # OpenSpiel's max_draw_cards and max_turns are options max_draws and play_limit.
    endings = replay_games(
        players, {"max_draw_cards": 2, "max_turns": 20}, {"max_draws": 2, "play_limit": 20}
    )
    assert endings["play_limit"] > 0, endings


def replay_games(players: int, parameters: dict[str, int], options: dict[str, int]) -> Counter[str]:
    """Sixty random OpenSpiel games replayed in ours; how many ended each way."""
    endings: Counter[str] = Counter()
    for seed in range(60):
        record = openspiel_game(players, seed, parameters)
        match = replay_in_ours(record, options)
        outcome = match.outcome
        assert outcome is not None, f"seed {seed}: OpenSpiel ended, ours goes on"
        assert list(outcome.scores) == record["returns"], f"seed {seed}: returns"
        best = max(record["returns"])
        assert outcome.winners == tuple(
            seat for seat, value in enumerate(record["returns"]) if value == best
        ), f"seed {seed}: winners"
        endings[outcome.ending] += 1
    return endings

"""ISMCTS and determinize: consistent with the view, seeded, within budget, and stronger than chance."""

from __future__ import annotations

import pickle
import random
import time
from collections import Counter
from typing import Any

import pytest

from cardtable.bots import make_bot, make_opponent
from cardtable.bots.ismcts import ISMCTSBot
from cardtable.core import conformance
from cardtable.core.errors import UnknownNameError
from cardtable.core.match import Match, bot_rngs
from cardtable.games import game_names, get_game
from cardtable.games.drump import GAME as DRUMP


@pytest.mark.parametrize("name", game_names())
def test_determinize_keeps_what_the_seat_sees_and_invents_nothing(name: str) -> None:
    game = get_game(name)
    rng = random.Random(4)
    for seed in range(3):
        for seats in sorted({game.min_seats, game.max_seats}):
            for step, (state, _) in enumerate(conformance.random_states(game, seed, seats=seats)):
                if step % 9:
                    continue
                for seat in [*range(game.seats(state)), None]:
                    view = game.view(state, seat)
                    drawn = game.determinize(view, rng)
                    assert game.view(drawn, seat) == view
                    if game.known_card_set:
                        assert sorted(game.all_cards(drawn)) == sorted(game.all_cards(state))
                        # Every card the seat can place is where it saw it: only hidden cards move.
                        assert game.hidden_cards(drawn, seat) == game.hidden_cards(state, seat)
                    else:
                        # Each side brought its own deck: hidden cards are drawn anew, as many as there are.
                        assert len(game.all_cards(drawn)) == len(game.all_cards(state))


def test_drump_determinize_deals_hidden_cards_uniformly() -> None:
    match = Match(DRUMP, seed=3)
    view = match.view(0)
    hidden = DRUMP.hidden_cards(match.state, 0)
    rng = random.Random(1)
    counts = Counter(DRUMP.determinize(view, rng).hands[1][0] for _ in range(4000))
    assert set(counts) <= hidden
    expected = 4000 / len(hidden)
    assert all(abs(count - expected) < 0.45 * expected for count in counts.values())
    assert len(counts) == len(hidden)


@pytest.mark.parametrize("name", game_names())
def test_the_same_seed_and_budget_choose_the_same_moves(name: str) -> None:
    game = get_game(name)
    match = Match(game, seed=5, seats=game.min_seats)
    choices = []
    for _ in range(2):
        bot = ISMCTSBot(game, iterations=60)
        view = match.view(match.current_seat)
        choices.append(bot.choose(view, match.legal_actions(), random.Random(9)))
    assert choices[0] == choices[1]


def test_a_search_bot_travels_between_processes_and_chooses_as_before() -> None:
    import cardtable.server.workers  # noqa: F401 - a game travels by name between the server's processes

    match = Match(DRUMP, seed=2)
    while len(match.legal_actions()) < 3:
        match.play(match.legal_actions()[0])
    view, legal = match.view(match.current_seat), match.legal_actions()
    bot = ISMCTSBot(DRUMP, iterations=60, exploration=0.5)
    copy = pickle.loads(pickle.dumps(bot))
    assert copy.game is DRUMP and copy.tree.exploration == 0.5
    assert copy.choose(view, legal, random.Random(4)) == bot.choose(view, legal, random.Random(4))


def test_a_seconds_budget_is_kept() -> None:
    match = Match(DRUMP, seed=2)
    while len(match.legal_actions()) < 3:
        match.play(match.legal_actions()[0])
    bot = ISMCTSBot(DRUMP, iterations=None, seconds=0.2)
    started = time.perf_counter()
    bot.choose(match.view(match.current_seat), match.legal_actions(), random.Random(1))
    # The search stops at the first iteration past its budget; the slack is for a loaded machine
    # (a budget ignored would never stop at all, since no iteration count is set).
    assert time.perf_counter() - started < 0.2 + 0.5
    assert bot.tree.last_iterations > 10


def test_bot_names_and_budgets() -> None:
    assert make_bot("ismcts", DRUMP).tree.iterations == 1000  # type: ignore[union-attr]
    assert make_bot("ismcts@50", DRUMP).tree.iterations == 50  # type: ignore[union-attr]
    assert make_bot("ismcts:1.5", DRUMP).tree.seconds == 1.5  # type: ignore[union-attr]
    with pytest.raises(UnknownNameError, match="bad budget"):
        make_bot("ismcts@lots", DRUMP)
    with pytest.raises(UnknownNameError, match="benchmark reference, not an opponent"):
        make_opponent("cheat@100", DRUMP)


@pytest.mark.parametrize("name", game_names())
def test_ismcts_beats_random_players(name: str) -> None:
    # A behaviour check with a small budget; the figures are printed by benchmarks/search.py.
    game = get_game(name)
    wins = 0
    for seed in range(6):
        seats = game.min_seats
        match = Match(game, seed=seed, seats=seats)
        searcher = seed % seats
        bots = {seat: make_bot("random", game) for seat in range(seats)}
        bots[searcher] = make_bot("ismcts@150", game)
        match.play_bots(bots, bot_rngs(seed, seats))
        assert match.outcome is not None
        wins += match.outcome.winners == (searcher,)
    assert wins >= 5


@pytest.mark.parametrize("name", game_names())
def test_a_game_hands_out_one_object_per_action_as_it_promises(name: str) -> None:
    # The tree search keys its nodes by the identity of interned actions (Game.interned_actions).
    game = get_game(name)
    assert game.interned_actions
    first: dict[Any, Any] = {}
    for seats in sorted({game.min_seats, game.max_seats}):
        for seed in range(4):
            for step, (state, _) in enumerate(conformance.random_states(game, seed, seats=seats)):
                if game.outcome(state) is not None:
                    continue
                for action in game.legal_actions(state):
                    assert first.setdefault(action, action) is action, (seats, seed, step, action)
    assert len(first) > 20

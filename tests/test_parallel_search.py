"""Root-parallel ISMCTS: one search is the plain bot, K searches reproducible, helpers see the view only."""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from cardtable.bots import make_bot, search_budget
from cardtable.bots import parallel as parallel_module
from cardtable.bots.ismcts import ISMCTSBot
from cardtable.bots.parallel import RootParallelBot, SearchOrder, available_processes, encode_orders
from cardtable.core.errors import UnknownNameError
from cardtable.core.events import ViewLog, log_entries
from cardtable.core.match import Match, bot_rngs
from cardtable.core.players import Player
from cardtable.games import AnyGame, get_game
from cardtable.games.drump import GAME as DRUMP


def searched_moves(
    game: AnyGame, searcher: Player[Any, Any, Any], seed: int, seats: int = 2, limit: int = 30
) -> list[str]:
    """The first `limit` actions of a game of the searcher (seat 1) against heuristic bots."""
    match = Match(game, seed=seed, seats=seats)
    bots = {seat: make_bot("heuristic", game) for seat in range(seats)}
    bots[0] = searcher
    rngs = bot_rngs(seed, seats)
    moves = []
    while (seat := match.current_seat) is not None and len(moves) < limit:
        action = match.decide(bots[seat], rngs[seat])
        match.play(action, seat)
        moves.append(game.format_action(action))
    return moves


@pytest.fixture
def one_process(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """This process as a run's worker: bots search in it alone."""
    monkeypatch.setattr(parallel_module, "_one_process", True)
    yield


@pytest.mark.parametrize("name", ["drump", "scout"])
def test_one_search_is_the_plain_bot_move_for_move(name: str) -> None:
    game = get_game(name)
    with RootParallelBot(game, iterations=80, workers=1) as bot:
        plain = ISMCTSBot(game, iterations=80)
        assert searched_moves(game, bot, seed=4) == searched_moves(game, plain, seed=4)


def test_two_searches_choose_the_same_moves_in_every_run_and_on_one_core(one_process: None) -> None:
    with RootParallelBot(DRUMP, iterations=80, workers=2) as bot:
        one_core = searched_moves(DRUMP, bot, seed=6)
        assert bot._pool is None  # both searches ran here, one after the other
    parallel_module._one_process = False
    runs = []
    for _ in range(2):
        with RootParallelBot(DRUMP, iterations=80, workers=2) as bot:
            runs.append(searched_moves(DRUMP, bot, seed=6))
            assert (bot._pool is not None) == (available_processes() > 1)
    assert runs[0] == runs[1] == one_core
    # Two searches are not one: the second search's visits count (else this test proves nothing).
    assert runs[0] != searched_moves(DRUMP, ISMCTSBot(DRUMP, iterations=80), seed=6)


def test_the_iterations_of_every_search_are_counted() -> None:
    match = Match(DRUMP, seed=2)
    while len(match.legal_actions()) < 3:
        match.play(match.legal_actions()[0])
    with RootParallelBot(DRUMP, iterations=50, workers=3) as bot:
        bot.choose(match.view(match.current_seat), match.legal_actions(), random.Random(1))
        assert bot.last_iterations == 150


def test_a_helper_is_sent_the_seats_view_and_nothing_of_the_state(monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[bytes] = []

    def recording(orders: Sequence[SearchOrder]) -> bytes:
        payload = encode_orders(orders)
        sent.append(payload)
        return payload

    monkeypatch.setattr(parallel_module, "encode_orders", recording)
    match = Match(DRUMP, seed=8)
    rngs = bot_rngs(8, 2)
    with RootParallelBot(DRUMP, iterations=20, workers=3) as bot:
        for _ in range(12):
            seat = match.current_seat
            assert seat is not None
            sent.clear()
            action = match.decide(bot, rngs[seat])
            if len(match.legal_actions()) > 1:
                assert sent
            for payload in sent:
                assert type(match.state).__name__.encode() not in payload
                for order in pickle.loads(payload):
                    assert set(vars(order)) == {
                        "game",
                        "view",
                        "legal",
                        "seed",
                        "iterations",
                        "seconds",
                        "settings",
                    }
                    assert order.view == match.view(seat)
                    assert list(order.legal) == list(match.legal_actions())
            match.play(action, seat)


def test_a_long_event_log_travels_flat() -> None:
    node = None
    for number in range(20_000):
        node = (number, node)
    log = ViewLog(node, 20_000, 5)  # type: ignore[arg-type]
    with pytest.raises(RecursionError):
        pickle.dumps(log)
    order = SearchOrder("drump", log, (), 1, 10, None, ())
    (travelled,) = pickle.loads(encode_orders([order]))
    assert log_entries(travelled.view.node) == log_entries(node)
    assert (travelled.view.length, travelled.view.deal_start) == (20_000, 5)


def test_names_and_budgets_of_root_parallel_search() -> None:
    bot = make_bot("ismcts@500/4", DRUMP)
    assert isinstance(bot, RootParallelBot)
    assert (bot.workers, bot.tree.iterations) == (4, 500)
    timed = make_bot("ismcts:2", DRUMP)
    assert isinstance(timed, RootParallelBot)
    assert (timed.workers, timed.tree.seconds) == (None, 2.0)
    assert isinstance(make_bot("ismcts:2/1", DRUMP), ISMCTSBot)
    assert isinstance(make_bot("ismcts@500", DRUMP), ISMCTSBot)
    assert isinstance(make_bot("ismcts@500/1", DRUMP), ISMCTSBot)
    refused_specs = ("ismcts@5/0", "ismcts@5/", "ismcts@5/x", "ismcts@5/257", "cheat@100/2", "ismcts@5/2/2")
    for spec in refused_specs:
        with pytest.raises(UnknownNameError, match=r"bad searches|bad budget") as refused:
            make_bot(spec, DRUMP)
        assert repr(spec) in str(refused.value)


def test_the_budget_of_root_parallel_search_counts_every_searchs_iterations() -> None:
    # A server limits the work a move: four searches of 500 iterations are 2,000 iterations of work.
    assert search_budget("ismcts@500/4") == (2000.0, "iterations")
    assert search_budget("ismcts@500") == (500.0, "iterations")
    # Searches with a time budget run at the same time: the move still takes the time written.
    assert search_budget("ismcts:2/4") == (2.0, "seconds")


def test_without_spare_cores_a_time_budget_runs_one_search(one_process: None) -> None:
    assert RootParallelBot(DRUMP, iterations=None, seconds=1.0).plan() == (1, 1)
    assert RootParallelBot(DRUMP, iterations=None, seconds=1.0, workers=4).plan() == (1, 1)
    # An iteration budget keeps its searches, run one after the other.
    assert RootParallelBot(DRUMP, iterations=100, workers=4).plan() == (4, 1)


def test_a_bot_travels_without_its_helpers_and_closes_them() -> None:
    match = Match(DRUMP, seed=2)
    while len(match.legal_actions()) < 3:
        match.play(match.legal_actions()[0])
    bot = RootParallelBot(DRUMP, iterations=20, workers=2)
    bot.choose(match.view(match.current_seat), match.legal_actions(), random.Random(1))
    pool = bot._pool
    import cardtable.server.workers  # noqa: F401 - a game travels by name between the server's processes

    copy = pickle.loads(pickle.dumps(bot))
    assert copy._pool is None and copy.workers == 2
    # The search's own settings travel too (in the compiled build they are not in the bot's __dict__).
    assert copy.game is DRUMP and copy.tree.iterations == 20 and copy.settings == bot.settings
    bot.close()
    assert bot._pool is None
    if pool is not None:
        with pytest.raises(ValueError, match="not running"):
            pool.apply(len, ((),))

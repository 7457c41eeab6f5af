"""The match and the runner do no work a decision does not need, and play the same games as before.

Legal actions once per state, no view for random play, options read once a chunk, a move made only
when the moves are read.
"""

from __future__ import annotations

import dataclasses
import pickle
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from cardtable.bots import make_bot
from cardtable.core import replay
from cardtable.core.errors import IllegalActionError
from cardtable.core.match import Match, Move, bot_rngs
from cardtable.games import get_game
from cardtable.sim.runner import run_games
from cardtable.sim.tasks import GameTask, play_chunk, play_game


def _counting(name: str, calls: Counter[str]) -> Any:
    """The game, with its legal-move generator and its view counting their calls."""
    game = get_game(name)

    def legal_actions(state: Any) -> Any:
        calls["legal"] += 1
        return game.legal_actions(state)

    def view(state: Any, seat: int | None) -> Any:
        calls["view"] += 1
        return game.view(state, seat)

    return dataclasses.replace(game, legal_actions=legal_actions, view=view)


def test_random_play_generates_each_states_moves_once_and_builds_no_view() -> None:
    for name in ("drump", "scout", "dnup", "fm"):
        calls: Counter[str] = Counter()
        match = Match(_counting(name, calls), seed=3)
        bot, rng = make_bot("random", match.game), random.Random(3)
        for _ in range(40):
            if match.is_over:
                break
            match.play(match.decide(bot, rng))
        assert calls["view"] == 0, name
        assert calls["legal"] == len(match.moves), name


def test_the_same_seed_gives_the_same_random_game_as_choosing_from_views() -> None:
    # The blind choice draws exactly as the view-reading one did, so replays and figures are unchanged.
    for name in ("drump", "scout", "dnup", "fm"):
        game = get_game(name)
        blind, seen = Match(game, seed=8), Match(game, seed=8)
        bot = make_bot("random", game)
        blind_rng, seen_rng = random.Random(8), random.Random(8)
        for _ in range(60):
            if blind.is_over:
                break
            blind.play(blind.decide(bot, blind_rng))
            seat = seen.current_seat
            seen.play(bot.choose(seen.view(seat), seen.legal_actions(), seen_rng))
        assert [move.action for move in blind.moves] == [move.action for move in seen.moves], name


def _played_one_step_at_a_time(name: str, players: tuple[str, ...], seed: int) -> list[Any]:
    """A game's moves through the public loop: decide, then play, one action at a time."""
    game = get_game(name)
    match = Match(game, seed=seed, players=players, seats=len(players))
    bots = [make_bot(spec, game) for spec in players]
    rngs = bot_rngs(seed, len(players))
    while (seat := match.current_seat) is not None:
        match.play(match.decide(bots[seat], rngs[seat]), seat)
    return list(match.moves)


def test_the_runner_plays_the_games_the_public_loop_plays(tmp_path: Path) -> None:
    # The runner's own loop (a decider per seat, options read once a chunk) departs from nothing.
    for name, players in (
        ("drump", ("random", "heuristic")),
        ("scout", ("heuristic", "random", "random", "random")),
        ("dnup", ("random", "random", "heuristic")),
        ("fm", ("heuristic", "random")),
    ):
        game = get_game(name)
        options = game.option_table.to_dict(game.option_table.default())
        tasks = [
            GameTask(name, options, players, tuple(range(len(players))), seed, index, str(tmp_path / name))
            for index, seed in enumerate((5, 6))
        ]
        for task, record in zip(tasks, run_games(tasks, jobs=1), strict=True):
            assert record.replay is not None
            assert list(replay.load(record.replay).moves) == _played_one_step_at_a_time(
                name, players, task.seed
            ), name
            assert sum(record.decisions) == record.length


def test_a_chunk_reads_equal_options_once() -> None:
    game = get_game("dnup")
    options = game.option_table.to_dict(game.option_table.default())
    other = dict(options, target=options["target"] + 1)
    tasks = [
        GameTask("dnup", values, ("random", "random"), (0, 1), seed, seed)
        for seed, values in enumerate((options, dict(options), other, options))
    ]
    read = Counter[str]()
    table = game.option_table
    original = type(table).from_dict

    def counting(self: Any, given: Any) -> Any:
        read["options"] += 1
        return original(self, given)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(type(table), "from_dict", counting)
        records = play_chunk(tasks)
    assert read["options"] == 3  # equal options are read once; each change reads them again
    assert records == [play_game(task) for task in tasks]


class _Stubborn:
    """A blind bot that always answers with the same action, legal or not."""

    name = "stubborn"

    def __init__(self, action: Any) -> None:
        self.action = action

    def choose_blind(self, legal: Any, rng: random.Random) -> Any:
        """The same action every time."""
        return self.action


def test_a_blind_bots_illegal_action_is_refused_and_changes_nothing() -> None:
    game = get_game("dnup")
    match = Match(game, seed=4)
    bot = _Stubborn(game.parse_action("take 5"))
    state = match.state
    with pytest.raises(IllegalActionError, match="take 5"):
        match.play(match.decide(bot, random.Random(1)))
    assert match.state is state and match.moves == []


def test_an_equal_action_that_is_not_the_interned_one_is_legal() -> None:
    game = get_game("dnup")
    match = Match(game, seed=4)
    rotate = game.parse_action("rotate")
    copy = type(rotate)()
    assert copy is not rotate and copy == rotate
    match.play(copy)
    assert match.moves == [Move(match.moves[0].seat, rotate)]


def test_a_move_stays_frozen_equal_and_picklable() -> None:
    move = Move(1, "rotate")
    assert move == Move(1, "rotate") and hash(move) == hash(Move(1, "rotate"))
    assert pickle.loads(pickle.dumps(move)) == move
    with pytest.raises(dataclasses.FrozenInstanceError):
        move.seat = 0  # type: ignore[misc]


class _FirstFromState:
    """A state-reading reference that takes the first legal action the state allows."""

    name = "first"

    def choose_from_state(self, state: Any, legal: Any, rng: random.Random) -> Any:
        """The first legal action (and a draw, so that the generator counts)."""
        rng.random()
        return legal[0]


def test_play_out_plays_the_game_the_public_loop_plays_for_every_kind_of_player() -> None:
    game = get_game("dnup")
    players = [make_bot("random", game), make_bot("heuristic", game), _FirstFromState()]
    for seed in (1, 2):
        looped = Match(game, seed=seed, seats=3)
        rngs = bot_rngs(seed, 3)
        while (seat := looped.current_seat) is not None:
            looped.play(looped.decide(players[seat], rngs[seat]), seat)
        played = Match(game, seed=seed, seats=3)
        seconds = [0.0] * 3
        played.play_out(players, bot_rngs(seed, 3), seconds)
        assert played.acting_seats() == [move.seat for move in looped.moves]
        assert played.moves == looped.moves and played.outcome == looped.outcome
        assert all(spent > 0.0 for spent in seconds)


def test_play_out_refuses_an_illegal_action_and_takes_an_equal_one() -> None:
    game = get_game("dnup")
    match = Match(game, seed=4)
    state = match.state
    with pytest.raises(IllegalActionError, match="take 5"):
        match.play_out([_Stubborn(game.parse_action("take 5"))] * 2, bot_rngs(4, 2), [0.0, 0.0])
    assert match.state is state and match.moves == [] and match.acting_seats() == []
    # A copy of an action the rules hand out is taken as `play` takes it, until the game goes on too long.
    rotate = game.parse_action("rotate")
    with pytest.raises(RuntimeError, match="took 3 actions"):
        match.play_out([_Stubborn(type(rotate)())] * 2, bot_rngs(4, 2), [0.0, 0.0], max_actions=3)
    assert [move.action for move in match.moves] == [rotate] * 3


def test_moves_are_made_when_read_and_a_simulation_without_replays_makes_none(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    made = Counter[str]()

    class CountedMove(Move[Any]):
        def __init__(self, seat: int, action: Any) -> None:
            made["moves"] += 1
            super().__init__(seat, action)

    monkeypatch.setattr("cardtable.core.match.Move", CountedMove)
    task = GameTask("drump", {}, ("random", "random"), (0, 1), seed=3, index=0)
    record = play_game(task)
    assert made["moves"] == 0 and record.length > 0
    saved = play_game(dataclasses.replace(task, replay_folder=str(tmp_path)))
    assert made["moves"] == saved.length == record.length
    # Read between actions, the moves are every action so far, in order, each made once.
    match = Match(get_game("drump"), seed=3)
    made.clear()
    taken = []
    for _ in range(5):
        seat, action = match.current_seat, match.legal_actions()[0]
        match.play(action)
        taken.append((seat, action))
        assert [(move.seat, move.action) for move in match.moves] == taken
        assert match.acting_seats() == [seat for seat, _ in taken]
    assert made["moves"] == 5
    match.undo(2)
    match.play(match.legal_actions()[0])
    assert len(match.moves) == 4 and made["moves"] == 6

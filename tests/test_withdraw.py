"""Games that end outside their rules: a seat resigns or runs out of time, a table is closed; all replayed."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cardtable.bots import make_opponent
from cardtable.core import replay
from cardtable.core.conformance import fingerprint
from cardtable.core.errors import GameOverError, ReplayError, WithdrawError
from cardtable.core.match import Match
from cardtable.core.seal import new_key
from cardtable.games import get_game


def _play_randomly(match: Match, actions: int, rng: random.Random) -> None:
    for _ in range(actions):
        if match.is_over:
            return
        match.play(rng.choice(list(match.legal_actions())))


def test_a_resign_at_two_seats_ends_the_game_and_the_other_wins() -> None:
    match = Match(get_game("drump"), seed=3, players=["Ann", "Bob"])
    _play_randomly(match, 5, random.Random(1))
    match.withdraw(0, "resigned")
    outcome = match.outcome
    assert outcome is not None and match.is_over and match.current_seat is None
    assert outcome.winners == (1,) and outcome.ending == "resigned" and outcome.reason == "Ann resigned"
    assert outcome.to_json()["withdrawn"] == [{"seat": 1, "why": "resigned"}]
    with pytest.raises(GameOverError):
        match.play(match.game.format_action(match.game.legal_actions(match.state)[0]))
    with pytest.raises(GameOverError):
        match.withdraw(1, "resigned")


def test_a_resign_at_three_seats_lets_the_game_go_on_and_the_outcome_names_the_seat() -> None:
    game = get_game("scout")
    match = Match(game, seed=11, players=["Ann", "Bob", "Cara"])
    rng = random.Random(2)
    _play_randomly(match, 4, rng)
    match.withdraw(1, "resigned")
    assert not match.is_over and match.withdrawn(1) == "resigned"
    with pytest.raises(WithdrawError, match="seat 2 has left the game already"):
        match.withdraw(1, "timeout")
    bot = make_opponent("heuristic", game)
    while not match.is_over:
        seat = match.current_seat
        assert seat is not None
        if seat == 1:
            match.play(bot.choose(match.view(1), match.legal_actions(), rng), 1)
        else:
            match.play(rng.choice(list(match.legal_actions())), seat)
    outcome = match.outcome
    assert outcome is not None and outcome.ending != "resigned"
    assert outcome.withdrawn == ((1, "resigned"),)
    assert game.outcome(match.state) is not None and outcome.winners == game.outcome(match.state).winners


def test_bad_withdrawals_are_refused_and_change_nothing() -> None:
    match = Match(get_game("dnup"), seed=4, players=["Ann", "Bob", "Cara"])
    for seat, why, message in [(5, "resigned", "seat 6 is not a seat"), (0, "bored", "one of: resigned")]:
        with pytest.raises(WithdrawError, match=message):
            match.withdraw(seat, why)
    assert match.withdrawals == [] and not match.is_over


def test_two_of_three_withdrawn_leaves_the_last_seat_the_winner() -> None:
    match = Match(get_game("dnup"), seed=4, players=["Ann", "Bob", "Cara"])
    match.withdraw(0, "resigned")
    match.withdraw(2, "timeout")
    outcome = match.outcome
    assert outcome is not None and outcome.winners == (1,)
    assert outcome.ending == "timeout" and outcome.reason == "Cara ran out of time"


def test_a_closed_table_ends_without_a_result() -> None:
    match = Match(get_game("drump"), seed=3, players=["Ann", "Bob"])
    _play_randomly(match, 3, random.Random(5))
    match.close("nobody played for 14 days")
    outcome = match.outcome
    assert outcome is not None and outcome.winners == () and outcome.ending == "closed"
    assert outcome.scores == (0.0, 0.0) and outcome.reason == "nobody played for 14 days"


def test_undo_takes_back_a_withdrawal_that_followed_the_actions_undone() -> None:
    match = Match(get_game("drump"), seed=3, players=["Ann", "Bob"])
    _play_randomly(match, 3, random.Random(5))
    match.withdraw(1, "resigned")
    match.undo(1)
    assert not match.is_over and match.withdrawals == []


@pytest.mark.parametrize("sealed", [False, True])
def test_withdrawals_and_closings_are_replayed_exactly(tmp_path: Path, sealed: bool) -> None:
    game = get_game("scout")
    match = Match(game, seed=21, players=["Ann", "Bob", "Cara", "Dan"])
    rng = random.Random(3)
    _play_randomly(match, 6, rng)
    match.withdraw(2, "resigned")
    _play_randomly(match, 6, rng)
    match.withdraw(0, "abandoned")
    _play_randomly(match, 2, rng)
    if not sealed:
        match.close("closed by its creator")
    key = new_key() if sealed else None
    path = tmp_path / "game.jsonl"
    replay.save(match, path, saved_by=[1], key=key)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    if not sealed:
        assert {"seat": 3, "withdraws": "resigned"} in lines
        assert lines[-2] == {"closed": "closed by its creator"}
        assert lines[-1]["actions"] == len(match.moves)
    again = replay.load(path, key)
    assert fingerprint(game, again.state) == fingerprint(game, match.state)
    assert again.withdrawals == match.withdrawals and again.closing == match.closing
    assert again.outcome == match.outcome


def test_a_withdrawal_edited_in_a_replay_is_refused_naming_its_line(tmp_path: Path) -> None:
    match = Match(get_game("drump"), seed=3, players=["Ann", "Bob"])
    _play_randomly(match, 4, random.Random(5))
    match.withdraw(0, "resigned")
    path = tmp_path / "game.jsonl"
    replay.save(match, path)
    text = path.read_text().replace('"withdraws": "resigned"', '"withdraws": "gave up"')
    path.write_text(text)
    with pytest.raises(ReplayError, match="line 6: a seat withdraws for one of"):
        replay.load(path)


def test_the_replay_viewer_steps_to_a_resign_and_shows_it_ended_the_game(tmp_path: Path) -> None:
    import io

    from rich.console import Console

    from cardtable.frontends.replay_viewer import ReplayViewer

    match = Match(get_game("drump"), seed=3, players=["Ann", "Bob"])
    _play_randomly(match, 4, random.Random(5))
    match.withdraw(0, "resigned")
    path = tmp_path / "game.jsonl"
    replay.save(match, path)
    output = io.StringIO()
    ReplayViewer(replay.load(path), None, Console(file=output, width=100)).run(interactive=False)
    assert "Over: Bob (P2) — Ann resigned" in output.getvalue()

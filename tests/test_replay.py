"""Replays: saved whole or not at all, replayed identically, broken files refused with line and reason."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.core import replay
from cardtable.core.conformance import fingerprint
from cardtable.core.errors import ReplayError
from cardtable.core.match import Match, bot_rngs
from cardtable.core.seal import new_key
from cardtable.games.drump import GAME
from cardtable.games.drump.bots import DrumpHeuristicBot
from cardtable.games.drump.options import OPTION_TABLE

GOLDEN = Path(__file__).parent / "golden"


def bot_match(seed: int, preset: str | None = None) -> Match:
    match = Match(GAME, seed=seed, options=OPTION_TABLE.resolve(preset), players=["heuristic", "heuristic"])
    match.play_bots({0: DrumpHeuristicBot(), 1: DrumpHeuristicBot()}, bot_rngs(seed, 2))
    return match


def test_save_and_load_give_the_same_game(tmp_path: Path) -> None:
    match = bot_match(5, "en")
    path = tmp_path / "game.jsonl"
    replay.save(match, path)
    again = replay.load(path)
    assert fingerprint(GAME, again.state) == fingerprint(GAME, match.state)
    assert again.players == ["heuristic", "heuristic"]
    assert again.options == OPTION_TABLE.resolve("en")
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    assert header["seed"] == 5 and header["rules"] == GAME.rules_version and header["saved_by"] == []
    first = match.moves[0]
    after_first = GAME.apply(match.initial, first.action)
    assert json.loads(lines[1]) == {
        "seat": first.seat + 1,
        "action": str(first.action),
        "state": replay.state_hash(GAME, after_first)[: replay.SHORT_HASH],
    }
    assert json.loads(lines[-1]) == {
        "actions": len(match.moves),
        "state": replay.state_hash(GAME, match.state),
        "outcome": match.outcome.to_json() if match.outcome else None,
    }


def test_an_unfinished_game_from_a_position_saves_and_resumes(tmp_path: Path) -> None:
    position = GAME.position_of(Match(GAME, seed=1).state)
    match = Match(GAME, seed=8, position=position)
    match.play("end")
    key = new_key()
    replay.save(match, tmp_path / "g.jsonl", saved_by=[0], key=key)
    again = replay.read(tmp_path / "g.jsonl", key)
    assert fingerprint(GAME, again.match.state) == fingerprint(GAME, match.state)
    assert again.match.position == match.position and again.match.seed == 8
    assert not again.match.is_over
    assert again.sealed and again.saved_by == (0,)


def test_an_unfinished_game_is_not_saved_without_a_key(tmp_path: Path) -> None:
    match = Match(GAME, seed=8)
    match.play("end")
    with pytest.raises(ReplayError, match="an unfinished game is saved sealed"):
        replay.save(match, tmp_path / "g.jsonl")
    assert not (tmp_path / "g.jsonl").exists()


def test_a_version_2_save_of_an_unfinished_game_still_loads(tmp_path: Path) -> None:
    # Version 2 wrote the seed in the clear and no hashes; such files load, with a note saying so.
    match = Match(GAME, seed=8, players=["you", "heuristic"])
    match.play("end")
    header = {"format": "cardtable-replay", "version": 2, "game": "drump", "seed": 8}
    header["players"] = match.players
    action = {"seat": match.moves[0].seat + 1, "action": "end"}
    path = tmp_path / "old.jsonl"
    path.write_text(json.dumps(header) + "\n" + json.dumps(action) + "\n")
    again = replay.read(path)
    assert fingerprint(GAME, again.match.state) == fingerprint(GAME, match.state)
    assert again.saved_by is None and not again.sealed
    assert "version 2 replay: it records no hashes" in again.notes[0]


def test_a_failed_save_leaves_the_old_file_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.jsonl"
    replay.save(bot_match(1), path)
    before = path.read_bytes()

    def crash(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", crash)
    with pytest.raises(ReplayError, match=r"cannot write replay .*No space left"):
        replay.save(bot_match(2), path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl"]


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ([], "the file is empty"),
        (["not json"], "line 1: not JSON"),
        (['{"format": "other"}'], "not a cardtable replay"),
        (['{"format": "cardtable-replay", "version": 9}'], "replay version 9 is not 1"),
        (
            ['{"format": "cardtable-replay", "version": 1, "game": "chess", "seed": 1}'],
            "unknown game 'chess'",
        ),
        (['{"format": "cardtable-replay", "version": 1, "game": "drump", "seed": "x"}'], "the seed 'x'"),
        (
            ['{"format": "cardtable-replay", "version": 1, "game": "drump", "seed": 1}', '{"seat": 1}'],
            "line 2: expected",
        ),
        (
            [
                '{"format": "cardtable-replay", "version": 1, "game": "drump", "seed": 1}',
                '{"seat": 1, "action": "fly"}',
            ],
            "line 2: cannot read 'fly'",
        ),
        (
            ['{"format": "cardtable-replay", "version": 1, "game": "drump", "seed": 1, "options": {"x": 1}}'],
            "unknown option 'x'",
        ),
    ],
)
def test_broken_replays_are_refused_with_the_line_and_reason(
    tmp_path: Path, lines: list[str], message: str
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines))
    with pytest.raises(ReplayError, match=message):
        replay.load(path)


def test_a_replay_whose_outcome_differs_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    replay.save(bot_match(3), path)
    lines = path.read_text().splitlines()
    record = json.loads(lines[-1])
    record["outcome"]["winners"] = [9]
    path.write_text("\n".join([*lines[:-1], json.dumps(record)]))
    with pytest.raises(ReplayError, match="records outcome"):
        replay.load(path)


def test_a_missing_file_is_refused() -> None:
    with pytest.raises(ReplayError, match="cannot read replay"):
        replay.load("/nonexistent/replay.jsonl")


GOLDEN_NAMES = sorted(path.name for path in GOLDEN.glob("*.jsonl"))


def test_there_are_golden_replays_of_every_game() -> None:
    assert {name.split("-")[0] for name in GOLDEN_NAMES} == {"drump", "scout", "dnup", "fm"}


@pytest.mark.parametrize("name", GOLDEN_NAMES)
def test_golden_replays_replay_state_by_state(name: str) -> None:
    # Each golden file is in today's format (tools/golden_replays.py writes them): a hash of the
    # state after every action, each checked as the game is replayed, then the final state and outcome.
    lines = [json.loads(line) for line in (GOLDEN / name).read_text(encoding="utf-8").splitlines()]
    assert lines[0]["version"] == replay.VERSION
    actions = [line for line in lines[1:-1] if "action" in line]
    assert actions and all(len(line["state"]) == replay.SHORT_HASH for line in actions)
    golden = replay.read(GOLDEN / name)
    assert golden.match.is_over and golden.notes == ()
    assert lines[-1]["actions"] == len(golden.match.moves) == len(actions)


def altered_along_the_way(name: str) -> tuple[list[str], int]:
    """A golden file's lines with the state after its middle action changed, and that line's number.

    The action and everything after it are left as they were, so the game still ends in the
    recorded final state with the recorded outcome: only a step along the way differs.
    """
    lines = (GOLDEN / name).read_text(encoding="utf-8").splitlines()
    number = len(lines) // 2
    record = json.loads(lines[number - 1])
    assert "action" in record
    record["state"] = ("0" if record["state"][0] != "0" else "1") + record["state"][1:]
    lines[number - 1] = json.dumps(record)
    return lines, number


@pytest.mark.parametrize("name", GOLDEN_NAMES)
def test_a_golden_replay_whose_state_changes_along_the_way_but_not_its_outcome_is_refused(name: str) -> None:
    lines, number = altered_along_the_way(name)
    closing = json.loads(lines[-1])
    golden = replay.read(GOLDEN / name)
    assert closing["state"] == replay.state_hash(golden.match.game, golden.match.state)
    assert closing["outcome"] == golden.match.outcome.to_json()
    with pytest.raises(ReplayError, match=rf"{name} line {number}: action .* departs from the recorded game"):
        replay.read_lines(lines, name)


def old_format(match: Match, version: int) -> list[str]:
    """A finished match as a version 1 or 2 file: the seed in the clear, no hashes, the outcome last."""
    header = {"format": "cardtable-replay", "version": version, "game": match.game.name, "seed": match.seed}
    header |= {"options": match.game.option_table.to_dict(match.options), "players": match.players}
    moves = [{"seat": move.seat + 1, "action": match.game.format_action(move.action)} for move in match.moves]
    outcome = match.outcome.to_json()
    if version == 1:
        # Version 1 counted the winners from 0 and wrote no ending code.
        winners = list(match.outcome.winners)
        outcome = {"winners": winners, "scores": outcome["scores"], "reason": outcome["reason"]}
    return [json.dumps(line) for line in [header, *moves, {"outcome": outcome}]]


@pytest.mark.parametrize("version", [1, 2])
@pytest.mark.parametrize("name", GOLDEN_NAMES)
def test_a_golden_game_in_an_old_format_still_loads_to_its_outcome(name: str, version: int) -> None:
    golden = replay.read(GOLDEN / name).match
    again = replay.read_lines(old_format(golden, version), name)
    assert fingerprint(again.match.game, again.match.state) == fingerprint(golden.game, golden.state)
    assert f"version {version} replay: it records no hashes" in again.notes[0]


def test_same_seed_same_game_under_any_hash_seed() -> None:
    script = (
        "from tests.test_replay import bot_match; from cardtable.core.conformance import fingerprint;"
        "from cardtable.games.drump import GAME; import hashlib;"
        "print(hashlib.sha256(fingerprint(GAME, bot_match(21).state).encode()).hexdigest())"
    )
    digests = set()
    for hash_seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        result = subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            text=True,
            env=env,
            check=True,
            cwd=Path(__file__).parent.parent,
        )
        digests.add(result.stdout.strip())
    assert len(digests) == 1

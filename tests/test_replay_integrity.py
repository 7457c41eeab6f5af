"""Replays detect tampering: an edited, removed, added or moved line is refused, naming the line."""

from __future__ import annotations

import json
import re

import pytest

from cardtable.core import replay
from cardtable.core.errors import ReplayError
from cardtable.core.match import Match, bot_rngs
from cardtable.core.seal import BrokenSealError, key_id, new_key, new_nonce, seal, unseal
from cardtable.games.drump import GAME
from cardtable.games.drump.bots import DrumpHeuristicBot


def finished(seed: int = 3) -> Match:
    match = Match(GAME, seed=seed, players=["heuristic", "heuristic"])
    match.play_bots({0: DrumpHeuristicBot(), 1: DrumpHeuristicBot()}, bot_rngs(seed, 2))
    return match


def unfinished(seed: int = 3, actions: int = 12) -> Match:
    match = finished(seed)
    match.undo(len(match.moves) - actions)
    return match


def texts(lines: list[dict]) -> list[str]:
    return [json.dumps(line) for line in lines]


def refused(lines: list[str], message: str, key: bytes | None = None) -> None:
    with pytest.raises(ReplayError, match=message):
        replay.from_lines(lines, "game", key)


def another_legal_action(match: Match, index: int) -> str:
    """A legal action other than the recorded one, where action `index` (from 0) was taken."""
    state = match.initial
    for move in match.moves[:index]:
        state = GAME.apply(state, move.action)
    recorded = match.moves[index].action
    return next(GAME.format_action(a) for a in GAME.legal_actions(state) if a != recorded)


def first_choice(match: Match) -> int:
    """The first action (from 0) taken where another action was legal."""
    state = match.initial
    for index, move in enumerate(match.moves):
        if len(GAME.legal_actions(state)) > 1:
            return index
        state = GAME.apply(state, move.action)
    raise AssertionError("no choice in the whole game")


# -- finished games, in the clear -------------------------------------------------------------
def test_an_untouched_replay_loads_with_no_note() -> None:
    match = finished()
    saved = replay.read_lines(texts(replay.replay_lines(match)))
    assert saved.match.outcome == match.outcome and saved.notes == () and not saved.sealed


def test_an_action_changed_to_another_legal_one_is_refused_at_its_line() -> None:
    match = finished()
    index = first_choice(match)
    lines = texts(replay.replay_lines(match))
    record = json.loads(lines[index + 1])
    record["action"] = another_legal_action(match, index)
    lines[index + 1] = json.dumps(record)
    refused(lines, rf"game line {index + 2}: action {index + 1} \(.*\) departs from the recorded game")


def test_an_action_changed_to_an_illegal_one_is_refused_at_its_line() -> None:
    lines = texts(replay.replay_lines(finished()))
    record = json.loads(lines[5])
    record["action"] = "burst 2s on 4"
    lines[5] = json.dumps(record)
    refused(lines, r"game line 6: .*(not legal now|tried).*\(the file was altered or damaged\)")


def test_an_action_removed_is_refused_at_the_line_that_follows() -> None:
    match = finished()
    index = first_choice(match) + 1
    lines = texts(replay.replay_lines(match))
    del lines[index + 1]
    # The line that held the next action now stands where the removed one stood.
    refused(lines, rf"game line {index + 2}: ")


def test_an_action_added_is_refused_at_its_line() -> None:
    lines = texts(replay.replay_lines(finished()))
    duplicated = [*lines[:4], lines[3], *lines[4:]]
    refused(duplicated, r"game line 5: ")
    after_the_end = [*lines[:-1], lines[-2], lines[-1]]
    refused(after_the_end, rf"game line {len(lines)}: .*the game is over")


def test_a_state_hash_edited_is_refused_at_its_line() -> None:
    lines = texts(replay.replay_lines(finished()))
    record = json.loads(lines[7])
    record["state"] = "0" * replay.SHORT_HASH
    lines[7] = json.dumps(record)
    refused(lines, r"game line 8: action 7 .* departs from the recorded game")


def test_the_final_hash_or_count_edited_or_the_closing_line_cut_is_refused() -> None:
    lines = texts(replay.replay_lines(finished()))
    closing = json.loads(lines[-1])
    where = f"game line {len(lines)}"
    refused([*lines[:-1], json.dumps(closing | {"state": "f" * 64})], f"{where}: the final state is not")
    count = closing["actions"]
    more = json.dumps(closing | {"actions": count + 1})
    refused([*lines[:-1], more], f"{where}: the replay records {count + 1} actions, but {count} precede")
    refused(lines[:-1], "game: the closing line .* is missing")
    refused([*lines, lines[3]], f"game line {len(lines) + 1}: a line after the closing line")


def test_a_header_that_does_not_rebuild_the_start_is_refused_at_line_1() -> None:
    lines = replay.replay_lines(finished())
    lines[0]["seed"] = 4
    refused(texts(lines), r"game line 1: the seed, options and position do not rebuild the recorded start")


def test_a_replay_from_an_older_rules_version_loads_with_a_note_if_it_still_rebuilds() -> None:
    lines = replay.replay_lines(finished())
    lines[0]["rules"] = GAME.rules_version - 1
    saved = replay.read_lines(texts(lines), "game")
    assert saved.notes == (
        f"game was recorded under drump rules version {GAME.rules_version - 1}; these are version "
        f"{GAME.rules_version}; it replays to the same game",
    )


def test_a_replay_from_an_older_rules_version_that_departs_names_the_line_and_both_versions() -> None:
    match = finished()
    lines = replay.replay_lines(match)
    lines[0]["rules"] = GAME.rules_version - 1
    lines[3]["state"] = "0" * replay.SHORT_HASH
    refused(
        texts(lines),
        rf"game line 4: .*recorded under drump rules version {GAME.rules_version - 1}; "
        rf"these are version {GAME.rules_version}",
    )


def test_a_replay_from_a_newer_rules_version_or_another_program_version() -> None:
    lines = replay.replay_lines(finished())
    lines[0]["rules"] = GAME.rules_version + 1
    refused(texts(lines), r"game line 1: recorded under drump rules version .* newer than .*update cardtable")
    lines[0]["rules"] = GAME.rules_version
    lines[0]["cardtable"] = "0.0.1"
    assert replay.read_lines(texts(lines)).notes == ()  # the same game: the program's version does not matter
    lines[3]["state"] = "0" * replay.SHORT_HASH
    refused(texts(lines), r"game line 4: .*written by cardtable 0\.0\.1; this is ")


# -- unfinished games, sealed ----------------------------------------------------------------
def sealed_lines(key: bytes, saved_by: list[int] | None = None) -> list[str]:
    return texts(replay.replay_lines(unfinished(), saved_by or [0], key))


def test_an_untouched_sealed_save_opens_with_its_key() -> None:
    key = new_key()
    match = unfinished()
    saved = replay.read_lines(texts(replay.replay_lines(match, [0], key)), "game", key)
    assert saved.sealed and saved.saved_by == (0,) and saved.match.seed == match.seed
    assert [move.action for move in saved.match.moves] == [move.action for move in match.moves]


def test_a_sealed_line_altered_removed_moved_or_from_another_save_is_refused_at_its_line() -> None:
    key = new_key()
    lines = sealed_lines(key)
    record = json.loads(lines[4])
    text = record["sealed"]
    record["sealed"] = ("B" if text[0] == "A" else "A") + text[1:]
    message = "this sealed line was altered, moved, or comes from another save"
    refused([*lines[:4], json.dumps(record), *lines[5:]], f"game line 5: {message}", key)
    refused([*lines[:4], *lines[5:]], f"game line 5: {message}", key)
    refused([*lines[:4], lines[5], lines[4], *lines[6:]], f"game line 5: {message}", key)
    other = sealed_lines(key)  # the same game saved again: another nonce
    refused([*lines[:4], other[4], *lines[5:]], f"game line 5: {message}", key)
    refused([*lines[:-1], lines[-2], lines[-1]], f"game line {len(lines)}: {message}", key)


def test_a_sealed_save_refuses_an_edited_header_count_or_a_missing_key() -> None:
    key = new_key()
    lines = sealed_lines(key)
    header = json.loads(lines[0])
    for change in ({"saved_by": [2]}, {"players": ["heuristic", "you"]}, {"first_seat": 2}):
        refused([json.dumps(header | change), *lines[1:]], "game line 1: the header was altered", key)
    closing = json.loads(lines[-1])
    tampered = json.dumps(closing | {"actions": closing["actions"] - 1})
    refused([*lines[:-1], tampered], f"game line {len(lines)}: this sealed line was altered", key)
    refused(lines, "game line 1: this save of an unfinished game is sealed: it opens only with the key")
    refused(lines, "game line 1: .* sealed with another key than yours", new_key())


# -- the seal ------------------------------------------------------------------------------------
def test_the_seal_opens_only_with_the_same_key_nonce_label_and_associated_data() -> None:
    key, nonce = new_key(), new_nonce()
    sealed = seal(key, nonce, "action 1", b"set 7h on 2", b"header")
    assert unseal(key, nonce, "action 1", sealed, b"header") == b"set 7h on 2"
    assert b"7h" not in sealed.encode()
    for wrong in (
        (new_key(), nonce, "action 1", sealed, b"header"),
        (key, new_nonce(), "action 1", sealed, b"header"),
        (key, nonce, "action 2", sealed, b"header"),
        (key, nonce, "action 1", sealed, b"headers"),
        (key, nonce, "action 1", "A" + sealed[1:] if sealed[0] != "A" else "B" + sealed[1:], b"header"),
        (key, nonce, "action 1", "not base64!", b"header"),
    ):
        with pytest.raises(BrokenSealError):
            unseal(*wrong)
    assert seal(key, new_nonce(), "x", b"same text") != seal(key, new_nonce(), "x", b"same text")
    assert re.fullmatch(r"[0-9a-f]{8}", key_id(key)) and key_id(key) != key_id(new_key())


def test_sealed_actions_are_padded_so_their_length_does_not_tell_the_action() -> None:
    key = new_key()
    lengths = {len(json.loads(line)["sealed"]) for line in sealed_lines(key)[1:-1]}
    assert len(lengths) == 1

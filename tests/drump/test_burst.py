"""Scenario tests of the Burst: reveal, Aces, failure, block and counter, EN's block_adds (drump.md)."""

from __future__ import annotations

import pytest

from cardtable.core.errors import IllegalActionError, NotYourTurnError
from tests.drump.helpers import legal_texts, match_from, names, play, position


def test_burst_reveals_the_stack_and_an_attack_of_13_or_less_fails() -> None:
    data = position(hands=(["3c"], ["9d"]), stacks={(2, 1): ["5s", "4h down"]}, deck_top=["2d"])
    match = match_from(data)
    play(match, "burst 3c on 1")
    # 3 + 9 = 12: the attack fails, no block, and 3c joins the stack face up.
    assert match.current_seat == 0
    stack = match.view(0).stacks[1][0]
    assert names([card for card, _ in stack]) == ["5s", "4h", "3c"]
    assert all(face_up for _, face_up in stack)
    assert match.state.hands[1] == match_from(data).state.hands[1]
    assert match.state.exchange is None


def test_burst_once_a_turn_and_only_on_a_stack() -> None:
    data = position(hands=(["3c", "2c"], []), stacks={(2, 1): ["5s"]})
    match = match_from(data)
    with pytest.raises(IllegalActionError, match="slot 2 is empty"):
        match.play("burst 3c on 2")
    play(match, "burst 3c on 1")
    with pytest.raises(IllegalActionError, match="already burst this turn"):
        match.play("burst 2c on 1")


def test_an_attacking_ace_wins_at_once() -> None:
    data = position(hands=(["Ac"], ["Kd"]), stacks={(2, 3): ["5s", "4h down"]}, deck_top=["7d"])
    match = match_from(data)
    play(match, "burst Ac on 3")
    assert match.current_seat == 0
    assert match.state.stacks[1][2] == ()
    assert names(match.state.pile) == ["5s", "4h", "Ac"]
    assert names(match.state.hands[0]) == ["7d"]


def test_over_13_the_defender_may_pass_and_the_attacker_wins_and_draws() -> None:
    data = position(hands=(["8c"], ["2d"]), stacks={(2, 1): ["9s"]}, deck_top=["7d"])
    match = match_from(data)
    play(match, "burst 8c on 1")
    assert match.current_seat == 1
    assert legal_texts(match) == ["pass"]  # 2d is not higher than 8c
    with pytest.raises(IllegalActionError, match="2d is not higher than the last card, worth 8"):
        match.play("block 2d")
    with pytest.raises(NotYourTurnError):
        match.play("end", 0)
    play(match, "pass")
    assert names(match.state.pile) == ["9s", "8c"]
    assert names(match.state.hands[0]) == ["7d"]


def test_block_counter_and_block_each_higher_than_the_last() -> None:
    data = position(hands=(["6c", "9h", "Kc"], ["7d", "Qd", "2h"]), stacks={(2, 1): ["9s"]}, deck_top=["3d"])
    match = match_from(data)
    play(match, "burst 6c on 1")
    assert legal_texts(match) == ["pass", "block 7d", "block Qd"]
    play(match, "block 7d")
    assert legal_texts(match) == ["pass", "counter 9h", "counter Kc"]
    play(match, "counter 9h")
    assert legal_texts(match) == ["pass", "block Qd"]
    play(match, "block Qd")
    assert legal_texts(match) == ["pass", "counter Kc"]
    play(match, "pass")
    # The defender had the last word: the played cards go, the stack stays, the defender draws.
    assert names(match.state.pile) == ["6c", "7d", "9h", "Qd"]
    assert names([card for card in match.state.stacks[1][0]]) == ["9s"]
    assert names(match.state.hands[1]) == ["2h", "3d"]
    assert match.current_seat == 0


def test_a_counter_that_stands_wins_the_attack() -> None:
    data = position(hands=(["6c", "9h"], ["7d"]), stacks={(2, 1): ["9s", "2s down"]}, deck_top=["3d"])
    match = match_from(data)
    play(match, "burst 6c on 1", "block 7d", "counter 9h", "pass")
    assert names(match.state.pile) == ["9s", "2s", "6c", "7d", "9h"]
    assert match.state.stacks[1][0] == ()
    assert names(match.state.hands[0]) == ["3d"]


def test_an_ace_block_wins_at_once_and_the_other_ace_cannot_answer() -> None:
    data = position(hands=(["6c", "Ah"], ["Ad"]), stacks={(2, 1): ["9s"]}, deck_top=["3d"])
    match = match_from(data)
    play(match, "burst 6c on 1", "block Ad")
    assert match.current_seat == 0
    assert match.state.exchange is None
    assert names(match.state.hands[1]) == ["3d"]
    assert names(match.state.pile) == ["6c", "Ad"]


def test_an_ace_counter_wins_at_once() -> None:
    data = position(hands=(["6c", "Ah"], ["Kd"]), stacks={(2, 1): ["9s"]}, deck_top=["3d"])
    match = match_from(data)
    play(match, "burst 6c on 1", "block Kd", "counter Ah")
    assert match.state.stacks[1][0] == ()
    assert names(match.state.hands[0]) == ["3d"]


def test_the_owner_values_each_ace_of_the_attacked_stack() -> None:
    data = position(hands=(["4c"], []), stacks={(2, 1): ["As", "Ah down"]}, deck_top=["3d"])
    match = match_from(data)
    play(match, "burst 4c on 1")
    assert match.current_seat == 1
    assert legal_texts(match) == ["ace As 1", "ace As 11"]
    play(match, "ace As 11")
    assert legal_texts(match) == ["ace Ah 1", "ace Ah 11"]
    with pytest.raises(IllegalActionError, match="the Ace to count now is Ah"):
        match.play("ace As 1")
    play(match, "ace Ah 1")
    # 4 + 11 + 1 = 16: over 13, so the defender may block.
    assert legal_texts(match) == ["pass"]
    match = match_from(data)
    play(match, "burst 4c on 1", "ace As 1", "ace Ah 1")
    # 4 + 1 + 1 = 6: the attack fails.
    assert names([card for card in match.state.stacks[1][0]]) == ["As", "Ah", "4c"]


def test_parts_block_with_their_value() -> None:
    data = position(hands=(["9c"], ["Xd", "Jd"]), stacks={(2, 2): ["8s"]})
    match = match_from(data)
    play(match, "burst 9c on 2")
    assert legal_texts(match) == ["pass", "block Xd", "block Jd"]


def test_block_adds_compares_running_totals() -> None:
    # EN: the block adds to the stack's total, the counter to the attack's.
    data = position(hands=(["9c", "7h", "3h"], ["2d", "Kd"]), stacks={(2, 1): ["6s"]}, deck_top=["3d"])
    match = match_from(data, block_adds=True)
    play(match, "burst 9c on 1")
    # 6 + 2 = 8 does not pass 9; 6 + 13 = 19 does.
    assert legal_texts(match) == ["pass", "block Kd"]
    with pytest.raises(IllegalActionError, match="does not put your side ahead"):
        match.play("block 2d")
    play(match, "block Kd")
    # The attack, 9, must pass 19: 9 + 7 = 16 and 9 + 3 = 12 do not.
    assert legal_texts(match) == ["pass"]
    play(match, "pass")
    assert names([card for card in match.state.stacks[1][0]]) == ["6s"]
    match = match_from(data, preset="en")
    play(match, "burst 9c on 1")
    assert legal_texts(match) == ["pass", "block Kd"]

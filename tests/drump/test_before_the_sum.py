"""PT's Burst (option `block_before_sum`, preset `pt`): receive or block before the stack is summed.

Seed 000: "o oponente pode escolher entre Receber ou Bloquear o ataque"; an
attacker who wins the exchange draws "e continuar o ataque" (drump.md,
"Decisions after the first build").
"""

from __future__ import annotations

import json
import random

import pytest

from cardtable.core.errors import IllegalActionError, PositionError
from cardtable.core.match import Match
from cardtable.games.drump import GAME
from cardtable.games.drump.events import AttackGoesOn, BurstMade, Received, StackRevealed
from tests.drump.helpers import legal_texts, match_from, names, play, position

#: Seat 1 attacks seat 2's stack 5s + 4h (face down): 9, so a 6 makes 15 and a 3 makes 12.
STACK = {(2, 1): ["5s", "4h down"]}


def burst_position(attacker: list[str], defender: list[str]) -> dict:
    """Seat 1 holds `attacker`, seat 2 `defender` and the stack; the deck starts 2d, 3d."""
    return position(hands=(attacker, defender), stacks=STACK, deck_top=["2d", "3d"])


def stack_of(match: Match, seat: int, slot: int = 1) -> list[str]:
    return names([code & 63 for code in match.state.stacks[seat - 1][slot - 1]])


@pytest.mark.parametrize("preset", [None, "vi", "en"])
def test_without_the_option_the_stack_is_summed_first_and_blocked_after(preset: str | None) -> None:
    match = match_from(burst_position(["6c"], ["7d"]), preset=preset)
    play(match, "burst 6c on 1")
    assert match.state.exchange is not None and match.state.exchange.revealed
    assert all(face_up for _, face_up in match.view(0).stacks[1][0])
    assert legal_texts(match) == ["pass", "block 7d"]


@pytest.mark.parametrize(("preset", "options"), [("pt", {}), (None, {"block_before_sum": True})])
def test_the_defender_chooses_before_the_stack_is_revealed(preset: str | None, options: dict) -> None:
    match = match_from(burst_position(["6c"], ["7d", "2h"]), preset=preset, **options)
    play(match, "burst 6c on 1")
    assert match.current_seat == 1
    assert match.view(1).phase == "defend"
    # Receive, or block with a card higher than the attacking 6 (2h is not).
    assert legal_texts(match) == ["receive", "block 7d"]
    # The stack is not revealed: the attacker and spectators still do not see 4h.
    for seat in (0, None):
        assert match.view(seat).stacks[1][0][1] == (None, False)
        assert "4h" not in json.dumps(match.view(seat).to_json())
    exchange = match.view(0).to_json()["exchange"]
    assert exchange["revealed"] is False and exchange["stack_total"] is None
    assert match.view(None).log[-1] == BurstMade(0, match.state.exchange.cards[0], 0, None)  # type: ignore[union-attr]
    assert match.view(None).describe(match.view(None).log[-1]) == "Player 1 bursts 6c on slot 1"


def test_received_over_13_the_attack_succeeds_with_no_block() -> None:
    match = match_from(burst_position(["6c"], ["7d"]), preset="pt")
    play(match, "burst 6c on 1", "receive")
    # 6 + 5 + 4 = 15: the stack and the attacking card go, the attacker draws; 7d was never asked.
    assert match.current_seat == 0 and match.view(0).phase == "main"
    assert names(match.state.pile) == ["5s", "4h", "6c"]
    assert stack_of(match, 2) == []
    assert names(match.state.hands[0]) == ["2d"]
    assert names(match.state.hands[1]) == ["7d"]
    log = match.view(None).log
    assert log[-4:-2] == (Received(1), StackRevealed(1, 0, match.state.pile[:2]))
    assert [match.view(None).describe(event) for event in log[-4:]] == [
        "Player 2 receives the attack",
        "Player 2's slot 1 is revealed: 5s 4h",
        "Player 1 wins the Burst: slot 1 goes to the pile",
        "Player 1 draws a card",
    ]


def test_received_at_13_or_less_the_attack_fails() -> None:
    match = match_from(burst_position(["3c"], ["7d"]), preset="pt")
    play(match, "burst 3c on 1", "receive")
    assert stack_of(match, 2) == ["5s", "4h", "3c"]
    assert all(face_up for _, face_up in match.view(0).stacks[1][0])
    assert match.state.hands == ((), match.state.hands[1])
    assert match.state.pile == ()


def test_a_block_that_stands_keeps_the_stack_hidden_and_the_defender_draws() -> None:
    match = match_from(burst_position(["6c", "2c"], ["7d"]), preset="pt")
    play(match, "burst 6c on 1", "block 7d")
    # The attacker may counter with a card higher than 7: 2c is not.
    assert legal_texts(match) == ["pass"]
    play(match, "pass")
    assert names(match.state.pile) == ["6c", "7d"]
    assert stack_of(match, 2) == ["5s", "4h"]
    # Never revealed: 4h is still face down, unseen by the attacker.
    assert match.view(0).stacks[1][0][1] == (None, False)
    assert names(match.state.hands[1]) == ["2d"]
    assert match.current_seat == 0 and match.view(0).phase == "main"


def test_an_attacker_who_beats_the_block_draws_and_the_attack_goes_on_to_the_sum() -> None:
    match = match_from(burst_position(["6c", "9h"], ["7d"]), preset="pt")
    play(match, "burst 6c on 1", "block 7d", "counter 9h")
    assert match.view(1).phase == "block"
    assert legal_texts(match) == ["pass"]
    play(match, "pass")
    log = match.view(None).log
    assert AttackGoesOn(0, 0) in log
    # The blocks went to the pile, the attacker drew 2d, then 6 + 9 = 15 took the stack and drew 3d.
    assert names(match.state.pile) == ["7d", "9h", "5s", "4h", "6c"]
    assert names(match.state.hands[0]) == ["2d", "3d"]
    assert stack_of(match, 2) == []
    texts = [match.view(None).describe(event) for event in log[-6:]]
    assert texts == [
        "Player 2 passes",
        "Player 1 beats the block: the attack on slot 1 goes on",
        "Player 1 draws a card",
        "Player 2's slot 1 is revealed: 5s 4h",
        "Player 1 wins the Burst: slot 1 goes to the pile",
        "Player 1 draws a card",
    ]


def test_beating_the_block_does_not_make_a_weak_attack_succeed() -> None:
    match = match_from(burst_position(["3c", "9h"], ["7d"]), preset="pt")
    play(match, "burst 3c on 1", "block 7d", "counter 9h", "pass")
    # 3 + 9 = 12 once summed: the attack fails and 3c joins the stack; the attacker drew once.
    assert stack_of(match, 2) == ["5s", "4h", "3c"]
    assert names(match.state.hands[0]) == ["2d"]
    assert names(match.state.pile) == ["7d", "9h"]


def test_after_the_blocks_the_owner_values_the_aces_of_the_stack() -> None:
    data = position(hands=(["4c", "9h"], ["7d"]), stacks={(2, 1): ["As", "Ah down"]}, deck_top=["2d", "3d"])
    match = match_from(data, preset="pt")
    play(match, "burst 4c on 1", "block 7d", "counter 9h", "pass")
    assert match.view(1).phase == "ace"
    assert legal_texts(match) == ["ace As 1", "ace As 11"]
    play(match, "ace As 11", "ace Ah 1")
    # 4 + 11 + 1 = 16: the attack succeeds at once, no block after the sum.
    assert stack_of(match, 2) == []
    assert match.view(0).phase == "main"


def test_an_attacking_ace_still_wins_at_once_with_no_choice() -> None:
    match = match_from(burst_position(["Ac"], ["7d"]), preset="pt")
    play(match, "burst Ac on 1")
    assert match.view(0).phase == "main"
    assert names(match.state.pile) == ["5s", "4h", "Ac"]


def test_an_ace_block_wins_at_once_and_an_ace_counter_sends_the_attack_on() -> None:
    match = match_from(burst_position(["6c", "Ah"], ["Ad"]), preset="pt")
    play(match, "burst 6c on 1", "block Ad")
    assert names(match.state.pile) == ["6c", "Ad"]
    assert stack_of(match, 2) == ["5s", "4h"]
    match = match_from(burst_position(["6c", "Ah"], ["Kd"]), preset="pt")
    play(match, "burst 6c on 1", "block Kd", "counter Ah")
    assert names(match.state.pile) == ["Kd", "Ah", "5s", "4h", "6c"]


def test_with_block_adds_the_defence_starts_from_nothing_before_the_sum() -> None:
    # 6 attacks; the stack is not counted, so a block must pass 6 on its own (7d does), and a
    # counter must put the attack's total (6 + counter) past the defence's (7).
    data = burst_position(["6c", "2c"], ["7d", "5h"])
    match = match_from(data, preset="pt", block_adds=True)
    play(match, "burst 6c on 1")
    assert legal_texts(match) == ["receive", "block 7d"]
    play(match, "block 7d")
    assert legal_texts(match) == ["pass", "counter 2c"]


def test_the_defend_phase_refuses_other_actions_with_the_rule() -> None:
    match = match_from(burst_position(["6c"], ["7d", "2h"]), preset="pt")
    with pytest.raises(IllegalActionError, match="no exchange or discard is under way"):
        match.play("receive")
    play(match, "burst 6c on 1")
    with pytest.raises(IllegalActionError, match="2h is not higher than the last card, worth 6"):
        match.play("block 2h")
    with pytest.raises(IllegalActionError, match="seat 2 must receive the attack or block it"):
        match.play("pass")


# -- positions mid-way through such an exchange --------------------------------------------------
def mid_exchange(phase: str, cards: list[str], **extra: object) -> dict:
    exchange = {"slot": 1, "cards": cards, "revealed": False}
    hands = (["9h", "Kc"], ["Qd", "2h"])
    return position(hands=hands, stacks=STACK, deck_top=["2d"], phase=phase, exchange=exchange, **extra)


def test_a_position_in_the_defend_phase_plays_on() -> None:
    data = mid_exchange("defend", ["6c"])
    match = match_from(data, preset="pt")
    assert match.current_seat == 1
    assert legal_texts(match) == ["receive", "block Qd"]
    assert GAME.position_of(match.state)["exchange"]["revealed"] is False
    play(match, "receive")
    assert names(match.state.pile) == ["5s", "4h", "6c"]


def test_a_position_mid_block_before_the_sum_plays_on() -> None:
    match = match_from(mid_exchange("counter", ["6c", "7d"]), preset="pt")
    assert legal_texts(match) == ["pass", "counter 9h", "counter Kc"]
    play(match, "counter Kc")
    assert legal_texts(match) == ["pass"]
    play(match, "pass")
    assert names(match.state.pile) == ["7d", "Kc", "5s", "4h", "6c"]


def test_the_attackers_view_mid_block_is_drawn_again_without_the_hidden_card() -> None:
    match = match_from(mid_exchange("counter", ["6c", "7d"]), preset="pt")
    view = match.view(0)
    for seed in range(5):
        drawn = GAME.determinize(view, random.Random(seed))
        assert GAME.view(drawn, 0) == view
        assert GAME.legal_actions(drawn) == GAME.legal_actions(match.state)


@pytest.mark.parametrize(
    ("data", "preset", "message"),
    [
        (mid_exchange("defend", ["6c"]), None, "the defend phase is played under the option block_before"),
        (mid_exchange("counter", ["6c", "7d"]), None, "unrevealed under the option block_before_sum only"),
        (mid_exchange("defend", ["6c", "7d"]), "pt", "in the defend phase only the attacking card"),
        (mid_exchange("ace", ["6c"]), "pt", "Aces are counted once the stack is revealed"),
        (
            position(stacks={(2, 1): ["5s"]}, phase="counter", exchange={"slot": 1, "cards": ["6c", "7d"]}),
            "pt",
            "under block_before_sum a revealed stack is summed at once, unanswered",
        ),
    ],
)
def test_positions_that_cannot_be_are_refused(data: dict, preset: str | None, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        match_from(data, preset=preset)


def test_an_unrevealed_stack_has_no_total_in_a_position() -> None:
    data = mid_exchange("defend", ["6c"])
    data["exchange"]["stack_total"] = 9
    with pytest.raises(PositionError, match=r"exchange\.stack_total: a stack not yet revealed has no total"):
        match_from(data, preset="pt")


def test_the_heuristic_bot_receives_an_attack_that_must_fail_and_blocks_to_save_a_stack() -> None:
    bot = GAME.bots["heuristic"]()
    # 3 + 9 = 12: receiving makes the attack fail, better than spending Qd.
    match = match_from(burst_position(["3c"], ["Qd", "9s"]), preset="pt")
    play(match, "burst 3c on 1")
    assert str(bot.choose(match.view(1), match.legal_actions(), random.Random(0))) == "receive"
    # 6 + 9 = 15 on a stack of 9: worth a cheap block.
    match = match_from(burst_position(["6c"], ["7d", "Kd"]), preset="pt")
    play(match, "burst 6c on 1")
    assert str(bot.choose(match.view(1), match.legal_actions(), random.Random(0))) == "block 7d"


def test_random_games_under_pt_reach_every_new_decision() -> None:
    options = GAME.option_table.resolve("pt")
    phases: set[str] = set()
    for seed in range(10):
        match = Match(GAME, options=options, seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            phases.add(match.view(None).phase)
            legal = match.legal_actions()
            match.play(legal[rng.randrange(len(legal))])
    assert {"defend", "ace", "block", "counter"} <= phases

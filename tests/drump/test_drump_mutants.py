"""DRUMP rules that mutation testing found unpinned (docs/testing.md): defaults of the study functions,
the reasons given for a refusal, whose event it is, and a view's JSON."""

from __future__ import annotations

import re

import pytest

from cardtable.core.errors import IllegalActionError
from cardtable.games.drump import burst
from cardtable.games.drump.cards import parse_card
from cardtable.games.drump.events import AceCounted, AttackFailed, Dealt, Discarded
from cardtable.games.drump.stacks import payable_values
from cardtable.games.drump.view import describe_event
from tests.drump.helpers import match_from, names, play, position


def card(text: str) -> int:
    """A card by name."""
    found = parse_card(text)
    assert found is not None
    return found


def cards(*texts: str) -> list[int]:
    """Cards by name."""
    return [card(text) for text in texts]


def test_an_ace_pays_by_its_total_unless_the_option_says_it_pays_any_part() -> None:
    # drump.md (PT's Ex², option ace_pays_any): As 5h totals 6 or 16, no part's value, without the option.
    stack = cards("As", "5h")
    assert payable_values(stack) == 0
    assert payable_values(stack, ace_pays_any=True) != 0


def test_an_exchange_opened_for_study_is_on_the_first_slot_unless_told() -> None:
    attack, stack = card("6c"), cards("9s")
    assert burst.open_exchange(attack, stack).slot == 0
    assert burst.unrevealed_exchange(attack).slot == 0
    # Not yet revealed (PT, block_before_sum): no total for the stack, the defence starting at 0.
    unrevealed = burst.unrevealed_exchange(attack)
    assert (unrevealed.stack_total, unrevealed.defense_total, unrevealed.revealed) == (0, 0, False)
    assert burst.open_exchange(attack, stack, 2).slot == 2


def test_a_burst_on_an_impossible_stack_names_the_attacked_stack() -> None:
    with pytest.raises(ValueError, match=re.escape("attacked stack [Kh]: Kh is a monster part")):
        burst.resolve_burst(card("6c"), cards("Kh"), [])


def test_no_cards_are_written_as_nothing() -> None:
    assert describe_event(Dealt(0, ())) == "Player 1 is dealt nothing"


def test_a_stack_over_the_limit_is_refused_naming_its_slot() -> None:
    match = match_from(position(hands=(["5h"], []), stacks={(1, 2): ["9s"]}))
    with pytest.raises(IllegalActionError, match=re.escape("stack 2 would total 14 (Aces as 1), over 13")):
        match.play("set 5h on 2")


def test_the_failed_attack_and_the_discards_are_the_events_of_their_seats() -> None:
    match = match_from(position(hands=(["3c"], []), stacks={(2, 1): ["9s"]}))
    play(match, "burst 3c on 1")
    failed = [event for event in match.view(1).log if isinstance(event, AttackFailed)]
    assert [(event.seat, event.total) for event in failed] == [(0, 12)]
    hand0 = ["2s", "3s", "4s", "5s", "6s", "7s", "8s"]
    hand1 = ["2h", "3h", "4h", "5h", "6h", "7h"]
    match = match_from(position(hands=(hand0, hand1), deck_top=["9d"]))
    play(match, "end", "discard 2s", "discard 3s", "discard 7h")
    discarded = [event for event in match.view(None).log if isinstance(event, Discarded)]
    assert [(event.seat, names([event.card])[0]) for event in discarded] == [(0, "2s"), (0, "3s"), (1, "7h")]


def test_a_views_json_while_an_ace_is_to_be_counted() -> None:
    data = position(
        hands=(["6c", "Qh"], ["7d"]),
        stacks={(2, 1): ["As", "5h down"], (1, 2): ["3d"]},
        zones=({"wings": "Kh"}, {}),
    )
    match = match_from(data)
    play(match, "burst 6c on 1")
    waiting = "seat 2 must count As of the attacked stack as 1 or 11 (ace As 1|11)"
    with pytest.raises(IllegalActionError, match=re.escape(waiting)):
        match.play("end")
    empty = {"body": None, "head": None, "tail": None, "wings": None}
    nothing = {"known": 0, "aces": 0, "hidden": 0}
    assert match.view(0).to_json() == {
        "game": "drump",
        "seat": 1,
        "phase": "ace",
        "current_seat": 2,
        "first_seat": 1,
        "turn_seat": 1,
        "turn_number": 1,
        "hand": ["Qh"],
        "hand_sizes": [1, 1],
        "known_in_hand": [[], []],
        "stacks": [[[], ["3d"], [], []], [["As", "5h"], [], [], []]],
        # What seat 1 knows of each stack's value (the 5h it saw revealed), Aces as 1.
        "stack_values": [
            [nothing, {"known": 3, "aces": 0, "hidden": 0}, nothing, nothing],
            [{"known": 6, "aces": 1, "hidden": 0}, nothing, nothing, nothing],
        ],
        "zones": [empty | {"wings": "Kh"}, empty],
        "pile": [],
        "deck_size": 45,
        "turn": {"burst_used": True, "extra_jacks": 0, "recycles": 0, "slots_set": [], "summoned": False},
        "exchange": {
            "attack_total": 6,
            "cards": ["6c"],
            "defense_total": 6,
            "pending_aces": ["As"],
            "revealed": True,
            "slot": 1,
            "stack_total": 6,
            "attack_value": 6,
            "attack_sum": 12,
            "attack_fails": True,
        },
        "discarding": None,
        "drawing": None,
        "last_turn": None,
        "outcome": None,
        "log": ["Player 1 bursts 6c on slot 1, revealing As 5h"],
    }


def test_a_views_json_names_the_seat_given_the_last_turn() -> None:
    # drump.md: the first player's DRUMP gives the second player one last turn.
    zones = {"head": "Xs", "wings": "Xh", "body": "Xd"}
    data = position(hands=(["Xc"], []), zones=(zones, {}), stacks={(1, 1): ["4s", "6s"]})
    match = match_from(data)
    play(match, "summon Xc from 1")
    assert match.state.last_turn == 1
    assert match.view(0).to_json()["last_turn"] == 2


@pytest.mark.parametrize(
    ("stack", "reason"),
    [
        (["4s"], "a summon is paid by a stack of two or more cards; stack 2 holds 1"),
        (["4s", "5d"], "stack 2 totals 9 with Aces as 1, and cannot make 10 for Xh"),
    ],
)
def test_a_summon_refused_names_the_stack_that_cannot_pay(stack: list[str], reason: str) -> None:
    match = match_from(position(hands=(["Xh"], []), stacks={(1, 2): stack}))
    with pytest.raises(IllegalActionError, match=re.escape(reason)):
        match.play("summon Xh from 2")


def test_the_seat_awaited_is_named_while_blocking_and_discarding() -> None:
    data = position(hands=(["6c", "9h"], ["7d", "Qd"]), stacks={(2, 1): ["9s"]}, pile=["2c"], deck_top=["3d"])
    match = match_from(data)
    play(match, "burst 6c on 1")
    with pytest.raises(IllegalActionError, match="seat 2 must block or pass"):
        match.play("end")
    play(match, "block 7d", "pass")
    # The defence had the last word: the played cards join the pile, on what it held.
    assert names(match.state.pile) == ["2c", "6c", "7d"]
    match = match_from(position(hands=(["2s", "3s", "4s", "5s", "6s", "7s", "8s"], ["2h"]), deck_top=["9d"]))
    play(match, "end")
    with pytest.raises(IllegalActionError, match="seat 1 must discard down to 5 cards"):
        match.play("end")
    assert match.view(1).to_json()["discarding"] == 1


def test_the_ace_is_counted_by_the_defender_and_an_unrevealed_stack_adds_nothing() -> None:
    match = match_from(position(hands=(["6c", "Qh"], ["7d"]), stacks={(2, 1): ["As", "5h down"]}))
    play(match, "burst 6c on 1", "ace As 11")
    counted = [event for event in match.view(0).log if isinstance(event, AceCounted)]
    assert [(event.seat, event.value) for event in counted] == [(1, 11)]
    match = match_from(position(hands=(["6c"], ["7d"]), stacks={(2, 1): ["5s", "4h down"]}), preset="pt")
    play(match, "burst 6c on 1")
    exchange = match.view(0).to_json()["exchange"]
    assert (exchange["stack_total"], exchange["attack_total"], exchange["defense_total"]) == (None, 6, 0)

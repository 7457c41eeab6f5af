"""DRUMP positions: written and read back, and impossible ones refused with the place and reason.

What every game's position files share is tested in tests/test_position_files.py.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from cardtable.core import conformance
from cardtable.core.errors import PositionError
from cardtable.core.jsonio import parse_json
from cardtable.core.match import Match
from cardtable.games import drump
from cardtable.games.drump import GAME
from tests.drump.helpers import match_from, position


def test_without_a_deck_the_rest_is_shuffled_by_the_seed() -> None:
    data = position(hands=(["2s"], []))
    del data["deck"]
    first = Match(GAME, position=data, seed=4).state.deck
    assert first == Match(GAME, position=data, seed=4).state.deck
    assert first != Match(GAME, position=data, seed=5).state.deck
    assert len(first) == 51
    data["deck_size"] = 40
    with pytest.raises(PositionError, match="deck_size: is 40, but 51 cards"):
        Match(GAME, position=data, seed=4)


def test_options_come_from_the_position_unless_given() -> None:
    data = position()
    data["options"] = {"recycle_limit": 3}
    assert match_from(data).options.recycle_limit == 3
    assert match_from(data, preset="pt").options.recycle_limit is None


def broken(change: Any) -> dict[str, Any]:
    data = position(
        hands=(["2s", "Kh"], ["3s"]), stacks={(1, 1): ["9s", "4h down"]}, zones=({"head": "Ks"}, {})
    )
    data = copy.deepcopy(data)
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["hands"][1].append("2s"), "2s appears twice (also at hands[0][0])"),
        (lambda d: d["pile"].append("Qq"), "'Qq' is not a card"),
        (lambda d: d["deck"].pop(), "the position holds 51 of 52 cards; missing"),
        (lambda d: d["stacks"][0][0].append("2c down"), "stacks[0][0]: totals 15 with Aces as 1, over 13"),
        (lambda d: d["stacks"][0][1].append("Qc"), "Qc is a monster part; stacks hold A-9"),
        (lambda d: d["stacks"][0][2].append("7c down"), "the bottom card of a stack is always face up"),
        (
            lambda d: (d["zones"][0].update(head="Kh"), d["hands"][0].__setitem__(1, "Ks")),
            "Kh is a wings, not a head",
        ),
        (lambda d: d["zones"][1].update(tail="7c"), "7c is a force card"),
        (lambda d: d["zones"][1].update(horn="Kc"), "should map body parts"),
        (lambda d: d["hands"].append([]), "one entry per seat (2), not 3"),
        (lambda d: d.update(first_seat=3), "3 is not a seat"),
        (lambda d: d["turn"].update(recycles=7), "turn.recycles: 7 is outside 0..2"),
        (lambda d: d["turn"].update(slots_set=[5]), "5 is not a slot"),
        (lambda d: d.update(phase="lunch"), "'lunch' is not one of"),
        (lambda d: d.update(phase="block"), "the block phase needs the exchange under way"),
        (lambda d: d.update(phase="discard", discarding=1), "that hand is not over the hand limit"),
        (lambda d: d.update(last_turn=2), "no one has DRUMP, so no last turn is due"),
        (lambda d: d.update(options={"recycle_limit": "lots"}), "'lots' is not a whole number"),
        (lambda d: d.update(hands="2s"), "hands: '2s' has the wrong type"),
        (lambda d: d.pop("exchange", None) or d.update(phase="ace"), "the ace phase needs the exchange"),
    ],
)
def test_impossible_positions_are_refused_with_the_reason(change: Any, message: str) -> None:
    with pytest.raises(PositionError) as error:
        Match(GAME, position=broken(change), seed=0)
    assert message in str(error.value)


def test_a_position_with_53_cards_is_refused() -> None:
    data = position()
    data["pile"].append(data["deck"][0])
    with pytest.raises(PositionError, match="appears twice"):
        Match(GAME, position=data, seed=0)


def test_positions_mid_exchange_are_read() -> None:
    data = position(
        hands=([], ["Kd"]),
        stacks={(2, 1): ["9s"]},
        phase="block",
        exchange={"slot": 1, "cards": ["8c"]},
    )
    match = match_from(data)
    assert match.current_seat == 1
    assert [GAME.format_action(a) for a in match.legal_actions()] == ["pass", "block Kd"]


def test_a_drump_holder_needs_the_opponents_last_turn() -> None:
    zones = {"head": "Xs", "wings": "Xh", "body": "Xd", "tail": "Xc"}
    with pytest.raises(PositionError, match="seat 1 has DRUMP, so seat 2 must be on its last turn"):
        Match(GAME, position=position(zones=(zones, {})), seed=0)
    assert not Match(GAME, position=position(zones=(zones, {}), last_turn=2), seed=0).is_over


# -- DRUMP's nested keys, its template and its schema --------------------------------------------
PACKAGE = Path(drump.__file__).parent
SCHEMA = json.loads((PACKAGE / "position.schema.json").read_text(encoding="utf-8"))


def test_an_unknown_key_inside_the_turn_or_the_exchange_is_refused_too() -> None:
    data = position(turn={"sumoned": True})
    with pytest.raises(PositionError) as error:
        Match(GAME, position=data, seed=0)
    allowed = "burst_used, extra_jacks, number, recycles, seat, slots_set, summoned"
    assert str(error.value) == f"position turn.sumoned: unknown key; the keys allowed here are: {allowed}"
    exchange = {"slot": 1, "cards": ["8c"], "blocks": []}
    data = position(hands=([], ["Kd"]), stacks={(2, 1): ["9s"]}, phase="block", exchange=exchange)
    with pytest.raises(PositionError) as error:
        Match(GAME, position=data, seed=0)
    allowed = "attack_total, cards, defense_total, pending_aces, revealed, slot, stack_total"
    assert str(error.value) == f"position exchange.blocks: unknown key; the keys allowed here are: {allowed}"


def test_seats_in_positions_count_from_1() -> None:
    data = position(hands=(["2s"], ["3s", "4s", "5s", "6s", "7s", "8s"]), first_seat=2, turn={"seat": 1})
    data.update(phase="discard", discarding=2)
    state = Match(GAME, position=data, seed=0).state
    assert (state.first_seat, state.turn_seat, state.discarding) == (1, 0, 1)
    written = GAME.position_of(state)
    assert (written["first_seat"], written["turn"]["seat"], written["discarding"]) == (2, 1, 2)
    data.update(first_seat=0)
    with pytest.raises(PositionError, match="first_seat: 0 is not a seat"):
        Match(GAME, position=data, seed=0)


def test_a_deck_size_is_checked_against_a_given_deck_too() -> None:
    data = position(hands=(["2s"], []))
    data["deck_size"] = 50
    with pytest.raises(PositionError, match="deck_size: is 50, but the deck given holds 51 cards"):
        Match(GAME, position=data, seed=0)


def test_the_template_is_turn_7_with_30_cards_left_in_the_deck() -> None:
    text = (PACKAGE / "position.template.jsonc").read_text(encoding="utf-8")
    data = parse_json(text, "position.template.jsonc", PositionError, comments=True)
    state = GAME.state_from_position(data, random.Random(0), None)  # type: ignore[arg-type]
    assert state.turn_number == 7 and len(state.deck) == 30


def test_position_of_writes_every_key_but_preset_and_deck_size() -> None:
    written = set(GAME.position_of(Match(GAME, seed=0).state))
    assert written | {"preset", "deck_size"} == set(SCHEMA["properties"])


@pytest.mark.parametrize(
    ("preset", "reached"),
    [
        (None, {"main", "ace", "block", "counter", "discard"}),
        ("pt", {"main", "defend", "ace", "block", "counter", "discard"}),
        # Random play seldom ends a turn with the 7 cards VI's hand limit needs.
        ("vi", {"main", "ace", "block", "counter"}),
        ("en", {"main", "ace", "block", "counter", "draw", "discard"}),
    ],
)
def test_random_positions_follow_the_schema_and_read_back(preset: str | None, reached: set[str]) -> None:
    validator = jsonschema.Draft202012Validator(SCHEMA)
    options = GAME.option_table.resolve(preset)
    phases = set()
    for seed in range(12):
        for state, action in conformance.random_states(GAME, seed, options):
            if action is None:
                break
            data = json.loads(json.dumps(GAME.position_of(state)))
            errors = [f"{list(error.path)}: {error.message}" for error in validator.iter_errors(data)]
            assert not errors, (seed, errors)
            if data["phase"] != "main":
                # Positions in the middle of a decision read back as they were written.
                assert GAME.position_of(GAME.state_from_position(data, random.Random(0), None)) == data
            phases.add(data["phase"])
    # Positions mid-exchange (and, under PT and EN, at their own decisions) were among them.
    assert phases == reached


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(phase="over"), "'over' is not one of"),
        (lambda d: d["zones"][0].update(head="7c"), "'7c' is not valid under any of the given schemas"),
        (lambda d: d["stacks"][0][0].append("Kc"), "'Kc' does not match"),
        (lambda d: d.update(first_seat=0), "0 is less than the minimum of 1"),
    ],
)
def test_the_schema_refuses_what_the_reader_refuses(change: Any, message: str) -> None:
    data = copy.deepcopy(position())
    change(data)
    errors = " | ".join(error.message for error in jsonschema.Draft202012Validator(SCHEMA).iter_errors(data))
    assert message in errors
    with pytest.raises(PositionError):
        Match(GAME, position=data, seed=0)

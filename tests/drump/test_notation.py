"""DRUMP notation: every action round-trips, aliases read, bad text is refused with a reason."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.core.errors import ActionParseError
from cardtable.games.drump.actions import ACTIONS, format_action, parse_action
from cardtable.games.drump.cards import DECK, card_label, card_name, parse_card


def test_every_action_round_trips_and_has_one_index() -> None:
    assert len(set(ACTIONS)) == len(ACTIONS)
    for action in ACTIONS:
        assert parse_action(format_action(action)) == action
        assert str(action) == format_action(action)


def test_every_card_name_and_label_reads_back() -> None:
    for card in DECK:
        assert parse_card(card_name(card)) == card
        assert parse_card(card_label(card)) == card


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("set 7h 2", "set 7h on 2"),
        ("SET 7H ON 2", "set 7h on 2"),
        ("summon Kd 3", "summon Kd from 3"),
        ("summon kd from 3", "summon Kd from 3"),
        ("burst 5c 1", "burst 5c on 1"),
        ("block 10h", "block Xh"),
        ("block Th", "block Xh"),
        ("block X♥", "block Xh"),
        ("extra Jh As", "extra Jh with As"),
        ("recycle Qc take Kd", "recycle Qc take Kd"),
        ("  end ", "end"),
        ("ace 1s 11", "ace As 11"),
        (" Receive", "receive"),
        ("DRAW", "draw"),
        ("decline ", "decline"),
    ],
)
def test_aliases_read_to_the_canonical_form(text: str, canonical: str) -> None:
    assert format_action(parse_action(text)) == canonical


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        ("fly 7h", "unknown verb 'fly'"),
        ("set 7h", "expected set <card> on <slot>"),
        ("set 7h on 5", "'5' is not a slot"),
        ("set Kh on 1", "Kh is a monster part"),
        ("set 7z on 1", "'7z' is not a card"),
        ("summon 7h from 1", "7h is a force card"),
        ("burst Qh on 1", "Qh is a monster part"),
        ("extra Qh with As", "an Extra Jack places a J"),
        ("extra Jh with 2s", "an Extra Jack places a J"),
        ("recycle Kd take Kd", "other than the one it discards"),
        ("recycle Kd take 5d", "5d is a force card"),
        ("recycle Kd fetch", "expected recycle"),
        ("ace 5s 11", "5s is not an Ace"),
        ("ace As 5", "an Ace counts 1 or 11"),
        ("pass now", "expected pass"),
        ("receive 7h", "expected receive"),
        ("draw 1", "expected draw"),
        ("decline draw", "expected decline"),
    ],
)
def test_bad_text_is_refused_with_the_input_and_reason(text: str, reason: str) -> None:
    with pytest.raises(ActionParseError) as error:
        parse_action(text)
    assert reason in str(error.value)
    assert repr(text) in str(error.value)


@given(st.text(max_size=30))
def test_any_text_parses_or_raises_a_parse_error(text: str) -> None:
    try:
        action = parse_action(text)
    except ActionParseError:
        return
    assert parse_action(format_action(action)) == action

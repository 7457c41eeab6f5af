"""A JSON object that names a key twice is refused, not read as its last value (found in review)."""

from __future__ import annotations

import pytest

from cardtable.core.errors import ReplayError
from cardtable.core.jsonio import parse_json
from cardtable.server.protocol import ProtocolError, read_message


def test_an_object_with_a_key_twice_is_refused_naming_the_key() -> None:
    with pytest.raises(ReplayError, match="the key 'seed' is given twice"):
        parse_json('{"seed": 1, "moves": [{"a": 1}], "seed": 2}', "replay", ReplayError)
    nested = '{"a": {"a": 1}, "b": [{"a": 2}]}'
    assert parse_json(nested, "replay", ReplayError) == {"a": {"a": 1}, "b": [{"a": 2}]}


def test_a_message_with_its_type_twice_changes_nothing() -> None:
    # Read as its last type, it resigned the seat.
    with pytest.raises(ProtocolError) as refused:
        read_message('{"type": "undo", "type": "resign"}', 4096)
    assert refused.value.code == "malformed" and "'type' is given twice" in refused.value.message

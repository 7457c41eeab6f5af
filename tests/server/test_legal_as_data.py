"""The state frame's legal actions: each its id, its notation and the game's description of it as data."""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import fields
from typing import Any

import pytest

from cardtable.core.game import Game
from cardtable.core.registry import get_game
from cardtable.server.limits import Limits
from cardtable.server.setup import SeatSpec, TableSetup
from cardtable.server.storage import TableRecord
from cardtable.server.tables import Connection, LiveTable


def _frames_of(game: str, steps: int, seed: int) -> list[dict[str, Any]]:
    """The state frames seat 1 and seat 2 were sent, after each of `steps` random actions."""

    async def scenario() -> list[dict[str, Any]]:
        setup = TableSetup(game, seed, {}, (SeatSpec("Robin"), SeatSpec("Sasha")))
        table = LiveTable(TableRecord("t1", setup, (None, None), "test", 0.0))
        connections = []
        for seat in (0, 1):
            connection = Connection("127.0.0.1", Limits())
            connection.table, connection.seat = table, seat
            connections.append(connection)
        rng = random.Random(seed)
        frames = []
        for _ in range(steps):
            if table.match.is_over:
                break
            for connection in connections:
                frames.append(json.loads(table.state_frame(connection, table.match.view(connection.seat))))
            table.match.play(rng.choice(list(table.match.legal_actions())), table.match.current_seat)
        return frames

    return asyncio.run(scenario())


@pytest.mark.parametrize("name", ["drump", "scout", "dnup", "fm"])
def test_each_legal_action_carries_its_kind_and_fields(name: str) -> None:
    game = get_game(name)
    frames = _frames_of(name, 60, 4)
    entries = [entry for frame in frames for entry in frame["legal"]]
    assert entries, "the seat to act was sent its legal actions"
    for entry in entries:
        action = game.parse_action(entry["action"])
        assert {
            key: value for key, value in entry.items() if key not in ("id", "action")
        } == game.describe_action(action)
    kinds = {entry["kind"] for entry in entries}
    # Beyond the verb, the fields: at least one action of each game has one.
    assert any(len(entry) > 3 for entry in entries), kinds
    # The seat not to act is sent no legal list, described or not.
    assert all(not frame["legal"] for frame in frames if frame["to_act"] != frame["seat"])


def test_the_fields_are_the_actions_own() -> None:
    drump, scout, dnup, fm = (get_game(name) for name in ("drump", "scout", "dnup", "fm"))
    assert drump.describe_action(drump.parse_action("set 7h on 2")) == {
        "kind": "set",
        "card": "7h",
        "slot": 2,
    }
    assert drump.describe_action(drump.parse_action("recycle Qc draw")) == {
        "kind": "recycle",
        "part": "Qc",
        "take": None,
    }
    assert drump.describe_action(drump.parse_action("end")) == {"kind": "end"}
    assert scout.describe_action(scout.parse_action("scoutshow right turned at 7")) == {
        "kind": "scout",
        "end": "right",
        "turned": True,
        "position": 7,
        "with_show": True,
    }
    assert scout.describe_action(scout.parse_action("show 3-5")) == {"kind": "show", "first": 3, "last": 5}
    assert dnup.describe_action(dnup.parse_action("play 5/9 5/2")) == {
        "kind": "play",
        "cards": ["5/2", "5/9"],
    }
    assert dnup.describe_action(dnup.parse_action("add 5/2 to 3")) == {
        "kind": "add",
        "card": "5/2",
        "target": 3,
    }
    assert fm.describe_action(fm.parse_action("attack m1 direct")) == {
        "kind": "attack",
        "zone": 1,
        "target": None,
    }
    assert fm.describe_action(fm.parse_action("pick h3")) == {"kind": "pick", "hand": 3}
    assert fm.describe_action(fm.parse_action("place defence star 2 on m3")) == {
        "kind": "place",
        "position": "defence",
        "star": 2,
        "zone": 3,
    }


def test_a_game_that_describes_nothing_gets_the_notations_first_word() -> None:
    dnup = get_game("dnup")
    declared = {
        field.name: getattr(dnup, field.name) for field in fields(dnup) if field.name != "describe_action"
    }
    plain = Game(**declared)
    assert plain.describe_action(dnup.parse_action("add 5/2 to 3")) == {"kind": "add"}
    assert plain.describe_action(dnup.parse_action("rotate")) == {"kind": "rotate"}

"""No frame carries a card hidden from its receiver, nor the seed before the game ends.

Every frame sent to every seat and spectator of many random games of every
game is recorded.  Once a game is over its replay (with the seed) rebuilds
the state at each version, and each frame is checked against the state at
its own version, by the conformance suite's rule: no spelling of a card that
`game.hidden_cards(state, receiver)` hides may appear in it.  The frame's
view must also be exactly the receiver's view of that state, and its log
entries exactly that view's log: the frame is built from the view alone.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
from typing import Any

import pytest

from cardtable.core.conformance import leaked_cards
from cardtable.core.match import Match
from cardtable.core.replay import from_lines
from cardtable.games import get_game
from tests.server.helpers import Client, ServerProcess, play_randomly

#: Games per kind of table; raise it to search harder (CARDTABLE_SECRECY_GAMES=20).
GAMES = int(os.environ.get("CARDTABLE_SECRECY_GAMES", "2"))

TABLES: dict[str, tuple[str, list[dict[str, Any]], dict[str, Any]]] = {
    "drump": ("drump", [{"person": "A"}, {"person": "B"}], {}),
    "drump-en": ("drump", [{"person": "A"}, {"person": "B"}], {"preset": "en"}),
    "scout-3": ("scout", [{"person": name} for name in "ABC"], {}),
    "scout-5": ("scout", [{"person": name} for name in "ABCDE"], {}),
    "dnup-2": ("dnup", [{"person": "A"}, {"person": "B"}], {}),
    "dnup-4": ("dnup", [{"person": name} for name in "ABCD"], {}),
    "fm-people": ("fm", [{"person": "A"}, {"person": "B"}], {}),
    "fm-duelist": ("fm", [{"person": "A"}, {"duelist": 7}], {}),
}


async def _record_game(server: ServerProcess, table: dict[str, Any], seed: int) -> dict[int | None, Client]:
    """Play one table at random to its end, every seat and one spectator recording what it is sent."""
    tokens = {seat["seat"] - 1: seat["token"] for seat in table["seats"] if "token" in seat}
    clients: dict[int | None, Client] = {}
    first: dict[int, dict[str, Any]] = {}
    watcher = await Client(server.socket_url).open()
    await watcher.join(table["table"])
    clients[None] = watcher
    for seat, token in tokens.items():
        clients[seat] = await Client(server.socket_url).open()
        first[seat] = await clients[seat].join(table["table"], token)
    players = {seat: client for seat, client in clients.items() if seat is not None}
    await play_randomly(players, first, random.Random(seed))  # type: ignore[arg-type]
    await watcher.next("game_over")
    for client in clients.values():
        await client.close()
    return clients


def _states(replay: list[dict[str, Any]]) -> tuple[Any, list[Any]]:
    """The match rebuilt from a replay, and its state at every version."""
    match = from_lines([json.dumps(line) for line in replay])
    states = [match.initial]
    for move in match.moves:
        states.append(match.game.apply(states[-1], move.action))
    return match, states


def _check_receiver(game: Any, states: list[Any], seed: int, receiver: int | None, client: Client) -> int:
    """Check every frame one receiver got; returns how many were checked."""
    version = 0
    checked = 0
    for text, frame in zip(client.texts, client.frames, strict=True):
        if frame["type"] == "game_over":
            break
        where = f"{game.name} receiver {receiver} frame {checked} ({frame['type']})"
        assert str(seed) not in text, f"{where}: the seed was sent before the end"
        if frame["type"] == "state":
            version = frame["version"]
            _check_state_frame(game, states[version], receiver, frame, where)
        elif frame["type"] == "ack":
            # The acting seat's own action, checked against what it could see when it chose it.
            hidden = game.hidden_cards(states[frame["version"] - 1], receiver)
            assert not leaked_cards(game, hidden, frame), f"{where}: shows hidden cards"
        else:
            assert not leaked_cards(game, game.hidden_cards(states[version], receiver), frame), (
                f"{where}: hidden cards"
            )
        checked += 1
    return checked


def _check_state_frame(
    game: Any, state: Any, receiver: int | None, frame: dict[str, Any], where: str
) -> None:
    hidden = game.hidden_cards(state, receiver)
    view = game.view(state, receiver)
    expected = json.loads(json.dumps(view.to_json(with_log=False)))
    expected.pop("log", None)
    assert frame["view"] == expected, f"{where}: the frame is not the receiver's view"
    start = frame["log"]["from"]
    entries = frame["log"]["entries"]
    assert entries == [view.describe(event) for event in view.history.since(start)], f"{where}: log differs"
    assert frame["seat"] == (None if receiver is None else receiver + 1)
    # Entries of an earlier deal may name cards dealt again since; each was checked when it was new.
    current = entries[max(0, view.history.deal_start - start) :]
    leaked = leaked_cards(game, hidden, [frame["view"], frame["legal"], current])
    assert not leaked, f"{where}: shows hidden cards {leaked}"
    if receiver is None or game.current_seat(state) != receiver:
        assert frame["legal"] == [], f"{where}: legal actions sent to a seat not to act"


@pytest.mark.parametrize("kind", list(TABLES))
def test_no_frame_shows_a_hidden_card_or_the_seed(server: ServerProcess, kind: str) -> None:
    name, seats, extra = TABLES[kind]
    game = get_game(name)

    async def play_all() -> list[tuple[dict[int | None, Client], dict[str, Any]]]:
        tables = [server.create_table(name, seats, **extra) for _ in range(GAMES)]
        recorded = await asyncio.gather(
            *(_record_game(server, table, index) for index, table in enumerate(tables))
        )
        return list(zip(recorded, tables, strict=True))

    checked = 0
    for clients, table in asyncio.run(play_all()):
        over = next(frame for frame in clients[None].frames if frame["type"] == "game_over")
        assert over["table"] == table["table"]
        match, states = _states(over["replay"])
        assert match.is_over and over["outcome"] == match.outcome.to_json()
        for receiver, client in clients.items():
            checked += _check_receiver(game, states, match.seed, receiver, client)
            assert any(frame["type"] == "game_over" for frame in client.frames), (
                "the replay is offered to all"
            )
    assert checked > 50 * GAMES


def test_the_check_sees_another_seats_view_as_a_leak() -> None:
    game = get_game("drump")
    match = Match(game, seed=5)
    other = game.view(match.state, 1).to_json(with_log=False)
    assert leaked_cards(game, game.hidden_cards(match.state, 0), other), "seat 2's hand is hidden from seat 1"
    frame = {"view": other, "log": {"from": 0, "entries": []}, "legal": [], "seat": 1}
    with pytest.raises(AssertionError):
        _check_state_frame(game, match.state, 0, frame, "a forged frame")

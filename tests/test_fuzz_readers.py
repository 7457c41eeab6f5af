"""Every reader of outside data, fed hostile input by Hypothesis, ends in its own typed error.

Positions (every game), replays and deck files are given any JSON value,
valid files with one value changed to anything or removed, random bytes,
truncated text, deep nesting, numbers of thousands of digits and huge
strings.  Each either reads them or refuses them with a CardtableError
subclass naming the input; no other exception, no hang.  A position it
accepts is one the game can go on from: the seat to act has a legal action
and every seat's view can be drawn.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.core import replay
from cardtable.core.errors import CardtableError, PositionError, ReplayError
from cardtable.core.jsonio import JSON
from cardtable.core.match import Match
from cardtable.core.positions import read_position_file
from cardtable.games import AnyGame, game_names, get_game
from cardtable.games.fm.decks import DeckError, deck_from_json, starter_deck
from cardtable.games.fm.terminal.deck_files import read_deck

#: The project's profile sets how many examples; each fuzz test takes a share of them, to stay fast.
FUZZ = settings(
    max_examples=max(10, settings.default.max_examples // 2),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

#: Texts a reader may take for something of its own: cards of each game, phases, "down".
WORDS = ["2s", "Ah", "Xs down", "5/2", "7/3", "main", "pick", "play", "show", "down", "drump", "fm", "pt", ""]

leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.integers(min_value=-3, max_value=60),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(WORDS),
    st.text(max_size=12),
)
#: Any JSON value, nested a few levels.
json_values = st.recursive(
    leaves,
    lambda children: (
        st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=12), children, max_size=6)
    ),
    max_leaves=24,
)


def _hostile_texts(valid: str) -> st.SearchStrategy[bytes]:
    """Text no reader should trust: random bytes, a valid file cut short, and texts over every limit."""
    return st.one_of(
        st.binary(max_size=300),
        st.integers(min_value=0, max_value=len(valid)).map(lambda end: valid[:end].encode()),
        st.integers(min_value=1, max_value=3000).map(lambda depth: ("[" * depth + "]" * depth).encode()),
        st.integers(min_value=1, max_value=3000).map(
            lambda depth: ('{"a":' * depth + "1" + "}" * depth).encode()
        ),
        st.integers(min_value=25, max_value=6000).map(
            lambda digits: ('{"seed": ' + "9" * digits + "}").encode()
        ),
        st.sampled_from(["1e999", "-1e400", "NaN", "Infinity", "[1e309]"]).map(str.encode),
        st.integers(min_value=99_000, max_value=101_000).map(
            lambda size: ('["' + "x" * size + '"]').encode()
        ),
        st.integers(min_value=9_990, max_value=10_010).map(
            lambda items: ("[" + "0," * items + "0]").encode()
        ),
    )


def _paths(value: JSON, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value, the whole value first."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


_REMOVE = object()


def _changed(value: JSON, path: tuple[Any, ...], new: object) -> Any:
    """A copy of `value` with the place at `path` set to `new`, or removed."""
    if not path:
        return new
    copy = json.loads(json.dumps(value))
    node = copy
    for step in path[:-1]:
        node = node[step]
    if new is _REMOVE:
        del node[path[-1]]
    else:
        node[path[-1]] = new
    return copy


@cache
def _positions(name: str) -> tuple[dict[str, JSON], ...]:
    """Valid positions of a game: fresh deals and games played a while, at each table size."""
    game = get_game(name)
    positions = []
    for seed, seats in enumerate(sorted({game.min_seats, game.max_seats}) * 2):
        match = Match(game, seed=seed, seats=seats)
        rng = random.Random(seed)
        for _ in range(seed * 9):
            if match.is_over:
                break
            match.play(rng.choice(list(match.legal_actions())))
        positions.append(json.loads(json.dumps(game.position_of(match.state))))
    if name == "fm":
        # A duel about to start: two decks, shuffled by the seed.
        rng = random.Random(1)
        positions.append({"game": "fm", "decks": [list(starter_deck(rng)), list(starter_deck(rng))]})
    return tuple(positions)


def _read_position_or_refuse(game: AnyGame, data: object) -> None:
    """Read a position: it is refused with PositionError, or the game can go on from it."""
    try:
        state = game.state_from_position(data, random.Random(7), None)  # type: ignore[arg-type]
    except PositionError:
        return
    seats = game.seats(state)
    assert game.outcome(state) is not None or game.legal_actions(state), "accepted, but no one can move"
    for seat in [None, *range(seats)]:
        json.dumps(game.view(state, seat).to_json())


GAMES = game_names()


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(value=json_values)
def test_any_json_value_as_a_position_is_read_or_refused_in_words(name: str, value: JSON) -> None:
    _read_position_or_refuse(get_game(name), value)


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_a_position_with_any_value_changed_or_removed_is_read_or_refused_in_words(
    name: str, data: st.DataObject
) -> None:
    position = data.draw(st.sampled_from(_positions(name)), label="position")
    path = data.draw(st.sampled_from(_paths(position)), label="place")
    new = data.draw(json_values | st.just(_REMOVE) if path else json_values, label="new value")
    _read_position_or_refuse(get_game(name), _changed(position, path, new))


def _file_reader_test(
    folder: Path, content: bytes, read: Callable[[str], object], error: type[CardtableError]
) -> None:
    path = folder / "input.json"
    path.write_bytes(content)
    try:
        read(str(path))
    except error as refusal:
        assert str(path) in str(refusal), f"the refusal does not name the file: {refusal}"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("hostile")


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_a_position_file_of_hostile_text_is_refused_naming_the_file(
    name: str, folder: Path, data: st.DataObject
) -> None:
    game = get_game(name)
    valid = json.dumps(_positions(name)[-1], indent=1)
    content = data.draw(_hostile_texts(valid), label="file")

    def read(path: str) -> None:
        _read_position_or_refuse(game, read_position_file(path))

    _file_reader_test(folder, content, read, PositionError)


@cache
def _replay_lines(name: str) -> tuple[str, ...]:
    """The lines of the replay of a whole game between random players (a finished game is in the clear)."""
    game = get_game(name)
    match = Match(game, seed=4, seats=game.min_seats)
    rng = random.Random(4)
    while not match.is_over:
        match.play(rng.choice(list(match.legal_actions())))
    return tuple(json.dumps(line) for line in replay.replay_lines(match))


def _replay_or_refuse(lines: list[str]) -> None:
    try:
        replay.from_lines(lines, "fuzzed")
    except ReplayError as refusal:
        assert "fuzzed" in str(refusal)


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_a_replay_with_any_line_or_value_changed_is_replayed_or_refused_in_words(
    name: str, data: st.DataObject
) -> None:
    lines = list(_replay_lines(name))
    # The header, which starts the match, half the time; else any line.
    index = data.draw(st.just(0) | st.integers(min_value=0, max_value=len(lines) - 1), label="line")
    record = json.loads(lines[index])
    path = data.draw(st.sampled_from(_paths(record)), label="place")
    new = data.draw(json_values | st.just(_REMOVE) if path else json_values, label="new value")
    lines[index] = json.dumps(_changed(record, path, new))
    _replay_or_refuse(lines)


@FUZZ
@given(data=st.data())
def test_a_replay_file_of_hostile_text_is_refused_naming_the_file(folder: Path, data: st.DataObject) -> None:
    valid = "\n".join(_replay_lines("drump"))
    content = data.draw(_hostile_texts(valid), label="file")
    _file_reader_test(folder, content, replay.load, ReplayError)


@FUZZ
@given(value=json_values)
def test_any_json_value_as_a_deck_is_read_or_refused_in_words(value: JSON) -> None:
    try:
        deck_from_json(value, "fuzzed deck")
    except DeckError as refusal:
        assert "fuzzed deck" in str(refusal)


@FUZZ
@given(data=st.data())
def test_a_deck_with_any_entry_changed_is_read_or_refused_in_words(data: st.DataObject) -> None:
    deck: list[JSON] = list(starter_deck(random.Random(3)))
    index = data.draw(st.integers(min_value=0, max_value=len(deck) - 1), label="entry")
    new = data.draw(json_values | st.just(_REMOVE), label="new value")
    with contextlib.suppress(DeckError):
        deck_from_json(_changed(deck, (index,), new), "deck")


@FUZZ
@given(data=st.data())
def test_a_deck_file_of_hostile_text_is_refused_naming_the_file(folder: Path, data: st.DataObject) -> None:
    valid = json.dumps(list(starter_deck(random.Random(3))))
    content = data.draw(_hostile_texts(valid), label="file")
    _file_reader_test(folder, content, read_deck, DeckError)

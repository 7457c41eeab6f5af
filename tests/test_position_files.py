"""Every game's positions as files: the schema, the template, the commands that print them, the reader's
common refusals.

Each game ships `position.schema.json` and `position.template.jsonc` in its package; what only one
game has (its nested keys, its seat and zone numbering, its impossible positions) is tested in the
game's own position tests.
"""

from __future__ import annotations

import json
import random
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner

from cardtable.core.conformance import random_states
from cardtable.core.errors import PositionError
from cardtable.core.jsonio import parse_json
from cardtable.core.options import Option
from cardtable.core.positions import PositionReader
from cardtable.frontends.cli import main
from cardtable.games import game_names, get_game
from cardtable.games.documents import game_document

GAMES = game_names()
#: Random games played for each table size and preset; a few states of each are checked.
SEEDS = range(4)
#: One state in this many is checked, and the first state of every phase reached.
SAMPLE_EVERY = 4
JSON_SCHEMA_2020_12 = "https://json-schema.org/draft/2020-12/schema"


@cache
def schema(name: str) -> dict[str, Any]:
    """The game's position schema."""
    document: dict[str, Any] = json.loads(game_document(name, "position.schema.json"))
    return document


@cache
def validator(name: str) -> jsonschema.Draft202012Validator:
    """A validator of the game's positions."""
    return jsonschema.Draft202012Validator(schema(name))


def template(name: str) -> dict[str, Any]:
    """The game's commented example position, read as a position file is."""
    text = game_document(name, "position.template.jsonc")
    data = parse_json(text, "position.template.jsonc", PositionError, comments=True)
    assert isinstance(data, dict)
    return data


def shapes(name: str) -> list[dict[str, Any]]:
    """The kinds of position the schema describes: itself, or each of its `oneOf` (a start, a full one)."""
    root = schema(name)
    if "properties" in root:
        return [root]
    return [root["$defs"][choice["$ref"].removeprefix("#/$defs/")] for choice in root["oneOf"]]


def shape_of(name: str, data: dict[str, Any]) -> dict[str, Any]:
    """The one kind of position that allows every key of `data` and finds each key it requires."""
    fitting = [
        shape
        for shape in shapes(name)
        if set(data) <= set(shape["properties"]) and set(shape.get("required", ())) <= set(data)
    ]
    assert len(fitting) == 1, f"{name}: {len(fitting)} kinds of position fit {sorted(data)}"
    return fitting[0]


def state_from(name: str, data: dict[str, Any], options: Any = None) -> Any:
    """The state a position describes."""
    return get_game(name).state_from_position(data, random.Random(0), options)


def undescribed(node: Any, where: str) -> list[str]:
    """The places in a schema (its definitions included) whose properties carry no description."""
    missing = []
    if isinstance(node, dict):
        for key, value in node.get("properties", {}).items():
            if not isinstance(value, dict) or not value.get("description"):
                missing.append(f"{where}.{key}")
            missing += undescribed(value, f"{where}.{key}")
        for key, value in node.items():
            if key != "properties":
                missing += undescribed(value, f"{where}.{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            missing += undescribed(value, f"{where}[{index}]")
    return missing


# -- the schema ------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_the_schema_is_a_2020_12_schema_describing_every_key(name: str) -> None:
    jsonschema.Draft202012Validator.check_schema(schema(name))
    assert schema(name)["$schema"] == JSON_SCHEMA_2020_12
    assert schema(name).get("description")
    assert undescribed(schema(name), "position") == []
    # A key the schema does not describe is refused, so every key a position may hold is described.
    for shape in shapes(name):
        assert shape["additionalProperties"] is False


def test_a_key_without_a_description_is_found_at_any_depth() -> None:
    turn = {"description": "the turn", "properties": {"seat": {"type": "integer"}}}
    nested = {"properties": {"turn": turn}}
    assert undescribed(nested, "position") == ["position.turn.seat"]
    assert undescribed({"$defs": {"card": {"properties": {"rank": {}}}}}, "position") == [
        "position.$defs.card.rank"
    ]


JSON_TYPES = {bool: "boolean", int: "integer", str: "string"}


def check_option_entry(option: Option, entry: dict[str, Any]) -> None:
    """The schema's entry for one option says what the option table says."""
    kind = JSON_TYPES[type(option.default) if option.default is not None else int]
    types = entry["type"] if isinstance(entry["type"], list) else [entry["type"]]
    assert types == ([kind, "null"] if option.allow_none else [kind]), option.name
    assert entry.get("default", "no default") == option.default, option.name
    assert (entry.get("minimum"), entry.get("maximum")) == (option.minimum, option.maximum), option.name
    assert entry.get("enum") == (list(option.choices) if option.choices is not None else None), option.name
    assert option.description in entry["description"], option.name


@pytest.mark.parametrize("name", GAMES)
def test_the_schemas_options_and_presets_are_the_option_table(name: str) -> None:
    table = get_game(name).option_table
    for shape in shapes(name):
        options = shape["properties"]["options"]
        assert options["additionalProperties"] is False
        assert list(options["properties"]) == list(table.options)
        for option_name, option in table.options.items():
            check_option_entry(option, options["properties"][option_name])
        presets = shape["properties"]["preset"]["enum"]
        assert sorted(presets, key=str) == sorted([None, *table.presets], key=str)


# -- positions written by the game -----------------------------------------------------------------
def random_state_cases() -> list[tuple[str, int, str | None]]:
    """Every game at every table size it has, under the default options and every preset unlike them."""
    cases = []
    for name in GAMES:
        game = get_game(name)
        distinct: dict[object, str | None] = {}
        for preset in [None, *game.option_table.presets]:
            distinct.setdefault(game.option_table.resolve(preset), preset)
        for seats in range(game.min_seats, game.max_seats + 1):
            cases += [(name, seats, preset) for preset in distinct.values()]
    return cases


@pytest.mark.parametrize(("name", "seats", "preset"), random_state_cases())
def test_positions_of_random_states_follow_the_schema_and_read_back(
    name: str, seats: int, preset: str | None
) -> None:
    game = get_game(name)
    options = game.option_table.resolve(preset)
    checked = 0
    for seed in SEEDS:
        phases: set[object] = set()
        for step, (state, action) in enumerate(random_states(game, seed, options, seats)):
            if action is None:
                break  # a finished game is no position to start from
            data = json.loads(json.dumps(game.position_of(state)))
            if step % SAMPLE_EVERY and data.get("phase") in phases:
                continue
            phases.add(data.get("phase"))
            problems = [f"{list(error.path)}: {error.message}" for error in validator(name).iter_errors(data)]
            assert not problems, f"seed {seed} step {step}: {problems[:3]}"
            assert game.position_of(state_from(name, data)) == data, f"seed {seed} step {step}"
            checked += 1
    assert checked >= 5 * len(SEEDS)


# -- the template ----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_the_template_loads_follows_the_schema_and_shows_every_key(name: str) -> None:
    data = template(name)
    validator(name).validate(data)
    state = state_from(name, data)
    assert set(data) == set(shape_of(name, data)["properties"])
    validator(name).validate(get_game(name).position_of(state))


@pytest.mark.parametrize("document", ["schema", "template"])
@pytest.mark.parametrize("name", GAMES)
def test_cardtable_position_prints_the_file_shipped_with_the_game(name: str, document: str) -> None:
    package = Path(import_module(f"cardtable.games.{name}").__file__ or "").parent
    file = {"schema": "position.schema.json", "template": "position.template.jsonc"}[document]
    result = CliRunner().invoke(main, ["position", document, name])
    assert result.exit_code == 0, result.output
    assert result.output == (package / file).read_text(encoding="utf-8")


# -- the reader's common refusals ------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_a_position_for_another_game_is_refused(name: str) -> None:
    for other in [*GAMES, "chess"]:
        if other != name:
            with pytest.raises(PositionError) as refused:
                state_from(name, {**template(name), "game": other})
            assert str(refused.value) == f"position game: {other!r} is not {name}"


@pytest.mark.parametrize("name", GAMES)
def test_an_unknown_key_is_refused_naming_it_and_the_keys_allowed(name: str) -> None:
    data = {**template(name), "colour": "red"}
    with pytest.raises(PositionError) as refused:
        state_from(name, data)
    allowed = ", ".join(sorted(shape_of(name, template(name))["properties"]))
    assert str(refused.value) == f"position colour: unknown key; the keys allowed here are: {allowed}"
    assert not validator(name).is_valid(data)


@pytest.mark.parametrize("name", GAMES)
def test_a_misspelt_key_is_named_before_the_checks_it_would_confuse(name: str) -> None:
    required = set(shape_of(name, template(name)).get("required", ()))
    for key in template(name):
        if key in required:
            continue
        data = template(name)
        data[f"{key}_misspelt"] = data.pop(key)
        with pytest.raises(PositionError, match=f"^position {key}_misspelt: unknown key; "):
            state_from(name, data)


def another_value(option: Option) -> object:
    """A value the option allows other than its default (None for an option of free text)."""
    if isinstance(option.default, bool):
        return not option.default
    if option.choices is not None:
        return next(choice for choice in option.choices if choice != option.default)
    if isinstance(option.default, int):
        return option.minimum if option.default != option.minimum else option.default + 1
    return None


@pytest.mark.parametrize("name", GAMES)
def test_a_preset_key_is_read_and_options_override_it(name: str) -> None:
    game = get_game(name)
    table = game.option_table
    option = next(option for option in table.options.values() if another_value(option) is not None)
    override = {option.name: another_value(option)}
    without_options = {key: value for key, value in template(name).items() if key != "options"}
    for preset in [None, *table.presets]:
        data = {**without_options, "preset": preset}
        assert game.options_of(state_from(name, data)) == table.resolve(preset)
        data["options"] = override
        assert game.options_of(state_from(name, data)) == table.resolve(preset, override)
        # Options given by the caller replace the position's own.
        given = table.resolve(preset)
        assert game.options_of(state_from(name, data, given)) is given


@pytest.mark.parametrize("name", GAMES)
def test_an_unknown_preset_or_option_is_refused_naming_the_known_ones(name: str) -> None:
    table = get_game(name).option_table
    with pytest.raises(PositionError) as refused:
        state_from(name, {**template(name), "preset": "no_such_preset"})
    presets = ", ".join(sorted(table.presets))
    known = f"known presets: {presets}" if presets else "this game has no presets"
    assert str(refused.value) == f"position options: unknown preset 'no_such_preset'; {known}"
    with pytest.raises(PositionError) as refused:
        state_from(name, {**template(name), "options": {"colour": "red"}})
    known = ", ".join(sorted(table.options))
    assert str(refused.value) == f"position options: unknown option 'colour'; known options: {known}"


# -- the reader's numbers and per-seat lists -------------------------------------------------------
def reader_of(data: dict[str, Any], seats: int = 2) -> PositionReader:
    """A reader of a position of no particular game (no card is read)."""
    return PositionReader(data, lambda text: None, str, seats, "no cards here")


def test_a_number_out_of_bounds_names_the_bounds() -> None:
    with pytest.raises(PositionError) as refused:
        reader_of({"round": 0}).number("round", 1, 1)
    assert str(refused.value) == "position round: 0 is below 1"
    with pytest.raises(PositionError) as refused:
        reader_of({"round": 6}).number("round", 1, 1, 5)
    assert str(refused.value) == "position round: 6 is outside 1..5"
    assert reader_of({"round": 6}).number("round", 1, 1) == 6
    assert reader_of({}).number("round", 1, 1, 5) == 1


def test_the_list_that_sets_the_seats_is_read_first() -> None:
    reader = reader_of({"hands": [[], [], []], "round_scores": [[1, 2, 3], [0, 0, 4]]}, seats=5)
    assert reader.seats_from("hands", 2, 5, "hand") == [[], [], []]
    assert reader.seats == 3
    assert reader.seat_rows("round_scores") == ((1, 2, 3), (0, 0, 4))
    assert reader_of({}).seat_rows("round_scores") == ()
    with pytest.raises(PositionError) as refused:
        reader_of({"hands": [[]] * 6}).seats_from("hands", 2, 5, "hand")
    assert str(refused.value) == "position hands: give one hand per player, 2 to 5 of them, not 6"


@pytest.mark.parametrize(
    ("rows", "where"),
    [([[1, 2]], "round_scores[0]"), ([[1, 2, "3"]], "round_scores[0]"), ([[1, 2, True]], "round_scores[0]")]
    + [([[0, 0, 0], 5], "round_scores[1]")],
)
def test_a_seat_row_holds_one_whole_number_per_seat(rows: list[Any], where: str) -> None:
    with pytest.raises(PositionError) as refused:
        reader_of({"round_scores": rows}, seats=3).seat_rows("round_scores")
    assert str(refused.value) == f"position {where}: should hold one whole number per seat (3)"

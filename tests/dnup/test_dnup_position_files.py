"""dnup positions as files: the shipped schema and template, unknown keys, presets, seats from 1."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from cardtable.core.conformance import random_states
from cardtable.core.errors import PositionError
from cardtable.core.jsonio import parse_json
from cardtable.games.dnup import GAME
from tests.dnup.helpers import match_from, position

PACKAGE = Path(__file__).parents[2] / "cardtable" / "games" / "dnup"
SCHEMA = json.loads((PACKAGE / "position.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def template() -> Any:
    text = (PACKAGE / "position.template.jsonc").read_text(encoding="utf-8")
    return parse_json(text, "position.template.jsonc", PositionError, comments=True)


def test_the_schema_is_a_2020_12_schema_with_every_key_described() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"

    def described(node: Any, where: str) -> None:
        for key, value in node.get("properties", {}).items():
            assert value.get("description"), f"{where}.{key} has no description"
            described(value, f"{where}.{key}")

    described(SCHEMA, "position")


def test_the_schemas_options_are_the_option_table() -> None:
    table = GAME.option_table
    options = SCHEMA["properties"]["options"]["properties"]
    assert list(options) == list(table.options)
    for name, option in table.options.items():
        assert options[name]["default"] == option.default
        assert options[name].get("minimum") == option.minimum
        assert options[name].get("maximum") == option.maximum
        assert option.description in options[name]["description"]
    assert SCHEMA["properties"]["preset"]["enum"] == [None, *table.presets]


def test_positions_of_random_states_match_the_schema() -> None:
    checked = 0
    for seats in (2, 3, 4, 5):
        for seed in range(3):
            for index, (state, _) in enumerate(random_states(GAME, seed=seed, seats=seats)):
                if index % 5 == 0:
                    VALIDATOR.validate(json.loads(json.dumps(GAME.position_of(state))))
                    checked += 1
    assert checked > 200


def test_the_schema_refuses_what_the_reader_refuses() -> None:
    data = position([["9/1", "2/3"], ["6/7"], ["4/5"]], tables=[[], ["8/2"], []])
    assert VALIDATOR.is_valid(data)
    for change in (
        {"colour": "red"},
        {"turn_seat": 0},
        {"out": [0]},
        {"discards": ["7/7"]},
        {"discards": ["11/2"]},
        {"scores": [0, -1, 0]},
        {"options": {"speed": 1}},
    ):
        assert not VALIDATOR.is_valid({**data, **change}), change


def test_the_template_loads_and_matches_the_schema() -> None:
    data = template()
    VALIDATOR.validate(data)
    state = GAME.state_from_position(data, random.Random(0), None)
    assert (state.seats, state.round, state.turn_seat) == (3, 0, 1)
    assert GAME.position_of(state) == {key: value for key, value in data.items() if key != "preset"}


def test_an_unknown_key_is_refused_naming_it_and_the_keys_allowed() -> None:
    data = {**position([["9/1", "2/3"], ["6/7"], ["4/5"]], tables=[[], ["8/2"], []]), "tablez": [[], [], []]}
    with pytest.raises(PositionError) as refused:
        match_from(data)
    message = str(refused.value)
    assert message.startswith("position tablez: unknown key; the keys allowed here are: ")
    for key in ("aside", "chance_seed", "discards", "hands", "out", "preset", "options", "tables"):
        assert re.search(rf"\b{key}\b", message)


def test_a_misspelt_key_is_named_before_the_checks_it_would_confuse() -> None:
    data = position([["9/1", "2/3"], ["6/7"], ["4/5"]], tables=[[], ["8/2"], []])
    data["set_aside"] = data.pop("aside")
    with pytest.raises(PositionError, match="position set_aside: unknown key"):
        match_from(data)


def test_a_preset_key_is_read_and_an_unknown_preset_refused() -> None:
    data = position([["9/1", "2/3"], ["6/7"], ["4/5"]], tables=[[], ["8/2"], []])
    state = match_from({**data, "preset": None, "options": {"target": 6}}).state
    assert state.options.target == 6
    with pytest.raises(PositionError, match="position options: unknown preset 'classic'"):
        match_from({**data, "preset": "classic"})


def test_a_position_for_another_game_is_refused() -> None:
    data = position([["9/1", "2/3"], ["6/7"], ["4/5"]], tables=[[], ["8/2"], []])
    with pytest.raises(PositionError, match="position game: 'scout' is not dnup"):
        match_from({**data, "game": "scout"})


def test_seats_count_from_1_in_positions() -> None:
    data = position(
        [["9/1", "2/3"], [], ["4/5"]], tables=[[], ["8/2"], []], turn_seat=3, start_seat=2, out=[2]
    )
    state = match_from(data).state
    assert (state.turn_seat, state.start_seat, state.out) == (2, 1, (1,))
    written = GAME.position_of(state)
    assert (written["turn_seat"], written["start_seat"], written["out"]) == (3, 2, [2])
    with pytest.raises(PositionError, match=re.escape("position out: 0 is not a seat (1 to 3)")):
        match_from({**data, "out": [0]})


def test_rounds_count_from_1_in_positions() -> None:
    data = position([["9/1", "2/3"], ["6/7"], ["4/5"]], tables=[[], ["8/2"], []], round=3)
    assert match_from(data).state.round == 2
    with pytest.raises(PositionError) as refused:
        match_from({**data, "round": 0})
    assert str(refused.value) == "position round: 0 is below 1"


@pytest.mark.parametrize(
    ("round_scores", "where"),
    [([[1, 2]], "round_scores[0]"), ([[1, 2, "3"]], "round_scores[0]"), ([[0, 0, 0], 5], "round_scores[1]")],
)
def test_round_scores_hold_one_whole_number_per_seat(round_scores: list[Any], where: str) -> None:
    data = position([["9/1", "2/3"], ["6/7"], ["4/5"]], tables=[[], ["8/2"], []], round_scores=round_scores)
    with pytest.raises(
        PositionError, match=re.escape(f"position {where}: should hold one whole number per seat (3)")
    ):
        match_from(data)
    state = match_from({**data, "round": 2, "round_scores": [[3, 0, 1]]}).state
    assert state.round_scores == ((3, 0, 1),)

"""Duel positions: every key read and checked, start positions and full ones.

What every game's position files share is tested in tests/test_position_files.py.
"""

from __future__ import annotations

import json
import random
import re
from importlib import resources
from typing import Any

import jsonschema
import pytest

from cardtable.core.errors import PositionError
from cardtable.core.jsonio import parse_json
from cardtable.core.match import Match
from cardtable.games.fm import GAME
from cardtable.games.fm.determinize import determinize
from tests.fm.helpers import cid, duel, match_from, monster, play, zone

DECKS = [list(range(30, 70)), list(range(130, 170))]


def package_text(name: str) -> str:
    return resources.files("cardtable.games.fm").joinpath(name).read_text(encoding="utf-8")


SCHEMA = json.loads(package_text("position.schema.json"))


def test_a_start_position_follows_its_own_kind_in_the_schema() -> None:
    validator = jsonschema.Draft202012Validator(SCHEMA)
    assert validator.is_valid({"game": "fm", "decks": DECKS})
    assert validator.is_valid({"game": "fm", "decks": DECKS, "windows": [5, 9], "first_seat": 2})
    # The keys of a duel under way belong to full positions only.
    assert not validator.is_valid({"game": "fm", "decks": DECKS, "lp": [8000, 8000]})


def test_the_template_is_seat_1_picking_against_a_weakened_monster() -> None:
    data = parse_json(package_text("position.template.jsonc"), "template", PositionError, comments=True)
    state = GAME.state_from_position(data, random.Random(1))
    assert state.turn_seat == 0 and state.lp == (6500, 4200) and state.terrain == 5
    assert state.monsters[1][1] is not None and state.monsters[1][1].weak_turns == 2


@pytest.mark.parametrize(
    ("change", "where", "key"),
    [
        (lambda d: d["monsters"][0][0].update(atk=3000), "position monsters[0][0].atk", "weak_turns"),
        (lambda d: d.update(counters=[{"fusion": 1}, {}]), "position counters[0].fusion", "fusions"),
        (
            lambda d: d.update(phase="place", pending={"card": 1, "face": True}),
            "position pending.face",
            "zone",
        ),
    ],
)
def test_an_unknown_key_is_refused_naming_it_and_the_keys_allowed(change: Any, where: str, key: str) -> None:
    data = duel(hands=(["Mystical Elf"], []), monsters=({1: monster("Judge Man")}, {}))
    change(data)
    with pytest.raises(
        PositionError, match=re.escape(f"{where}: unknown key; the keys allowed here are:")
    ) as error:
        match_from(data)
    assert key in str(error.value)
    with pytest.raises(PositionError, match=r"position lp: unknown key; .*first_seat"):
        Match(GAME, seed=1, position={"game": "fm", "decks": DECKS, "lp": [8000, 8000]})


def test_a_start_position_names_a_preset_and_options() -> None:
    match = Match(GAME, seed=1, position={"game": "fm", "decks": DECKS, "preset": "disc"})
    assert match.state.options.padding_fusions is False
    data = duel(hands=(["Mystical Elf"], []), preset="disc", options={"starting_lp": 4000}, lp=[4000, 3000])
    options = match_from(data).state.options
    assert (options.padding_fusions, options.starting_lp) == (False, 4000)


def test_seats_zones_and_stars_count_from_1() -> None:
    match = Match(GAME, seed=1, position={"game": "fm", "decks": DECKS, "first_seat": 2})
    assert match.state.turn_seat == 1 and len(match.state.hands[1]) == 5
    with pytest.raises(PositionError, match=r"position first_seat: 0 is not a seat \(1 to 2\)"):
        Match(GAME, seed=1, position={"game": "fm", "decks": DECKS, "first_seat": 0})
    data = duel(
        hands=([], ["Mystical Elf"]),
        monsters=({}, {3: monster("Judge Man", star=1)}),
        turn_seat=2,
        phase="battle",
        used_attacks=[3],
    )
    match = match_from(data)
    assert match.state.turn_seat == 1 and zone(match, 1, 3).star == 1 and match.state.used_attacks == 0b100
    written = GAME.position_of(match.state)
    assert (
        written["turn_seat"] == 2
        and written["monsters"][1][2]["star"] == 2
        and written["used_attacks"] == [3]
    )
    with pytest.raises(PositionError, match=r"monsters\[0\]\[0\].star: a monster has guardian stars 1 and 2"):
        match_from(duel(monsters=({1: {"card": cid("Judge Man"), "star": 0}}, {})))


def test_a_monster_made_on_the_field_waits_for_its_own_zone() -> None:
    pending = {"card": cid("Queen of Autumn Leaves"), "zone": 2}
    match = match_from(duel(phase="place", pending=pending))
    play(match, "place attack star 1")
    assert zone(match, 0, 2).card == cid("Queen of Autumn Leaves")
    occupied = duel(monsters=({2: monster("Judge Man")}, {}), phase="place", pending=pending)
    with pytest.raises(
        PositionError, match=r"pending\.zone: the monster was made in zone 2, which must be empty"
    ):
        match_from(occupied)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"picks": [3]}, "picks: 3 is not a hand position (1 to 2) or a monster zone (101 to 105)"),
        ({"picks": [1, 101]}, "picks: a monster on the field can only start a combination"),
        ({"picks": [102]}, "picks: 102 names monster zone 2, which is empty"),
        ({"picks": [1, 1]}, "picks: a card is picked once"),
        ({"phase": "battle", "picks": [1]}, "picks: cards are picked only in the pick phase"),
        ({"locks": [0, 4]}, "locks: monsters are kept from attacking for 0 to 3 turns"),
        ({"used_attacks": [6]}, "used_attacks: should list monster zones from 1 to 5"),
        ({"counters": [{"fusions": -1}, {}]}, "counters[0].fusions: -1 is below 0"),
        ({"hands": [[1, 2, 3, 4, 5, 6], []]}, "hands[0]: a hand holds at most 5 cards, not 6"),
    ],
)
def test_impossible_full_positions_are_refused_with_the_reason(extra: dict[str, Any], message: str) -> None:
    data = duel(hands=(["Mystical Elf", "Mushroom Man"], []), monsters=({1: monster("Judge Man")}, {}))
    data.update(extra)
    with pytest.raises(PositionError, match=re.escape(message)):
        match_from(data)


def test_a_state_drawn_from_a_view_keeps_a_weakened_monster_weak() -> None:
    weak = monster("Judge Man", weakened=500, weak_turns=2)
    match = match_from(duel(hands=(["Mystical Elf"], []), monsters=({}, {1: weak})))
    for seat in (0, 1):
        view = match.view(seat)
        drawn = determinize(view, random.Random(3))
        assert GAME.view(drawn, seat) == view
        assert drawn.monsters[1][0] is not None and drawn.monsters[1][0].weakened == 500

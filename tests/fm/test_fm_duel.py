"""Scenario tests of the duel (seed 002 and fm.md): the turn, combinations, battle, stars, terrain."""

from __future__ import annotations

import pytest

from cardtable.core.errors import IllegalActionError
from cardtable.games.fm.combat import attack_of, star_adjustment
from cardtable.games.fm.state import Monster
from tests.fm.helpers import cid, duel, match_from, monster, play, zone


def test_a_turn_draws_to_five_and_must_play_one_card() -> None:
    match = match_from(duel(hands=(["Mystical Elf"], ["Mushroom Man"]), phase="battle"))
    play(match, "end")
    assert len(match.state.hands[1]) == 5
    legal = [str(action) for action in match.legal_actions()]
    assert "end" not in legal and "pick h1" in legal


def test_drawing_from_an_empty_deck_loses() -> None:
    match = match_from(duel(hands=(["Mystical Elf"], []), decks=(["Mushroom Man"] * 5, []), phase="battle"))
    play(match, "end")
    assert match.outcome is not None and match.outcome.winners == (0,)
    assert match.outcome.reason == "deck out"


def test_exodia_in_hand_wins() -> None:
    pieces = [
        "Exodia the Forbidden",
        "Left Arm of the Forbidden One",
        "Right Arm of the Forbidden One",
        "Left Leg of the Forbidden One",
    ]
    data = duel(
        hands=(["Mystical Elf"], pieces),
        decks=(["Mushroom Man"] * 5, ["Right Leg of the Forbidden One"]),
        phase="battle",
    )
    match = match_from(data)
    play(match, "end")
    assert match.outcome is not None and match.outcome.reason == "Exodia" and match.outcome.winners == (1,)


def test_a_monster_is_placed_face_up_or_down_with_its_star_and_position() -> None:
    match = match_from(duel(hands=(["Blue-eyes White Dragon", "Mystical Elf"], [])))
    play(match, "pick h1", "play", "place defence star 2")
    dragon = zone(match, 0, 1)
    assert (dragon.card, dragon.attack, dragon.face_up, dragon.star) == (
        cid("Blue-eyes White Dragon"),
        False,
        True,
        1,
    )
    assert match.state.phase == 2
    match = match_from(duel(hands=(["Blue-eyes White Dragon"], [])))
    play(match, "pick h1", "play down", "place attack star 1")
    assert not zone(match, 0, 1).face_up
    assert match.view(1).monsters[0][0].card is None


def test_a_fusion_combines_left_to_right() -> None:
    match = match_from(duel(hands=(["Mystical Elf", "Mushroom Man"], [])))
    play(match, "pick h1", "pick h2", "play", "place attack star 1")
    assert zone(match, 0, 1).card == cid("Queen of Autumn Leaves")
    assert match.state.counters[0][6] == 1  # one fusion


def test_without_a_fusion_the_first_monster_is_lost_and_a_lone_monster_stays() -> None:
    match = match_from(duel(hands=(["Blue-eyes White Dragon", "Great White"], [])))
    play(match, "pick h1", "pick h2", "play", "place attack star 1")
    assert zone(match, 0, 1).card == cid("Great White")
    match = match_from(duel(hands=(["Great White", "Raigeki"], [])))
    play(match, "pick h1", "pick h2", "play", "place attack star 1")
    assert zone(match, 0, 1).card == cid("Great White")


def test_equips_add_500_or_1000_only_where_the_table_allows() -> None:
    match = match_from(duel(hands=(["Swamp Battleguard", "Legendary Sword"], [])))
    play(match, "pick h1", "pick h2", "play", "place attack star 1")
    assert zone(match, 0, 1).bonus == 500 and attack_of(zone(match, 0, 1), 0) == 2300
    match = match_from(duel(hands=(["Megamorph"], []), monsters=({1: monster("Swamp Battleguard")}, {})))
    play(match, "pick m1", "pick h1", "play", "place attack star 1")
    assert zone(match, 0, 1).bonus == 1000
    # Legendary Sword does not fit a Dragon: the monster stays, the sword is lost.
    match = match_from(duel(hands=(["Blue-eyes White Dragon", "Legendary Sword"], [])))
    play(match, "pick h1", "pick h2", "play", "place attack star 1")
    assert zone(match, 0, 1).bonus == 0


@pytest.mark.parametrize(
    ("attacker", "defender", "attack", "lp", "survivors"),
    [
        # Attack position: the higher ATK wins and the loser's owner pays the difference.
        ("Judge Man", "Swamp Battleguard", True, (8000, 7600), (True, False)),
        ("Swamp Battleguard", "Judge Man", True, (7600, 8000), (False, True)),
        ("Swamp Battleguard", "Flame Swordsman", True, (8000, 8000), (False, False)),
        # Defence: ATK over DEF destroys without damage; under costs the attacker.
        ("Judge Man", "Flame Swordsman", False, (8000, 8000), (True, False)),
        ("Great White", "Mystical Elf", False, (7600, 8000), (True, True)),
        ("Rare Fish", "Swamp Battleguard", False, (8000, 8000), (True, True)),
    ],
)
def test_battle(
    attacker: str, defender: str, attack: bool, lp: tuple[int, int], survivors: tuple[bool, bool]
) -> None:
    mine, theirs = neutral_stars(attacker, defender)
    data = duel(
        monsters=({1: monster(attacker, star=mine)}, {1: monster(defender, attack=attack, star=theirs)}),
        phase="battle",
    )
    match = match_from(data)
    play(match, "attack m1 m1")
    assert match.state.lp == lp
    assert (zone(match, 0, 1) is not None, zone(match, 1, 1) is not None) == survivors


def neutral_stars(attacker: str, defender: str) -> tuple[int, int]:
    """Guardian stars for the two monsters such that neither beats the other."""
    for mine in (0, 1):
        for theirs in (0, 1):
            a = Monster(cid(attacker), True, True, mine)
            d = Monster(cid(defender), True, True, theirs)
            if star_adjustment(a, d) == 0:
                return mine, theirs
    raise AssertionError("every pairing of stars gives an advantage")


def test_guardian_stars_adjust_only_the_attacker_by_500() -> None:
    # Swamp Battleguard (Mercury/Mars) 1800 against Flame Swordsman (Mars/Sun) 1800.
    # Mercury beats Sun: the attacker counts 2300 and wins by 500.
    data = duel(
        monsters=({1: monster("Swamp Battleguard", star=0)}, {1: monster("Flame Swordsman", star=1)}),
        phase="battle",
    )
    match = match_from(data)
    play(match, "attack m1 m1")
    assert match.state.lp == (8000, 7500) and zone(match, 1, 1) is None
    # Sun (defender) beats Mercury? No: Mercury beats Sun. Reverse the roles: Sun attacking Mercury loses 500.
    data = duel(
        monsters=({1: monster("Flame Swordsman", star=1)}, {1: monster("Swamp Battleguard", star=0)}),
        phase="battle",
    )
    match = match_from(data)
    play(match, "attack m1 m1")
    assert match.state.lp == (7500, 8000) and zone(match, 0, 1) is None


def test_a_face_down_defender_is_revealed_and_direct_attacks_need_an_empty_field() -> None:
    defender = monster("Blue-eyes White Dragon", attack=False, face_up=False)
    data = duel(monsters=({1: monster("Judge Man")}, {2: defender}), phase="battle")
    match = match_from(data)
    with pytest.raises(IllegalActionError, match="only when the opponent has no monster"):
        match.play("attack m1 direct")
    play(match, "attack m1 m2")
    # Judge Man (2200, Sun) against the Dragon's DEF 2500 (Sun): revealed, and 300 for the attacker.
    assert zone(match, 1, 2).face_up and match.state.lp == (7700, 8000)
    with pytest.raises(IllegalActionError, match="a monster that attacked may not change position"):
        match.play("switch m1")
    data = duel(monsters=({1: monster("Judge Man")}, {}), phase="battle")
    match = match_from(data)
    play(match, "attack m1 direct")
    assert match.state.lp == (8000, 5800)


def test_terrain_changes_atk_and_def_by_type() -> None:
    data = duel(
        monsters=({1: monster("Great White"), 2: monster("Ancient Tool"), 3: monster("Armored Lizard")}, {}),
        terrain="umi",
    )
    match = match_from(data)
    values = [attack_of(zone(match, 0, number), match.state.terrain) for number in (1, 2, 3)]
    assert values == [1600 + 500, 1700 - 500, 1500]
    match = match_from(duel(hands=(["Yami"], [])))
    play(match, "pick h1", "play")
    assert match.state.terrain == 6


def test_monsters_stay_on_the_field_from_turn_to_turn_and_weakening_wears_off() -> None:
    weak = monster("Judge Man", weakened=500, weak_turns=1)
    match = match_from(
        duel(monsters=({1: monster("Great White"), 2: weak}, {1: monster("Mystical Elf")}), phase="battle")
    )
    play(match, "end")
    assert zone(match, 0, 1).card == cid("Great White")
    assert (zone(match, 0, 2).weakened, zone(match, 0, 2).weak_turns) == (0, 0)
    assert zone(match, 1, 1).card == cid("Mystical Elf")


def test_a_monster_changes_position_once_a_turn() -> None:
    match = match_from(duel(monsters=({1: monster("Great White")}, {}), phase="battle"))
    play(match, "switch m1")
    assert not zone(match, 0, 1).attack
    with pytest.raises(IllegalActionError, match="changed position this turn already"):
        match.play("switch m1")

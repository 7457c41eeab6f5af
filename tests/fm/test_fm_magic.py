"""Scenario tests of magic, traps, rituals and the rank (seed 002 §6-§9, §12-§13)."""

from __future__ import annotations

import random

import pytest

from cardtable.core.errors import IllegalActionError
from cardtable.core.match import Match
from cardtable.games.fm.carddata import duelists
from cardtable.games.fm.rank import drop, rank, rank_letter, rank_rewards, score_change
from tests.fm.helpers import cid, duel, match_from, monster, play, zone

FIELD_TWO = (
    {1: monster("Great White"), 2: monster("Judge Man")},
    {
        1: monster("Swamp Battleguard"),
        2: monster("Ancient Tool", attack=False),
        3: monster("Blue-eyes White Dragon", face_up=False),
    },
)


def cast(name: str, monsters: tuple = FIELD_TWO, **extra: object) -> Match:
    """Seat 1 plays one magic card face up."""
    match = match_from(duel(hands=([name], []), monsters=monsters, **extra))
    play(match, "pick h1", "play")
    return match


@pytest.mark.parametrize(
    ("name", "lp"),
    [
        ("Mooyan Curry", 7200),
        ("Red Medicine", 7500),
        ("Goblin's Secret Remedy", 8000),
        ("Dian Keto the Cure Master", 8000),
    ],
)
def test_heals_are_capped_at_the_starting_life_points(name: str, lp: int) -> None:
    match = cast(name, lp=[7000, 8000])
    assert match.state.lp[0] == lp


@pytest.mark.parametrize(
    ("name", "amount"),
    [("Sparks", 50), ("Hinotama", 100), ("Final Flame", 200), ("Ookazi", 500), ("Tremendous Fire", 1000)],
)
def test_burns(name: str, amount: int) -> None:
    match = cast(name)
    assert match.state.lp == (8000, 8000 - amount)


def test_field_destroyers() -> None:
    match = cast("Raigeki")
    assert match.state.monsters[1] == (None,) * 5 and zone(match, 0, 1) is not None
    match = cast("Dark Hole")
    assert match.state.monsters == ((None,) * 5, (None,) * 5)
    match = cast("Crush Card")
    # Swamp Battleguard 1800 and the Dragon 3000 go; Ancient Tool 1700 too (ATK 1,500 or more).
    assert match.state.monsters[1] == (None,) * 5
    match = cast("Warrior Elimination")
    assert zone(match, 1, 1) is None and zone(match, 1, 2) is not None
    match = cast("Stain Storm")
    assert zone(match, 1, 2) is None and zone(match, 1, 1) is not None


def test_position_and_reveal_magic() -> None:
    match = cast("Stop Defense")
    assert zone(match, 1, 2).attack
    match = cast("Dark-piercing Light")
    assert zone(match, 1, 3).face_up


def test_swords_stop_the_opponents_attacks_for_three_turns_and_cursebreaker_ends_it() -> None:
    match = cast("Swords of Revealing Light")
    assert zone(match, 1, 3).face_up and match.state.locks == (0, 3)
    play(match, "end", "pick h1", "play down")
    if match.state.phase == 1:
        play(match, "place defence star 1")
    assert not any(str(a).startswith("attack") for a in match.legal_actions())
    with pytest.raises(IllegalActionError, match="Swords of Revealing Light"):
        match.play("attack m1 m1")


def test_spellbinding_circle_weakens_on_a_timer_when_the_option_sets_one() -> None:
    match = match_from(duel(hands=(["Spellbinding Circle"], []), monsters=FIELD_TWO), weakening_turns=2)
    play(match, "pick h1", "play")
    assert [(m.weakened, m.weak_turns) for m in match.state.monsters[1][:3]] == [(500, 2)] * 3


def test_a_magic_with_no_target_is_used_up() -> None:
    match = cast("Raigeki", monsters=({}, {}))
    assert cid("Raigeki") in match.state.graveyards[0]
    assert match.state.phase == 2


def test_set_magic_is_activated_later() -> None:
    match = match_from(duel(hands=(["Raigeki"], []), monsters=FIELD_TWO))
    play(match, "pick h1", "play down")
    assert match.state.magic[0][0].card == cid("Raigeki")
    assert match.view(1).magic[0][0] is None and match.view(1).magic_used[0][0]
    play(match, "activate s1")
    assert match.state.monsters[1] == (None,) * 5


def test_attack_traps_fire_the_lowest_limit_that_covers_the_attack() -> None:
    magic = ({}, {1: "Widespread Ruin", 2: "Invisible Wire", 3: "Acid Trap Hole"})
    data = duel(monsters=({1: monster("Judge Man")}, {}), magic=magic, phase="battle")
    match = match_from(data)
    play(match, "attack m1 direct")
    # Judge Man's 2200 is over Invisible Wire's 2000: Acid Trap Hole (3000) fires, not Widespread Ruin.
    assert zone(match, 0, 1) is None and match.state.lp == (8000, 8000)
    assert [entry.card if entry else None for entry in match.state.magic[1][:3]] == [
        cid("Widespread Ruin"),
        cid("Invisible Wire"),
        None,
    ]
    assert match.state.counters[1][4] == 1  # the trap counter
    data = duel(monsters=({1: monster("Judge Man")}, {}), magic=({}, {1: "Widespread Ruin"}), phase="battle")
    match = match_from(data)
    play(match, "attack m1 direct")
    assert zone(match, 0, 1) is None


def test_goblin_fan_bad_reaction_reverse_trap_and_feather_duster() -> None:
    match = cast("Ookazi", magic=({}, {1: "Goblin Fan"}))
    assert match.state.lp == (7500, 8000)
    match = cast("Red Medicine", magic=({}, {1: "Bad Reaction to Simochi"}), lp=[7000, 8000])
    assert match.state.lp == (6500, 8000)
    match = match_from(
        duel(hands=(["Swamp Battleguard", "Legendary Sword"], []), magic=({}, {1: "Reverse Trap"}))
    )
    play(match, "pick h1", "pick h2", "play", "place attack star 1")
    assert zone(match, 0, 1).bonus == -500
    match = cast("Harpie's Feather Duster", magic=({}, {1: "Bear Trap", 2: "Eatgaboon"}))
    assert match.state.magic[1] == (None,) * 5


def test_rituals_need_three_distinct_tributes_on_the_field() -> None:
    tributes = {
        1: monster("Beaver Warrior"),
        2: monster("Gaia the Fierce Knight", face_up=False),
        3: monster("Kuriboh"),
    }
    match = match_from(duel(hands=(["Black Luster Ritual"], []), monsters=(tributes, {})))
    play(match, "pick h1", "play", "place attack star 1")
    placed = [m.card for m in match.state.monsters[0] if m is not None]
    assert placed == [cid("Black Luster Soldier")]
    match = match_from(duel(hands=(["Black Luster Ritual"], []), monsters=({1: monster("Kuriboh")}, {})))
    play(match, "pick h1", "play")
    assert match.state.phase == 2 and cid("Black Luster Ritual") in match.state.graveyards[0]


def test_rank_score_rows_and_letters() -> None:
    assert score_change("turns", 4) == 12 and score_change("turns", 33) == -12
    assert score_change("remaining_lp", 8000) == 6 and score_change("remaining_lp", 50) == -7
    assert score_change("initiate_fusion", 0) == 4 and score_change("equip_magic", 15) == -12
    assert rank_letter(95) == "S-POW" and rank_rewards("S-POW") == (5, "sa_pow")
    assert rank_letter(55) == "D-POW" and rank_rewards("D-POW") == (1, "bcd")
    assert rank_letter(5) == "S-TEC" and rank_rewards("S-TEC") == (5, "sa_tec")
    # A negative score is S-TEC: the seed's table (§13.2) is the rule.
    assert rank_letter(-15) == rank_letter(-95) == "S-TEC" and rank_letter(15) == "A-TEC"


def test_a_quick_win_ranks_high_and_drops_a_card_from_the_pool() -> None:
    data = duel(
        monsters=({1: monster("Blue-eyes White Dragon")}, {}),
        lp=[8000, 3000],
        phase="battle",
        turn_number=[2, 1],
    )
    match = match_from(data)
    play(match, "attack m1 direct")
    assert match.outcome is not None and match.outcome.winners == (0,)
    result = rank(match.state, 0)
    # 50 + 12 (2 turns) + 4 (1 effective attack) + 0 + 0 + 2 (no magic) + 2 (no traps) + 15 + 6 + 4 + 4,
    # and 2 for a win by life points.
    assert result.score == 101 and result.letter == "S-POW"
    card = drop(1, result.pool, random.Random(1))
    assert card in dict(duelists()[1].pools["sa_pow"])


def test_every_magic_card_of_the_data_has_a_behaviour() -> None:
    from cardtable.games.fm.carddata import cards
    from cardtable.games.fm.magic import (
        ATTACK_TRAPS,
        BAD_REACTION,
        FAKE_TRAP,
        GOBLIN_FAN,
        MAGIC_BEHAVIOURS,
        REVERSE_TRAP,
    )

    magic = {card.id for card in cards().values() if card.kind in ("magic", "field")}
    assert magic == MAGIC_BEHAVIOURS and len(magic) == 33
    traps = {card.id for card in cards().values() if card.kind == "trap"}
    assert traps == set(ATTACK_TRAPS) | {GOBLIN_FAN, BAD_REACTION, REVERSE_TRAP, FAKE_TRAP}

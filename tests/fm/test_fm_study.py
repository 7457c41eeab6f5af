"""The rules as pure functions (cardtable.games.fm's public API), and the engine playing by them."""

from __future__ import annotations

import random

import pytest

from cardtable.games.fm import (
    DuelEnding,
    StepKind,
    Terrain,
    can_equip,
    combination_step,
    combine,
    equip_bonus,
    rank_letter,
    rank_rewards,
    rank_score,
    star_matchup,
    terrain_bonus,
    trap_against_attack,
)
from cardtable.games.fm.carddata import CardKind, cards
from cardtable.games.fm.events import CardLost, Equipped, Fused
from tests.fm.helpers import cid, duel, match_from, play


def test_a_fusion_makes_a_new_card_in_either_order() -> None:
    for order in (["Mystical Elf", "Mushroom Man"], ["Mushroom Man", "Mystical Elf"]):
        combination = combine([cid(name) for name in order])
        assert combination.result == cid("Queen of Autumn Leaves") and combination.bonus == 0
        assert [step.kind for step in combination.steps] == [StepKind.FUSION]
        assert combination.failed_step is None


def test_an_equip_goes_onto_the_monster_before_or_after_it() -> None:
    after = combine([cid("Swamp Battleguard"), cid("Legendary Sword")])
    before = combine([cid("Legendary Sword"), cid("Swamp Battleguard")])
    for combination in (after, before):
        assert (combination.result, combination.bonus) == (cid("Swamp Battleguard"), 500)
        assert combination.steps[0].used == (cid("Legendary Sword"),)
    # A field monster keeps its equips; Megamorph adds 1000.
    assert combine([cid("Swamp Battleguard"), cid("Megamorph")], bonus=500).bonus == 1500


def test_a_chain_fuses_then_equips_the_result() -> None:
    combination = combine([cid("Mystical Elf"), cid("Mushroom Man"), cid("Megamorph")])
    assert (combination.result, combination.bonus) == (cid("Queen of Autumn Leaves"), 1000)
    assert [step.kind for step in combination.steps] == [StepKind.FUSION, StepKind.EQUIP]


def test_without_a_fusion_or_equip_one_card_is_lost_and_the_failed_step_is_named() -> None:
    # Two monsters that do not fuse: the first is lost.
    combination = combine([cid("Blue-eyes White Dragon"), cid("Great White")])
    assert combination.result == cid("Great White") and combination.failed_step == 0
    assert combination.steps[0].used == (cid("Blue-eyes White Dragon"),)
    # A monster meeting a magic card stays, keeping its equips; the magic card is lost.
    combination = combine([cid("Great White"), cid("Raigeki")], bonus=500)
    assert (combination.result, combination.bonus) == (cid("Great White"), 500)
    # A magic card first is lost; the monster after it goes on.
    assert combine([cid("Raigeki"), cid("Great White")]).result == cid("Great White")
    # The fusion came first, the second step failed.
    chain = combine([cid("Mystical Elf"), cid("Mushroom Man"), cid("Blue-eyes White Dragon")])
    assert chain.failed_step == 1 and chain.result == cid("Blue-eyes White Dragon")


def test_the_padding_fusions_count_only_with_the_option() -> None:
    # Summoned Skull + Koumori Dragon -> Cocoon of Evolution sits in a padding pair (SOURCES.md).
    assert combination_step(31, 22, padding_fusions=True).result == 72
    assert combination_step(31, 22, padding_fusions=False).kind is StepKind.LOST


def test_a_bad_combination_is_refused_naming_the_entry() -> None:
    with pytest.raises(ValueError, match="at least one card"):
        combine([])
    with pytest.raises(ValueError, match="entry 2: 9999 is not a card number"):
        combine([1, 9999])


def test_the_engine_plays_combinations_as_combine_says() -> None:
    rng = random.Random(8)
    pool = [c.id for c in cards().values() if c.kind in (CardKind.MONSTER, CardKind.EQUIP)]
    for _ in range(150):
        hand = [rng.choice(pool) for _ in range(rng.randint(2, 5))]
        expected = combine(hand)
        match = match_from(duel(hands=([cards()[c].name for c in hand], [])))
        play(match, *[f"pick h{index + 1}" for index in range(len(hand))], "play")
        steps = [e for e in match.view(0).log if isinstance(e, (Fused, Equipped, CardLost))]
        wanted = [
            Fused(0, s.current, s.following, s.result)
            if s.kind is StepKind.FUSION
            else Equipped(0, s.used[0], s.result, s.gain)
            if s.kind is StepKind.EQUIP
            else CardLost(0, s.used[0])
            for s in expected.steps
        ]
        assert steps == wanted, hand
        pending = match.state.pending
        if cards()[expected.result].is_monster:
            assert pending is not None and (pending.card, pending.bonus) == (expected.result, expected.bonus)


def test_guardian_stars_beat_one_star_of_their_own_cycle() -> None:
    assert star_matchup("Sun", "Moon") == 500 and star_matchup("Moon", "Sun") == -500
    assert star_matchup("Mercury", "Sun") == 500 and star_matchup("Neptune", "Mars") == 500
    # The two cycles never meet, and a star does not beat itself.
    assert star_matchup("Sun", "Mars") == 0 and star_matchup("Venus", "Venus") == 0
    assert star_matchup("Mars", "Saturn") == 0
    with pytest.raises(ValueError, match="'Earth' is not a guardian star"):
        star_matchup("Earth", "Sun")


def test_terrain_raises_or_lowers_a_type_by_500() -> None:
    assert terrain_bonus("Aqua", Terrain.UMI) == 500 and terrain_bonus("Machine", Terrain.UMI) == -500
    assert terrain_bonus("Fairy", Terrain.YAMI) == -500 and terrain_bonus("Fiend", Terrain.YAMI) == 500
    assert all(terrain_bonus("Reptile", terrain) == 0 for terrain in Terrain)
    assert terrain_bonus("Dragon", Terrain.NORMAL) == 0
    with pytest.raises(ValueError, match="'Magic' is not a monster type"):
        terrain_bonus("Magic", Terrain.UMI)
    with pytest.raises(ValueError, match="9 is not a terrain"):
        terrain_bonus("Aqua", 9)
    with pytest.raises(ValueError, match="True is not a terrain"):
        terrain_bonus("Aqua", True)


def test_the_lowest_covering_attack_trap_fires() -> None:
    ruin, wire, acid, tape = (
        cid(n) for n in ("Widespread Ruin", "Invisible Wire", "Acid Trap Hole", "House of Adhesive Tape")
    )
    assert trap_against_attack([ruin, wire, acid], 2200) == acid
    assert trap_against_attack([ruin, wire, acid], 2000) == wire
    assert trap_against_attack([tape], 600) is None
    # Other set cards never answer an attack.
    assert trap_against_attack([cid("Raigeki"), cid("Goblin Fan")], 100) is None


def test_equips_fit_only_where_the_table_allows() -> None:
    assert can_equip(cid("Legendary Sword"), cid("Swamp Battleguard"))
    assert not can_equip(cid("Legendary Sword"), cid("Blue-eyes White Dragon"))
    assert equip_bonus(cid("Legendary Sword")) == 500 and equip_bonus(cid("Megamorph")) == 1000
    with pytest.raises(ValueError, match=r"Raigeki .* is not an equip card"):
        equip_bonus(cid("Raigeki"))


QUICK_WIN = {
    "turns": 2,
    "effective_attacks": 1,
    "defensive_wins": 0,
    "face_down_plays": 0,
    "pure_magic": 0,
    "traps_triggered": 0,
    "cards_used_draw_cursor": 6,
    "remaining_lp": 8000,
    "initiate_fusion": 0,
    "equip_magic": 0,
}


def test_the_rank_score_counts_the_ten_counters_and_the_way_of_winning() -> None:
    # 50 + 12 (2 turns) + 4 (1 effective attack) + 0 + 0 + 2 (no magic) + 2 (no traps) + 15 + 6 + 4 + 4
    assert rank_score(QUICK_WIN, DuelEnding.EXODIA) == 99 + 40
    assert rank_score(QUICK_WIN, DuelEnding.DECK_OUT) == 99 - 40
    # A win by life points adds 2 (the retail game; option life_points_win_bonus).
    assert rank_score(QUICK_WIN, DuelEnding.LIFE_POINTS) == 99 + 2
    assert rank_score(QUICK_WIN, DuelEnding.LIFE_POINTS, life_points_win_bonus=0) == 99
    with pytest.raises(ValueError, match="missing: remaining_lp, unknown: lp"):
        rank_score(
            {**{k: v for k, v in QUICK_WIN.items() if k != "remaining_lp"}, "lp": 1}, DuelEnding.EXODIA
        )


def test_rank_letters_and_their_rewards() -> None:
    scores = (139, 90, 89, 80, 79, 70, 69, 60, 59, 50, 49, 40, 39, 30, 29, 20, 19, 10, 9, 0, -1, -95, -140)
    letters = ["S-POW", "S-POW", "A-POW", "A-POW", "B-POW", "B-POW", "C-POW", "C-POW", "D-POW", "D-POW"]
    letters += ["D-TEC", "D-TEC", "C-TEC", "C-TEC", "B-TEC", "B-TEC", "A-TEC", "A-TEC"]
    # Every score of 9 or less, negative ones included, is S-TEC (seed §13.2's table).
    letters += ["S-TEC"] * 5
    assert [rank_letter(score) for score in scores] == letters
    # The other reading mirrors a negative score first (option mirror_negative_scores).
    assert rank_letter(-95, mirror_negative=True) == "S-POW" and rank_letter(-15, True) == "A-TEC"
    with pytest.raises(ValueError, match="whole number"):
        rank_letter(True)
    assert rank_rewards("S-POW") == (5, "sa_pow") and rank_rewards("C-TEC") == (2, "bcd")
    with pytest.raises(ValueError, match="'Z' is not a rank"):
        rank_rewards("Z")

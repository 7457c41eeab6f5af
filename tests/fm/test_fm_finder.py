"""The fusion finder (`cardtable.games.fm.finder`) and its commands, `cardtable fm fusions` and `fm card`."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

from cardtable.core.errors import UnknownNameError
from cardtable.frontends.cli import main
from cardtable.games.fm.carddata import card, cards, fusion_of
from cardtable.games.fm.finder import (
    drops_of,
    equips_for,
    failures,
    find_card,
    fusions_with,
    hints,
    recipes_for,
    view_hints,
)
from tests.fm.helpers import cid, duel, match_from, monster

HAND = ("Mystical Elf", "Mushroom Man", "Megamorph", "Baby Dragon", "Time Wizard")


def names(found: list) -> list[tuple[str, int]]:
    """Each hint's result by name, with its ATK."""
    return [(card(hint.result).name, hint.strength()[0]) for hint in found]


def test_the_finder_lists_fusions_chains_and_equips_strongest_first() -> None:
    found = hints([cid(name) for name in HAND])
    assert names(found)[:3] == [
        ("Thousand Dragon", 3400),  # Baby Dragon + Time Wizard, then Megamorph
        ("B. Dragon Jungle King", 3100),
        ("Queen of Autumn Leaves", 2800),
    ]
    best = found[0]
    assert [str(action) for action in best.actions] == ["pick h4", "pick h5", "pick h3", "play"]
    assert ("Queen of Autumn Leaves", 1800) in names(found) and ("Baby Dragon", 2200) in names(found)
    atks = [hint.strength()[0] for hint in found]
    assert atks == sorted(atks, reverse=True)


def test_the_finder_names_the_pairs_that_make_nothing() -> None:
    lost = failures([cid(name) for name in HAND])
    pairs = {(card(f.first).name, card(f.second).name, card(f.kept).name) for f in lost}
    assert ("Mystical Elf", "Baby Dragon", "Baby Dragon") in pairs
    assert all(fusion_of(f.first, f.second, True) is None for f in lost)


def test_a_monster_on_the_field_may_start_a_hint() -> None:
    found = hints([cid("Mushroom Man")], field=[None, cid("Mystical Elf")], field_bonuses=[0, 500])
    (hint,) = found
    assert card(hint.result).name == "Queen of Autumn Leaves"
    assert [str(action) for action in hint.actions] == ["pick m2", "pick h1", "play"]
    # A fusion makes a new card: the field monster's equips do not carry over.
    assert hint.combination.bonus == 0


@pytest.mark.parametrize("seed", range(6))
def test_every_hint_played_in_a_duel_gives_what_it_promised(seed: int) -> None:
    rng = random.Random(seed)
    monsters = [c.id for c in cards().values() if c.is_monster and c.id not in range(17, 22)]
    others = [c.id for c in cards().values() if c.kind == "equip"]
    hand = [rng.choice(monsters) for _ in range(3)] + [rng.choice(others), rng.choice(monsters)]
    found = hints(hand)
    # Every pair that fuses shows up among the results.
    for first in hand:
        for second in hand:
            fused = fusion_of(first, second, True)
            if first != second and fused is not None:
                assert fused in {hint.result for hint in found}
    for hint in found:
        match = match_from(duel(hands=([card(c).name for c in hand], [])))
        for action in hint.actions:
            match.play(str(action))
        if card(hint.result).is_monster:
            match.play("place attack star 1")
            placed = match.state.monsters[0][0]
            assert (placed.card, placed.bonus) == (hint.result, hint.combination.bonus)


def test_view_hints_use_the_seats_hand_and_monsters() -> None:
    data = duel(hands=(["Mushroom Man"], []), monsters=({1: monster("Mystical Elf")}, {}))
    match = match_from(data)
    assert [card(hint.result).name for hint in view_hints(match.view(0))] == ["Queen of Autumn Leaves"]
    assert view_hints(match.view(None)) == []


def test_cards_are_found_by_number_or_name_in_any_case_and_typos_get_suggestions() -> None:
    assert find_card("1") == find_card("#001") == find_card("BLUE-EYES white dragon") == 1
    assert find_card("blue eyes white dragon") == 1
    with pytest.raises(UnknownNameError, match="did you mean Mystical Elf"):
        find_card("mystcal elf")
    with pytest.raises(UnknownNameError, match="numbered 1 to 722"):
        find_card("723")
    with pytest.raises(UnknownNameError, match=r"no card named 'zzzz'$"):
        find_card("zzzz")


def test_a_cards_fusions_equips_and_drops() -> None:
    elf = cid("Mystical Elf")
    assert (cid("Mushroom Man"), cid("Queen of Autumn Leaves")) in fusions_with(elf)
    assert (min(elf, cid("Mushroom Man")), max(elf, cid("Mushroom Man"))) in recipes_for(
        cid("Queen of Autumn Leaves")
    )
    assert cid("Megamorph") in equips_for(elf) and elf in equips_for(cid("Megamorph"))
    drops = drops_of(cid("Blue-eyes White Dragon"))
    assert [(drop.duelist, drop.pool, drop.weight) for drop in drops] == [(36, "sa_pow", 26)]


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_cardtable_fm_fusions_prints_results_with_stats_and_order() -> None:
    code, out = run("fm", "fusions", *HAND)
    assert code == 0
    assert "Thousand Dragon  3400/3000 Dragon" in out
    assert "play 4. Baby Dragon → 5. Time Wizard → 3. Megamorph" in out
    assert "Megamorph equips Thousand Dragon (+1000)" in out
    assert "Mystical Elf + Baby Dragon: Baby Dragon stays" in out


def test_cardtable_fm_card_prints_the_sheet() -> None:
    code, out = run("fm", "card", "mystical", "elf")
    assert code == 0
    for expected in (
        "#002 Mystical Elf",
        "Spellcaster monster, Light, level 4, 800/2000",
        "guardian stars: Sun / Jupiter",
        "Fusions it takes part in",
        "Equips that fit it",
        "Dropped by",
    ):
        assert expected in out, expected
    assert "more (--all shows them)" in out
    code, everything = run("fm", "card", "2", "--all")
    assert "more (--all shows them)" not in everything and len(everything) > len(out)
    assert "+ Mushroom Man = #" + str(cid("Queen of Autumn Leaves")) + " Queen of Autumn Leaves" in everything


def test_an_unknown_card_is_refused_with_suggestions() -> None:
    code, out = run("fm", "card", "Blue eyes")
    assert code == 2 and "did you mean" in out and "Blue-eyes White Dragon" in out
    code, out = run("fm", "fusions", "Mystical Elf", "Nonesuch")
    assert code == 2 and "no card named 'Nonesuch'" in out


def test_more_cards_than_a_play_is_picked_from_are_refused_before_any_search() -> None:
    """The search for results grows fast with the cards given (80 cards ran past 200 s and a gigabyte):
    a play is picked from a hand window (at most 20 cards) and the 5 monster zones, so more are refused."""
    code, out = run("fm", "fusions", *map(str, range(1, 27)))
    assert code == 2 and "26 cards: a play is picked from at most 25" in out
    code, out = run("fm", "fusions", *map(str, range(1, 26)))
    assert code == 0 and "Your cards:" in out

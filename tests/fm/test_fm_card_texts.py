"""Every magic, field, equip and trap card does what its own text in the data says (fm.md, Decisions).

Each case plays one card from a position and checks the effect its text
names: which side, which monsters, which type, destroy or weaken.  The
cards' texts are quoted beside their cases; docs/fm.md lists the readings of
the vague ones.  A last test checks that every such card of the data has a
case here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from cardtable.core.match import Match
from cardtable.games.fm.carddata import CardKind, can_equip, card, card_text, cards, fusion_of
from cardtable.games.fm.combat import attack_of, defence_of
from cardtable.games.fm.state import TRAPS_ACTIVATED
from tests.fm.helpers import cid, duel, match_from, play, zone


def first_monster(test: Callable[[Any], bool]) -> int:
    """The lowest-numbered monster card that passes `test`."""
    return next(c.id for c in cards().values() if c.is_monster and test(c))


def of_type(monster_type: str) -> int:
    """The first monster of a type that no field card treats specially apart from its own."""
    return first_monster(lambda c: c.type == monster_type)


def entry(card_id: int, attack: bool = True, face_up: bool = True, **extra: int) -> dict[str, Any]:
    """A monster zone entry for a card number."""
    return {"card": card_id, "attack": attack, "face_up": face_up, "star": 1, **extra}


def row(*entries: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """Monster zones 1, 2, ... holding these entries."""
    return {number: item for number, item in enumerate(entries, 1)}


def cast(
    name: str, mine: tuple[dict[str, Any], ...], theirs: tuple[dict[str, Any], ...], **extra: Any
) -> Match:
    """Seat 1 plays the magic card `name` face up against this field."""
    match = match_from(duel(hands=([name], []), monsters=(row(*mine), row(*theirs)), **extra))
    play(match, "pick h1", "play")
    return match


def cards_on_field(match: Match, seat: int) -> list[int | None]:
    """The card in each monster zone of a seat."""
    return [m.card if m is not None else None for m in match.state.monsters[seat]]


# -- fields ---------------------------------------------------------------------------------------

#: Each field card: the types its text favours (+500) and disfavours (-500); Reptiles never change.
FIELD_TEXTS = {
    # "Changes the field in favor of Beast-Warrior, Insect, Plant, and Beast monsters!"
    "Forest": (("Beast-Warrior", "Insect", "Plant", "Beast"), ()),
    # "Changes the field in favor of Zombie, Dinosaur and Rock monsters!"
    "Wasteland": (("Zombie", "Dinosaur", "Rock"), ()),
    # "Changes the field in favor of Dragon, Winged Beast, and Thunder monsters!"
    "Mountain": (("Dragon", "Winged Beast", "Thunder"), ()),
    # "Changes the field to meadow land in favor of Warrior and Beast-Warrior monsters!"
    "Sogen": (("Warrior", "Beast-Warrior"), ()),
    # "in favor of Aqua and Thunder monsters, but unfavorable to Machine and Pyro monsters!"
    "Umi": (("Aqua", "Thunder"), ("Machine", "Pyro")),
    # "in favor of Magic-User and Fiend monsters, but unfavorable to Fairy monsters!"
    "Yami": (("Spellcaster", "Fiend"), ("Fairy",)),
}


@pytest.mark.parametrize("name", sorted(FIELD_TEXTS))
def test_a_field_card_favours_the_types_its_text_names_on_both_sides(name: str) -> None:
    favoured, disfavoured = FIELD_TEXTS[name]
    types = [*favoured, *disfavoured, "Reptile"]
    changes = [500] * len(favoured) + [-500] * len(disfavoured) + [0]
    # Alternate the monsters between the two sides: a field is the same for both.
    placed = [entry(of_type(monster_type)) for monster_type in types]
    match = cast(name, tuple(placed[0::2]), tuple(placed[1::2]))
    terrain = match.state.terrain
    assert terrain != 0
    for index, change in enumerate(changes):
        monster = match.state.monsters[index % 2][index // 2]
        base = card(monster.card)
        assert attack_of(monster, terrain) == max(0, base.atk + change), types[index]
        assert defence_of(monster, terrain) == max(0, base.defence + change), types[index]


# -- heals and burns ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "amount"),
    [
        ("Mooyan Curry", 200),
        ("Red Medicine", 500),
        ("Goblin's Secret Remedy", 1000),
        ("Soul of the Pure", 2000),
        ("Dian Keto the Cure Master", 5000),
    ],
)
def test_a_heal_increases_the_casters_life_points_by_its_amount(name: str, amount: int) -> None:
    assert f"Life Points by {amount}!" in card_text(cid(name))
    match = cast(name, (), (), lp=[2000, 3000])
    assert match.state.lp == (2000 + amount if amount < 6000 else 8000, 3000)


@pytest.mark.parametrize(
    ("name", "amount"),
    [("Sparks", 50), ("Hinotama", 100), ("Final Flame", 200), ("Ookazi", 500), ("Tremendous Fire", 1000)],
)
def test_a_burn_damages_the_opponents_life_points_by_its_amount(name: str, amount: int) -> None:
    assert f"{amount} points of damage to your opponent's Life Points" in card_text(cid(name))
    match = cast(name, (), (), lp=[3000, 3000])
    assert match.state.lp == (3000, 3000 - amount)


# -- destroyers ------------------------------------------------------------------------------------

#: Each type destroyer: the type its text names, and whether it spares the caster's own monsters.
TYPE_TEXTS = {
    "Dragon Capture Jar": ("Dragon", True),  # "Destroys all opponent Dragon monsters on the playfield!"
    "Warrior Elimination": ("Warrior", True),  # "Destroys all opponent Warrior cards played on the field."
    "Eternal Rest": ("Zombie", False),  # "Eliminates all Zombie creatures." (no side: both)
    "Stain Storm": ("Machine", True),  # "Acid rain destroys an opponent's Machine monsters."
    "Eradicating Aerosol": ("Insect", True),  # "wiping out an opponent's Insect monsters"
    "Breath of Light": ("Rock", True),  # "reduces to rubble an opponent's Rock monsters"
    "Eternal Draught": ("Fish", True),  # "eliminates an opponent's Fish monsters"
}


@pytest.mark.parametrize("name", sorted(TYPE_TEXTS))
def test_a_type_destroyer_destroys_the_type_its_text_names_on_the_side_it_names(name: str) -> None:
    wanted, spares_own = TYPE_TEXTS[name]
    assert wanted in card_text(cid(name))
    target = of_type(wanted)
    other = of_type("Reptile")
    match = cast(
        name, (entry(target), entry(other)), (entry(target), entry(other), entry(target, face_up=False))
    )
    assert cards_on_field(match, 1) == [None, other, None, None, None]
    assert cards_on_field(match, 0)[:2] == ([target, other] if spares_own else [None, other])


def test_raigeki_destroys_every_opposing_monster() -> None:
    # "Destroys every opposing monster with a stroke of lightning!"
    mine, theirs = (entry(of_type("Dragon")),), (entry(of_type("Dragon")), entry(of_type("Fish"), False))
    match = cast("Raigeki", mine, theirs)
    assert match.state.monsters[1] == (None,) * 5 and zone(match, 0, 1) is not None


def test_dark_hole_sucks_up_every_card_on_the_field() -> None:
    # "Sucks up every card in play on the field!": monsters and set cards of both sides.
    magic = ({1: "Raigeki"}, {1: "Bear Trap", 2: "Sparks"})
    match = cast("Dark Hole", (entry(of_type("Dragon")),), (entry(of_type("Fish")),), magic=magic)
    assert match.state.monsters == ((None,) * 5, (None,) * 5)
    assert match.state.magic == ((None,) * 5, (None,) * 5)


def test_crush_card_eliminates_opponent_monsters_of_1500_atk_or_more() -> None:
    # "Opponent monsters in play with attack factors of 1500 or more are eliminated."
    at_limit = first_monster(lambda c: c.atk == 1500)
    below = first_monster(lambda c: c.atk == 1400)
    # A monster whose shown ATK reaches 1500 only through an equip goes too.
    raised = entry(below, bonus=100)
    match = cast("Crush Card", (entry(at_limit),), (entry(at_limit), entry(below), raised, entry(below)))
    assert cards_on_field(match, 1) == [None, below, None, below, None]
    assert cards_on_field(match, 0)[0] == at_limit


def test_stop_defense_forces_one_opponent_defence_monster_into_attack() -> None:
    # "Forces an opponent's monster card positioned for defense into the attack position": one monster,
    # the first in zone order (docs/fm.md).
    monster = of_type("Fish")
    match = cast(
        "Stop Defense", (entry(monster, attack=False),), (entry(monster, False), entry(monster, False))
    )
    assert [m.attack for m in match.state.monsters[1][:2]] == [True, False]
    assert not zone(match, 0, 1).attack


def test_dark_piercing_light_reveals_every_monster_on_the_field() -> None:
    # "A dazzling light reveals all monsters on the playing field."
    hidden = entry(of_type("Fish"), face_up=False)
    match = cast("Dark-piercing Light", (hidden,), (hidden, hidden))
    assert all(m.face_up for side in match.state.monsters for m in side if m is not None)
    assert match.view(1).monsters[0][0].card == hidden["card"]


def test_swords_of_revealing_light_reveal_the_enemy_and_stop_its_attacks_for_three_turns() -> None:
    # "Enemy monsters are revealed and your opponent cannot attack for three turns."
    hidden = entry(of_type("Fish"), face_up=False)
    match = cast("Swords of Revealing Light", (hidden,), (hidden,))
    assert zone(match, 1, 1).face_up and not zone(match, 0, 1).face_up
    assert match.state.locks == (0, 3)


@pytest.mark.parametrize(("name", "amount"), [("Spellbinding Circle", 500), ("Shadow Spell", 1000)])
def test_a_weakening_spell_weakens_every_enemy_monster(name: str, amount: int) -> None:
    # Spellbinding Circle: "A curse reduces the power of all enemy monsters!"
    # Shadow Spell: "Decreases an opponent's in-play monsters by two levels." (a level is 500)
    strong, weak = of_type("Dragon"), first_monster(lambda c: c.atk == 300)
    match = cast(name, (entry(strong),), (entry(strong), entry(weak, attack=False)))
    for monster in match.state.monsters[1][:2]:
        base = card(monster.card)
        assert attack_of(monster, 0) == max(0, base.atk - amount)
        assert defence_of(monster, 0) == max(0, base.defence - amount)
    assert zone(match, 0, 1).weakened == 0
    # It lasts (no time is named) until Cursebreaker: the opponent's turns pass and it stays.
    play(match, "end", "pick h1", "play down", "place defence star 1", "end")
    assert zone(match, 1, 1).weakened == amount
    # A second weakening adds to the first.
    again = cast(name, (), (entry(strong, weakened=amount),))
    assert zone(again, 1, 1).weakened == 2 * amount


def test_cursebreaker_cancels_the_weakening_of_every_monster() -> None:
    # "Cancels the magic over all level-reduced monsters and sets them at level 0."
    weak = entry(of_type("Dragon"), weakened=500)
    match = cast("Cursebreaker", (weak,), (weak,), locks=[2, 0])
    assert zone(match, 0, 1).weakened == 0 and zone(match, 1, 1).weakened == 0
    # Swords of Revealing Light is no level reduction: it goes on.
    assert match.state.locks == (2, 0)


def test_harpies_feather_duster_destroys_the_opponents_set_cards() -> None:
    # "Destroys all opponent Magic cards that are in play." (the magic/trap row, traps included)
    magic = ({1: "Raigeki"}, {1: "Bear Trap", 2: "Sparks", 3: "Fake Trap"})
    match = cast("Harpie's Feather Duster", (), (), magic=magic)
    assert match.state.magic[1] == (None,) * 5
    assert match.state.magic[0][0] is not None


# -- equips ----------------------------------------------------------------------------------------


def _dark(c: Any) -> bool:
    return bool(c.attribute == "Dark")


#: Each equip and the monsters its text names (the equip table decides which may take it).
EQUIP_TEXTS: dict[str, Callable[[Any], bool]] = {
    "Legendary Sword": lambda c: c.type == "Warrior" and not _dark(c),  # "warriors ... not ... the dark"
    "Sword of Dark Destruction": lambda c: c.type == "Warrior" and _dark(c),  # "Dark ... Warriors"
    "Dark Energy": lambda c: c.type == "Fiend" and _dark(c),  # "Fiends and other monsters of the Dark"
    "Axe of Despair": lambda c: c.type in ("Fiend", "Beast-Warrior"),  # "Fiends and Beast-Warriors"
    "Laser Cannon Armor": lambda c: c.type == "Insect",  # "Arms Insects with a powerful laser!"
    "Insect Armor with Laser Cannon": lambda c: c.type == "Insect",  # "Allows Insects to fire"
    "Elf's Light": lambda c: "Elf" in c.name,  # "the power of elves"
    "Beast Fangs": lambda c: c.type == "Beast",  # "Beasts and other fanged monsters"
    "Steel Shell": lambda c: True,  # "shelled monsters" (the table says which)
    "Vile Germs": lambda c: c.type == "Plant",  # "the power of Plants in the woods"
    "Black Pendant": lambda c: c.type == "Spellcaster" and _dark(c),  # "Dark sorcerers"
    "Silver Bow and Arrow": lambda c: c.type == "Fairy",  # "the power of Fairies"
    "Horn of Light": lambda c: not _dark(c),  # "horned creatures ... no effect on Dark monsters"
    "Horn of the Unicorn": _dark,  # "Dark monsters with horns"
    "Dragon Treasure": lambda c: c.type == "Dragon",  # "the power of dragons"
    "Electro-whip": lambda c: True,  # "female creatures" (the table says which)
    "Cyber Shield": lambda c: True,  # "female monsters" (the table says which)
    "Mystical Moon": lambda c: c.type == "Beast",  # "Moonlight increases the power of Beasts!"
    "Malevolent Nuzzler": _dark,  # "female and Dark monsters"
    "Violet Crystal": lambda c: c.type == "Zombie",  # "the power of Zombies"
    "Book of Secret Arts": lambda c: c.type == "Spellcaster" and not _dark(c),  # "not ... bad-hearted"
    "Invigoration": lambda c: c.type in ("Thunder", "Rock", "Pyro"),  # "Thunder, Rock, and Pyro"
    "Machine Conversion Factory": lambda c: c.type == "Machine",  # "all Machine monsters"
    "Raise Body Heat": lambda c: c.type == "Dinosaur",  # "the power of Dinosaurs!"
    "Follow Wind": lambda c: c.type == "Winged Beast",  # "Winged Beasts and other flying monsters"
    "Power of Kaishin": lambda c: c.type in ("Aqua", "Fish", "Sea Serpent"),  # "Aqua, Fish, Sea Serpent"
    "Kunai with Chain": lambda c: c.type == "Warrior",  # "Legendary Sword and the Sword of Dark Destruction"
    "Magical Labyrinth": lambda c: c.name == "Labyrinth Wall",  # "the power of the Labyrinth Wall"
    "Salamandra": lambda c: c.attribute == "Fire",  # "those who control the power of Salamandra"
    "Megamorph": lambda c: True,  # "any selected monster by 2 levels" (+1000)
    "Winged Trumpeter": lambda c: c.type == "Fairy",  # "the power of Fairy creatures"
    "Bright Castle": lambda c: True,  # "the power of all monsters"
}


def _equip_then_place(monster: int, equip: int) -> Match:
    match = match_from(duel(hands=([card(monster).name, card(equip).name], [])))
    play(match, "pick h1", "pick h2", "play", "place attack star 1")
    return match


@pytest.mark.parametrize("name", sorted(EQUIP_TEXTS))
def test_an_equip_powers_up_a_monster_its_text_names(name: str) -> None:
    equip = cid(name)
    gain = 1000 if name == "Megamorph" else 500
    fits = EQUIP_TEXTS[name]
    monster = first_monster(
        lambda c: fits(c) and can_equip(equip, c.id) and fusion_of(c.id, equip, True) is None
    )
    match = _equip_then_place(monster, equip)
    placed = zone(match, 0, 1)
    assert placed.card == monster and placed.bonus == gain
    assert (
        attack_of(placed, 0) == card(monster).atk + gain
        and defence_of(placed, 0) == card(monster).defence + gain
    )
    # A monster outside the equip table gains nothing, and the equip card is lost.
    misfits = [c.id for c in cards().values() if c.is_monster and not can_equip(equip, c.id)]
    for misfit in misfits[:1]:
        if fusion_of(misfit, equip, True) is None:
            placed = zone(_equip_then_place(misfit, equip), 0, 1)
            assert placed.card == misfit and placed.bonus == 0


@pytest.mark.parametrize(
    ("name", "monster", "result", "result_type"),
    [
        # "A card that changes any selected monster to a Machine monster."
        ("Metalmorph", "Zoa", "Metalzoa", "Machine"),
        # "Creates two doppelgangers of Harpy Lady for three-pronged attacks!"
        ("Elegant Egotist", "Harpie Lady", "Harpie Lady Sisters", "Winged Beast"),
    ],
)
def test_an_equip_whose_text_transforms_its_monster_does_it_through_the_fusion_table(
    name: str, monster: str, result: str, result_type: str
) -> None:
    # The only monster the equip table lets take it fuses with it first.
    assert [c for c in cards() if can_equip(cid(name), c)] == [cid(monster)]
    match = _equip_then_place(cid(monster), cid(name))
    assert zone(match, 0, 1).card == cid(result) and card(cid(result)).type == result_type


# -- traps -----------------------------------------------------------------------------------------

ATTACK_TRAP_LIMITS = {
    "House of Adhesive Tape": 500,  # "Monsters with Attack Factors of 500 or lower are eliminated"
    "Eatgaboon": 1000,  # "... 1000 or lower ..."
    "Bear Trap": 1500,  # "When an opposing monster's Attack Factor is 1500 or lower ..."
    "Invisible Wire": 2000,  # "... 2000 or lower ..."
    "Acid Trap Hole": 3000,  # "... 3000 or lower ..."
}


def _attack_into(trap: str, attacking: int) -> Match:
    """Seat 1's Judge Man, its ATK made `attacking` by an equip bonus, attacks directly into `trap`."""
    judge = cid("Judge Man")
    attacker = entry(judge, bonus=attacking - card(judge).atk)
    match = match_from(duel(monsters=({1: attacker}, {}), magic=({}, {1: trap}), phase="battle"))
    play(match, "attack m1 direct")
    return match


@pytest.mark.parametrize("name", sorted(ATTACK_TRAP_LIMITS))
def test_an_attack_trap_eliminates_an_attacker_at_or_under_its_limit_only(name: str) -> None:
    limit = ATTACK_TRAP_LIMITS[name]
    assert f"{limit} or lower" in card_text(cid(name))
    match = _attack_into(name, limit)
    assert zone(match, 0, 1) is None and match.state.lp == (8000, 8000)
    assert match.state.counters[1][TRAPS_ACTIVATED] == 1
    match = _attack_into(name, limit + 1)
    assert zone(match, 0, 1) is not None and match.state.lp == (8000, 8000 - limit - 1)
    assert match.state.magic[1][0] is not None


def test_widespread_ruin_blows_up_any_attacker() -> None:
    # "When an opponent's monster attacks, it is blown to smithereens and eliminated from the play field."
    match = _attack_into("Widespread Ruin", 9999)
    assert zone(match, 0, 1) is None and match.state.lp == (8000, 8000)


def test_goblin_fan_reflects_a_burn_back_on_its_caster() -> None:
    # "Reflects the damage of direct attack cards like Fire Sparks and Inferno back to your opponent."
    match = cast("Ookazi", (), (), magic=({}, {1: "Goblin Fan"}))
    assert match.state.lp == (7500, 8000) and match.state.magic[1][0] is None


def test_bad_reaction_to_simochi_turns_a_heal_into_damage() -> None:
    # "reverses the effects of recovery cards and transforms the points to damage."
    match = cast("Red Medicine", (), (), magic=({}, {1: "Bad Reaction to Simochi"}), lp=[7000, 8000])
    assert match.state.lp == (6500, 8000) and match.state.magic[1][0] is None


def test_reverse_trap_turns_an_equips_power_up_into_a_reduction() -> None:
    # "reverses the effects of power-up cards and transforms the effects to power reduction."
    match = match_from(
        duel(hands=(["Swamp Battleguard", "Legendary Sword"], []), magic=({}, {1: "Reverse Trap"}))
    )
    play(match, "pick h1", "pick h2", "play", "place attack star 1")
    assert zone(match, 0, 1).bonus == -500 and attack_of(zone(match, 0, 1), 0) == 1800 - 500


def test_fake_trap_makes_an_attack_on_its_owner_do_nothing() -> None:
    # "A trap card for tricking your opponent. Nothing happens when it is attacked."
    attacker = entry(cid("Judge Man"))
    defender = entry(first_monster(lambda c: c.atk == 300))
    for theirs in ({}, {1: defender}):
        match = match_from(
            duel(monsters=({1: attacker}, theirs), magic=({}, {1: "Fake Trap"}), phase="battle")
        )
        play(match, "attack m1 " + ("m1" if theirs else "direct"))
        assert match.state.lp == (8000, 8000) and zone(match, 0, 1) is not None
        assert cards_on_field(match, 1)[0] == (defender["card"] if theirs else None)
        assert match.state.magic[1][0] is None and match.state.counters[1][TRAPS_ACTIVATED] == 1
        # It was that monster's attack for the turn.
        assert "attack m1" not in " ".join(str(action) for action in match.legal_actions())


def test_an_attack_trap_that_covers_the_attack_fires_before_fake_trap() -> None:
    match = match_from(
        duel(
            monsters=({1: entry(cid("Judge Man"))}, {}),
            magic=({}, {1: "Fake Trap", 2: "Acid Trap Hole"}),
            phase="battle",
        )
    )
    play(match, "attack m1 direct")
    assert zone(match, 0, 1) is None and match.state.magic[1][0] is not None


def test_fake_trap_read_as_the_seeds_shield_takes_harpies_feather_duster_alone() -> None:
    magic = ({}, {1: "Fake Trap", 2: "Bear Trap"})
    match = match_from(duel(hands=(["Harpie's Feather Duster"], []), magic=magic), fake_trap="shield")
    play(match, "pick h1", "play")
    assert [e.card if e else None for e in match.state.magic[1][:2]] == [None, cid("Bear Trap")]
    # Read so, it does not stop an attack.
    data = duel(monsters=({1: entry(cid("Judge Man"))}, {}), magic=({}, {1: "Fake Trap"}), phase="battle")
    match = match_from(data, fake_trap="shield")
    play(match, "attack m1 direct")
    assert match.state.lp == (8000, 8000 - 2200)


# -- every card has its case -------------------------------------------------------------------------


def test_every_magic_field_equip_and_trap_card_has_a_case_here() -> None:
    covered = set(FIELD_TEXTS) | set(TYPE_TEXTS) | set(EQUIP_TEXTS) | set(ATTACK_TRAP_LIMITS)
    covered |= {"Mooyan Curry", "Red Medicine", "Goblin's Secret Remedy", "Soul of the Pure"}
    covered |= {"Dian Keto the Cure Master", "Sparks", "Hinotama", "Final Flame", "Ookazi", "Tremendous Fire"}
    covered |= {"Raigeki", "Dark Hole", "Crush Card", "Stop Defense", "Dark-piercing Light"}
    covered |= {"Swords of Revealing Light", "Spellbinding Circle", "Shadow Spell", "Cursebreaker"}
    covered |= {"Harpie's Feather Duster", "Metalmorph", "Elegant Egotist", "Widespread Ruin", "Goblin Fan"}
    covered |= {"Bad Reaction to Simochi", "Reverse Trap", "Fake Trap"}
    kinds = (CardKind.MAGIC, CardKind.FIELD, CardKind.EQUIP, CardKind.TRAP)
    expected = {c.name for c in cards().values() if c.kind in kinds}
    assert covered == expected and len(expected) == 27 + 6 + 34 + 10

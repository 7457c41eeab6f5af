"""The rule points decided after the first build (fm.md, "Decisions after the first build")."""

from __future__ import annotations

import pytest

from cardtable.core.errors import IllegalActionError
from cardtable.core.match import Match
from cardtable.games.fm import GAME
from cardtable.games.fm.carddata import MOST_COPIES_OWNED, add_copies, cards
from cardtable.games.fm.combat import CAP, attack_of, attacking_value, defence_of
from cardtable.games.fm.rank import MOST_STARCHIPS, add_starchips, rank
from cardtable.games.fm.state import FUSIONS, Monster
from tests.fm.helpers import cid, duel, match_from, monster, play, zone

# -- 0 life points end the duel, whatever brought them there --------------------------------------


def _cast(name: str, lp: list[int], magic: tuple[dict[int, str], dict[int, str]] = ({}, {})) -> Match:
    match = match_from(duel(hands=([name], []), lp=lp, magic=magic))
    play(match, "pick h1", "play")
    return match


def test_a_burn_that_brings_the_opponent_to_0_wins_at_once() -> None:
    match = _cast("Hinotama", [8000, 100])
    assert match.state.lp == (8000, 0)
    assert match.outcome is not None and match.outcome.winners == (0,)
    assert match.outcome.ending == "life_points" and match.legal_actions() == []


def test_a_burn_turned_back_by_goblin_fan_can_lose_the_caster_the_duel() -> None:
    match = _cast("Ookazi", [300, 8000], magic=({}, {1: "Goblin Fan"}))
    assert match.state.lp == (0, 8000)
    assert match.outcome is not None and match.outcome.winners == (1,)


def test_a_heal_turned_to_damage_by_bad_reaction_can_lose_the_caster_the_duel() -> None:
    match = _cast("Soul of the Pure", [1500, 8000], magic=({}, {1: "Bad Reaction to Simochi"}))
    assert match.state.lp == (0, 8000)
    assert match.outcome is not None and match.outcome.winners == (1,)


def test_a_set_burn_activated_in_battle_ends_the_duel_too() -> None:
    match = match_from(duel(magic=({1: "Tremendous Fire"}, {}), lp=[8000, 1000], phase="battle"))
    play(match, "activate s1")
    assert match.outcome is not None and match.outcome.winners == (0,)


# -- no battle on the duel's first turn -------------------------------------------------------------


def _first_turn(**options: object) -> Match:
    data = duel(monsters=({1: monster("Judge Man")}, {}), phase="battle", turn_number=[1, 0])
    return match_from(data, **options)


def test_the_first_player_may_not_attack_on_the_duels_first_turn() -> None:
    match = _first_turn()
    assert not [action for action in match.legal_actions() if str(action).startswith("attack")]
    with pytest.raises(IllegalActionError, match="no battle on the duel's first turn"):
        match.play("attack m1 direct")
    # Changing position is no battle: it stays allowed.
    play(match, "switch m1")


def test_the_first_turn_battle_option_allows_it() -> None:
    match = _first_turn(first_turn_battle=True)
    play(match, "attack m1 direct")
    assert match.state.lp == (8000, 8000 - 2200)


def test_the_second_players_first_turn_has_its_battle() -> None:
    data = duel(monsters=({}, {1: monster("Judge Man")}), phase="battle", turn_seat=2, turn_number=[1, 1])
    match = match_from(data)
    play(match, "attack m1 direct")
    assert match.state.lp == (8000 - 2200, 8000)


def test_a_new_duel_opens_with_no_attack_and_the_next_turn_has_one() -> None:
    monsters = [c.id for c in cards().values() if c.is_monster and c.id not in range(17, 22)]
    deck = [card_id for card_id in monsters[:14] for _ in range(3)][:40]
    match = Match(GAME, position={"game": "fm", "decks": [deck, deck]}, seed=3)
    attacks = []
    for _ in range(2):
        play(match, "pick h1", "play", "place attack star 1")
        attacks.append(any(str(action).startswith("attack") for action in match.legal_actions()))
        play(match, "end")
    # The first player's first turn has none; the second player's first turn has its battle.
    assert attacks == [False, True]


# -- INITIATE FUSION counts fusions started from the hand --------------------------------------------


def test_a_fusion_from_the_hand_counts_and_one_onto_the_field_does_not() -> None:
    match = match_from(duel(hands=(["Mystical Elf", "Mushroom Man"], [])))
    play(match, "pick h1", "pick h2", "play", "place attack star 1")
    assert zone(match, 0, 1).card == cid("Queen of Autumn Leaves")
    assert match.state.counters[0][FUSIONS] == 1
    data = duel(hands=(["Mushroom Man"], []), monsters=({1: monster("Mystical Elf")}, {}))
    match = match_from(data)
    play(match, "pick m1", "pick h1", "play", "place attack star 1")
    assert zone(match, 0, 1).card == cid("Queen of Autumn Leaves")
    assert match.state.counters[0][FUSIONS] == 0
    match = match_from(data, field_fusions_count=True)
    play(match, "pick m1", "pick h1", "play", "place attack star 1")
    assert match.state.counters[0][FUSIONS] == 1


# -- the rank: +2 for a win by life points ------------------------------------------------------------


def test_a_win_by_life_points_adds_2_to_the_score() -> None:
    data = duel(monsters=({1: monster("Blue-eyes White Dragon")}, {}), lp=[8000, 3000], phase="battle")
    scores = []
    for bonus in (2, 0):
        match = match_from(data, life_points_win_bonus=bonus)
        play(match, "attack m1 direct")
        scores.append(rank(match.state, 0).score)
    assert scores[0] == scores[1] + 2


# -- caps -----------------------------------------------------------------------------------------------


def test_shown_atk_and_def_never_exceed_9999() -> None:
    huge = Monster(cid("Blue-eyes Ultimate Dragon"), True, True, 0, bonus=7000)
    assert CAP == 9999 and attack_of(huge, 0) == 9999 and defence_of(huge, 0) == 9999
    # Mountain adds 500 to a Dragon: still 9999.
    assert attack_of(huge, 3) == 9999
    lesser = Monster(cid("Mystical Elf"), True, True, 0)
    assert attacking_value(huge, lesser, 0) <= 9999


def test_a_monster_over_the_cap_battles_with_9999() -> None:
    big = monster("Blue-eyes Ultimate Dragon", bonus=6000)
    match = match_from(duel(monsters=({1: big}, {}), phase="battle"))
    play(match, "attack m1 direct")
    assert match.state.lp == (8000, 0)
    assert match.view(0).monsters[0][0].atk == 9999


def test_copies_and_starchips_are_capped() -> None:
    assert MOST_COPIES_OWNED == 250 and add_copies(249, 1) == 250 and add_copies(250, 1) == 250
    assert add_copies(3, 2) == 5
    assert MOST_STARCHIPS == 999_999 and add_starchips(999_990, 15) == 999_999
    assert add_starchips(10, 5) == 15 and add_starchips(10, -10) == 0

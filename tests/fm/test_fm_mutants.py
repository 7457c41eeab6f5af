"""Duel rules that mutation testing found unpinned (docs/testing.md): what each side's log shows, rituals set
face down, switching, placing over a monster, weakening, the rank's refusals, a view's JSON."""

from __future__ import annotations

import re
from typing import Any

import pytest

from cardtable.games.fm.combat import terrain_bonus
from cardtable.games.fm.combination import StepKind, combination_step, combine
from cardtable.games.fm.events import PlayResulted
from cardtable.games.fm.options import FmOptions
from cardtable.games.fm.rank import rank, rank_score, score_change
from cardtable.games.fm.turn import new_duel
from cardtable.games.fm.view import describe_event
from tests.fm.helpers import FILLER, cid, duel, match_from, monster, play, zone

FULL_MAGIC = {1: "Bear Trap", 2: "Eatgaboon", 3: "Widespread Ruin", 4: "Acid Trap Hole", 5: "Invisible Wire"}


def logs_after(data: dict[str, Any], *moves: str) -> tuple[list[str], list[str]]:
    """The lines each seat's log gains while these moves are played from a position."""
    match = match_from(data)
    start = match.state.log_length
    play(match, *moves)
    lines = ([describe_event(event) for event in match.view(seat).log[start:]] for seat in (0, 1))
    return next(lines), next(lines)


def test_a_card_lost_face_down_is_hidden_from_the_opponent() -> None:
    data = duel(hands=(["Blue-eyes White Dragon", "Great White"], []))
    own, other = logs_after(data, "pick h1", "pick h2", "play down", "place attack star 1")
    assert own == [
        "Player 1 plays 2 cards face down",
        "Player 1's #001 Blue-eyes White Dragon does not combine and is lost",
        "Player 1's play gives #060 Great White",
        "Player 1 places #060 Great White in zone 1, attack position",
    ]
    assert other == [
        "Player 1 plays 2 cards face down",
        "a hidden card of Player 1 does not combine and is lost",
        "Player 1's play gives a hidden card",
        "Player 1 places a hidden card in zone 1, attack position",
    ]


@pytest.mark.parametrize(
    ("hand", "magic", "line"),
    [
        ("Raigeki", {}, "Player 1 sets {} in magic zone 1"),
        ("Raigeki", FULL_MAGIC, "{} of Player 1 is used up with no effect"),
        ("Legendary Sword", {}, "Player 1 sets {} in magic zone 1"),
        ("Legendary Sword", FULL_MAGIC, "{} of Player 1 is used up with no effect"),
    ],
)
def test_a_card_set_or_wasted_face_down_is_hidden_from_the_opponent(
    hand: str, magic: dict[int, str], line: str
) -> None:
    own, other = logs_after(duel(hands=([hand], []), magic=(magic, {})), "pick h1", "play down")
    label = f"#{cid(hand):03d} {hand}"
    assert own == ["Player 1 plays 1 card face down", line.format(label)]
    assert other == ["Player 1 plays 1 card face down", line.format("a hidden card")]


def test_a_face_down_monster_destroyed_by_magic_stays_hidden_from_the_caster() -> None:
    field = {1: monster("Mushroom Man", face_up=False), 2: monster("Kuriboh")}
    own, other = logs_after(duel(hands=(["Raigeki"], []), monsters=({}, field)), "pick h1", "play")
    shared = ["Player 1 plays 1 card face up", "Player 1 activates #337 Raigeki"]
    assert own == [*shared, "a hidden card of Player 2 is destroyed", "Player 2's #058 Kuriboh is destroyed"]
    assert other == [
        *shared,
        "Player 2's #008 Mushroom Man is destroyed",
        "Player 2's #058 Kuriboh is destroyed",
    ]


def test_traps_and_revealed_monsters_are_logged_for_both() -> None:
    data = duel(monsters=({1: monster("Judge Man")}, {}), magic=({}, {1: "Acid Trap Hole"}), phase="battle")
    own, other = logs_after(data, "attack m1 direct")
    assert (
        own
        == other
        == [
            "Player 1 attacks directly with zone 1",
            "Player 2's trap #685 Acid Trap Hole springs",
            "Player 1's #033 Judge Man is destroyed",
        ]
    )
    defender = {2: monster("Kuriboh", face_up=False, attack=False)}
    data = duel(monsters=({1: monster("Blue-eyes White Dragon")}, defender), phase="battle")
    own, other = logs_after(data, "attack m1 m2")
    assert (
        own
        == other
        == [
            "Player 1 attacks zone 2 with zone 1",
            "Player 2's monster in zone 2 is revealed: #058 Kuriboh",
            "Player 2's #058 Kuriboh is destroyed",
        ]
    )


def test_a_ritual_without_its_tributes_is_used_up_in_sight_of_both() -> None:
    data = duel(hands=(["Black Luster Ritual"], []), monsters=({1: monster("Kuriboh")}, {}))
    own, other = logs_after(data, "pick h1", "play")
    assert (
        own
        == other
        == [
            "Player 1 plays 1 card face up",
            "#670 Black Luster Ritual of Player 1 is used up with no effect",
        ]
    )


def test_a_ritual_set_face_down_is_performed_when_activated() -> None:
    tributes = {
        1: monster("Beaver Warrior"),
        2: monster("Gaia the Fierce Knight", face_up=False),
        3: monster("Kuriboh"),
    }
    data = duel(hands=(["Black Luster Ritual"], []), monsters=(tributes, {}))
    own, other = logs_after(data, "pick h1", "play down", "activate s1", "place attack star 1")
    performed = "Player 1 performs #670 Black Luster Ritual, summoning #364 Black Luster Soldier"
    assert own[-2:] == [performed, "Player 1 places #364 Black Luster Soldier in zone 1, attack position"]
    assert other[1:3] == [
        "Player 1 sets a hidden card in magic zone 1",
        "Player 1's #027 Beaver Warrior is destroyed",
    ]
    assert other[3] == "a hidden card of Player 1 is destroyed" and performed in other


def test_a_monster_switched_cannot_switch_again_this_turn() -> None:
    # fm.md: each monster may change its position once a turn; the second zone is checked too.
    data = duel(monsters=({1: monster("Kuriboh"), 2: monster("Mystical Elf")}, {}), phase="battle")
    match = match_from(data)
    play(match, "switch m2")
    legal = [str(action) for action in match.legal_actions()]
    assert "switch m2" not in legal and "switch m1" in legal
    assert match.view(1).log[-1] == match.view(0).log[-1]
    assert describe_event(match.view(1).log[-1]) == "Player 1 switches zone 2 to defence"


def test_a_monster_placed_on_a_full_row_replaces_the_one_chosen() -> None:
    row = {number: monster("Kuriboh") for number in range(1, 6)}
    data = duel(hands=(["Mystical Elf"], []), monsters=(row, {}))
    own, _ = logs_after(data, "pick h1", "play", "place attack star 1 on m3")
    assert own[-2:] == [
        "Player 1's #058 Kuriboh is destroyed",
        "Player 1 places #002 Mystical Elf in zone 3, attack position",
    ]
    match = match_from(data)
    play(match, "pick h1", "play", "place attack star 1 on m3")
    assert [entry.card for entry in match.state.monsters[0]] == [cid("Kuriboh")] * 2 + [
        cid("Mystical Elf")
    ] + [cid("Kuriboh")] * 2
    assert match.state.graveyards[0] == (cid("Kuriboh"),)


def test_a_weakening_lasts_its_turns_of_the_owner() -> None:
    data = duel(hands=(["Spellbinding Circle"], []), monsters=({}, {1: monster("Mushroom Man")}))
    match = match_from(data, weakening_turns=2)
    play(match, "pick h1", "play", "end", "pick h1", "play", "place attack star 1", "end")
    weakened = zone(match, 1, 1)
    assert (weakened.weakened, weakened.weak_turns) == (500, 1)


def test_a_new_duel_starts_with_the_first_seat_picking_and_no_ending() -> None:
    deck = (FILLER,) * 20
    state = new_duel(FmOptions(), (deck, deck))
    assert state.turn_seat == 0 and state.ending is None and state.result is None


def test_padding_fusions_are_on_unless_turned_off() -> None:
    # Summoned Skull and Koumori Dragon fuse only by the padding fusions (fm.md, Decisions).
    assert combination_step(22, 31).kind is StepKind.FUSION
    assert combination_step(22, 31, padding_fusions=False).kind is StepKind.LOST
    assert combine([22, 31]).result == 72 and combine([22, 31], padding_fusions=False).result == 31


def test_an_equip_played_before_its_monster_is_recorded_in_play_order() -> None:
    sword, guard = cid("Legendary Sword"), cid("Swamp Battleguard")
    step = combination_step(sword, guard)
    assert (step.kind, step.current, step.following, step.result) == (StepKind.EQUIP, sword, guard, guard)
    assert (step.keeps_bonus, step.gain, step.used) == (False, 500, (sword,))


def test_the_rank_refuses_the_loser_and_names_what_is_wrong() -> None:
    data = duel(
        monsters=({1: monster("Blue-eyes White Dragon")}, {}),
        lp=[8000, 3000],
        phase="battle",
        turn_number=[2, 1],
    )
    match = match_from(data)
    play(match, "attack m1 direct")
    assert match.view(1).outcome is not None and match.view(1).to_json()["outcome"]["winners"] == [1]
    with pytest.raises(ValueError, match="seat 2 has not won this duel"):
        rank(match.state, 1)
    won = rank(match.state, 0)
    assert (won.starchips, won.pool) == (5, "sa_pow")
    message = (
        "the rank counts turns, effective_attacks, defensive_wins, face_down_plays, pure_magic, "
        "traps_triggered, cards_used_draw_cursor, remaining_lp, initiate_fusion, equip_magic; "
        "missing: none, unknown: none"
    )
    counters = dict(won.counters)
    with pytest.raises(ValueError, match=re.escape(message.replace("missing: none", "missing: turns"))):
        rank_score({name: value for name, value in counters.items() if name != "turns"}, match.state.ending)
    with pytest.raises(ValueError, match=re.escape(message.replace("unknown: none", "unknown: luck"))):
        rank_score({**counters, "luck": 1}, match.state.ending)
    with pytest.raises(ValueError, match="no rank rule for luck = 1"):
        score_change("luck", 1)


def test_a_views_json_names_every_field_and_hides_the_face_down() -> None:
    data = duel(
        hands=(["Mystical Elf", "Raigeki"], ["Kuriboh"]),
        monsters=({2: monster("Kuriboh", attack=False, face_up=False)}, {1: monster("Mushroom Man")}),
        magic=({3: "Bear Trap"}, {}),
        decks=(["Mushroom Man"] * 3, ["Kuriboh"] * 2),
        lp=[7000, 8000],
    )
    match = match_from(data)
    play(match, "pick h1", "play")
    quiet = {name: 0 for name in ("cards_drawn", "defensive_wins", "effective_attacks", "equips")}
    quiet |= {name: 0 for name in ("face_down_plays", "fusions", "magic_used", "traps_activated")}
    hidden = {
        "atk": None,
        "card": None,
        "def": None,
        "face_up": False,
        "position": "defence",
        "star": None,
        "terrain_bonus": None,
    }
    mushroom = {
        "atk": 800,
        "card": "#008 Mushroom Man",
        "def": 600,
        "face_up": True,
        "position": "attack",
        "star": "Jupiter",
        "terrain_bonus": 0,
    }
    assert match.view(1).to_json() == {
        "counters": [quiet, quiet],
        "current_seat": 1,
        # Its own deck's cards, not their order; nothing of the other deck (three Mushroom Men).
        "deck_rest": ["#058 Kuriboh"] * 2,
        "deck_sizes": [3, 2],
        "duelists": [None, None],
        "game": "fm",
        "graveyard_sizes": [0, 0],
        "graveyards": [[], []],
        "hand_sizes": [1, 1],
        "locks": [0, 0],
        "log": ["Player 1 plays 1 card face up", "Player 1's play gives #002 Mystical Elf"],
        "lp": [7000, 8000],
        "magic": [[None, None, "set", None, None], [None] * 5],
        "monsters": [[None, hidden, None, None, None], [mushroom, None, None, None, None]],
        "outcome": None,
        "pending": {"bonus": 0, "card": "#002 Mystical Elf", "face_up": True},
        "phase": "place",
        "picks": 0,
        "seat": 2,
        "terrain": "normal",
        "turn_number": [2, 2],
        "turn_seat": 1,
        "window": ["#058 Kuriboh"],
    }


def test_swords_of_revealing_light_logs_each_monster_it_turns_face_up() -> None:
    field = {1: monster("Mushroom Man", face_up=False), 3: monster("Kuriboh", face_up=False, attack=False)}
    data = duel(hands=(["Swords of Revealing Light"], []), monsters=({}, field))
    own, other = logs_after(data, "pick h1", "play")
    assert own == other
    assert own[-2:] == [
        "Player 2's monster in zone 1 is revealed: #008 Mushroom Man",
        "Player 2's monster in zone 3 is revealed: #058 Kuriboh",
    ]


def test_describing_what_is_not_a_duel_event_is_refused() -> None:
    with pytest.raises(ValueError, match="not a duel event: 'drawn'"):
        describe_event("drawn")  # type: ignore[arg-type]


def test_a_face_down_fusions_steps_are_hidden_from_the_opponent_and_its_result_comes_out_face_up() -> None:
    data = duel(hands=(["Mystical Elf", "Mushroom Man"], []))
    match = match_from(data)
    start = match.state.log_length
    play(match, "pick h1", "pick h2", "play down")
    own, other = ([describe_event(event) for event in match.view(seat).log[start:]] for seat in (0, 1))
    assert own[1] == "Player 1 fuses #002 Mystical Elf and #008 Mushroom Man into #638 Queen of Autumn Leaves"
    assert other[1:] == [
        "Player 1 fuses a hidden card and a hidden card into a hidden card",
        "Player 1's play gives #638 Queen of Autumn Leaves",
    ]
    assert [event for event in match.view(1).log if isinstance(event, PlayResulted)] == [
        PlayResulted(0, 638, True)
    ]


def test_a_face_up_fusion_is_logged_for_both_and_a_defence_placement_named() -> None:
    data = duel(hands=(["Mystical Elf", "Mushroom Man"], []))
    own, other = logs_after(data, "pick h1", "pick h2", "play", "place defence star 1")
    assert own == other
    assert own[1] == "Player 1 fuses #002 Mystical Elf and #008 Mushroom Man into #638 Queen of Autumn Leaves"
    assert own[-1] == "Player 1 places #638 Queen of Autumn Leaves in zone 1, defence position"


def test_reverse_trap_turns_the_equips_gain_into_a_loss_in_the_log_too() -> None:
    data = duel(hands=(["Swamp Battleguard", "Legendary Sword"], []), magic=({}, {1: "Reverse Trap"}))
    own, other = logs_after(data, "pick h1", "pick h2", "play", "place attack star 1")
    assert own == other
    assert own[2] == "Player 1 equips #012 Swamp Battleguard with #301 Legendary Sword (-500)"


def test_the_padding_fusions_option_reaches_the_play() -> None:
    match = match_from(duel(hands=(["Summoned Skull", "Koumori Dragon"], [])), padding_fusions=False)
    play(match, "pick h1", "pick h2", "play", "place attack star 1")
    assert zone(match, 0, 1).card == cid("Koumori Dragon")


def test_cursebreaker_ends_a_weakening_and_its_count() -> None:
    weakened = monster("Mushroom Man", weakened=500, weak_turns=2)
    match = match_from(duel(hands=(["Cursebreaker"], []), monsters=({}, {1: weakened})))
    play(match, "pick h1", "play")
    assert (zone(match, 1, 1).weakened, zone(match, 1, 1).weak_turns) == (0, 0)


def test_a_lock_counts_down_draws_show_to_their_drawer_and_switches_reset_each_turn() -> None:
    match = match_from(duel(hands=(["Swords of Revealing Light"], [])))
    play(match, "pick h1", "play", "end")
    assert match.state.locks == (0, 3)
    start = match.state.log_length
    play(match, "pick h1", "play", "place defence star 1", "end")
    assert match.state.locks == (0, 2)
    own = [describe_event(event) for event in match.view(0).log[start:]]
    other = [describe_event(event) for event in match.view(1).log[start:]]
    assert own[-1] == "Player 1 draws #008 Mushroom Man" and other[-1] == "Player 1 draws a hidden card"
    play(match, "pick h1")
    assert (match.view(0).picks, match.view(1).picks) == ((0,), 1)
    play(match, "play", "place defence star 1", "switch m1")
    assert describe_event(match.view(1).log[-1]) == "Player 1 switches zone 1 to attack"


def test_a_new_duel_is_on_normal_terrain_and_a_ritual_monster_comes_face_up() -> None:
    deck = (FILLER,) * 20
    state = new_duel(FmOptions(), (deck, deck))
    assert state.terrain == 0 and state.switched == 0
    tributes = {1: monster("Beaver Warrior"), 2: monster("Gaia the Fierce Knight"), 3: monster("Kuriboh")}
    match = match_from(duel(hands=(["Black Luster Ritual"], []), monsters=(tributes, {})))
    play(match, "pick h1", "play", "place attack star 1")
    assert zone(match, 0, 1).face_up


def test_a_terrain_out_of_range_is_refused_naming_the_range() -> None:
    with pytest.raises(ValueError, match=re.escape("9 is not a terrain (0 to 6: normal,")):
        terrain_bonus("Dragon", 9)


def test_the_mirror_option_ranks_a_negative_score_as_its_opposite() -> None:
    # fm.md, option mirror_negative_scores: -31 reads as 31 (C-TEC) instead of the seed's S-TEC.
    bad = {"defensive_wins": 15, "traps_activated": 7, "magic_used": 10, "fusions": 15, "equips": 15}
    data = duel(
        monsters=({1: monster("Blue-eyes White Dragon")}, {}),
        lp=[8000, 3000],
        phase="battle",
        turn_number=[2, 1],
        counters=[bad | {"face_down_plays": 31}, {}],
    )
    ranks = []
    for mirror in (False, True):
        match = match_from(data, mirror_negative_scores=mirror)
        play(match, "attack m1 direct")
        won = rank(match.state, 0)
        ranks.append((won.score, won.letter, won.starchips, won.pool))
    assert ranks == [(-31, "S-TEC", 5, "sa_tec"), (-31, "C-TEC", 2, "bcd")]


def test_a_views_json_says_what_the_terrain_adds_to_each_monster_seen() -> None:
    # fm.md: a forest adds 500 to a Plant's ATK and DEF; the board explains the ATK shown from this.
    data = duel(
        hands=(["Mystical Elf"], ["Kuriboh"]),
        monsters=({2: monster("Kuriboh", attack=False, face_up=False)}, {1: monster("Mushroom Man")}),
        decks=(["Mushroom Man"] * 3, ["Kuriboh"] * 2),
    )
    data["terrain"] = "forest"
    match = match_from(data)
    seen = match.view(1).to_json()["monsters"]
    assert seen[1][0]["terrain_bonus"] == 500 and seen[1][0]["atk"] == 1300
    # A face-down monster of the opponent's: its type, and so the terrain's part, is hidden.
    assert seen[0][1]["terrain_bonus"] is None
    assert match.view(0).to_json()["monsters"][0][1]["terrain_bonus"] == 0

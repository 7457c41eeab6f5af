"""What each side sees of a duel, the AI's hand window, notation, and positions refused with the reason."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from cardtable.core.errors import ActionParseError, PositionError
from cardtable.core.match import Match
from cardtable.games.fm import GAME, DuelEnding
from cardtable.games.fm.actions import ACTIONS, format_action, parse_action
from cardtable.games.fm.events import DuelOver, Fused, MonsterPlaced, PlayResulted
from tests.fm.helpers import cid, duel, match_from, monster, play


def test_every_action_round_trips() -> None:
    for action in ACTIONS:
        assert parse_action(format_action(action)) == action
    assert format_action(parse_action("place defense star 2 on m3")) == "place defence star 2 on m3"
    for text, reason in [
        ("pick x1", "is not a hand card"),
        ("attack m9 m1", "is not a monster zone"),
        ("place attack star 3", "guardian stars 1 and 2"),
        ("fly", "unknown verb"),
    ]:
        with pytest.raises(ActionParseError, match=reason):
            parse_action(text)


def test_hands_face_down_cards_and_set_cards_are_secret() -> None:
    data = duel(
        hands=(["Blue-eyes White Dragon"], ["Mystical Elf"]),
        monsters=({1: monster("Judge Man", face_up=False)}, {}),
        magic=({1: "Bear Trap"}, {}),
    )
    match = match_from(data)
    for seat in (1, None):
        text = json.dumps(match.view(seat).to_json())
        for card in ("Blue-eyes", "Judge Man", "Bear Trap"):
            assert card not in text
    mine = json.dumps(match.view(0).to_json())
    assert "Blue-eyes" in mine and "Judge Man" in mine and "Bear Trap" in mine


def test_six_duelists_see_face_down_cards() -> None:
    data = duel(
        monsters=({1: monster("Judge Man", face_up=False)}, {}),
        magic=({1: "Bear Trap"}, {}),
        sees_face_down=[False, True],
    )
    view = match_from(data).view(1)
    assert view.monsters[0][0].card == cid("Judge Man") and view.magic[0][0] == cid("Bear Trap")


def test_the_hand_window_lets_a_duelist_use_the_top_of_its_deck() -> None:
    data = duel(
        hands=([], ["Mystical Elf"] * 5),
        decks=(["Mushroom Man"] * 10, ["Judge Man"] * 10),
        windows=[5, 7],
        turn_seat=2,
    )
    match = match_from(data)
    assert len(match.view(1).window) == 7 and match.view(1).window[5] == cid("Judge Man")
    assert len(match.view(0).window) == 0
    play(match, "pick h6", "play", "place attack star 1")
    assert len(match.state.decks[1]) == 9 and len(match.state.hands[1]) == 5


def test_a_face_down_fusion_tells_the_opponent_only_its_result_which_comes_out_face_up() -> None:
    match = match_from(duel(hands=(["Mystical Elf", "Mushroom Man"], [])))
    play(match, "pick h1", "pick h2", "play down", "place attack star 1")
    log = json.dumps(match.view(1).to_json()["log"])
    assert "Queen of Autumn Leaves" in log and "Mystical Elf" not in log and "Mushroom Man" not in log
    assert "Queen of Autumn Leaves" in json.dumps(match.view(0).to_json()["log"])


def broken(change: Any) -> dict[str, Any]:
    data = duel(hands=(["Mystical Elf"], []))
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["hands"][0].append(9999), "should be a list of card numbers from 1 to 722"),
        (
            lambda d: d["monsters"][0].__setitem__(
                0, {"card": 301, "attack": True, "face_up": True, "star": 0}
            ),
            "301 is not a monster card",
        ),
        (lambda d: d["magic"][0].__setitem__(0, 1), "1 is not a magic, field, equip, ritual or trap card"),
        (lambda d: d.update(terrain="lava"), "'lava' is not one of"),
        (lambda d: d.update(lp=[0, 8000]), "life points run from 1 to 8000"),
        (lambda d: d.update(windows=[5, 30]), "a hand window is 5 to 20 cards"),
        (lambda d: d.update(phase="place"), "a monster waits to be placed exactly in the place phase"),
    ],
)
def test_impossible_positions_are_refused(change: Any, message: str) -> None:
    with pytest.raises(PositionError, match=re.escape(message)):
        match_from(broken(change))


def test_a_start_position_checks_both_decks() -> None:
    with pytest.raises(PositionError, match=r"seat 2's deck refused: a deck holds 40 cards, this one 3"):
        Match(
            GAME,
            seed=1,
            position={"game": "fm", "decks": [[2] * 3 + [8] * 3 + list(range(40, 74)), [1, 1, 1]]},
        )
    match = Match(
        GAME, seed=1, position={"game": "fm", "decks": [list(range(30, 70)), list(range(130, 170))]}
    )
    assert len(match.state.hands[0]) == 5 and len(match.state.decks[0]) == 35


def test_the_log_holds_typed_events_redacted_for_the_other_side() -> None:
    match = match_from(duel(hands=(["Mystical Elf", "Mushroom Man"], [])))
    play(match, "pick h1", "pick h2", "play down", "place defence star 2")
    elf, mushroom, queen = cid("Mystical Elf"), cid("Mushroom Man"), cid("Queen of Autumn Leaves")
    mine = match.view(0).log
    assert Fused(0, elf, mushroom, queen) in mine and PlayResulted(0, queen, True) in mine
    assert MonsterPlaced(0, 0, queen, False, 1) in mine
    for seat in (1, None):
        theirs = match.view(seat).log
        # Played face down, the steps stay secret; the fusion's result comes out face up.
        assert Fused(0, None, None, None) in theirs and MonsterPlaced(0, 0, queen, False, 1) in theirs
        assert [event for event in theirs if isinstance(event, Fused)] == [Fused(0, None, None, None)]
    assert match.view(1).describe(Fused(0, None, None, None)) == (
        "Player 1 fuses a hidden card and a hidden card into a hidden card"
    )


def test_the_end_of_the_duel_carries_its_ending_and_life_points() -> None:
    match = match_from(duel(hands=(["Mystical Elf"], []), decks=(["Mushroom Man"] * 5, []), phase="battle"))
    play(match, "end")
    assert match.outcome is not None and match.outcome.ending == DuelEnding.DECK_OUT
    assert match.state.ending is DuelEnding.DECK_OUT
    last = match.view(None).log[-1]
    assert last == DuelOver(0, DuelEnding.DECK_OUT, (8000, 8000))
    assert match.view(None).describe(last) == "Duel over: Player 1 wins (deck out)"

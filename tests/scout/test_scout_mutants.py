"""Scout rules that mutation testing found unpinned (docs/testing.md): rounds, known faces, texts, JSON."""

from __future__ import annotations

import random

from cardtable.core.pairs import parse_code
from cardtable.games.scout import GAME, ScoutRoundEnding
from cardtable.games.scout.endings import RoundFacts
from cardtable.games.scout.events import Dealt, Declined, Oriented, RoundEnded, Scouted, Shown
from cardtable.games.scout.view import describe_event
from tests.scout.helpers import match_from, play, position


def code(text: str) -> int:
    """The oriented code of a card written top/bottom."""
    found = parse_code(text)
    assert found is not None
    return found


def test_two_players_play_two_rounds_and_more_play_one_round_each() -> None:
    # scout.md, "Game end": as many rounds as players, two with two players.
    for seats in range(2, 6):
        state = GAME.new_state(GAME.option_table.default(), seats, random.Random(1), None)
        assert state.rounds == (2 if seats == 2 else seats)


def test_a_shown_card_leaves_the_cards_known_beside_it_known() -> None:
    data = position([["2/1", "3/1", "9/8"], ["7/4"], ["6/5"]], known_in_hand=[["1/2", "1/3"], [], []])
    match = match_from(data)
    play(match, "show 1")
    assert match.view(1).to_json()["known_in_hand"][0] == ["1/3"]


def test_declining_is_logged() -> None:
    data = position([["2/1", "9/8"], ["3/4", "5/6"]], active=["7/10"], owner=1, tokens=[3, 3], turn_seat=1)
    match = match_from(data, may_decline=True)
    play(match, "decline")
    assert "Player 1 declines to Show or Scout" in match.view(None).to_json()["log"]


def test_events_are_written_with_the_names_and_labels_given() -> None:
    names = ["Ann", "Bob"]
    three, five = code("3/1"), code("5/2")
    assert describe_event(Dealt(1, (three, five)), names) == "Bob is dealt 3/1 5/2"
    assert describe_event(Dealt(1, None), names) == "Bob is dealt a hand"
    assert describe_event(Oriented(0, True), names) == "Ann turns their hand round"
    assert describe_event(Oriented(0, False), names) == "Ann keeps their hand"
    assert describe_event(Declined(1), names) == "Bob declines to Show or Scout"
    assert describe_event(Shown(0, (three,), 2), names) == "Ann shows 3/1, capturing 2"
    assert describe_event(Scouted(1, five, 0, True, 3, True), names) == (
        "Bob scouts 5/2 from the left end, turned, to position 4 (Scout & Show)"
    )
    facts = RoundFacts((1, 0), (0, 2), (0, 3), None)
    ended = RoundEnded(0, ScoutRoundEnding.HAND_EMPTY, facts, (1, -1), 0)
    assert describe_event(ended, names) == "Round 1 ends (a hand is empty): Ann +1, Bob -1"


def test_a_views_json_names_every_field_and_counts_seats_from_1() -> None:
    data = position(
        [["3/1", "4/2", "5/7"], ["7/1", "8/2"], ["9/3", "2/9"]],
        active=["6/5", "7/8"],
        owner=2,
        captured=[[], ["1/4"], []],
        tokens=[0, 2, 1],
        scores=[1, -2, 0],
        round_scores=[[1, -2, 0]],
        round=2,
        start_seat=3,
    )
    match = match_from(data)
    play(match, "scout left turned at 2")
    assert match.view(2).to_json() == {
        "game": "scout",
        "seat": 3,
        "phase": "play",
        "current_seat": 1,
        "round": 2,
        "rounds": 3,
        "start_seat": 3,
        "hand": ["9/3", "5/6", "2/9"],
        "hand_sizes": [3, 2, 3],
        "known_in_hand": [[], [], ["5/6"]],
        "active": ["7/8"],
        "owner": 2,
        "captured": [[], ["1/4"], []],
        "tokens": [0, 3, 1],
        "chips": [True, True, True],
        "scouts_in_row": 1,
        "scores": [1, -2, 0],
        "round_scores": [[1, -2, 0]],
        "aside_size": 26,
        "aside_seen": [[], [], []],
        "outcome": None,
        "log": ["Player 3 scouts 6/5 from the left end, turned, to position 2"],
        "round_log_start": 0,
    }
    assert match.view(2).to_json(with_log=False)["log"] is None
    assert match.view(None).to_json(with_log=False)["seat"] is None


def test_a_scout_not_turned_says_only_where_the_card_went() -> None:
    event = Scouted(1, code("5/2"), 0, False, 3, False)
    assert describe_event(event, ["Ann", "Bob"]) == "Bob scouts 5/2 from the left end, to position 4"


def test_a_views_json_has_no_owner_before_a_show_and_the_outcome_after_the_game() -> None:
    match = match_from(position([["2/1", "9/8"], ["3/4", "5/6"]], tokens=[3, 3]))
    assert match.view(0).to_json()["owner"] is None
    # The last round: seat 1 empties its hand; 3 tokens each, seat 2 holds two cards.
    match = match_from(position([["2/1"], ["3/4", "5/6"]], round=2, scores=[1, 0]))
    play(match, "show 1")
    assert match.view(1).to_json()["outcome"] == {
        "winners": [1],
        "scores": [4.0, 1.0],
        "ending": "most_points",
        "reason": "the most points",
    }

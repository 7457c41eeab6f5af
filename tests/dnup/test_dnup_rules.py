"""Scenario tests of dnup (dnup.md): deal, the turn's discard, play, add, take, rotate, scoring."""

from __future__ import annotations

import random

import pytest

from cardtable.core.errors import IllegalActionError
from cardtable.core.match import Match
from cardtable.games.dnup import GAME
from tests.dnup.helpers import hand, legal_texts, match_from, play, position, table


@pytest.mark.parametrize(("seats", "each"), [(2, 10), (3, 10), (4, 10), (5, 8)])
def test_deal_ten_each_or_eight_with_five_in_order_and_orientation(seats: int, each: int) -> None:
    state = GAME.new_state(GAME.option_table.default(), seats, random.Random(2), None)
    assert [len(cards) for cards in state.hands] == [each] * seats
    assert len(GAME.all_cards(state)) == 45
    assert {code & 1 for cards in state.hands for code in cards} == {0, 1}


def test_deal_options() -> None:
    options = GAME.option_table.resolve(overrides={"hand_size": 8, "random_orientation": False})
    state = GAME.new_state(options, 3, random.Random(2), None)
    assert [len(cards) for cards in state.hands] == [8, 8, 8]
    assert {code & 1 for cards in state.hands for code in cards} == {0}
    with pytest.raises(ValueError, match="need more than 45 cards"):
        GAME.new_state(GAME.option_table.resolve(overrides={"hand_size": 12}), 4, random.Random(2), None)


def test_a_turn_starts_by_discarding_your_own_cards_on_the_table() -> None:
    data = position([["2/1", "3/1"], ["4/1"], ["6/1"]], tables=[[], [], ["9/2"]], turn_seat=2)
    match = match_from(data)
    play(match, "rotate")
    assert match.current_seat == 2
    assert table(match, 2) == [] and match.view(None).to_json()["discards"] == ["9/2"]


def test_play_cards_of_one_value() -> None:
    match = match_from(position([["5/2", "5/9", "7/1"], ["4/1"]]))
    legal = legal_texts(match)
    assert {"play 5/2", "play 5/9", "play 5/2 5/9", "play 7/1"} <= set(legal)
    play(match, "play 5/2 5/9")
    assert table(match, 0) == ["5/2", "5/9"] and hand(match, 0) == ["7/1"]


def test_a_play_must_beat_every_set_of_its_size_and_beats_them_all() -> None:
    data = position(
        [["5/2", "5/9", "1/3"], ["4/1"], ["6/1"], ["8/1"]],
        tables=[[], ["2/6", "2/7"], ["3/4", "3/8"], ["9/1"]],
    )
    match = match_from(data)
    legal = legal_texts(match)
    # Two 5s beat the two 2s and the two 3s; one 5 does not beat the single 9.
    assert "play 5/2 5/9" in legal and "play 5/2" not in legal and "play 1/3" not in legal
    with pytest.raises(IllegalActionError, match="do not beat every set of 1"):
        match.play("play 5/2")
    play(match, "play 5/2 5/9")
    # Both beaten players turn their cards round and take them back.
    assert sorted(hand(match, 1)) == sorted(["4/1", "6/2", "7/2"])
    assert sorted(hand(match, 2)) == sorted(["6/1", "4/3", "8/3"])
    assert table(match, 3) == ["9/1"]
    assert sorted(match.view(3).to_json()["known_in_hand"][1]) == ["6/2", "7/2"]


def test_equal_does_not_beat() -> None:
    data = position([["5/2"], ["4/1"]], tables=[[], ["5/3"]])
    assert "play 5/2" not in legal_texts(match_from(data))


def test_add_a_card_of_the_same_value_and_the_third_player_rule() -> None:
    hands = [["3/2", "3/9", "8/1"], ["4/1"], ["6/1"], ["7/2"]]
    data = position(hands, tables=[[], ["3/4"], ["2/5", "2/6"], ["5/7", "5/8"]])
    match = match_from(data)
    legal = legal_texts(match)
    # Two 3s in front of seat 2 would tie seat 4's two 5s, which are not lower: not allowed.
    assert "add 3/2 to 2" not in legal
    with pytest.raises(IllegalActionError, match="a third player's set of 2 is not lower than 3"):
        match.play("add 3/2 to 2")
    with pytest.raises(IllegalActionError, match="show 3, not 8"):
        match.play("add 8/1 to 2")
    data = position(hands, tables=[[], ["3/4"], ["2/5", "2/6"], ["1/9", "1/10"]])
    match = match_from(data)
    play(match, "add 3/2 to 2")
    # Seat 3's two 2s and seat 4's two 1s are lower than seat 2's two 3s now: both are beaten.
    # Seat 2's turn then starts by discarding its two 3s.
    assert match.current_seat == 1 and table(match, 1) == []
    assert match.view(None).to_json()["discards"] == ["3/4", "3/2"]
    assert sorted(hand(match, 2)) == sorted(["6/1", "5/2", "6/2"])
    assert sorted(hand(match, 3)) == sorted(["7/2", "9/1", "10/1"])


def test_take_turns_the_cards_round_into_your_hand() -> None:
    data = position([["2/1"], ["4/1"], ["6/1"]], tables=[[], ["7/3", "7/5"], []])
    match = match_from(data)
    play(match, "take 2")
    assert sorted(hand(match, 0)) == sorted(["2/1", "3/7", "5/7"])
    assert table(match, 1) == []
    assert sorted(match.view(2).to_json()["known_in_hand"][0]) == ["3/7", "5/7"]
    with pytest.raises(IllegalActionError, match="no cards in front of them"):
        match_from(data).play("take 3")


def test_rotate_turns_every_card_and_is_always_legal() -> None:
    match = match_from(position([["2/1", "9/4"], ["4/1"]]))
    assert legal_texts(match)[-1] == "rotate"
    play(match, "rotate")
    assert sorted(hand(match, 0)) == sorted(["1/2", "4/9"])


def test_the_first_out_scores_2_the_second_1_and_the_round_ends() -> None:
    data = position([["2/1"], ["4/1", "4/3"], ["6/1"], ["7/1"]], scores=[0, 0, 1, 0])
    match = match_from(data)
    play(match, "play 2/1")
    assert match.state.out == (0,)
    assert match.current_seat == 1
    play(match, "play 4/1 4/3")
    assert match.state.round_scores == ((2, 1, 0, 0),)
    assert match.state.round == 1
    # The next round starts one seat to the left.
    assert match.state.start_seat == 1


def test_the_first_outs_cards_never_come_back() -> None:
    data = position([["2/1"], ["4/1"], ["6/1", "8/2"]])
    match = match_from(data)
    play(match, "play 2/1", "rotate", "play 6/1")
    assert hand(match, 0) == [] and "1/2" in match.view(None).to_json()["discards"]


def test_with_two_players_the_round_ends_with_the_first_out() -> None:
    match = match_from(position([["2/1"], ["4/1"]]))
    play(match, "play 2/1")
    assert match.state.round_scores == ((2, 0),)


def test_round_end_option_first() -> None:
    match = match_from(position([["2/1"], ["4/1"], ["6/1"]]), round_end="first")
    play(match, "play 2/1")
    assert match.state.round_scores == ((2, 0, 0),)


def test_the_game_ends_at_four_points_and_the_two_scorer_wins_a_tie() -> None:
    data = position([["2/1"], ["4/1"], ["6/1"]], scores=[2, 3, 0], start_seat=1)
    match = match_from(data)
    play(match, "play 2/1", "play 4/1")
    outcome = match.outcome
    assert outcome is not None
    assert outcome.scores == (4.0, 4.0, 0.0)
    assert outcome.winners == (0,)
    data = position([["2/1"], ["4/1"], ["6/1"]], scores=[0, 2, 0])
    match = match_from(data, target=3)
    play(match, "play 2/1", "play 4/1")
    assert match.outcome is not None and match.outcome.winners == (1,)


def test_a_whole_game_reaches_its_end() -> None:
    match = Match(GAME, seed=8, seats=4)
    rng = random.Random(1)
    while not match.is_over:
        legal = match.legal_actions()
        match.play(legal[rng.randrange(len(legal))])
    assert max(match.state.scores) >= 4

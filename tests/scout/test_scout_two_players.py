"""Scout's 2-player mode (scout.md): tokens spent to scout, another turn, no chip, its round end."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.core.errors import IllegalActionError, PositionError
from cardtable.core.match import Match
from cardtable.core.pairs import card_name, card_of, parse_code
from cardtable.games.scout import GAME
from cardtable.games.scout.rules import deck_for
from tests.scout.helpers import hand, legal_texts, match_from, play, position


def test_two_players_take_three_tokens_and_no_chip() -> None:
    match = Match(GAME, seed=4, seats=2)
    assert match.state.tokens == (3, 3)
    assert match.state.chips == (False, False)
    assert match.state.rounds == 2


def test_scouting_spends_a_token_and_the_scout_plays_again() -> None:
    data = position([["9/1", "2/3"], ["6/7", "6/1"]], active=["8/2"], owner=2, tokens=[3, 3])
    match = match_from(data)
    assert not any(text.startswith("scoutshow") for text in legal_texts(match))
    play(match, "scout left at 2")
    assert match.state.tokens == (2, 3)
    assert match.current_seat == 0
    assert hand(match, 0) == ["9/1", "8/2", "2/3"]
    with pytest.raises(IllegalActionError, match="no active set to scout from"):
        match.play("scout left at 1")


def test_a_player_without_tokens_cannot_scout() -> None:
    data = position([["2/1"], ["6/7", "6/1"]], active=["8/2"], owner=2, tokens=[0, 3])
    # Seat 1 can neither show (2 < 8) nor scout: that round would be over already.
    with pytest.raises(PositionError, match="can neither Show nor Scout"):
        match_from(data)
    match = match_from(position([["9/1", "2/1"], ["6/7"]], active=["8/2"], owner=2, tokens=[0, 3]))
    assert legal_texts(match) == ["show 1"]
    with pytest.raises(IllegalActionError, match="no Scout token left"):
        match.play("scout left at 1")


def test_the_round_ends_when_after_a_show_the_opponent_can_do_neither() -> None:
    data = position([["9/1", "2/1"], ["3/7", "6/1"]], active=["8/2"], owner=2, tokens=[1, 0])
    match = match_from(data)
    play(match, "show 1")
    # Seat 2 holds no token, and 3 or 6 cannot beat 9: the round ends; seat 1 showed last.
    assert match.state.round_scores[0] == (1 + 1, -2)


def test_declining_is_an_option() -> None:
    data = position([["9/1", "2/1"], ["3/7", "6/1"]], active=["8/2"], owner=2, tokens=[2, 2])
    assert "decline" not in legal_texts(match_from(data))
    with pytest.raises(IllegalActionError, match="declining is off"):
        match_from(data).play("decline")
    match = match_from(data, may_decline=True)
    assert "decline" in legal_texts(match)
    play(match, "decline")
    # Unspent tokens score one each; seat 2 showed last and keeps its hand unpunished.
    assert match.state.round_scores[0] == (2 - 2, 2)


def test_the_token_count_is_an_option() -> None:
    match = Match(
        GAME, seed=4, seats=2, options=GAME.option_table.resolve(overrides={"two_player_tokens": 5})
    )
    assert match.state.tokens == (5, 5)


# -- the second round is dealt from the cards set aside in the first (scout.md, "2-player mode") --------
def play_to_round(match: Match, number: int, seed: int) -> None:
    """Random legal actions until round `number` (from 0) has been dealt."""
    rng = random.Random(seed)
    while match.state.round < number:
        legal = match.legal_actions()
        match.play(legal[rng.randrange(len(legal))])


def cards_of(hands: tuple[tuple[int, ...], ...]) -> set[int]:
    return {card_of(code) for hand in hands for code in hand}


@pytest.mark.parametrize("seed", range(6))
def test_the_second_round_deals_exactly_the_cards_set_aside_and_sets_the_first_rounds_aside(
    seed: int,
) -> None:
    match = Match(GAME, seed=seed, seats=2)
    set_aside = set(match.state.aside)
    first_round = set(deck_for(2)) - set_aside
    assert len(set_aside) == 22 and cards_of(match.state.hands) <= first_round
    play_to_round(match, 1, seed)
    state = match.state
    assert [len(hand) for hand in state.hands] == [11, 11]
    assert cards_of(state.hands) == set_aside
    # The first round's cards are not used again: they are the pile set aside now.
    assert sorted(state.aside) == sorted(first_round)
    assert not state.captured[0] and not state.captured[1] and not state.active


def test_the_second_deal_is_shuffled_in_order_and_orientation() -> None:
    orders, orientations = set(), set()
    for seed in range(8):
        match = Match(GAME, seed=seed, seats=2)
        play_to_round(match, 1, seed)
        for dealt in match.state.hands:
            cards = [card_of(code) for code in dealt]
            orientations.update(code & 1 for code in dealt)
            orders.add(cards == sorted(cards))
    assert orientations == {0, 1} and orders == {False}


def test_a_third_round_if_asked_is_dealt_the_first_rounds_cards_again() -> None:
    match = Match(GAME, seed=3, seats=2, options=GAME.option_table.resolve(overrides={"rounds": 3}))
    first_round = set(deck_for(2)) - set(match.state.aside)
    play_to_round(match, 2, 3)
    assert cards_of(match.state.hands) == first_round


def round_end_position() -> dict[str, Any]:
    """Two players, round 1: player 1 is to show its last card; player 2 holds 2/7 unseen, 3/7 known."""
    return position(
        [["9/1"], ["2/7", "3/7"]],
        active=["4/1"],
        owner=2,
        captured=[["1/5", "5/6"], ["6/8"]],
        known_in_hand=[[], ["3/7"]],
        tokens=[1, 2],
    )


def test_each_player_knows_the_set_aside_cards_they_saw_and_no_others() -> None:
    match = match_from(round_end_position())
    play(match, "show 1")
    assert match.state.round == 1
    names = {
        seat: {text for row in match.view(seat).to_json()["aside_seen"] for text in row} for seat in (0, 1)
    }
    played = {"1/9", "1/4", "2/7", "3/7", "1/5", "5/6", "6/8"}
    # Player 1 never saw player 2's 2/7; player 2 saw everything (player 1's hand was empty).
    assert match.view(0).to_json()["aside_seen"][0] == sorted(played - {"2/7"}, key=sort_key)
    assert names[1] == played
    spectator = match.view(None).to_json()["aside_seen"]
    assert spectator == [sorted(played - {"2/7"}, key=sort_key)] * 2
    hidden = {card_name(card) for card in GAME.hidden_cards(match.state, 0)}
    assert "2/7" in hidden and not hidden & (played - {"2/7"})
    assert "2/7" not in GAME.hidden_cards(match.state, 1)


def sort_key(name: str) -> int:
    code = parse_code(name)
    assert code is not None
    return card_of(code)


def test_a_drawn_state_never_gives_the_opponent_a_card_the_seat_knows_is_out() -> None:
    match = match_from(round_end_position())
    play(match, "show 1")
    out_of_game = {card for card in match.state.aside if match.state.aside_seen[0] >> card & 1}
    view = match.view(0)
    rng = random.Random(1)
    for _ in range(200):
        drawn = GAME.determinize(view, rng)
        assert not cards_of(drawn.hands) & out_of_game
        assert GAME.view(drawn, 0) == view


def test_over_a_whole_game_the_opponent_is_never_drawn_a_card_of_the_seats_first_hand() -> None:
    match = Match(GAME, seed=11, seats=2)
    first_hand = {card_of(code) for code in match.state.hands[0]}
    play_to_round(match, 1, 11)
    view = match.view(0)
    assert first_hand <= set(view.aside_seen[0])
    rng = random.Random(2)
    for _ in range(100):
        assert not cards_of(GAME.determinize(view, rng).hands[1:]) & first_hand


def test_positions_keep_what_each_player_saw_of_the_set_aside_cards() -> None:
    match = match_from(round_end_position())
    play(match, "show 1")
    written = GAME.position_of(match.state)
    assert written["aside_seen"] == [match.view(seat).to_json()["aside_seen"][seat] for seat in (0, 1)]
    again = Match(GAME, seed=0, position=written)
    assert again.state.aside_seen == match.state.aside_seen
    held = written["hands"][0][0]
    with pytest.raises(PositionError, match=rf"position aside_seen\[0\]: '{held}' is not a card set aside"):
        Match(GAME, seed=0, position={**written, "aside_seen": [[held], []]})


def test_a_first_round_position_must_set_aside_enough_cards_for_the_second_deal() -> None:
    data = position([["9/1", "2/3"], ["6/7", "6/1"]], active=["8/2"], owner=2)
    # 39 cards set aside; 18 of them moved into the first hand leave 21.
    short = {
        **data,
        "hands": [data["hands"][0] + data["aside"][:18], data["hands"][1]],
        "aside": data["aside"][18:],
    }
    reason = (
        "position aside: 21 cards set aside: with two players the next round is dealt from them, 22 cards"
    )
    with pytest.raises(PositionError, match=reason):
        match_from(short)
    # In the last round nothing more is dealt.
    assert match_from({**short, "round": 2}).state.round == 1

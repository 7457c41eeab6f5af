"""Scenario tests of Crazy Eights (rules.md): the deal, a turn, drawing, passing, the end, scoring."""

from __future__ import annotations

import random

import pytest

from cardtable.core.errors import IllegalActionError, OptionError
from cardtable.games.crazy_eights import GAME, final_scores, hand_count
from cardtable.games.crazy_eights.cards import IS_EIGHT, parse_card
from cardtable.games.crazy_eights.events import StarterTurned
from tests.crazy_eights.helpers import hand, legal_texts, match_from, play, position

THREE = [["3c", "7d", "Kd"], ["4c", "9c", "Jh"], ["5d", "6s", "Qs"]]


# -- the deal ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("seats", "each"), [(2, 7), (3, 5), (4, 5), (5, 5)])
@pytest.mark.parametrize("preset", [None, "openspiel"])
def test_seven_cards_each_with_two_players_five_with_more(seats: int, each: int, preset: str | None) -> None:
    state = GAME.new_state(GAME.option_table.resolve(preset), seats, random.Random(seats), None)
    assert [len(cards) for cards in state.hands] == [each] * seats
    assert len(state.discards) == 1 and len(state.stock) == 52 - 1 - seats * each
    assert sorted(GAME.all_cards(state)) == list(range(52))


def test_the_option_hand_size_deals_other_hands() -> None:
    state = GAME.new_state(GAME.option_table.resolve(overrides={"hand_size": 8}), 3, random.Random(1), None)
    assert [len(cards) for cards in state.hands] == [8, 8, 8]


def test_an_eight_turned_as_starter_is_buried_in_the_stock_and_another_turned() -> None:
    buried = 0
    for seed in range(200):
        state = GAME.new_state(GAME.option_table.default(), 3, random.Random(seed), None)
        assert not IS_EIGHT[state.discards[-1]]
        started = [
            event for event in GAME.view(state, None).history.entries() if isinstance(event, StarterTurned)
        ]
        buried += started[0].buried
        assert sorted(GAME.all_cards(state)) == list(range(52))
    # About one deal in thirteen turns an eight first.
    assert 5 <= buried <= 40


def test_the_player_left_of_the_dealer_plays_first() -> None:
    state = GAME.new_state(GAME.option_table.default(), 4, random.Random(3), 2)
    assert GAME.current_seat(state) == 2 and state.first_seat == 2


# -- a turn --------------------------------------------------------------------------------------
def test_a_card_follows_the_suit_or_the_rank_and_an_eight_is_wild() -> None:
    match = match_from(position([["3c", "7h", "Kd", "8s", "Ks"], *THREE[1:]], ["7d"]))
    # In the deck's order: 7h (the rank), 8s (wild), Kd (the suit); not 3c nor Ks.
    assert legal_texts(match) == ["play 7h", "play 8s", "play Kd", "draw"]


def test_an_eight_is_followed_by_naming_the_suit_the_next_player_follows() -> None:
    match = match_from(position([["3c", "8s", "Kd"], *THREE[1:]], ["7d"]))
    play(match, "play 8s")
    assert match.current_seat == 0 and legal_texts(match) == ["name c", "name d", "name h", "name s"]
    play(match, "name h")
    assert match.current_seat == 1
    assert match.view(1).suit == parse_card("Jh") % 4
    # Clubs no longer follow, though the 8 was a spade and the player holds clubs: hearts, or an eight.
    assert legal_texts(match) == ["play Jh", "draw"]


def test_a_card_that_follows_neither_suit_nor_rank_is_refused_with_the_reason() -> None:
    match = match_from(position(THREE, ["7h"]))
    with pytest.raises(IllegalActionError, match="follows neither the suit"):
        match.play("play 3c")
    with pytest.raises(IllegalActionError, match="not in your hand"):
        match.play("play Ah")
    with pytest.raises(IllegalActionError, match="only just after playing an eight"):
        match.play("name h")
    assert hand(match, 0) == ["3c", "7d", "Kd"]


def test_play_goes_round_the_table_and_a_draw_does_not_end_a_turn() -> None:
    match = match_from(position(THREE, ["7s"], stock=["2c", "9d"]))
    play(match, "play 7d")
    assert match.current_seat == 1
    play(match, "draw", "draw")
    assert match.current_seat == 1
    play(match, "play 9d")
    assert match.current_seat == 2
    play(match, "play 5d")
    assert match.current_seat == 0


# -- drawing -------------------------------------------------------------------------------------
def test_a_player_may_draw_though_able_to_play_and_then_play_any_card_allowed() -> None:
    match = match_from(position(THREE, ["7s"], stock=["2h", "Ad"]))
    assert "play 7d" in legal_texts(match)
    play(match, "draw", "draw")
    assert hand(match, 0) == ["2h", "3c", "7d", "Kd", "Ad"]
    assert match.current_seat == 0
    play(match, "play 7d")
    assert match.current_seat == 1


def test_traditional_draws_are_unlimited_and_openspiels_stop_at_five() -> None:
    stock = ["2h", "3h", "4h", "5h", "6h", "7h"]
    traditional = match_from(position(THREE, ["Ac"], stock=stock))
    play(traditional, *["draw"] * 6)
    assert "draw" in legal_texts(traditional)
    openspiel = match_from(position(THREE, ["Ac"], stock=stock), "openspiel")
    play(openspiel, *["draw"] * 5)
    assert legal_texts(openspiel) == ["play 3c", "pass"]
    with pytest.raises(IllegalActionError, match="the most option max_draws allows"):
        openspiel.play("draw")
    play(openspiel, "pass")
    assert openspiel.current_seat == 1 and "draw" in legal_texts(openspiel)


# -- passing -------------------------------------------------------------------------------------
def test_no_pass_while_the_stock_holds_cards_and_draws_remain() -> None:
    match = match_from(position(THREE, ["Ah"]))
    assert legal_texts(match) == ["draw"]
    with pytest.raises(IllegalActionError, match="you may still draw"):
        match.play("pass")


def stock_empty(hands: list[list[str]], top: str) -> dict[str, object]:
    """A position with every card not in a hand or on top placed below it in the discards."""
    data = position(hands, [top])
    data["discards"] = [*data.pop("stock"), top]
    data["stock"] = []
    return data


def test_traditionally_a_player_passes_only_when_unable_to_play() -> None:
    data = stock_empty(THREE, "7h")
    match = match_from(data)
    assert legal_texts(match) == ["play 7d"]
    openspiel = match_from(data, "openspiel")
    assert legal_texts(openspiel) == ["play 7d", "pass"]


def test_a_blocked_game_ends_after_a_pass_per_seat_or_one_more_in_openspiel() -> None:
    hands = [["3c", "4c"], ["5c", "6c"], ["9c", "Jc"]]
    match = match_from(stock_empty(hands, "7h"))
    play(match, "pass", "pass")
    assert match.outcome is None
    play(match, "pass")
    assert match.outcome is not None and match.outcome.ending == "blocked"
    openspiel = match_from(stock_empty(hands, "7h"), "openspiel")
    play(openspiel, "pass", "pass", "pass")
    assert openspiel.outcome is None
    play(openspiel, "pass")
    assert openspiel.outcome is not None and openspiel.outcome.ending == "blocked"


def test_a_play_breaks_the_row_of_passes() -> None:
    hands = [["3c", "4c"], ["7c", "6c"], ["9d", "Jd"]]
    match = match_from(stock_empty(hands, "7h"))
    play(match, "pass", "play 7c", "pass")
    assert match.state.passes == 1 and match.outcome is None


# -- the end and scoring ---------------------------------------------------------------------------
def test_playing_the_last_card_wins_and_an_eight_as_last_card_names_no_suit() -> None:
    match = match_from(position([["8s"], ["4c", "9c", "Jh"], ["5d", "6s", "Qs"]], ["7d"]))
    play(match, "play 8s")
    outcome = match.outcome
    assert outcome is not None and outcome.winners == (0,) and outcome.ending == "went_out"
    # Hoyle: the winner scores what the others hold: 4 + 9 + 10, and 5 + 6 + 10.
    assert outcome.scores == (44.0, 0.0, 0.0)


def test_openspiel_scoring_counts_minus_what_each_holds_as_openspiel_computes_it() -> None:
    match = match_from(position([["8s"], ["3c", "Xs", "Jh"], ["8d", "Ac", "Qs"]], ["7s"]), "openspiel")
    play(match, "play 8s")
    outcome = match.outcome
    assert outcome is not None and outcome.winners == (0,)
    # 3c is card 4 (costs 6), Xs card 35 (37), J 10; an eight 50, A and Q 10 each.
    assert outcome.scores == (0.0, -53.0, -70.0)


def test_the_counts_of_a_hand_under_each_scoring() -> None:
    cards = [parse_card(text) for text in ("8h", "Kc", "Ad", "Xs", "2c")]
    assert hand_count(cards, "hoyle") == 50 + 10 + 1 + 10 + 2  # type: ignore[arg-type]
    assert hand_count(cards, "openspiel") == 50 + 10 + 10 + 37 + 2  # type: ignore[arg-type]


def test_a_blocked_game_is_won_by_the_lowest_count_scoring_the_differences() -> None:
    assert final_scores((12, 5, 30), "hoyle") == ((1,), (0, 7 + 25, 0))
    assert final_scores((5, 5, 30), "hoyle") == ((0, 1), (25, 25, 0))
    assert final_scores((12, 5, 30), "openspiel") == ((1,), (-12, -5, -30))


def test_the_play_limit_ends_the_game_scored_as_it_stands() -> None:
    match = match_from(position(THREE, ["7s"], plays=9), play_limit=10)
    play(match, "play 7d")
    outcome = match.outcome
    assert outcome is not None and outcome.ending == "play_limit"
    # Counts: 3 + 10 = 13, 4 + 9 + 10 = 23, 5 + 6 + 10 = 21: seat 1 wins by 10 + 8.
    assert outcome.winners == (0,) and outcome.scores == (18.0, 0.0, 0.0)


# -- the stock -------------------------------------------------------------------------------------
def test_a_reshuffle_turns_the_discards_under_the_top_into_a_new_stock() -> None:
    data = position(THREE, ["2h", "5h", "Ah"], stock=["Kh"])
    data["discards"] = [*data.pop("stock")[1:], "2h", "5h", "Ah"]
    data["stock"] = ["Kh"]
    match = match_from(data, reshuffle=True, play_limit=50)
    play(match, "draw")
    state = match.state
    assert len(state.stock) == 52 - 1 - 4 - 3 - 3 and state.discards == (parse_card("Ah"),)
    assert "discards are shuffled into a new stock" in match.view(1).describe(match.view(1).log[-1])
    without = match_from(data)
    play(without, "draw")
    assert without.state.stock == () and len(without.state.discards) > 1


def test_a_reshuffled_stock_needs_a_play_limit() -> None:
    with pytest.raises(OptionError, match="reshuffle needs a play_limit"):
        GAME.new_state(GAME.option_table.resolve(overrides={"reshuffle": True}), 2, random.Random(1), None)

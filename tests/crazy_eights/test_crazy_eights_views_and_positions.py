"""Crazy Eights notation, views (what each seat may see), positions, determinize and the heuristic bot."""

from __future__ import annotations

import random

import pytest

from cardtable.bots import make_bot
from cardtable.core.errors import ActionParseError, PositionError
from cardtable.core.match import Match, bot_rngs
from cardtable.games.crazy_eights import GAME
from cardtable.games.crazy_eights.actions import DRAW, NAMES, PASS, PLAYS, Name, Play
from cardtable.games.crazy_eights.cards import CARD_NAMES, parse_card
from cardtable.games.crazy_eights.events import Drew
from tests.crazy_eights.helpers import legal_texts, match_from, play, position

THREE = [["3c", "7d", "Kd"], ["4c", "9c", "Jh"], ["5d", "6s", "Qs"]]


# -- notation ------------------------------------------------------------------------------------
def test_every_action_reads_back_from_its_text() -> None:
    for action in [*PLAYS, DRAW, PASS, *NAMES]:
        assert GAME.parse_action(GAME.format_action(action)) is action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("play 10s", Play(parse_card("Xs") or 0)),
        ("PLAY ts", Play(35)),
        ("play ah", Play(50)),
        ("name Hearts", Name(2)),
    ],
)
def test_the_ten_may_be_written_10_or_t_and_any_case_is_read(text: str, action: object) -> None:
    assert GAME.parse_action(text) == action


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "it is empty"),
        ("play", "expected play <card>"),
        ("play 1h", "is not a card"),
        ("play 8h 9h", "one card"),
        ("name x", "is not a suit"),
        ("draw 2", "takes nothing after it"),
        ("discard 7h", "unknown verb"),
    ],
)
def test_text_that_is_not_an_action_is_refused_with_the_reason(text: str, reason: str) -> None:
    with pytest.raises(ActionParseError, match=reason):
        GAME.parse_action(text)


def test_card_names_are_rank_then_suit_the_ten_written_x() -> None:
    assert CARD_NAMES[:4] == ("2c", "2d", "2h", "2s") and CARD_NAMES[35] == "Xs" and CARD_NAMES[51] == "As"


# -- views ---------------------------------------------------------------------------------------
def test_a_view_shows_its_own_hand_the_discards_and_only_the_sizes_of_the_rest() -> None:
    match = match_from(position(THREE, ["7s"], stock=["Ah", "2d"]))
    data = match.view(1).to_json()
    assert data["hand"] == ["4c", "9c", "Jh"] and data["hand_sizes"] == [3, 3, 3]
    assert data["discards"] == ["7s"] and data["stock_size"] == 52 - 10
    words = str(data)
    for secret in ["3c", "Kd", "5d", "Qs", "Ah", "2d"]:
        assert secret not in words
    assert match.view(None).to_json()["hand"] == []


def test_a_card_drawn_is_seen_by_its_drawer_only() -> None:
    match = match_from(position(THREE, ["7s"], stock=["Ah"]))
    play(match, "draw")
    assert match.view(0).log[-1] == Drew(0, parse_card("Ah"))
    for seat in (1, 2, None):
        last = match.view(seat).log[-1]
        assert last == Drew(0, None) and match.view(seat).describe(last) == "Player 1 draws a card"
    assert GAME.hidden_cards(match.state, 1) >= {parse_card("Ah"), parse_card("3c")}
    assert parse_card("Ah") not in GAME.hidden_cards(match.state, 0)


def test_a_deal_shows_each_hand_to_its_holder_only() -> None:
    match = Match(GAME, seed=5, seats=3)
    dealt = [match.view(seat).log[:3] for seat in (0, 1, None)]
    assert dealt[0][0].hand is not None and dealt[0][1].hand is None
    assert dealt[1][1].hand is not None and dealt[1][0].hand is None
    assert all(event.hand is None for event in dealt[2])


# -- positions -----------------------------------------------------------------------------------
def test_a_position_round_trips_with_the_stock_listed_from_its_top() -> None:
    data = position(THREE, ["7s"], stock=["Ah", "2d"])
    state = GAME.state_from_position(data, random.Random(0), None)
    assert state.stock[-1] == parse_card("Ah")
    again = GAME.position_of(state)
    assert again["stock"] == data["stock"] and again["hands"] == THREE
    assert GAME.position_of(GAME.state_from_position(again, random.Random(1), None)) == again


def test_a_stock_left_out_is_every_card_placed_nowhere_else() -> None:
    data = {"hands": THREE, "discards": ["7s"]}
    state = GAME.state_from_position(data, random.Random(0), None)
    assert sorted(GAME.all_cards(state)) == list(range(52)) and len(state.stock) == 42


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"hands": [["3c"], [], ["5d"]]}, "emptied its hand"),
        ({"discards": []}, "at least the starter"),
        ({"phase": "name"}, "a suit is named after an eight"),
        ({"suit": "h"}, "only after an eight may the suit to follow differ"),
        ({"suit": "x"}, "is not a suit"),
        ({"phase": "over"}, "is not play or name"),
        ({"passes": 1}, "passes are counted in a row with the stock empty"),
        ({"plays": 100, "preset": "openspiel"}, "play_limit ends the game at 100"),
        ({"draws": 6, "preset": "openspiel"}, "option max_draws allows 5"),
        ({"options": {"reshuffle": True}}, "reshuffle needs a play_limit"),
        ({"turn_seat": 4}, "is not a seat"),
        ({"colour": "red"}, "unknown key"),
    ],
)
def test_a_position_the_rules_cannot_reach_is_refused_naming_why(
    change: dict[str, object], message: str
) -> None:
    data = position(THREE, ["7s"])
    if "hands" in change:
        data = position(change.pop("hands"), ["7s"])  # type: ignore[arg-type]
    data.update(change)
    with pytest.raises(PositionError, match=message):
        GAME.state_from_position(data, random.Random(0), None)


def test_a_card_placed_twice_or_not_at_all_is_refused() -> None:
    data = position(THREE, ["7s"])
    data["stock"] = data["stock"][1:]
    with pytest.raises(PositionError, match="missing"):
        GAME.state_from_position(data, random.Random(0), None)
    data = position(THREE, ["7s"])
    data["discards"] = ["7s", "3c"]
    with pytest.raises(PositionError, match="appears twice"):
        GAME.state_from_position(data, random.Random(0), None)


# -- determinize ---------------------------------------------------------------------------------
def test_a_drawn_state_keeps_what_the_seat_knows_and_deals_the_rest_again() -> None:
    match = Match(GAME, seed=3, seats=4)
    for _ in range(12):
        match.play(match.legal_actions()[0])
    view = match.view(2)
    drawn = GAME.determinize(view, random.Random(9))
    assert drawn.hands[2] == match.state.hands[2] and drawn.discards == match.state.discards
    assert [len(cards) for cards in drawn.hands] == [len(cards) for cards in match.state.hands]
    assert len(drawn.stock) == len(match.state.stock) and sorted(GAME.all_cards(drawn)) == list(range(52))
    others = {card for seat in (0, 1, 3) for card in match.state.hands[seat]}
    redrawn = [GAME.determinize(view, random.Random(seed)) for seed in range(5)]
    assert any({card for seat in (0, 1, 3) for card in state.hands[seat]} != others for state in redrawn)
    assert GAME.view(drawn, 2) == view


# -- the heuristic bot ---------------------------------------------------------------------------
def test_the_heuristic_keeps_its_eight_and_names_the_suit_it_holds_most() -> None:
    others = [["4d", "9d", "Jh"], ["5d", "6s", "Qs"]]
    match = match_from(position([["8s", "Kc", "2c", "Xc", "Ah"], *others], ["Ks"]))
    bot = make_bot("heuristic", GAME)
    # Kc and Xc cost the same and leave the same clubs: either, never the eight.
    assert GAME.format_action(match.decide(bot, random.Random(0))) in ("play Kc", "play Xc")
    match = match_from(position([["8s", "2c", "Xc", "Ah"], *others], ["Ks"]))
    play(match, "play 8s")
    assert GAME.format_action(match.decide(bot, random.Random(0))) == "name c"


def test_the_heuristic_beats_random_players() -> None:
    wins = 0
    for seed in range(40):
        match = Match(GAME, seed=seed, seats=3)
        bots = {seat: make_bot("random", GAME) for seat in range(3)}
        bots[seed % 3] = make_bot("heuristic", GAME)
        match.play_bots(bots, bot_rngs(seed, 3))
        assert match.outcome is not None
        wins += (seed % 3) in match.outcome.winners
    # A third would be chance.
    assert wins >= 24, wins


def test_legal_texts_of_a_fresh_position() -> None:
    match = match_from(position(THREE, ["7s"]))
    assert legal_texts(match) == ["play 7d", "draw"]

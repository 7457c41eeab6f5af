"""dnup rules that mutation testing found unpinned (docs/testing.md): equal sets, fresh deals, texts."""

from __future__ import annotations

import random

import pytest

from cardtable.core.errors import IllegalActionError
from cardtable.core.pairs import parse_code
from cardtable.games.dnup import GAME, DnupRoundEnding, turn_limit_places
from cardtable.games.dnup.events import Beaten, Played, RoundEnded, WentOut
from cardtable.games.dnup.view import describe_event
from tests.dnup.helpers import hand, legal_texts, match_from, play, position, table


def code(text: str) -> int:
    """The oriented code of a card written top/bottom."""
    found = parse_code(text)
    assert found is not None
    return found


def test_adding_to_make_a_set_equal_to_a_third_players_set_of_that_size_is_refused() -> None:
    # dnup.md: after the addition every third player's set of the new size must be lower; equal is not.
    hands = [["3/2", "8/1"], ["4/1"], ["6/1"], ["7/2"]]
    data = position(hands, tables=[[], ["3/4"], [], ["3/7", "3/8"]])
    match = match_from(data)
    assert "add 3/2 to 2" not in legal_texts(match)
    with pytest.raises(IllegalActionError, match="a third player's set of 2 is not lower than 3"):
        match.play("add 3/2 to 2")


def test_a_play_equal_to_a_set_of_its_size_is_refused_with_the_rule() -> None:
    match = match_from(position([["5/2"], ["4/1"]], tables=[[], ["5/3"]]))
    with pytest.raises(IllegalActionError, match=r"1 card\(s\) of 5 do not beat every set of 1 on the table"):
        match.play("play 5/2")


@pytest.mark.parametrize("seed", range(4))
def test_a_fresh_round_knows_no_face_in_any_hand(seed: int) -> None:
    # Five hands of eight use 40 of the 45 cards: most deals hold every low card.
    state = GAME.new_state(GAME.option_table.default(), 5, random.Random(seed), None)
    for seat in (None, *range(5)):
        assert GAME.view(state, seat).known_in_hand == ((),) * 5
    hidden = GAME.hidden_cards(state, None)
    assert {code >> 1 for hand in state.hands for code in hand} <= hidden


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"start_seat": True}, "start seat True is not a seat"),
        ({"start_seat": 1.0}, "start seat 1.0 is not a seat"),
        ({"places": True}, "True places is not a number of places"),
        ({"places": 1.0}, "1.0 places is not a number of places"),
    ],
)
def test_turn_limit_places_refuses_what_is_not_a_whole_number(change: dict, reason: str) -> None:
    given = {"out": [], "hand_sizes": [3, 2], "start_seat": 0, "places": 1} | change
    with pytest.raises(ValueError, match=reason):
        turn_limit_places(**given)


def test_events_are_written_with_the_names_given() -> None:
    five, six = code("5/2"), code("6/1")
    names = ["Ann", "Bob"]
    assert describe_event(Played(1, (five,)), names) == "Bob plays 5/2"
    assert describe_event(Beaten(0, (six,), False), names) == (
        "Ann is beaten: 6/1 go, turned round, to the discards (already out)"
    )
    assert describe_event(Beaten(0, (six,), True)) == (
        "Player 1 is beaten: 6/1 go, turned round, back into their hand"
    )
    assert describe_event(WentOut(1, 1), names) == "Bob has emptied their hand (first)"
    assert describe_event(WentOut(1, 2), names) == "Bob has emptied their hand (second)"
    ended = RoundEnded(0, DnupRoundEnding.TURN_LIMIT, (), (1,), (3, 2), (0, 2))
    assert describe_event(ended, names) == (
        "Round 1 ends at the turn limit (Ann holds 3 cards, Bob holds 2): Bob +2"
    )


def test_a_views_json_names_every_field_and_counts_from_1() -> None:
    hands = [["2/1"], ["4/1", "5/1"], ["6/1", "7/2"]]
    scores = {"scores": [3, 0, 1], "round_scores": [[2, 0, 1], [1, 0, 0]]}
    match = match_from(position(hands, start_seat=2, turn_seat=1, round=2, **scores))
    play(match, "play 2/1")
    assert match.view(1).to_json() == {
        "game": "dnup",
        "seat": 2,
        "phase": "play",
        "current_seat": 2,
        "round": 2,
        "start_seat": 2,
        "turns": 1,
        "hand": ["4/1", "5/1"],
        "hand_sizes": [0, 2, 2],
        "known_in_hand": [[], [], []],
        "tables": [["2/1"], [], []],
        "discards": [],
        "aside_size": 40,
        "out": [1],
        "scores": [3, 0, 1],
        "round_scores": [[2, 0, 1], [1, 0, 0]],
        "outcome": None,
        "log": ["Player 1 plays 2/1", "Player 1 has emptied their hand (first)"],
        "round_log_start": 0,
    }
    assert match.view(1).to_json(with_log=False)["log"] is None


def test_a_views_json_after_a_round_and_after_the_game() -> None:
    match = match_from(position([["2/1"], ["4/1", "5/1"]]))
    play(match, "play 2/1")
    written = match.view(None).to_json()
    assert written["round_log_start"] == 3 and written["log"][3] == "Round 2 begins; Player 2 starts"
    match = match_from(position([["2/1"], ["4/1", "5/1"]], scores=[3, 1]))
    play(match, "play 2/1")
    assert match.view(1).to_json()["outcome"] == {
        "ending": "target",
        "reason": "reached the target",
        "scores": [5.0, 1.0],
        "winners": [1],
    }


def test_playing_a_card_leaves_the_rest_of_the_hand_secret() -> None:
    match = match_from(position([["2/1", "3/1", "9/4"], ["4/1"]]))
    play(match, "play 2/1")
    assert match.view(1).to_json()["known_in_hand"] == [[], []]


def test_an_add_beats_only_the_third_players_whose_set_now_has_the_targets_size() -> None:
    # dnup.md: "se esse jogador passar a ter o mesmo número de cartas que um terceiro jogador": only a
    # set of the target's new size is beaten; a set of another size, smaller or larger, stays.
    hands = [["3/2", "10/4"], ["4/1"], ["6/1"], ["8/3"], ["9/2"]]
    tables = [[], ["3/4"], ["2/5"], ["1/7", "1/8", "1/9"], ["2/6", "2/7"]]
    match = match_from(position(hands, tables=tables))
    play(match, "add 3/2 to 2")
    # Seat 5's two 2s are lower than the two 3s: beaten, back in hand turned round.
    assert table(match, 4) == [] and sorted(hand(match, 4)) == sorted(["9/2", "6/2", "7/2"])
    assert table(match, 2) == ["2/5"] and hand(match, 2) == ["6/1"]
    assert table(match, 3) == ["1/7", "1/8", "1/9"] and hand(match, 3) == ["8/3"]


@pytest.mark.parametrize(("seats", "each"), [(5, 9), (3, 15)])
def test_a_deal_of_all_45_cards_through_hand_size_is_dealt(seats: int, each: int) -> None:
    options = GAME.option_table.resolve(overrides={"hand_size": each})
    state = GAME.new_state(options, seats, random.Random(1), None)
    assert [len(cards) for cards in state.hands] == [each] * seats
    assert sorted(code >> 1 for cards in state.hands for code in cards) == sorted(range(45))
    more = GAME.option_table.resolve(overrides={"hand_size": each + 1})
    with pytest.raises(ValueError, match=f"{seats} hands of {each + 1} need more than 45 cards"):
        GAME.new_state(more, seats, random.Random(1), None)


def test_an_add_is_logged_for_everyone() -> None:
    hands = [["3/2", "10/4"], ["4/1"], ["6/1"]]
    match = match_from(position(hands, tables=[[], ["3/4"], []]))
    play(match, "add 3/2 to 2")
    for seat in (None, 0, 1, 2):
        assert "Player 1 adds 3/2 to Player 2's cards" in match.view(seat).to_json()["log"]


def test_a_new_games_log_counts_its_events_from_none() -> None:
    # The log's length is what the server's frames count from: it must match the events exactly.
    state = GAME.new_state(GAME.option_table.default(), 3, random.Random(2), None)
    for seat in (None, 0, 1, 2):
        history = GAME.view(state, seat).history
        assert history.length == len(history.entries())
        assert history.since(history.length) == ()


@pytest.mark.parametrize("seats", [1, 6])
def test_a_game_of_too_few_or_too_many_seats_is_refused_naming_the_number(seats: int) -> None:
    with pytest.raises(ValueError, match=f"dnup is played by 2 to 5 seats, not {seats}"):
        GAME.new_state(GAME.option_table.default(), seats, random.Random(1), None)

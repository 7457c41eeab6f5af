"""Scenario tests of a DRUMP turn: deal, draw, set, summon, Extra Jack, recycle (drump.md)."""

from __future__ import annotations

import pytest

from cardtable.core.errors import IllegalActionError
from cardtable.core.match import Match
from cardtable.games.drump import GAME
from cardtable.games.drump.cards import parse_card
from cardtable.games.drump.options import OPTION_TABLE
from tests.drump.helpers import legal_texts, match_from, names, play, position


def test_deal_gives_five_each_and_the_first_player_draws_on_the_first_turn() -> None:
    for seed in range(20):
        match = Match(GAME, seed=seed)
        state = match.state
        first = state.first_seat
        assert len(state.hands[first]) == 6
        assert len(state.hands[1 - first]) == 5
        assert len(state.deck) == 41
        assert match.current_seat == first


def test_first_seat_can_be_chosen_and_otherwise_comes_from_the_seed() -> None:
    assert Match(GAME, seed=3, first_seat=1).current_seat == 1
    firsts = {Match(GAME, seed=seed).state.first_seat for seed in range(30)}
    assert firsts == {0, 1}
    assert Match(GAME, seed=5).state.hands == Match(GAME, seed=5).state.hands


def test_each_turn_starts_with_a_draw() -> None:
    match = match_from(position(hands=(["2s"], ["3s"]), deck_top=["4s", "5s"]))
    play(match, "end")
    assert names(match.state.hands[1]) == ["3s", "4s"]
    play(match, "end")
    assert names(match.state.hands[0]) == ["2s", "5s"]


# -- set --------------------------------------------------------------------------
def test_first_card_of_a_slot_is_face_up_and_later_ones_face_down() -> None:
    match = match_from(position(hands=(["2s", "3s", "4s"], [])))
    play(match, "set 2s on 1")
    assert match.view(0).stacks[0][0] == ((parse_card("2s"), True),)
    play(match, "end", "end", "set 3s on 1")
    (bottom, top) = match.view(0).stacks[0][0]
    assert bottom[1] is True and top[1] is False
    assert match.view(1).stacks[0][0][1] == (None, False)


def test_one_card_per_slot_per_turn() -> None:
    match = match_from(position(hands=(["2s", "3s"], [])))
    play(match, "set 2s on 1")
    assert "set 3s on 1" not in legal_texts(match)
    assert "set 3s on 2" in legal_texts(match)
    with pytest.raises(IllegalActionError, match="slot 1 already received a card this turn"):
        match.play("set 3s on 1")


def test_a_stack_never_exceeds_13_counting_aces_as_one() -> None:
    match = match_from(position(hands=(["5h", "4h", "As"], []), stacks={(1, 1): ["9s"]}))
    legal = legal_texts(match)
    assert "set 4h on 1" in legal
    assert "set As on 1" in legal
    assert "set 5h on 1" not in legal
    with pytest.raises(IllegalActionError, match="would total 14"):
        match.play("set 5h on 1")


# -- summon -----------------------------------------------------------------------
def test_summon_sends_a_stack_of_the_parts_value_to_the_pile() -> None:
    match = match_from(position(hands=(["Xh"], []), stacks={(1, 2): ["4s", "6d down"]}))
    play(match, "summon Xh from 2")
    view = match.view(1)
    assert view.zones[0][1] == parse_card("Xh")  # hearts are wings
    assert view.stacks[0][1] == ()
    assert names(view.pile) == ["4s", "6d"]
    assert view.summoned


def test_summon_needs_two_or_more_cards_even_for_an_ace_as_eleven() -> None:
    match = match_from(position(hands=(["Jh"], []), stacks={(1, 1): ["As"]}))
    assert not any(text.startswith("summon") for text in legal_texts(match))
    with pytest.raises(IllegalActionError, match="two or more cards"):
        match.play("summon Jh from 1")


def test_an_ace_counts_one_or_eleven_when_paying() -> None:
    data = position(hands=(["Kh", "Xd"], []), stacks={(1, 1): ["As", "2s down"], (1, 2): ["Ac", "9c down"]})
    legal = legal_texts(match_from(data))
    assert "summon Kh from 1" in legal  # 11 + 2
    assert "summon Xd from 2" in legal  # 1 + 9
    assert "summon Xd from 1" not in legal  # 3 or 13, never 10


def test_only_one_summon_a_turn_and_only_into_an_empty_zone() -> None:
    data = position(
        hands=(["Xh", "Xd", "Qs"], []),
        stacks={(1, 1): ["4s", "6d"], (1, 2): ["5c", "5h"], (1, 3): ["9c", "3c"]},
        zones=({"head": "Ks"}, {}),
    )
    match = match_from(data)
    assert "summon Qs from 3" not in legal_texts(match)
    with pytest.raises(IllegalActionError, match="head zone already holds Ks"):
        match.play("summon Qs from 3")
    play(match, "summon Xh from 1")
    with pytest.raises(IllegalActionError, match="already summoned this turn"):
        match.play("summon Xd from 2")


def test_ace_pays_any_lets_an_ace_and_a_number_pay_for_any_part() -> None:
    data = position(hands=(["Qh"], []), stacks={(1, 1): ["As", "5d"]})
    assert "summon Qh from 1" not in legal_texts(match_from(data))
    assert "summon Qh from 1" in legal_texts(match_from(data, ace_pays_any=True))
    assert "summon Qh from 1" in legal_texts(match_from(data, preset="pt"))


def test_part_by_suit_decides_each_parts_zone() -> None:
    data = position(hands=(["Xh"], []), stacks={(1, 1): ["4s", "6d"]})
    match = match_from(data, part_by_suit="hsdc")
    play(match, "summon Xh from 1")
    assert match.view(0).zones[0][0] != -1  # hearts are heads now
    with pytest.raises(ValueError, match="each of s, h, d, c once"):
        OPTION_TABLE.resolve(overrides={"part_by_suit": "sshd"})


# -- extra jack ---------------------------------------------------------------------
def test_extra_jack_places_a_jack_for_an_ace_even_after_a_summon() -> None:
    data = position(hands=(["Xh", "Js", "Ad"], []), stacks={(1, 1): ["4s", "6d"]})
    match = match_from(data)
    play(match, "summon Xh from 1", "extra Js with Ad")
    view = match.view(0)
    assert names([view.zones[0][0], view.zones[0][1]]) == ["Js", "Xh"]
    assert names(view.pile)[-1] == "Ad"


def test_extra_jack_once_a_turn() -> None:
    data = position(hands=(["Js", "Jh", "Ad", "Ac"], []))
    match = match_from(data)
    play(match, "extra Js with Ad")
    with pytest.raises(IllegalActionError, match="already made an Extra Jack"):
        match.play("extra Jh with Ac")


def test_extra_jack_is_the_summon_under_the_english_rules() -> None:
    data = position(hands=(["Xh", "Js", "Ad", "Qd"], []), stacks={(1, 1): ["4s", "6d"], (1, 2): ["9c", "3c"]})
    match = match_from(data, preset="en")
    play(match, "summon Xh from 1")
    with pytest.raises(IllegalActionError, match="counts as the turn's summon"):
        match.play("extra Js with Ad")
    match = match_from(data, extra_jack_is_summon=True)
    play(match, "extra Js with Ad")
    with pytest.raises(IllegalActionError, match="already summoned"):
        match.play("summon Qd from 2")


# -- recycle --------------------------------------------------------------------------
def test_recycle_discards_a_part_and_draws() -> None:
    match = match_from(position(hands=(["Kh"], []), deck_top=["7c"]))
    play(match, "recycle Kh draw")
    assert names(match.state.hands[0]) == ["7c"]
    assert names(match.state.pile) == ["Kh"]


def test_recycle_takes_a_different_part_from_the_pile_and_both_know_it() -> None:
    match = match_from(position(hands=(["Kh"], []), pile=["Qd", "3c"]))
    assert "recycle Kh take Qd" in legal_texts(match)
    play(match, "recycle Kh take Qd")
    assert names(match.state.hands[0]) == ["Qd"]
    assert names(match.state.pile) == ["3c", "Kh"]
    assert names(match.view(1).known_in_hand[0]) == ["Qd"]
    assert names(match.view(None).known_in_hand[0]) == ["Qd"]
    # The part just discarded cannot come straight back.
    assert "recycle Qd take Kh" in legal_texts(match)


def test_a_known_card_stops_being_known_once_played() -> None:
    match = match_from(position(hands=(["Kh"], []), pile=["Xd"], stacks={(1, 1): ["4s", "6s"]}))
    play(match, "recycle Kh take Xd", "summon Xd from 1")
    assert match.view(1).known_in_hand[0] == ()


def test_recycle_twice_a_turn_by_default_and_unlimited_in_pt() -> None:
    hands = (["Kh", "Qh", "Jh"], [])
    match = match_from(position(hands=hands))
    play(match, "recycle Kh draw", "recycle Qh draw")
    with pytest.raises(IllegalActionError, match="recycled 2 times this turn"):
        match.play("recycle Jh draw")
    match = match_from(position(hands=hands), preset="pt")
    play(match, "recycle Kh draw", "recycle Qh draw", "recycle Jh draw")
    match = match_from(position(hands=hands), recycle_limit=1)
    play(match, "recycle Kh draw")
    assert not any(text.startswith("recycle") for text in legal_texts(match))


def test_recycle_cannot_draw_from_an_empty_deck() -> None:
    match = match_from(position(hands=(["Kh"], []), pile=["Qd"], deck_size=0))
    assert "recycle Kh draw" not in legal_texts(match)
    with pytest.raises(IllegalActionError, match="the deck is empty"):
        match.play("recycle Kh draw")


def test_end_is_always_legal_and_passes_the_turn() -> None:
    match = match_from(position(hands=(["2s"], ["3s"])))
    assert legal_texts(match)[-1] == "end"
    play(match, "end")
    assert match.current_seat == 1
    assert match.state.turn_number == 2

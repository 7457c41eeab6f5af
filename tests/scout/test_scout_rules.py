"""Scenario tests of Scout (scout.md): deal, turning the hand, Show, Scout, Scout & Show, rounds, scoring."""

from __future__ import annotations

import random

import pytest

from cardtable.core.errors import IllegalActionError
from cardtable.core.match import Match
from cardtable.core.pairs import PAIRS
from cardtable.games.scout import GAME
from tests.scout.helpers import hand, legal_texts, match_from, play, position


@pytest.mark.parametrize(("seats", "cards", "each"), [(2, 44, 11), (3, 36, 12), (4, 44, 11), (5, 45, 9)])
def test_deal_removes_cards_by_player_count(seats: int, cards: int, each: int) -> None:
    state = GAME.new_state(GAME.option_table.default(), seats, random.Random(1), None)
    assert sorted(GAME.all_cards(state)) == sorted(set(GAME.all_cards(state)))
    assert len(GAME.all_cards(state)) == cards
    assert [len(h) for h in state.hands] == [each] * seats
    in_play = {PAIRS[card] for card in GAME.all_cards(state)}
    if seats == 3:
        assert not any(10 in pair for pair in in_play)
    if seats in (2, 4):
        assert (9, 10) not in in_play
    if seats == 2:
        assert len(state.aside) == 22


def test_the_shuffle_randomises_orientation() -> None:
    state = GAME.new_state(GAME.option_table.default(), 5, random.Random(3), None)
    orientations = {code & 1 for h in state.hands for code in h}
    assert orientations == {0, 1}


def test_each_player_keeps_or_turns_the_whole_hand_once_then_the_start_player_plays() -> None:
    match = Match(GAME, seed=2, seats=3, first_seat=1)
    assert match.current_seat == 1 and legal_texts(match) == ["keep", "turn"]
    before = list(match.state.hands[1])
    play(match, "turn")
    assert match.state.hands[1] == tuple(code ^ 1 for code in reversed(before))
    play(match, "keep", "keep")
    assert match.state.phase == 1 and match.current_seat == 1
    assert "turn" not in legal_texts(match)


def test_show_single_sets_and_runs_of_adjacent_cards() -> None:
    match = match_from(position([["3/1", "4/2", "5/1", "5/2", "9/1"], ["2/7"], ["6/7"]]))
    legal = legal_texts(match)
    for text in ("show 1", "show 1-2", "show 1-3", "show 3-4", "show 5"):
        assert text in legal
    # 5 5 is a set; 3 4 5 a run; 5 9 and 4 5 5 are neither.
    assert "show 4-5" not in legal and "show 2-4" not in legal
    with pytest.raises(IllegalActionError, match="neither one number nor a run"):
        match.play("show 4-5")


def test_runs_go_down_as_well_as_up() -> None:
    match = match_from(position([["7/1", "6/1", "5/2"], ["2/8"]]))
    assert "show 1-3" in legal_texts(match)


def test_a_stronger_show_captures_the_active_set() -> None:
    data = position([["6/1", "6/2", "9/1"], ["2/7"], ["8/2"]], active=["3/1", "4/2"], owner=3, turn_seat=1)
    match = match_from(data)
    legal = legal_texts(match)
    # A pair (set) beats a run of two; single cards do not beat two cards.
    assert "show 1-2" in legal and "show 1" not in legal and "show 3" not in legal
    play(match, "show 1-2")
    assert [len(cards) for cards in match.state.captured] == [2, 0, 0]
    assert match.view(2).active == match.state.active and match.state.owner == 0


@pytest.mark.parametrize(
    ("active", "shown", "beats"),
    [
        (["5/1", "6/1"], ["2/1", "2/3"], True),  # a set beats a run of the same size
        (["2/1", "2/3"], ["5/1", "6/1"], False),
        (["5/1", "6/1"], ["7/2", "8/2"], True),  # a higher run beats a lower one
        (["5/1", "6/1"], ["6/2", "5/2"], False),  # equal cannot be played
        (["9/1"], ["2/7", "3/7"], True),  # more cards beat fewer
        (["4/1", "4/2"], ["3/9", "3/8"], False),  # lower set loses
        (["4/1", "4/2"], ["5/9", "5/8"], True),  # higher set beats
        (["4/1", "4/2"], ["4/9", "4/8"], False),  # equal sets cannot be played
        (["2/1", "2/3"], ["8/5", "9/5"], False),  # a run loses to a set of its size, however high
        (["6/1", "7/1"], ["5/2", "6/2"], False),  # at equal size and kind the lower number loses
        (["7/1"], ["7/2"], False),  # an equal single card cannot be played
        (["7/1", "8/1", "9/1"], ["9/2", "8/2", "7/2"], False),  # nor an equal run, however ordered
    ],
)
def test_strength_order(active: list[str], shown: list[str], beats: bool) -> None:
    data = position([shown, ["10/1"]], active=active, owner=2)
    match = match_from(data)
    assert (f"show 1-{len(shown)}" in legal_texts(match)) == beats
    if not beats and len(shown) > 1:
        with pytest.raises(IllegalActionError, match="does not beat the active set"):
            match_from(data).play(f"show 1-{len(shown)}")


def test_scout_and_show_is_not_offered_where_only_an_equal_show_would_follow() -> None:
    # Taking the 4 of the run 4 5 6 leaves 5 6, a run of two from 5; the hand's 6 5 is its equal,
    # which cannot be played: only the 4 put after the 5 (6 5 4) makes a Show that beats.
    data = position([["6/2", "5/3", "1/8"], ["2/7"], ["7/9"]], active=["4/9", "5/9", "6/1"], owner=2)
    match = match_from(data)
    assert [text for text in legal_texts(match) if text.startswith("scoutshow left")] == [
        "scoutshow left at 3"
    ]
    with pytest.raises(IllegalActionError, match="no Show could follow this scout"):
        match.play("scoutshow left at 1")
    # Taking the 6 leaves 4 5, which the hand's 6 5 beats, unless the card splits them as a 1 (turned).
    right = [text for text in legal_texts(match) if text.startswith("scoutshow right")]
    assert len(right) == 7 and "scoutshow right turned at 2" not in right
    play(match, "scoutshow left at 3")
    assert legal_texts(match) == ["show 1-3"]


def test_scout_and_show_a_set_beats_the_run_left_at_equal_size_whatever_its_numbers() -> None:
    # Taking the 3 of the run 3 4 5 leaves 4 5; the 3 beside the hand's 3 makes a pair of 3s, which beats it.
    data = position([["3/1", "9/6"], ["2/7"], ["7/6"]], active=["3/8", "4/8", "5/8"], owner=2)
    legal = legal_texts(match_from(data))
    assert {"scoutshow left at 1", "scoutshow left at 2"} <= set(legal)
    # Turned, the 3 shows 8: the run 8 9 beats 4 5 (higher at equal size and kind) only beside the 9.
    assert "scoutshow left turned at 2" in legal and "scoutshow left turned at 1" not in legal


def test_scout_takes_either_end_in_either_orientation_to_any_place_and_pays_the_owner() -> None:
    data = position([["9/1", "8/1"], ["2/7"], ["6/7"]], active=["3/1", "4/2"], owner=2)
    match = match_from(data)
    legal = legal_texts(match)
    assert {"scout left at 1", "scout left at 3", "scout right turned at 2"} <= set(legal)
    assert "scout left at 4" not in legal
    play(match, "scout right turned at 2")
    assert hand(match, 0) == ["9/1", "2/4", "8/1"]
    assert match.state.active == (match.state.active[0],) and match.state.tokens == (0, 1, 0)
    # Others know which card was taken, not where it went or which way up.
    assert match.view(2).known_in_hand[0] == (PAIRS.index((2, 4)),)
    assert "2/4" not in str(match.view(2).to_json()["hand"])
    assert any("scouts 4/2 from the right end" in line for line in match.view(2).to_json()["log"])
    assert not any("position" in line for line in match.view(2).to_json()["log"])


def test_a_one_card_set_is_scouted_from_the_left_only() -> None:
    data = position([["9/1"], ["2/7"]], active=["3/1"], owner=2)
    legal = legal_texts(match_from(data))
    assert not any("right" in text for text in legal)
    with pytest.raises(IllegalActionError, match="scout it from the left"):
        match_from(data).play("scout right at 1")


def test_scout_and_show_once_a_round_and_only_where_a_show_follows() -> None:
    data = position([["5/1", "3/1"], ["2/7"], ["6/9"]], active=["8/2", "7/3"], owner=2)
    match = match_from(data)
    legal = legal_texts(match)
    # Taking the 8 leaves a 7, which the 8 beats wherever it goes.
    assert "scoutshow left at 2" in legal
    # Taking the 7 leaves the 8: as a 7 nothing beats it; turned to 3 it pairs with the other 3.
    assert "scoutshow right at 1" not in legal
    assert "scoutshow right turned at 3" in legal
    assert "scoutshow left turned at 1" not in legal
    play(match, "scoutshow right turned at 3")
    assert match.state.chips[0] is False
    assert legal_texts(match) == ["show 2-3"]
    with pytest.raises(IllegalActionError, match="after a Scout & Show you must Show"):
        match.play("scout left at 1")
    play(match, "show 2-3")
    assert match.current_seat == 1 and match.state.captured[0]
    # The chip is spent for the round.
    match = match_from({**data, "chips": [False, True, True]})
    assert not any(text.startswith("scoutshow") for text in legal_texts(match))
    with pytest.raises(IllegalActionError, match="used your Scout & Show chip"):
        match.play("scoutshow left at 2")


def test_emptying_a_hand_ends_the_round_and_scores_it() -> None:
    data = position(
        [["9/1"], ["2/7", "3/7"], ["6/7"]],
        active=["4/1"],
        owner=2,
        captured=[["1/5"], [], []],
        tokens=[1, 2, 0],
    )
    match = match_from(data)
    play(match, "show 1")
    # +1 per captured card (1/5 and 4/1), +1 per token, -1 per card in hand.
    assert match.state.round_scores == ((3, 0, -1),)
    assert match.state.round == 1 and match.state.phase == 0


def test_after_a_show_everyone_else_scouting_ends_the_round_and_spares_the_shower() -> None:
    data = position([["9/1", "3/2"], ["2/7", "4/7"], ["6/7", "5/1"]], active=["8/2"], owner=1, turn_seat=3)
    match = match_from(data)
    play(match, "scout left at 1")
    # The set is empty now: the next player may show anything, and must.
    assert match.current_seat == 0
    assert legal_texts(match) and all(text.startswith("show") for text in legal_texts(match))
    data = position(
        [["9/1", "3/2"], ["2/7", "4/7"], ["6/7", "5/1"]], active=["8/2", "8/3"], owner=1, turn_seat=2
    )
    match = match_from(data)
    play(match, "scout left at 1", "scout left at 1")
    # Seat 1 showed last: its two cards in hand cost nothing, and it holds the two tokens.
    assert match.state.round_scores[0] == (2, -3, -3)


def test_rounds_pass_the_start_to_the_left_and_the_game_ends_after_as_many_as_players() -> None:
    match = Match(GAME, seed=5, seats=3, first_seat=2)
    starts = [match.state.start_seat]
    rng = random.Random(0)
    while not match.is_over:
        legal = match.legal_actions()
        round_before = match.state.round
        match.play(legal[rng.randrange(len(legal))])
        if match.state.round != round_before and not match.is_over:
            starts.append(match.state.start_seat)
    assert starts == [2, 0, 1]
    assert len(match.state.round_scores) == 3
    outcome = match.outcome
    assert outcome is not None
    totals = tuple(sum(points[seat] for points in match.state.round_scores) for seat in range(3))
    assert outcome.scores == tuple(float(total) for total in totals)
    assert outcome.winners == tuple(seat for seat in range(3) if totals[seat] == max(totals))


def test_ties_share_the_win() -> None:
    # Two players, the last round: 3 + 1 against 6 - 2.
    data = position([["9/1"], ["2/7", "3/7"]], active=["4/1"], owner=2, round=2, tokens=[0, 0], scores=[3, 6])
    match = match_from(data)
    play(match, "show 1")
    assert match.outcome is not None
    assert match.outcome.winners == (0, 1) and match.outcome.is_draw


def test_the_rounds_option() -> None:
    assert (
        Match(GAME, seed=1, seats=4, options=GAME.option_table.resolve(overrides={"rounds": 1})).state.rounds
        == 1
    )
    assert Match(GAME, seed=1, seats=4).state.rounds == 4

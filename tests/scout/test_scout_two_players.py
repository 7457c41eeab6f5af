"""Scout's 2-player mode (scout.md): tokens spent to scout, another turn, no chip, its round end."""

from __future__ import annotations

import pytest

from cardtable.core.errors import IllegalActionError, PositionError
from cardtable.core.match import Match
from cardtable.games.scout import GAME
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

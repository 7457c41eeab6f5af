"""dnup's turn limit (dnup.md, "Every game ends", a house rule): every round, and so every game, ends."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

import pytest

from cardtable.core.errors import OptionError, PositionError
from cardtable.core.match import MAX_BOT_ACTIONS, Match, bot_rngs
from cardtable.core.players import RandomBot
from cardtable.games.dnup import GAME, DnupRoundEnding, turn_limit_places
from cardtable.games.dnup.actions import Action, Add, Play
from cardtable.games.dnup.events import RoundEnded
from cardtable.games.dnup.view import DnupView
from cardtable.sim import tasks
from tests.dnup.helpers import match_from, play, position


def round_ends(match: Match) -> list[RoundEnded]:
    """The round ends the spectators' log holds, oldest first."""
    return [event for event in match.view(None).log if isinstance(event, RoundEnded)]


# -- the option -------------------------------------------------------------------------------------
def test_the_limit_is_60_turns_a_player_by_default_and_none_lifts_it() -> None:
    table = GAME.option_table
    assert table.default().turn_limit == 60
    assert table.parse_assignments(["turn_limit=none"]) == {"turn_limit": None}
    assert table.parse_assignments(["turn_limit=5"]) == {"turn_limit": 5}
    with pytest.raises(OptionError, match="option turn_limit: 0 is below 1"):
        table.parse_assignments(["turn_limit=0"])
    assert "House rule" in table.options["turn_limit"].description


# -- scenarios from positions -------------------------------------------------------------------------
def test_at_the_limit_the_fewest_cards_score_2_then_1_and_equal_hands_go_by_turn_order() -> None:
    # Three players, a limit of one turn each (3 turns); player 3 started the round, so the turn
    # order is 3, 1, 2: of the two hands of two cards, player 3's places first.
    data = position(
        [["2/1", "3/1", "4/1"], ["5/1", "6/1"], ["7/1", "8/1"]], start_seat=3, turn_seat=1, turns=2
    )
    match = match_from(data, turn_limit=1)
    play(match, "rotate")
    assert match.state.round_scores == ((0, 1, 2),)
    assert round_ends(match) == [
        RoundEnded(
            round=0,
            ending=DnupRoundEnding.TURN_LIMIT,
            out=(),
            by_hand_size=(2, 1),
            hand_sizes=(3, 2, 2),
            points=(0, 1, 2),
        )
    ]
    described = match.view(None).describe(round_ends(match)[0])
    assert described == (
        "Round 1 ends at the turn limit (Player 1 holds 3 cards, Player 2 holds 2, Player 3 holds 2): "
        "Player 2 +1, Player 3 +2"
    )
    # The next round starts with its own count.
    assert match.state.round == 1 and match.state.turns == 0


def test_one_turn_before_the_limit_the_round_goes_on() -> None:
    data = position([["2/1", "3/1", "4/1"], ["5/1", "6/1"], ["7/1", "8/1"]], turn_seat=1, turns=1)
    match = match_from(data, turn_limit=1)
    play(match, "rotate")
    assert match.state.round == 0 and match.state.turns == 2 and match.current_seat == 1
    assert round_ends(match) == []


def test_a_player_already_out_keeps_first_place_and_the_fewest_cards_take_second() -> None:
    data = position([[], ["5/1", "6/1", "9/1"], ["7/1", "8/1"]], out=[1], turn_seat=2, turns=5)
    match = match_from(data, turn_limit=2)
    play(match, "rotate")
    end = round_ends(match)[0]
    assert (end.ending, end.out, end.by_hand_size) == (DnupRoundEnding.TURN_LIMIT, (0,), (2,))
    assert match.state.round_scores == ((2, 0, 1),)


def test_going_out_on_the_last_turn_counts_before_the_limit_places_the_rest() -> None:
    data = position([["2/1"], ["5/1", "6/1", "9/1"], ["7/1", "8/1"]], turns=5)
    match = match_from(data, turn_limit=2)
    play(match, "play 2/1")
    end = round_ends(match)[0]
    assert (end.ending, end.out, end.by_hand_size, end.points) == (
        DnupRoundEnding.TURN_LIMIT,
        (0,),
        (2,),
        (2, 0, 1),
    )


@pytest.mark.parametrize(
    ("hands", "round_end", "points"),
    [
        ([["2/1", "3/1", "4/1"], ["5/1", "6/1"]], "second", (0, 2)),  # two players: one place, 2 points
        ([["2/1", "3/1"], ["5/1"], ["6/1", "8/1"]], "first", (0, 2, 0)),  # option round_end first
    ],
)
def test_only_the_places_the_round_awards_are_given(
    hands: list[list[str]], round_end: str, points: tuple[int, ...]
) -> None:
    seats = len(hands)
    match = match_from(position(hands, turns=seats - 1), turn_limit=1, round_end=round_end)
    play(match, "rotate")
    assert match.state.round_scores == (points,)


def test_the_turn_limit_can_end_the_game_and_the_player_placed_first_wins_a_tie() -> None:
    # Players 1 and 2 reach 4 together: player 2, holding fewer cards, scored the 2 (dnup.md).
    data = position([["2/1", "3/1"], ["5/1"], ["7/1", "8/1", "9/1"]], scores=[3, 2, 0], turns=2)
    match = match_from(data, turn_limit=1)
    play(match, "rotate")
    assert match.state.scores == (4, 4, 0)
    assert match.outcome is not None and match.outcome.winners == (1,)


def test_without_the_limit_a_round_goes_on_past_any_count() -> None:
    data = position([["2/1", "3/1", "4/1"], ["5/1", "6/1"], ["7/1", "8/1"]], turns=5000)
    match = match_from(data, turn_limit=None)
    play(match, "rotate")
    assert match.state.round == 0 and match.state.turns == 5001


# -- positions and views ---------------------------------------------------------------------------------
def test_a_position_records_the_turn_count_so_the_limit_survives_a_round_trip() -> None:
    options = GAME.option_table.resolve(overrides={"turn_limit": 2})
    match = Match(GAME, seed=3, seats=3, options=options)
    play(match, "rotate", "rotate", "rotate", "rotate")
    written = GAME.position_of(match.state)
    assert written["turns"] == 4
    again = Match(GAME, seed=3, position=written)
    assert again.state.turns == 4
    play(again, "rotate")
    assert again.state.round == 0
    play(again, "rotate")
    # The sixth turn of the round (2 a player) ends it, as it would have in the match written.
    assert again.state.round == 1 and round_ends(again)[0].ending is DnupRoundEnding.TURN_LIMIT


def test_a_position_at_or_past_the_limit_is_refused_naming_the_limit() -> None:
    data = position([["2/1", "3/1"], ["5/1", "6/1"], ["7/1", "8/1"]], turns=180)
    reason = "position turns: 180 turns: with 3 players option turn_limit 60 ends the round after 180"
    with pytest.raises(PositionError, match=reason):
        match_from(data)
    assert match_from({**data, "turns": 179}).state.turns == 179
    with pytest.raises(PositionError, match="position turns: -1 is below 0"):
        match_from({**data, "turns": -1})


def test_a_seat_with_an_empty_hand_must_be_listed_as_out() -> None:
    reason = "position out: seat 2 has emptied its hand: it is out, so list it"
    with pytest.raises(PositionError, match=reason):
        match_from(position([["2/1", "3/1"], [], ["7/1", "8/1"]]))


def test_every_seat_sees_the_turn_count() -> None:
    match = match_from(position([["2/1", "3/1"], ["5/1", "6/1"], ["7/1"]], turns=17))
    play(match, "rotate")
    for seat in (0, 1, 2, None):
        assert match.view(seat).turns == 18 and match.view(seat).to_json()["turns"] == 18


# -- the study function -------------------------------------------------------------------------------------
def test_turn_limit_places_ranks_the_players_still_in_by_hand_size_then_turn_order() -> None:
    assert turn_limit_places([], [3, 2, 2], start_seat=0, places=2) == (1, 2)
    assert turn_limit_places([], [3, 2, 2], start_seat=2, places=2) == (2, 1)
    assert turn_limit_places([], [1, 4, 2, 1], start_seat=1, places=2) == (3, 0)
    assert turn_limit_places([1], [3, 0, 2], start_seat=0, places=2) == (2,)
    assert turn_limit_places([], [5, 4], start_seat=0, places=1) == (1,)


@pytest.mark.parametrize(
    ("arguments", "reason"),
    [
        (([], [3, -1], 0, 1), r"hand sizes \[3, -1\] should be counts"),
        (([], [3, 2], 2, 1), "start seat 2 is not a seat"),
        (([], [3, 2], 0, 0), "0 places is not a number of places"),
        (([1, 1], [3, 0], 0, 2), r"\[1, 1\] should list different seats"),
        (([0], [3, 2], 0, 2), r"seats out \[0\] and hand sizes \[3, 2\] disagree"),
        (([], [3, 0], 0, 2), "exactly the seats out hold no cards"),
    ],
)
def test_impossible_turn_limit_facts_are_refused(arguments: tuple[object, ...], reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        turn_limit_places(*arguments)  # type: ignore[arg-type]


# -- every game ends by the rules, so that no runner needs its guard -------------------------------------
class StallingBot:
    """Rotates its hand or takes cards back, at random, whenever it may: it never sheds a card.

    Only the turn limit can end a round between such players.
    """

    name = "stalling"

    def choose(self, view: DnupView, legal: Sequence[Action], rng: random.Random) -> Action:
        """A random legal action that keeps every card in hand (rotating always is one)."""
        stalling = [action for action in legal if not isinstance(action, (Play, Add))]
        return stalling[rng.randrange(len(stalling))]


def most_actions(seats: int, turn_limit: int, target: int = 4) -> int:
    """The most actions a game can take under the turn limit.

    Every round gives someone 2 points and the game ends once someone has
    `target`, so at most seats * (target - 1) // 2 + 1 rounds are played, each
    of at most `turn_limit` turns a player.
    """
    rounds = seats * (target - 1) // 2 + 1
    return rounds * turn_limit * seats


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_games_between_random_bots_end_by_the_rules_within_the_bound_the_limit_sets(seats: int) -> None:
    bound = most_actions(seats, 60)
    assert bound < MAX_BOT_ACTIONS // 10
    for seed in range(40):
        match = Match(GAME, seed=seed, seats=seats)
        # play_bots raises RuntimeError if the game has not ended after `bound` actions.
        bots = {seat: RandomBot() for seat in range(seats)}
        match.play_bots(bots, bot_rngs(seed, seats), max_actions=bound)
        assert match.is_over and len(match.moves) <= bound


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_players_who_never_shed_a_card_are_stopped_by_the_limit_and_only_by_it(seats: int) -> None:
    options = GAME.option_table.resolve(overrides={"turn_limit": 4})
    bots = {seat: StallingBot() for seat in range(seats)}
    for seed in range(10):
        match = Match(GAME, seed=seed, seats=seats, options=options)
        match.play_bots(bots, bot_rngs(seed, seats), max_actions=most_actions(seats, 4))
        ends = round_ends(match)
        assert match.is_over and {end.ending for end in ends} == {DnupRoundEnding.TURN_LIMIT}
        assert len(match.moves) == len(ends) * 4 * seats
    # Without the limit nothing ends their first round: only a runner's guard would stop them.
    endless = GAME.option_table.resolve(overrides={"turn_limit": None})
    match = Match(GAME, seed=0, seats=seats, options=endless)
    with pytest.raises(RuntimeError, match="the bots took 2000 actions without the game ending"):
        match.play_bots(bots, bot_rngs(0, seats), max_actions=2000)
    assert match.state.round == 0


def test_the_runner_keeps_its_guard_for_a_game_set_to_go_on_for_ever(monkeypatch: pytest.MonkeyPatch) -> None:
    # Stalling players under the runner: with the limit the game ends; without it, the guard stops it.
    monkeypatch.setattr(tasks, "make_bot", lambda spec, game: StallingBot())
    monkeypatch.setattr(tasks, "MAX_BOT_ACTIONS", 3000)
    table = GAME.option_table
    limited = table.to_dict(table.resolve(overrides={"turn_limit": 4}))
    task = tasks.GameTask("dnup", limited, ("stalling",) * 3, seating=(0, 1, 2), seed=5, index=0)
    record = tasks.play_game(task)
    assert record.length <= most_actions(3, 4) and record.ending == "target"
    endless = table.to_dict(table.resolve(overrides={"turn_limit": None}))
    with pytest.raises(RuntimeError, match="dnup seed 5: the bots took 3000 actions without the game ending"):
        tasks.play_game(dataclasses.replace(task, options=endless))

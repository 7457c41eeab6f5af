"""Scenario tests of the end of a turn and of the game: hand limit, DRUMP, last turn, deck out."""

from __future__ import annotations

import pytest

from cardtable.core.errors import GameOverError
from tests.drump.helpers import legal_texts, match_from, names, play, position


# -- hand limit -----------------------------------------------------------------------
def test_more_than_five_cards_at_the_end_of_a_turn_are_discarded_turn_player_first() -> None:
    hand0 = ["2s", "3s", "4s", "5s", "6s", "7s", "8s"]
    hand1 = ["2h", "3h", "4h", "5h", "6h", "7h"]
    match = match_from(position(hands=(hand0, hand1), deck_top=["9d"]))
    play(match, "end")
    assert match.current_seat == 0
    assert legal_texts(match) == [f"discard {card}" for card in hand0]
    play(match, "discard 2s", "discard 3s")
    assert match.current_seat == 1
    play(match, "discard 7h")
    # Then the next turn begins with its draw.
    assert match.state.turn_seat == 1
    assert names(match.state.hands[1]) == ["2h", "3h", "4h", "5h", "6h", "9d"]
    assert names(match.state.pile) == ["2s", "3s", "7h"]


def test_hand_limit_option() -> None:
    hand = ["2s", "3s", "4s", "5s", "6s", "7s"]
    match = match_from(position(hands=(hand, [])), hand_limit=6)
    play(match, "end")
    assert match.state.turn_seat == 1


# -- DRUMP and the last turn ---------------------------------------------------------------
PARTS = ("head", "wings", "body", "tail")
PAYS = {"X": ["4h", "6h"], "J": ["5h", "6h"], "Q": ["3h", "9h"], "K": ["9h", "4h"]}


def zones_of(cards: list[str]) -> dict[str, str]:
    """Parts placed by suit (s head, h wings, d body, c tail)."""
    return {PARTS["shdc".index(card[1])]: card for card in cards}


def drump_position(seat: int, first: int, other_zones: list[str] | None = None, **extra: object) -> dict:
    """Seat `seat` holds three Chimera parts and can summon the fourth (Xc) from its slot 1."""
    zones = [zones_of(["Xs", "Xh", "Xd"]), zones_of(other_zones or [])]
    if seat == 2:
        zones.reverse()
    hands: tuple[list[str], list[str]] = (["Xc"], []) if seat == 1 else ([], ["Xc"])
    return position(
        hands=hands,
        zones=(zones[0], zones[1]),
        stacks={(seat, 1): ["4s", "6s"]},
        first_seat=first,
        turn={"seat": seat},
        **extra,  # type: ignore[arg-type]
    )


def test_the_first_players_drump_gives_the_second_one_last_turn() -> None:
    match = match_from(drump_position(seat=1, first=1))
    play(match, "summon Xc from 1")
    assert not match.is_over
    assert match.state.last_turn == 1
    # The turn goes on (a Burst is still allowed) until its player ends it.
    assert match.current_seat == 0
    play(match, "end", "end")
    assert match.outcome is not None
    assert match.outcome.winners == (0,)
    assert "last turn" in match.outcome.reason


def test_the_second_players_drump_ends_the_game_at_once() -> None:
    match = match_from(drump_position(seat=2, first=1))
    play(match, "summon Xc from 1")
    assert match.outcome is not None
    assert match.outcome.winners == (1,)
    with pytest.raises(GameOverError, match="the game is over"):
        match.play("end")


def test_a_drump_in_the_last_turn_is_compared_at_once() -> None:
    data = position(
        hands=(["Xc"], ["Kc"]),
        zones=(zones_of(["Xs", "Xh", "Xd"]), zones_of(["Ks", "Kh", "Kd"])),
        stacks={(1, 1): ["4s", "6s"], (2, 1): ["9c", "4c"]},
    )
    match = match_from(data)
    play(match, "summon Xc from 1", "end", "summon Kc from 1")
    assert match.outcome is not None
    assert match.outcome.winners == (1,)
    assert "Dragon" in match.outcome.reason


@pytest.mark.parametrize(
    ("first_parts", "second_parts", "winners", "preset"),
    [
        # One creature beats a mixed set, however many points.
        (["Xs", "Xh", "Xd", "Xc"], ["Ks", "Kh", "Kd", "Qc"], (0,), None),
        # A higher creature beats a lower one.
        (["Qs", "Qh", "Qd", "Qc"], ["Ks", "Kh", "Kd", "Kc"], (1,), None),
        # Mixed sets compare points, J scoring 5: 10+5+12+13 = 40 against 10+10+12+12 = 44.
        (["Xs", "Jh", "Qd", "Kc"], ["Qs", "Xh", "Xd", "Qc"], (1,), None),
        # Under PT the J scores 11: 46 against 44.
        (["Xs", "Jh", "Qd", "Kc"], ["Qs", "Xh", "Xd", "Qc"], (0,), "pt"),
        # Equal points: a draw.
        (["Xs", "Jh", "Qd", "Kc"], ["Ks", "Jd", "Qh", "Xc"], (0, 1), None),
    ],
)
def test_two_drumps_compare_creatures_then_points(
    first_parts: list[str], second_parts: list[str], winners: tuple[int, ...], preset: str | None
) -> None:
    # The second player completes DRUMP with its tail in the last turn.
    last = second_parts[-1]
    data = position(
        hands=([], [last]),
        zones=(zones_of(first_parts), zones_of(second_parts[:-1])),
        stacks={(2, 1): PAYS[last[0]]},
        turn={"seat": 2},
        last_turn=2,
    )
    match = match_from(data, preset=preset)
    play(match, f"summon {last} from 1")
    assert match.outcome is not None
    assert match.outcome.winners == winners


def test_extra_turn_if_three_only_when_the_opponent_holds_three_parts() -> None:
    # PT: even the first player's DRUMP ends the game when the opponent has two parts.
    match = match_from(drump_position(seat=1, first=1, other_zones=["Ks", "Kh"]), extra_turn_if_three=True)
    play(match, "summon Xc from 1")
    assert match.outcome is not None and match.outcome.winners == (0,)
    # With three parts the opponent gets one more turn, even after the second player's DRUMP.
    match = match_from(drump_position(seat=2, first=1, other_zones=["Ks", "Kh", "Kd"]), preset="pt")
    play(match, "summon Xc from 1")
    assert not match.is_over
    assert match.state.last_turn == 0


# -- deck out -----------------------------------------------------------------------------
def test_deck_out_at_the_turn_draw_compares_points_on_the_field() -> None:
    data = position(zones=({"head": "Ks"}, {"head": "Qs", "wings": "Jh"}), deck_size=0)
    match = match_from(data)
    play(match, "end")
    assert match.outcome is not None
    # 13 against 12 + 5.
    assert match.outcome.winners == (1,)
    assert match.outcome.scores == (13.0, 17.0)
    assert "deck ran out" in match.outcome.reason


def test_deck_out_with_equal_points_is_a_draw() -> None:
    data = position(zones=({"head": "Ks"}, {"wings": "Kh"}), deck_size=0)
    match = match_from(data)
    play(match, "end")
    assert match.outcome is not None and match.outcome.is_draw


def test_deck_out_on_the_burst_winners_draw() -> None:
    data = position(hands=(["8c"], []), stacks={(2, 1): ["9s"]}, zones=({"head": "Ks"}, {}), deck_size=0)
    match = match_from(data)
    play(match, "burst 8c on 1", "pass")
    assert match.outcome is not None and match.outcome.winners == (0,)


# A deck out during the last turn after a DRUMP: see test_variants.py (points, or deck_out_keeps_drump).

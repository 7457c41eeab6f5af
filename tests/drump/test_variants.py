"""The readings where the seeds differ, each under every preset (drump.md, "Decisions after the first build").

Extra Jacks a turn, VI's hand limit, EN's optional draw after winning an
exchange, and a deck out during the last turn.
"""

from __future__ import annotations

import random

import pytest

from cardtable.core.errors import IllegalActionError, OptionError, PositionError
from cardtable.core.match import Match
from cardtable.games.drump import GAME
from cardtable.games.drump.events import DrawDeclined
from cardtable.games.drump.options import OPTION_TABLE
from tests.drump.helpers import legal_texts, match_from, names, play, position

PRESETS = [None, "pt", "vi", "en"]


# -- Extra Jack: once a turn (default, EN); no limit in PT and VI -------------------------------
JACKS = position(hands=(["Js", "Jh", "Jd", "As", "Ah", "Ad"], []))


@pytest.mark.parametrize(("preset", "jacks"), [(None, 1), ("pt", 3), ("vi", 3), ("en", 1)])
def test_extra_jacks_a_turn_under_each_preset(preset: str | None, jacks: int) -> None:
    match = match_from(JACKS, preset=preset)
    made = 0
    for jack, ace in (("Js", "As"), ("Jh", "Ah"), ("Jd", "Ad")):
        if f"extra {jack} with {ace}" not in legal_texts(match):
            break
        play(match, f"extra {jack} with {ace}")
        made += 1
    assert made == jacks
    assert match.state.extra_jacks == jacks
    assert match.view(1).extra_jacks == jacks and match.view(1).extra_jack_used
    assert GAME.position_of(match.state)["turn"]["extra_jacks"] == jacks


def test_the_extra_jack_limit_is_refused_with_the_count() -> None:
    match = match_from(JACKS, extra_jack_limit=2)
    play(match, "extra Js with As", "extra Jh with Ah")
    with pytest.raises(IllegalActionError, match="already made 2 Extra Jacks this turn, the limit"):
        match.play("extra Jd with Ad")
    match = match_from(JACKS, extra_jack_limit=0)
    assert not any(text.startswith("extra") for text in legal_texts(match))
    with pytest.raises(IllegalActionError, match="these rules allow no Extra Jack"):
        match.play("extra Js with As")


def test_extra_jacks_are_counted_afresh_each_turn() -> None:
    match = match_from(position(hands=(["Js", "As", "Jh", "Ah"], ["2c"])))
    play(match, "extra Js with As", "end", "end")
    assert match.state.extra_jacks == 0
    assert "extra Jh with Ah" in legal_texts(match)


def test_a_position_counts_the_extra_jacks_within_the_limit() -> None:
    data = position(hands=(["Js", "As"], []), turn={"extra_jacks": 1})
    assert "extra Js with As" not in legal_texts(match_from(data))
    assert "extra Js with As" in legal_texts(match_from(data, preset="pt"))
    data = position(hands=(["Js", "As"], []), turn={"extra_jacks": 2})
    with pytest.raises(PositionError, match=r"turn\.extra_jacks: 2 is outside 0\.\.1"):
        match_from(data)


# -- the hand limit: 6 or more down to 5; VI, 'more than 6' -------------------------------------
SIX = ["2s", "3s", "4s", "5s", "6s", "7s"]
SEVEN = [*SIX, "8s"]


@pytest.mark.parametrize(("preset", "discards"), [(None, True), ("pt", True), ("vi", False), ("en", True)])
def test_six_cards_at_the_end_of_a_turn(preset: str | None, discards: bool) -> None:
    match = match_from(position(hands=(SIX, [])), preset=preset)
    play(match, "end")
    if discards:
        assert match.view(0).phase == "discard"
        play(match, "discard 2s")
    assert match.state.turn_seat == 1
    assert len(match.state.hands[0]) == (5 if discards else 6)


@pytest.mark.parametrize("preset", PRESETS)
def test_seven_cards_are_discarded_down_to_five_under_every_preset(preset: str | None) -> None:
    match = match_from(position(hands=(SEVEN, [])), preset=preset)
    play(match, "end", "discard 2s")
    # Six left: still over the limit of 5, even under VI, where six would not start a discard.
    assert match.view(0).phase == "discard"
    play(match, "discard 3s")
    assert names(match.state.hands[0]) == ["4s", "5s", "6s", "7s", "8s"]
    assert match.state.turn_seat == 1


def test_under_vi_each_hand_is_judged_on_its_own() -> None:
    # The turn player discards from 7 to 5; the other, holding 6, keeps them.
    match = match_from(position(hands=(SEVEN, ["2h", "3h", "4h", "5h", "6h", "7h"])), preset="vi")
    play(match, "end", "discard 2s", "discard 3s")
    assert match.state.turn_seat == 1 and len(match.state.hands[1]) == 7


def test_a_position_may_stand_mid_discard_under_vi() -> None:
    data = position(hands=(SIX, []), phase="discard", discarding=1, turn={"seat": 1})
    match = match_from(data, preset="vi")
    assert legal_texts(match) == [f"discard {card}" for card in SIX]
    play(match, "discard 7s")
    assert match.state.turn_seat == 1


# -- the draw after winning an exchange: always, or the winner's choice (EN) -------------------
def won_burst(preset: str | None, **options: object) -> Match:
    """Seat 1's 8c takes seat 2's 9s, unblocked."""
    data = position(hands=(["8c"], ["2d"]), stacks={(2, 1): ["9s"]}, deck_top=["7d"])
    match = match_from(data, preset=preset, **options)
    # Under PT the defender receives before the sum; elsewhere the sum comes first and it passes.
    play(match, "burst 8c on 1", "receive" if preset == "pt" else "pass")
    return match


@pytest.mark.parametrize(("preset", "optional"), [(None, False), ("pt", False), ("vi", False), ("en", True)])
def test_the_winners_draw_under_each_preset(preset: str | None, optional: bool) -> None:
    match = won_burst(preset)
    if optional:
        assert match.current_seat == 0 and match.view(0).phase == "draw"
        assert match.view(1).drawing == 0
        assert legal_texts(match) == ["draw", "decline"]
        play(match, "draw")
    assert names(match.state.hands[0]) == ["7d"]
    assert match.view(0).phase == "main"


def test_the_draw_choice_refuses_other_actions_with_the_rule() -> None:
    match = won_burst("en")
    with pytest.raises(IllegalActionError, match="seat 1 won the exchange and must draw or decline"):
        match.play("end")
    play(match, "draw")
    with pytest.raises(IllegalActionError, match="no exchange or discard is under way"):
        match.play("decline")


def test_a_declined_draw_leaves_the_deck_and_is_logged() -> None:
    match = won_burst("en")
    play(match, "decline")
    assert match.state.hands[0] == ()
    assert names(match.state.deck[:1]) == ["7d"]
    assert match.view(1).log[-1] == DrawDeclined(0)
    assert match.view(1).describe(DrawDeclined(0)) == "Player 1 declines to draw"


def test_the_defender_who_wins_chooses_too() -> None:
    data = position(hands=(["6c"], ["7d"]), stacks={(2, 1): ["9s"]}, deck_top=["3d"])
    match = match_from(data, preset="en")
    play(match, "burst 6c on 1", "block 7d", "pass")
    assert match.current_seat == 1 and legal_texts(match) == ["draw", "decline"]
    play(match, "draw")
    assert names(match.state.hands[1]) == ["3d"]
    assert match.current_seat == 0 and match.view(0).phase == "main"


def test_an_optional_draw_from_an_empty_deck_is_not_made_and_the_game_goes_on() -> None:
    data = position(hands=(["8c"], []), stacks={(2, 1): ["9s"]}, deck_size=0)
    match = match_from(data, preset="en")
    play(match, "burst 8c on 1", "pass")
    assert not match.is_over
    assert match.view(0).phase == "main" and legal_texts(match) == ["end"]
    # Under the default rules the draw is due: the empty deck ends the game.
    match = match_from(data)
    play(match, "burst 8c on 1", "pass")
    assert match.is_over


def test_the_optional_draw_before_the_sum_comes_before_the_stack_is_revealed() -> None:
    # PT's block before the sum with EN's optional draw: the attacker who beat the block decides,
    # the stack still hidden, and the sum follows.
    data = position(hands=(["6c", "9h"], ["7d"]), stacks={(2, 1): ["5s", "4h down"]}, deck_top=["2d", "3d"])
    match = match_from(data, preset="pt", draw_after_win="optional")
    play(match, "burst 6c on 1", "block 7d", "counter 9h", "pass")
    assert match.view(0).phase == "draw" and match.view(0).stacks[1][0][1] == (None, False)
    written = GAME.position_of(match.state)
    assert written["phase"] == "draw" and written["exchange"]["revealed"] is False
    again = match_from(written)
    play(again, "decline")
    play(match, "decline")
    # 6 + 9 = 15: the attack takes the stack, and the attacker chooses again.
    for each in (match, again):
        assert each.view(0).phase == "draw" and each.state.stacks[1][0] == ()
        assert names(each.state.pile) == ["7d", "9h", "5s", "4h", "6c"]


@pytest.mark.parametrize(
    ("change", "preset", "message"),
    [
        ({"phase": "draw", "drawing": 1}, None, "the draw phase is played under the option draw_after_win"),
        ({"phase": "draw"}, "en", "drawing: null is not a seat"),
        ({"drawing": 1}, "en", "only the draw phase has a drawing seat"),
        ({"phase": "draw", "drawing": 1, "deck_size": 0}, "en", "the deck is empty: no draw to choose"),
    ],
)
def test_impossible_draw_positions_are_refused(change: dict, preset: str | None, message: str) -> None:
    change = dict(change)  # the parameter is shared by every run of the test: leave it whole
    data = position(hands=(["2s"], []), deck_size=change.pop("deck_size", None), **change)
    with pytest.raises(PositionError, match=message):
        match_from(data, preset=preset)


def test_a_position_in_the_draw_phase_plays_on_and_the_bot_draws() -> None:
    data = position(hands=(["2s"], ["3s"]), phase="draw", drawing=2, deck_top=["Kd"])
    match = match_from(data, preset="en")
    assert match.current_seat == 1
    bot = GAME.bots["heuristic"]()
    assert str(bot.choose(match.view(1), match.legal_actions(), random.Random(0))) == "draw"


def test_the_bot_declines_to_hasten_a_deck_out_it_would_lose() -> None:
    zones = ({"head": "Ks"}, {"head": "Qs"})
    data = position(hands=(["2s"], ["3s"]), zones=zones, phase="draw", drawing=2, deck_size=2)
    match = match_from(data, preset="en")
    bot = GAME.bots["heuristic"]()
    assert str(bot.choose(match.view(1), match.legal_actions(), random.Random(0))) == "decline"


def test_draw_after_win_takes_one_of_its_words() -> None:
    with pytest.raises(OptionError, match='"sometimes" is not one of "always", "optional"'):
        OPTION_TABLE.parse_assignments(["draw_after_win=sometimes"])
    assert OPTION_TABLE.parse_assignments(["draw_after_win=optional"]) == {"draw_after_win": "optional"}


# -- a deck out during the last turn: points, unless deck_out_keeps_drump -------------------------
def last_turn_deck_out(preset: str | None, **options: object) -> tuple[int, ...]:
    """Seat 1 completes a mixed DRUMP worth 35 (J scoring 5) against seat 2's three Kings, 39;
    seat 2's last turn then starts with a draw from the empty deck."""
    zones = ({"head": "Xs", "wings": "Jh", "body": "Xd"}, {"head": "Ks", "wings": "Kh", "body": "Kd"})
    data = position(hands=(["Xc"], []), zones=zones, stacks={(1, 1): ["4s", "6s"]}, deck_size=0)
    match = match_from(data, preset=preset, **options)
    play(match, "summon Xc from 1")
    assert match.state.last_turn == 1
    play(match, "end")
    assert match.outcome is not None and match.outcome.ending == "deck_out"
    return match.outcome.winners


@pytest.mark.parametrize("preset", [None, "vi", "en"])
def test_a_deck_out_in_the_last_turn_is_decided_on_points(preset: str | None) -> None:
    assert last_turn_deck_out(preset) == (1,)


def test_under_pt_the_jack_scores_11_and_the_drump_holder_wins_on_points() -> None:
    # 10 + 11 + 10 + 10 = 41 against 39; PT grants the last turn because seat 2 holds three parts.
    assert last_turn_deck_out("pt") == (0,)


@pytest.mark.parametrize("preset", PRESETS)
def test_deck_out_keeps_drump_gives_the_game_to_the_drump_holder(preset: str | None) -> None:
    assert last_turn_deck_out(preset, deck_out_keeps_drump=True) == (0,)

"""The coach of the guided first game shows every kind of move: each the first time it can.

Issue 27: the guide's coach (the heuristic bot) might never summon, block or
counter in a learner's game, so the guide's notes about them never came up.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.bots import make_bot
from cardtable.core.match import Match, bot_rngs
from cardtable.games.drump import GAME
from cardtable.games.drump.coach import SHOWN

GAMES = 40


def kinds_left_unshown(bot: str, seed: int) -> set[str]:
    """The kinds of move that were legal for the bot (seat 1) at some decision but that it never made."""
    match: Match[Any, Any, Any, Any] = Match(GAME, seed=seed)
    players = {0: make_bot(bot, GAME), 1: make_bot("random", GAME)}
    rngs = bot_rngs(seed, 2)
    legal_kinds: set[type] = set()
    made: set[type] = set()
    while not match.is_over:
        seat = match.current_seat
        assert seat is not None
        action = match.decide(players[seat], rngs[seat])
        if seat == 0:
            legal_kinds |= {type(each) for each in match.legal_actions()} & set(SHOWN)
            made.add(type(action))
        match.play(action, seat)
    return {kind.__name__ for kind in legal_kinds - made}


def test_the_coach_makes_each_kind_of_move_once_it_can() -> None:
    missed = {seed: kinds for seed in range(GAMES) if (kinds := kinds_left_unshown("coach", seed))}
    assert missed == {}


def test_the_heuristic_bot_is_no_coach() -> None:
    # The coach's test would catch a coach that plays as the heuristic bot does.
    assert any(kinds_left_unshown("heuristic", seed) for seed in range(GAMES))


@pytest.mark.parametrize("seed", range(5))
def test_the_coach_is_named_coach_and_plays_whole_games(seed: int) -> None:
    bot = make_bot("coach", GAME)
    assert bot.name == "coach"
    assert kinds_left_unshown("coach", seed) == set()

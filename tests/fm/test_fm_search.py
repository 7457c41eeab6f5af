"""What the duel offers tree search: the actions worth searching, all the legal ones but cancel."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

from cardtable.bots.ismcts import ISMCTSBot
from cardtable.games.fm import GAME
from cardtable.games.fm.actions import CANCEL
from cardtable.games.fm.evaluate import search_actions
from cardtable.games.fm.options import FmOptions
from cardtable.games.fm.state import PICKING, FmState


def random_states(seed: int, count: int) -> Iterator[FmState]:
    """States of random duels played at random, `count` of them, the duel's first turns skipped."""
    rng = random.Random(seed)
    seen = 0
    while True:
        state = GAME.new_state(FmOptions(), 2, rng, None)
        while GAME.outcome(state) is None:
            if sum(state.turn_number) > 2:
                yield state
                seen += 1
                if seen == count:
                    return
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[rng.randrange(len(legal))])


def test_the_searched_actions_are_the_legal_ones_but_cancel() -> None:
    met_cancel = 0
    for state in random_states(1, 2000):
        legal = GAME.legal_actions(state)
        searched = list(search_actions(legal))
        if CANCEL in legal and len(legal) > 1:
            met_cancel += 1
            assert searched == [action for action in legal if action is not CANCEL]
        else:
            assert searched == legal
    assert met_cancel > 100
    assert GAME.search_actions is search_actions


def test_the_duels_search_never_puts_picked_cards_back() -> None:
    # Cancel takes the turn back to where it was: a search that may take it takes it about as often as
    # the picks it undoes (a quarter of the hard level's moves were cancels), and so replays its turns.
    bot = ISMCTSBot(GAME, 40)
    rng = random.Random(3)
    decisions = 0
    for state in random_states(2, 3000):
        if state.phase != PICKING or not state.picks or decisions >= 30:
            continue
        legal = GAME.legal_actions(state)
        assert CANCEL in legal
        decisions += 1
        assert bot.choose(GAME.view(state, state.turn_seat), legal, rng) is not CANCEL
    assert decisions == 30


def test_without_the_choice_the_search_does_cancel() -> None:
    # The test above can fail: with every legal action searched, the same decisions meet cancels.
    bot = ISMCTSBot(dataclasses.replace(GAME, search_actions=None), 40)
    rng = random.Random(3)
    cancels = decisions = 0
    for state in random_states(2, 3000):
        if state.phase != PICKING or not state.picks or decisions >= 30:
            continue
        legal = GAME.legal_actions(state)
        decisions += 1
        cancels += bot.choose(GAME.view(state, state.turn_seat), legal, rng) is CANCEL
    assert cancels > 0

"""Hidden information in DRUMP: hands, the deck, face-down cards, in views, logs and JSON."""

from __future__ import annotations

import json
import random

from cardtable.core.match import Match
from cardtable.games.drump import GAME
from tests.drump.helpers import match_from, names, play, position


def text_of(match: Match, seat: int | None) -> str:
    return json.dumps(match.view(seat).to_json())


def test_a_face_down_card_is_seen_by_its_owner_only_until_a_burst_reveals_it() -> None:
    data = position(hands=(["4h", "2c"], ["9c"]), stacks={(1, 1): ["5s"]}, deck_top=["3d", "3h"])
    match = match_from(data)
    play(match, "set 4h on 1")
    assert '"4h down"' in text_of(match, 0)
    for seat in (1, None):
        assert "4h" not in text_of(match, seat)
        assert match.view(seat).stacks[0][0][1] == (None, False)
    assert any("a face-down card" in line for line in match.view(1).to_json()["log"])
    play(match, "end", "burst 9c on 1")
    # Revealed by the Burst: now everyone sees it, and the log says so.
    for seat in (1, None):
        assert "4h" in text_of(match, seat)


def test_a_face_down_card_is_revealed_when_its_stack_pays_a_summon() -> None:
    data = position(hands=(["4h", "Kc"], []), stacks={(1, 1): ["9s"]})
    match = match_from(data)
    play(match, "set 4h on 1")
    assert "4h" not in text_of(match, 1)
    play(match, "summon Kc from 1")
    assert names(match.view(1).pile) == ["9s", "4h"]


def test_draws_are_secret_but_the_hand_size_is_public() -> None:
    match = match_from(position(hands=(["2s"], ["2h"]), deck_top=["Qd", "Kd"]))
    play(match, "end")
    assert "Qd" in text_of(match, 1)
    for seat in (0, None):
        assert "Qd" not in text_of(match, seat)
        assert match.view(seat).hand_sizes == (1, 2)
    assert match.view(None).hand == ()


def test_the_deck_order_is_in_no_view() -> None:
    match = Match(GAME, seed=2)
    deck = set(match.state.deck)
    for seat in (0, 1, None):
        view = match.view(seat)
        tokens = set(json.dumps(view.to_json()).replace('"', " ").replace(",", " ").split())
        assert not {GAME.card_name(card) for card in deck} & tokens
        assert view.deck_size == len(deck)


def test_bots_receive_views_never_states() -> None:
    match = Match(GAME, seed=9)
    seen: list[object] = []

    class Spy:
        name = "spy"

        def choose(self, view: object, legal: list[object], rng: object) -> object:
            seen.append(view)
            return legal[-1]

    match.play_bots({0: Spy(), 1: Spy()}, {0: random.Random(0), 1: random.Random(1)})
    assert seen and all(type(view).__name__ == "DrumpView" for view in seen)

"""FM's determinize: a state drawn from a view shows that view, field by field."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from cardtable.core import conformance
from cardtable.core.game import Game
from cardtable.games.fm import GAME
from cardtable.games.fm.ai import DuelistAI
from cardtable.games.fm.carddata import CardKind, card, duelists
from cardtable.games.fm.decks import starter_deck
from cardtable.games.fm.determinize import determinize
from cardtable.games.fm.duelists import duel_position
from cardtable.games.fm.state import FmState
from tests.fm.helpers import duel, match_from, monster, play


def equipped_face_down() -> Any:
    """Player 1 has played Swamp Battleguard with Legendary Sword (+500) face down; Player 2 is to pick."""
    match = match_from(duel(hands=(["Swamp Battleguard", "Legendary Sword"], ["Mystical Elf"] * 3)))
    play(match, "pick h1", "pick h2", "play down", "place defence star 1", "end")
    return match


def test_a_face_down_monsters_logged_equip_is_in_the_view_and_in_every_drawn_state() -> None:
    match = equipped_face_down()
    for seat in (1, None):
        view = match.view(seat)
        assert any("equips a hidden card with a hidden card (+500)" in view.describe(e) for e in view.log)
        seen = view.monsters[0][0]
        assert seen is not None and seen.card is None and seen.bonus == 500
        rng = random.Random(seat)
        for _ in range(200):
            drawn = determinize(view, rng).monsters[0][0]
            assert drawn is not None and drawn.bonus == 500 and not drawn.face_up
    conformance.check_views(GAME, match.state, random.Random(1), "equipped face down")


def test_hidden_cards_are_drawn_from_every_kind_a_deck_may_hold() -> None:
    match = equipped_face_down()
    view = match.view(1)
    rng = random.Random(2)
    drawn = [determinize(view, rng) for _ in range(300)]
    hands = Counter(card(c).kind for state in drawn for c in state.hands[0] + state.decks[0])
    assert set(hands) == set(CardKind)
    # The equip that went with the face-down play is a used-up card Player 2 did not see.
    unseen = Counter(card(-c).kind for state in drawn for c in state.graveyards[0])
    assert unseen[CardKind.EQUIP] > 0 and unseen[CardKind.MONSTER] > 0


def test_a_weakened_monster_stays_weak_in_every_drawn_state() -> None:
    weak = monster("Judge Man", weakened=500, weak_turns=2)
    match = match_from(duel(hands=(["Mystical Elf"], []), monsters=({}, {1: weak})))
    for seat in (0, 1, None):
        view = match.view(seat)
        for _ in range(50):
            drawn = determinize(view, random.Random(3)).monsters[1][0]
            assert drawn is not None and (drawn.weakened, drawn.weak_turns) == (500, 2)


def faulty(change: Any) -> Game[Any, Any, Any, Any]:
    """FM with a determinize whose drawn monsters are then changed by `change(seen, monster)`."""

    def draw(view: Any, rng: random.Random) -> FmState:
        state = determinize(view, rng)
        state.monsters = tuple(
            tuple(None if m is None else change(seen, m) for seen, m in zip(seen_row, row, strict=True))
            for seen_row, row in zip(view.monsters, state.monsters, strict=True)
        )
        return state

    return Game(**{**GAME.__dict__, "determinize": draw})


@pytest.mark.parametrize(
    ("change", "named"),
    [
        # Like the old determinize with the bonus that the log tells of a face-down monster.
        (
            lambda seen, m: m._replace(bonus=0) if seen.card is None else m,
            r"seat 1 .*\[0\]\[0\]\.bonus = 0, ",
        ),
        (
            lambda seen, m: m._replace(attack=not m.attack),
            r"seat 0 .*view\.monsters\[0\]\[0\]\.attack = True, ",
        ),
        (
            lambda seen, m: m._replace(weakened=0),
            r"view\.monsters\[1\]\[0\]\.atk = 2200, where the view has 1700",
        ),
    ],
)
def test_the_check_names_the_field_of_the_view_a_faulty_determinize_gets_wrong(
    change: Any, named: str
) -> None:
    match = equipped_face_down()
    weak = monster("Judge Man", weakened=500, weak_turns=2)
    position = match.game.position_of(match.state)
    position["monsters"][1][0] = weak
    state = GAME.state_from_position(position, random.Random(0), None)
    state.logs = match.state.logs
    state.log_length = match.state.log_length
    with pytest.raises(AssertionError, match=named):
        conformance.check_views(faulty(change), state, random.Random(0), "faulty")


def duelist_states(duelist: int, seed: int) -> list[FmState]:
    """Every fourth state of a duel between two duelists' AIs, the second with its own window and sight."""
    rng = random.Random(seed)
    position = duel_position(starter_deck(rng), duelist, rng)
    state = GAME.state_from_position(position, rng, None)
    players = [DuelistAI(1), DuelistAI(duelist)]
    states = []
    for step in range(2000):
        if step % 4 == 0:
            states.append(state)
        seat = state.current_seat()
        if seat is None:
            return states
        view = GAME.view(state, seat)
        state = GAME.apply(state, players[seat].choose(view, GAME.legal_actions(state), rng))
    raise AssertionError(f"duelist {duelist} seed {seed}: no end after 2000 actions")


#: Duelists with a wider hand window, or who see face-down cards, or both (random duels have neither).
SIGHTED = [number for number, d in duelists().items() if d.ai["sees_face_down"]]
WIDE = [number for number, d in duelists().items() if d.ai["hand_window"] > 5 and number not in SIGHTED]


@pytest.mark.parametrize("duelist", [*SIGHTED, *WIDE[::4]])
def test_states_drawn_in_duels_against_the_duelists_show_the_same_view(duelist: int) -> None:
    rng = random.Random(duelist)
    for seed in range(2):
        for step, state in enumerate(duelist_states(duelist, seed)):
            for _ in range(2):
                conformance.check_views(GAME, state, rng, f"duelist {duelist} seed {seed} state {step}")


def test_a_seeded_search_makes_the_moves_it_was_recorded_making() -> None:
    """A seed gives the search the very moves recorded here: its draws come from the seed alone.

    Recorded again when the decks of a drawn state came to be dealt only as play reaches them
    (`state.UndealtDecks`): the deck cards are now drawn after the face-down and set cards, and in
    step with the playouts, so the same seed draws other (equally likely) states.  Recorded again
    when the search came to leave cancel out (`evaluate.search_actions`): its third move had been
    one, putting back the two cards it had picked.  Recorded again when the seat's own deck came to
    be dealt from the cards it holds (the view's `deck_rest`), not from the whole catalogue."""
    from cardtable.bots.ismcts import ISMCTSBot
    from cardtable.core.match import Match

    match = Match(GAME, seed=3, seats=2)
    bot = ISMCTSBot(GAME, iterations=300)
    rng = random.Random(1)
    chosen = []
    for _ in range(12):
        legal = match.legal_actions()
        action = bot.choose(match.view(match.current_seat), legal, rng)
        chosen.append(legal.index(action))
        match.play(action)
    assert chosen == [1, 0, 0, 0, 0, 1, 2, 0, 0, 2, 4, 1]


def test_a_state_drawn_for_a_search_deals_its_decks_only_as_play_reaches_them() -> None:
    from cardtable.core.match import Match
    from cardtable.games.fm.decks import deck_problems

    match = Match(GAME, seed=3, seats=2)
    ai = DuelistAI()
    rng = random.Random(5)
    for _ in range(30):
        match.play(ai.choose(match.view(match.current_seat), match.legal_actions(), rng))
    seat = match.current_seat
    assert seat is not None
    other = 1 - seat
    view = match.view(seat)
    drawn = GAME.determinizer(view)(random.Random(1))
    # Nothing of either deck is dealt yet (the seat's window is its hand: it sees none of its deck).
    assert drawn.decks == ((), ()) and drawn.undealt == view.deck_sizes and sum(view.deck_sizes) > 0
    assert GAME.view(drawn, seat).deck_sizes == view.deck_sizes
    # Played on into the other side's turn, which draws up to five: those cards are dealt then.
    later = drawn
    while later.turn_seat == seat:
        mover = GAME.current_seat(later)
        assert mover is not None
        later = GAME.apply(later, ai.choose(GAME.view(later, mover), GAME.legal_actions(later), rng))
    new_cards = later.hands[other][len(drawn.hands[other]) :]
    assert new_cards and later.decks[other] == ()
    assert later.deck_size(other) == drawn.deck_size(other) - len(new_cards)
    # Dealt in full, the state it was drawn as holds the very cards its successor was dealt on top of
    # the other deck, each deck as large as the view says, no card past its copy limit.
    drawn.deal_all()
    assert drawn.undealt == (0, 0) and drawn.decks[other][: len(new_cards)] == new_cards
    assert tuple(len(deck) for deck in drawn.decks) == view.deck_sizes
    held = list(drawn.decks[other] + drawn.hands[other])
    held += [m.card for m in drawn.monsters[other] if m is not None]
    assert not [problem for problem in deck_problems(held) if "copies" in problem]

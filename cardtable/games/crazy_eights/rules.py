"""Crazy Eights' rules (rules.md): match the top card's suit or rank, eights are wild, empty your hand.

A turn is one or more decisions: draw (as the option `max_draws` allows),
then play a card or pass; an eight played is followed by a decision of its
own, naming the suit.  Each decision is one action, as OpenSpiel's
crazy_eights counts them, so that the two engines' games have the same length.
"""

from __future__ import annotations

import random

from cardtable.core.chance import below, make_rng, shuffle
from cardtable.core.errors import OptionError
from cardtable.core.game import Outcome
from cardtable.core.tuples import replace_at
from cardtable.games.crazy_eights.actions import DRAW, NAMES, PASS, PLAYS, Action, Draw, Name, Pass, Play
from cardtable.games.crazy_eights.cards import DECK, IS_EIGHT, RANK, SUIT
from cardtable.games.crazy_eights.endings import CrazyEightsEnding, final_scores, hand_count
from cardtable.games.crazy_eights.events import (
    Dealt,
    Drew,
    GameEnded,
    Named,
    Passed,
    Played,
    Reshuffled,
    StarterTurned,
)
from cardtable.games.crazy_eights.options import BLOCK_SEATS, CrazyEightsOptions
from cardtable.games.crazy_eights.state import NAMING, OVER, PLAYING, CrazyEightsState

#: One deck of 52 serves 2 to 5 players (OpenSpiel adds a second deck for more).
MIN_SEATS, MAX_SEATS = 2, 5


def hand_size(options: CrazyEightsOptions, seats: int) -> int:
    """Cards each: 7 with 2 players, 5 with more, unless the option says otherwise."""
    if options.hand_size:
        return options.hand_size
    return 7 if seats == 2 else 5


def passes_to_block(options: CrazyEightsOptions, seats: int) -> int:
    """Passes in a row, the stock empty, that end the game (option `block`)."""
    return seats if options.block == BLOCK_SEATS else seats + 1


def options_refusal(options: CrazyEightsOptions) -> str | None:
    """Why options would let a game go on for ever, or None: a reshuffled stock needs a play limit."""
    if options.reshuffle and options.play_limit is None:
        return "option reshuffle needs a play_limit, so that every game ends"
    return None


def new_game(
    options: CrazyEightsOptions, seats: int, rng: random.Random, first_seat: int | None
) -> CrazyEightsState:
    """Shuffle, deal, turn the starter (an eight is buried in the stock and another turned)."""
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise ValueError(f"Crazy Eights is played by {MIN_SEATS} to {MAX_SEATS} seats, not {seats}")
    refusal = options_refusal(options)
    if refusal:
        raise OptionError(refusal)
    size = hand_size(options, seats)
    if size * seats >= len(DECK):
        raise ValueError(f"{seats} hands of {size} leave no card for the starter")
    state = CrazyEightsState()
    state.options = options
    state.seats = seats
    state.first_seat = below(rng, seats) if first_seat is None else first_seat
    deck = list(DECK)
    shuffle(rng, deck)
    state.hands = tuple(tuple(sorted(deck[seat * size : (seat + 1) * size])) for seat in range(seats))
    stock = deck[seats * size :]
    buried = 0
    while IS_EIGHT[stock[-1]]:
        # An eight turned as the starter goes back into the stock at random (rules.md, "The deal").
        eight = stock.pop()
        stock.insert(below(rng, len(stock) + 1), eight)
        buried += 1
    starter = stock.pop()
    state.stock = tuple(stock)
    state.discards = (starter,)
    state.suit = SUIT[starter]
    state.turn_seat = state.first_seat
    state.phase = PLAYING
    state.draws = state.passes = state.plays = state.reshuffles = 0
    state.chance_seed = rng.getrandbits(63)
    state.result = None
    state.start_logs(seats)
    for seat in range(seats):
        state.log(Dealt(seat, state.hands[seat]), seat, Dealt(seat, None))
    state.log(StarterTurned(starter, buried, state.first_seat))
    return state


def unlogged(state: CrazyEightsState) -> CrazyEightsState:
    """A copy of `state` that plays on by the same rules and writes no more events (Game.unlogged)."""
    quiet = state.copy()
    quiet.unlogged = True
    return quiet


# -- legal actions ----------------------------------------------------------------------
def playable(state: CrazyEightsState, card: int) -> bool:
    """Whether `card` may be played on the discards: an eight, or the suit to follow, or the top's rank."""
    return IS_EIGHT[card] or SUIT[card] == state.suit or RANK[card] == RANK[state.discards[-1]]


def may_draw(state: CrazyEightsState) -> bool:
    """Whether the seat may draw: the stock holds a card and the turn's draws are not used up."""
    limit = state.options.max_draws
    return bool(state.stock) and (limit is None or state.draws < limit)


def may_pass(state: CrazyEightsState, can_play: bool) -> bool:
    """Whether the seat may pass: no more drawing (stock empty or draws used up), and, unless
    option `pass_when_able`, no card to play."""
    limit = state.options.max_draws
    done_drawing = not state.stock or (limit is not None and state.draws >= limit)
    return done_drawing and (state.options.pass_when_able or not can_play)


def legal_actions(state: CrazyEightsState) -> list[Action]:
    """Every action the current seat may take: plays by card, then draw, then pass; or the four suits."""
    if state.phase == OVER:
        return []
    if state.phase == NAMING:
        return list(NAMES)
    suit, rank = state.suit, RANK[state.discards[-1]]
    actions: list[Action] = [
        PLAYS[card]
        for card in state.hands[state.turn_seat]
        if IS_EIGHT[card] or SUIT[card] == suit or RANK[card] == rank
    ]
    can_play = bool(actions)
    if may_draw(state):
        actions.append(DRAW)
    if may_pass(state, can_play):
        actions.append(PASS)
    return actions


# -- applying actions ----------------------------------------------------------------------
def apply(state: CrazyEightsState, action: Action) -> CrazyEightsState:
    """The state after a legal action; `state` itself is not changed."""
    new = state.copy()
    seat = new.turn_seat
    if isinstance(action, Play):
        _play(new, seat, action.card)
    elif isinstance(action, Draw):
        _draw(new, seat)
    elif isinstance(action, Pass):
        _pass(new, seat)
    elif isinstance(action, Name):
        new.suit = action.suit
        new.phase = PLAYING
        new.log(Named(seat, action.suit))
        _next_turn(new, seat)
    else:
        raise TypeError(f"not a Crazy Eights action: {action!r}")
    return new


def _play(state: CrazyEightsState, seat: int, card: int) -> None:
    hand = state.hands[seat]
    index = hand.index(card)
    state.hands = replace_at(state.hands, seat, hand[:index] + hand[index + 1 :])
    state.discards += (card,)
    state.suit = SUIT[card]
    state.plays += 1
    state.passes = state.draws = 0
    state.log(Played(seat, card))
    limit = state.options.play_limit
    if not state.hands[seat]:
        _end(state, CrazyEightsEnding.WENT_OUT)
        return
    if limit is not None and state.plays >= limit:
        _end(state, CrazyEightsEnding.PLAY_LIMIT)
        return
    if not state.stock:
        _reshuffle(state)
    if IS_EIGHT[card]:
        state.phase = NAMING
        return
    _next_turn(state, seat)


def _draw(state: CrazyEightsState, seat: int) -> None:
    card = state.stock[-1]
    state.stock = state.stock[:-1]
    hand = state.hands[seat]
    state.hands = replace_at(state.hands, seat, tuple(sorted((*hand, card))))
    state.draws += 1
    state.passes = 0
    state.log(Drew(seat, card), seat, Drew(seat, None))
    if not state.stock:
        _reshuffle(state)


def _pass(state: CrazyEightsState, seat: int) -> None:
    state.passes = 0 if state.stock else state.passes + 1
    state.log(Passed(seat))
    if state.passes >= passes_to_block(state.options, state.seats):
        _end(state, CrazyEightsEnding.BLOCKED)
        return
    _next_turn(state, seat)


def _reshuffle(state: CrazyEightsState) -> None:
    """Option `reshuffle`: the discards under the top card, shuffled, become the stock (rules.md)."""
    if not state.options.reshuffle or len(state.discards) < 2:
        return
    cards = list(state.discards[:-1])
    shuffle(make_rng(state.chance_seed, "reshuffle", state.reshuffles), cards)
    state.reshuffles += 1
    state.stock = tuple(cards)
    state.discards = state.discards[-1:]
    state.log(Reshuffled(len(cards)))


def _next_turn(state: CrazyEightsState, seat: int) -> None:
    state.turn_seat = (seat + 1) % state.seats
    state.draws = 0


def _end(state: CrazyEightsState, ending: CrazyEightsEnding) -> None:
    scoring = state.options.scoring
    counts = tuple(hand_count(hand, scoring) for hand in state.hands)
    winners, scores = final_scores(counts, scoring)
    state.phase = OVER
    state.result = Outcome(winners, tuple(float(score) for score in scores), ending, ending.text)
    state.log(GameEnded(ending, winners, counts, scores))

"""dnup's rules (dnup.md): play, add, take, rotate; beaten players take their cards back turned round.

The turn limit (a house rule, option `turn_limit`) ends a round that would
otherwise go on for ever.  Hands may be reordered at any time, so the engine
keeps each hand sorted: the order carries no information and no decision.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations
from typing import Any, Final

from cardtable.core.chance import make_rng
from cardtable.core.game import Outcome
from cardtable.core.pairs import CARDS, CODES, HIGHEST, TOP, card_of
from cardtable.core.tuples import replace_at
from cardtable.games.dnup.actions import (
    ADD_TABLE,
    ROTATE_ACTION,
    TAKE_TABLE,
    Action,
    Add,
    Play,
    Rotate,
    Take,
    play_of,
)
from cardtable.games.dnup.endings import (
    DnupEnding,
    DnupRoundEnding,
    game_winner,
    round_points,
    turn_limit_places,
)
from cardtable.games.dnup.events import (
    Added,
    Beaten,
    Discarded,
    GameEnded,
    Played,
    Rotated,
    RoundEnded,
    Took,
    WentOut,
)
from cardtable.games.dnup.options import DnupOptions
from cardtable.games.dnup.state import OVER, PLAYING, DnupState

MIN_SEATS, MAX_SEATS = 2, 5
#: Each oriented code's bit in a `known` mask (one bit per card, whichever way up).
CARD_BIT: Final = tuple(1 << card_of(code) for code in CODES)


def hand_size(options: DnupOptions, seats: int) -> int:
    """Cards each: 10 with 2 to 4 players, 8 with 5, unless the option says otherwise."""
    if options.hand_size:
        return options.hand_size
    return 8 if seats == 5 else 10


def new_game(options: DnupOptions, seats: int, rng: random.Random, first_seat: int | None) -> DnupState:
    """A fresh game: the first round dealt; later deals come from a seed drawn now."""
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise ValueError(f"dnup is played by {MIN_SEATS} to {MAX_SEATS} seats, not {seats}")
    if hand_size(options, seats) * seats > len(CARDS):
        raise ValueError(f"{seats} hands of {hand_size(options, seats)} need more than {len(CARDS)} cards")
    state = DnupState.__new__(DnupState)
    state.options = options
    state.start_game(seats, rng, first_seat)
    start_round(state)
    return state


def start_round(state: DnupState) -> None:
    """Shuffle order (and orientation) and deal."""
    seats, options = state.seats, state.options
    rng = make_rng(state.chance_seed, "round", state.round)
    deck = [card * 2 + (rng.randrange(2) if options.random_orientation else 0) for card in CARDS]
    rng.shuffle(deck)
    size = hand_size(options, seats)
    state.hands = tuple(tuple(sorted(deck[seat * size : (seat + 1) * size])) for seat in range(seats))
    state.aside = tuple(card_of(code) for code in deck[seats * size :])
    state.known = (0,) * seats
    state.tables = ((),) * seats
    state.discards = ()
    state.out = ()
    state.phase = PLAYING
    state.turns = 0
    state.log_deal(state.hands)


def unlogged(state: DnupState) -> DnupState:
    """A copy of `state` that plays on by the same rules and writes no more events (Game.unlogged)."""
    quiet = state.copy()
    quiet.unlogged = True
    return quiet


# -- legal actions ----------------------------------------------------------------------
def highest_by_size(state: DnupState, *excluded: int) -> dict[int, int]:
    """For each number of cards lying in front of a player (not one of `excluded`), the highest value."""
    highest: dict[int, int] = {}
    for other, cards in enumerate(state.tables):
        if cards and other not in excluded:
            size, value = len(cards), TOP[cards[0]]
            if value > highest.get(size, 0):
                highest[size] = value
    return highest


def play_beats(state: DnupState, seat: int, count: int, value: int) -> bool:
    """Whether `count` cards of `value` beat every other set of that size on the table."""
    return value > highest_by_size(state, seat).get(count, 0)


def add_allowed(state: DnupState, seat: int, target: int, value: int) -> bool:
    """Whether adding to `target` is allowed: each third set of the new size must be lower."""
    return value > highest_by_size(state, seat, target).get(len(state.tables[target]) + 1, 0)


#: The plays of a hand's codes of one value (in increasing order) by number of cards: one tuple for
#: one card, then for two, and so on, each in the order of `combinations`.  Nine codes show each
#: value on top, so there are at most 10 x 511 groups.
_GROUP_PLAYS: Final[dict[tuple[int, ...], tuple[tuple[Play, ...], ...]]] = {}


def _group_plays(codes: tuple[int, ...]) -> tuple[tuple[Play, ...], ...]:
    plays = _GROUP_PLAYS[codes] = tuple(
        tuple(map(play_of, combinations(codes, count))) for count in range(1, len(codes) + 1)
    )
    return plays


def legal_actions(state: DnupState) -> list[Action]:
    """Every action the current seat may take, in a fixed order.

    Plays by value, then by number of cards; adds and takes by seat; rotate.
    """
    if state.phase == OVER:
        return []
    seat = state.turn_seat
    # TOP is read once into a local: the compiled build looks an imported name up at each use.
    top = TOP
    # The hand's codes by value (lists indexed by value or size: cheaper than dicts, compiled or not).
    by_value: list[tuple[int, ...]] = [()] * (HIGHEST + 1)
    for code in state.hands[seat]:
        by_value[top[code]] += (code,)
    # Each other set on the table, as (size, value, seat); a play must be higher than every other set
    # of its size (play_beats), an add than every third set of the new size (add_allowed).  A set
    # holds cards of one value, so at most HIGHEST - 1 of them.
    sets = [
        (len(cards), top[cards[0]], other)
        for other, cards in enumerate(state.tables)
        if cards and other != seat
    ]
    highest = [0] * (HIGHEST + 1)
    for size, value, _ in sets:
        if value > highest[size]:
            highest[size] = value
    actions: list[Action] = []
    for value in range(1, HIGHEST + 1):
        codes = by_value[value]
        if not codes:
            continue
        group = _GROUP_PLAYS.get(codes) or _group_plays(codes)
        if not sets:
            for plays in group:
                actions += plays
            continue
        for count in range(len(group)):
            if value > highest[count + 1]:
                actions += group[count]
    for size, value, target in sets:
        # The target's own set has the old size: the third sets of the new size are in `highest`.
        matching = by_value[value]
        if matching and value > highest[size + 1]:
            actions += [ADD_TABLE[code][target] for code in matching]
    actions += [TAKE_TABLE[target] for _, _, target in sets]
    actions.append(ROTATE_ACTION)
    return actions


# -- applying actions ----------------------------------------------------------------------
def apply(state: DnupState, action: Action) -> DnupState:
    """The state after a legal action; `state` itself is not changed."""
    new = state.copy()
    seat = new.turn_seat
    _HANDLERS[type(action)](new, seat, action)
    if not new.hands[seat]:
        _goes_out(new, seat)
    if new.phase != OVER and new.round == state.round:
        # The turn limit (round_turn_limit, written out here: apply is the hottest code of a search).
        new.turns = turns = new.turns + 1
        limit = new.options.turn_limit
        if limit is not None and turns == limit * new.seats:
            _end_round(new, DnupRoundEnding.TURN_LIMIT)
        else:
            _next_turn(new, seat)
    return new


def _play(state: DnupState, seat: int, action: Play) -> None:
    # The action's fields are read once each, here and in the other handlers: the compiled build
    # reads an action's field (a pure dataclass) by name, as Python does.
    played = action.cards
    _take_from_hand(state, seat, played)
    count = len(played)
    beaten = [other for other, cards in enumerate(state.tables) if other != seat and len(cards) == count]
    state.tables = replace_at(state.tables, seat, played)
    if not state.unlogged:
        state.log(Played(seat, played))
    if beaten:
        _beat(state, beaten)


def _add(state: DnupState, seat: int, action: Add) -> None:
    card, target = action.card, action.target
    _take_from_hand(state, seat, (card,))
    size = len(state.tables[target]) + 1
    beaten = [
        other
        for other, cards in enumerate(state.tables)
        if other != seat and other != target and len(cards) == size
    ]
    state.tables = replace_at(state.tables, target, state.tables[target] + (card,))
    if not state.unlogged:
        state.log(Added(seat, card, target))
    if beaten:
        _beat(state, beaten)


def _take(state: DnupState, seat: int, action: Take) -> None:
    target = action.target
    taken = tuple([code ^ 1 for code in state.tables[target]])  # turned round
    state.tables = replace_at(state.tables, target, ())
    _give(state, seat, taken)
    if not state.unlogged:
        state.log(Took(seat, target, taken))


def _rotate(state: DnupState, seat: int, action: Rotate) -> None:
    state.hands = replace_at(state.hands, seat, tuple(sorted([code ^ 1 for code in state.hands[seat]])))
    state.log(Rotated(seat))


def _take_from_hand(state: DnupState, seat: int, cards: tuple[int, ...]) -> None:
    hand = list(state.hands[seat])
    was_known = known = state.known[seat]
    for code in cards:
        hand.remove(code)
        known &= ~CARD_BIT[code]
    state.hands = replace_at(state.hands, seat, tuple(hand))
    if known != was_known:
        state.known = replace_at(state.known, seat, known)


def _give(state: DnupState, seat: int, cards: tuple[int, ...]) -> None:
    """Cards everyone has seen go into a hand: their faces stay known."""
    state.hands = replace_at(state.hands, seat, tuple(sorted(state.hands[seat] + cards)))
    known = state.known[seat]
    for code in cards:
        known |= CARD_BIT[code]
    state.known = replace_at(state.known, seat, known)


def _beat(state: DnupState, beaten: list[int]) -> None:
    """Beaten players turn their cards round and take them back; a player already out discards them."""
    for other in beaten:
        cards = tuple([code ^ 1 for code in state.tables[other]])  # turned round
        state.tables = replace_at(state.tables, other, ())
        if other in state.out:
            state.discards += cards
        else:
            _give(state, other, cards)
        if not state.unlogged:
            state.log(Beaten(other, cards, other not in state.out))


def _goes_out(state: DnupState, seat: int) -> None:
    state.out += (seat,)
    state.log(WentOut(seat, len(state.out)))
    if len(state.out) >= outs_ending_round(state.options, state.seats):
        ending = DnupRoundEnding.FIRST_OUT if len(state.out) == 1 else DnupRoundEnding.SECOND_OUT
        _end_round(state, ending)


def _next_turn(state: DnupState, seat: int) -> None:
    """The next player in, who first discards whatever lies in front of them."""
    following = (seat + 1) % state.seats
    while following in state.out:
        following = (following + 1) % state.seats
    state.turn_seat = following
    cards = state.tables[following]
    if cards:
        state.tables = replace_at(state.tables, following, ())
        state.discards += cards
        if not state.unlogged:
            state.log(Discarded(following, cards))


def outs_ending_round(options: DnupOptions, seats: int) -> int:
    """How many players out end a round: two, or one with two players or option round_end "first"."""
    return 1 if seats == 2 or options.round_end == "first" else 2


def round_turn_limit(options: DnupOptions, seats: int) -> int | None:
    """Turns after which a round ends (house rule): `turn_limit` per player at the table; None: never."""
    return None if options.turn_limit is None else options.turn_limit * seats


def _end_round(state: DnupState, ending: DnupRoundEnding) -> None:
    """Score the places; the game ends once someone has reached the target.

    At the turn limit the places nobody took by going out go to the fewest
    cards in hand (dnup.md, "Every game ends").
    """
    hand_sizes = tuple(len(hand) for hand in state.hands)
    by_hand_size: tuple[int, ...] = ()
    if ending is DnupRoundEnding.TURN_LIMIT:
        places = outs_ending_round(state.options, state.seats)
        by_hand_size = turn_limit_places(state.out, hand_sizes, state.start_seat, places)
    ranking = state.out + by_hand_size
    points = round_points(ranking, state.seats)
    state.score_round(points)
    state.log(RoundEnded(state.round, ending, state.out, by_hand_size, hand_sizes, points))
    winner = game_winner(state.scores, state.options.target, ranking[0])
    if winner is not None:
        reason = DnupEnding.TARGET
        state.result = Outcome((winner,), tuple(float(score) for score in state.scores), reason, reason.text)
        state.phase = OVER
        state.log(GameEnded(winner, reason, state.scores))
        return
    state.next_round()
    start_round(state)


#: Each action's handler, by the action's class.
_HANDLERS: Final[dict[type[Action], Callable[[DnupState, int, Any], None]]] = {
    Play: _play,
    Add: _add,
    Take: _take,
    Rotate: _rotate,
}

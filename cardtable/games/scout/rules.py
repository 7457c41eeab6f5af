"""Scout's rules (scout.md): the deal, Show, Scout, Scout & Show, round ends and scoring."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from cardtable.core.chance import make_rng
from cardtable.core.game import NOBODY, Outcome
from cardtable.core.pairs import CARDS, PAIRS, TOP, card_of, turned
from cardtable.core.tuples import replace_at
from cardtable.games.scout.actions import (
    DECLINE_ACTION,
    KEEP_ACTION,
    LEFT,
    MAX_HAND,
    RIGHT,
    SCOUT_TABLE,
    SHOW_TABLE,
    TURN_ACTION,
    Action,
    Decline,
    Orient,
    Scout,
    Show,
)
from cardtable.games.scout.endings import (
    RoundFacts,
    ScoutEnding,
    ScoutRoundEnding,
    game_winners,
    round_points,
)
from cardtable.games.scout.events import (
    Declined,
    GameEnded,
    Oriented,
    RoundEnded,
    Scouted,
    Shown,
)
from cardtable.games.scout.options import ScoutOptions
from cardtable.games.scout.shows import NO_SHOW, SET, SIZE, Insertion
from cardtable.games.scout.state import ORIENTING, OVER, PLAYING, SHOWING, ScoutState

MIN_SEATS, MAX_SEATS = 2, 5


def deck_for(seats: int) -> tuple[int, ...]:
    """The cards played with `seats` players (scout.md, "Cards and deal")."""
    if seats == 3:
        return tuple(card for card in CARDS if 10 not in PAIRS[card])
    if seats == 5:
        return CARDS
    return tuple(card for card in CARDS if PAIRS[card] != (9, 10))


def hand_size(seats: int) -> int:
    """Cards dealt to each player: 11 with two, 12 with three, 11 with four, 9 with five."""
    return {2: 11, 3: 12, 4: 11, 5: 9}[seats]


def rounds_for(options: ScoutOptions, seats: int) -> int:
    """As many rounds as players (2 with two players), unless the option says otherwise."""
    if options.rounds:
        return options.rounds
    return 2 if seats == 2 else seats


def new_game(options: ScoutOptions, seats: int, rng: random.Random, first_seat: int | None) -> ScoutState:
    """A fresh game: the first round dealt; all later deals come from a seed drawn now."""
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise ValueError(f"Scout is played by {MIN_SEATS} to {MAX_SEATS} seats, not {seats}")
    state = ScoutState.__new__(ScoutState)
    state.options = options
    state.rounds = rounds_for(options, seats)
    state.start_game(seats, rng, first_seat)
    start_round(state)
    return state


def start_round(state: ScoutState) -> None:
    """Shuffle order and orientation, deal, and let each player choose to turn their hand."""
    seats = state.seats
    rng = make_rng(state.chance_seed, "round", state.round)
    if seats == 2 and state.round > 0:
        # The cards set aside in the round before are this round's deal; the cards just played are
        # set aside in their place, out of the game (scout.md, "2-player mode").
        played, seen = _round_played(state)
        dealt = sorted(state.aside)
        kept_seen = state.aside_seen
    else:
        played, seen = (), (0,) * seats
        dealt = list(deck_for(seats))
        kept_seen = (0,) * seats
    deck = [card * 2 + rng.randrange(2) for card in dealt]
    rng.shuffle(deck)
    size = hand_size(seats)
    state.hands = tuple(tuple(deck[seat * size : (seat + 1) * size]) for seat in range(seats))
    # Cards the deal did not use stay aside, with what each seat saw of them (none in a real game).
    left = tuple(card_of(code) for code in deck[seats * size :])
    left_mask = sum(1 << card for card in left)
    state.aside = left + played
    state.aside_seen = tuple(mask & left_mask | more for mask, more in zip(kept_seen, seen, strict=True))
    state.known = (0,) * seats
    state.active = ()
    state.owner = NOBODY
    state.captured = ((),) * seats
    two = seats == 2
    state.tokens = (state.options.two_player_tokens if two else 0,) * seats
    state.chips = (not two,) * seats
    state.scouts_in_row = 0
    state.phase = ORIENTING
    state.log_deal(state.hands)


def _round_played(state: ScoutState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The cards of the round that just ended, and for each seat a bitmask of those it has seen.

    A seat saw every card of the round but those still hidden in another
    hand: its own hand, the table, captured cards and scouted cards are
    known to it.
    """
    played = [code >> 1 for hand in state.hands for code in hand]
    played += [code >> 1 for code in state.active]
    played += [card for cards in state.captured for card in cards]
    everything = sum(1 << card for card in played)
    unseen = [
        sum(1 << (code >> 1) for code in hand if not state.known[owner] >> (code >> 1) & 1)
        for owner, hand in enumerate(state.hands)
    ]
    seen = tuple(
        everything & ~sum(mask for owner, mask in enumerate(unseen) if owner != seat)
        for seat in range(state.seats)
    )
    return tuple(sorted(played)), seen


def unlogged(state: ScoutState) -> ScoutState:
    """A copy of `state` that plays on by the same rules and writes no more events (Game.unlogged)."""
    quiet = state.copy()
    quiet.unlogged = True
    return quiet


# -- legal actions -----------------------------------------------------------------
def legal_actions(state: ScoutState) -> list[Action]:
    """Every action the current seat may take, in a fixed order."""
    phase = state.phase
    if phase == PLAYING:
        return _play_actions(state)
    if phase == SHOWING:
        return _shows(state, state.hands[state.turn_seat])
    if phase == ORIENTING:
        return [KEEP_ACTION, TURN_ACTION]
    return []


def _tops(hand: tuple[int, ...]) -> list[int]:
    # TOP is read once into a local: the compiled build looks an imported name up at each use.
    top = TOP
    return [top[code] for code in hand]


def _rank_of(codes: tuple[int, ...]) -> int:
    """The rank of a show given by its oriented codes (NO_SHOW when there are none), in O(1).

    A show is one number or a run, so its first two cards tell which, and
    its lowest number is at one of its ends.
    """
    size = len(codes)
    if not size:
        return NO_SHOW
    top = TOP  # a local: the compiled build looks an imported name up at each use
    first = top[codes[0]]
    if size == 1:
        return SIZE + SET + first
    if top[codes[1]] == first:
        return size * SIZE + SET + first
    return size * SIZE + min(first, top[codes[-1]])


def _shows(state: ScoutState, hand: tuple[int, ...]) -> list[Action]:
    return _shows_above(_tops(hand), _rank_of(state.active))


def _shows_above(tops: list[int], beat: int) -> list[Action]:
    """The Shows ranked above `beat`, in the order of `shows`, taken from SHOW_TABLE a slice at a time.

    Cards from `first` to `stop` step by one constant amount (0, +1 or -1), and a
    show's rank grows with each card added (shows.py), so the Shows starting at
    `first` that beat are those ending from some `lowest` to `stop`: one slice of
    the table's row.  `stop` is found once per run of equal steps.
    """
    found: list[Action] = []
    count = len(tops)
    stop = step = 0
    table = SHOW_TABLE  # a local: the compiled build looks an imported name up at each use
    for first in range(count):
        start = tops[first]
        row = table[first]
        if first + 1 == count:
            if SIZE + SET + start > beat:
                found.append(row[first])  # type: ignore[arg-type]
            break
        gap = tops[first + 1] - start
        if gap < -1 or gap > 1:
            if SIZE + SET + start > beat:
                found.append(row[first])  # type: ignore[arg-type]
            continue
        if first >= stop or gap != step:
            step, stop = gap, first + 1
            while stop + 1 < count and tops[stop + 1] - tops[stop] == gap:
                stop += 1
        if SIZE + SET + start > beat:
            found += row[first : stop + 1]  # type: ignore[arg-type]
            continue
        # A show of n cards ranks n * per_card + offset (shows.py): the fewest cards that beat.
        if gap == 0:
            per_card, offset = SIZE, SET + start
        elif gap == 1:
            per_card, offset = SIZE, start
        else:
            per_card, offset = SIZE - 1, start + 1
        lowest = first + max(1, (beat - offset) // per_card)
        if lowest <= stop:
            found += row[lowest : stop + 1]  # type: ignore[arg-type]
    return found


def _can_scout(state: ScoutState, seat: int) -> bool:
    if not state.active:
        return False
    return state.seats > 2 or state.tokens[seat] > 0


def _play_actions(state: ScoutState) -> list[Action]:
    seat = state.turn_seat
    tops = _tops(state.hands[seat])
    actions = _shows_above(tops, _rank_of(state.active))
    if not _can_scout(state, seat):
        return actions
    ends = (LEFT,) if len(state.active) == 1 else (LEFT, 1)
    actions += _PLAIN_SCOUTS[len(ends) - 1][len(tops) + 1]
    if state.chips[seat]:
        actions += _scout_and_shows(state, tops, ends)
    if state.seats == 2 and state.options.may_decline:
        actions.append(DECLINE_ACTION)
    return actions


#: _PLAIN_SCOUTS[ends - 1][places]: the plain Scouts of the left end (and the right one, if the active
#: set has two ends) into a hand with `places` insertion points, in the order legal_actions lists them.
_PLAIN_SCOUTS: Final[tuple[tuple[tuple[Scout, ...], ...], ...]] = tuple(
    tuple(
        tuple(scout for end in ends for row in SCOUT_TABLE[0][end] for scout in row[:places])
        for places in range(MAX_HAND + 2)
    )
    for ends in ((LEFT,), (LEFT, RIGHT))
)


def plain_scout_count(state: ScoutState) -> int:
    """How many plain Scouts the legal actions list, right after the Shows."""
    if state.phase != PLAYING or not _can_scout(state, state.turn_seat):
        return 0
    return (1 if len(state.active) == 1 else 2) * 2 * (len(state.hands[state.turn_seat]) + 1)


def _scout_and_shows(state: ScoutState, tops: list[int], ends: tuple[int, ...]) -> list[Action]:
    """Scout & Show is offered only where a Show can follow the scout (scout.md)."""
    active = state.active
    places = len(tops) + 1
    insertion: Insertion | None = None
    chip = SCOUT_TABLE[1]
    found: list[Action] = []
    for end in ends:
        code = active[0] if end == LEFT else active[-1]
        beat = _rank_of(active[1:] if end == LEFT else active[:-1])
        for turn in (0, 1):
            row = chip[end][turn]
            value = TOP[code ^ turn]
            if SIZE + SET + value > beat:
                # The scouted card alone is a Show that beats what is left: anywhere will do.
                found += row[:places]
                continue
            if insertion is None:
                insertion = Insertion(tops)
            found += [row[position] for position in insertion.positions_beating(value, beat)]
    return found


# -- applying actions ----------------------------------------------------------------
def apply(state: ScoutState, action: Action) -> ScoutState:
    """The state after a legal action; `state` itself is not changed."""
    new = state.copy()
    _HANDLERS[type(action)](new, action)
    return new


def _orient(state: ScoutState, action: Orient) -> None:
    seat = state.turn_seat
    if action.turn:
        # Turning the hand round reverses its order and puts every card's other end on top.
        hand = tuple(turned(code) for code in reversed(state.hands[seat]))
        state.hands = replace_at(state.hands, seat, hand)
    state.log(Oriented(seat, action.turn))
    following = (seat + 1) % state.seats
    if following == state.start_seat:
        state.phase = PLAYING
    state.turn_seat = following


def _show(state: ScoutState, action: Show) -> None:
    # The action's fields are read once each, here and in the other handlers: the compiled build
    # reads an action's field (a pure dataclass) by name, as Python does.
    first, after = action.first, action.last + 1
    seat = state.turn_seat
    hand = state.hands[seat]
    shown = hand[first:after]
    state.hands = replace_at(state.hands, seat, hand[:first] + hand[after:])
    known = state.known[seat]
    if known:
        for code in shown:
            known &= ~(1 << (code >> 1))  # the card of an oriented code (pairs.card_of)
        state.known = replace_at(state.known, seat, known)
    beaten = tuple([code >> 1 for code in state.active])
    state.captured = replace_at(state.captured, seat, state.captured[seat] + beaten)
    state.active = shown
    state.owner = seat
    state.scouts_in_row = 0
    state.phase = PLAYING
    if not state.unlogged:
        state.log(Shown(seat, shown, len(beaten)))
    if not state.hands[seat]:
        _end_round(state, ScoutRoundEnding.HAND_EMPTY, exempt=None, went_out=seat)
        return
    _pass_turn(state, (seat + 1) % state.seats)


def _scout(state: ScoutState, action: Scout) -> None:
    end, turn, position, with_show = action.end, action.turned, action.position, action.with_show
    seat = state.turn_seat
    active = state.active
    code = active[0] if end == LEFT else active[-1]
    state.active = active[1:] if end == LEFT else active[:-1]
    placed = code ^ 1 if turn else code  # turned round (pairs.turned)
    hand = state.hands[seat]
    state.hands = replace_at(state.hands, seat, hand[:position] + (placed,) + hand[position:])
    state.known = replace_at(state.known, seat, state.known[seat] | 1 << (code >> 1))
    two = state.seats == 2
    if two:
        # Two players: scouting spends one of your tokens, and you play again.
        state.tokens = replace_at(state.tokens, seat, state.tokens[seat] - 1)
    elif state.owner != NOBODY:
        state.tokens = replace_at(state.tokens, state.owner, state.tokens[state.owner] + 1)
    if not state.unlogged:
        # Where the card went, and which way up, stays the scout's secret.
        state.log(
            Scouted(seat, code, end, turn, position, with_show),
            seat,
            Scouted(seat, code, end, None, None, with_show),
        )
    if with_show:
        state.chips = replace_at(state.chips, seat, False)
        state.phase = SHOWING
        return
    if two:
        _pass_turn(state, seat)
        return
    state.scouts_in_row += 1
    if state.scouts_in_row == state.seats - 1:
        # Everyone else only scouted since the owner's Show: the round ends.
        _end_round(state, ScoutRoundEnding.EVERYONE_SCOUTED, exempt=state.owner)
    else:
        _pass_turn(state, (seat + 1) % state.seats)


def _pass_turn(state: ScoutState, seat: int) -> None:
    """Give `seat` the turn; with two players the round ends if it can neither Show nor Scout."""
    state.turn_seat = seat
    if (
        state.seats == 2
        and not _can_scout(state, seat)
        and not _shows_above(_tops(state.hands[seat]), _rank_of(state.active))
    ):
        _end_round(state, ScoutRoundEnding.NO_SHOW_OR_SCOUT, exempt=state.owner)


def _decline(state: ScoutState, action: Decline) -> None:
    state.log(Declined(state.turn_seat))
    _end_round(state, ScoutRoundEnding.NO_SHOW_OR_SCOUT, exempt=state.owner)


def _end_round(
    state: ScoutState, ending: ScoutRoundEnding, exempt: int | None, went_out: int | None = None
) -> None:
    """Score the round from its facts; start the next one, or end the game after the last.

    Only a round that a hand's emptying ended has no exempt seat: the others
    end after a Show, whose owner is exempt.
    """
    facts = RoundFacts(
        tuple(len(cards) for cards in state.captured),
        state.tokens,
        tuple(len(hand) for hand in state.hands),
        exempt,
    )
    points = round_points(facts)
    state.score_round(points)
    state.log(RoundEnded(state.round, ending, facts, points, went_out))
    if state.round + 1 >= state.rounds:
        winners = game_winners(state.scores)
        reason = ScoutEnding.MOST_POINTS
        state.result = Outcome(winners, tuple(float(score) for score in state.scores), reason, reason.text)
        state.phase = OVER
        state.log(GameEnded(winners, reason, state.scores))
        return
    state.next_round()
    start_round(state)


#: Each action's handler, by the action's class.
_HANDLERS: Final[dict[type[Action], Callable[[ScoutState, Any], None]]] = {
    Show: _show,
    Scout: _scout,
    Orient: _orient,
    Decline: _decline,
}

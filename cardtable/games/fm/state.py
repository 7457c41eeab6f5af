"""The state of a Forbidden Memories duel: two sides, each a deck, a hand and two rows of five zones."""

from __future__ import annotations

import random
from enum import StrEnum
from typing import Final, NamedTuple

from cardtable.core.state_logs import TurnState
from cardtable.core.tuples import replace_at
from cardtable.games.fm.decks import deal_from, draw_weighted, draw_within_limits
from cardtable.games.fm.options import FmOptions

# The numbers the rules read at every step are Final: the compiled build (mypyc) then reads them
# directly, about ten times faster than through the module's dictionary.
SEATS: Final = 2
ZONES: Final = 5
HAND: Final = 5

# Phases of a turn: choosing the cards to play, placing a monster that was played, battle.
PICKING: Final = 0
PLACING: Final = 1
BATTLE: Final = 2
OVER: Final = 3
PHASE_NAMES = ("pick", "place", "battle", "over")

# Rank counters (docs/rules/fm.md "The rank"), in the order of the score table's rows (turns and LP
# are kept apart).
(
    EFFECTIVE_ATTACKS,
    DEFENSIVE_WINS,
    FACE_DOWN_PLAYS,
    MAGIC_USED,
    TRAPS_ACTIVATED,
    CARDS_DRAWN,
    FUSIONS,
    EQUIPS,
) = range(8)
COUNTER_NAMES = (
    "effective_attacks",
    "defensive_wins",
    "face_down_plays",
    "magic_used",
    "traps_activated",
    "cards_drawn",
    "fusions",
    "equips",
)


class DuelEnding(StrEnum):
    """How a duel was won (docs/rules/fm.md "Winning"): the loser's life points, Exodia, or the loser's
    empty deck."""

    LIFE_POINTS = "life_points"
    EXODIA = "exodia"
    DECK_OUT = "deck_out"


#: Each ending in words (the outcome's reason; replays record these texts).
ENDING_REASONS = {
    DuelEnding.LIFE_POINTS: "life points",
    DuelEnding.EXODIA: "Exodia",
    DuelEnding.DECK_OUT: "deck out",
}

#: A pick naming one of your monster zones rather than a card in hand.
FIELD_PICK: Final = 100


class Monster(NamedTuple):
    """A monster in a zone: its card, position, face, chosen guardian star and what changes its stats."""

    card: int
    attack: bool
    face_up: bool
    #: 0 or 1: which of the card's two guardian stars is active.
    star: int
    #: ATK and DEF added by equips (negative when Reverse Trap turned one round).
    bonus: int = 0
    #: ATK and DEF taken by Spellbinding Circle or Shadow Spell, and for how many of its owner's turns.
    weakened: int = 0
    weak_turns: int = 0


class SetCard(NamedTuple):
    """A card in a magic/trap zone (always face down: magic and traps are set, or played at once)."""

    card: int


class Placement(NamedTuple):
    """A monster that came out of a play and waits for its star and position."""

    card: int
    bonus: int
    face_up: bool
    #: The zone it must go to (the field monster it was made from), or None for any free zone.
    zone: int | None


class UndealtDecks:
    """The bottom of each deck of a state drawn for a search, dealt only when play reaches it.

    A search plays a drawn state on for a few turns, which reach the top cards of each deck and
    seldom more: the rest is dealt, card by card in order, only when a rule reads it
    (`FmState.deal`).  Every state played on from the drawn one shares this object, so a card once
    dealt is the same card in all of them.  What a deck may hold is as `Determinizer` says: any card
    of `pool` within its copy limit, counting every card of that side drawn or seen (`seen`).

    A deck whose cards are known (`rests`: the seat's own, whose list it knows) is dealt from them,
    in a random order; a deck drawn from a known weight pool (`weights`: a duelist's) by weight.
    """

    __slots__ = ("dealt", "pool", "rests", "rng", "seen", "sizes", "weights")

    def __init__(
        self,
        sizes: tuple[int, ...],
        pool: tuple[int, ...],
        seen: list[dict[int, int]],
        rng: random.Random,
        rests: tuple[list[int] | None, ...] = (None, None),
        weights: tuple[tuple[tuple[int, int], ...] | None, ...] = (None, None),
    ) -> None:
        #: How many cards of each deck were not drawn with the state.
        self.sizes = sizes
        self.pool = pool
        self.seen = seen
        self.rng = rng
        #: Per seat, the cards its undealt deck holds (in no order; dealt ones are taken out), or None.
        self.rests = rests
        #: Per seat, the weight pool its undealt deck is drawn from, or None (the whole `pool`).
        self.weights = weights
        self.dealt: list[list[int]] = [[] for _ in sizes]

    def cards(self, seat: int, start: int, count: int) -> tuple[int, ...]:
        """The undealt part of `seat`'s deck from `start`, `count` cards, dealing those not dealt yet."""
        dealt = self.dealt[seat]
        missing = start + count - len(dealt)
        if missing > 0:
            rest = self.rests[seat]
            weights = self.weights[seat]
            if rest is not None:
                deal_from(dealt, rest, missing, self.rng)
            elif weights is not None:
                draw_weighted(dealt, weights, self.pool, missing, self.seen[seat], self.rng)
            else:
                draw_within_limits(dealt, self.pool, missing, self.seen[seat], self.rng)
        return tuple(dealt[start : start + count])


class FmState(TurnState):
    """A duel between seat 0 (who moves first: the player) and seat 1.

    The seat deciding is always the turn player (traps fire by themselves).
    """

    __slots__ = (
        "counters",
        "decks",
        "duelists",
        "ending",
        "graveyards",
        "hands",
        "locks",
        "lp",
        "magic",
        "monsters",
        "options",
        "pending",
        "phase",
        "picks",
        "sees_face_down",
        "switched",
        "terrain",
        "turn_number",
        "undealt",
        "undealt_decks",
        "used_attacks",
        "windows",
    )

    options: FmOptions
    #: Cards left in each deck, top first; a state drawn for a search holds only the top dealt so far.
    decks: tuple[tuple[int, ...], ...]
    #: Cards under each deck's `decks` not dealt yet (always none but in a state drawn for a search).
    undealt: tuple[int, ...]
    #: Where those cards come from, when there are any.
    undealt_decks: UndealtDecks | None
    hands: tuple[tuple[int, ...], ...]
    monsters: tuple[tuple[Monster | None, ...], ...]
    magic: tuple[tuple[SetCard | None, ...], ...]
    #: Used-up cards of each side; a card never shown to the other side is kept negated (-card).
    graveyards: tuple[tuple[int, ...], ...]
    lp: tuple[int, ...]
    #: 0 normal, then forest, wasteland, mountain, sogen, umi, yami.
    terrain: int
    #: Turns each seat has started.
    turn_number: tuple[int, ...]
    phase: int
    #: Hand indexes (or FIELD_PICK + zone) picked so far this turn, in order.
    picks: tuple[int, ...]
    pending: Placement | None
    #: Bitmask of the turn player's zones whose monster attacked (or was switched after attacking).
    used_attacks: int
    #: Bitmask of the turn player's zones whose monster changed position this turn (once a turn).
    switched: int
    #: Turns each seat's monsters may not attack (Swords of Revealing Light).
    locks: tuple[int, ...]
    #: How many cards each seat may pick from: its hand, then the top of its deck (the AI's hand window).
    windows: tuple[int, ...]
    #: Whether each seat sees the other's face-down cards (six of the duelists do).
    sees_face_down: tuple[bool, ...]
    #: Per seat: the counters of the rank score, in COUNTER_NAMES order.
    counters: tuple[tuple[int, ...], ...]
    #: How the duel was won, once it is over.
    ending: DuelEnding | None
    #: Which duelist (1-39) plays each seat, when the duel names one (Free Duel, the campaign): public,
    #: the player chose it, and its deck pool is the game's data.  None for a person's deck.
    duelists: tuple[int | None, ...]

    def copy(self) -> FmState:
        """A new state sharing every (immutable) field with this one."""
        # Slot by slot, each by name: measured about ten times faster than a loop over __slots__.  The
        # class is called (it has no __init__) rather than its __new__: compiled, that is a native call.
        new = FmState()
        new.counters = self.counters
        new.decks = self.decks
        new.duelists = self.duelists
        new.ending = self.ending
        new.graveyards = self.graveyards
        new.hands = self.hands
        new.locks = self.locks
        new.log_length = self.log_length
        new.logs = self.logs
        new.lp = self.lp
        new.magic = self.magic
        new.monsters = self.monsters
        new.options = self.options
        new.pending = self.pending
        new.phase = self.phase
        new.picks = self.picks
        new.result = self.result
        new.sees_face_down = self.sees_face_down
        new.switched = self.switched
        new.terrain = self.terrain
        new.turn_number = self.turn_number
        new.turn_seat = self.turn_seat
        new.undealt = self.undealt
        new.undealt_decks = self.undealt_decks
        new.unlogged = self.unlogged
        new.used_attacks = self.used_attacks
        new.windows = self.windows
        return new

    def window(self, seat: int) -> tuple[int, ...]:
        """The cards `seat` may pick from: its hand, then the next (window - 5) cards of its deck."""
        extra = self.windows[seat] - HAND
        if extra <= 0:
            return self.hands[seat]
        self.deal(seat, extra)
        return self.hands[seat] + self.decks[seat][:extra]

    def deck_size(self, seat: int) -> int:
        """How many cards `seat`'s deck holds, dealt or not."""
        return len(self.decks[seat]) + self.undealt[seat]

    def deal(self, seat: int, count: int) -> None:
        """Deal cards of `seat`'s deck (`UndealtDecks`) until `decks` holds its top `count`, or all."""
        deck = self.decks[seat]
        undealt = self.undealt[seat]
        missing = min(count - len(deck), undealt)
        if missing <= 0:
            return
        source = self.undealt_decks
        assert source is not None
        dealt = source.cards(seat, source.sizes[seat] - undealt, missing)
        self.decks = replace_at(self.decks, seat, deck + dealt)
        self.undealt = replace_at(self.undealt, seat, undealt - missing)

    def deal_all(self) -> None:
        """Deal every card of both decks (for what reads whole decks: positions, the cards in play)."""
        for seat in range(SEATS):
            self.deal(seat, self.deck_size(seat))

    def bury(self, seat: int, cards: tuple[int, ...], public: bool) -> None:
        """Cards of `seat` leave play; `public` when the other side saw them go."""
        kept = cards if public else tuple(-card for card in cards)
        self.graveyards = (
            (self.graveyards[0] + kept, self.graveyards[1])
            if seat == 0
            else (self.graveyards[0], self.graveyards[1] + kept)
        )

    def count(self, seat: int, counter: int, amount: int = 1) -> None:
        """Add to one of a seat's rank counters."""
        row = self.counters[seat]
        row = row[:counter] + (row[counter] + amount,) + row[counter + 1 :]
        self.counters = (row, self.counters[1]) if seat == 0 else (self.counters[0], row)


def unlogged(state: FmState) -> FmState:
    """A copy of the state that plays on by the same rules and writes no more events to its logs."""
    quiet = state.copy()
    quiet.unlogged = True
    return quiet


def all_cards(state: FmState) -> list[int]:
    """Every card of both sides: decks, hands, zones, used-up cards, the play under way."""
    state.deal_all()
    found = [c for deck in state.decks for c in deck] + [c for hand in state.hands for c in hand]
    found += [m.card for row in state.monsters for m in row if m is not None]
    found += [e.card for row in state.magic for e in row if e is not None]
    found += [abs(c) for row in state.graveyards for c in row]
    if state.pending is not None:
        found.append(state.pending.card)
    return found

"""Every cardtable game as an OpenSpiel game, so that OpenSpiel's algorithms run on it unmodified.

    import pyspiel, cardtable.rl.openspiel
    game = pyspiel.load_game("cardtable_dnup", {"players": 3})
    state = game.new_initial_state()          # a chance node: the deal

Importing this module registers `cardtable_GAME` with pyspiel for each shipped
game (`python_game_name`).  Its parameters: `players` (the table size; the
game's least by default), `preset` ("" for none) and `options`, the rule
options as a JSON object (`'{"hand_size": 2}'`): the names and presets of
`cardtable rules GAME`.

**Chance is explicit.**  Everything the engine draws at the deal (the shuffle,
the first seat, the duel's decks, the seed later rounds are dealt from) is a
chance node with its outcomes and their probabilities: the deal runs with a
generator (`ChanceScript`) that answers each draw with the outcome chosen at
a chance node, and asks for a new node when it runs out.  A draw of one of
`n` numbers (a place of the shuffle, a seat) is one node of `n` outcomes,
each 1/n; raw bits (the seed of later rounds, the duel's weighted draws) are
nodes of 256 outcomes, eight bits each.  So `chance_outcomes()` lists every
outcome with its exact probability, as MCCFR and the exploitability walk
need.  The engine draws a deal once, at its start: a draw from the deck
during the game takes the next card of the order chance chose then, unseen
by every seat until drawn, so the game is the same.

**What a seat sees is its own view.**  Actions are the ids of the game's
encoding (docs/rl.md); `information_state_string(seat)` is the seat's view
with its whole log (what it saw happen, in order: perfect recall),
`observation_string(seat)` the view without the log, and
`observation_tensor(seat)` the encoding's float32 observation of the view.
None of them reads a hidden card: they are built from `game.view(state, seat)`
alone.  `resample_from_infostate` (OpenSpiel's ISMCTS asks for it) deals the
seat's unseen cards again through the game's own `determinize`.  `str(state)`
is the spectator's view, never the true state.

Returns come at the end, as the environments' `"outcome"` reward: 1 to a sole
winner, -1 to each loser, a shared win divided, 0 to all in a draw; a
two-seat game is zero-sum.  Needs `open_spiel` (the `bench` extra).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from cardtable.bots.learned import Encoding, encoding_for
from cardtable.core.errors import CardtableError
from cardtable.games import SHIPPED, AnyGame, get_game
from cardtable.rl.table import outcome_rewards

#: The most outcomes one chance node has: a draw among more numbers is split in two nodes.
MAX_CHANCE_OUTCOMES = 256
#: Bits one chance node draws when the engine asks for raw bits.
CHANCE_BITS = 8
#: A bound on a game's length that OpenSpiel asks for (actions and chance nodes together).
MAX_GAME_LENGTH = 100_000


def python_game_name(game: str) -> str:
    """The pyspiel name of a cardtable game."""
    return f"cardtable_{game}"


class ChanceNeeded(Exception):
    """The deal asks for a draw that no chance node has chosen yet: these are the next node's odds."""

    def __init__(self, probabilities: list[float]) -> None:
        super().__init__(f"a chance node of {len(probabilities)} outcomes")
        self.probabilities = probabilities


class ChanceScript(random.Random):
    """A generator whose every draw is the outcome chosen at a chance node, in order.

    `_randbelow(n)` (behind `randrange`, `choice`, `shuffle` and the engine's
    `core.chance`) takes the next outcome, a number below n; `getrandbits(k)`
    takes ceil(k / 8) outcomes of 256 (the last of 2 ** (k mod 8)), and
    `random()` 53 bits as Python's does.  When the chosen outcomes run out it
    raises `ChanceNeeded` with the next node's probabilities.
    """

    def __init__(self, outcomes: list[int]) -> None:
        super().__init__(0)
        self.outcomes = outcomes
        self.used = 0

    def seed(self, *args: Any, **kwargs: Any) -> None:
        """A script draws nothing of its own: seeding it changes nothing."""

    def _next(self, probabilities: list[float]) -> int:
        if self.used == len(self.outcomes):
            raise ChanceNeeded(probabilities)
        outcome = self.outcomes[self.used]
        self.used += 1
        return outcome

    def _uniform(self, count: int) -> int:
        return self._next([1.0 / count] * count)

    def _randbelow(self, n: int) -> int:
        if n <= MAX_CHANCE_OUTCOMES:
            return self._uniform(n)
        # Too many for one node: first the block of MAX_CHANCE_OUTCOMES numbers (each block as likely as
        # the numbers it holds), then the number within it, so each of the n is 1/n.
        blocks = -(-n // MAX_CHANCE_OUTCOMES)
        sizes = [min(MAX_CHANCE_OUTCOMES, n - block * MAX_CHANCE_OUTCOMES) for block in range(blocks)]
        block = self._next([size / n for size in sizes])
        return block * MAX_CHANCE_OUTCOMES + self._randbelow(sizes[block])

    def getrandbits(self, k: int) -> int:
        value, drawn = 0, 0
        while drawn < k:
            bits = min(CHANCE_BITS, k - drawn)
            value = (value << bits) | self._uniform(1 << bits)
            drawn += bits
        return value

    def random(self) -> float:
        return self.getrandbits(53) * 2.0**-53


def _utility(seats: int) -> pyspiel.GameType.Utility:
    return pyspiel.GameType.Utility.ZERO_SUM if seats == 2 else pyspiel.GameType.Utility.GENERAL_SUM


def _game_type(game: AnyGame, seats: int) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=python_game_name(game.name),
        long_name=f"cardtable {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=_utility(seats),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_seats,
        min_num_players=game.min_seats,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": game.min_seats,
            "preset": "",
            "options": "{}",
            "position": "",
            "redeal_with": "",
        },
    )


class CardtableSpielGame(pyspiel.Game):
    """A cardtable game as pyspiel sees it: its table size and rules fixed by the parameters."""

    def __init__(self, name: str, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.rules: AnyGame = get_game(name)
        seats = int(params.get("players", self.rules.min_seats))
        if not self.rules.min_seats <= seats <= self.rules.max_seats:
            raise ValueError(
                f"players={seats}: {self.rules.title} is played by {self.rules.seat_range} seats"
            )
        preset = str(params.get("preset", "")) or None
        text = str(params.get("options", "{}"))
        try:
            options = json.loads(text)
        except json.JSONDecodeError as error:
            raise ValueError(f"options={text!r}: not a JSON object ({error})") from None
        if not isinstance(options, dict):
            raise ValueError(f"options={text!r}: a JSON object of rule options by name")
        self.position: dict[str, Any] | None = None
        position = str(params.get("position", ""))
        self.redeal_with = str(params.get("redeal_with", ""))
        if position:
            self.position = _read_position(self.rules, position, self.redeal_with)
            seats = len(self.position["hands"])
        self.seats = seats
        self.options = self.rules.option_table.resolve(preset, options)
        self.encoding: Encoding = encoding_for(name)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.action_count,
            max_chance_outcomes=MAX_CHANCE_OUTCOMES,
            num_players=seats,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if seats == 2 else None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(
            _game_type(self.rules, seats),
            info,
            {
                "players": seats,
                "preset": preset or "",
                "options": text,
                "position": position,
                "redeal_with": self.redeal_with,
            },
        )

    def __deepcopy__(self, memo: dict[int, Any]) -> CardtableSpielGame:
        # A game's rules never change: a cloned state (OpenSpiel clones by deepcopy) shares its game.
        return self

    def new_initial_state(self) -> CardtableSpielState:
        """A game before its deal: a chance node."""
        return CardtableSpielState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> SeatObserver:
        """What a seat sees: with perfect recall its view and its log, else its view now."""
        if params:
            raise ValueError(f"observer parameters {params!r}: this game takes none")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return SeatObserver(self.encoding, recall)


def _read_position(rules: AnyGame, text: str, redeal_with: str) -> dict[str, Any]:
    """A position to start from, checked by the game (ValueError naming what is wrong)."""
    try:
        position = json.loads(text)
        rules.state_from_position(position, random.Random(0), None)
    except (json.JSONDecodeError, CardtableError) as error:
        raise ValueError(f"position: {error}") from None
    hands = position.get("hands") if isinstance(position, dict) else None
    if not isinstance(hands, list) or not all(isinstance(hand, list) for hand in hands):
        raise ValueError('position: a position of the game with its "hands", one list of cards per seat')
    if position.get("known_in_hand"):
        raise ValueError('position: its hands are dealt again, so no card of them is known ("known_in_hand")')
    if redeal_with and not isinstance(position.get(redeal_with), list):
        raise ValueError(f"redeal_with={redeal_with!r}: not a list of cards of the position")
    return dict(position)


def _dealt(position: dict[str, Any], redeal_with: str, chance: random.Random) -> dict[str, Any]:
    """The position with the cards of its hands (and of the part `redeal_with`) shuffled by chance and
    dealt again: as many to each hand as it held, the rest back to that part."""
    cards = [card for hand in position["hands"] for card in hand]
    rest = position[redeal_with] if redeal_with else []
    cards += rest
    chance.shuffle(cards)
    hands, start = [], 0
    for hand in position["hands"]:
        hands.append(cards[start : start + len(hand)])
        start += len(hand)
    dealt = {**position, "hands": hands}
    if redeal_with:
        dealt[redeal_with] = cards[start:]
    return dealt


class Position:
    """A position after the deal, with what the state API asks of it again and again looked up once.

    The engine's states are never changed in place (`apply` returns a new one), so a position is
    shared, never copied, by the states OpenSpiel clones (it clones by deepcopy).
    """

    __slots__ = ("current", "legal", "outcome", "sorted_ids", "state")

    def __init__(self, rules: AnyGame, encoding: Encoding, state: Any) -> None:
        self.state = state
        self.outcome = rules.outcome(state)
        self.current = None if self.outcome is not None else rules.current_seat(state)
        legal = rules.legal_actions(state) if self.outcome is None else ()
        self.legal = dict(zip(encoding.action_ids(legal), legal, strict=True))
        self.sorted_ids = sorted(self.legal)

    def __deepcopy__(self, memo: dict[int, Any]) -> Position:
        return self


class CardtableSpielState(pyspiel.State):
    """A game being played: the outcomes chance chose for the deal, then the engine's position."""

    def __init__(self, game: CardtableSpielGame, position: Position | None = None) -> None:
        super().__init__(game)
        self.spiel_game = game
        self.chosen: list[int] = []
        #: The odds of the chance node the deal waits on (empty once dealt).
        self.chance: list[float] = []
        self.position = position
        if position is None:
            self._deal()

    @property
    def state(self) -> Any:
        """The engine's state (None while the deal is under way)."""
        return None if self.position is None else self.position.state

    def _deal(self) -> None:
        """Deal again with the outcomes chosen so far: the position once the deal has all it needs."""
        game = self.spiel_game
        chance = ChanceScript(self.chosen)
        try:
            if game.position is None:
                state = game.rules.new_state(game.options, game.seats, chance, None)
            else:
                state = game.rules.state_from_position(
                    _dealt(game.position, game.redeal_with, chance), chance, None
                )
        except ChanceNeeded as needed:
            self.chance = needed.probabilities
            return
        self.chance = []
        self.position = Position(game.rules, game.encoding, state)

    # -- the OpenSpiel state API ---------------------------------------------------------
    def current_player(self) -> int:
        position = self.position
        if position is None:
            return int(pyspiel.PlayerId.CHANCE)
        return int(pyspiel.PlayerId.TERMINAL) if position.current is None else int(position.current)

    def is_terminal(self) -> bool:
        return self.position is not None and self.position.outcome is not None

    def _legal_actions(self, player: int) -> list[int]:
        return [] if self.position is None else list(self.position.sorted_ids)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(outcome, chance) for outcome, chance in enumerate(self.chance) if chance > 0]

    def _apply_action(self, action: int) -> None:
        position = self.position
        if position is None:
            if not 0 <= action < len(self.chance) or self.chance[action] == 0:
                last = len(self.chance) - 1
                raise ValueError(f"chance outcome {action}: this node's outcomes are 0 to {last}")
            self.chosen = [*self.chosen, action]
            self._deal()
            return
        chosen = position.legal.get(action)
        if chosen is None:
            raise ValueError(f"action {action}: not legal now (legal: {position.sorted_ids})")
        game = self.spiel_game
        self.position = Position(game.rules, game.encoding, game.rules.apply(position.state, chosen))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance {action}"
        text: str = self.spiel_game.rules.format_action(self.spiel_game.encoding.actions[action])
        return text

    def returns(self) -> list[float]:
        outcome = None if self.position is None else self.position.outcome
        if outcome is None:
            return [0.0] * self.spiel_game.seats
        return list(outcome_rewards(outcome, self.spiel_game.seats))

    def resample_from_infostate(self, player: int, sampler: Any) -> CardtableSpielState:
        """A state the seat cannot tell from this one: its unseen cards dealt again (`determinize`)."""
        if self.position is None:
            raise ValueError("resample_from_infostate: the deal is not over")
        rules = self.spiel_game.rules
        rng = random.Random(int(sampler() * 2**53))
        state = rules.determinize(rules.view(self.position.state, player), rng)
        return CardtableSpielState(self.spiel_game, Position(rules, self.spiel_game.encoding, state))

    def view(self, seat: int | None) -> Any:
        """What `seat` (None: a spectator) may know now."""
        assert self.position is not None
        return self.spiel_game.rules.view(self.position.state, seat)

    def __str__(self) -> str:
        if self.position is None:
            return f"dealing: {len(self.chosen)} chance outcomes chosen"
        return json.dumps(self.view(None).to_json(with_log=False), sort_keys=True)


class SeatObserver:
    """OpenSpiel's observer of a seat: strings and the tensor from the seat's view alone."""

    def __init__(self, encoding: Encoding, perfect_recall: bool) -> None:
        self.encoding = encoding
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(encoding.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CardtableSpielState, player: int) -> None:
        """The seat's observation of its view (all 0 during the deal)."""
        if state.position is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = self.encoding.observe(state.view(player))

    def string_from(self, state: CardtableSpielState, player: int) -> str:
        """The seat's view as JSON, with its log under perfect recall."""
        if state.position is None:
            return f"seat {player}: dealing"
        view = state.view(player).to_json(with_log=self.perfect_recall)
        return f"seat {player}: " + json.dumps(view, sort_keys=True, separators=(",", ":"))


def _game_class(name: str) -> type[CardtableSpielGame]:
    # pyspiel is handed a class per game (a factory function it keeps aborts the process at exit).
    def __init__(self: CardtableSpielGame, params: Mapping[str, Any] | None = None) -> None:
        CardtableSpielGame.__init__(self, name, params)

    return type(f"Cardtable{name.capitalize()}SpielGame", (CardtableSpielGame,), {"__init__": __init__})


def register_games() -> None:
    """Register every shipped game with pyspiel (once: importing again changes nothing)."""
    registered = set(pyspiel.registered_names())
    for name in SHIPPED:
        if python_game_name(name) not in registered:
            rules = get_game(name)
            pyspiel.register_game(_game_type(rules, rules.min_seats), _game_class(name))


register_games()

"""One game at a table, as the environments see it: seeded deals, action ids, observations, rewards.

The environments (`aec.py`, `gym.py`) share this: it holds the state (the
only place in `cardtable.rl` that does), hands each seat the observation of
its own view, takes actions by id, and scores a finished game.  Rewards come
at the end only: with `reward="outcome"`, 1 to a sole winner, -1 to each
loser, 1 shared among the winners when several share the win (0.5 each of
two), and 0 to everyone when every seat shares it (a draw); with
`reward="score"`, each seat's points as the game's outcome gives them.

Once the game is over a seat's mask holds one id, `FINAL_ID`, and no id is
played any more: a policy handed the final observation (as Gymnasium's
autoreset hands it) gets a finite masked distribution, never an all-zero mask.
`info` holds numbers of fixed shapes only (libraries stack it into buffers);
the outcome and refusals in words are added with `info_words=True`.
"""

from __future__ import annotations

import io
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from rich.console import Console

from cardtable.bots.learned import Encoding, encoding_for
from cardtable.bots.learned.observer import Observer
from cardtable.core.chance import SEED_BITS, fresh_seed, make_rng
from cardtable.core.errors import IllegalActionError
from cardtable.core.game import Outcome
from cardtable.core.players import Bot
from cardtable.frontends.screens import outcome_summary, render_view
from cardtable.games import AnyGame, get_game

REWARDS = ("outcome", "score")
#: The one id a finished game's mask holds (never played: the episode is over).
FINAL_ID = 0
#: Width of a rendered screen, in characters.
SCREEN_WIDTH = 100


def outcome_rewards(outcome: Outcome, seats: int) -> tuple[float, ...]:
    """Win 1, loss -1, a win shared among k seats 1/k each, a draw among all 0."""
    winners = outcome.winners
    if len(winners) == seats:
        return (0.0,) * seats
    return tuple(1.0 / len(winners) if seat in winners else -1.0 for seat in range(seats))


class Table:
    """A game being played by seats that act by integer id and see observations of their views."""

    def __init__(
        self,
        game: str | AnyGame,
        seats: int | None = None,
        preset: str | None = None,
        reward: str = "outcome",
        illegal_reward: float | None = None,
        options: Mapping[str, object] | None = None,
        info_words: bool = False,
    ) -> None:
        self.game: AnyGame = get_game(game) if isinstance(game, str) else game
        rules = self.game
        self.seats = rules.min_seats if seats is None else seats
        if not isinstance(self.seats, int) or not rules.min_seats <= self.seats <= rules.max_seats:
            raise ValueError(f"seats={seats!r}: {rules.title} is played by {rules.seat_range} seats")
        if reward not in REWARDS:
            raise ValueError(f"reward={reward!r}: the rewards are {' or '.join(map(repr, REWARDS))}")
        if illegal_reward is not None and not isinstance(illegal_reward, int | float):
            raise ValueError(f"illegal_reward={illegal_reward!r}: a number, or None to refuse illegal ids")
        if not isinstance(info_words, bool):
            raise ValueError(f"info_words={info_words!r}: True or False")
        self.info_words = info_words
        self.options = rules.option_table.resolve(preset, options or {})
        self.reward = reward
        self.illegal_reward = illegal_reward
        self.encoding: Encoding = encoding_for(rules.name)
        self.seed = 0
        self.state: Any = None
        self.steps = 0
        #: The legal actions now, in the rules' order, (once asked for) their ids, and the seat to act.
        self._actions: list[Any] = []
        self._ids: list[int] | None = None
        self._current: int | None = None
        self._observed: dict[int, npt.NDArray[np.float32]] = {}
        self._observer = self._new_observer()
        #: A mask of zeros (as bytes): each mask starts from a copy.
        self._no_ids = bytes(self.encoding.action_count)

    # -- the spaces (a new object each time: each agent seeds its own) ------------------
    def action_space(self) -> spaces.Discrete:
        """One id per possible action of the game."""
        return spaces.Discrete(self.encoding.action_count)

    def observation_space(self) -> spaces.Dict:
        """The observation array (every entry in [0, 1], or [-1, 1] in signed parts) and the mask."""
        return spaces.Dict(
            {
                "observation": spaces.Box(low=self.encoding.layout.lowest(), high=1.0, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(self.encoding.action_count,), dtype=np.int8),
            }
        )

    def _new_observer(self) -> Observer | None:
        make = self.encoding.observer
        return make() if make is not None else None

    # -- a new deal --------------------------------------------------------------------
    def deal(self, seed: int) -> None:
        """A new game, its deal (and first seat) drawn from `seed` as a Match would draw it."""
        self.seed = seed
        self.state = self.game.new_state(self.options, self.seats, make_rng(seed, "deal"), None)
        self.steps = 0
        self._list_legal()

    def _list_legal(self) -> None:
        # The ids are numbered when first asked for: a bot's move (the Gymnasium opponents') needs none.
        state = self.state
        self._actions = list(self.game.legal_actions(state))
        self._ids = None
        # Looked up once a position: the mask, the step and the agent selection each ask.
        self._current = self.game.current_seat(state)
        # A new position: no seat's observation of it is encoded yet.
        self._observed.clear()

    @property
    def _legal_ids(self) -> list[int]:
        """The ids of the legal actions now, in the rules' order (the action of `ids[k]` is `_actions[k]`)."""
        ids = self._ids
        if ids is None:
            ids = self._ids = self.encoding.action_ids(self._actions)
        return ids

    # -- copies and pickles: the game by its registered name, the legal actions listed again ------
    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        # A game holds functions that do not pickle, and the legal actions are the game's interned
        # objects, which a copy would duplicate; both are found again from the game's name and the state.
        if get_game(self.game.name) is self.game:
            state["game"] = self.game.name
        del state["_actions"], state["_ids"], state["_current"], state["_observed"], state["_observer"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        if isinstance(self.game, str):
            self.game = get_game(self.game)
        self._actions, self._ids, self._current, self._observed = [], None, None, {}
        self._observer = self._new_observer()
        if self.state is not None:
            self._list_legal()

    # -- what a seat sees --------------------------------------------------------------------
    @property
    def current_seat(self) -> int | None:
        """The seat that must act, or None when the game is over."""
        return self._current

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        outcome: Outcome | None = self.game.outcome(self.state)
        return outcome

    def view(self, seat: int | None) -> Any:
        """What `seat` (None: a spectator) may know now."""
        return self.game.view(self.state, seat)

    def observe(self, seat: int, over: bool = False) -> dict[str, npt.NDArray[Any]]:
        """The seat's observation of its own view, and its mask (`mask`).

        A seat's view is encoded once per position: asked again before the next action (an AEC loop's
        `last()` then `observe()`, a checker), it gets a copy of the same entries.
        """
        observer = self._observer
        if observer is not None:
            # The observer keeps each seat's entries: asked again at the same position, a copy of them.
            observed = observer.again(seat) if seat in self._observed else observer.observe(self.state, seat)
            self._observed[seat] = observed
            return {"observation": observed, "action_mask": self.mask(seat, over)}
        observation = self._observed.get(seat)
        if observation is None:
            direct = self.encoding.observe_state
            if direct is not None:
                encoded = direct(self.state, seat)
            else:
                encoded = self.encoding.observe(self.view(seat))
            observation = self._observed[seat] = encoded
        return {"observation": observation.copy(), "action_mask": self.mask(seat, over)}

    def mask(self, seat: int, over: bool = False) -> npt.NDArray[np.int8]:
        """The seat's legal ids while it acts, all 0 while another seat acts, and `FINAL_ID` alone once
        the game (or, `over`, the episode) is over."""
        # Filled in as bytes, then viewed as an array (owning its bytes): numpy's own indexing by a
        # list of ids converts the list first, which cost more than the loop (callgrind: 18.4k
        # instructions against 14.3k for 25 ids).
        mask = bytearray(self._no_ids)
        current = self._current
        if over or current is None:
            mask[FINAL_ID] = 1
        elif seat == current:
            for action_id in self._legal_ids:
                mask[action_id] = 1
        return np.frombuffer(mask, dtype=np.int8)

    def info(self, refusal: str | None = None) -> dict[str, Any]:
        """What `info` holds: numbers of fixed shapes, and with `info_words` the refusal and outcome in words.

        `illegal` is 1 when the id just tried was refused (and charged), else 0; `winners` has 1 for each
        seat that won and `scores` each seat's points, both 0 until the game is over.
        """
        return self._info(self.outcome, refusal)

    def infos(self) -> list[dict[str, Any]]:
        """Each seat's `info` with no refusal (the outcome looked up once for them all)."""
        outcome = self.outcome
        return [self._info(outcome, None) for _ in range(self.seats)]

    def _info(self, outcome: Outcome | None, refusal: str | None) -> dict[str, Any]:
        # New arrays every time: a library keeps the infos handed to it (Gymnasium's checker insists).
        winners = np.zeros(self.seats, dtype=np.int8)
        scores = np.zeros(self.seats, dtype=np.float32)
        if outcome is not None:
            winners[list(outcome.winners)] = 1
            scores[:] = outcome.scores
        info: dict[str, Any] = {"illegal": int(refusal is not None), "winners": winners, "scores": scores}
        if self.info_words:
            if refusal is not None:
                info["refusal"] = refusal
            if outcome is not None:
                info["outcome"] = {
                    "winners": list(outcome.winners),
                    "scores": list(outcome.scores),
                    "ending": outcome.ending,
                    "reason": outcome.reason,
                }
        return info

    def legal_ids(self) -> list[int]:
        """The ids the current seat may play, in the rules' order."""
        return list(self._legal_ids)

    # -- acting ---------------------------------------------------------------------------
    def check_id(self, action: object) -> int:
        """The action as an id in range (ValueError naming it if it is not one)."""
        count = self.encoding.action_count
        if type(action) is int and 0 <= action < count:
            return action
        if isinstance(action, np.ndarray) and action.shape in ((), (1,)) and action.dtype.kind in "iu":
            action = action.item()  # what a policy's predict() returns for one observation
        if isinstance(action, bool) or not isinstance(action, int | np.integer) or not 0 <= action < count:
            raise ValueError(f"action {action!r}: an action is an integer id from 0 to {count - 1}")
        return int(action)

    def refusal(self, action_id: int) -> str | None:
        """Why the id cannot be played now (the engine's words), or None when it is legal."""
        if action_id in self._legal_ids:
            return None
        action = self.encoding.action_of(action_id, self._actions)
        if action is None:
            count = len(self._actions)
            return f"there are {count} legal actions now, ids 0 to {count - 1}"
        return self.game.explain_illegal(self.state, action)

    def refused(self, action_id: int, refusal: str) -> IllegalActionError:
        """The error for an illegal id a learner tried, saying what was wrong and what the options are.

        A library's checks step an id drawn from the whole space and report any error in their own
        words (RLlib's as an "old gym API"); the note, printed with the error as its cause, says it.
        """
        error = IllegalActionError(self.action_text(action_id), refusal)
        error.add_note(
            f"cardtable.rl: id {action_id} is not in the acting agent's action_mask; choose among the ids "
            "the mask marks, or make the environment with illegal_reward=NUMBER to charge illegal ids "
            "instead of refusing them"
        )
        return error

    def play(self, action_id: int) -> None:
        """Play a legal id (IllegalActionError with the engine's reason if it is not legal)."""
        try:
            index = self._legal_ids.index(action_id)
        except ValueError:
            raise IllegalActionError(self.action_text(action_id), self.refusal(action_id) or "") from None
        self.state = self.game.apply(self.state, self._actions[index])
        self.steps += 1
        self._list_legal()

    def play_bot(self, bot: Bot[Any, Any], rng: random.Random) -> None:
        """Let a bot choose, from the current seat's view, and play its choice."""
        legal = self._actions
        # A bot that reads no view (the random one) draws as `choose` would, and no view is built for it.
        blind = getattr(bot, "choose_blind", None)
        action = (
            blind(legal, rng) if blind is not None else bot.choose(self.view(self.current_seat), legal, rng)
        )
        self.state = self.game.apply(self.state, action)
        self.steps += 1
        self._list_legal()

    def final_rewards(self) -> tuple[float, ...]:
        """Each seat's reward for the finished game."""
        outcome = self.outcome
        assert outcome is not None
        if self.reward == "score":
            return tuple(float(points) for points in outcome.scores)
        return outcome_rewards(outcome, self.seats)

    def action_text(self, action_id: int) -> str:
        """An id in the game's notation (`#N` for an id that stands for no action now)."""
        action = self.encoding.action_of(action_id, self._actions)
        if action is None:
            return f"#{action_id}"
        text: str = self.game.format_action(action)
        return text

    # -- the screen --------------------------------------------------------------------
    def screen(self, seat: int | None, color: bool) -> str:
        """The terminal screen of the seat's view (None: a spectator), as text; once over, how it ended."""
        names = [f"Seat {index + 1}" for index in range(self.seats)]
        output = io.StringIO()
        console = Console(
            file=output, width=SCREEN_WIDTH, force_terminal=color, color_system="standard" if color else None
        )
        console.print(render_view(self.game.name, self.view(seat), names))
        outcome = self.outcome
        if outcome is not None:
            console.print(outcome_summary(outcome, names, [f"{self.steps} actions"]))
        return output.getvalue()


class EpisodeSeeds:
    """The seed of each episode: the one `reset(seed=...)` gives, then a stream drawn from it.

    A seeded reset deals as `Match(game, seed=seed)` deals; the resets after it
    draw their seeds from a generator derived from that seed, so a run of
    episodes repeats from its first seed.  Before any seed is given the stream
    starts from a fresh one.
    """

    def __init__(self) -> None:
        self._stream: random.Random | None = None

    def next(self, seed: int | None) -> int:
        """The seed of the next episode, given the seed passed to reset (if any)."""
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
                raise ValueError(f"seed={seed!r}: a seed is a whole number, 0 or more")
            self._stream = make_rng(int(seed), "episodes")
            return int(seed)
        if self._stream is None:
            self._stream = make_rng(fresh_seed(), "episodes")
        return self._stream.getrandbits(SEED_BITS)

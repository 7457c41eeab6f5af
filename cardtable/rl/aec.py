"""A PettingZoo AEC environment for any cardtable game: every seat an agent, acting in turn.

Agents are named `seat_0`, `seat_1`, ... (seats from 0, as in the Python API).
Each observation is a dict: `observation`, the float32 array of the agent's
own view (docs/rl.md gives each game's layout), and `action_mask`, 1 for each
id the agent may play now (all 0 when it is not its turn, `FINAL_ID` alone
once the episode is over).  An illegal id is refused with IllegalActionError
and the engine's reason, or, with `illegal_reward` set, costs the agent that
reward and changes nothing.  Each agent's info holds numbers of fixed shapes
(`Table.info`), the outcome in words too with `info_words=True`.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy.typing as npt
from pettingzoo import AECEnv

from cardtable.games import AnyGame
from cardtable.rl.table import EpisodeSeeds, Table

RENDER_MODES = ("human", "ansi")


def check_render_mode(render_mode: str | None) -> None:
    """Refuse (ValueError) a render mode the environments do not have; None renders nothing."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode={render_mode!r}: the modes are {', '.join(RENDER_MODES)} or None")


class CardtableAEC(AECEnv[str, dict[str, npt.NDArray[Any]], int]):
    """Every seat of a cardtable game as an agent of PettingZoo's agent-environment cycle."""

    def __init__(
        self,
        game: str | AnyGame,
        *,
        seats: int | None = None,
        preset: str | None = None,
        reward: str = "outcome",
        illegal_reward: float | None = None,
        max_steps: int | None = None,
        render_mode: str | None = None,
        info_words: bool = False,
        **options: object,
    ) -> None:
        super().__init__()
        check_render_mode(render_mode)
        if max_steps is not None and (not isinstance(max_steps, int) or max_steps < 1):
            raise ValueError(f"max_steps={max_steps!r}: a whole number of actions, 1 or more, or None")
        self.table = Table(game, seats, preset, reward, illegal_reward, options, info_words)
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": list(RENDER_MODES),
            "name": f"cardtable_{self.table.game.name}",
            "is_parallelizable": False,
            "render_fps": 1,
        }
        self.possible_agents = [f"seat_{seat}" for seat in range(self.table.seats)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {agent: self.table.observation_space() for agent in self.possible_agents}
        self.action_spaces = {agent: self.table.action_space() for agent in self.possible_agents}
        self._seeds = EpisodeSeeds()
        self._steps = 0
        self._plain_infos = False
        self._rewards_cleared = False
        self.agents: list[str] = []

    # -- the spaces -------------------------------------------------------------------
    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The same Dict space for every agent: the observation and the action mask."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The same Discrete space for every agent: one id per possible action of the game."""
        return self.action_spaces[agent]

    def seat_of(self, agent: str) -> int:
        """The seat (from 0) an agent plays."""
        return self._seat_of[agent]

    # -- the cycle ----------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: dealt from `seed` as `Match(game, seed=seed)` deals it (`options` is unused)."""
        self.table.deal(self._seeds.next(seed))
        self._steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: self.table.info() for agent in self.agents}
        self._plain_infos = True
        self._rewards_cleared = False
        self._select_current()

    def _select_current(self) -> None:
        seat = self.table.current_seat
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """The agent's observation of its own view, with its action mask."""
        over = agent not in self.agents or self.terminations[agent] or self.truncations[agent]
        return self.table.observe(self._seat_of[agent], over)

    def step(self, action: int | None) -> None:
        """The selected agent plays the action with this id (None for an agent whose game is over)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            self._rewards_cleared = False
            return
        table = self.table
        action_id = table.check_id(action)
        refusal, penalty = table.refusal(action_id), table.illegal_reward
        if refusal is not None and penalty is None:
            raise table.refused(action_id, refusal)
        self._cumulative_rewards[agent] = 0.0
        # Rewards come at the end (or with a penalty): until then they stay cleared, and adding them
        # to the cumulative rewards would add nothing.
        if not self._rewards_cleared:
            self._clear_rewards()
            self._rewards_cleared = True
        # An illegal id tried counts too: agents that try nothing else still reach max_steps.
        self._steps += 1
        if refusal is not None and penalty is not None:
            # A penalty instead of an error: the agent pays, nothing else changes, it acts again.
            self.rewards[agent] = float(penalty)
            self._rewards_cleared = False
        else:
            table.play(action_id)
        outcome = table.outcome
        # While the game goes on and nothing is refused, every info is as the last step left it (fixed
        # numbers, never written into): the same dicts stay.
        if refusal is not None or outcome is not None or not self._plain_infos:
            infos = table.infos()
            self.infos = {name: infos[self._seat_of[name]] for name in self.agents}
            self._plain_infos = refusal is None and outcome is None
        if refusal is not None:
            self.infos[agent] = table.info(refusal)
        if outcome is not None:
            self.rewards.update(zip(self.agents, table.final_rewards(), strict=True))
            self._rewards_cleared = False
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_steps is not None and self._steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self._select_current()
        if not self._rewards_cleared:
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # -- the screen ------------------------------------------------------------------------
    def render(self) -> str | None:
        """The screen of the seat to act (a spectator's once the game is over), printed or as text."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called with no render_mode (give 'human' or 'ansi')")
            return None
        seat = self.table.current_seat if self.agents and self.table.outcome is None else None
        if self.render_mode == "ansi":
            return self.table.screen(seat, color=False)
        print(self.table.screen(seat, color=True), end="")
        return None

    def close(self) -> None:
        """Nothing to release: the environment holds no window, file or process."""

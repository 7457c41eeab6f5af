"""Every game registered with Gymnasium, so `gymnasium.make` and `gymnasium.make_vec` build it by id.

    import cardtable.rl, gymnasium
    env = gymnasium.make("cardtable/drump-v0", opponents=["heuristic"])
    envs = gymnasium.make_vec("cardtable/scout-v0", num_envs=8, opponents=["random", "random"])

The id `cardtable/GAME-v0` makes `CardtableGym(GAME, **keywords)`.  Without
importing cardtable.rl first, `gymnasium.make("cardtable.rl:cardtable/drump-v0")`
imports it (Gymnasium's `module:id` form), as a worker process may need.
A game registered later gets its id by calling `register_games()` again.
"""

from __future__ import annotations

import gymnasium

from cardtable.games import game_names


def env_id(game: str) -> str:
    """The Gymnasium id of a game's single-seat environment."""
    return f"cardtable/{game}-v0"


def register_games() -> None:
    """Register the Gymnasium environment of each game known (a game once: calling again adds new ones)."""
    for game in game_names():
        if env_id(game) not in gymnasium.registry:
            gymnasium.register(
                id=env_id(game), entry_point="cardtable.rl.gym:CardtableGym", kwargs={"game": game}
            )

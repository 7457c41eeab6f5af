"""Players that are programs, by name: `random`, `ismcts`, and each game's own bots (`heuristic`).

Budgets are written after the name: `ismcts:2` thinks 2 seconds a move,
`ismcts@500` runs 500 iterations a move (the same moves on any machine for a
given seed); plain `ismcts` runs 1,000 iterations.  `cheat@N` is MCTS on the
true state, a reference for benchmarks that is never offered as an opponent.
`policy:FILE` plays by a policy network trained with `cardtable.rl` (needs numpy).
"""

from __future__ import annotations

from typing import Any

from cardtable.bots.ismcts import CheatingMCTSBot, ISMCTSBot
from cardtable.core.errors import UnknownNameError
from cardtable.core.game import ActionT, Game, OptionsT, StateT, ViewT
from cardtable.core.players import Bot, Player, RandomBot, StateBot
from cardtable.games import AnyGame

#: Iterations a move when a tree-search bot is named without a budget.
DEFAULT_ITERATIONS = 1000
SEARCH_BOTS: dict[str, type[ISMCTSBot] | type[CheatingMCTSBot]] = {
    "ismcts": ISMCTSBot,
    "cheat": CheatingMCTSBot,
}


def bot_names(game: AnyGame) -> list[str]:
    """Every bot that can play `game` against people."""
    return ["random", *sorted(game.bots), "ismcts"]


def _budget(spec: str, name: str, rest: str) -> dict[str, Any]:
    if not rest:
        return {"iterations": DEFAULT_ITERATIONS}
    marker, number = rest[0], rest[1:]
    try:
        if marker == ":":
            seconds = float(number)
            if seconds > 0:
                return {"iterations": None, "seconds": seconds}
        elif marker == "@":
            iterations = int(number)
            if iterations > 0:
                return {"iterations": iterations}
    except ValueError:
        pass
    raise UnknownNameError(
        f"bad budget in {spec!r}: write {name}:SECONDS (like {name}:2) or {name}@ITERATIONS ({name}@500)"
    )


def make_bot(spec: str, game: Game[StateT, ActionT, ViewT, OptionsT]) -> Player[StateT, ActionT, ViewT]:
    """The bot named by `spec` (`random`, `heuristic`, `ismcts`, `ismcts:2`, `ismcts@500`) for `game`."""
    text = spec.strip().lower()
    if text == "random":
        return RandomBot()
    for name, kind in SEARCH_BOTS.items():
        if text == name or text.startswith((name + ":", name + "@")):
            bot: Player[StateT, ActionT, ViewT] = kind(game, **_budget(spec, name, text[len(name) :]))
            return bot
    if text.startswith("policy:"):
        from cardtable.bots.learned import policy_bot

        return policy_bot(spec.strip()[len("policy:") :], game.name)
    factories = game.bots
    if text in factories:
        made: Bot[ViewT, ActionT] = factories[text]()
        return made
    raise UnknownNameError(f"unknown bot {spec!r} for {game.name}; bots: {', '.join(bot_names(game))}")


def make_opponent(spec: str, game: Game[StateT, ActionT, ViewT, OptionsT]) -> Bot[ViewT, ActionT]:
    """A bot that may play against people: anything but the state-reading reference."""
    bot = make_bot(spec, game)
    if isinstance(bot, StateBot):
        raise UnknownNameError(
            f"{spec!r} reads every hidden card; it is a benchmark reference, not an opponent"
        )
    return bot


def is_search_spec(spec: str) -> bool:
    """Whether a player spec names a tree-search bot (with or without a budget)."""
    text = spec.strip().lower()
    return any(text == name or text.startswith((name + ":", name + "@")) for name in SEARCH_BOTS)

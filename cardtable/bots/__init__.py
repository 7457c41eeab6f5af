"""Players that are programs, by name: `random`, `ismcts`, and each game's own bots (`heuristic`).

Budgets are written after the name, spent on each decision: `ismcts:2` thinks 2 seconds,
`ismcts@500` runs 500 iterations (the same moves on any machine for a
given seed); plain `ismcts` runs 1,000 iterations.  A number of searches
may follow (root-parallel search, `bots.parallel`): `ismcts@500/4` runs 4
searches of 500 iterations from the same view and adds their visits up (the
same moves on any machine), `ismcts:2/4` up to 4 searches of 2 seconds in
as many processes; `ismcts:2` alone searches in every core the process
may use, `ismcts:2/1` in one.  A budget is more than 0
and at most an hour or ten million iterations a decision (`core.jsonio`'s
limits).  `cheat@N` is MCTS on the true state, a reference for benchmarks
that is never offered as an opponent.
`policy:FILE` plays by a policy network trained with `cardtable.rl` (needs numpy);
`ismcts+net@500:FILE` searches guided by a policy-value network (`bots.guided`).
The levels `easy`, `medium`, `hard` and `expert` name one of these per game
(`bots.levels`), with a rating each.
"""

from __future__ import annotations

import math
from typing import Any

from cardtable.bots.ismcts import CheatingMCTSBot, ISMCTSBot
from cardtable.bots.levels import LEVELS, is_level, level_bot, resolve_level
from cardtable.bots.parallel import RootParallelBot
from cardtable.bots.sloppy import SloppyBot
from cardtable.core.errors import UnknownNameError
from cardtable.core.game import ActionT, Game, OptionsT, StateT, ViewT
from cardtable.core.jsonio import MAX_JOBS, MAX_SEARCH_ITERATIONS, MAX_SEARCH_SECONDS
from cardtable.core.players import Bot, Player, RandomBot, StateBot
from cardtable.games import AnyGame, game_names

#: The network-guided search's name (`ismcts+net@500:FILE`, bots/guided.py).
GUIDED = "ismcts+net"
#: Iterations a move when a tree-search bot is named without a budget.
DEFAULT_ITERATIONS = 1000
SEARCH_BOTS: dict[str, type[ISMCTSBot] | type[CheatingMCTSBot]] = {
    "ismcts": ISMCTSBot,
    "cheat": CheatingMCTSBot,
}


def bot_names(game: AnyGame) -> list[str]:
    """Every bot that can play `game` against people: the levels, then the kinds they are made of."""
    return [*LEVELS, "random", *sorted(game.bots), "ismcts"]


def _budget(spec: str, name: str, rest: str) -> dict[str, Any]:
    """The search budget written after a bot's name, and its searches after a slash, checked.

    The budget is refused unless finite and within the limits; `workers` is
    the number of searches written (None when none is, 0 for a time budget
    without one: as many as there are cores).
    """
    rest, slash, searches = rest.partition("/")
    budget = _one_budget(spec, name, rest)
    if slash:
        # A count of thousands of digits is refused by its length alone.
        workers = int(searches) if searches.isascii() and searches.isdigit() and len(searches) <= 3 else 0
        if name != "ismcts" or not 0 < workers <= MAX_JOBS:
            raise UnknownNameError(
                f"bad searches in {spec!r}: write ismcts@ITERATIONS/SEARCHES (like ismcts@500/4) "
                f"with 1 to {MAX_JOBS} searches"
            )
        budget["workers"] = workers
    else:
        budget["workers"] = 0 if budget.get("seconds") is not None and name == "ismcts" else None
    return budget


def _one_budget(spec: str, name: str, rest: str) -> dict[str, Any]:
    """The budget of each search, refused unless finite and within the limits."""
    if not rest:
        return {"iterations": DEFAULT_ITERATIONS}
    marker, number = rest[0], rest[1:]
    how = f"write {name}:SECONDS (like {name}:2) or {name}@ITERATIONS ({name}@500)"
    if marker == ":":
        try:
            seconds = float(number)
        except ValueError:
            raise UnknownNameError(f"bad budget in {spec!r}: {how}") from None
        # A search with no end in sight never returns (issue 9): inf, nan and 1e308 are refused.
        if not (math.isfinite(seconds) and 0 < seconds <= MAX_SEARCH_SECONDS):
            raise UnknownNameError(
                f"bad budget in {spec!r}: a search thinks more than 0 and at most "
                f"{MAX_SEARCH_SECONDS} seconds a move"
            )
        return {"iterations": None, "seconds": seconds}
    if marker == "@" and number.isascii() and number.isdigit():
        # Thousands of digits would take Python itself a long time to read: the length says enough.
        iterations = int(number) if len(number) <= len(str(MAX_SEARCH_ITERATIONS)) else 0
        if not 0 < iterations <= MAX_SEARCH_ITERATIONS:
            raise UnknownNameError(
                f"bad budget in {spec!r}: a search runs 1 to {MAX_SEARCH_ITERATIONS:,} iterations a move"
            )
        return {"iterations": iterations}
    raise UnknownNameError(f"bad budget in {spec!r}: {how}")


def make_bot(spec: str, game: Game[StateT, ActionT, ViewT, OptionsT]) -> Player[StateT, ActionT, ViewT]:
    """The bot named by `spec` (a level, `random`, `heuristic`, `ismcts:2`, `ismcts@500`, ...) for `game`."""
    if is_level(spec):
        return make_bot(resolve_level(spec, game.name), game)
    text = spec.strip().lower()
    if text.startswith(GUIDED):
        from cardtable.bots.guided import guided_bot

        guided: Player[StateT, ActionT, ViewT] = guided_bot(spec, game)
        return guided
    if "~" in text and not text.startswith("policy:"):
        sloppy: Player[StateT, ActionT, ViewT] = _sloppy(spec, text, game)
        return sloppy
    if text == "random":
        return RandomBot()
    for name, kind in SEARCH_BOTS.items():
        if text == name or text.startswith((name + ":", name + "@")):
            budget = _budget(spec, name, text[len(name) :])
            workers = budget.pop("workers")
            if workers is None or workers == 1:
                bot: Player[StateT, ActionT, ViewT] = kind(game, **budget)
                return bot
            return RootParallelBot(game, workers=workers or None, **budget)
    if text.startswith("policy:"):
        from cardtable.bots.learned import policy_bot

        return policy_bot(spec.strip()[len("policy:") :], game.name)
    factories = game.bots
    if text in factories:
        made: Bot[ViewT, ActionT] = factories[text]()
        return made
    raise UnknownNameError(f"unknown bot {spec!r} for {game.name}; bots: {', '.join(bot_names(game))}")


def _sloppy(spec: str, text: str, game: AnyGame) -> Any:
    """`KIND~P`: the game's bot KIND (or random) making a random move with probability P (0 to 1)."""
    kind, _, rate = text.partition("~")
    try:
        mistakes = float(rate)
    except ValueError:
        mistakes = math.nan
    if kind not in ("random", *game.bots) or not 0.0 <= mistakes <= 1.0:
        raise UnknownNameError(
            f"bad bot {spec!r}: write KIND~P (like heuristic~0.5), KIND one of random, "
            f"{', '.join(sorted(game.bots))} and P the share of random moves, from 0 to 1"
        )
    return SloppyBot(make_bot(kind, game), mistakes, text)


def make_opponent(spec: str, game: Game[StateT, ActionT, ViewT, OptionsT]) -> Bot[ViewT, ActionT]:
    """A bot that may play against people: anything but the state-reading reference."""
    bot = make_bot(spec, game)
    if isinstance(bot, StateBot):
        raise UnknownNameError(
            f"{spec!r} reads every hidden card; it is a benchmark reference, not an opponent"
        )
    return bot


def search_budget(spec: str, game: str | None = None) -> tuple[float, str] | None:
    """A tree-search bot's budget a decision, as (amount, "seconds" or "iterations"); None for other bots.

    The budget is read as `make_bot` reads it (UnknownNameError for a bad one): one reader for all.
    Root-parallel searches run at the same time, so `ismcts:2/4` is 2 seconds a decision, but their
    iterations add up: `ismcts@500/4` is 2,000 iterations (a server's limits count the work).
    A level's budget is its bot's in `game` (in no game named: the largest any game gives it).
    """
    if is_level(spec):
        budgets = [search_budget(bot) for bot in _level_bots(spec, game)]
        found = [budget for budget in budgets if budget is not None]
        return max(found) if found else None
    text = spec.strip().lower()
    for name in SEARCH_BOTS:
        if text == name or text.startswith((name + ":", name + "@")):
            budget = _budget(spec, name, text[len(name) :])
            if budget.get("seconds") is not None:
                return float(budget["seconds"]), "seconds"
            return float(budget["iterations"] * (budget["workers"] or 1)), "iterations"
    return None


def is_search_spec(spec: str, game: str | None = None) -> bool:
    """Whether a player spec names a tree-search bot (with or without a budget).

    A level does if its bot in `game` does (in no game named: in any game).
    """
    if is_level(spec):
        return any(is_search_spec(bot) for bot in _level_bots(spec, game))
    text = spec.strip().lower()
    if text.startswith(GUIDED):
        return True
    return any(text == name or text.startswith((name + ":", name + "@")) for name in SEARCH_BOTS)


def _level_bots(level: str, game: str | None) -> list[str]:
    """The bot a level names in `game`, or in every game that has levels (None)."""
    text = level.strip().lower()
    return [level_bot(text, name) for name in ([game] if game is not None else game_names())]

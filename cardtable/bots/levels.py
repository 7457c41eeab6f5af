"""Levels a player understands: `easy`, `medium`, `hard` and `expert`, each a named bot configuration.

A level is a name for one of the bots `make_bot` already knows, per game
(`LEVEL_BOTS`), so it plays, and is rated, exactly as that bot does.  Its
rating comes from an arena of every level and kind of the game
(`cardtable arena GAME --players levels --ratings FILE`, docs/bots.md): the
ratings are shipped in `ratings.json` beside this module, one Elo scale per
game, and shown wherever a level is offered (`/api/games`, the lobby).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from cardtable.core.errors import PathError
from cardtable.core.paths import os_reason, path_error, write_atomic

#: The levels, weakest first.
LEVELS = ("easy", "medium", "hard", "expert")
LEVEL_LABELS = {"easy": "Easy", "medium": "Medium", "hard": "Hard", "expert": "Expert"}
#: The bot each level names, the same in every game (a game may differ: GAME_LEVEL_BOTS).
LEVEL_BOTS = {"easy": "heuristic~0.5", "medium": "heuristic", "hard": "ismcts@500", "expert": "ismcts@2000"}
#: Levels that name another bot in one game.
GAME_LEVEL_BOTS: dict[str, dict[str, str]] = {}
#: The shipped ratings (written by `cardtable arena GAME --players levels --ratings FILE`).
RATINGS_FILE = Path(__file__).with_name("ratings.json")


def describe(spec: str) -> str:
    """What a level's bot is, for people choosing an opponent."""
    kind, _, mistakes = spec.partition("~")
    if mistakes:
        return f"the game's rule-based player, playing a random move {float(mistakes):.0%} of the time"
    if kind == "heuristic":
        return "the game's rule-based player: sound and predictable"
    if kind.startswith("ismcts@"):
        return f"a tree search of {int(kind[len('ismcts@') :]):,} tries a move"
    return spec


def level_bot(level: str, game: str) -> str:
    """The bot spec the level names in `game` (KeyError if `level` is not a level)."""
    return GAME_LEVEL_BOTS.get(game, {}).get(level) or LEVEL_BOTS[level]


def resolve_level(spec: str, game: str) -> str:
    """The bot spec a player spec names: a level's bot, or the spec itself (as written) if not a level."""
    text = spec.strip().lower()
    return level_bot(text, game) if text in LEVEL_BOTS else spec


def is_level(spec: str) -> bool:
    """Whether a player spec is one of the levels."""
    return spec.strip().lower() in LEVEL_BOTS


@lru_cache(maxsize=1)
def shipped_ratings() -> dict[str, Any]:
    """The ratings file's contents: by game, each rated entrant's Elo, interval and games."""
    try:
        data: dict[str, Any] = json.loads(RATINGS_FILE.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return data


def rating_of(spec: str, game: str) -> dict[str, Any] | None:
    """The shipped rating of a level or bot kind in `game` ({"elo", "interval", "games"}), if rated."""
    rated = shipped_ratings().get(game, {}).get("ratings", {})
    found = rated.get(spec.strip().lower())
    return dict(found) if found is not None else None


def rating_text(spec: str, game: str) -> str:
    """A rating as people read it (`Elo 1612 ± 41`), or `not rated yet`."""
    found = rating_of(spec, game)
    if found is None:
        return "not rated yet"
    return f"Elo {found['elo']:.0f} ± {found['interval']:.0f}"


def offered_levels(game: str) -> list[dict[str, str]]:
    """Each level as `/api/games` offers it: name, label, the bot it names, what it is, its rating."""
    return [
        {
            "name": level,
            "label": LEVEL_LABELS[level],
            "bot": level_bot(level, game),
            "about": describe(level_bot(level, game)),
            "rating": rating_text(level, game),
        }
        for level in LEVELS
    ]


def rated_entrants(game: str, kinds: list[str]) -> list[str]:
    """An arena's entrants to rate every level and kind of `game`: the levels, then each kind of bot
    (`kinds`, as `bot_names` lists them) that is not already some level's bot."""
    named = {level_bot(level, game) for level in LEVELS}
    return [*LEVELS, *(kind for kind in kinds if kind not in LEVEL_BOTS and kind not in named)]


def ratings_entry(
    game: str, entrants: list[str], elo: list[float], intervals: list[float], games: list[int], command: str
) -> dict[str, Any]:
    """A game's ratings as the ratings file holds them: each entrant's, and each kind a level is, too."""
    rated = {
        entrant: {"elo": round(rating, 1), "interval": round(interval, 1), "games": count}
        for entrant, rating, interval, count in zip(entrants, elo, intervals, games, strict=True)
    }
    for level in LEVELS:
        if level in rated:
            rated.setdefault(level_bot(level, game), rated[level])
    return {"command": command, "ratings": rated}


def read_ratings(path: Path) -> dict[str, Any]:
    """A ratings file's games and their ratings ({} if there is no file yet); PathError naming the
    file if it cannot be read or is not one (an arena checks it before its games, not after)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as problem:
        reason = os_reason(problem) if isinstance(problem, OSError) else "it is not UTF-8 text"
        raise PathError(f"cannot read ratings {str(path)!r}: {reason}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as problem:
        raise PathError(f"ratings file {str(path)!r} is not JSON: {problem}") from None
    if not isinstance(data, dict) or not all(isinstance(entry, dict) for entry in data.values()):
        raise PathError(f"ratings file {str(path)!r} is not a ratings file: it holds no object of games")
    return data


def write_ratings(path: Path, game: str, entry: dict[str, Any]) -> None:
    """Put one game's ratings into the ratings file at `path`, keeping the other games'."""
    data = read_ratings(path)
    data[game] = entry
    # Whole or not at all: the file holds every game's ratings, which a failed write must not lose.
    try:
        write_atomic(path, json.dumps(data, indent=1, sort_keys=True) + "\n")
    except OSError as problem:
        raise path_error(PathError, "write ratings", path, problem) from None
    shipped_ratings.cache_clear()


def ratings_markdown(game: str) -> str:
    """A game's shipped ratings as a Markdown table, strongest first (docs/bots.md holds it)."""
    entry = shipped_ratings().get(game, {})
    rated: dict[str, dict[str, Any]] = entry.get("ratings", {})
    # A kind that is a level is listed once, as the level.
    level_bots = {level_bot(level, game) for level in LEVELS}
    names = [name for name in rated if name in LEVEL_BOTS or name not in level_bots]
    rows = [f"| {game}: level or bot | Elo ± 95% | games |", "|---|---|---|"]
    for name in sorted(names, key=lambda name: -rated[name]["elo"]):
        shown = f"`{name}` (`{level_bot(name, game)}`)" if name in LEVEL_BOTS else f"`{name}`"
        found = rated[name]
        rows.append(f"| {shown} | {found['elo']:.0f} ± {found['interval']:.0f} | {found['games']} |")
    return "\n".join(rows) + "\n"

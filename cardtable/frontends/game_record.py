"""Where a terminal game is kept when it ends or is left: its file, its entry in the history."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.core.errors import CardtableError
from cardtable.core.match import Match
from cardtable.frontends import history
from cardtable.frontends.saves import save_game


def keep_finished(
    match: Match, humans: Sequence[int], save_path: str | None, keep_history: bool
) -> tuple[str, history.Entry | None]:
    """Save a finished game where asked; the words that say where it is kept (the seed, secret until
    now, first), and its history entry if it went into the history."""
    seed = f"The seed of this game was {match.seed}."
    kept: list[str] = []
    entry = None
    if save_path is not None:
        try:
            save_game(match, save_path, humans)
        except CardtableError as error:
            kept.append(str(error))
        else:
            kept.append(f"The replay is saved in {save_path} (cardtable replay {save_path}).")
    if keep_history:
        try:
            entry = history.record(match, humans)
        except CardtableError as error:
            kept.append(f"It could not be kept in your history: {error}")
        else:
            kept.append(f"It is game {entry.number} of your history (cardtable replay {entry.number}).")
    if not kept:
        kept.append("The game was not saved (type 'save FILE' during a game to keep it).")
    return " ".join([seed, *kept]), entry


def goodbye(save_path: str | None, saved_last_move: bool, moved: bool, asked_to_confirm: bool) -> str:
    """What a person leaving a game is told of where it is kept (a campaign keeps its duels itself)."""
    if save_path is not None and saved_last_move:
        return f"You left the game. It was last saved to {save_path}."
    if save_path is not None:
        return f"You left the game. Its last save, {save_path}, does not hold its last moves."
    if asked_to_confirm and moved:
        return "You left the game without saving it."
    return "You left the game."

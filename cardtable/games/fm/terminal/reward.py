"""The end of a won duel against a duelist at the terminal, as the PS1 shows it: the rank with its score
by criterion, the starchips and the card dropped (`games.fm.reward`).

Only the campaign has a collection to keep them in: a Free Duel played with
`cardtable play fm --vs DUELIST` shows what it would give and says it is not
kept; the campaign's own Free Duel ([2] in its menu) keeps it.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardtable.core.errors import UnknownNameError
from cardtable.core.match import Match
from cardtable.games.fm.duelists import find_duelist
from cardtable.games.fm.reward import Reward, duel_reward

KEPT = "Kept in your campaign's collection."
#: Said when the winnings have no collection to go to.
NOT_KEPT = (
    "Not kept: only the campaign has a collection. Play Free Duel from `cardtable campaign` "
    "([2] free duel) to keep the card and the starchips."
)


def reward_panel(reward: Reward, kept: bool) -> RenderableType:
    """The rank, its score by criterion, the starchips and the dropped card; and where they go."""
    data = reward.to_json()
    head = Text(f"Rank {data['rank']} (score {data['score']}) against {data['duelist_name']}", style="bold")
    table = Table(box=None, padding=(0, 2), show_header=True, header_style="dim")
    table.add_column("criterion")
    table.add_column("count", justify="right")
    table.add_column("points", justify="right")
    table.add_row("start", "", str(data["start"]))
    for row in data["criteria"]:
        table.add_row(row["criterion"], str(row["value"]), f"{row['points']:+d}")
    table.add_row(data["ending"]["how"], "", f"{data['ending']['points']:+d}")
    table.add_row(Text("score", style="bold"), "", Text(str(data["score"]), style="bold"))
    won = Text(
        f"{data['starchips']} starchips, and the card dropped ({data['pool']} pool): {data['dropped']}"
    )
    where = Text(
        "Kept in your campaign's collection." if kept else NOT_KEPT, style="green" if kept else "yellow"
    )
    return Group(head, table, won, where)


def free_duel_epilogue(match: Match[Any, Any, Any, Any]) -> RenderableType | None:
    """After a Free Duel won against a duelist (seat 2 named after it): what it gives, not kept.

    A campaign duel shows its own (the campaign keeps it); a duel against a person or a bot gives nothing.
    """
    from cardtable.games.fm.terminal.campaign import StoredMatch

    if isinstance(match, StoredMatch) or match.outcome is None or len(match.players) != 2:
        return None
    try:
        duelist = find_duelist(match.players[1])
    except UnknownNameError:
        return None
    reward = duel_reward(match.state, 0, duelist, match.seed)
    return None if reward is None else reward_panel(reward, kept=False)

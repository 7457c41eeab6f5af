"""A won Free Duel ends as on the PS1: the rank with its score by criterion, the starchips and the card
dropped, drawn with the match's seeded chance; only the campaign keeps them (issue 25)."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

from rich.console import Console

from cardtable.core.chance import make_rng
from cardtable.core.match import Match
from cardtable.frontends.terminal import TerminalGame
from cardtable.games.fm import GAME
from cardtable.games.fm.ai import DuelistAI
from cardtable.games.fm.rank import drop, rank, rank_score
from cardtable.games.fm.reward import CRITERIA, duel_reward
from cardtable.games.fm.terminal.reward import NOT_KEPT, free_duel_epilogue
from tests.fm.helpers import duel, monster

#: Seat 1 wins on this attack: Blue-eyes White Dragon against 2,000 LP and an empty field.
LETHAL = duel(monsters=({1: monster("Blue-eyes White Dragon")}, {}), phase="battle", lp=[8000, 2000])


def won_match(players: list[str], seed: int = 21) -> Match:
    match = Match(GAME, position=LETHAL, seed=seed, players=players)
    match.play("attack m1 direct")
    assert match.outcome is not None and match.outcome.winners == (0,)
    return match


def test_the_reward_is_the_rank_by_criterion_and_a_drop_drawn_from_the_seed() -> None:
    match = won_match(["you", "Simon Muran"])
    reward = duel_reward(match.state, 0, 1, match.seed)
    assert reward is not None
    ranked = rank(match.state, 0)
    assert reward.rank == ranked
    # The criteria add up to the score: 50, each counter's points, and the win by life points (+2).
    assert 50 + sum(points for _, _, points in reward.criteria) + reward.ending[1] == ranked.score
    assert reward.ending == ("won by life points", 2)
    assert [name for name, _, _ in reward.criteria] == list(CRITERIA)
    assert ranked.score == rank_score(ranked.counters, match.state.ending)
    assert reward.dropped == drop(1, ranked.pool, make_rng(match.seed, "drop"))
    # Another seed may drop another card; the same seed always the same.
    assert duel_reward(match.state, 0, 1, match.seed) == reward
    assert duel_reward(match.state, 1, 1, match.seed) is None


def terminal_session(match: Match, lines: list[str]) -> str:
    output = io.StringIO()
    console = Console(file=output, width=110, color_system=None)
    script: Iterator[str] = iter(lines)

    def reader(prompt: str) -> str:
        console.print(prompt, end="")
        try:
            line = next(script)
        except StopIteration:
            raise EOFError from None
        console.print(line)
        return line

    TerminalGame(match, {1: DuelistAI(1)}, console, reader).run()
    return output.getvalue()


def test_a_won_free_duel_at_the_terminal_shows_the_rank_the_starchips_and_the_drop_not_kept() -> None:
    match = Match(GAME, position=LETHAL, seed=21, players=["you", "Simon Muran"])
    text = terminal_session(match, ["attack m1 direct", ""])
    reward = duel_reward(match.state, 0, 1, 21)
    assert reward is not None
    data = reward.to_json()
    assert f"Rank {data['rank']} (score {data['score']}) against Simon Muran" in text
    for row in data["criteria"]:
        assert row["criterion"] in text
    assert "won by life points" in text
    assert f"{data['starchips']} starchips, and the card dropped" in text and data["dropped"] in text
    assert "Not kept: only the campaign has a collection." in " ".join(text.split())
    # The end table calls the scores what they are: life points.
    assert re.search(r"player +LP *\n", text) and not re.search(r"player +score", text)


def test_no_reward_after_a_loss_or_against_a_person() -> None:
    assert free_duel_epilogue(won_match(["Player 1", "Player 2"])) is None
    assert free_duel_epilogue(won_match(["you", "random (Simon Muran's deck)"])) is None
    assert free_duel_epilogue(won_match(["you", "Simon Muran"])) is not None
    assert NOT_KEPT.startswith("Not kept")

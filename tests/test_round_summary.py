"""Round summaries at the terminal (Scout, dnup): points, totals and the ending, before the next deal."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner
from rich.console import Console

from cardtable.core.match import Match
from cardtable.frontends.cli import main
from cardtable.frontends.round_summary import round_summary, rounds_done
from cardtable.games import get_game

NAMES = ["Ann", "Robin", "Sasha"]


def _text(renderable: object) -> str:
    console = Console(record=True, width=100)
    console.print(renderable)
    return console.export_text()


def _after_the_first_round(game: str) -> Match:
    match = Match(get_game(game), seed=11, players=NAMES)
    rng = random.Random(2)
    while rounds_done(match.view(None)) == 0:
        match.play(rng.choice(list(match.legal_actions())))
    return match


@pytest.mark.parametrize("game", ["scout", "dnup"])
def test_a_rounds_summary_gives_each_seats_points_the_totals_and_why_it_ended(game: str) -> None:
    match = _after_the_first_round(game)
    view = match.view(None)
    text = _text(round_summary(view, NAMES))
    points = view.round_scores[0]
    assert "Round 1" in text and "This round" in text and "Total" in text
    for seat, name in enumerate(NAMES):
        shown = f"{points[seat]:+d}" if points[seat] else "0"
        assert any(f"{seat + 1}. {name}" in line and shown in line for line in text.splitlines()), text
    ended = next(
        view.describe(event) for event in view.log if view.describe(event).startswith("Round 1 ends")
    )
    reason = ended.split("ends", 1)[1].split(": ")[0].strip(" ()")
    assert (
        reason
        and reason.replace("Player 1", "Ann")
        .replace("Player 2", "Robin")
        .replace("Player 3", "Sasha")[:20]
        .lower()
        in text.lower()
    )
    assert round_summary(view, NAMES, 2) is None


def test_the_terminal_sums_up_a_round_before_the_next_deal_and_says_when_one_asked_for_has_not_ended() -> (
    None
):
    # `round 9` before any round ended, then the first listed move again and again to the end.
    lines = "\n".join(["round 9", *["1"] * 400, "n"]) + "\n"
    result = CliRunner().invoke(
        main, ["play", "scout", "--players", "you,heuristic,heuristic", "--seed", "5"], input=lines
    )
    output = result.output
    assert output.count("This round") >= 2, output[-3000:]
    first = output.index("This round")
    assert first < output.index("Round 2 begins")
    assert "No such round has ended" in output

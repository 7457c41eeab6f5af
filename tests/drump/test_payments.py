"""PT's Ex² (option `ace_pays_any`): an Ace with a card 2-9 pays for any part; Aces alone pay by total.

Seed 000: "Descartando uma pilha contendo um A e um número qualquer de 2 a 9
... pode jogar uma carta com QUALQUER Vitalidade".  Every place that asks
what a stack pays for (the summons offered, the refusal's reason, the bot,
the evaluation) must read the option the same way.
"""

from __future__ import annotations

import random

import pytest

from cardtable.core.errors import IllegalActionError
from cardtable.games.drump import GAME
from cardtable.games.drump.cards import parse_card
from cardtable.games.drump.evaluate import potential
from cardtable.games.drump.stacks import payable_values
from tests.drump.helpers import legal_texts, match_from, names, play, position

PARTS = ["Xs", "Jh", "Qd", "Kc"]


def cards(text: str) -> list[int]:
    found = [parse_card(word) for word in text.split()]
    assert None not in found
    return found  # type: ignore[return-value]


def summons(stack: list[str], preset: str | None = None, **options: object) -> list[str]:
    """The parts of PARTS summonable from a stack on slot 1."""
    match = match_from(position(hands=(PARTS, []), stacks={(1, 1): stack}), preset=preset, **options)
    return [text.split()[1] for text in legal_texts(match) if text.startswith("summon")]


def mask(values: list[int]) -> int:
    return sum(1 << value for value in values)


def test_payable_values_reads_the_option_like_stack_payments() -> None:
    assert payable_values(cards("As 5h"), True) == mask([10, 11, 12, 13])
    assert payable_values(cards("As 5h"), False) == 0
    assert payable_values(cards("As 9h"), False) == mask([10])
    # Aces alone: their total only (2 or 12; 3 or 13), with or without the option.
    assert payable_values(cards("As Ah"), True) == payable_values(cards("As Ah"), False) == mask([12])
    assert payable_values(cards("As Ah Ad"), True) == mask([13])
    assert payable_values(cards("As"), True) == 0
    assert payable_values(cards("5s 5h"), True) == mask([10])


@pytest.mark.parametrize(
    ("stack", "default", "pt"),
    [
        # An Ace and a 2-9: any part under PT, by its total (6 or 16) otherwise.
        (["As", "5d"], [], PARTS),
        (["As", "9d down"], ["Xs"], PARTS),
        # Aces alone are no "A and a number": only their total pays, under any preset.
        (["As", "Ah down"], ["Qd"], ["Qd"]),
        (["As", "Ah down", "Ad down"], ["Kc"], ["Kc"]),
        # One card pays for nothing, an Ace counted as 11 for a J included.
        (["As"], [], []),
        # No Ace: the total, as always.
        (["4s", "6d"], ["Xs"], ["Xs"]),
    ],
)
def test_the_summons_offered(stack: list[str], default: list[str], pt: list[str]) -> None:
    assert summons(stack) == default
    assert summons(stack, "pt") == pt
    assert summons(stack, ace_pays_any=True) == pt


def test_an_ace_only_stack_is_refused_by_its_total_under_pt() -> None:
    match = match_from(position(hands=(PARTS, []), stacks={(1, 1): ["As", "Ah down"]}), preset="pt")
    with pytest.raises(IllegalActionError, match="totals 2 with Aces as 1, and cannot make 13 for Kc"):
        match.play("summon Kc from 1")
    play(match, "summon Qd from 1")
    assert names(match.state.pile) == ["As", "Ah"]


def test_an_ace_and_a_number_pay_for_a_king_under_pt() -> None:
    match = match_from(position(hands=(PARTS, []), stacks={(1, 1): ["As", "2d down"]}), preset="pt")
    play(match, "summon Kc from 1")
    assert names(match.state.pile) == ["As", "2d"]
    with pytest.raises(IllegalActionError, match="cannot make 13 for Kc"):
        match_from(position(hands=(PARTS, []), stacks={(1, 1): ["As", "5d"]})).play("summon Kc from 1")


def test_the_evaluation_counts_a_stack_ready_under_the_option() -> None:
    data = position(hands=(["Qd"], []), stacks={(1, 1): ["As", "5d"]})
    ready = potential(match_from(data, preset="pt").state, 0)
    waiting = potential(match_from(data).state, 0)
    assert ready > waiting


def test_the_bot_sets_the_card_that_makes_an_ace_pay_under_pt() -> None:
    # Slot 1 holds As; 5d on it pays for Qd under PT (Ace and a number), for nothing otherwise.
    data = position(hands=(["Qd", "5d"], []), stacks={(1, 1): ["As"]})
    bot = GAME.bots["heuristic"]()
    for preset, expected in (("pt", 80), (None, 33.0)):
        match = match_from(data, preset=preset)
        view = match.view(0)
        scores = {str(action): bot.score(view, action) for action in match.legal_actions()}
        assert scores["set 5d on 1"] == expected
    match = match_from(data, preset="pt")
    assert str(bot.choose(match.view(0), match.legal_actions(), random.Random(0))) == "set 5d on 1"


def test_the_bot_takes_back_a_part_an_ace_stack_pays_for_under_pt() -> None:
    # Recycling Kh (its zone is filled) for Qd from the pile: worth most when a stack pays for Qd now.
    data = position(
        hands=(["Kh"], []), stacks={(1, 1): ["As", "5d"]}, zones=({"wings": "Xh"}, {}), pile=["Qd"]
    )
    bot = GAME.bots["heuristic"]()
    for preset, expected in (("pt", 85 + 12), (None, 50 + 12)):
        match = match_from(data, preset=preset)
        action = GAME.parse_action("recycle Kh take Qd")
        assert bot.score(match.view(0), action) == expected

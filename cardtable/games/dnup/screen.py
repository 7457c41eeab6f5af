"""dnup drawn for the terminal with Rich, from a view.

The board is one line a player (their hand's size, the cards in front of
them, their score) and the viewer's hand: 7 lines at five players.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardtable.core.pairs import BOTTOM, PAIRS, TOP, card_name, card_spellings, code_name, parse_code
from cardtable.frontends.registry import FrontEnd, UnknownCard, register_front_end
from cardtable.games.dnup.actions import Action, Add, Play, Take
from cardtable.games.dnup.events import DnupEvent
from cardtable.games.dnup.view import DnupView, describe_event


def _cards(codes: Sequence[int]) -> Text:
    text = Text()
    for index, code in enumerate(codes):
        if index:
            text.append("  ")
        text.append(f"{TOP[code]}", style="bold")
        text.append(f"/{BOTTOM[code]}", style="dim")
    return text or Text("—", style="dim")


def render(view: DnupView, names: Sequence[str]) -> RenderableType:
    """The table as `view.seat` sees it."""
    table = Table(box=None, padding=(0, 1), header_style="dim")
    for column in ("player", "hand", "in front", "score"):
        table.add_column(column, justify="left" if column in ("player", "in front") else "right")
    for seat, name in enumerate(names):
        marker = "▶ " if seat == view.current_seat else "  "
        if seat in view.out:
            marker = f"{'①' if view.out.index(seat) == 0 else '②'} "
        held = f"{view.hand_sizes[seat]}"
        known = view.known_in_hand[seat]
        if known and seat != view.seat:
            held += " (holds " + " ".join(code_name(code) for code in known) + ")"
        table.add_row(marker + name, held, _cards(view.tables[seat]), str(view.scores[seat]))
    parts: list[RenderableType] = [table]
    if view.seat is not None:
        hand = Text("your hand: ", style="bold")
        hand.append_text(_cards(view.hand))
        parts.append(hand)
    return Group(*parts)


def describe(event: DnupEvent, names: Sequence[str]) -> str:
    """An event in words."""
    return describe_event(event, names)


def steps(view: DnupView, action: Action) -> tuple[str, ...]:
    """Play: which cards; add: which card, then to whom; take: from whom."""
    match action:
        case Play(cards=cards):
            return ("play", " ".join(code_name(code) for code in cards))
        case Add(card=card, target=target):
            return (f"add {code_name(card)}", f"to {target + 1}")
        case Take(target=target):
            return ("take", str(target + 1))
    return (str(action),)


def stage(view: DnupView) -> str:
    """The round and the target."""
    return f"round {view.round + 1}, first to {view.options.target} points"


def legend(view: DnupView) -> str:
    """The cards, the marks and the notation explained."""
    return "\n".join(
        [
            "• A card is written top/bottom: 5/2 counts 5 and has 2 at its other end; rotate turns "
            "every card of your hand round.",
            "• ▶ plays now; ① and ② emptied their hands first and second this round.",
            "• Seats count from 1 down the table: 'add 5/2 to 3' adds to player 3's cards, 'take 2' "
            "takes player 2's cards (turned round).",
        ]
    )


def card_info(view: DnupView, text: str) -> RenderableType:
    """What a card is, and where this view sees it."""
    code = parse_code(text)
    if code is None:
        raise UnknownCard(
            f"{text!r} is not a dnup card: write its two numbers, 1 to 10 and different, as top/bottom (5/2)"
        )
    card = code >> 1
    low, high = PAIRS[card]
    spellings = " or ".join(card_spellings(card))
    line = Text(f"{card_name(card)} ({spellings}): the card of {low} and {high}, one of 45. ")
    line.append(f"Held {high}/{low} it counts {high}; turned round it counts {low}.")
    return Group(line, Text(f"Where you see it: {_whereabouts(view, card)}.", style="dim"))


def _whereabouts(view: DnupView, card: int) -> str:
    if any(code >> 1 == card for code in view.hand):
        held = next(code for code in view.hand if code >> 1 == card)
        return f"in your hand, as {code_name(held)}"
    for seat, cards in enumerate(view.tables):
        if any(code >> 1 == card for code in cards):
            return f"in front of player {seat + 1}"
    for seat, known in enumerate(view.known_in_hand):
        if any(code >> 1 == card for code in known):
            return f"in player {seat + 1}'s hand (seen going in)"
    if any(code >> 1 == card for code in view.discards):
        return "discarded"
    return "nowhere in sight: in a hand you cannot see, or not dealt"


register_front_end(
    FrontEnd("dnup", render, describe=describe, steps=steps, legend=legend, card_info=card_info, stage=stage)
)

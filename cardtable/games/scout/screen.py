"""Scout drawn for the terminal with Rich, from a view.

The board takes 15 lines at five players (the players' table, the active set
and the hand, each card's top number big and its bottom number below); the
compact one drops the panels.  A long list of moves is chosen in steps: what
to show, or which end to scout and then where in the hand it goes, every
place named by the cards on either side of it.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cardtable.core.pairs import BOTTOM, PAIRS, TOP, card_name, card_spellings, code_name, parse_code
from cardtable.frontends.registry import FrontEnd, UnknownCard, register_front_end
from cardtable.games.scout.actions import END_NAMES, Action, Orient, Scout, Show
from cardtable.games.scout.events import ScoutEvent
from cardtable.games.scout.view import ScoutView, describe_event


def _cards_row(codes: Sequence[int], numbered: bool, label: Text | None = None) -> Table:
    """Cards side by side: big top number, small bottom number, positions above when numbered."""
    table = Table.grid(padding=(0, 1))
    if label is not None:
        table.add_column(min_width=len(label.plain))
    for _ in codes:
        table.add_column(justify="center", min_width=4)
    lead = [label] if label is not None else []
    blank = [Text("")] if label is not None else []
    if numbered:
        table.add_row(*blank, *[Text(str(index), style="dim") for index in range(1, len(codes) + 1)])
    table.add_row(*lead, *[Text(f"[{TOP[code]:>2}]", style="bold") for code in codes])
    table.add_row(*blank, *[Text(f"{BOTTOM[code]:>3} ", style="dim") for code in codes])
    return table


def _players(view: ScoutView, names: Sequence[str]) -> Table:
    table = Table(box=None, padding=(0, 1), header_style="dim")
    for column in ("player", "cards", "captured", "tokens", "S&S chip", "score"):
        table.add_column(column, justify="left" if column == "player" else "right")
    for seat, name in enumerate(names):
        marker = "▶ " if seat == view.current_seat else "  "
        known = " ".join(card_name(card) for card in view.known_in_hand[seat])
        cards = f"{view.hand_sizes[seat]}" + (f" (holds {known})" if known and seat != view.seat else "")
        chip = "—" if view.seats == 2 else ("yes" if view.chips[seat] else "used")
        table.add_row(
            marker + name,
            cards,
            str(len(view.captured[seat])),
            str(view.tokens[seat]),
            chip,
            str(view.scores[seat]),
        )
    return table


def _active(view: ScoutView, names: Sequence[str], panel: bool) -> RenderableType:
    if not view.active:
        return Text("No active set: any Show may be played.", style="dim")
    owner = names[view.owner] if view.owner is not None else ""
    if panel:
        title = f"active set of {owner}"
        return Panel(_cards_row(view.active, numbered=False), title=title, title_align="left")
    return _cards_row(view.active, numbered=False, label=Text(f"active ({owner})", style="dim"))


def render(view: ScoutView, names: Sequence[str]) -> RenderableType:
    """The table as `view.seat` sees it."""
    parts: list[RenderableType] = [_players(view, names), _active(view, names, panel=True)]
    if view.seat is not None:
        parts.append(Panel(_cards_row(view.hand, numbered=True), title="your hand", title_align="left"))
    return Group(*parts)


def render_compact(view: ScoutView, names: Sequence[str]) -> RenderableType:
    """The same table without panels."""
    parts: list[RenderableType] = [_players(view, names), _active(view, names, panel=False)]
    if view.seat is not None:
        parts.append(_cards_row(view.hand, numbered=True, label=Text("your hand", style="bold")))
    return Group(*parts)


def describe(event: ScoutEvent, names: Sequence[str]) -> str:
    """An event in words."""
    return describe_event(event, names)


def _place(tops: Sequence[int], position: int) -> str:
    """Where position `position` (from 0) puts a card in a hand whose top numbers are `tops`."""
    if not tops:
        return "into your empty hand"
    if position == 0:
        return f"left end, before {tops[0]}"
    if position >= len(tops):
        return f"right end, after {tops[-1]}"
    return f"between {tops[position - 1]} and {tops[position]}"


def steps(view: ScoutView, action: Action) -> tuple[str, ...]:
    """What to show; or which end to scout (and which way up), then where it goes in the hand."""
    match action:
        case Orient(turn=turn):
            return ("turn your hand round",) if turn else ("keep your hand",)
        case Show(first=first, last=last):
            shown = " ".join(str(TOP[code]) for code in view.hand[first : last + 1])
            where = f"{first + 1}" if first == last else f"{first + 1}-{last + 1}"
            return ("show", f"{where}: {shown}")
        case Scout(end=end, turned=turned, position=position, with_show=with_show):
            code = view.active[0] if end == 0 else view.active[-1]
            held = code ^ 1 if turned else code
            verb = "scoutshow" if with_show else "scout"
            group = f"{verb} {END_NAMES[end]}{' turned' if turned else ''} {code_name(held)}"
            tops = [TOP[card] for card in view.hand]
            return (group, f"at {position + 1}: {_place(tops, position)}")
    return (str(action),)


def stage(view: ScoutView) -> str:
    """The round."""
    return f"round {view.round + 1} of {view.rounds}"


def legend(view: ScoutView) -> str:
    """The cards, the hand's positions and the notation explained."""
    return "\n".join(
        [
            "• A card shows two numbers: [ 7] on top is the one that counts, the small one below is its "
            "other end. Cards are written top/bottom (7/3).",
            "• Your hand's positions count from 1 at the left: 'show 3-5' shows your cards 3 to 5.",
            "• 'scout left at 2' takes the active set's left card into position 2, that is before your "
            "card 2 (at 1: the left end; one past your last card: the right end); 'turned' turns it first.",
            "• S&S chip: Scout & Show, once a round (scoutshow). ▶ marks who plays now.",
        ]
    )


def card_info(view: ScoutView, text: str) -> RenderableType:
    """What a card is, and where this view sees it."""
    code = parse_code(text)
    if code is None:
        raise UnknownCard(
            f"{text!r} is not a Scout card: write its two numbers, 1 to 10 and different, as top/bottom (7/3)"
        )
    card = code >> 1
    low, high = PAIRS[card]
    spellings = " or ".join(card_spellings(card))
    line = Text(f"{card_name(card)} ({spellings}): the card of {low} and {high}, one of 45. ")
    line.append(f"Held {high}/{low} it counts {high}; turned round, {low}/{high}, it counts {low}.")
    return Group(line, Text(f"Where you see it: {_whereabouts(view, card)}.", style="dim"))


def _whereabouts(view: ScoutView, card: int) -> str:
    if any(code >> 1 == card for code in view.hand):
        position = next(index for index, code in enumerate(view.hand) if code >> 1 == card)
        return f"in your hand, position {position + 1}, as {code_name(view.hand[position])}"
    if any(code >> 1 == card for code in view.active):
        return "in the active set"
    for seat, captured in enumerate(view.captured):
        if card in captured:
            return f"captured by player {seat + 1}"
    for seat, known in enumerate(view.known_in_hand):
        if card in known:
            return f"in player {seat + 1}'s hand (scouted)"
    return "nowhere in sight: in a hand you cannot see, or set aside"


register_front_end(
    FrontEnd(
        "scout",
        render,
        compact=render_compact,
        describe=describe,
        steps=steps,
        legend=legend,
        card_info=card_info,
        stage=stage,
    )
)

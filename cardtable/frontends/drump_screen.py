"""DRUMP drawn for the terminal with Rich, from a view: nothing hidden reaches the screen."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cardtable.core.events import Event
from cardtable.frontends.registry import FrontEnd, register_front_end
from cardtable.games.drump.cards import BODY_PARTS, IS_PART, NO_CARD, RANK, SUIT, card_label
from cardtable.games.drump.view import DrumpView, StackCard, describe_event

_SUIT_STYLE = ("bold white", "bold red", "bold red", "bold white")


def card_text(card: int) -> Text:
    """A card, coloured by suit, parts in bold."""
    style = _SUIT_STYLE[SUIT[card]] + (" underline" if IS_PART[card] else "")
    return Text(card_label(card), style=style)


def _cards(cards: Sequence[int]) -> Text:
    text = Text()
    for index, card in enumerate(cards):
        if index:
            text.append(" ")
        text.append_text(card_text(card))
    return text or Text("—", style="dim")


def _stack(stack: Sequence[StackCard]) -> Text:
    if not stack:
        return Text("—", style="dim")
    text = Text()
    for index, (card, face_up) in enumerate(stack):
        if index:
            text.append(" ")
        if card is None:
            text.append("▮▮", style="blue")
        elif face_up:
            text.append_text(card_text(card))
        else:
            text.append("(")
            text.append_text(card_text(card))
            text.append(")")
    known = [card for card, face_up in stack if card is not None]
    if len(known) == len(stack):
        text.append(f"  = {sum(RANK[card] for card in known)}", style="dim")
    return text


def _field(view: DrumpView, seat: int, title: str) -> Panel:
    table = Table.grid(padding=(0, 2))
    table.add_column(justify="right", style="dim")
    table.add_column()
    zones = Text()
    for part, card in zip(BODY_PARTS, view.zones[seat], strict=True):
        zones.append(f"{part} ", style="dim")
        zones.append_text(card_text(card) if card != NO_CARD else Text("—", style="dim"))
        zones.append("   ")
    table.add_row("monsters", zones)
    for slot, stack in enumerate(view.stacks[seat]):
        table.add_row(f"slot {slot + 1}", _stack(stack))
    hand = Text(f"{view.hand_sizes[seat]} cards")
    if view.known_in_hand[seat]:
        hand.append("  known: ", style="dim")
        hand.append_text(_cards(view.known_in_hand[seat]))
    if seat != view.seat:
        table.add_row("hand", hand)
    return Panel(table, title=title, title_align="left")


def _turn_line(view: DrumpView, names: Sequence[str]) -> Text:
    limit = view.options.recycle_limit
    recycles = f"{view.recycles}/{limit if limit is not None else '∞'}"
    slots = ",".join(str(slot + 1) for slot in range(4) if view.slots_set >> slot & 1) or "none"
    return Text(
        f"Turn {view.turn_number}: {names[view.turn_seat]}   slots set: {slots}   "
        f"summoned: {'yes' if view.summoned else 'no'}   "
        f"extra jack: {'used' if view.extra_jack_used else 'free'}   "
        f"recycles: {recycles}   burst: {'used' if view.burst_used else 'free'}",
        style="cyan",
    )


def render(view: DrumpView, names: Sequence[str], recent: Sequence[Event] = ()) -> RenderableType:
    """The table as `view.seat` sees it, with the events in `recent` listed."""
    me = view.seat if view.seat is not None else 0
    other = 1 - me
    parts: list[RenderableType] = []
    parts.append(_field(view, other, f"{names[other]}"))
    top = view.pile[-6:]
    pile = Text("pile: ", style="dim")
    pile.append_text(_cards(top))
    pile.append(f"  ({len(view.pile)} cards)   deck: {view.deck_size}", style="dim")
    parts.append(pile)
    if view.exchange is not None:
        exchange = Text(
            f"Burst on {names[1 - view.turn_seat]}'s slot {view.exchange.slot + 1}: ", style="yellow"
        )
        exchange.append_text(_cards(view.exchange.cards))
        parts.append(exchange)
    parts.append(_field(view, me, names[me]))
    if view.seat is not None:
        hand = Text("your hand: ", style="bold")
        hand.append_text(_cards(sorted(view.hand, key=lambda card: (IS_PART[card], RANK[card], SUIT[card]))))
        parts.append(hand)
    parts.append(_turn_line(view, names))
    if view.last_turn is not None:
        parts.append(Text(f"{names[view.last_turn]} is playing the last turn", style="bold magenta"))
    if recent:
        lines = [describe_event(event, names, card_label) for event in recent]
        parts.append(Panel(Text("\n".join(lines[-12:])), title="what happened", title_align="left"))
    return Group(*parts)


register_front_end(FrontEnd("drump", render))

"""DRUMP drawn for the terminal with Rich, from a view: nothing hidden reaches the screen.

The full board takes 11 lines of 80 columns (each side's monster zone and
four slots in a panel, the pile, the hand and the turn's counters); the
compact one takes 7, for terminals under 24 lines.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cardtable.core.events import Event
from cardtable.frontends.layout import join_texts
from cardtable.frontends.registry import FrontEnd, UnknownCard, register_front_end
from cardtable.games.drump.actions import (
    AceValue,
    Action,
    Block,
    Burst,
    Counter,
    Discard,
    ExtraJack,
    Recycle,
    SetForce,
    Summon,
)
from cardtable.games.drump.cards import (
    BODY_PARTS,
    CREATURES,
    IS_ACE,
    IS_PART,
    NO_CARD,
    RANK,
    SUIT,
    SUIT_SYMBOLS,
    card_label,
    card_name,
    parse_card,
)
from cardtable.games.drump.view import DrumpView, StackCard, describe_event

_SUIT_STYLE = ("bold white", "bold red", "bold red", "bold white")
SLOTS = 4


def card_text(card: int) -> Text:
    """A card, coloured by suit, parts underlined."""
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
        text.append(f" ={sum(RANK[card] for card in known)}", style="dim")
    return text


def _zones(view: DrumpView, seat: int) -> Text:
    zones = Text()
    for index, (part, card) in enumerate(zip(BODY_PARTS, view.zones[seat], strict=True)):
        if index:
            zones.append("   ")
        zones.append(f"{part} ", style="dim")
        zones.append_text(card_text(card) if card != NO_CARD else Text("—", style="dim"))
    return zones


def _slots(view: DrumpView, seat: int) -> Table:
    table = Table.grid(padding=(0, 2), expand=False)
    for _ in range(SLOTS):
        table.add_column()
    cells = []
    for slot, stack in enumerate(view.stacks[seat]):
        cell = Text(f"{slot + 1}:", style="dim")
        cell.append(" ")
        cell.append_text(_stack(stack))
        cells.append(cell)
    table.add_row(*cells)
    return table


def _hand_note(view: DrumpView, seat: int) -> Text:
    note = Text(f"hand {view.hand_sizes[seat]}")
    if view.known_in_hand[seat]:
        note.append(", known ")
        note.append_text(_cards(view.known_in_hand[seat]))
    return note


def _side(view: DrumpView, seat: int, name: str) -> Panel:
    title = Text(f" {'▶ ' if seat == view.turn_seat else ''}{name} ")
    if seat != view.seat:
        title.append("· ")
        title.append_text(_hand_note(view, seat))
        title.append(" ")
    body = Group(_zones(view, seat), _slots(view, seat))
    return Panel(body, title=title, title_align="left", padding=(0, 1))


def _pile_line(view: DrumpView, names: Sequence[str]) -> Text:
    pile = Text("pile ", style="dim")
    pile.append_text(_cards(view.pile[-6:]))
    pile.append(f" ({len(view.pile)})  deck {view.deck_size}", style="dim")
    exchange = view.exchange
    if exchange is not None:
        defender = names[1 - view.turn_seat]
        pile.append(f"   Burst on {defender}'s slot {exchange.slot + 1}: ", style="yellow")
        pile.append_text(_cards(exchange.cards))
        if exchange.revealed:
            pile.append(f" (stack {exchange.stack_total})", style="yellow")
    return pile


def _hand_line(view: DrumpView) -> Text:
    hand = Text("your hand ", style="bold")
    hand.append_text(_cards(sorted(view.hand, key=lambda card: (IS_PART[card], RANK[card], SUIT[card]))))
    return hand


def _turn_line(view: DrumpView, names: Sequence[str]) -> Text:
    """The turn's counters (whose turn it is, the sides' titles mark with ▶)."""
    limit = view.options.recycle_limit
    recycles = f"{view.recycles}/{limit if limit is not None else '∞'}"
    slots = ",".join(str(slot + 1) for slot in range(SLOTS) if view.slots_set >> slot & 1) or "none"
    line = Text(
        f"Turn {view.turn_number}: set on {slots} · summon {'used' if view.summoned else 'free'} · "
        f"extra J {'used' if view.extra_jack_used else 'free'} · recycles {recycles} · "
        f"burst {'used' if view.burst_used else 'free'}",
        style="cyan",
    )
    if view.last_turn is not None:
        line.append(f" · {names[view.last_turn]} plays the last turn", style="bold magenta")
    return line


def render(view: DrumpView, names: Sequence[str]) -> RenderableType:
    """The table as `view.seat` sees it: the opponent above, the pile, the viewer below."""
    me, other = view.sides()
    parts: list[RenderableType] = [_side(view, other, names[other]), _pile_line(view, names)]
    parts.append(_side(view, me, names[me]))
    if view.seat is not None:
        parts.append(_hand_line(view))
    parts.append(_turn_line(view, names))
    return Group(*parts)


def render_compact(view: DrumpView, names: Sequence[str]) -> RenderableType:
    """The same table without panels: two lines a side."""
    me, other = view.sides()
    parts: list[RenderableType] = []
    for seat in (other, me):
        head = Text(("▶ " if seat == view.turn_seat else "") + names[seat], style="bold")
        if seat != view.seat:
            head.append(" (")
            head.append_text(_hand_note(view, seat))
            head.append(")")
        parts.append(join_texts([head, _zones(view, seat)]))
        slots = Text("  ")
        for slot, stack in enumerate(view.stacks[seat]):
            slots.append(f"{'   ' if slot else ''}{slot + 1}: ", style="dim")
            slots.append_text(_stack(stack))
        parts.append(slots)
        if seat == other:
            parts.append(_pile_line(view, names))
    if view.seat is not None:
        parts.append(_hand_line(view))
    parts.append(_turn_line(view, names))
    return Group(*parts)


def describe(event: Event, names: Sequence[str]) -> str:
    """An event in words, cards with their suits' symbols."""
    return describe_event(event, names, card_label)


def steps(view: DrumpView, action: Action) -> tuple[str, ...]:
    """The card first, then where it goes: ("set 7♥", "on 2")."""
    match action:
        case SetForce(card=card, slot=slot):
            return (f"set {card_label(card)}", f"on {slot + 1}")
        case Summon(part=part, slot=slot):
            return (f"summon {card_label(part)}", f"from {slot + 1}")
        case ExtraJack(jack=jack, ace=ace):
            return (f"extra {card_label(jack)}", f"with {card_label(ace)}")
        case Recycle(part=part, take=take):
            return (f"recycle {card_label(part)}", "draw" if take is None else f"take {card_label(take)}")
        case Burst(card=card, slot=slot):
            return (f"burst {card_label(card)}", f"on {slot + 1}")
        case AceValue(ace=ace, value=value):
            return (f"ace {card_label(ace)}", f"as {value}")
        case Block(card=card):
            return ("block", card_label(card))
        case Counter(card=card):
            return ("counter", card_label(card))
        case Discard(card=card):
            return ("discard", card_label(card))
    return (str(action),)


def stage(view: DrumpView) -> str:
    """The turn's number."""
    return f"turn {view.turn_number}"


def legend(view: DrumpView) -> str:
    """The cards, the stacks and the notation's card names explained."""
    parts = ", ".join(
        f"{SUIT_SYMBOLS['shdc'.index(letter)]} {part}"
        for part, letter in zip(BODY_PARTS, view.options.part_by_suit, strict=True)
    )
    return "\n".join(
        [
            "• Cards are a rank and a suit: A, 2-9, X (10), J, Q, K of ♠ ♥ ♦ ♣; type them as 7h, Xs, Kd.",
            "• A-9 are force cards (an Ace counts 1 or 11). X J Q K, underlined, are monster parts: the rank "
            f"gives the creature (X Chimera, J Hydra, Q Pegasus, K Dragon), the suit the part: {parts}.",
            "• Slots 1-4 hold the stacks: a stack's first card lies face up, the later ones face down. "
            "(7♥) is a card of yours face down, ▮▮ one you cannot see; =8 is a stack's total, Aces as 1.",
            "• ▶ marks the side whose turn it is. 'set 7♥ on 2' sets on your slot 2; 'burst 5♣ on 1' "
            "attacks the opponent's slot 1.",
        ]
    )


def card_info(view: DrumpView, text: str) -> RenderableType:
    """What a card is, what it does, and where this view sees it."""
    card = parse_card(text)
    if card is None:
        raise UnknownCard(
            f"{text!r} is not a DRUMP card: write a rank (A, 2-9, X or 10, J, Q, K) and a suit "
            "(s h d c or ♠ ♥ ♦ ♣), like 7h or X♠"
        )
    line = card_text(card)
    line.append(f" ({card_name(card)}): ")
    rank = RANK[card]
    if IS_ACE[card]:
        line.append(
            "a force card worth 1 or 11, chosen each time it is counted. It can be set, pay a summon, "
            "attack (Burst), block or counter; discarded from hand it places a J (Extra Jack)."
        )
    elif not IS_PART[card]:
        line.append(f"a force card worth {rank}: set it on a slot, pay a summon with it, or attack with it.")
    else:
        zone = view.options.part_by_suit.index("shdc"[SUIT[card]])
        line.append(
            f"a monster part worth {rank}: the {CREATURES[rank]}'s {BODY_PARTS[zone]}. Summon it by sending "
            f"a stack of two or more cards totalling {rank} to the pile; in an exchange it blocks as {rank}."
        )
    return Group(line, Text(f"Where you see it: {_whereabouts(view, card)}.", style="dim"))


def _whereabouts(view: DrumpView, card: int) -> str:
    me, other = view.sides()
    if card in view.hand:
        return "in your hand"
    for seat in (me, other):
        owner = "your" if seat == view.seat else "the opponent's"
        for slot, stack in enumerate(view.stacks[seat]):
            for known, face_up in stack:
                if known == card:
                    return f"on {owner} slot {slot + 1}" + ("" if face_up else ", face down")
        if card in view.zones[seat]:
            return f"in {owner} monster zone"
        if card in view.known_in_hand[seat]:
            return f"in {owner} hand (taken back from the pile)"
    if card in view.pile:
        return "on the pile"
    if view.exchange is not None and card in view.exchange.cards:
        return "played in the Burst under way"
    return "nowhere in sight: in the deck, or a hand or face-down card you cannot see"


register_front_end(
    FrontEnd(
        "drump",
        render,
        compact=render_compact,
        describe=describe,
        steps=steps,
        legend=legend,
        card_info=card_info,
        stage=stage,
    )
)

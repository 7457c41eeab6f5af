"""What the duel's prompt explains: the steps of a move, the legend, `info CARD`, `fusions`, the log.

Everything here reads the view of the seat at the terminal and nothing else,
so a hidden card (the opponent's hand, a face-down monster or set card of
theirs) is never named: `info` on one says only that it is hidden, and the
fusion hints use your hand window and your own monsters.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.text import Text

from cardtable.core.errors import UnknownNameError
from cardtable.core.events import Event
from cardtable.core.numbers import whole_number
from cardtable.frontends.registry import Hint, UnknownCard
from cardtable.games.fm import actions, magic
from cardtable.games.fm.actions import DIRECT, Action
from cardtable.games.fm.carddata import TERRAINS, CardKind, card, card_text
from cardtable.games.fm.combat import terrain_boost
from cardtable.games.fm.combination import StepKind
from cardtable.games.fm.events import CardLost, TrapSprung
from cardtable.games.fm.finder import Hint as FusionHint
from cardtable.games.fm.finder import find_card, view_hints
from cardtable.games.fm.state import FIELD_PICK
from cardtable.games.fm.terminal.screen import describe_card, monster_strength
from cardtable.games.fm.view import FmView, SeenMonster, describe_event

#: Fusion hints listed unless `fusions all` is asked for.
HINTS_SHOWN = 8


# -- choosing a move in steps ---------------------------------------------------------------------
def steps(view: FmView, action: Action) -> tuple[str, ...]:
    """The steps of a duel move: pick, then the card; position, then star, then zone for a placement."""
    me = view.seat if view.seat is not None else 0
    match action:
        case actions.Pick(source=source) if source >= FIELD_PICK:
            monster = view.monsters[me][source - FIELD_PICK]
            name = card(monster.card).name if monster is not None and monster.card is not None else "?"
            return ("pick", f"m{source - FIELD_PICK + 1} {name} (field)")
        case actions.Pick(source=source):
            data = card(view.window[source])
            stats = f" {data.atk}/{data.defence}" if data.is_monster else f" ({data.kind})"
            return ("pick", f"h{source + 1} {data.name}{stats}")
        case actions.Play(face_up=face_up):
            return ("play face up" if face_up else "play down (face down)",)
        case actions.Cancel():
            return ("cancel: put the picks back",)
        case actions.Place(attack=attack, star=star, zone=zone):
            labels = ["attack" if attack else "defence", f"star {star + 1} {_star(view, star)}"]
            if zone is not None:
                replaced = view.monsters[me][zone]
                name = card(replaced.card).name if replaced is not None and replaced.card is not None else ""
                labels.append(f"on m{zone + 1} {name}".rstrip())
            return tuple(labels)
        case actions.Attack(zone=zone, target=target):
            attacker = view.monsters[me][zone]
            first = f"attack with m{zone + 1} {_monster_name(attacker)}"
            if target == DIRECT:
                return (first, "direct")
            return (first, f"m{target + 1} {_monster_name(view.monsters[1 - me][target])}")
        case actions.Switch(zone=zone):
            monster = view.monsters[me][zone]
            turned = "defence" if monster is not None and monster.attack else "attack"
            return (f"switch m{zone + 1} {_monster_name(monster)} to {turned}",)
        case actions.Activate(zone=zone):
            known = view.magic[me][zone]
            return (f"activate s{zone + 1} {card(known).name if known is not None else ''}".rstrip(),)
        case actions.End():
            return ("end the turn",)
    return (str(action),)


def _star(view: FmView, star: int) -> str:
    pending = view.pending
    stars = card(pending.card).stars if pending is not None else None
    return stars[star] if stars else ""


def _monster_name(monster: SeenMonster | None) -> str:
    if monster is None:
        return "—"
    return "face down" if monster.card is None else card(monster.card).name


# -- the legend ------------------------------------------------------------------------------------
def legend(view: FmView) -> str:
    """The board's zones, numbers and marks, and how a turn is typed."""
    return "\n".join(
        [
            "• h1, h2 … are the cards of your hand (then the top of your deck, if your window reaches it); "
            "m1-m5 the monster zones, s1-s5 the magic and trap zones of each side.",
            "• A monster shows ATK/DEF now (equips, terrain and weakening counted), A or D for attack or "
            "defence position, and the guardian star chosen for it; ▼ marks a face-down monster of yours, "
            "'face down' one of the opponent's you cannot see, -500 a weakening.",
            "• ▶ marks the side whose turn it is. A turn: pick cards in the order they combine (pick h3, "
            "pick m2 to start from your monster), play them face up or down, place the monster that "
            "comes out (position, then star), then battle: attack, switch, activate, end.",
            "• fusions lists what your hand can make and the order to pick; info h3 or info m2 (their m2 "
            "for the opponent's) tells a card's text, stars, type and strength now.",
        ]
    )


# -- info CARD -------------------------------------------------------------------------------------
def card_info(view: FmView, text: str) -> RenderableType:
    """A card's text, type, stars and ATK/DEF with its bonuses now: `h3`, `m2`, `their m2`, `s1`, a name."""
    me, other = (view.seat, 1 - view.seat) if view.seat is not None else (0, 1)
    words = text.lower().split()
    seat = me
    if words and words[0] in ("their", "opponent", "opponent's"):
        seat, words = other, words[1:]
    where = words[0] if len(words) == 1 else ""
    number = whole_number(where[1:])
    if where[:1] in ("h", "m", "s") and number is not None:
        return _card_at(view, seat, where[0], number - 1, text)
    if seat != me:
        raise UnknownCard(f"{text!r}: after 'their' write a zone, like their m2 or their s1")
    try:
        card_id = find_card(text)
    except UnknownNameError as error:
        raise UnknownCard(
            f"{error}; or write h3 (your hand), m2 or s1 (your zones), their m2 (the opponent's)"
        ) from None
    return Group(
        *_sheet(card_id, view), Text(f"Where you see it: {_whereabouts(view, card_id)}.", style="dim")
    )


def _card_at(view: FmView, seat: int, letter: str, index: int, text: str) -> RenderableType:
    """The card at a place of the board, as far as the view shows it."""
    mine = seat == view.seat
    if letter == "h":
        if not mine:
            raise UnknownCard("the opponent's hand is hidden")
        if not 0 <= index < len(view.window):
            raise UnknownCard(f"{text!r}: your hand has h1 to h{len(view.window)}")
        return Group(*_sheet(view.window[index], view))
    if not 0 <= index < len(view.monsters[seat]):
        raise UnknownCard(f"{text!r}: the zones are 1 to {len(view.monsters[seat])}")
    if letter == "s":
        known = view.magic[seat][index]
        if known is None:
            empty = "is empty" if not view.magic_used[seat][index] else "holds a set card you cannot see"
            raise UnknownCard(f"{text!r} {empty}")
        return Group(*_sheet(known, view))
    monster = view.monsters[seat][index]
    if monster is None:
        raise UnknownCard(f"{text!r} is empty")
    if monster.card is None:
        bonus = f" It has been equipped for {monster.bonus:+d}." if monster.bonus else ""
        position = "attack" if monster.attack else "defence"
        return Text(
            f"A face-down monster in {position} position: hidden until it attacks or is attacked.{bonus}"
        )
    now = Text("Now: ", style="bold")
    now.append(monster_strength(monster))
    parts = []
    if monster.bonus:
        parts.append(f"equips {monster.bonus:+d}")
    boost = terrain_boost(monster.card, view.terrain)
    if boost:
        parts.append(f"{TERRAINS[view.terrain]} {boost:+d}")
    if monster.weakened:
        parts.append(f"weakened -{monster.weakened} for {monster.weak_turns} more turn(s)")
    if parts:
        now.append(f" ({', '.join(parts)})", style="dim")
    return Group(*_sheet(monster.card, view, with_terrain=False), now)


def _sheet(card_id: int, view: FmView, with_terrain: bool = True) -> list[Text]:
    """A card's sheet: name and kind, type and stars for a monster, its own text, the terrain's effect."""
    data = card(card_id)
    head = Text(f"#{card_id:03d} ", style="dim")
    head.append_text(describe_card(card_id))
    lines = [head]
    if data.is_monster:
        lines.append(
            Text(
                f"{data.type}, {data.attribute}, level {data.level}; guardian stars "
                f"{' and '.join(data.stars or ())}"
            )
        )
    lines.append(Text(card_text(card_id), style="italic"))
    if data.is_monster and with_terrain:
        boost = terrain_boost(card_id, view.terrain)
        if boost:
            lines.append(
                Text(
                    f"On this terrain ({TERRAINS[view.terrain]}): "
                    f"{data.atk + boost}/{data.defence + boost} ({boost:+d})"
                )
            )
    return lines


def _whereabouts(view: FmView, card_id: int) -> str:
    me, other = (view.seat, 1 - view.seat) if view.seat is not None else (0, 1)
    places = [f"h{index + 1}" for index, held in enumerate(view.window) if held == card_id]
    for seat, owner in ((me, "your"), (other, "their")):
        places += [
            f"{owner} m{zone + 1}"
            for zone, monster in enumerate(view.monsters[seat])
            if monster is not None and monster.card == card_id
        ]
        places += [f"{owner} s{zone + 1}" for zone, known in enumerate(view.magic[seat]) if known == card_id]
    if places:
        return ", ".join(places)
    return "nowhere in sight"


# -- fusions ---------------------------------------------------------------------------------------
def fusions(view: FmView, argument: str) -> RenderableType:
    """What your hand window (and your monsters, which may only start a play) can make, and the picks."""
    if view.seat is None:
        raise UnknownCard("a spectator has no hand to fuse")
    if argument.strip().lower() not in ("", "all"):
        raise UnknownCard(f"fusions takes nothing, or 'all' (not {argument!r})")
    found = view_hints(view)
    if not found:
        return Text("Your cards make nothing together: no fusion or equip.")
    shown = found if argument.strip().lower() == "all" else found[:HINTS_SHOWN]
    lines = [Text(f"Your cards can make {len(found)} result(s), strongest first:", style="bold")]
    lines += [_hint_line(view, hint) for hint in shown]
    if len(shown) < len(found):
        lines.append(Text(f"… {len(found) - len(shown)} more: fusions all", style="dim"))
    return Group(*lines)


def _hint_line(view: FmView, hint: FusionHint) -> Text:
    line = Text("• ")
    made = card(hint.result)
    line.append(made.name, style="bold")
    if made.is_monster:
        atk, defence = hint.strength()
        line.append(f" {atk}/{defence} {made.type}")
    else:
        line.append(f" ({made.kind})")
    picks = ", ".join(f"{'m' if s.on_field else 'h'}{s.index + 1}" for s in hint.sources)
    line.append(f": pick {picks}", style="cyan")
    how = []
    for step in hint.combination.steps:
        if step.kind is StepKind.FUSION:
            how.append(f"{card(step.current).name} + {card(step.following).name}")
        else:
            how.append(f"equip {card(step.used[0]).name} ({step.gain:+d})")
    line.append(f"  ({'; '.join(how)})", style="dim")
    return line


HINTS = (
    Hint("fusions", "what your cards can make (fusions and equips) and the order to pick them", fusions),
)


# -- the log in words ------------------------------------------------------------------------------
def describe(event: Event, names: Sequence[str]) -> str:
    """An event in words with the players' names; a trap says why it fired, a lost card that it is lost."""
    match event:
        case TrapSprung(seat=seat, card=trap):
            return f"{names[seat]}'s trap {card(trap).name} springs: {trap_reason(trap)}"
        case CardLost(seat=seat, card=lost):
            what = "a card played face down" if lost is None else card(lost).name
            return f"{names[seat]}'s {what} combines with nothing: the failed fusion loses it"
    return describe_event(event, names)


def trap_reason(trap: int) -> str:
    """Why a trap fires and what it does, from its card (docs/rules/fm.md "Magic and traps"; docs/fm.md)."""
    if trap in magic.ATTACK_TRAPS:
        limit = magic.ATTACK_TRAPS[trap]
        covers = "any attack" if limit >= 9999 else f"an attack of {limit} ATK or less"
        return f"it answers {covers}, and the attacking monster is destroyed"
    reasons = {
        magic.GOBLIN_FAN: "it turns the opponent's damage magic back on its caster",
        magic.BAD_REACTION: "it turns the opponent's healing magic into damage",
        magic.REVERSE_TRAP: "it turns the equip's gain into a loss",
        magic.FAKE_TRAP: "it takes the blow meant for its owner's cards, and nothing else happens",
    }
    if trap in reasons:
        return reasons[trap]
    return "as its text says" if card(trap).kind is CardKind.TRAP else "it fires"

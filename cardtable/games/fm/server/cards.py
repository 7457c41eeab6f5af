"""The Forbidden Memories cards as the browser client shows them: data, and what each card does.

A card's `text` is our own account of what the engine makes it do (the
rules page, "Magic and traps"; `cardtable.games.fm.magic`); `printed` is the
card's own text from the game, which the engine's behaviours follow.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from cardtable.games.fm import magic
from cardtable.games.fm.carddata import MONSTER_TYPES, TERRAINS, card, cards, equip_bonus, rituals, tables
from cardtable.games.fm.carddata import card_text as printed_text
from cardtable.games.fm.combat import BEATS
from cardtable.games.fm.decks import DECK_SIZE, EXODIA_PIECES, MAX_COPIES


def _number(value: int) -> str:
    return f"{value:,}"


def _magic_text(card_id: int) -> str | None:
    """What a magic card does in the engine, in words (None: it has no programmed behaviour)."""
    if card_id in magic.FIELDS:
        terrain = magic.FIELDS[card_id]
        boosts = tables()["terrain_boost"]
        changes = [
            f"{kind} {boosts[kind][terrain - 1]:+d}"
            for kind in MONSTER_TYPES
            if kind in boosts and boosts[kind][terrain - 1]
        ]
        return f"Turns the field to {TERRAINS[terrain].capitalize()}: ATK and DEF of {', '.join(changes)}."
    if card_id in magic.HEALS:
        return f"You gain {_number(magic.HEALS[card_id])} life points (at most your starting life points)."
    if card_id in magic.BURNS:
        return f"Your opponent loses {_number(magic.BURNS[card_id])} life points."
    if card_id in magic.TYPE_DESTROYERS:
        kind, side = magic.TYPE_DESTROYERS[card_id]
        whose = "on the field, yours included" if side is magic.Side.BOTH else "of your opponent"
        return f"Destroys every {kind} monster {whose}."
    if card_id in magic.WEAKENERS:
        amount = _number(magic.WEAKENERS[card_id])
        return (
            f"Every monster of your opponent loses {amount} ATK and DEF until Cursebreaker lifts it "
            "(or for the turns the option weakening_turns sets)."
        )
    texts = {
        magic.DARK_HOLE: "Destroys every monster and every set card on the field, yours included.",
        magic.RAIGEKI: "Destroys every monster of your opponent.",
        magic.CRUSH_CARD: f"Destroys your opponent's monsters with {_number(magic.CRUSH_LIMIT)} ATK or more.",
        magic.STOP_DEFENSE: "Your opponent's monsters go to attack position.",
        magic.DARK_PIERCING_LIGHT: "Turns every face-down monster on the field face up.",
        magic.SWORDS: (
            "Turns your opponent's monsters face up; they may not attack for "
            f"{magic.LASTING_TURNS} of their owner's turns."
        ),
        magic.CURSEBREAKER: "Ends the weakening of every monster on the field.",
        magic.FEATHER_DUSTER: "Destroys every card in your opponent's magic and trap zone.",
    }
    return texts.get(card_id)


def _trap_text(card_id: int) -> str | None:
    """What a trap does when it springs, in words."""
    if card_id in magic.ATTACK_TRAPS:
        limit = magic.ATTACK_TRAPS[card_id]
        reach = "any attacker" if limit > 9999 else f"an attacker with {_number(limit)} ATK or less"
        return f"Springs when your opponent attacks: destroys {reach}."
    texts = {
        magic.GOBLIN_FAN: "Springs when your opponent casts a burn: the damage goes back to the caster.",
        magic.BAD_REACTION: "Springs when your opponent heals: the healing becomes damage.",
        magic.REVERSE_TRAP: "Springs when your opponent equips a monster: the gain becomes a loss.",
        magic.FAKE_TRAP: (
            "A decoy: an attack that no other set trap stops does nothing, and the Fake Trap is used up "
            "(with the option fake_trap=shield, it alone takes Harpie's Feather Duster instead)."
        ),
    }
    return texts.get(card_id)


def card_text(card_id: int) -> str | None:
    """What a card does in the engine, in words, or None for a monster (it only fights)."""
    data = card(card_id)
    if data.kind in ("magic", "field"):
        return _magic_text(card_id)
    if data.kind == "trap":
        return _trap_text(card_id)
    if data.kind == "equip":
        gain = _number(equip_bonus(card_id))
        return f"Equip: +{gain} ATK and DEF to a monster the equip table allows; onto any other it is wasted."
    if data.kind == "ritual":
        found = rituals().get(card_id)
        if found is None:
            return None
        tributes, result = found
        names = ", ".join(card(tribute).name for tribute in tributes)
        return f"Ritual: tributes {names} from your field to summon {card(result).name}."
    return None


@cache
def catalogue() -> dict[str, Any]:
    """Every card with its data and text, the terrain bonuses, the guardian stars' cycle, the deck rules."""
    boosts = tables()["terrain_boost"]
    return {
        "cards": {
            str(data.id): {
                "name": data.name,
                "kind": data.kind,
                "type": data.type,
                "attribute": data.attribute,
                "level": data.level,
                "atk": data.atk,
                "def": data.defence,
                "stars": list(data.stars) if data.stars else None,
                "text": card_text(data.id),
                "printed": printed_text(data.id),
                # The shop's: a card with a password is bought with it, for its cost in starchips.
                "password": data.password or None,
                "cost": data.cost if data.password else None,
            }
            for data in cards().values()
        },
        "terrains": list(TERRAINS),
        # Type -> the boost of each terrain after `normal` (docs/rules/fm.md "Battle").
        "terrain_boost": {kind: list(boosts[kind]) for kind in MONSTER_TYPES if kind in boosts},
        "beats": dict(BEATS),
        # The deck rules (fm.md, "Life points and decks"), for the deck editor's count; the server checks.
        "deck_rules": {"size": DECK_SIZE, "copies": MAX_COPIES, "single": list(EXODIA_PIECES)},
    }

"""Playing through the page as a person does: each legal action done by clicking the cards and the table.

The move list gives the legal actions (in notation); a driver picks one and
performs it with the clicks a person would make (a card, then where it goes),
never through the move list.
"""

from __future__ import annotations

import random

from tests.web.browser import Player

#: Where a hand card is clicked (from its top left corner): where its number shows, whatever overlaps it.
EDGE = {"x": 5, "y": 12}
#: DRUMP actions done by picking a hand card and then one of these targets.
DRUMP_TARGETS = {"set": "my-slot-{}", "summon": "my-slot-{}", "burst": "their-slot-{}"}


def drump_choice(legal: list[str], rng: random.Random) -> str:
    """A quick-ending choice: summon when possible, burst and set often, end the turn otherwise."""
    for kind, chance in (("summon", 1.0), ("extra", 1.0), ("burst", 0.5), ("set", 0.6), ("recycle", 0.3)):
        found = [text for text in legal if text.startswith(kind + " ")]
        if found and rng.random() < chance:
            return rng.choice(found)
    if "end" in legal:
        return "end"
    return rng.choice(legal)


def hand_card(player: Player, card: str) -> None:
    """Click a card of the hand near its left edge, as a person taps it: in a crowded hand (a phone's)
    each card overlaps the one before it, whose middle is covered and whose left strip shows."""
    player.page.click(f'[data-area="hand"][data-card="{card}"]', position=EDGE)


def drump_perform(player: Player, text: str) -> None:
    """Do one DRUMP action by clicking: the card, then its slot, the pile, the deck or a button."""
    words = text.split()
    kind = words[0]
    if kind in DRUMP_TARGETS:
        hand_card(player, words[1])
        player.page.click(f'[data-target="{DRUMP_TARGETS[kind].format(words[-1])}"]')
    elif kind == "recycle":
        hand_card(player, words[1])
        target = "deck" if words[2] == "draw" else f"pile-{words[3]}"
        player.page.click(f'[data-target="{target}"]')
    elif kind == "extra":
        # The Jack, then the Ace it discards (the Ace in hand glows).
        hand_card(player, words[1])
        hand_card(player, words[3])
    elif kind in ("block", "counter", "discard"):
        hand_card(player, words[1])
        player.page.click(f'button[data-action="{text}"]')
    else:
        player.page.click(f'button[data-action="{text}"]')


def scout_perform(player: Player, text: str, drag: bool = False) -> None:
    """Do one Scout action by clicking (or dragging): cards to show, an end of the active set and a gap."""
    page = player.page
    words = text.split()
    if words[0] == "show":
        first, _, last = words[1].partition("-")
        # Near its left edge, as `hand_card` clicks.
        page.click(f'[data-area="hand"][data-position="{first}"]', position=EDGE)
        if last:
            page.click(f'[data-area="hand"][data-position="{last}"]', position=EDGE)
        page.click('button[data-role="show"]')
    elif words[0] in ("scout", "scoutshow"):
        if words[0] == "scoutshow":
            page.check('[data-role="chip"] input')
        end = words[1]
        position = words[-1]
        turned = "turned" in words
        if drag and not turned:
            source = page.locator(f'.active-set [data-end="{end}"]').bounding_box()
            assert source is not None
            page.mouse.move(source["x"] + source["width"] / 2, source["y"] + source["height"] / 2)
            page.mouse.down()
            page.mouse.move(source["x"] + 30, source["y"] + 60, steps=4)
            gap = page.locator(f'[data-target="gap-{position}"]').bounding_box()
            assert gap is not None
            page.mouse.move(gap["x"] + gap["width"] / 2, gap["y"] + gap["height"] / 2, steps=6)
            page.mouse.up()
            return
        page.click(f'.active-set [data-end="{end}"]')
        if turned:
            page.click('button[data-role="turn-card"]')
        page.click(f'[data-target="gap-{position}"]')
    else:
        page.click(f'button[data-action="{text}"]')


def dnup_perform(player: Player, text: str) -> None:
    """Do one dnup action by clicking: the cards then Play, a card then a player, or a button."""
    page = player.page
    words = text.split()
    if words[0] == "play":
        for card in words[1:]:
            hand_card(player, card)
        page.click('button[data-role="play"]')
    elif words[0] == "add":
        hand_card(player, words[1])
        page.click(f'[data-target="seat-{words[3]}"]')
    else:
        page.click(f'button[data-action="{text}"]')

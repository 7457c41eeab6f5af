"""The duelists' shared AI (fm.md, "The opponents"), tuned by each duelist's parameters.

It looks over its hand window for the fusion with the highest base ATK
(shorter chains win ties), always takes a monster's first guardian star,
attacks with its weakest monster that still wins, turns monsters that meet a
known stronger monster to defence, plays burn cards only when they finish
the duel, and each turn rolls one of three strategies by its own
percentages, one set while ahead on life points and one while behind.  What
the three strategies do is this engine's reading of "A, B, C": A plays its
strongest monster to attack, B plays a magic, trap or equip when one is of
use, C plays its strongest monster in defence.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import permutations
from typing import Any

from cardtable.games.fm import magic as spells
from cardtable.games.fm.actions import (
    ATTACKS,
    CANCEL,
    DIRECT,
    END,
    FIELD_PICKS,
    PICKS,
    PLAY_DOWN,
    PLAY_UP,
    SWITCHES,
    Action,
)
from cardtable.games.fm.carddata import CardKind, can_equip, card, duelists, fusion_of, rituals
from cardtable.games.fm.view import FmView, SeenMonster

#: Parameters of a middling duelist, for the AI without a duelist (simulations, arena).
AVERAGE = {
    "sees_face_down": False,
    "hand_window": 5,
    "lp_threshold": 2000,
    "best_combo_depth": 2,
    "feather_duster_and_hold_pct": 50,
    "blind_attack_pct": 50,
    "ahead": [40, 30, 30],
    "weak": [30, 30, 40],
}


class DuelistAI:
    """One duelist's AI: plans a turn from its view, then plays it step by step."""

    name = "heuristic"

    def __init__(self, duelist: int | None = None) -> None:
        self.params: dict[str, Any] = dict(duelists()[duelist].ai) if duelist else dict(AVERAGE)
        self.plan: list[Action] = []
        self.strategy = "A"
        self.placing_attack = True

    # -- the turn --------------------------------------------------------------------
    def choose(self, view: FmView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The next step of this turn's plan, or the best battle move."""
        if view.phase == "pick":
            if not view.picks:
                self._plan_play(view, rng)
            while self.plan:
                step = self.plan.pop(0)
                if step in legal:
                    return step
            return CANCEL if CANCEL in legal else legal[0]
        if view.phase == "place":
            return self._placement(view, legal)
        return self._battle(view, legal, rng)

    # -- what to play ----------------------------------------------------------------
    def _plan_play(self, view: FmView, rng: random.Random) -> None:
        seat = view.seat
        assert seat is not None
        ahead = view.lp[seat] >= view.lp[1 - seat]
        weights = self.params["ahead" if ahead else "weak"]
        self.strategy = rng.choices("ABC", weights=weights)[0]
        window = view.window
        best_monster = self._best_fusion(view)
        support = self._support_play(view)
        if self.strategy == "B" and support is not None:
            self.plan, self.placing_attack = support, True
        elif best_monster is not None:
            self.plan = [PICKS[index] for index in best_monster] + [PLAY_UP]
            self.placing_attack = self.strategy != "C"
        elif support is not None:
            self.plan = support
        else:
            # Nothing useful: set a card face down, as the game lets a duelist do.
            self.plan = [PICKS[0], PLAY_DOWN]
        if not window:
            self.plan = []

    def _best_fusion(self, view: FmView) -> tuple[int, ...] | None:
        """Hand-window indexes of the play giving the highest base ATK; shorter chains win ties."""
        window = view.window
        padding = view.options.padding_fusions
        depth = 1 + int(self.params["best_combo_depth"])
        best: tuple[int, int, tuple[int, ...]] | None = None
        monsters = [index for index, c in enumerate(window) if card(c).is_monster]
        for index in monsters:
            candidate: tuple[int, int, tuple[int, ...]] = (card(window[index]).atk, -1, (index,))
            best = candidate if best is None or candidate[:2] > best[:2] else best
        for length in range(2, min(depth, len(monsters)) + 1):
            for chain in permutations(monsters, length):
                current: int | None = window[chain[0]]
                for index in chain[1:]:
                    current = fusion_of(current, window[index], padding) if current is not None else None
                if current is not None and card(current).is_monster:
                    candidate = (card(current).atk, -length, chain)
                    if best is None or candidate[:2] > best[:2]:
                        best = candidate
        return None if best is None else best[2]

    def _support_play(self, view: FmView) -> list[Action] | None:
        """A magic, trap, equip or ritual worth playing now, as plan steps."""
        seat = view.seat
        assert seat is not None
        window, opponent = view.window, 1 - seat
        theirs = [m for m in view.monsters[opponent] if m is not None]
        mine = view.monsters[seat]
        for index, card_id in enumerate(window):
            kind = card(card_id).kind
            if kind is CardKind.EQUIP:
                for zone, monster in enumerate(mine):
                    if monster is not None and monster.card is not None and can_equip(card_id, monster.card):
                        return [FIELD_PICKS[zone], PICKS[index], PLAY_UP]
            if kind is CardKind.TRAP and None in view.magic[seat] and not all(view.magic_used[seat]):
                return [PICKS[index], PLAY_DOWN]
            if kind is CardKind.RITUAL and self._ritual_ready(view, card_id):
                return [PICKS[index], PLAY_UP]
            if kind in (CardKind.MAGIC, CardKind.FIELD) and self._magic_useful(view, card_id, theirs):
                return [PICKS[index], PLAY_UP]
        return None

    def _ritual_ready(self, view: FmView, ritual: int) -> bool:
        seat = view.seat
        assert seat is not None
        tributes, _ = rituals()[ritual]
        held = [m.card for m in view.monsters[seat] if m is not None]
        return all(held.count(t) >= list(tributes).count(t) for t in tributes)

    def _magic_useful(self, view: FmView, magic: int, theirs: list[SeenMonster]) -> bool:
        seat = view.seat
        assert seat is not None
        if magic in spells.BURNS:
            # Burn cards only when they finish the duel.
            return spells.BURNS[magic] >= view.lp[1 - seat]
        if magic in spells.HEALS:
            return view.lp[seat] < self.params["lp_threshold"]
        if (
            magic in (spells.RAIGEKI, spells.CRUSH_CARD, spells.SWORDS, spells.STOP_DEFENSE)
            or magic in spells.WEAKENERS
        ):
            return bool(theirs)
        if magic in spells.TYPE_DESTROYERS:
            wanted, side = spells.TYPE_DESTROYERS[magic]
            mine = [m for m in view.monsters[seat] if m is not None]

            def count(row: list[SeenMonster]) -> int:
                return sum(m.card is not None and card(m.card).type == wanted for m in row)

            # A card that hits both sides is worth it when it takes more of theirs than of ours.
            return count(theirs) > (count(mine) if side is spells.Side.BOTH else 0)
        if magic == spells.FEATHER_DUSTER:
            return any(view.magic_used[1 - seat]) and self.params["feather_duster_and_hold_pct"] >= 50
        if magic in spells.FIELDS:
            return view.terrain != spells.FIELDS[magic]
        return False

    # -- placing and battle -------------------------------------------------------------------
    def _placement(self, view: FmView, legal: Sequence[Action]) -> Action:
        seat = view.seat
        assert seat is not None and view.pending is not None
        attack = self.placing_attack
        strongest = max(
            (m.atk for m in view.monsters[1 - seat] if m is not None and m.atk is not None), default=0
        )
        if card(view.pending.card).atk + view.pending.bonus < strongest:
            attack = False
        zones = [
            action
            for action in legal
            if getattr(action, "attack", None) == attack and getattr(action, "star", 1) == 0
        ]
        return zones[0] if zones else legal[0]

    def _battle(self, view: FmView, legal: Sequence[Action], rng: random.Random) -> Action:
        seat = view.seat
        assert seat is not None
        mine, theirs = view.monsters[seat], view.monsters[1 - seat]
        known = [(zone, m) for zone, m in enumerate(theirs) if m is not None]
        attackers = sorted(
            ((m.atk or 0, zone) for zone, m in enumerate(mine) if m is not None and m.attack),
        )
        if not known:
            for _, zone in reversed(attackers):
                action = ATTACKS[(zone, DIRECT)]
                if action in legal:
                    return action
        for target, defender in known:
            if defender.atk is None and rng.randrange(100) >= self.params["blind_attack_pct"]:
                continue
            needed = self._to_beat(defender)
            for atk, zone in attackers:
                if atk > needed:
                    action = ATTACKS[(zone, target)]
                    if action in legal:
                        return action
        # A monster that meets a known stronger attacker is turned to defence.
        threat = max((m.atk for _, m in known if m.atk is not None and m.attack), default=0)
        for zone, monster in enumerate(mine):
            if (
                monster is not None
                and monster.attack
                and (monster.atk or 0) < threat
                and SWITCHES[zone] in legal
            ):
                return SWITCHES[zone]
        return END if END in legal else legal[0]

    @staticmethod
    def _to_beat(defender: SeenMonster) -> int:
        if defender.atk is None:
            return 1500
        return defender.atk if defender.attack else (defender.defence or 0)

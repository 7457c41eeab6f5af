"""Reading and checking a folder of Forbidden Memories tables, as the project's sources lay them out.

One loader for two uses: `tools/build_fm_data.py` reads the shared sources with it to write the
compact files the package ships (`data/`), and `--fm-data DIR` (`carddata.use_data`) reads a user's
own copy of the tables with it instead of the shipped files.  The folder holds

    derived/cards.csv, fusions_disc.csv, fusion_padding_pairs.csv, equips.csv, rituals.csv,
            duelist_pools.csv, starter_deck_pools.csv
    alerubis/cards.json                      (the cards' texts)
    memories-decomp/ai_opponent_data.transcribed.csv, rank_score_rules.transcribed.csv,
                    rank_letters.transcribed.csv, terrain_boost.transcribed.csv

Every value is checked as it is read and every published count after (722 cards, 25,131 fusions,
...); a fault is a FmDataError naming the file, the row (counted as a spreadsheet counts lines, the
header being line 1) and the reason.
"""

from __future__ import annotations

import csv
import json
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from cardtable.core.errors import CardtableError

POOLS = ("deck", "sa_pow", "bcd", "sa_tec")
CARD_KINDS = {"monster": 621, "magic": 27, "field": 6, "equip": 34, "ritual": 24, "trap": 10}
CARD_COUNT = 722
#: The most any number of the tables may be (none of the game's is near it): a file cannot make the
#: program carry numbers of thousands of digits.
MOST = 999_999_999
#: A card's ATK and DEF are shown up to 9,999 (docs/rules/fm.md), its level up to 12, and its
#: password costs at most the 999,999 starchips a player may hold.
MOST_POINTS = 9999
MOST_LEVEL = 12
MOST_STARCHIP_COST = 999_999
#: The longest fusion chain an AI setting may name: a play is at most five picks.
MOST_CHAIN = 5
#: The files the package ships, each built from the folder by one function below.
SHIPPED = (
    "cards.json",
    "texts.json",
    "fusions.json",
    "equips.json",
    "rituals.json",
    "duelists.json",
    "starters.json",
    "tables.json",
)


class FmDataError(CardtableError, ValueError):
    """A table of the folder cannot be used: the message names the file, the row and the reason."""


class _Row:
    """One CSV row, whose fields are read with the file and line named in any error."""

    def __init__(self, where: str, line: int, values: dict[str, str]) -> None:
        self.where, self.line, self.values = where, line, values

    def fail(self, reason: str) -> FmDataError:
        return FmDataError(f"{self.where}, row {self.line}: {reason}")

    def text(self, column: str) -> str:
        value = self.values.get(column)
        if value is None:
            raise self.fail(f"has no {column} (the row is short, or the file has no such column)")
        return value

    def whole(self, column: str, low: int = 0, high: int = MOST) -> int:
        text = self.text(column).strip()
        try:
            value = int(text, 0) if text.lower().startswith("0x") else int(text)
        except ValueError:
            raise self.fail(f"{column} is {text!r}, not a whole number") from None
        if not low <= value <= high:
            raise self.fail(f"{column} is {value}, not from {low} to {high}")
        return value

    def card(self, column: str) -> int:
        return self.whole(column, 1, CARD_COUNT)

    def optional(self, column: str, low: int = 0, high: int = MOST) -> int | None:
        return self.whole(column, low, high) if self.text(column).strip() else None


def _rows(folder: Path, name: str) -> Iterator[_Row]:
    path = folder / name
    try:
        with path.open(encoding="utf-8", newline="") as stream:
            for line, values in enumerate(csv.DictReader(stream), 2):
                yield _Row(name, line, values)
    except FileNotFoundError:
        raise FmDataError(f"{name}: the file is missing from {folder}") from None
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise FmDataError(f"{name}: cannot be read ({error})") from None


def _expect(name: str, found: object, expected: object, what: str) -> None:
    if found != expected:
        raise FmDataError(f"{name}: {found} {what}, not {expected}")


def build_cards(folder: Path) -> list[list[object]]:
    name = "derived/cards.csv"
    cards: list[list[object]] = []
    for row in _rows(folder, name):
        kind = row.text("kind")
        if kind not in CARD_KINDS:
            raise row.fail(f"kind {kind!r} is not one of {', '.join(CARD_KINDS)}")
        card_id = row.card("id")
        if card_id != len(cards) + 1:
            raise row.fail(f"id {card_id} is out of order (card {len(cards) + 1} expected)")
        cards.append(
            [
                card_id,
                row.text("name"),
                kind,
                row.text("type"),
                row.text("attribute") or None,
                row.optional("level", 0, MOST_LEVEL),
                row.optional("atk", 0, MOST_POINTS),
                row.optional("def", 0, MOST_POINTS),
                row.text("guardian_star_1") or None,
                row.text("guardian_star_2") or None,
                row.text("password") or None,
                row.optional("starchip_cost", 0, MOST_STARCHIP_COST),
            ]
        )
    _expect(name, len(cards), CARD_COUNT, "cards")
    kinds = Counter(str(card[2]) for card in cards)
    for kind, count in CARD_KINDS.items():
        _expect(name, kinds[kind], count, f"{kind} cards")
    return cards


def build_texts(folder: Path) -> list[str]:
    """Each card's text, in card order; the data breaks its lines with runs of spaces, made one here."""
    name = "alerubis/cards.json"
    try:
        found = json.loads((folder / name).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise FmDataError(f"{name}: the file is missing from {folder}") from None
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise FmDataError(f"{name}: cannot be read ({error})") from None
    if not isinstance(found, list):
        raise FmDataError(f"{name}: should be a JSON list of cards")
    texts = {}
    for index, entry in enumerate(found, 1):
        if (
            not isinstance(entry, dict)
            or not isinstance(entry.get("CardId"), int)
            or "Description" not in entry
        ):
            raise FmDataError(f"{name}, entry {index}: should hold a CardId number and a Description")
        texts[entry["CardId"]] = " ".join(str(entry["Description"]).split())
    if sorted(texts) != list(range(1, CARD_COUNT + 1)):
        raise FmDataError(f"{name}: the texts must cover cards 1 to {CARD_COUNT}, each once")
    return [texts[card_id] for card_id in range(1, CARD_COUNT + 1)]


def _triples(folder: Path, name: str) -> list[list[int]]:
    return [
        [row.card("material_low_id"), row.card("material_high_id"), row.card("result_id")]
        for row in _rows(folder, name)
    ]


def build_fusions(folder: Path) -> dict[str, list[int]]:
    disc = _triples(folder, "derived/fusions_disc.csv")
    padding = _triples(folder, "derived/fusion_padding_pairs.csv")
    _expect("derived/fusions_disc.csv", len(disc), 25131, "fusions")
    _expect("derived/fusion_padding_pairs.csv", len(padding), 15, "padding pairs")
    if {(a, b) for a, b, _ in disc} & {(a, b) for a, b, _ in padding}:
        raise FmDataError("derived/fusion_padding_pairs.csv: a padding pair is also in the disc table")
    return {
        "disc": [value for triple in disc for value in triple],
        "padding": [value for triple in padding for value in triple],
    }


def build_equips(folder: Path) -> dict[str, list[int]]:
    name = "derived/equips.csv"
    equips: dict[int, list[int]] = defaultdict(list)
    for row in _rows(folder, name):
        equips[row.card("equip_id")].append(row.card("monster_id"))
    _expect(name, sum(map(len, equips.values())), 4041, "equip pairs")
    _expect(name, len(equips[657]), 621, "monsters for Megamorph")
    _expect(name, len(equips[301]), 63, "monsters for Legendary Sword")
    return {str(equip): sorted(monsters) for equip, monsters in sorted(equips.items())}


def build_rituals(folder: Path) -> list[list[int]]:
    name = "derived/rituals.csv"
    columns = ("ritual_id", "tribute1_id", "tribute2_id", "tribute3_id", "result_id")
    rituals = [[row.card(column) for column in columns] for row in _rows(folder, name)]
    _expect(name, len(rituals), 24, "rituals")
    return rituals


def build_duelists(folder: Path) -> list[dict[str, object]]:
    pools: dict[int, dict[str, list[list[int]]]] = defaultdict(lambda: {pool: [] for pool in POOLS})
    pool_file = "derived/duelist_pools.csv"
    for row in _rows(folder, pool_file):
        pool = row.text("pool")
        if pool not in POOLS:
            raise row.fail(f"pool {pool!r} is not one of {', '.join(POOLS)}")
        entry = [row.card("card_id"), row.whole("weight_of_2048", 1, 2048)]
        pools[row.whole("duelist_id", 1, 39)][pool].append(entry)
    duelists: list[dict[str, object]] = []
    name = "memories-decomp/ai_opponent_data.transcribed.csv"
    for row in _rows(folder, name):
        duelist = row.whole("duelist_id", 1, 39)
        if duelist != len(duelists) + 1:
            raise row.fail(f"duelist_id {duelist} is out of order ({len(duelists) + 1} expected)")
        for pool in POOLS:
            total = sum(weight for _, weight in pools[duelist][pool])
            if total != 2048:
                raise FmDataError(f"{pool_file}: duelist {duelist}'s {pool} pool weighs {total}, not 2048")

        def percents(prefix: str, row: _Row = row) -> list[int]:
            return [row.whole(f"{prefix}_{strategy}_pct", 0, 100) for strategy in "ABC"]

        duelists.append(
            {
                "id": duelist,
                "name": row.text("duelist"),
                "ai": {
                    "sees_face_down": row.whole("sees_face_down", 0, 1) == 1,
                    "hand_window": row.whole("hand_window", 5, 20),
                    "lp_threshold": row.whole("lp_threshold_x100") * 100,
                    "deck_low_threshold": row.whole("deck_low_threshold"),
                    # The AI tries every order of this many monsters for a chain (a factorial's work),
                    # as a play holds at most five picks: the shipped duelists' are 1 to 3.
                    "best_combo_depth": row.whole("best_combo_depth", 1, MOST_CHAIN),
                    "evaluate_fusion_limit": row.whole("evaluate_fusion_limit", 0, MOST_CHAIN),
                    "feather_duster_and_hold_pct": row.whole("feather_duster_and_hold_pct", 0, 100),
                    "blind_attack_pct": row.whole("blind_attack_pct", 0, 100),
                    "ahead": percents("ahead"),
                    "weak": percents("weak"),
                },
                "pools": pools[duelist],
            }
        )
    _expect(name, len(duelists), 39, "duelists")
    return duelists


def build_starters(folder: Path) -> list[dict[str, Any]]:
    name = "derived/starter_deck_pools.csv"
    starters: dict[int, dict[str, Any]] = {}
    for row in _rows(folder, name):
        pool = row.whole("pool", 1)
        entry = starters.setdefault(
            pool, {"pool": pool, "draws": row.whole("cards_drawn_from_pool"), "cards": []}
        )
        entry["cards"].append([row.card("card_id"), row.whole("weight_of_2048", 1, 2048)])
    result = [starters[pool] for pool in sorted(starters)]
    _expect(name, sum(len(entry["cards"]) for entry in result), 345, "starter pool entries")
    _expect(name, sum(entry["draws"] for entry in result), 40, "cards drawn")
    return result


def build_tables(folder: Path) -> dict[str, object]:
    decomp = "memories-decomp/"
    rules = [
        [
            row.whole("row"),
            row.text("counter"),
            row.whole("range_min"),
            row.optional("range_max"),
            row.whole("score_change", -MOST),
        ]
        for row in _rows(folder, decomp + "rank_score_rules.transcribed.csv")
    ]
    letters = [
        [
            row.optional("score_min", -MOST),
            row.optional("score_max", -MOST),
            row.text("rank"),
            row.whole("starchips"),
            row.text("drop_pool"),
        ]
        for row in _rows(folder, decomp + "rank_letters.transcribed.csv")
    ]
    terrain = {
        row.text("type"): [
            row.whole(column, -MOST) for column in ("Forest", "Wasteland", "Mountain", "Sogen", "Umi", "Yami")
        ]
        for row in _rows(folder, decomp + "terrain_boost.transcribed.csv")
    }
    _expect(decomp + "rank_score_rules.transcribed.csv", len(rules), 50, "score rules")
    _expect(decomp + "rank_letters.transcribed.csv", len(letters), 10, "rank letters")
    _expect(decomp + "terrain_boost.transcribed.csv", len(terrain), 20, "monster types")
    return {"rank_score_rules": rules, "rank_letters": letters, "terrain_boost": terrain}


_BUILDERS: dict[str, Callable[[Path], object]] = {
    "cards.json": build_cards,
    "texts.json": build_texts,
    "fusions.json": build_fusions,
    "equips.json": build_equips,
    "rituals.json": build_rituals,
    "duelists.json": build_duelists,
    "starters.json": build_starters,
    "tables.json": build_tables,
}


def build_all(folder: str | Path) -> dict[str, Any]:
    """Every shipped file's data, read and checked from `folder` (FmDataError naming file and row)."""
    path = Path(folder)
    if not path.is_dir():
        raise FmDataError(f"no folder of Forbidden Memories tables at {str(path)!r}")
    # Through JSON, so that the data is exactly what the shipped files would hold.
    return {name: json.loads(json.dumps(build(path))) for name, build in _BUILDERS.items()}

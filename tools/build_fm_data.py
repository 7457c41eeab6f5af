"""Build the Forbidden Memories data files shipped in the package from ../shared/data/fm.

    python tools/build_fm_data.py [SOURCE_FOLDER]

SOURCE_FOLDER defaults to ../shared/data/fm.  The package reads only the
compact JSON files written into cardtable/games/fm/data/, never the source
folder; run this again only if the sources change.  Every count is checked
against the published figures before anything is written, and each file is
written whole or not at all.
"""

from __future__ import annotations

import csv
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "cardtable" / "games" / "fm" / "data"
POOLS = ("deck", "sa_pow", "bcd", "sa_tec")


def rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as stream:
        return list(csv.DictReader(stream))


def number(text: str) -> int | None:
    return int(text) if text.strip() else None


def build_cards(source: Path) -> list[list[object]]:
    cards = []
    for row in rows(source / "derived" / "cards.csv"):
        cards.append(
            [
                int(row["id"]),
                row["name"],
                row["kind"],
                row["type"],
                row["attribute"] or None,
                number(row["level"]),
                number(row["atk"]),
                number(row["def"]),
                row["guardian_star_1"] or None,
                row["guardian_star_2"] or None,
                row["password"] or None,
                number(row["starchip_cost"]),
            ]
        )
    kinds = Counter(card[2] for card in cards)
    expected = {"monster": 621, "magic": 27, "field": 6, "equip": 34, "ritual": 24, "trap": 10}
    assert len(cards) == 722 and kinds == expected, kinds
    return cards


def build_texts(source: Path) -> list[str]:
    """Each card's text, in card order; the data breaks its lines with runs of spaces, made one here."""
    found = json.loads((source / "alerubis" / "cards.json").read_text(encoding="utf-8"))
    texts = {int(row["CardId"]): " ".join(str(row["Description"]).split()) for row in found}
    assert sorted(texts) == list(range(1, 723)), "the texts must cover cards 1 to 722"
    return [texts[card_id] for card_id in range(1, 723)]


def build_fusions(source: Path) -> dict[str, list[int]]:
    disc = [
        [int(row["material_low_id"]), int(row["material_high_id"]), int(row["result_id"])]
        for row in rows(source / "derived" / "fusions_disc.csv")
    ]
    padding = [
        [int(row["material_low_id"]), int(row["material_high_id"]), int(row["result_id"])]
        for row in rows(source / "derived" / "fusion_padding_pairs.csv")
    ]
    assert len(disc) == 25131 and len(padding) == 15, (len(disc), len(padding))
    assert not {(a, b) for a, b, _ in disc} & {(a, b) for a, b, _ in padding}
    return {
        "disc": [value for triple in disc for value in triple],
        "padding": [value for triple in padding for value in triple],
    }


def build_equips(source: Path) -> dict[str, list[int]]:
    equips: dict[int, list[int]] = defaultdict(list)
    for row in rows(source / "derived" / "equips.csv"):
        equips[int(row["equip_id"])].append(int(row["monster_id"]))
    assert sum(map(len, equips.values())) == 4041
    assert len(equips[657]) == 621 and len(equips[301]) == 63
    return {str(equip): sorted(monsters) for equip, monsters in sorted(equips.items())}


def build_rituals(source: Path) -> list[list[int]]:
    rituals = [
        [
            int(row["ritual_id"]),
            int(row["tribute1_id"]),
            int(row["tribute2_id"]),
            int(row["tribute3_id"]),
            int(row["result_id"]),
        ]
        for row in rows(source / "derived" / "rituals.csv")
    ]
    assert len(rituals) == 24
    return rituals


def build_duelists(source: Path) -> list[dict[str, object]]:
    pools: dict[int, dict[str, list[list[int]]]] = defaultdict(lambda: {pool: [] for pool in POOLS})
    for row in rows(source / "derived" / "duelist_pools.csv"):
        pools[int(row["duelist_id"])][row["pool"]].append([int(row["card_id"]), int(row["weight_of_2048"])])
    duelists = []
    for row in rows(source / "memories-decomp" / "ai_opponent_data.transcribed.csv"):
        duelist = int(row["duelist_id"])
        for pool in POOLS:
            assert sum(weight for _, weight in pools[duelist][pool]) == 2048, (duelist, pool)
        duelists.append(
            {
                "id": duelist,
                "name": row["duelist"],
                "ai": {
                    "sees_face_down": row["sees_face_down"] == "1",
                    "hand_window": int(row["hand_window"]),
                    "lp_threshold": int(row["lp_threshold_x100"]) * 100,
                    "deck_low_threshold": int(row["deck_low_threshold"]),
                    "best_combo_depth": int(row["best_combo_depth"]),
                    "evaluate_fusion_limit": int(row["evaluate_fusion_limit"]),
                    "feather_duster_and_hold_pct": int(row["feather_duster_and_hold_pct"]),
                    "blind_attack_pct": int(row["blind_attack_pct"]),
                    "ahead": [int(row["ahead_A_pct"]), int(row["ahead_B_pct"]), int(row["ahead_C_pct"])],
                    "weak": [int(row["weak_A_pct"]), int(row["weak_B_pct"]), int(row["weak_C_pct"])],
                },
                "pools": pools[duelist],
            }
        )
    assert len(duelists) == 39 and [d["id"] for d in duelists] == list(range(1, 40))
    return duelists


def build_starters(source: Path) -> list[dict[str, object]]:
    starters: dict[int, dict[str, object]] = {}
    for row in rows(source / "derived" / "starter_deck_pools.csv"):
        pool = int(row["pool"])
        entry = starters.setdefault(
            pool, {"pool": pool, "draws": int(row["cards_drawn_from_pool"]), "cards": []}
        )
        entry["cards"].append([int(row["card_id"]), int(row["weight_of_2048"])])  # type: ignore[attr-defined]
    result = [starters[pool] for pool in sorted(starters)]
    assert sum(len(entry["cards"]) for entry in result) == 345  # type: ignore[arg-type]
    assert sum(entry["draws"] for entry in result) == 40  # type: ignore[misc]
    return result


def build_tables(source: Path) -> dict[str, object]:
    decomp = source / "memories-decomp"
    rules = [
        [
            int(row["row"]),
            row["counter"],
            int(row["range_min"]),
            number(row["range_max"]),
            int(row["score_change"]),
        ]
        for row in rows(decomp / "rank_score_rules.transcribed.csv")
    ]
    letters = [
        [
            number(row["score_min"]),
            number(row["score_max"]),
            row["rank"],
            int(row["starchips"]),
            row["drop_pool"],
        ]
        for row in rows(decomp / "rank_letters.transcribed.csv")
    ]
    terrain = {
        row["type"]: [
            int(row[column]) for column in ("Forest", "Wasteland", "Mountain", "Sogen", "Umi", "Yami")
        ]
        for row in rows(decomp / "terrain_boost.transcribed.csv")
    }
    assert len(rules) == 50 and len(letters) == 10 and len(terrain) == 20
    return {"rank_score_rules": rules, "rank_letters": letters, "terrain_boost": terrain}


def write(name: str, data: object) -> None:
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n"
    temporary = TARGET / f".{name}.tmp"
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(TARGET / name)


def main() -> None:
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "data" / "fm"
    if not source.is_dir():
        raise SystemExit(f"no Forbidden Memories data at {source}")
    built = {
        "cards.json": build_cards(source),
        "texts.json": build_texts(source),
        "fusions.json": build_fusions(source),
        "equips.json": build_equips(source),
        "rituals.json": build_rituals(source),
        "duelists.json": build_duelists(source),
        "starters.json": build_starters(source),
        "tables.json": build_tables(source),
    }
    TARGET.mkdir(parents=True, exist_ok=True)
    for name, data in built.items():
        write(name, data)
        print(f"wrote {TARGET / name}")


if __name__ == "__main__":
    main()

"""`--fm-data DIR`: a user's own copy of the tables, read and checked by the loader of the shipped files.

The tests write such a folder from the shipped files (the sources' layout, only the columns the loader
reads), so they need nothing outside the package: the folder read back gives the shipped files exactly,
and a broken copy is refused with its file and row named, changing nothing.
"""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from cardtable.games.fm import carddata
from cardtable.games.fm.sources import SHIPPED, FmDataError, build_all

AI_COLUMNS = (
    "sees_face_down",
    "hand_window",
    "lp_threshold",
    "deck_low_threshold",
    "best_combo_depth",
    "evaluate_fusion_limit",
    "feather_duster_and_hold_pct",
    "blind_attack_pct",
)


def shipped(name: str) -> Any:
    return json.loads(resources.files("cardtable.games.fm").joinpath("data", name).read_text("utf-8"))


def write_csv(path: Path, header: list[str], rows: list[list[Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8", newline="") as stream:
        writer = csv.writer(stream)
        writer.writerow(header)
        writer.writerows([["" if value is None else value for value in row] for row in rows])


def source_folder(folder: Path) -> Path:
    """The shipped tables written back in the sources' layout."""
    derived, decomp = folder / "derived", folder / "memories-decomp"
    card_columns = "id name kind type attribute level atk def guardian_star_1 guardian_star_2 password"
    write_csv(derived / "cards.csv", [*card_columns.split(), "starchip_cost"], shipped("cards.json"))
    texts = [{"CardId": number, "Description": text} for number, text in enumerate(shipped("texts.json"), 1)]
    (folder / "alerubis").mkdir()
    (folder / "alerubis" / "cards.json").write_text(json.dumps(texts), encoding="utf-8")
    fusions = shipped("fusions.json")
    for name, key in (("fusions_disc.csv", "disc"), ("fusion_padding_pairs.csv", "padding")):
        flat = fusions[key]
        triples = [flat[index : index + 3] for index in range(0, len(flat), 3)]
        write_csv(derived / name, ["material_low_id", "material_high_id", "result_id"], triples)
    equips = [
        [int(equip), monster] for equip, monsters in shipped("equips.json").items() for monster in monsters
    ]
    write_csv(derived / "equips.csv", ["equip_id", "monster_id"], equips)
    ritual_columns = ["ritual_id", "tribute1_id", "tribute2_id", "tribute3_id", "result_id"]
    write_csv(derived / "rituals.csv", ritual_columns, shipped("rituals.json"))
    duelists = shipped("duelists.json")
    pools = [
        [duelist["id"], pool, card_id, weight]
        for duelist in duelists
        for pool, entries in duelist["pools"].items()
        for card_id, weight in entries
    ]
    write_csv(derived / "duelist_pools.csv", ["duelist_id", "pool", "card_id", "weight_of_2048"], pools)
    ai_header = ["duelist_id", "duelist", *AI_COLUMNS]
    ai_header[ai_header.index("lp_threshold")] = "lp_threshold_x100"
    ai_header += [f"{prefix}_{strategy}_pct" for prefix in ("ahead", "weak") for strategy in "ABC"]
    ai_rows = [
        [duelist["id"], duelist["name"]]
        + [int(duelist["ai"][column]) // (100 if column == "lp_threshold" else 1) for column in AI_COLUMNS]
        + duelist["ai"]["ahead"]
        + duelist["ai"]["weak"]
        for duelist in duelists
    ]
    write_csv(decomp / "ai_opponent_data.transcribed.csv", ai_header, ai_rows)
    starters = [
        [entry["pool"], entry["draws"], card_id, weight]
        for entry in shipped("starters.json")
        for card_id, weight in entry["cards"]
    ]
    write_csv(
        derived / "starter_deck_pools.csv",
        ["pool", "cards_drawn_from_pool", "card_id", "weight_of_2048"],
        starters,
    )
    tables = shipped("tables.json")
    write_csv(
        decomp / "rank_score_rules.transcribed.csv",
        ["row", "counter", "range_min", "range_max", "score_change"],
        tables["rank_score_rules"],
    )
    write_csv(
        decomp / "rank_letters.transcribed.csv",
        ["score_min", "score_max", "rank", "starchips", "drop_pool"],
        tables["rank_letters"],
    )
    terrains = ["Forest", "Wasteland", "Mountain", "Sogen", "Umi", "Yami"]
    terrain_rows = [[kind, *boosts] for kind, boosts in tables["terrain_boost"].items()]
    write_csv(decomp / "terrain_boost.transcribed.csv", ["type", *terrains], terrain_rows)
    return folder


def edit_line(path: Path, line: int, change: Any) -> None:
    """Change line `line` (the header is line 1) of a CSV file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[line - 1] = change(lines[line - 1])
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_the_loader_reads_back_exactly_the_shipped_files(tmp_path: Path) -> None:
    built = build_all(source_folder(tmp_path))
    assert list(built) == list(SHIPPED)
    for name in SHIPPED:
        assert built[name] == shipped(name), name


@pytest.mark.parametrize(
    ("file", "line", "change", "message"),
    [
        ("derived/cards.csv", 3, lambda text: text.replace(",800,", ",lots,"), "row 3: atk is 'lots'"),
        (
            "derived/fusions_disc.csv",
            10,
            lambda text: "2,8,9999",
            "row 10: result_id is 9999, not from 1 to 722",
        ),
        (
            "derived/duelist_pools.csv",
            5,
            lambda text: ",".join([text.split(",")[0], "gold", *text.split(",")[2:]]),
            "row 5: pool 'gold'",
        ),
        ("derived/equips.csv", 2, lambda text: "301", "row 2: has no monster_id"),
        # Every number has a ceiling: a shown ATK is at most 9,999, and no number is a thousand digits.
        (
            "derived/cards.csv",
            3,
            lambda text: text.replace(",800,", ",99999999999999999999,"),
            "row 3: atk is 99999999999999999999, not from 0 to 9999",
        ),
        # An AI tries every order of best_combo_depth monsters: a depth of 20 never finished a duel.
        (
            "memories-decomp/ai_opponent_data.transcribed.csv",
            3,
            lambda text: ",".join([*text.split(",")[:6], "20", *text.split(",")[7:]]),
            "row 3: best_combo_depth is 20, not from 1 to 5",
        ),
        (
            "memories-decomp/rank_letters.transcribed.csv",
            3,
            lambda text: ",".join([*text.split(",")[:3], "9" * 50, *text.split(",")[4:]]),
            "row 3: starchips is 9{50}, not from 0 to 999999999",
        ),
        ("memories-decomp/rank_letters.transcribed.csv", 4, lambda text: text + ",x", None),
    ],
)
def test_a_broken_copy_is_refused_naming_the_file_and_row(
    tmp_path: Path, file: str, line: int, change: Any, message: str | None
) -> None:
    folder = source_folder(tmp_path)
    edit_line(folder / file, line, change)
    if message is None:
        # A row with a column too many is read, and this one stays sound: the copy is accepted.
        build_all(folder)
        return
    with pytest.raises(FmDataError, match=f"^{file}, {message}"):
        build_all(folder)


def test_a_copy_with_a_row_missing_or_a_file_missing_is_refused(tmp_path: Path) -> None:
    folder = source_folder(tmp_path)
    edit_line(folder / "derived/rituals.csv", 2, lambda text: "")
    with pytest.raises(FmDataError, match=r"derived/rituals\.csv: 23 rituals, not 24"):
        build_all(folder)
    (folder / "derived/rituals.csv").unlink()
    with pytest.raises(FmDataError, match=r"derived/rituals\.csv: the file is missing"):
        build_all(folder)
    with pytest.raises(FmDataError, match="no folder of Forbidden Memories tables"):
        build_all(tmp_path / "nowhere")


def cardtable(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environment = {key: value for key, value in os.environ.items() if key != carddata.DATA_ENV}
    return subprocess.run(
        [sys.executable, "-m", "cardtable", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=environment | (env or {}),
        check=False,
    )


def test_fm_data_points_the_engine_at_the_users_copy(tmp_path: Path) -> None:
    folder = source_folder(tmp_path / "mine")
    # The user's copy is the one read: a card renamed there is named so by the engine.
    edit_line(
        folder / "derived/cards.csv", 3, lambda text: text.replace("Mystical Elf", "Mystic Elf of Mine")
    )
    run = cardtable("--fm-data", str(folder), "fm", "card", "2")
    assert run.returncode == 0, run.stderr
    assert "Mystic Elf of Mine" in run.stdout
    edit_line(folder / "derived/cards.csv", 3, lambda text: text.replace(",800,", ",-5,"))
    run = cardtable("--fm-data", str(folder), "fm", "card", "2")
    assert run.returncode != 0 and not run.stdout
    assert "derived/cards.csv, row 3: atk is -5, not from 0" in run.stderr
    # The choice reaches the engine's child processes through the environment, checked the same way.
    run = cardtable("fm", "card", "2", env={carddata.DATA_ENV: str(folder)})
    assert run.returncode != 0 and "derived/cards.csv, row 3" in run.stderr

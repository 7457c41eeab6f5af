"""The campaign's save: it round-trips, survives failures, refuses what it cannot use, and says why."""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardtable.core.seal import new_key, new_nonce, seal
from cardtable.games.fm.campaign import CampaignError, Progress, new_campaign, record_duel
from cardtable.games.fm.carddata import cards
from cardtable.games.fm.duelists import duel_position
from cardtable.games.fm.rank import Rank
from cardtable.games.fm.terminal.store import SCHEMA_VERSION, CampaignStore, SaveError

WORKTREE = Path(__file__).resolve().parents[2]


def progress() -> Progress:
    return new_campaign("Yugi", random.Random(3))


def saved(tmp_path: Path) -> Path:
    """A save holding a campaign with one duel won."""
    path = tmp_path / "save.sqlite"
    CampaignStore(path).save(record_duel(progress(), 1, True, Rank(95, "S-POW", 5, "sa_pow", {}), 2))
    return path


def store_of(path: Path) -> CampaignStore:
    return CampaignStore(path, lock_wait=0.2)


def edit(path: Path, *statements: str) -> None:
    """Change the save by hand, as a player with an SQLite browser might."""
    connection = sqlite3.connect(path)
    with connection:
        for statement in statements:
            connection.execute(statement)
    connection.close()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_the_save_round_trips_and_reading_writes_nothing(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path / "deep" / "save.sqlite")
    assert store.load() is None and store.load_duel() is None
    assert not (tmp_path / "deep").exists()
    store.save(progress())
    assert store.load() == progress()
    before = digest(store.path)
    assert CampaignStore(store.path).load() == progress()
    assert digest(store.path) == before


def test_a_duel_under_way_is_kept_action_by_action_and_dropped_with_its_result(tmp_path: Path) -> None:
    path = saved(tmp_path)
    store = store_of(path)
    position = {"game": "fm", "decks": [[1] * 40, [2] * 40]}
    store.start_duel(3, 77, position)
    store.add_action(0, "pick h1")
    store.add_action(1, "play")
    with pytest.raises(SaveError, match="holds 2 actions of the duel under way, not 5: another program"):
        store.add_action(5, "end")
    duel = CampaignStore(path).load_duel()
    assert duel is not None
    assert (duel.duelist, duel.seed, duel.position, duel.actions) == (3, 77, position, ("pick h1", "play"))
    lost = record_duel(progress(), 3, False, None, None)
    store.end_duel(lost)
    assert store.load() == lost and store.load_duel() is None


def test_a_failure_mid_save_keeps_the_previous_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = saved(tmp_path)
    store = store_of(path)
    before = store.load()
    real_connect = sqlite3.connect

    def full_disk(*args: object, **kwargs: object) -> sqlite3.Connection:
        # The disk fills up: the file may not grow by a single page.
        connection = real_connect(*args, **kwargs)  # type: ignore[arg-type]
        (pages,) = connection.execute("PRAGMA page_count").fetchone()
        connection.execute(f"PRAGMA max_page_count = {pages}")
        return connection

    monkeypatch.setattr(sqlite3, "connect", full_disk)
    assert before is not None
    bigger = Progress("Yugi", 5, {card_id: 1 for card_id in cards()} | before.collection, before.deck)
    with pytest.raises(
        SaveError, match=r"save\.sqlite' cannot be written: the disk is full; free some space"
    ):
        store.save(bigger)
    monkeypatch.undo()
    assert CampaignStore(path).load() == before


def hold_lock(path: Path) -> subprocess.Popen[str]:
    """Another process that holds the save locked until its input ends."""
    code = textwrap.dedent(
        f"""
        import sqlite3, sys
        connection = sqlite3.connect({str(path)!r}, isolation_level=None)
        connection.execute("BEGIN EXCLUSIVE")
        print("locked", flush=True)
        sys.stdin.read()
        """
    )
    holder = subprocess.Popen(
        [sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
    return holder


def test_a_save_locked_by_another_process_is_reported_and_kept(tmp_path: Path) -> None:
    path = saved(tmp_path)
    store = store_of(path)
    before = store.load()
    holder = hold_lock(path)
    try:
        locked = r"is locked by another program \(another cardtable campaign\?\): close it and try again"
        with pytest.raises(SaveError, match=locked):
            store.save(progress())
        with pytest.raises(SaveError, match=locked):
            CampaignStore(path, lock_wait=0.2).load()
    finally:
        holder.communicate("")
    assert store.load() == before
    store.save(progress())
    assert store.load() == progress()


def without_root_powers() -> list[str]:
    """A command prefix under which file permissions hold even for root (who may write anything)."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: a read-only file cannot be made")
    return [setpriv, "--bounding-set=-dac_override,-dac_read_search"]


def in_a_process_without_root_powers(path: Path) -> str:
    """Load the save, then try to save over it, in a process bound by file permissions; what it printed."""
    code = textwrap.dedent(
        f"""
        import random
        from cardtable.games.fm.terminal.store import CampaignStore, SaveError
        from cardtable.games.fm.campaign import new_campaign
        store = CampaignStore({str(path)!r}, lock_wait=0.2)
        print("loaded", store.load() is not None)
        try:
            store.save(new_campaign("Kaiba", random.Random(1)))
            print("saved")
        except SaveError as error:
            print(error)
        """
    )
    environment = {**os.environ, "PYTHONPATH": str(WORKTREE)}
    result = subprocess.run(
        [*without_root_powers(), sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=environment,
        check=True,
    )
    return result.stdout


@pytest.fixture
def restore_permissions(tmp_path: Path) -> Iterator[None]:
    yield
    for path in [tmp_path, *tmp_path.rglob("*")]:
        path.chmod(0o755)


@pytest.mark.usefixtures("restore_permissions")
def test_a_read_only_save_or_folder_loads_and_refuses_to_save_saying_so(tmp_path: Path) -> None:
    path = saved(tmp_path)
    before = digest(path)
    path.chmod(0o444)
    read_only = "is read-only (the file or its folder): make both writable, or play with another save"
    output = in_a_process_without_root_powers(path)
    assert "loaded True" in output and read_only in output
    path.chmod(0o644)
    tmp_path.chmod(0o555)
    output = in_a_process_without_root_powers(path)
    assert "loaded True" in output and read_only in output
    assert digest(path) == before
    output = in_a_process_without_root_powers(tmp_path / "new.sqlite")
    assert (
        "loaded False" in output
        and "cannot be opened: check that its folder exists and may be written" in output
    )
    output = in_a_process_without_root_powers(tmp_path / "folder" / "new.sqlite")
    assert "cannot be written: Permission denied; check the path and its folder" in output


def test_a_damaged_file_is_refused_and_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "save.sqlite"
    path.write_bytes(b"this is not a database" * 100)
    damaged = "is damaged or not a campaign save .*: move it away to start a new campaign, or put back a copy"
    with pytest.raises(SaveError, match=damaged):
        CampaignStore(path).load()
    with pytest.raises(SaveError, match=damaged):
        CampaignStore(path).save(progress())
    assert path.read_bytes() == b"this is not a database" * 100


def test_a_save_from_a_newer_cardtable_is_refused_and_kept(tmp_path: Path) -> None:
    path = saved(tmp_path)
    edit(path, f"UPDATE meta SET value = '{SCHEMA_VERSION + 1}' WHERE key = 'schema'")
    before = digest(path)
    newer = f"written by a newer cardtable \\(save format {SCHEMA_VERSION + 1}; this one reads formats 1 to"
    with pytest.raises(SaveError, match=newer):
        CampaignStore(path).load()
    with pytest.raises(SaveError, match=newer):
        CampaignStore(path).save(progress())
    assert digest(path) == before


def test_a_save_of_the_first_format_loads_and_is_brought_up_to_date(tmp_path: Path) -> None:
    path = tmp_path / "save.sqlite"
    old = progress()
    edit(
        path,
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        "CREATE TABLE collection (card INTEGER PRIMARY KEY, copies INTEGER)",
        "CREATE TABLE records (duelist INTEGER PRIMARY KEY, wins INTEGER, losses INTEGER)",
        f"INSERT INTO meta VALUES ('schema', '1'), ('name', 'Yugi'), ('starchips', '0'), "
        f"('deck', '{list(old.deck)}'), ('next_opponent', '1')",
        *(f"INSERT INTO collection VALUES ({card}, {copies})" for card, copies in old.collection.items()),
    )
    store = CampaignStore(path)
    assert store.load() == old and store.load_duel() is None
    store.start_duel(1, 5, {"game": "fm"})
    assert CampaignStore(path).load() == old
    assert sqlite3.connect(path).execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == (
        str(SCHEMA_VERSION),
    )


HAND_EDITS = [
    ("UPDATE meta SET value = 'two' WHERE key = 'schema'", "meta 'schema' is \"two\", not a whole number"),
    ("DELETE FROM meta WHERE key = 'name'", "meta holds no 'name'"),
    ("UPDATE meta SET value = '   ' WHERE key = 'name'", "name: a player's name cannot be empty"),
    ("UPDATE meta SET value = x'0102' WHERE key = 'name'", "meta holds no 'name'"),
    ("INSERT INTO meta VALUES ('cheat', '1')", "meta holds an unknown key 'cheat'"),
    (
        "UPDATE meta SET value = 'lots' WHERE key = 'starchips'",
        "meta 'starchips' is \"lots\", not a whole",
    ),
    (
        "UPDATE meta SET value = '1000000' WHERE key = 'starchips'",
        "starchips: 1000000 is not from 0 to",
    ),
    ("UPDATE meta SET value = '[1, 2' WHERE key = 'deck'", "meta 'deck' line 1: not JSON"),
    (
        "UPDATE meta SET value = '{\"a\": 1}' WHERE key = 'deck'",
        "meta 'deck' is not a JSON list of",
    ),
    ("UPDATE meta SET value = '[5000]' WHERE key = 'deck'", "deck: a deck holds 40 cards, this one 1"),
    ("UPDATE meta SET value = '99' WHERE key = 'next_opponent'", "next_opponent: 99 is not from 1 to 39"),
    ("UPDATE collection SET copies = NULL", "collection: the copies of card .* is null, not a whole number"),
    ("UPDATE collection SET copies = 'many'", 'collection: the copies of card .* is "many", not a whole'),
    ("UPDATE collection SET copies = 0", "collection: 0 copies of card .*; a player owns 1 to 250"),
    ("UPDATE collection SET copies = 251", "collection: 251 copies of card .*; a player owns 1 to 250"),
    ("INSERT INTO collection VALUES (5000, 1)", "collection: 5000 is not a card number"),
    ("DELETE FROM collection", "deck: holds a card not owned"),
    ("UPDATE records SET wins = NULL", "records: the wins against duelist 1 is null, not a whole number"),
    ("UPDATE records SET duelist = 77", "records: 77 is not a duelist"),
    (
        "ALTER TABLE collection RENAME COLUMN copies TO count",
        "the table 'collection' should have",
    ),
    ("DROP TABLE records", "the table 'records' is missing"),
    ("CREATE TABLE cheats (x)", "the table 'cheats' is not part of a campaign save"),
    (
        "CREATE TRIGGER t AFTER INSERT ON meta BEGIN SELECT 1; END",
        "the trigger 't' is not part of a campaign save",
    ),
    ("INSERT INTO duel VALUES (99, 'k', '00', 'x')", "duel: the duelist 99 is not one"),
    ("INSERT INTO duel VALUES (1, 'k', '00', 'x')", "its duel under way was sealed with another key"),
    ("INSERT INTO duel_actions VALUES (0, 'end')", "duel_actions holds actions, but no duel is under way"),
]


@pytest.mark.parametrize(("statement", "message"), HAND_EDITS)
def test_a_hand_edited_save_is_refused_naming_the_field(tmp_path: Path, statement: str, message: str) -> None:
    path = saved(tmp_path)
    edit(path, statement)
    before = digest(path)
    with pytest.raises(SaveError, match=message) as refused:
        store = CampaignStore(path)
        store.load()
        store.load_duel()
    assert str(path) in str(refused.value)
    assert digest(path) == before


def test_a_duel_with_a_gap_in_its_actions_is_refused(tmp_path: Path) -> None:
    path = saved(tmp_path)
    store = store_of(path)
    store.start_duel(1, 5, {"game": "fm"})
    store.add_action(0, "pick h1")
    edit(path, "UPDATE duel_actions SET number = 3")
    with pytest.raises(SaveError, match="duel_actions: action 0 is missing"):
        CampaignStore(path).load_duel()


def test_a_write_over_another_programs_changes_is_refused(tmp_path: Path) -> None:
    path = saved(tmp_path)
    first, second = CampaignStore(path), CampaignStore(path)
    assert first.load() == second.load()
    second.save(progress())
    with pytest.raises(SaveError, match="was changed by another program since this one read it"):
        first.save(progress())
    assert first.load() == progress()
    first.save(record_duel(progress(), 1, False, None, None))


def test_a_progress_that_breaks_the_rules_is_never_written(tmp_path: Path) -> None:
    path = saved(tmp_path)
    store = store_of(path)
    before = store.load()
    with pytest.raises(CampaignError, match="deck: a deck holds 40 cards, this one 2"):
        store.save(Progress("Yugi", 0, {1: 2}, (1, 1)))
    assert store.load() == before


# -- the duel under way is sealed --------------------------------------------------------------------


def _duel_started(tmp_path: Path, seed: int = 918_273_645) -> tuple[Path, CampaignStore, dict[str, Any]]:
    """A save with a real campaign duel under way (the duelist's deck and hand in its position)."""
    path = saved(tmp_path)
    store = store_of(path)
    position = duel_position(progress().deck, 1, random.Random(seed))
    store.start_duel(1, seed, position)
    store.add_action(0, "pick h1")
    store.add_action(1, "play face-down")
    return path, store, position


def test_the_duel_under_way_shows_no_hidden_card_in_the_file(tmp_path: Path) -> None:
    path, _, position = _duel_started(tmp_path)
    raw = path.read_bytes()
    decks = position["decks"]
    assert isinstance(decks, list)
    for secret in (b"918273645", b"decks", b"pick h1", b"face-down", json.dumps(decks[1]).encode()):
        assert secret not in raw, f"{secret!r} can be read in the save"
    rows = sqlite3.connect(path).execute("SELECT * FROM duel").fetchall()
    assert len(rows) == 1 and rows[0][0] == 1  # only the duelist is in the clear
    duel = CampaignStore(path).load_duel()
    assert duel is not None and (duel.seed, duel.position) == (918_273_645, position)
    assert duel.actions == ("pick h1", "play face-down")


def test_a_sealed_duel_altered_or_opened_with_another_key_is_refused(tmp_path: Path) -> None:
    path, _, _ = _duel_started(tmp_path)
    with pytest.raises(SaveError, match="sealed with another key"):
        CampaignStore(path, key=new_key()).load_duel()
    for statement, message in (
        ("UPDATE duel SET duelist = 2", "duel: the set-up was altered"),
        (
            "UPDATE duel_actions SET sealed = (SELECT sealed FROM duel_actions WHERE number = 1) "
            "WHERE number = 0",
            "duel_actions: action 0 was altered",
        ),
        ("UPDATE duel SET nonce = 'zz'", "the nonce 'zz' is not hex digits"),
    ):
        copy = tmp_path / "copy.sqlite"
        shutil.copyfile(path, copy)
        edit(copy, statement)
        with pytest.raises(SaveError, match=message):
            CampaignStore(copy).load_duel()


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        (b"not json", "duel: the set-up line 1: not JSON"),
        (b'{"seed": -4, "position": {}}', "duel: the seed is -4, not a whole number"),
        (b'{"seed": 1, "position": []}', "duel: the position is not a JSON object"),
        (b'{"seed": 1}', "duel: the sealed set-up is not a seed and a position"),
    ],
)
def test_a_well_sealed_but_wrong_set_up_is_refused_by_name(
    tmp_path: Path, setup: bytes, message: str
) -> None:
    path, store, _ = _duel_started(tmp_path)
    nonce = new_nonce()
    sealed = seal(store.key(), nonce, "duel", setup, b"duelist 1")
    edit(path, "DELETE FROM duel_actions", f"UPDATE duel SET nonce = '{nonce.hex()}', sealed = '{sealed}'")
    with pytest.raises(SaveError, match=message):
        CampaignStore(path).load_duel()


def test_a_clear_duel_of_the_second_format_is_read_then_sealed_at_the_next_write(tmp_path: Path) -> None:
    path = saved(tmp_path)
    position = {"game": "fm", "decks": [[1] * 40, [2] * 40]}
    edit(
        path,
        "DROP TABLE duel",
        "DROP TABLE duel_actions",
        "CREATE TABLE duel (duelist INTEGER NOT NULL, seed INTEGER NOT NULL, position TEXT NOT NULL)",
        "CREATE TABLE duel_actions (number INTEGER PRIMARY KEY, action TEXT NOT NULL)",
        f"INSERT INTO duel VALUES (3, 77, '{json.dumps(position)}')",
        "INSERT INTO duel_actions VALUES (0, 'pick h1')",
        "UPDATE meta SET value = '2' WHERE key = 'schema'",
    )
    store = CampaignStore(path)
    clear = store.load_duel()
    assert clear is not None and (clear.seed, clear.position, clear.actions) == (77, position, ("pick h1",))
    store.add_action(1, "play")
    sealed = CampaignStore(path).load_duel()
    assert sealed is not None and sealed.actions == ("pick h1", "play") and sealed.position == position
    assert b"pick h1" not in path.read_bytes() and b'"decks"' not in path.read_bytes()
    assert sqlite3.connect(path).execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == (
        str(SCHEMA_VERSION),
    )

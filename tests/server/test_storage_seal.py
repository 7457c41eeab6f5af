"""The server's database shows no hidden card: a table's seed, start position and actions are sealed."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.core.seal import BrokenSealError, key_id, load_key, new_key, new_nonce, seal
from cardtable.games.fm.decks import starter_deck
from cardtable.games.fm.duelists import duel_position
from cardtable.server.setup import SeatSpec, TableSetup
from cardtable.server.storage import TableRecord
from cardtable.server.tables import token_hash
from tests.server.helpers import Place

SEED = 918_273_645


def _campaign_duel() -> TableSetup:
    """A campaign duel's set-up, as the campaign makes it: the player's deck against duelist 1's."""
    position = duel_position(starter_deck(random.Random(4)), 1, random.Random(SEED))
    return TableSetup(
        "fm", SEED, {}, (SeatSpec("Ann"), SeatSpec("Simon Muran", pace=0.0, duelist=1)), position
    )


def _everything_stored(place: Place) -> str:
    """Every value of every row of the database, as text (what a person with a database client sees)."""
    return json.dumps(
        [row for table in ("tables", "actions") for row in place.execute(f"SELECT * FROM {table}")]
    )


def test_a_duels_seed_position_and_actions_cannot_be_read_from_the_database(place: Place) -> None:
    setup = _campaign_duel()
    storage = place.open()
    storage.create_table(TableRecord("duel1", setup, (token_hash("t"), None), "127.0.0.1", 1.0))
    storage.append_action("duel1", 0, 0, "pick h1", None)
    storage.append_action("duel1", 1, 0, "play face-down", None)
    storage.close()
    stored = _everything_stored(place)
    assert setup.position is not None
    duelist_deck = json.dumps(setup.position["decks"][1])[1:-1]
    for secret in (str(SEED), "decks", duelist_deck, "pick h1", "face-down"):
        assert secret not in stored, f"{secret!r} can be read in the database"
    assert "Simon Muran" in stored and "Ann" in stored  # who sits where stays in the clear
    assert place.key.stat().st_mode & 0o077 == 0

    again = place.open()
    record = again.load_table("duel1")
    assert record is not None and record.setup == setup
    assert record.actions == ((0, "pick h1"), (0, "play face-down"))
    again.append_action("duel1", 2, 0, "end", None)
    assert [text for _, text in again.unfinished_tables()[0].actions] == ["pick h1", "play face-down", "end"]
    again.close()


def test_a_table_altered_or_opened_with_another_key_is_refused(place: Place) -> None:
    storage = place.open()
    storage.create_table(TableRecord("duel1", _campaign_duel(), (None, None), "127.0.0.1", 1.0))
    storage.append_action("duel1", 0, 0, "pick h1", None)
    storage.append_action("duel1", 1, 0, "play", None)
    storage.close()
    other = place.open(key=new_key())
    with pytest.raises(BrokenSealError, match="sealed with another key"):
        other.load_table("duel1")
    other.close()
    place.execute("UPDATE actions SET text = (SELECT text FROM actions WHERE number = 1) WHERE number = 0")
    reopened = place.open()
    with pytest.raises(BrokenSealError, match="table duel1: its action 0 was altered"):
        reopened.load_table("duel1")
    # At a restart the altered table is left out (and logged); the others are recovered.
    reopened.create_table(TableRecord("duel2", _campaign_duel(), (None, None), "127.0.0.1", 2.0))
    assert [record.id for record in reopened.unfinished_tables()] == ["duel2"]
    reopened.close()


def test_a_table_stored_in_the_clear_by_an_older_server_is_still_read(place: Place) -> None:
    setup = _campaign_duel()
    place.open().close()
    place.execute(
        "INSERT INTO tables (id, game, setup, token_hashes, creator, created) VALUES (?, ?, ?, ?, ?, ?)",
        ("old", "fm", json.dumps(setup.to_json()), json.dumps([None, None]), "127.0.0.1", 1.0),
    )
    place.execute("INSERT INTO actions (table_id, number, seat, text) VALUES ('old', 0, 0, 'pick h1')")
    storage = place.open()
    storage.append_action("old", 1, 0, "play", None)
    record = storage.load_table("old")
    assert record is not None and record.setup == setup
    assert record.actions == ((0, "pick h1"), (0, "play"))
    storage.close()


def _stored_texts(place: Place) -> list[str]:
    return [text for (text,) in place.execute("SELECT text FROM actions ORDER BY number")]


def test_actions_of_one_size_are_stored_at_one_length_so_the_file_does_not_tell_them_apart(
    place: Place,
) -> None:
    storage = place.open()
    storage.create_table(TableRecord("duel1", _campaign_duel(), (None, None), "127.0.0.1", 1.0))
    texts = ["end", "pick h1", "play face-down", "fuse h1 h2 h3 h4 h5", "x" * 40]
    for number, text in enumerate(texts):
        storage.append_action("duel1", number, 0, text, None)
    storage.close()
    lengths = [len(text) for text in _stored_texts(place)]
    assert len(set(lengths[:4])) == 1, f"short actions stored at lengths {lengths[:4]}"
    assert lengths[4] > lengths[0]
    again = place.open()
    record = again.load_table("duel1")
    again.close()
    assert record is not None and [text for _, text in record.actions] == texts


def test_a_table_sealed_unpadded_by_an_older_server_is_still_read(place: Place) -> None:
    setup = _campaign_duel()
    place.open().close()
    key = load_key(place.key)
    assert key is not None
    nonce = new_nonce()
    data = setup.to_json()
    secret = json.dumps({"seed": data.pop("seed"), "position": data.pop("position")}).encode()
    sealed = {"key": key_id(key), "nonce": nonce.hex(), "secret": seal(key, nonce, "setup", secret, b"old")}
    place.execute(
        "INSERT INTO tables (id, game, setup, token_hashes, creator, created) VALUES (?, ?, ?, ?, ?, ?)",
        ("old", "fm", json.dumps(data | {"sealed": sealed}), json.dumps([None, None]), "127.0.0.1", 1.0),
    )
    place.execute(
        "INSERT INTO actions (table_id, number, seat, text) VALUES ('old', 0, 0, ?)",
        (seal(key, nonce, "action 0", b"pick h1", b"old"),),
    )
    storage = place.open()
    storage.append_action("old", 1, 0, "play", None)
    record = storage.load_table("old")
    storage.close()
    assert record is not None and record.setup == setup
    assert record.actions == ((0, "pick h1"), (0, "play"))

"""The duel as the retail game plays it where the first build did not (issue 25): each test names the rule.

Stop Defense turns one monster, a fusion played face down comes out face up, an equip can be set, a duel
decided on the opening deal is over, Exodia takes the loser to 0 LP, and the password shop sells a card once.
"""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from cardtable.core.errors import PositionError
from cardtable.games.fm.campaign import (
    CampaignError,
    Progress,
    buy,
    new_campaign,
    progress_from_json,
    progress_to_json,
    record_duel,
)
from cardtable.games.fm.carddata import cards
from cardtable.games.fm.options import FmOptions
from cardtable.games.fm.position import position_of, state_from_position
from cardtable.games.fm.rank import Rank
from cardtable.games.fm.rules import legal_actions
from cardtable.games.fm.state import OVER
from cardtable.games.fm.terminal.store import CampaignStore
from cardtable.games.fm.turn import EXODIA, new_duel
from cardtable.games.fm.view import view
from tests.fm.helpers import FILLER, cid, duel, match_from, monster, play, zone


def test_stop_defense_turns_the_first_defence_monster_in_zone_order_only() -> None:
    # "Forces an opponent's monster card positioned for defense into the attack position": one monster.
    fish = "Great White"
    theirs = {
        1: monster(fish, attack=True),
        2: monster(fish, attack=False, face_up=False),
        4: monster(fish, attack=False),
    }
    match = match_from(duel(hands=(["Stop Defense"], []), monsters=({}, theirs)))
    play(match, "pick h1", "play")
    assert [zone(match, 1, number).attack for number in (1, 2, 4)] == [True, True, False]
    # The turned monster stays face down, and both sides read the change in the log.
    assert not zone(match, 1, 2).face_up
    assert "Player 2 switches zone 2 to attack" in match.view(1).to_json()["log"]


def test_stop_defense_with_no_defence_monster_is_used_up() -> None:
    match = match_from(duel(hands=(["Stop Defense"], []), monsters=({}, {1: monster("Great White")})))
    play(match, "pick h1", "play")
    assert zone(match, 1, 1).attack and cid("Stop Defense") in match.state.graveyards[0]


def test_a_fusion_played_face_down_comes_out_face_up() -> None:
    match = match_from(duel(hands=(["Mystical Elf", "Mushroom Man"], [])))
    play(match, "pick h1", "pick h2", "play down")
    # The result is in sight before it is placed, and once placed, to the other side too.
    assert match.view(1).pending is not None
    play(match, "place defence star 1")
    queen = zone(match, 0, 1)
    assert queen.card == cid("Queen of Autumn Leaves") and queen.face_up and not queen.attack
    assert match.view(1).monsters[0][0].card == cid("Queen of Autumn Leaves")


def test_a_face_down_play_whose_fusion_is_lost_again_stays_face_down() -> None:
    # Elf + Mushroom Man fuse; the Queen then meets a monster she does not fuse with and is lost.
    match = match_from(duel(hands=(["Mystical Elf", "Mushroom Man", "Great White"], [])))
    play(match, "pick h1", "pick h2", "pick h3", "play down", "place attack star 1")
    assert zone(match, 0, 1).card == cid("Great White") and not zone(match, 0, 1).face_up
    # A lone monster played face down stays face down.
    match = match_from(duel(hands=(["Great White"], [])))
    play(match, "pick h1", "play down", "place attack star 1")
    assert not zone(match, 0, 1).face_up


def test_an_equip_played_face_down_alone_is_set_in_the_magic_row() -> None:
    match = match_from(duel(hands=(["Legendary Sword"], [])))
    play(match, "pick h1", "play down")
    assert match.state.magic[0][0] is not None and match.state.magic[0][0].card == cid("Legendary Sword")
    assert match.view(1).to_json()["magic"][0][0] == "set"
    # Played face up with no monster, it is still wasted.
    match = match_from(duel(hands=(["Legendary Sword"], [])))
    play(match, "pick h1", "play")
    assert match.state.magic[0] == (None,) * 5


def test_a_position_holding_a_set_equip_is_accepted_and_written_back() -> None:
    data = duel(hands=(["Mystical Elf"], []), magic=({2: "Megamorph"}, {}))
    state = state_from_position(data, random.Random(0))
    assert state.magic[0][1] is not None and state.magic[0][1].card == cid("Megamorph")
    assert position_of(state)["magic"][0][1] == cid("Megamorph")
    with pytest.raises(PositionError, match=r"magic\[0\]\[0\].*1 is not a magic, field, equip"):
        state_from_position(duel(magic=({1: "Blue-eyes White Dragon"}, {})), random.Random(0))


def _opening(second_hand: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    first = (FILLER,) * 40
    second = tuple(second_hand) + (FILLER,) * (40 - len(second_hand))
    return first, second


@pytest.mark.parametrize("first_seat", [0, 1])
def test_a_duel_won_on_the_opening_deal_offers_no_move(first_seat: int) -> None:
    # The second seat to draw (or the first) opens with the five Exodia pieces: the duel is over.
    state = new_duel(FmOptions(), _opening(sorted(EXODIA)), first_seat=first_seat)
    assert state.result is not None and state.result.winners == (1,)
    assert state.phase == OVER and state.current_seat() is None and legal_actions(state) == []
    assert view(state, 0).phase == "over"


def test_an_exodia_win_takes_the_loser_to_0_lp() -> None:
    state = new_duel(FmOptions(), _opening(sorted(EXODIA)))
    assert state.result is not None and state.result.scores == (0.0, 8000.0)
    assert state.lp == (0, 8000)
    pieces = [cards()[piece].name for piece in sorted(EXODIA)]
    data = duel(
        hands=(["Mystical Elf"], pieces[:4]), decks=(["Mushroom Man"] * 5, [pieces[4]]), phase="battle"
    )
    match = match_from(data, starting_lp=8000)
    play(match, "end")
    assert match.outcome is not None and match.outcome.reason == "Exodia"
    assert match.outcome.scores == (0.0, 8000.0)


def _rich() -> Progress:
    progress = new_campaign("Yugi", random.Random(3))
    return record_duel(progress, 1, True, Rank(95, "S-POW", 5000, "sa_pow", {}), 1)


def test_the_password_shop_sells_each_card_once() -> None:
    rich = _rich()
    elf = cards()[2]
    bought, _ = buy(rich, elf.password or "")
    assert bought.passwords_used == frozenset({2})
    with pytest.raises(CampaignError, match="password of Mystical Elf has been used"):
        buy(bought, elf.password or "")
    # The flag is kept through the progress's JSON, and a progress written before it still loads.
    assert progress_from_json(progress_to_json(bought), "here").passwords_used == frozenset({2})
    old = progress_to_json(rich)
    del old["passwords_used"]
    assert progress_from_json(old, "an old save").passwords_used == frozenset()
    with pytest.raises(CampaignError, match="passwords_used: 9999 is not a card sold by password"):
        progress_from_json({**old, "passwords_used": [9999]}, "here")


def test_the_save_keeps_the_used_passwords_and_an_older_save_loads(tmp_path: Path) -> None:
    path = tmp_path / "save.sqlite"
    store = CampaignStore(path)
    bought, _ = buy(_rich(), cards()[2].password or "")
    store.save(bought)
    assert CampaignStore(path).load() == bought
    # A format-3 save (before the flags): no table of used passwords, and it loads with none used.
    connection = sqlite3.connect(path)
    with connection:
        connection.execute("DROP TABLE passwords_used")
        connection.execute("UPDATE meta SET value = '3' WHERE key = 'schema'")
    connection.close()
    old = CampaignStore(path).load()
    assert old is not None and old.passwords_used == frozenset() and old.collection == bought.collection

"""The Forbidden Memories data shipped in the package, checked against the published counts."""

from __future__ import annotations

from collections import Counter

from cardtable.games.fm import carddata


def test_722_cards_of_each_kind() -> None:
    cards = carddata.cards()
    assert sorted(cards) == list(range(1, 723))
    kinds = Counter(card.kind for card in cards.values())
    assert kinds == {"monster": 621, "magic": 27, "field": 6, "equip": 34, "ritual": 24, "trap": 10}
    assert {card.id for card in cards.values() if card.kind == "field"} == set(range(330, 336))
    assert {card.id for card in cards.values() if card.kind == "trap"} == set(range(681, 691))
    dragon = carddata.card(1)
    assert (dragon.name, dragon.atk, dragon.defence, dragon.stars) == (
        "Blue-eyes White Dragon",
        3000,
        2500,
        ("Sun", "Mars"),
    )
    assert all(card.stars for card in cards.values() if card.is_monster)
    assert {card.type for card in cards.values() if card.is_monster} == set(carddata.MONSTER_TYPES)


def test_fusions_with_and_without_the_padding_pairs() -> None:
    assert len(carddata.fusion_table(padding=False)) == 25131
    assert len(carddata.fusion_table(padding=True)) == 25146
    # A padding pair from SOURCES.md: Summoned Skull + Koumori Dragon -> Cocoon of Evolution.
    assert carddata.fusion_of(31, 22, padding=True) == 72
    assert carddata.fusion_of(31, 22, padding=False) is None
    # Lookups are order-free.
    some = next(iter(carddata.fusion_table(padding=False)))
    assert carddata.fusion_of(some[1], some[0], padding=False) == carddata.fusion_of(*some, padding=False)


def test_equips() -> None:
    pairs = carddata.equip_table()
    assert len(pairs) == 4041
    per_equip = Counter(equip for equip, _ in pairs)
    assert per_equip[657] == 621 and per_equip[301] == 63
    assert carddata.equip_bonus(657) == 1000 and carddata.equip_bonus(301) == 500


def test_rituals() -> None:
    rituals = carddata.rituals()
    assert len(rituals) == 24
    # Black Luster Ritual: Beaver Warrior, Gaia the Fierce Knight, Kuriboh -> Black Luster Soldier (seed §9).
    tributes, result = rituals[670]
    names = sorted(carddata.card(card).name for card in tributes)
    assert names == ["Beaver Warrior", "Gaia the Fierce Knight", "Kuriboh"]
    assert carddata.card(result).name == "Black Luster Soldier"


def test_39_duelists_whose_pools_each_weigh_2048() -> None:
    duelists = carddata.duelists()
    assert sorted(duelists) == list(range(1, 40))
    for duelist in duelists.values():
        assert set(duelist.pools) == {"deck", "sa_pow", "bcd", "sa_tec"}
        for pool in duelist.pools.values():
            assert sum(weight for _, weight in pool) == 2048
    assert duelists[1].name == "Simon Muran" and duelists[39].name == "Duel Master K"
    assert sum(1 for duelist in duelists.values() if duelist.ai["sees_face_down"]) == 6


def test_starter_pools_deal_40_cards_and_the_tables_are_complete() -> None:
    pools = carddata.starter_pools()
    assert sum(draws for draws, _ in pools) == 40
    assert sum(len(cards) for _, cards in pools) == 345
    tables = carddata.tables()
    assert len(tables["rank_score_rules"]) == 50
    assert len(tables["rank_letters"]) == 10
    assert tables["terrain_boost"]["Reptile"] == [0, 0, 0, 0, 0, 0]

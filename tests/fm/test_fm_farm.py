"""The farm planner (`cardtable fm farm`): checked against the drop tables, and against simulated drops.

The simulation draws drops as a won duel does (`rank.drop`, by weight from the pool of the rank) from a
fixed seed, so its figures are the same at every run; the tolerance is stated with each check.
"""

from __future__ import annotations

import math

import pytest
from click.testing import CliRunner

from cardtable.core.chance import make_rng
from cardtable.core.errors import UnknownNameError
from cardtable.games.fm.carddata import cards, duelists
from cardtable.games.fm.farm import POOL_TOTAL, farm_json, farm_plan, find_rank, rank_letters
from cardtable.games.fm.finder import drops_of
from cardtable.games.fm.rank import drop, rank_rewards
from cardtable.games.fm.terminal.finder import fm

#: Cards of every kind of drop: in many pools, in a single S/A-POW pool, in TEC pools.
CARDS = (1, 2, 8, 58, 337, 657)


@pytest.mark.parametrize("card_id", CARDS)
def test_every_duelist_and_rank_whose_pool_holds_the_card_is_listed_with_its_weight(card_id: int) -> None:
    # From the drop tables directly: each pool holding the card gives one row per rank drawing from it.
    expected = set()
    for duelist in duelists().values():
        for letter in rank_letters():
            starchips, pool = rank_rewards(letter)
            weight = sum(w for dropped, w in duelist.pools[pool] if dropped == card_id)
            if weight:
                expected.add((duelist.id, letter, pool, weight, starchips))
    rows = farm_plan(card_id)
    assert {(r.duelist, r.rank, r.pool, r.weight, r.starchips) for r in rows} == expected
    assert len(rows) == len(expected)
    # The card sheet's drops (another reading of the same tables) say the same pools.
    assert {(d.duelist, d.pool, d.weight) for d in drops_of(card_id)} == {
        (r.duelist, r.pool, r.weight) for r in rows
    }
    for row in rows:
        assert row.chance == row.weight / 2048 and row.expected_duels == pytest.approx(2048 / row.weight)
    # Best first: the likeliest drop, then the most starchips.
    keys = [(-row.chance, -row.starchips) for row in rows]
    assert keys == sorted(keys)


def test_a_fixed_rank_keeps_only_that_rank() -> None:
    rows = farm_plan(2, "s-tec")
    assert rows and {row.rank for row in rows} == {"S-TEC"} and {row.starchips for row in rows} == {5}
    assert [row for row in farm_plan(2) if row.rank == "S-TEC"] == rows
    with pytest.raises(UnknownNameError, match="no rank 'Z-POW'; the ranks are S-POW, A-POW"):
        farm_plan(2, "Z-POW")
    assert find_rank(" b tec ") == "B-TEC"


def test_a_card_no_duelist_drops_has_no_row() -> None:
    never = next(c.id for c in cards().values() if not drops_of(c.id))
    assert farm_plan(never) == [] and farm_json(never)["rows"] == []


@pytest.mark.parametrize(("card_id", "seed"), [(2, 11), (58, 12), (1, 13)])
def test_the_chances_agree_with_a_simulated_run_of_drops(card_id: int, seed: int) -> None:
    # 20,000 won duels at the best row's rank: the share that drops the card is within 4.5 standard
    # errors of the chance (a fixed seed, so the same draws every run).
    best = farm_plan(card_id)[0]
    rng = make_rng(seed, "farm")
    duels = 20_000
    hits = sum(drop(best.duelist, best.pool, rng) == card_id for _ in range(duels))
    error = math.sqrt(best.chance * (1 - best.chance) / duels)
    assert abs(hits / duels - best.chance) <= 4.5 * error
    # The number of duels until the card drops, over 400 runs: its mean is within 4.5 standard
    # errors of the expected number (a geometric law's deviation is sqrt(1 - p) / p).
    runs, total = 400, 0
    for _ in range(runs):
        count = 1
        while drop(best.duelist, best.pool, rng) != card_id:
            count += 1
        total += count
    spread = math.sqrt(1 - best.chance) / best.chance / math.sqrt(runs)
    assert abs(total / runs - best.expected_duels) <= 4.5 * spread


def test_pools_weigh_2048_so_the_chances_are_shares_of_a_duel() -> None:
    assert POOL_TOTAL == 2048
    assert {sum(w for _, w in pool) for d in duelists().values() for pool in d.pools.values()} == {2048}


def test_the_command_prints_every_row_best_first_and_refuses_a_bad_rank() -> None:
    runner = CliRunner()
    result = runner.invoke(fm, ["farm", "Mystical", "Elf"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == f"#002 Mystical Elf: {len(farm_plan(2))} ways to farm it, best first."
    best = farm_plan(2)[0]
    first = lines[4].split()
    assert first[-4:] == [
        best.rank,
        f"{100 * best.chance:.2f}%",
        f"{best.expected_duels:.1f}",
        str(best.starchips),
    ]
    assert len(lines) == 4 + len(farm_plan(2))
    result = runner.invoke(fm, ["farm", "2", "--rank", "S-TEC"])
    assert result.exit_code == 0 and "at rank S-TEC" in result.output
    assert all(line.split()[-4] == "S-TEC" for line in result.output.splitlines()[4:])
    result = runner.invoke(fm, ["farm", "2", "--rank", "best"])
    assert result.exit_code != 0 and "no rank 'best'" in str(result.exception)

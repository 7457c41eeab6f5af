"""The Ray backend: the same games, records, replays and report as the local pool, on a local Ray instance.

Starting a Ray instance takes seconds (15 on the loaded 2-core machine),
so one test starts one and makes every check that needs it: tests spread
over processes (pytest -n) would each start their own.  The tests that need
no Ray instance run without one, and those that need no Ray at all run
where Ray is not installed.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardtable.frontends.cli import main
from cardtable.sim.arena import ArenaSettings, run_arena
from cardtable.sim.backends import BackendError, LocalPool, RayCluster, open_backend
from cardtable.sim.runner import run_games
from cardtable.sim.simulate import simulation_tasks


@pytest.fixture
def ray_instance() -> Iterator[Any]:
    """A Ray instance on this machine with two CPUs."""
    ray = pytest.importorskip("ray")
    # "local": a new instance, even where a cluster started by `ray start` is running.
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    yield ray
    ray.shutdown()


def run(*args: str) -> tuple[int, str]:
    """Run the command line; its exit status and everything it printed."""
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_ray_gives_the_same_records_replays_and_report_as_the_local_pool(
    ray_instance: Any, tmp_path: Path
) -> None:
    same_records_in_the_same_order()
    same_arena_and_replays(tmp_path)
    same_simulate_report()
    same_study(tmp_path)


def same_records_in_the_same_order() -> None:
    """The runner's records from Ray equal the local pool's, in the tasks' order."""
    tasks = simulation_tasks("scout", ["heuristic", "random", "random"], 16, {}, seed=5)
    local = run_games(tasks, jobs=2)
    with RayCluster() as cluster:
        assert cluster.processes(None) == 2  # the instance's CPUs
        remote = run_games(tasks, jobs=2, backend=cluster)
        # Chunks of one game each: every game is sent on its own and still comes back in its place.
        one_by_one = run_games(tasks, jobs=16, backend=cluster)
    assert [record.index for record in remote] == list(range(16))
    assert remote == local == one_by_one
    assert len({record.winners for record in local}) > 1  # games that differ, so the order is seen


def same_arena_and_replays(tmp_path: Path) -> None:
    """An arena on Ray gives the local records and writes the same replays where it was asked to."""
    folders = {name: tmp_path / name for name in ("local", "ray")}
    results = {}
    for name, folder in folders.items():
        settings = ArenaSettings(
            game="drump", entrants=("heuristic", "random"), games=4, seed=3, replay_folder=str(folder)
        )
        with open_backend(name) as backend:
            results[name] = run_arena(settings, jobs=2, backend=backend)
    for local, remote in zip(results["local"].records, results["ray"].records, strict=True):
        assert replace(remote, replay=local.replay) == local
    for local, remote in zip(results["local"].records, results["ray"].records, strict=True):
        assert local.replay is not None and remote.replay is not None
        assert Path(remote.replay).parent == folders["ray"]
        assert Path(remote.replay).read_bytes() == Path(local.replay).read_bytes()


def without_timing(report: str) -> str:
    """A report with its wall-clock figures (seconds, games per second) blanked out."""
    return re.sub(r"\d+ games, [\d.]+ s \(\d+ games/s\)", "GAMES, TIME", report)


def same_simulate_report() -> None:
    """`simulate --backend ray` prints the report printed without it, wall-clock figures aside."""
    command = ("simulate", "dnup", "--games", "30", "--players", "heuristic,random", "--seats", "2,3")
    code, local = run(*command, "--jobs", "2")
    assert code == 0, local
    code, remote = run(*command, "--jobs", "2", "--backend", "ray")
    assert code == 0, remote
    assert "win rate" in local and "GAMES, TIME" in without_timing(local)
    assert without_timing(remote) == without_timing(local)


def test_an_unreachable_cluster_is_one_line_and_quick() -> None:
    pytest.importorskip("ray")
    # Port 1 on this machine: nothing listens there, so the connection is refused at once.
    code, output = run("simulate", "drump", "--games", "2", "--backend", "ray", "--address", "127.0.0.1:1")
    assert code == 2
    assert output.strip().count("\n") == 0
    assert "cannot reach a Ray cluster at '127.0.0.1:1'" in output


@pytest.mark.parametrize("address", ["somewhere", "host:", ":6379", "host:99999", "host:６３７９"])
def test_a_bad_address_is_refused_naming_it(address: str) -> None:
    with pytest.raises(BackendError, match="bad Ray address") as refused:
        open_backend("ray", address)
    assert repr(address) in str(refused.value)


def test_without_ray_the_backend_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` fails as if it were not installed
    with pytest.raises(BackendError, match=r"pip install 'cardtable\[ray\]'"):
        open_backend("ray")
    code, output = run("arena", "drump", "--players", "heuristic,random", "--backend", "ray")
    assert code == 2 and "not installed" in output


def test_an_address_needs_the_ray_backend() -> None:
    with pytest.raises(BackendError, match="--backend ray"):
        open_backend("local", "127.0.0.1:6379")
    assert isinstance(open_backend("local"), LocalPool)


def same_study(tmp_path: Path) -> None:
    """`study --backend ray` prints the local study's table and writes the same study.json."""
    command = ("study", "dnup", "--games", "12", "--players", "random,random", "--variant", "turn_limit=40")
    code, local = run(*command, "--jobs", "2", "--out", str(tmp_path / "study-1"))
    assert code == 0, local
    code, remote = run(*command, "--jobs", "2", "--backend", "ray", "--out", str(tmp_path / "study-2"))
    assert code == 0, remote
    # The same table; the files' line names each run's own folder (wrapped anywhere by the console).
    assert remote.split("Saved")[0] == local.split("Saved")[0]
    assert "study-2/study.json" in "".join(remote.split("Saved")[1].split())
    written = [(tmp_path / folder / "study.json").read_bytes() for folder in ("study-1", "study-2")]
    assert written[0] == written[1]

"""`examples/train_policy.py` run as the docs run it, at a tiny size: its curve, its file, its repeats."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from cardtable.bots.learned import Network, encoding_for

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_policy.py"


def _train(folder: Path, name: str) -> tuple[str, Path]:
    out = folder / f"{name}.npz"
    command = [
        sys.executable, str(EXAMPLE), "drump", "--imitation-games", "0", "--opponents", "random",
        "--episodes", "2", "--batches", "4", "--every", "2", "--eval-games", "2", "--seed", "3",
        "--learning-rate", "1e-3", "--png", str(folder / f"{name}.png"), "--out", str(out), "--float32",
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=True)
    return done.stdout, out


def test_ppo_alone_measures_every_k_batches_draws_its_curve_and_repeats(tmp_path: Path) -> None:
    printed, out = _train(tmp_path, "first")
    measures = [line for line in printed.splitlines() if "against random" in line]
    # Before PPO, after batch 2 (batch 4 is the last: measured once, saved).
    whens = [line.split(",")[0].split("s  ")[1] for line in measures]
    assert whens == ["after imitation", "batch 2", "saved"]
    assert (tmp_path / "first.png").read_bytes().startswith(b"\x89PNG")
    Network.load(str(out), encoding_for("drump"))
    _, again = _train(tmp_path, "again")
    assert again.read_bytes() == out.read_bytes()

"""Files the package writes for a user (ratings, policy and network files) are written whole or not at all.

Each writer is run in a child process whose files may not grow past a few bytes
(`RLIMIT_FSIZE`, as a full disk stops a write part way): the write fails, and
the file there before must be left as it was.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np

from cardtable.bots.learned.network import write_arrays
from cardtable.bots.levels import write_ratings

#: Run in the child: the writer's module imported first, then files limited to LIMIT bytes.
CHILD = """
import resource, signal, sys
{imports}
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead
resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, {limit}))
{write}
"""


def write_on_a_full_disk(imports: str, write: str, limit: int) -> subprocess.CompletedProcess[str]:
    code = CHILD.format(imports=imports, write=write, limit=limit)
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONDONTWRITEBYTECODE": "1", "PATH": "/usr/bin:/bin"},
        check=False,
    )


def test_a_ratings_file_is_kept_whole_when_a_write_fails(tmp_path: Path) -> None:
    target = tmp_path / "ratings.json"
    write_ratings(target, "drump", {"command": "first", "ratings": {"hard": {"elo": 1500.0}}})
    before = target.read_bytes()
    run = write_on_a_full_disk(
        "from pathlib import Path\nfrom cardtable.bots.levels import write_ratings",
        f"write_ratings(Path({str(target)!r}), 'scout', {{'command': 'x' * 5000, 'ratings': {{}}}})",
        limit=len(before) + 10,
    )
    assert run.returncode != 0 and "File too large" in run.stderr, run.stderr
    assert target.read_bytes() == before
    assert [path.name for path in tmp_path.iterdir()] == ["ratings.json"]


def test_a_policy_file_is_kept_whole_when_a_write_fails(tmp_path: Path) -> None:
    target = tmp_path / "policy.npz"
    write_arrays(target, {"weight_0": np.zeros((2, 2), dtype=np.float32)})
    before = target.read_bytes()
    run = write_on_a_full_disk(
        "import numpy as np\nfrom cardtable.bots.learned.network import write_arrays",
        f"write_arrays({str(target)!r}, {{'weight_0': np.random.default_rng(1).random((300, 300))}})",
        limit=len(before) + 10,
    )
    assert run.returncode != 0 and "File too large" in run.stderr, run.stderr
    assert target.read_bytes() == before
    assert [path.name for path in tmp_path.iterdir()] == ["policy.npz"]

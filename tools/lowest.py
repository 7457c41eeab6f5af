"""The lowest versions pyproject.toml's ranges allow, as pip constraints: `name==lower`, one a line.

    python tools/lowest.py [EXTRA ...] > lowest.txt

For the package's own dependencies and those of each extra named (rl by
default): every requirement's `>=` bound, pinned.  `make lowest` installs
them in a fresh environment and runs the RL and core tests, so a lower bound
that no longer works is caught.  A requirement without a `>=` bound is an
error, naming it: each range must say the version it was tried from.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"
#: A requirement: its name (extras aside), then its version specifiers.
REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?\s*(.*)$")


def lowest(requirement: str) -> str:
    """`name==lower` for a requirement written `name>=lower,...`."""
    match = REQUIREMENT.match(requirement)
    if match is None:
        raise SystemExit(f"pyproject.toml: {requirement!r} is not a requirement this script reads")
    name, _, specifiers = match.groups()
    bounds = [part.strip()[2:].strip() for part in specifiers.split(",") if part.strip().startswith(">=")]
    if len(bounds) != 1:
        raise SystemExit(f"pyproject.toml: {requirement!r} has no single >= bound to install")
    return f"{name}=={bounds[0]}"


def main() -> None:
    project = tomllib.loads(PYPROJECT.read_text())["project"]
    extras = sys.argv[1:] or ["rl"]
    requirements = list(project["dependencies"])
    for extra in extras:
        requirements += project["optional-dependencies"][extra]
    for requirement in requirements:
        print(lowest(requirement))


if __name__ == "__main__":
    main()

"""Build the Forbidden Memories data files shipped in the package from ../shared/data/fm.

    python tools/build_fm_data.py [SOURCE_FOLDER]

SOURCE_FOLDER defaults to ../shared/data/fm.  The package reads only the
compact JSON files written into cardtable/games/fm/data/, never the source
folder (unless a user points it at their own copy with --fm-data); run this
again only if the sources change.  The folder is read and checked by
`cardtable.games.fm.sources`, the loader --fm-data uses: every value, and
every count against the published figures, before anything is written; each
file is written whole or not at all.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardtable.games.fm.sources import FmDataError, build_all  # noqa: E402  (the project's own loader)

TARGET = ROOT / "cardtable" / "games" / "fm" / "data"


def write(name: str, data: object) -> None:
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n"
    temporary = TARGET / f".{name}.tmp"
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(TARGET / name)


def main() -> None:
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "data" / "fm"
    try:
        built = build_all(source)
    except FmDataError as error:
        raise SystemExit(str(error)) from None
    TARGET.mkdir(parents=True, exist_ok=True)
    for name, data in built.items():
        write(name, data)
        print(f"wrote {TARGET / name}")


if __name__ == "__main__":
    main()

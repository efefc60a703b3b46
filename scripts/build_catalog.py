"""Build engine/catalog/catalog.json from the Space Dock data file.

Usage: python scripts/build_catalog.py [XML] [-o OUT] [--check] [--quiet]

XML defaults to ../shared/data/spacedock/staw-data.xml relative to the repository root.
Notes on odd data go to stderr; the last line on stdout is a one-line summary of counts.
Re-running on the same data writes identical bytes. --check writes nothing and exits 1 when
the committed catalog differs from what the data gives.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))  # run as a plain script without installing the project

from engine.catalog.build import build_catalog, dump_catalog  # noqa: E402

DEFAULT_XML = REPO_ROOT.parent / "shared" / "data" / "spacedock" / "staw-data.xml"
DEFAULT_OUT = REPO_ROOT / "engine" / "catalog" / "catalog.json"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("xml", nargs="?", type=Path, default=DEFAULT_XML, help="the staw-data.xml file")
    parser.add_argument("-o", "--out", type=Path, default=DEFAULT_OUT, help="where to write the catalog")
    parser.add_argument("--check", action="store_true", help="only compare with the existing file")
    parser.add_argument("--quiet", action="store_true", help="leave out the notes on the data")
    args = parser.parse_args(argv)

    result = build_catalog(args.xml)
    if not args.quiet:
        for note in result.notes:
            print(f"note: {note}", file=sys.stderr)
    payload = dump_catalog(result.data)
    if args.check:
        current = args.out.read_bytes() if args.out.exists() else b""
        if current != payload:
            print(f"{args.out} is out of date; run scripts/build_catalog.py", file=sys.stderr)
            return 1
    else:
        args.out.write_bytes(payload)
    print(f"{result.summary()} -> {args.out.name}, {len(payload)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())

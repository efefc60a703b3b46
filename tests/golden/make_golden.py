"""Write the golden replay files, one per schema: `python tests/golden/make_golden.py`.

Only rerun this on purpose: the files are committed bytes, and tests/test_replay_golden.py
checks that today's writer still produces toy-v3.trek byte for byte, that the retired
schemas' writer still produces the older ones, and that every schema still opens. A change
to the format needs a new schema, a new golden file, and an upgrade function; never a silent
regeneration of an old one.
"""

from __future__ import annotations

from pathlib import Path

from engine.replay.testing import write_golden

if __name__ == "__main__":
    for path in write_golden(Path(__file__).parent):
        print(f"wrote {path} ({path.stat().st_size} bytes)")

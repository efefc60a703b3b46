"""Fuzzing every input kind and every ruleset (a bounded run; scripts/fuzz.py runs for as long as asked).

Every case takes a sound file (a replay of each ruleset, its JSON form, a fleet, a scenario, a
mission, a campaign, a notation, a fleet-builder file or link), changes one thing in it with a
seeded mutator, and runs the commands that read it: each must answer 0, 1 (unsound) or 2 (one line
on stderr), never a traceback. A failure names (kind, seed): `python scripts/fuzz.py --kind K
--seed S` reproduces it.
"""

from __future__ import annotations

import pytest
from fuzzing import CASES, failures

ROUNDS = {"replay": 10, "replay-bytes": 10, "replay-json": 6, "fleet": 15, "scenario": 10, "mission": 6,
          "campaign": 15, "notation": 12, "fleet-builder": 15,
          # issue 34's kinds (tests/fuzz_hostile.py), each over the five sound replays of the four rulesets
          "replay-older": 10, "replay-cut": 10, "replay-types": 10, "replay-text": 10, "replay-amplify": 4,
          "batch-row": 10, "notation-import": 8}


@pytest.mark.parametrize("kind", list(CASES))
def test_no_input_gets_a_traceback(kind: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    work = tmp_path_factory.getbasetemp() / "fuzz"
    found = [f for seed in range(ROUNDS[kind]) for f in failures(kind, seed, work / kind)]
    assert not found, "\n".join(found)

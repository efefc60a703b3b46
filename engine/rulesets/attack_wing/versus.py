"""Self-contained scenario documents for `trek batch play`: two fleet files against each other on
a scenario's table (`trek batch play FLEET_A FLEET_B`), and a scenario file with its fleets inlined.

The table, obstacles, deployment zones, round limit, fleet format and victory rule are the
scenario's; the sides are the two fleets, deployed by default in the scenario's zones (its
fixed placements were for its own ships). The result is one self-contained scenario document
(the fleets inlined), so a batch can hand it to workers that have no copy of the fleet files.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

from engine.rulesets.attack_wing.fleet import FleetError, read_fleet_file
from engine.rulesets.attack_wing.scenario import ScenarioError, build_scenario, load_scenario

DEFAULT_TABLE = "skirmish"


def versus_scenario(fleets: Sequence[str], table: str | None = None) -> tuple[str, str]:
    """The fleets (two files) on ``table``'s scenario (a bundled name or a file; default the
    skirmish): a file name for the new scenario and its JSON text, checked as a scenario."""
    if len(fleets) != 2:
        raise ScenarioError(f"give two fleet files, side A's and side B's (got {len(fleets)})")
    base = load_scenario(table or DEFAULT_TABLE)
    files = []
    for letter, path in zip("AB", fleets, strict=True):
        try:
            files.append(read_fleet_file(Path(path)))
        except FleetError as exc:
            raise ScenarioError(f"side {letter}'s fleet: {exc}") from None
    names = [f.name for f in files]
    if names[0] == names[1]:  # the sides need telling apart in results
        names = [f"{names[0]} (A)", f"{names[1]} (B)"]
    sides = tuple(side.model_copy(update={"name": name, "fleet": fleet, "placements": None})
                  for side, name, fleet in zip(base.spec.sides, names, files, strict=True))
    spec = base.spec.model_copy(update={
        "name": f"{names[0]} vs {names[1]}", "sides": sides,
        "description": f"{names[0]} against {names[1]} on the table of {base.name}."})
    document = spec.model_dump(mode="json")
    build_scenario(document, source=f"{names[0]} vs {names[1]}", base_dir=None)  # every check of a scenario file
    slug = re.sub(r"[^a-z0-9]+", "-", f"{names[0]} vs {names[1]}".lower()).strip("-")[:80] or "versus"
    return f"{slug}.json", json.dumps(document, indent=1) + "\n"


def scenario_document(path: str) -> tuple[str, str]:
    """A scenario file (JSON or TOML, its fleets in files beside it or inline) as one JSON
    document with the fleets inlined, checked as a scenario: what a worker without the files
    plays, the same game (the replay header holds the inlined scenario either way). Returns a
    file name for it (the file's own, as .json) and its text."""
    scenario = load_scenario(Path(path))
    document = scenario.document()
    build_scenario(document, source=scenario.source, base_dir=None)  # nothing left to find on disk
    return f"{Path(path).stem or 'scenario'}.json", json.dumps(document, indent=1) + "\n"

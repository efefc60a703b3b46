"""Hash the event logs of many seeded AI games, to check that a speed-up changed no game.

Plays seeds of the bundled skirmish and duel, two card-heavy duels (the fleets of
tests/test_abilities_cards2_game.py and test_abilities_boarding_game.py) and the bundled Alliance
mission, and prints one SHA-256 per game of its events as JSON lines (plus one of the replay
bytes for a few recorded games). Usage:

    python scripts/engine_identity.py > before.txt   # ... optimise ...
    python scripts/engine_identity.py | diff before.txt -
"""

from __future__ import annotations

import argparse
import hashlib
import json
import tempfile
from pathlib import Path

from engine.rulesets.alliance.events import event_to_dict as alliance_event
from engine.rulesets.alliance.play import play_mission
from engine.rulesets.attack_wing.events import event_to_dict
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.scenario import Scenario, load_scenario

ROOT = Path(__file__).resolve().parents[1]
CARD_FLEETS = {
    "cards2": ([{"ship": "1009", "captain": "2001", "upgrades": ["3110", "3006", "3077"]},
                {"ship": "U.S.S. Defiant", "captain": "2029", "upgrades": ["3039", "3017"]}],
               [{"ship": "1005", "captain": "2019", "upgrades": ["3012", "3010", "3017"]},
                {"ship": "I.K.S. Gr'oth", "captain": "2016", "upgrades": ["3045", "3077"]}]),
    "boarding": ([{"ship": "1037", "captain": "2036", "upgrades": ["3084"]},
                  {"ship": "1005", "captain": "2019", "upgrades": ["3009", "3042"]}],
                 [{"ship": "1009", "captain": "2001", "upgrades": ["3002", "3020", "3006"]},
                  {"ship": "U.S.S. Defiant", "captain": "2029", "upgrades": ["3039", "3017"]}]),
}


def digest(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


def card_duel(tmp: Path, name: str) -> Scenario:
    duel = json.loads((ROOT / "replays" / "duel.json").read_text())
    for side, ships in zip(duel["sides"], CARD_FLEETS[name], strict=True):
        side["fleet"] = {"name": side["name"], "faction": side["name"], "ships": ships}
    path = tmp / f"{name}.json"
    path.write_text(json.dumps(duel))
    return load_scenario(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--skirmish", type=int, default=40, help="skirmish seeds 0..N-1")
    parser.add_argument("--others", type=int, default=8, help="seeds of each other game")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        games: list[tuple[str, Scenario, int]] = []
        games += [("skirmish", load_scenario("skirmish"), s) for s in range(args.skirmish)]
        games += [("duel", load_scenario("duel"), s) for s in range(args.others)]
        for fleet in CARD_FLEETS:
            games += [(fleet, card_duel(tmp, fleet), s) for s in range(args.others)]
        for label, scenario, seed in games:
            out = tmp / "g.trek" if seed < 3 else None
            result = play(scenario, seed, out)
            lines = [json.dumps(event_to_dict(e), sort_keys=True) for e in result.events]
            replay = f" replay {hashlib.sha256(out.read_bytes()).hexdigest()[:16]}" if out else ""
            print(f"{label} seed {seed}: {len(lines)} events {digest(lines)}{replay}", flush=True)
        for seed in range(args.others):
            outcome = play_mission("alliance-act1", 2, seed)
            lines = [json.dumps(alliance_event(e), sort_keys=True) for e in outcome.events]
            print(f"alliance-act1 p2 seed {seed}: {len(lines)} events {digest(lines)}", flush=True)


if __name__ == "__main__":
    main()

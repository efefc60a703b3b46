"""Regenerate the golden game logs: python tests/golden_games/make.py (after a deliberate rules change)."""

from __future__ import annotations

import json
from pathlib import Path

from engine.rulesets.alliance.events import event_to_dict as alliance_event
from engine.rulesets.alliance.play import play_mission
from engine.rulesets.attack_wing.events import event_to_dict
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.scenario import load_scenario

GOLDEN = {"duel-seed7.jsonl": ("duel", 7), "skirmish-seed3.jsonl": ("skirmish", 3)}
ALLIANCE = {"alliance-act1-p2-seed4.jsonl": ("alliance-act1", 2, 4)}  # mission, player ships, seed


def main() -> None:
    here = Path(__file__).parent
    for name, (scenario, seed) in GOLDEN.items():
        result = play(load_scenario(scenario), seed)
        lines = [json.dumps(event_to_dict(e), sort_keys=True) for e in result.events]
        (here / name).write_text("\n".join(lines) + "\n")
        print(f"{name}: {len(lines)} events")
    for name, (mission, players, seed) in ALLIANCE.items():
        outcome = play_mission(mission, players, seed)
        lines = [json.dumps(alliance_event(e), sort_keys=True) for e in outcome.events]
        (here / name).write_text("\n".join(lines) + "\n")
        print(f"{name}: {len(lines)} events")


if __name__ == "__main__":
    main()

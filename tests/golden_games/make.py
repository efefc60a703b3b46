"""Regenerate the golden game logs: python tests/golden_games/make.py (after a deliberate rules change)."""

from __future__ import annotations

import json
from pathlib import Path

from engine.rulesets.alliance.events import event_to_dict as alliance_event
from engine.rulesets.alliance.play import play_mission
from engine.rulesets.attack_wing.events import event_to_dict
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.scenario import load_scenario
from engine.rulesets.into_the_unknown.ai import ItuAI
from engine.rulesets.into_the_unknown.game import play_game
from engine.rulesets.into_the_unknown.ruleset import RULESET as ITU

GOLDEN = {"duel-seed7.jsonl": ("duel", 7), "skirmish-seed3.jsonl": ("skirmish", 3)}
ALLIANCE = {"alliance-act1-p2-seed4.jsonl": ("alliance-act1", 2, 4)}  # mission, player ships, seed
# Into the Unknown, the AI in both seats: seed (4: Outpost Ambush, its outposts firing; 5: Rescue Op, with
# TRANSPORTER EVAC)
ITU_GAMES = {"itu-perditions-gate-seed4.jsonl": 4, "itu-perditions-gate-rescue-seed5.jsonl": 5}


def itu_lines(seed: int) -> list[str]:
    """An Into the Unknown game's events as the golden log holds them."""
    return [json.dumps(ITU.codec.encode_event(e), sort_keys=True) for e in play_game(seed, [ItuAI(), ItuAI()]).events]


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
    for name, seed in ITU_GAMES.items():
        lines = itu_lines(seed)
        (here / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{name}: {len(lines)} events")


if __name__ == "__main__":
    main()

"""The AI's use of cards in whole games (scripts/ai_card_uses.py counts them over many): a destroyed
ship's cards leave play with it, so the marks they placed this round end with it (rulebook
"Damage": "immediately remove the destroyed ship from the play area")."""

from __future__ import annotations

import json
from pathlib import Path

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.scenario import build_scenario

KLINGON = [{"ship": "1038", "upgrades": ["3012"], "captain": "2017"},
           {"ship": "1028", "upgrades": ["3043"], "captain": "2018"},
           {"ship": "1028", "upgrades": ["3045"], "captain": "2019"}]
FEDERATION = [{"ship": "1048", "upgrades": ["3018", "3069"], "captain": "2012"},
              {"ship": "1048", "upgrades": ["3020", "3027"], "captain": "2029"},
              {"ship": "1048", "upgrades": ["3021", "3089"], "captain": "2030"}]
SEED = 3  # Worf (3069) on B1 marks A3; B1 is destroyed (I Stab at Thee) before A3 fires


def test_a_destroyed_ships_marks_end_with_it() -> None:
    duel = json.loads((Path(__file__).parents[1] / "replays" / "duel.json").read_text())
    for side, (name, ships) in zip(duel["sides"], (("Klingon", KLINGON), ("Federation", FEDERATION)), strict=True):
        side["name"] = name
        side["fleet"] = {"name": name, "faction": name, "ships": ships}
    result = play(build_scenario(duel, source="test", base_dir=None), SEED)  # raised IllegalEvent before
    events = result.events
    gone = {e.ship: i for i, e in enumerate(events) if isinstance(e, ev.ShipDestroyed)}
    marked = [i for i, e in enumerate(events) if isinstance(e, ev.AbilityUsed) and e.card == "3069" and e.marks]
    assert "B1" in gone and marked and marked[0] < gone["B1"]  # the situation: Worf's mark, then B1 destroyed
    assert not [e for i, e in enumerate(events) if isinstance(e, ev.AbilityUsed) and e.ship in gone
                and i > gone[e.ship]]

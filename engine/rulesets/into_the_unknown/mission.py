"""The learning mission "At Perdition's Gate": its setup as the guide's "Learning Mission Setup".

The guide places the tokens and ships "as shown" in a figure the text does not carry; the
positions here are chosen (docs/rulings.md) so that its examples can happen: the Defiant in deep
space south of the system, 15" of warp from standing 2" past a BLUE objective with an anomaly at
2"; the Fighter inside the system, turning toward its centre.
"""

from __future__ import annotations

from engine.geometry.pose import Pose
from engine.rulesets.into_the_unknown.events import GameStarted, OfficerSetup, PoseModel, ShipSetup, TokenSetup
from engine.rulesets.into_the_unknown.table import SECTOR_MM
from engine.rulesets.rng import Rng

NAME = "itu-perditions-gate"
TITLE = "At Perdition's Gate"
FEDERATION, DOMINION = 0, 1  # the seats: side 0 is the Federation (BLUE), side 1 the Dominion (ORANGE)
C = SECTOR_MM / 2

OBJECTIVES: tuple[tuple[str, float, float, str], ...] = (
    ("objective-1", 304.8, 404.8, "blue"), ("objective-2", 609.6, 509.6, "blue"),
    ("objective-3", 404.8, 609.6, "orange"), ("objective-4", 509.6, 304.8, "orange"))
ANOMALY_SPOTS: tuple[tuple[float, float], ...] = ((C, 330.2), (330.2, 560.0), (584.2, 406.4))

DEFIANT_START = Pose(304.8, 100.0, 0.0)
FIGHTER_START = Pose(660.4, 660.4, 225.0)


def shuffled(rng: Rng, items: list[int]) -> list[int]:
    """Fisher-Yates with the game's generator: draw k picks among the first len - k items."""
    out = list(items)
    for k, i in enumerate(range(len(out) - 1, 0, -1)):
        j = rng.below(i + 1, k)
        out[i], out[j] = out[j], out[i]
    return out


def setup(seed: int) -> GameStarted:
    """The mission's first event: ships, officers, objectives with control markers, anomalies 1-3
    shuffled face down, the directives calm and the priority token with the Federation."""
    rng = Rng(seed)
    numbers = shuffled(rng, [1, 2, 3])
    draws = len(numbers) - 1
    fighter = ShipSetup(
        id="fighter", side=DOMINION, number=1, name="Jem'Hadar Fighter", display="jem_hadar_fighter",
        pose=PoseModel.of(FIGHTER_START), alert=2,  # guide: yellow 1
        officers=(OfficerSetup(key="vorta_diplomat", section="bridge", station="captains_chair"),
                  OfficerSetup(key="talaktalan", section="bridge", station="tactical"),
                  OfficerSetup(key="jem_hadar_second", section="bridge", station="helm"),
                  OfficerSetup(key="karemma_researcher", section="bridge", station="instruments")))
    defiant = ShipSetup(
        id="defiant", side=FEDERATION, number=2, name="U.S.S. Defiant", display="defiant",
        pose=PoseModel.of(DEFIANT_START), alert=1,  # guide: green 1
        officers=(OfficerSetup(key="sisko", section="bridge", station="captains_chair"),
                  OfficerSetup(key="daring_first_officer", section="bridge", station="helm"),
                  OfficerSetup(key="vigilant_security_chief", section="bridge", station="tactical"),
                  OfficerSetup(key="redoubtable_engineer", section="bridge", station="instruments")))
    return GameStarted(
        seq=0, round=0, phase="setup", draws=draws, mission=NAME, seed=seed, sides=("Federation", "Dominion"),
        colours=("blue", "orange"), ships=(defiant, fighter), priority=FEDERATION,
        objectives=tuple(TokenSetup(id=i, x=x, y=y, marker="blue" if m == "blue" else "orange")
                         for i, x, y, m in OBJECTIVES),
        anomalies=tuple(TokenSetup(id=f"anomaly-{k + 1}", x=x, y=y, number=n)
                        for k, ((x, y), n) in enumerate(zip(ANOMALY_SPOTS, numbers, strict=True))))


def tie_rule(complication: str | None) -> tuple[int, str]:
    """Who wins a tied score, and the rule in words: the Dominion in Outpost Ambush, the Federation
    in Rescue Op and in the overture (the mission's victory conditions)."""
    tie = 1 if complication == "outpost_ambush" else 0
    gets = "the Dominion" if tie else "the Federation"
    where = "Outpost Ambush" if tie else "Rescue Op" if complication else "the overture"
    return tie, f"a tie goes to {gets} in {where}"

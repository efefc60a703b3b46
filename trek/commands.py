"""Every `trek` command: its name, the module that defines it and its one-line summary.

This table is all `trek` reads to list its commands (`trek --help`) and to refuse an unknown
one; a command's module, and the game behind it, is imported only when that command runs. A
module may define several commands (``render`` and ``screenshot``): each has its line here.
"""

from __future__ import annotations

from typing import Final, NamedTuple


class Command(NamedTuple):
    module: str
    summary: str


COMMANDS: Final[dict[str, Command]] = {
    "demo": Command("trek.demo_cmd", "play the bundled skirmish, then view it or render its video"),
    "play": Command("trek.play_cmd", "play a scenario (AI or people in the seats) and record the replay"),
    "catalog": Command("trek.catalog_cmd",
                       "browse the ship catalog (ships, classes, dials) and which card abilities play"),
    "replay": Command("trek.replay_cmd", "inspect, check and convert replay files"),
    "view": Command("trek.view_cmd", "open a replay in the interactive 3D viewer"),
    "render": Command("trek.render_cmd", "render a replay as a battle-report video (MP4, GIF or PNG frames)"),
    "screenshot": Command("trek.render_cmd", "render one frame of a replay as a PNG"),
    "teach": Command("trek.teach_cmd", "teaching pictures: dial plates, comparisons, maneuver clips, lessons"),
    "analyze": Command("trek.analyze_cmd",
                       "a recorded game's win probability at every point, turning points and luck (rollouts)"),
    "batch": Command("trek.batch_cmd", "many games at once on Ray: play, stats, render"),
    "notation": Command("trek.notation_cmd",
                        "check a game's notation, turn it into a replay, write a replay as one (any game)"),
    # Attack Wing's own commands
    "maneuver": Command("trek.attack_wing.geometry_cmds", "end pose, swept path and template of one maneuver"),
    "measure": Command("trek.attack_wing.geometry_cmds", "range, band and firing arcs between two bases"),
    "fleet": Command("trek.attack_wing.fleet_cmd",
                     "check fleet files; import them from Space Dock or Utopia, export back"),
    "scenario": Command("trek.attack_wing.scenario_cmd", "bundled scenarios and scenario files"),
    "odds": Command("trek.attack_wing.odds_cmd",
                    "exact odds of an attack: damage distribution, expected damage, P(crit)"),
    # Star Trek Alliance's own commands
    "mission": Command("trek.alliance.mission_cmd",
                       "Star Trek Alliance missions: the Enemy AI against cooperating players"),
    "campaign": Command("trek.alliance.campaign_cmd", "a Star Trek Alliance campaign: player cards, XP, missions"),
}

# commands that draw with the 3D studio, which is an optional install (the `studio` extra)
STUDIO_COMMANDS: Final = frozenset({"view", "render", "screenshot", "teach", "demo"})
STUDIO_MISSING: Final = ("the 3D studio is not installed (it needs panda3d and av): "
                         "pip install 'trek-replay-studio[studio]'")


def summary(name: str) -> str:
    """The one-line summary of command ``name`` (its help in `trek --help`)."""
    return COMMANDS[name].summary


def studio_installed() -> bool:
    """Whether the studio's own dependencies can be imported."""
    try:
        import av  # noqa: F401
        import panda3d.core  # noqa: F401
    except ImportError:
        return False
    return True

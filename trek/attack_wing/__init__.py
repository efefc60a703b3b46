"""Attack Wing's own `trek` subcommands, added to the parser through its Ruleset (``commands``)."""

from __future__ import annotations

from typing import Any


def register(sub: Any) -> None:
    """Add `trek maneuver`, `measure`, `fleet`, `scenario`, `odds` and `notation`."""
    from trek.attack_wing import fleet_cmd, geometry_cmds, notation_cmd, odds_cmd, scenario_cmd

    for module in (geometry_cmds, fleet_cmd, scenario_cmd, odds_cmd, notation_cmd):
        module.register(sub)

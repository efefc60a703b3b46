"""Alliance's own `trek` subcommands, added to the parser through its Ruleset (``commands``)."""

from __future__ import annotations

from typing import Any


def register(sub: Any) -> None:
    """Add `trek mission` and `campaign`."""
    from trek.alliance import campaign_cmd, mission_cmd

    for module in (mission_cmd, campaign_cmd):
        module.register(sub)

"""The one place a ruleset is registered: its name and the module that defines its ``RULESET``.

Modules are imported on first use, so `trek` starts without loading every game. Tests (and
the toy ruleset of ``engine.replay.testing``) add rulesets at run time with ``register``.
"""

from __future__ import annotations

import importlib
from typing import Any

from engine.errors import TrekError
from engine.rulesets.base import GameMaker, Ruleset

# name -> the module whose RULESET is that game; one line per game.
RULESETS: dict[str, str] = {
    "attack_wing": "engine.rulesets.attack_wing.ruleset",
    "alliance": "engine.rulesets.alliance.ruleset",
    "into_the_unknown": "engine.rulesets.into_the_unknown.ruleset",
    "fleet_captains": "engine.rulesets.fleet_captains.ruleset",
}

# the game of a notation file without a Game tag: every notation file was one before the others had one
NOTATION_DEFAULT = "attack_wing"

# name -> the module whose ROLLER plays a game of it on from a point (`trek analyze`)
ROLLOUTS: dict[str, str] = {
    "attack_wing": "engine.rulesets.attack_wing.rollout",
    "fleet_captains": "engine.rulesets.fleet_captains.rollout",
    "into_the_unknown": "engine.rulesets.into_the_unknown.rollout",
}

_loaded: dict[str, Ruleset[Any, Any]] = {}


class UnknownRuleset(TrekError):
    """No ruleset of that name is registered."""


def register(ruleset: Ruleset[Any, Any]) -> None:
    """Make ``ruleset`` the one used for its name (replacing any earlier one)."""
    _loaded[ruleset.name] = ruleset


def unregister(name: str) -> None:
    """Forget a ruleset added with ``register`` (a built-in one is loaded again on next use)."""
    _loaded.pop(name, None)


def names() -> list[str]:
    """Every ruleset that can be looked up: the built-in ones and those registered."""
    return sorted(set(RULESETS) | set(_loaded))


def ruleset_for(name: object) -> Ruleset[Any, Any]:
    """The ruleset called ``name``; UnknownRuleset when there is none."""
    if isinstance(name, str) and name in _loaded:
        return _loaded[name]
    if not isinstance(name, str) or name not in RULESETS:
        raise UnknownRuleset(f"no ruleset registered as {name!r} (known: {', '.join(names())})")
    found = importlib.import_module(RULESETS[name]).RULESET
    if not isinstance(found, Ruleset) or found.name != name:
        raise TypeError(f"{RULESETS[name]}.RULESET is not the Ruleset {name!r}")
    _loaded[name] = found
    return found


class NoGamePlays(TrekError):
    """No registered game (or more than one) plays a scenario name."""


def maker_for(name: str) -> tuple[str, GameMaker]:
    """The one registered game that plays ``name`` (a bundled scenario or mission, or a file),
    with its ruleset's name; NoGamePlays naming what is bundled when none or several do."""
    rulesets: list[Ruleset[Any, Any]] = [ruleset_for(n) for n in names()]
    chosen = [(r.name, r.maker) for r in rulesets if r.maker is not None and r.maker.plays(name)]
    if len(chosen) != 1:
        known = ", ".join(sorted(b for r in rulesets if r.maker is not None for b in r.maker.bundled())) or "none"
        what = "no game" if not chosen else "more than one game"
        raise NoGamePlays(f"{what} plays {name!r} (bundled: {known}); give a scenario file instead")
    return chosen[0]

"""Builders for Attack Wing engine tests: ships from the catalog, scripted dice and players."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engine.catalog import load_catalog
from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.game import Game, GameSetup
from engine.rulesets.attack_wing.loadout import ship_setup
from engine.rulesets.attack_wing.maneuvers import Maneuver
from engine.rulesets.attack_wing.players import AbilityOffer, AbilityUse, ActionChoice, ActionOption
from engine.rulesets.attack_wing.rules import AttackOption
from engine.rulesets.attack_wing.state import GameState, ShipState


def make_ship(ref: str, side: int, ship: str, captain: str | None = None, upgrades: Sequence[str] = (),
              **overrides: object) -> ev.ShipSetup:
    c = load_catalog()
    s = c.ship(ship)
    cap = c.captain(captain) if captain else None
    ups = [c.upgrade(u) for u in upgrades]
    setup = ship_setup(c, ref, side, s, cap, ups, s.cost + (cap.cost if cap else 0) + sum(u.cost for u in ups))
    return setup.model_copy(update=overrides) if overrides else setup


class ScriptedDice:
    """Dice faces given in advance, in the order the engine asks for them."""

    def __init__(self, faces: Sequence[str]) -> None:
        self.faces = list(faces)
        self.asked: list[tuple[str, int, str]] = []

    def roll(self, state: GameState, kind: str, count: int, ship: ShipState, cause: str, elite: int = -1
             ) -> tuple[list[str], int]:
        self.asked.append((kind, count, cause if elite < 0 else f"{cause} (elite die {elite})"))
        if len(self.faces) < count:
            raise AssertionError(f"the script ran out of dice: {kind} x{count} for {cause}")
        out, self.faces = self.faces[:count], self.faces[count:]
        return out, 0


class ScriptedPlayer:
    """Dials, actions and attacks given per ship id (defaults: 1 straight, pass, best first option).
    Card abilities: ``abilities`` per card id, in the order offered (None declines; "policy" takes
    the engine's policy); a card not named is declined, or takes the policy with ``use_abilities``."""

    def __init__(self, dials: dict[str, list[tuple[str, int]]] | None = None,
                 actions: dict[str, list[ActionChoice]] | None = None,
                 attacks: dict[str, list[str | None]] | None = None, keep_cloak: bool = False,
                 abilities: dict[str, list[AbilityUse | str | None]] | None = None,
                 use_abilities: bool = False) -> None:
        self.abilities = {k: list(v) for k, v in (abilities or {}).items()}
        self.use_abilities = use_abilities
        self.offers: list[AbilityOffer] = []
        self.dials = {k: list(v) for k, v in (dials or {}).items()}
        self.actions = {k: list(v) for k, v in (actions or {}).items()}
        self.attacks = {k: list(v) for k, v in (attacks or {}).items()}
        self.keep = keep_cloak

    def plan(self, state: GameState, ship: ShipState, options: list[tuple[Maneuver, str]]) -> tuple[Maneuver, str]:
        queue = self.dials.get(ship.id)
        kind, speed = queue.pop(0) if queue else ("straight", 1)
        return Maneuver(kind, speed), "scripted"

    def act(self, state: GameState, ship: ShipState, options: list[ActionOption]) -> ActionChoice:
        queue = self.actions.get(ship.id)
        return queue.pop(0) if queue else ActionChoice("pass")

    def attack(self, state: GameState, ship: ShipState, options: list[AttackOption]
               ) -> tuple[AttackOption | None, str]:
        queue = self.attacks.get(ship.id)
        wanted = queue.pop(0) if queue else "any"
        if wanted is None:
            return None, "holds fire"
        for o in options:
            if wanted == "any" or o.defender == wanted or o.weapon_key == wanted:
                return o, "scripted"
        return None, "no such option"

    def keep_cloak(self, state: GameState, ship: ShipState) -> bool:
        return self.keep

    def use_ability(self, state: GameState, ship: ShipState, offer: AbilityOffer) -> AbilityUse | None:
        self.offers.append(offer)
        queue = self.abilities.get(offer.card)
        answer: AbilityUse | str | None = queue.pop(0) if queue else ("policy" if self.use_abilities else None)
        return offer.default if answer == "policy" else answer if isinstance(answer, AbilityUse) else None


def game(ships: Sequence[ev.ShipSetup], poses: dict[str, Pose], players: Sequence[object], dice: object = None,
         seed: int = 1, **setup: object) -> Game:
    return Game(GameSetup(ships, poses, **setup), seed, players, dice)  # type: ignore[arg-type]


def types(events: Sequence[ev.Event]) -> list[str]:
    return [e.type for e in events]


def with_state(state: GameState, ship_id: str, **changes: object) -> GameState:
    return state.with_ship(replace(state.ship(ship_id), **changes))  # type: ignore[arg-type]

"""The Combat Phase: Console Fire, then every ship attacks in descending Captain Skill.

The attack itself (dice, defence, damage) is ``combat.py``'s; here each ship declares its attack
(its seat chooses among the options the rules and cards allow) and the line of fire is measured.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.errors import IllegalDecision
from engine.rulesets.attack_wing import combat, rules
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities import dampening, dice_windows, extra, mines, split
from engine.rulesets.attack_wing.game_base import GameBase
from engine.rulesets.attack_wing.measure import line_of_fire
from engine.rulesets.attack_wing.refusals import RULES
from engine.rulesets.attack_wing.state import ShipState


class CombatPhase(GameBase):
    """The Combat Phase's steps and hooks (rulebook "Combat Phase")."""

    def console_fire(self) -> None:
        for ship in self.state.in_play():  # Console Fire burns at the start of the Combat Phase
            if ship.face_up("console_fire"):
                faces, draws = self.dice.roll(self.state, "attack", 1, ship, "Console Fire")
                self.emit(ev.ConsoleFireRolled, ship=ship.id, face=faces[0], draws=draws)
                combat.suffer(self, ship.id, int(faces[0] in ("hit", "crit")), 0, cause="Console Fire")

    def attacks(self) -> None:
        """Every ship attacks in descending Captain Skill (the simultaneous attack rule)."""
        # a card may put a ship just ahead of the ship it targets (Keevan): a stable sort keeps the rest
        ordered = sorted(self.order(self.state.in_play(), ascending=False),
                         key=lambda s: -dice_windows.combat_skill(self.state, s))
        for i, ship in enumerate(ordered):
            current = self.state.ship(ship.id)
            if current.in_play:
                self.attack_with(current)
            # the simultaneous attack rule ends when the next ship's Captain Skill is lower
            nxt = ordered[i + 1] if i + 1 < len(ordered) else None
            if nxt is None or rules.skill_in_effect(self.state.ship(nxt.id)) != rules.skill_in_effect(current):
                for doomed in [s for s in self.state.ships if s.doomed]:
                    self.emit(ev.ShipDestroyed, ship=doomed.id, cause="destroyed (after firing)")

    def attack_with(self, ship: ShipState) -> None:
        self.emit(ev.ShipActivated, ship=ship.id)
        if "regenerate" in ship.actions_done:  # tournament rules "Regenerate"
            self.emit(ev.AttackSkipped, ship=ship.id, cause="regenerated this round")
            return
        if ship.dampening:
            self.emit(ev.AttackSkipped, ship=ship.id, cause=f"{dampening.TOKEN}: it cannot attack")
            return
        if mines.drop(self, ship.id):  # Antimatter Mines: the token placed is its attack
            return
        options = [o for o in rules.attack_options(self.state, ship)
                   if dice_windows.may_attack(self.state, ship, self.state.ship(o.defender))
                   and dice_windows.may_fire(self.state, ship, o.weapon) and split.allowed(self.state, ship, o)]
        self.declare_attack(ship, options)

    def declare_attack(self, ship: ShipState, options: list[rules.AttackOption]) -> None:
        """The seat declares one of ``options`` (or holds fire), then the attack is made; a card may
        then give the ship one more (``extra.after_attack``)."""
        choice, reason = self.players[ship.side].attack(self.state, ship, options) if options else (None, "")
        if options:
            self.decided(ship.side)
        if choice is None:
            self.emit(ev.AttackSkipped, ship=ship.id, cause=reason or "no target in arc and range")
            return
        if choice not in options:
            raise IllegalDecision(f"{ship.name} cannot attack {choice.defender} with {choice.weapon_key} now "
                                  f"[{RULES['declared-attack'].cite}]")
        made: rules.AttackOption | None = choice
        dice: tuple[int, str] | None = None
        while made is not None:  # an attack divided between two ships (Forward Weapons Grid): two parts
            defender = self.state.ship(made.defender)
            arc = {"front": ship.front_arc, "rear": ship.rear_arc}.get(made.arc)
            lof = line_of_fire(rules.placed(ship), rules.placed(defender), arc, made.arc == "rear",
                               (*self.setup.obstacles, *mines.obstacles(self.state)), self.setup.planets)
            if lof.blocked:  # rulebook "Attacking Through Planets"
                self.emit(ev.AttackSkipped, ship=ship.id, cause=f"line of fire blocked by {', '.join(lof.planets)}")
                return
            (x0, y0), (x1, y1) = lof.line.coords[0], lof.line.coords[-1]
            line = ((round(x0, 3), round(y0, 3)), (round(x1, 3), round(y1, 3)))
            rest = combat.resolve_attack(self, made, line, lof.obstructed, reason, part=dice,
                                         **self.attack_bonuses(ship, defender))
            made, dice = (None, None) if rest is None else (rest[0], (rest[1], f"the other {rest[1]} dice of "
                                                                               "the divided attack"))
            if made is not None and not (self.state.ship(ship.id).in_play and self.state.ship(made.defender).in_play):
                self.emit(ev.AttackSkipped, ship=ship.id, cause="the divided attack's second ship is gone")
                made = None
            elif made is not None:  # the seat declares the second part (its attack line), the one it named
                fired = made.weapon.upgrade_id if made.weapon is not None else None  # as it is now: disabled
                made = replace(made, weapon=next((w for w in self.state.ship(ship.id).weapons
                                                  if w.upgrade_id == fired), made.weapon))
                _, said = self.players[ship.side].attack(self.state, self.state.ship(ship.id), [made])
                self.decided(ship.side)
                reason = said or "the divided attack's second part"
        extra.after_attack(self, ship.id, choice)

    def attack_bonuses(self, attacker: ShipState, defender: ShipState) -> dict[str, Any]:
        """Hook: card abilities' extra dice and rerolls for this attack (``combat.resolve_attack``'s
        keywords; an Alliance Elite loadout's). None in Attack Wing."""
        return {}

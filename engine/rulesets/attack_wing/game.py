"""The competitive Attack Wing game: rounds of planning, activation, combat and end phase.

The engine decides nothing itself: players decide, the dice source rolls, and every outcome
becomes an event that the reducer applies before the next step reads the state. ``Game`` joins
the phases: the bookkeeping is ``game_base.py``, the Activation Phase ``activation.py``, the
Combat Phase ``combat_phase.py``; the Planning and End Phases are here.
"""

from __future__ import annotations

from engine.errors import IllegalDecision
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities import cloaked_mines, dampening, planning
from engine.rulesets.attack_wing.abilities.dial_limits import dial_choices
from engine.rulesets.attack_wing.activation import ECHO_SAMPLES as ECHO_SAMPLES
from engine.rulesets.attack_wing.activation import PLACEMENT_OVERLAP_MM2 as PLACEMENT_OVERLAP_MM2
from engine.rulesets.attack_wing.activation import ActivationPhase
from engine.rulesets.attack_wing.combat_phase import CombatPhase
from engine.rulesets.attack_wing.game_base import ROUND as ROUND
from engine.rulesets.attack_wing.game_base import GameSetup as GameSetup
from engine.rulesets.attack_wing.game_base import Phase as Phase
from engine.rulesets.attack_wing.game_base import natural_key as natural_key
from engine.rulesets.attack_wing.refusals import RULES


class Game(ActivationPhase, CombatPhase):
    """One game. ``play()`` runs it to the end; ``events`` is the log, ``state`` the fold of it.

    The round is ``phases`` (data); a ruleset built on this game (Alliance) declares its own
    phases and steps and fills the hook points below (each says what it decides), so there is
    one movement path, one action path and one attack path for every ship (the hooks are in each phase's module)."""

    # --- planning ------------------------------------------------------------------------
    def set_dials(self) -> None:
        # both sides choose before any dial is recorded, so neither sees the other's
        choices = []
        for ship in self.state.in_play():
            if ship.side not in self.dial_sides:
                continue
            if ship.dampening:  # Energy Dampening Token: no dial of its seat's, a white 1 straight
                choices.append((ship.id, dampening.MANEUVER, f"{dampening.TOKEN}: no dial, a white 1 straight"))
                continue
            options = rules.dial_options(ship)  # less those a card forbids now (the R.I.S. Apnex)
            options = dial_choices(self.state, ship, options, [(m.kind, m.speed) for m, _ in options])
            maneuver, reason = self.players[ship.side].plan(self.state, ship, options)
            if all(maneuver != m for m, _ in options):  # a seat may answer anything: only the options stand
                raise IllegalDecision(f"{ship.name} cannot set its dial to {maneuver.kind} {maneuver.speed} "
                                      f"[{RULES['dial'].cite}]")
            choices.append((ship.id, maneuver, reason))
        for ship_id, maneuver, reason in choices:
            self.emit(ev.DialSet, ship=ship_id, kind=maneuver.kind, speed=maneuver.speed, reason=reason)

    def planning_cards(self) -> None:
        """Cards used "during the Planning Phase" (Positron Beam), once every dial is set."""
        planning.planning_cards(self, self.order(self.state.in_play(), ascending=True))
        cloaked_mines.plan_drop(self, self.order(self.state.in_play(), ascending=True))  # Cloaked Mines


    # --- end phase -------------------------------------------------------------------------
    def end_tokens(self) -> None:
        """Cloaks, disabled shields and the round's tokens (rulebook "End Phase")."""
        for ship in self.state.in_play():
            sid = ship.id
            keep = ship.cloak == "green" and self.players[ship.side].keep_cloak(self.state, ship)
            if ship.cloak == "red" or (ship.cloak == "green" and not keep):
                self.emit(ev.CloakChanged, ship=sid, cloak="none", cause="end phase")
            elif keep and not ship.cloak_beside:
                self.emit(ev.CloakChanged, ship=sid, cloak="green", beside=True, cause="kept cloaked")
            ship = self.state.ship(sid)
            if ship.shields_disabled and not ship.cloaked and not ship.dampening:  # the token: shields stay down
                self.emit(ev.ShieldsChanged, ship=sid, active=ship.shields + ship.shields_disabled, disabled=0,
                          cause="end phase")
            for token in ("evade", "scan", "battle_stations"):
                if getattr(ship, token):
                    self.emit(ev.TokensChanged, ship=sid, token=token, delta=-getattr(ship, token),
                              cause="end phase")
            if ship.cards_time:  # rulebook "Time Tokens": one comes off each card
                self.emit(ev.TimeTokensRemoved, ship=sid, cards=tuple(c for c, _ in ship.cards_time))

    def check_end(self) -> None:
        alive = [bool(self.state.in_play(0)), bool(self.state.in_play(1))]
        last_round = self.state.round >= self.setup.round_limit
        if all(alive) and not last_round:
            return
        lost = tuple(sum(1 for s in self.state.ships if s.side == side and s.destroyed) for side in (0, 1))
        if self.setup.scoring is not None:
            winner, reason, points = self.setup.scoring(self.state)
        else:
            winner, reason, points = self.default_result(alive)
        self.emit(ev.GameEnded, phase="over", winner=winner, reason=reason, points=points,
                  ships_lost=(lost[0], lost[1]))

    def default_result(self, alive: list[bool]) -> tuple[int | None, str, tuple[int, int]]:
        """Without a scenario rule: eliminate the enemy, else score the cost of enemy ships destroyed."""
        points = (self.fleet_points(0), self.fleet_points(1))
        if alive[0] != alive[1]:
            return (0 if alive[0] else 1), f"side {0 if alive[0] else 1} destroyed the opposing fleet", points
        if not any(alive):
            return None, "both fleets destroyed", points
        if points[0] != points[1]:
            winner = 0 if points[0] > points[1] else 1
            return winner, f"round limit: side {winner} scored more fleet points", points
        return None, "round limit: equal fleet points", points

    def fleet_points(self, side: int) -> int:
        """Fleet points scored by ``side``: the cost of every enemy ship it destroyed (rulings.md)."""
        return sum(s.cost for s in self.state.ships if s.side != side and s.destroyed)

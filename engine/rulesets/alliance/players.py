"""Who decides in an Alliance mission.

Player ships are flown by the Attack Wing AI, cooperating on one side, with the mission's
objective added to its scoring (``MissionAiPlayer``): head for the mission token sites still
needed, scan there, and retreat from an edge the mission allows once carrying what is needed.
Enemy AI ships have their own seat, the Enemy AI (``enemy_ai.EnemyAiPlayer``); where the rulebook
lets the players choose for an Enemy AI ship, the players' seat answers (``MissionAiPlayer.choose``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from engine.geometry.pose import Pose
from engine.geometry.shapes import Obstacle, Planet, PlayArea
from engine.rulesets.alliance.formations import edge_crossed
from engine.rulesets.alliance.mission import SQUARE_MM, Mission, TokenSite
from engine.rulesets.alliance.state import PLAYERS, AllianceState
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.ai import AiPlayer
from engine.rulesets.attack_wing.maneuvers import Maneuver
from engine.rulesets.attack_wing.measure import distance
from engine.rulesets.attack_wing.players import ActionChoice, ActionOption, ChoiceOffer
from engine.rulesets.attack_wing.state import GameState, ShipState

GOAL_WEIGHT = 1.6  # score per 100 mm closer to a mission token site
RETREAT_WEIGHT = 3.0  # score per 100 mm closer to a retreat edge
RETREAT_BONUS = 1500.0  # outweighs the Attack Wing AI's "would flee" penalty for an allowed retreat edge
TOKEN_REACH_MM = SQUARE_MM  # Range 1 from a token site
TOKEN_RADIUS_MM = 12.5  # a mission token is a disc about an inch across


def site_gap(pose: Pose, site: TokenSite) -> float:
    """Distance from a small base's centre region to a token site's edge (approximate: centre to centre
    less the base half-diagonal and the token's radius)."""
    return max(0.0, math.dist((pose.x, pose.y), (site.x, site.y)) - 20.0 - TOKEN_RADIUS_MM)


class MissionAiPlayer(AiPlayer):
    """The Attack Wing AI for every player ship, with the mission's objective in its scoring."""

    def __init__(self, mission: Mission, players: int, obstacles: Sequence[Obstacle] = (),
                 planets: Sequence[Planet] = (), area: PlayArea | None = None) -> None:
        area = area or mission.area
        super().__init__(obstacles, planets, (area.width, area.height))
        self.mission = mission
        self.sites = mission.token_sites(players)
        self.wanted = tuple(dict.fromkeys(k for o in mission.spec.objectives for k in o.tokens))
        self.retreat_edges = tuple(e for e in ("north", "south", "east", "west") if mission.may_retreat(e, "players"))
        self.play_area = area
        self.view: Callable[[], AllianceState] | None = None  # the game's whole state (set by the game)

    # --- the goal ---------------------------------------------------------------------------------
    def goal(self, state: GameState, ship: ShipState) -> tuple[str, TokenSite | None]:
        """("collect", site), ("retreat", None) or ("fight", None)."""
        if self.view is None or not self.wanted:
            return "fight", None
        full = self.view()
        mine = full.tokens_of(ship.id)
        secured = set(full.returned)
        carried_by_others = {k for c in full.carried if c.ship != ship.id for k in c.tokens}
        needed = [k for k in self.wanted if k not in secured]
        late = state.round >= self.mission.spec.end.round_limit - 2
        if self.retreat_edges and (not needed or ship.hull_damage >= ship.hull - 1):
            return "retreat", None  # the objective is met, or one more hit destroys it: bring the ship home
        if mine and (all(k in mine or k in carried_by_others for k in needed) or late) and self.retreat_edges:
            return "retreat", None
        todo = [s for s in self.sites if s.kind in needed and s.kind not in mine and s.kind not in carried_by_others]
        if not todo:
            todo = [s for s in self.sites if s.kind in needed and s.kind not in mine]
        if not todo:  # nothing left for this ship to collect: bring it home (the orders: avoid a battle)
            return ("retreat", None) if self.retreat_edges else ("fight", None)
        # share the work: the nearest site to this ship that is nearer to it than to another carrier-less ship
        friends = [s for s in state.in_play(ship.side) if s.id != ship.id and not full.tokens_of(s.id)]
        def cost(site: TokenSite) -> float:
            own = math.dist((ship.pose.x, ship.pose.y), (site.x, site.y))
            rival = min((math.dist((f.pose.x, f.pose.y), (site.x, site.y)) for f in friends), default=math.inf)
            return own + (150.0 if rival < own else 0.0)
        return "collect", min(todo, key=cost)

    def _goal_distance(self, pose: Pose, goal: str, site: TokenSite | None) -> float:
        if goal == "collect" and site is not None:
            return site_gap(pose, site)
        gaps = {"south": pose.y, "north": self.play_area.height - pose.y, "west": pose.x,
                "east": self.play_area.width - pose.x}
        return min(gaps[e] for e in self.retreat_edges)

    def _score(self, state: GameState, ship: ShipState, maneuver: Maneuver, colour: str, end: Pose,
               *rest: Any) -> Any:
        goal, site = self.goal(state, ship)
        if goal == "retreat" and len(rest) >= 3:  # (offense, threat, target): going home, it does not seek a fight
            rest = (0.0, rest[1], "", *rest[3:])
        scored = super()._score(state, ship, maneuver, colour, end, *rest)
        if goal == "fight":
            return scored
        if goal == "retreat":
            edge = edge_crossed(end, ship.base, self.play_area)
            if edge is not None and edge in self.retreat_edges:
                return replace(scored, score=scored.score + RETREAT_BONUS,
                               said=f"{maneuver}: retreats from the {edge} edge with the sensor data")
        before = self._goal_distance(ship.pose, goal, site)
        after = self._goal_distance(end, goal, site)
        gain = (RETREAT_WEIGHT if goal == "retreat" else GOAL_WEIGHT) * (before - after) / 100.0
        if goal == "collect" and site is not None and after <= TOKEN_REACH_MM:
            gain += 1.5  # in reach: it can scan for the token this round
        where = f"site {site.label}" if site is not None else "the retreat edge"
        return replace(scored, score=scored.score + gain, said=f"{scored.reason}; toward {where}")

    # --- actions ------------------------------------------------------------------------------------
    def act(self, state: GameState, ship: ShipState, options: list[ActionOption]) -> ActionChoice:
        if self.view is not None and any(o.action == "scan" for o in options) and self.wanted:
            full = self.view()
            mine = full.tokens_of(ship.id)
            for site in self.sites:
                if site.kind in self.wanted and site.kind not in mine and site.kind not in full.returned \
                        and site_gap(ship.pose, site) <= TOKEN_REACH_MM and not ship.scan:
                    return ActionChoice("scan", reason=f"scan to collect sensor data at {site.label} ({site.kind})")
        return super().act(state, ship, options)

    # --- the players' choices about Enemy AI ships ------------------------------------------------
    def choose(self, state: GameState, offer: ChoiceOffer) -> tuple[int, str]:
        """Rulebook "players may choose": a swerve that leaves the fewest of our ships in the Enemy
        AI ship's firing arc, then the farthest from us; as the Enemy's target, the tied ship with
        the most shields and hull left."""
        if offer.kind == "target":
            def left(i: int) -> int:
                ship = state.ship(offer.options[i].ship or "")
                return ship.shields + ship.hull - ship.hull_damage
            best = max(range(len(offer.options)), key=lambda i: (left(i), -i))
            name = state.ship(offer.options[best].ship or "").name
            return best, f"{name} takes the shot: {left(best)} shields and hull left, the most"
        enemy = state.ship(offer.ship)
        ours = state.in_play(PLAYERS)

        def exposure(i: int) -> tuple[int, float]:
            end = offer.options[i].end
            if end is None:
                return 0, 0.0
            moved = replace(enemy, pose=end)
            shots = {o.defender for o in rules.attack_options(state, moved) if o.weapon is None}
            near = min((distance(rules.placed(moved), rules.placed(s)) for s in ours), default=0.0)
            return len(shots), -near

        best = min(range(len(offer.options)), key=lambda i: (*exposure(i), i))
        shots, near = exposure(best)
        return best, (f"{offer.options[best].label}: {shots} of our ships in its firing arc afterwards, "
                      f"{-near:.0f} mm from the nearest")

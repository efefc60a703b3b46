"""An AI player that plays well enough to be worth watching, and says why it chose.

Planning scores every maneuver on the dial from where it would end: fleeing, bumping,
obstacles and planets, what the ship then has in its arc and at what range, whose arcs it
sits in (against enemies' likely next positions), the board edge, and auxiliary power.
Deterministic: the same state gives the same choices.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
from shapely.prepared import PreparedGeometry, prep

from engine.geometry import kernels
from engine.geometry.pose import Pose
from engine.geometry.shapes import Obstacle, Planet, PlayArea, base_corners, base_polygon
from engine.memos import memo
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities import moves
from engine.rulesets.attack_wing.abilities.advice import (
    BATTLE_STATIONS_ATTACK,
    MUON_REMOVAL,
    action_value,
    maneuver_worth,
    moves_the_ship,
    weapon_card,
)
from engine.rulesets.attack_wing.abilities.cloak import cloak_risk
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.abilities.windows import ACTION_PREFIX
from engine.rulesets.attack_wing.abilities.worth import keep_value
from engine.rulesets.attack_wing.actions import REARM, REMOVE_MUON, ActionChoice, ActionOption
from engine.rulesets.attack_wing.crossing import touches
from engine.rulesets.attack_wing.maneuvers import (
    Maneuver,
    end_poses,
    template_circle,
)
from engine.rulesets.attack_wing.measure import (
    FULL_CIRCLE,
    Placed,
    arc_check,
    bands,
    beyond_range,
    validate_arc,
)
from engine.rulesets.attack_wing.movement import Table, departing
from engine.rulesets.attack_wing.players import AbilityOffer, AbilityUse
from engine.rulesets.attack_wing.rules import AttackOption
from engine.rulesets.attack_wing.state import GameState, ShipState

_RANGE_W = np.array([0.0, 1.25, 1.0, 0.7, 0.0])  # RANGE_WEIGHT by band (0 and 4: beyond Range 3)
HIT = 4 / 8  # an attack die shows a hit or a critical hit
EVADE = 3 / 8  # a defense die shows an evade
RANGE_WEIGHT = {1: 1.25, 2: 1.0, 3: 0.7}  # range 1 rolls an extra die, range 3 gives the defender one


def expected_damage(attack: int, defense: int) -> float:
    """Rough expected uncanceled hits: each attack die hits 1/2, each defense die evades 3/8."""
    return max(0.0, attack * HIT - defense * EVADE)


_GUESSED = tuple(Maneuver(kind, 2) for kind in ("straight", "left-bank", "right-bank"))  # an enemy's likely moves
_Planned = tuple[list[Pose], list[float], list[float], list[str]]


@memo(maxsize=256)
def _guessed(dial: tuple[tuple[str, int, str], ...]) -> list[Maneuver]:
    """The guessed moves (``_GUESSED``) on this dial (remembered per dial: a ship's dial is fixed,
    and this is all the guess reads of it; the caller only reads the list)."""
    twos = {k for k, s, _ in dial if s == 2}
    return [m for m in _GUESSED if m.kind in twos]


def _arc_of(ship: ShipState) -> float:
    return FULL_CIRCLE if ship.has_360_arc else (ship.front_arc or 90.0)


@dataclass(frozen=True, slots=True)
class _Scored:
    """A maneuver's score, and why: the reason is written out only for the maneuver chosen (the
    planner scores every maneuver on the dial and says why for one)."""

    score: float
    maneuver: Maneuver
    notes: tuple[str, ...] = ()
    said: str | None = None  # the whole reason, where given outright

    @property
    def reason(self) -> str:
        if self.said is not None:
            return self.said
        return f"{self.maneuver}: " + (", ".join(self.notes) if self.notes else "repositions")


class AiPlayer:
    """A reasoned player for either seat."""

    def __init__(self, obstacles: Sequence[Obstacle] = (), planets: Sequence[Planet] = (),
                 area: tuple[float, float] = (P.PLAY_AREA_MM, P.PLAY_AREA_MM)) -> None:
        self._planned_for: tuple[int, int] | None = None
        self._planned: dict[str, _Planned] = {}
        self.obstacles = [(o, prep(o.polygon)) for o in obstacles]
        self._circles = [o.circle for o in obstacles]
        self.planets = [(p, prep(p.polygon)) for p in planets]
        self._departing_cache: dict[tuple[tuple[float, float, float], str], frozenset[int]] = {}
        # (round, ship, card): the additional maneuver the AI valued as a card's action, and why
        self._maneuvers: dict[tuple[int, str, str], tuple[str, str]] = {}
        self._friends_of: tuple[GameState, int, list[ShipState]] | None = None

        self.area = area

    # --- planning ---------------------------------------------------------------------------
    def plan(self, state: GameState, ship: ShipState, options: list[tuple[Maneuver, str]]
             ) -> tuple[Maneuver, str]:
        legal = [(m, c) for m, c in options if not (ship.aux_power and c == "red")]
        if not legal:  # every maneuver is red under auxiliary power: take the least bad
            return options[0][0], "every maneuver is red under auxiliary power"
        key = (state.seq, ship.side)
        if self._planned_for != key:  # the whole side in one batch: the state is the same for each dial
            self._planned_for = key
            self._planned = self._plan_side(state, ship.side)
        ends, offense, threat, targets = self._planned.get(ship.id) or self._plan_ships(state, [ship])[ship.id]
        best: _Scored | None = None
        bounded = type(self)._score is AiPlayer._score  # a subclass's _score may add to it after: no bound
        for i, ((maneuver, colour), end) in enumerate(zip(legal, ends, strict=True)):
            args = (state, ship, maneuver, colour, end, offense[i], threat[i], targets[i])
            beat = None if best is None else best.score + 1e-9  # a maneuver that cannot beat it is not scored
            scored = self._scored(*args, beat) if bounded else self._score(*args)
            if scored is not None and (best is None or scored.score > best.score + 1e-9):
                best = scored
        assert best is not None
        return best.maneuver, best.reason

    def _plan_side(self, state: GameState, side: int) -> dict[str, _Planned]:
        return self._plan_ships(state, state.in_play(side))

    def _plan_ships(self, state: GameState, ships: list[ShipState]) -> dict[str, _Planned]:
        ends_of = {s.id: end_poses(s.pose, [m for m, c in rules.dial_options(s) if not (s.aux_power and c == "red")],
                                   s.base) for s in ships}
        arcs = self._arcs_after(state, ships, [ends_of[s.id] for s in ships])
        return {s.id: (ends_of[s.id], *a) for s, a in zip(ships, arcs, strict=True)}

    def _predict(self, enemy: ShipState) -> list[Pose]:
        """Where an enemy may be after it moves: a straight 2 and its 2 banks, when on its dial."""
        return [enemy.pose, *end_poses(enemy.pose, _guessed(enemy.dial), enemy.base)]

    def _arcs_after(self, state: GameState, ships: list[ShipState], ends_lists: list[list[Pose]]
                    ) -> list[tuple[list[float], list[float], list[str]]]:
        """For every candidate end pose of every ship at once: the best offense (weighted dice on the
        best target in the front arc), the threat (weighted enemy dice that would have it in arc),
        and the target's name."""
        counts = [len(e) for e in ends_lists]
        n = sum(counts)
        enemies = state.enemies(ships[0]) if ships else []
        if not enemies or n == 0:
            return [([0.0] * c, [0.0] * c, [""] * c) for c in counts]
        guesses = [(e, p, 1.0 / len(ps)) for e in enemies for ps in [self._predict(e)] for p in ps]
        k = len(guesses)
        # every end pose against every guess: row r = i * k + j is end pose i against guess j; each
        # end pose's half base side, arc and attack are its ship's (one per ship, repeated)
        mine_once = np.array([(p.x, p.y, p.heading) for ends in ends_lists for p in ends])
        theirs_once = np.array([(p.x, p.y, p.heading) for _, p, _ in guesses])
        my_half_once, my_arc_once, my_attack_once = np.repeat(
            np.array([(P.base_half(s.base), _arc_of(s), s.attack) for s in ships], dtype=np.float64), counts, axis=0).T
        # each guess's half base side, arc, weight and attack
        their_half_once, guess_arc_once, weight_once, attack_once = np.array(
            [(P.base_half(e.base), _arc_of(e), w, e.attack) for e, _, w in guesses], dtype=np.float64).T
        centres = np.hypot(mine_once[:, None, 0] - theirs_once[None, :, 0],
                           mine_once[:, None, 1] - theirs_once[None, :, 1])
        # the bases' gap is at most their centres' distance and at least that less both circumradii:
        # a row whose bounds (a micron to spare) fall in one band has that band, measured or not; a
        # row beyond Range 3 weighs 0.0 in arc or not (its gain and threat 0.0), so only the rows
        # that may be within it are kept, and only those whose band the bounds leave open measured
        spread = (my_half_once[:, None] + their_half_once[None, :]) * math.sqrt(2)
        lowest, highest = bands(centres - spread - 1e-6).ravel(), bands(centres + 1e-6).ravel()
        rows = np.flatnonzero(lowest <= 3.0)
        at, of = rows // k, rows % k
        # both sides' frames and corners in one call each (every step is elementwise per pose: the
        # same numbers), the frames shared by the corners and the distances
        both, both_half = np.concatenate((mine_once, theirs_once)), np.concatenate((my_half_once, their_half_once))
        frame = kernels.pose_frames(both)
        corners_once = kernels.frame_corners(frame, both_half)
        my_corners_once, their_corners_once = corners_once[:n], corners_once[n:]
        frames = (frame[0][:n], frame[1][:n], frame[2][:n], frame[3][:n]), (frame[0][n:], frame[1][n:],
                                                                          frame[2][n:], frame[3][n:])
        band = lowest[rows]
        open_rows = np.flatnonzero(band != highest[rows])
        band[open_rows] = bands(kernels.square_distance_rows(mine_once, my_half_once, theirs_once, their_half_once,
                                                             at[open_rows], of[open_rows], my_corners_once,
                                                             their_corners_once, frames))
        range_w = _RANGE_W[band.astype(np.intp)]  # bands 1, 2, 3 weigh 1.25, 1.0, 0.7; beyond, 0.0
        weight = weight_once[of]
        # every row's arc (its own front arc for offense, the guessed enemy's for threat) in one
        # wedge test for both, on the rows in range: each row's numbers are its own (elementwise)
        in_range = range_w > 0.0
        for arc in {*my_arc_once.tolist(), *guess_arc_once.tolist()}:
            validate_arc(arc)
        my_arc, guess_arc = my_arc_once[at], guess_arc_once[of]
        mine_rows = np.flatnonzero(in_range & (my_arc < FULL_CIRCLE))
        their_rows = np.flatnonzero(in_range & (guess_arc < FULL_CIRCLE))
        in_arc = in_range & (my_arc >= FULL_CIRCLE)
        t_in = in_range & (guess_arc >= FULL_CIRCLE)
        if mine_rows.size or their_rows.size:
            # each wedge row's attacker and target by their index among both sides' poses (the end
            # poses, then the guesses): offense rows first, then threat rows
            attacker = np.concatenate((at[mine_rows], n + of[their_rows]))
            target = np.concatenate((n + of[mine_rows], at[their_rows]))
            hits = kernels.wedge_hits_around(corners_once[target], both[attacker, :2], both[attacker, 2],
                                             np.concatenate((my_arc[mine_rows], guess_arc[their_rows])),
                                             both[target, :2], both_half[target] * math.sqrt(2))
            in_arc[mine_rows] = hits[:mine_rows.size]
            t_in[their_rows] = hits[mine_rows.size:]
        my_attack = my_attack_once[at]
        gain_rows = np.zeros(n * k)
        gain_rows[rows] = in_arc * range_w * weight * my_attack
        gain = gain_rows.reshape(n, k)
        ids = [e.id for e, _, _ in guesses]
        per_enemy: dict[str, np.ndarray] = {}
        for col, enemy_id in enumerate(ids):  # summed in guess order, as a plain loop would
            per_enemy[enemy_id] = per_enemy[enemy_id] + gain[:, col] if enemy_id in per_enemy else gain[:, col]
        # threat: each guessed enemy pose as attacker, against every end pose, by the enemy's arc
        attack = attack_once[of]
        threat = np.zeros(n * k)
        threat[rows] = np.where(in_range, t_in * range_w * weight * attack, 0.0)
        threat_sum = threat.reshape(n, k).sum(axis=1)
        nearest = np.min(centres, axis=1)
        # each row's best target: the highest value, of equals the greatest id (the enemies taken in
        # descending id, the first of the highest is that one)
        ids_down = sorted(per_enemy, reverse=True)
        names = [state.ship(eid).name for eid in ids_down]
        # argmax takes the first of the highest, as values.index(max(values)) would (no NaN here)
        values = np.column_stack([per_enemy[eid] for eid in ids_down])
        best = values.argmax(axis=1)
        value = values[np.arange(n), best]
        # closing in matters only while nothing is in arc (elementwise: each row's own numbers)
        offense = np.where(value > 0, value, -nearest / 300.0).tolist()
        targets = [names[b] if v else "" for b, v in zip(best.tolist(), (value > 0).tolist(), strict=True)]
        threats = threat_sum.tolist()
        out = []
        row = 0
        for c in counts:
            out.append((offense[row:row + c], threats[row:row + c], targets[row:row + c]))
            row += c
        return out

    def _score(self, state: GameState, ship: ShipState, maneuver: Maneuver, colour: str, end: Pose,
               offense: float, threat: float, target: str) -> _Scored:
        """The maneuver's score and why."""
        scored = self._scored(state, ship, maneuver, colour, end, offense, threat, target, None)
        assert scored is not None
        return scored

    def _scored(self, state: GameState, ship: ShipState, maneuver: Maneuver, colour: str, end: Pose,
                offense: float, threat: float, target: str, beat: float | None) -> _Scored | None:
        """The maneuver's score and why; None where it cannot score above ``beat`` (the score to
        beat, if any): its score with none of the penalties below (obstacles, planets, minefields,
        bumps: each subtracts), by the same operations in the same order, is not above it, and a
        float subtraction of more never gives more, so its whole score is not either."""
        half = P.base_half(ship.base)
        margin = min(end.x, end.y, self.area[0] - end.x, self.area[1] - end.y) - half * math.sqrt(2)
        if margin < 0 and min(end.x, end.y, self.area[0] - end.x, self.area[1] - end.y) < half * 1.5:
            if any(not (0 <= x <= self.area[0] and 0 <= y <= self.area[1]) for x, y in base_corners(end, half)):
                return _Scored(-1000.0, maneuver, said=f"{maneuver}: would flee the battlefield")
        score = offense - 0.55 * threat
        if beat is not None:
            bound = score - (100 - margin) / 40.0 if margin < 100 else score
            bound = bound - 1.2 if colour == "red" else bound + 1.0 if colour == "green" and ship.aux_power else bound
            if bound <= beat:
                return None
        notes: list[str] = []
        # obstacles and planets: a die of damage and no action, or backing off
        if self.obstacles or self.planets:
            corners = base_corners(end, half)
            circle = template_circle(ship.pose, maneuver, ship.base)
            # one circle around the base and the template together: most obstacles are far from both
            if circle is not None:
                cx, cy, cr = circle
                reach = max(cr, math.dist((cx, cy), (end.x, end.y)) + half * math.sqrt(2))
            else:
                cx, cy, reach = end.x, end.y, half * math.sqrt(2)
            left = self._departing(ship)
            near = [(o, prepared) for i, ((o, prepared), (ox, oy, radius))
                    in enumerate(zip(self.obstacles, self._circles, strict=True))
                    if i not in left and math.dist((cx, cy), (ox, oy)) < reach + radius]
            # the template's hull is worked out in _touches, only where its circle reaches an obstacle
            hits = [o.name for o, prepared in near if _touches(o, prepared, corners, circle, ship, maneuver)]
            if hits:
                score -= 2.5
                notes.append(f"hits {hits[0]}")
            if any(math.dist((p.x, p.y), (end.x, end.y)) < p.radius + half * math.sqrt(2)
                   and prepared.intersects(base_polygon(end, half)) for p, prepared in self.planets):
                score -= 2.0
                notes.append("runs into a planet")
        if state.mines:  # a minefield: its dice at no defense, weighed above an obstacle's one die and action
            from engine.rulesets.attack_wing.abilities.mines import entered, expected
            mined = entered(state, ship, ship.pose, maneuver, end)
            if mined:
                score -= 1.5 * sum(expected(m) for m in mined)
                notes.append(f"enters minefield {mined[0].id}")
        for friend in self._friends(state, ship.side):
            if friend.id != ship.id and _gap_pose(end, friend.pose) < half + P.base_half(friend.base):
                score -= 1.5
                notes.append(f"may bump {friend.name}")
                break
        if target:
            notes.append(f"{target} in arc")
        if threat:
            notes.append(f"threat {threat:.1f}")
        if margin < 100:
            score -= (100 - margin) / 40.0
            notes.append("near the edge")
        if colour == "red":
            score -= 1.2
            notes.append("red: auxiliary power")
        elif colour == "green" and ship.aux_power:
            score += 1.0
            notes.append("green clears auxiliary power")
        return _Scored(score, maneuver, tuple(notes))

    def _friends(self, state: GameState, side: int) -> list[ShipState]:
        """``state.in_play(side)``, once per state and side (asked for every maneuver scored)."""
        if self._friends_of is None or self._friends_of[0] is not state or self._friends_of[1] != side:
            self._friends_of = (state, side, state.in_play(side))
        return self._friends_of[2]

    def _departing(self, ship: ShipState) -> frozenset[int]:
        """The obstacles the ship sits on now, which its maneuver leaves without a roll (cached: one
        check per ship and position, not per maneuver)."""
        key = (ship.pose.as_tuple(), ship.base)
        if key not in self._departing_cache:
            self._departing_cache[key] = departing(ship.pose, P.base_half(ship.base), [o for o, _ in self.obstacles])
        return self._departing_cache[key]

    # --- actions ----------------------------------------------------------------------------
    def act(self, state: GameState, ship: ShipState, options: list[ActionOption]) -> ActionChoice:
        attacks = rules.attack_options(state, ship)
        threat = self._threat(state, ship)
        target = self._best_attack(state, ship, attacks)
        best = ActionChoice("pass", reason="nothing worth doing")
        best_score = 0.0
        for option in options:
            choice, score = self._action_value(state, ship, option, attacks, target, threat)
            if choice is not None and score > best_score + 1e-9:
                best, best_score = choice, score
        return best

    def _threat(self, state: GameState, ship: ShipState) -> float:
        return self._threat_at(state, ship, ship.pose)

    def _action_value(self, state: GameState, ship: ShipState, option: ActionOption, attacks: list[AttackOption],
                      target: AttackOption | None, threat: float) -> tuple[ActionChoice | None, float]:
        a = option.action
        if a.startswith(ACTION_PREFIX) and (extra := self._extra_maneuver(state, ship, a)) is not None:
            return extra
        if a.startswith(ACTION_PREFIX):
            value, why, pick = action_value(state, ship, a, threat, option.targets, target)
            return (ActionChoice(a, pick, reason=why), value) if why else (None, 0.0)
        if a == "target_lock" and option.targets:
            pick = target.defender if target and target.defender in option.targets else None
            if pick is None:  # lock the nearest lockable enemy for later
                pick = min(option.targets, key=lambda t: _gap(ship, state.ship(t)))
                return ActionChoice(a, pick, reason=f"lock {state.ship(pick).name} for later"), 0.6
            torpedo = any(w.needs_target_lock and not w.disabled for w in ship.weapons)
            value = 1.3 + (0.8 if torpedo else 0.0)
            return ActionChoice(a, pick, reason=f"target lock on {state.ship(pick).name}: in arc"
                                + (", arms torpedoes" if torpedo else "")), value
        if a == "battle_stations":
            if target is None and threat == 0:
                return None, 0.0
            return ActionChoice(a, reason="battle stations: " + ("target in arc" if target else "under fire")), \
                (BATTLE_STATIONS_ATTACK if target else 0.0) + 0.1 * threat
        if a == "evasive_maneuvers":
            if threat == 0:
                return None, 0.0
            return ActionChoice(a, reason=f"evasive: in enemy arcs (threat {threat:.1f})"), 0.25 * threat
        if a == "scan" and target is not None:
            agility = state.ship(target.defender).agility
            from engine.rulesets.attack_wing.abilities.twin import scan_worth  # the Koranak's two attacks
            twin, why = scan_worth(state, ship, attacks)
            if twin > 0.35 * agility:
                return ActionChoice(a, reason=why), twin
            return ActionChoice(a, reason=f"scan: {state.ship(target.defender).name} has agility {agility}"), \
                0.35 * agility
        if a == "cloak" and threat > 0 and ship.shields > 0:
            return ActionChoice(a, reason=f"cloak: +4 agility under fire (threat {threat:.1f})"), 0.3 * threat
        if a == "cloak" and threat > 0:  # offered with no shields only by a card (the I.R.W. Praetus), which rolls
            risk = cloak_risk(ship)  # the expected damage its roll deals the ship
            return ActionChoice(a, reason=f"cloak with no shields to lose: +4 agility under fire (threat {threat:.1f})"
                                + (f", {risk:.2f} expected damage from its card's roll" if risk else "")), \
                0.5 * threat - risk  # four defense dice, no shield given up: more than evasive's one (0.25)
        if a == "sensor_echo" and option.echoes:
            scored = [(self._threat_at(state, ship, pose), i) for i, (pose, _) in enumerate(option.echoes)]
            lowest, i = min(scored)
            if lowest < threat:
                return ActionChoice(a, echo=option.echoes[i], reason=f"sensor echo out of arcs "
                                    f"(threat {threat:.1f} -> {lowest:.1f})"), 0.3 * (threat - lowest)
        if a == "regenerate" and option.targets and target is None:
            face_up = [t for t in option.targets if ship.damage[int(t)].face_up]
            pick = face_up[0] if face_up else option.targets[0]
            return ActionChoice(a, pick, reason="regenerate: nothing to shoot this round"), 1.4
        if a == REARM and option.targets:
            return self._rearm_value(state, ship, option, target, threat)
        if a == REMOVE_MUON:  # each later maneuver above speed 1 costs hull (Muon Token reference)
            return ActionChoice(a, reason="remove the Muon Token: its next maneuvers damage the hull"), MUON_REMOVAL
        if a == "repair" and option.targets:
            card = ship.damage[int(option.targets[0])].key.replace("_", " ")
            return ActionChoice(a, option.targets[0], reason=f"repair {card}"), 1.6
        return None, 0.0

    def _extra_maneuver(self, state: GameState, ship: ShipState, action: str
                        ) -> tuple[ActionChoice | None, float] | None:
        """An "Action:" card's additional maneuver (Gul Ranor, In'cha), judged on the table as the AI
        sees it (obstacles, planets, the play area): worth what its best maneuver gains; that maneuver
        is the AI's answer when the card asks which (``use_ability``). None: not such a card."""
        if not moves_the_ship(action):  # (before its table is built: most actions move nothing)
            return None
        worth = maneuver_worth(state, ship, action, self._table(state, ship))
        if worth is None:
            return None
        label, value, why = worth
        self._maneuvers[(state.round, ship.id, action[len(ACTION_PREFIX):].rpartition(":")[0])] = (label, why)
        return (ActionChoice(action, reason=why), value) if value > 0 else (None, 0.0)

    def _table(self, state: GameState, ship: ShipState) -> Table:
        """What the ship's base meets as the AI sees it: the other ships, obstacles, planets, play area."""
        template = Table((), [o for o, _ in self.obstacles], [p for p, _ in self.planets], PlayArea(*self.area))
        return moves.table_of(state, ship, template)

    def use_ability(self, state: GameState, ship: ShipState, offer: AbilityOffer) -> AbilityUse | None:
        """The engine's policy (``offer.default``), but for the additional maneuver the AI valued as
        its action: the one it valued, with the obstacles it sees."""
        if offer.window == "before_move":  # a card that changes its maneuver: judged with the obstacles it sees
            card = CARDS[offer.card]
            ability = card.abilities[offer.ability]
            return moves.change_answer(state, ship, ability.effect, self._table(state, ship),
                                       keep_value(state, ship, ability.cost)[0])
        valued = self._maneuvers.get((state.round, ship.id, offer.card))
        if offer.window == "action" and valued is not None and any(o.action == valued[0] for o in offer.actions):
            return AbilityUse(choice=valued[0], reason=valued[1])
        return offer.default

    def _rearm_value(self, state: GameState, ship: ShipState, option: ActionOption, target: AttackOption | None,
                     threat: float) -> tuple[ActionChoice, float]:
        """Re-arming a fired weapon (rulebook "Disabling Upgrade Cards") against the other actions:
        worth most when it fires this very round (a torpedo whose target lock the ship still holds,
        on a ship in its arc and range); else a turn spent for later, worth more when there is
        nothing to shoot and little incoming fire."""
        weapons = [w for w in ship.weapons if w.upgrade_id in option.targets]
        if not weapons:  # only cards an ability disabled: worth an action with nothing else to do
            card = option.targets[0]
            return ActionChoice(REARM, card, reason=f"remove the Disabled Token from {card}"), \
                (0.5 if target is None and threat < 3.0 else 0.1)
        weapon = max(weapons, key=lambda w: (w.attack, w.upgrade_id))
        armed = replace(weapon, disabled=False)
        shots = [rules.judge_attack(state, ship, enemy, armed) for enemy in state.enemies(ship)]
        now = [o for o in shots if isinstance(o, AttackOption)]
        if now:
            shot = max(now, key=lambda o: self._attack_value(state, ship, o))
            gain = self._attack_value(state, ship, shot) - (self._attack_value(state, ship, target) if target else 0.0)
            return ActionChoice(REARM, weapon.upgrade_id, reason=f"rearm {weapon.name}: it fires at "
                                f"{state.ship(shot.defender).name} this round"), 1.0 + max(gain, 0.0)
        idle = target is None and threat < 3.0
        reason = f"rearm {weapon.name} for later" + (": nothing to shoot this round" if idle else "")
        return ActionChoice(REARM, weapon.upgrade_id, reason=reason), (0.9 if idle else 0.4) + 0.1 * weapon.attack

    def _threat_at(self, state: GameState, ship: ShipState, pose: Pose) -> float:
        """The enemies' attack dice at the ship standing at ``pose``, weighted by range band."""
        total = 0.0
        target = Placed(pose, ship.base)
        for enemy in state.enemies(ship):
            there = rules.placed(enemy)
            if beyond_range(there, target):  # beyond Range 3 in any arc: no threat (as arc_check would say)
                continue
            arc = FULL_CIRCLE if enemy.has_360_arc else (enemy.front_arc or 90.0)
            check = arc_check(there, target, arc)
            if check.in_arc and check.band is not None and check.band <= 3:
                total += RANGE_WEIGHT[check.band] * enemy.attack
        return total

    # --- combat ----------------------------------------------------------------------------
    def _attack_value(self, state: GameState, ship: ShipState, option: AttackOption) -> float:
        defender = state.ship(option.defender)
        n = rules.attack_dice(ship, option.weapon, option.band, explain=False).count
        m = rules.defense_dice(defender, ship, option.weapon is None, option.band, False, explain=False).count
        if ship.target_lock == defender.id and not (option.weapon and option.weapon.needs_target_lock):
            n_eff = n + n * 0.5 * 0.5  # rerolled blanks hit about half the time
        else:
            n_eff = float(n)
        damage = expected_damage(round(n_eff), m) + (0.25 * n if ship.battle_stations else 0.0)
        remaining: float = defender.shields + defender.hull - defender.hull_damage
        if rules.is_squadron(defender.class_name):  # one token per attack at most: damage past it is lost
            damage = min(damage, defender.shields + 1.0)
            remaining = defender.shields + 1 if remaining - defender.shields <= 1 else math.inf
        finish = 1.5 if damage >= remaining else 0.0
        # a disabled weapon costs an action to re-arm; one with Time Tokens waits, no action needed
        spend = 0.0 if option.weapon is None else 0.2 if option.weapon.time else 0.4
        card, _ = weapon_card(state, ship, option)  # the weapon card's text (Magnetic Pulse, Concussive Charges)
        return damage + finish - spend + card + 0.01 * defender.cost / 10

    def _best_attack(self, state: GameState, ship: ShipState, options: list[AttackOption]) -> AttackOption | None:
        valued = self._best_valued(state, ship, options)
        return None if valued is None else valued[0]

    def _best_valued(self, state: GameState, ship: ShipState, options: list[AttackOption]
                     ) -> tuple[AttackOption, float] | None:
        """The attack worth most (ties: the greatest weapon key, then defender id) and its value."""
        if not options:
            return None
        value, best = max(((self._attack_value(state, ship, o), o) for o in options),
                          key=lambda vo: (vo[0], vo[1].weapon_key, vo[1].defender))
        return best, value

    def attack(self, state: GameState, ship: ShipState, options: list[AttackOption]
               ) -> tuple[AttackOption | None, str]:
        valued = self._best_valued(state, ship, options)  # (its value is the reason's: not worked out twice)
        if valued is None:
            return None, "no target in arc and range"
        best, value = valued
        defender = state.ship(best.defender)
        weapon = "primary weapon" if best.weapon is None else best.weapon.name
        _, card = weapon_card(state, ship, best)
        # a score, not the damage it expects: rough dice, a bonus for finishing the ship, the weapon's
        # price; the exact odds follow in the log (``attack_odds``) and a reason must not contradict them
        return best, f"{weapon} at {defender.name} (range {best.band}): its best attack (score {value:.1f})" + (
            f" ({card})" if card else "")

    def keep_cloak(self, state: GameState, ship: ShipState) -> bool:
        return self._threat(state, ship) > 0


def _touches(obstacle: Obstacle, prepared: PreparedGeometry, corners: list[tuple[float, float]],
             template: tuple[float, float, float] | None, ship: ShipState, maneuver: Maneuver) -> bool:
    """Template (``template``: the circle around it, None without one) or final base on the
    obstacle (``crossing.touches``)."""
    return touches(obstacle, prepared, corners, template, ship.pose, maneuver, ship.base)


def _gap_pose(a: Pose, b: Pose) -> float:
    return math.hypot(a.x - b.x, a.y - b.y)


def _gap(a: ShipState, b: ShipState) -> float:
    return math.hypot(a.pose.x - b.pose.x, a.pose.y - b.pose.y)

"""Additional maneuvers from cards (an "Action:" that moves the ship again: Gul Ranor, In'cha, Jadzia
Dax, Engage): the maneuvers a card offers and their colours, how the seat names one, and which one is
worth most to the AI (``best``), judged on the table's own geometry (``movement.resolve_move``).

Tournament rulings 48 and 50: a maneuver a card names may be performed even if the ship's dial lacks
it, then as a white maneuver; a maneuver on the dial keeps its dial colour. The engine performs it
through the game's ``extra_maneuver`` (templates, bumps, obstacles and fleeing as for any maneuver).
"""

from __future__ import annotations

from dataclasses import replace

from engine.errors import GeometryError
from engine.geometry.pose import Pose, normalize_heading
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities.model import Effect
from engine.rulesets.attack_wing.maneuvers import Maneuver
from engine.rulesets.attack_wing.movement import ShipBase, Table, resolve_move
from engine.rulesets.attack_wing.odds import odds_for
from engine.rulesets.attack_wing.players import AbilityUse
from engine.rulesets.attack_wing.state import GameState, ShipState

DAMAGE_VALUE = 1.6  # a point of expected damage dealt or spared (advice.DAMAGE_VALUE's scale)
THREAT_SHARE = 0.5  # enemies still to move or choosing other targets: half their fire counts
OBSTACLE = 2.5  # ending on or crossing an obstacle: a die of damage (the AI's dial planning's figure)
RED = 0.5  # a red maneuver's auxiliary power token (advice.AUX_POWER)


# "Come About (reverse direction)" with no speed: the ship turns 180 degrees where it stands, performed
# as two of the dial's 90-degree rotations (a square base covers the same ground after each)
REVERSE = Maneuver("right-90-degree-rotate", 0)


RAM = Maneuver("straight", 1)  # Suicide Attack's maneuver at the end of the Activation Phase


def reversed_pose(pose: Pose) -> Pose:
    """Where the ship stands after coming about in place: the same square, heading turned 180 degrees."""
    return Pose(pose.x, pose.y, normalize_heading(pose.heading + 180.0))


def label(maneuver: Maneuver) -> str:
    """How the seat names a maneuver among an offer's choices: "2_straight", "1_left_bank" (the
    notation's ``choosing 2 straight`` reads back to it)."""
    return str(maneuver).replace(" ", "_").replace("-", "_")


def offered(ship: ShipState, effect: Effect) -> tuple[tuple[Maneuver, str], ...]:
    """(maneuver, colour) of every maneuver the card lets the ship perform now."""
    if effect.maneuvers:
        out = []
        for kind, speed in effect.maneuvers:
            try:
                colour = rules.maneuver_colour(ship, kind, speed)
            except KeyError:  # not on its dial: a white maneuver the card provides (tournament ruling 48)
                colour = "white"
            out.append((Maneuver(kind, speed), colour))
        return tuple(out)
    return tuple((m, c) for m, c in rules.dial_options(ship) if not effect.colours or c in effect.colours)


def choices(ship: ShipState, effect: Effect) -> tuple[str, ...]:
    return tuple(label(m) for m, _ in offered(ship, effect))


def find(ship: ShipState, effect: Effect, choice: str) -> tuple[Maneuver, str] | None:
    """The maneuver and colour a choice names, or None when the card does not offer it."""
    return next(((m, c) for m, c in offered(ship, effect) if label(m) == choice), None)


def table_of(state: GameState, ship: ShipState, template: Table | None = None) -> Table:
    """What the ship's base meets: the other ships in play, and ``template``'s obstacles, planets
    and play area (the policy, which does not see them, assumes an open 3 ft table)."""
    others = [ShipBase(s.id, rules.placed(s)) for s in state.in_play() if s.id != ship.id]
    base = template or Table()
    return Table(others, base.obstacles, base.planets, base.area)


def _offense(state: GameState, ship: ShipState) -> tuple[float, str]:
    """The expected damage of the ship's best attack from where it is, and on whom."""
    best, whom = 0.0, ""
    for option in rules.attack_options(state, ship):
        defender = state.ship(option.defender)
        value = odds_for(ship, defender, option.weapon, option.band, False).expected_damage
        if value > best + 1e-9:
            best, whom = value, defender.name
    return best, whom


def _threat(state: GameState, ship: ShipState) -> float:
    """The expected damage of every enemy's best attack that could be made at the ship."""
    total = 0.0
    for enemy in state.enemies(ship):
        at = [o for o in rules.attack_options(state, enemy) if o.defender == ship.id]
        if at:
            total += max(odds_for(enemy, ship, o.weapon, o.band, False).expected_damage for o in at)
    return total


def position(state: GameState, ship: ShipState, pose: Pose, attacks: bool = True) -> tuple[float, str]:
    """What the ship standing at ``pose`` is worth this round (its attack, less the fire it is
    under), and its words. ``attacks``: False when it may not attack this round (Jadzia Dax)."""
    moved = replace(ship, pose=pose)
    there = state.with_ship(moved)
    offense, whom = _offense(there, moved) if attacks else (0.0, "")
    threat = _threat(there, moved)
    words = [f"{whom} in arc ({offense:.1f} expected damage)"] if whom else []
    words.append(f"under {threat:.1f} of fire")
    return DAMAGE_VALUE * (offense - THREAT_SHARE * threat), ", ".join(words)


def score(state: GameState, ship: ShipState, maneuver: Maneuver, colour: str, table: Table,
          attacks: bool = True) -> tuple[float, str] | None:
    """What performing the maneuver from where the ship stands is worth (``position`` at its end,
    less an obstacle's die and a red maneuver's token) and why; None when the ship would flee."""
    try:
        move = resolve_move(ship.pose, maneuver, ship.base, table)
    except GeometryError:
        return None
    if move.fled:
        return None
    value, words = position(state, ship, move.end, attacks)
    notes = [words]
    if move.obstacles:
        value -= OBSTACLE
        notes.append(f"hits {move.obstacles[0]}")
    if colour == "red":
        value -= RED
        notes.append("red: auxiliary power")
    return value, f"{maneuver}: " + ", ".join(notes)


def best(state: GameState, ship: ShipState, effect: Effect, table: Table, attacks: bool = True
         ) -> tuple[str, float, str] | None:
    """The offered maneuver worth most (its label), what it gains over staying where the ship is,
    and why; None when every one would flee the battlefield."""
    here, _ = position(state, ship, ship.pose, attacks)
    found: tuple[str, float, str] | None = None
    for maneuver, colour in offered(ship, effect):
        scored = score(state, ship, maneuver, colour, table, attacks)
        if scored is not None and (found is None or scored[0] - here > found[1] + 1e-9):
            found = (label(maneuver), scored[0] - here, scored[1])
    return found


def changes(ship: ShipState, effect: Effect, current: Maneuver) -> tuple[tuple[Maneuver, str], ...]:
    """The maneuvers a card may change the revealed one into: those it offers, but the maneuver
    itself, and no red one under auxiliary power (rulings.md "Changed maneuvers")."""
    return tuple((m, c) for m, c in offered(ship, effect) if m != current and not (ship.aux_power and c == "red"))


def better(state: GameState, ship: ShipState, current: Maneuver, colour: str, options: tuple[tuple[Maneuver, str], ...],
           table: Table, price: float) -> tuple[str | None, str]:
    """The option worth more than the maneuver revealed by more than ``price`` (the card's cost), or
    None to keep it; and why."""
    kept = score(state, ship, current, colour, table)
    floor = kept[0] if kept is not None else -1000.0  # fleeing: any other maneuver is better
    found: tuple[str, float, str] | None = None
    for maneuver, c in options:
        scored = score(state, ship, maneuver, c, table)
        if scored is not None and scored[0] - floor > price + 1e-9 and (found is None or scored[0] > found[1] + 1e-9):
            found = (label(maneuver), scored[0], scored[1])
    if found is None:
        return None, f"keeps its {current}: no other maneuver gains more than the card's cost ({price:.2f})"
    return found[0], f"{found[2]} ({found[1] - floor:+.1f} over its {current}, card's cost {price:.2f})"


def attacks_after(effect: Effect) -> bool:
    """Whether the ship may still attack this round after the card's maneuver: a maneuver card that
    marks its own ship (``and_self``) does so for its rider that forbids the ship's attacks (Jadzia
    Dax: "you cannot attack this round")."""
    return not effect.and_self


def change_answer(state: GameState, ship: ShipState, effect: Effect, table: Table, price: float
                  ) -> AbilityUse | None:
    """Whether to change the revealed maneuver (Transwarp Drive, Nyota Uhura), and into which."""
    now = rules.revealed(ship)
    if now is None:
        return None
    choice, why = better(state, ship, now[0], now[1], changes(ship, effect, now[0]), table, price)
    return None if choice is None else AbilityUse(choice=choice, reason=why)


# --- after the ship's own maneuver (window "after_move", not actions) ---------------------------

def granted_to(state: GameState, owner: ShipState, effect: Effect) -> tuple[str, ...]:
    """The friendly ships a "grant_action" card may choose: within ``reach`` of its ship, of a lower
    Captain Skill, not under auxiliary power (no actions at all, rulebook "Auxiliary Power")."""
    skill = rules.skill_in_effect(owner)
    return tuple(s.id for s in state.in_play(owner.side) if s.id != owner.id and not s.aux_power
                 and rules.skill_in_effect(s) < skill and rules.band_between(owner, s) in effect.reach)


def grant_choice(state: GameState, ships: tuple[str, ...]) -> tuple[str, str]:
    """The policy's ship for a free action: one with an attack to make (a target lock or battle
    stations helps it most), else the first; and why."""
    armed = [s for s in ships if rules.attack_options(state, state.ship(s))]
    pick = (armed or list(ships))[0]
    return pick, f"{state.ship(pick).name} " + ("has a target: a free action helps its attack" if armed
                                                else "is the friend within reach")


def repair_options(ship: ShipState) -> tuple[str, ...]:
    """What a "repair 1 damage to your Hull or Shields" may repair now: "hull" with a damage card
    beside the ship, "shields" with a destroyed shield."""
    return tuple(o for o, can in (("hull", bool(ship.damage)),
                                  ("shields", ship.shields + ship.shields_disabled < ship.shields_max)) if can)


def repair_choice(ship: ShipState, options: tuple[str, ...]) -> tuple[str, str]:
    """The policy's repair and why: a face-up damage card first (its effect goes with it), else a
    shield (it stops the next hit as a hull point would), else a face-down card."""
    if "hull" in options and any(c.face_up for c in ship.damage):
        card = next(c for c in ship.damage if c.face_up).key.replace("_", " ")
        return "hull", f"repair the face-up {card}"
    if "shields" in options:
        return "shields", "repair a shield: it stops the next hit"
    return options[0], "repair a face-down damage card"

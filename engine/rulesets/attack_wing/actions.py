"""The Perform Action step: whether the ship has one, the actions it may choose, and for every
action or target refused, the rule that refuses it (``refusals``).

One source for the engine (``Game.perform_action`` offers ``action_options`` and checks a choice
with ``action_refusal``), the AI (it picks among the options) and the notation check (it reports
the refusal of a line's action). The sensor echo's legal end poses depend on the table, so the
caller passes them in (``EchoPoses``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.geometry.pose import Pose
from engine.hooks import Hook
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.damage import CARDS_BY_KEY
from engine.rulesets.attack_wing.measure import beyond_range, distance
from engine.rulesets.attack_wing.refusals import SKIP_CAUSES, Refusal, refuse
from engine.rulesets.attack_wing.state import GameState, ShipState

# A card may let its ship perform the Cloak action with no active shield: the card abilities give
# this test as they load (``abilities.cloak``); the rules here read no card.
CLOAKS_ANYWAY: Hook[[GameState, ShipState], bool] = Hook(
    "a card lets the ship cloak with no active shield", "engine.rulesets.attack_wing.abilities")

REARM = "rearm"  # remove a Disabled Token from an upgrade card (its weapon fires again)
REMOVE_MUON = "remove_muon"  # spend the action to remove a Muon Token (after a green or white maneuver)
REPAIR = "repair"
EchoPoses = Callable[[ShipState], tuple[tuple[Pose, int], ...]]


@dataclass(frozen=True, slots=True)
class ActionChoice:
    """An action and, where it needs one, its target (a ship id, a damage card index, a weapon's
    upgrade id; a pose for sensor echo)."""

    action: str  # "pass" for none
    target: str | None = None
    echo: tuple[Pose, int] | None = None  # sensor echo end pose and template speed
    reason: str = ""


@dataclass(frozen=True, slots=True)
class ActionOption:
    action: str
    # target lock: lockable ships; regenerate, repair: damage card indices; rearm: weapon upgrade ids
    targets: tuple[str, ...] = ()
    echoes: tuple[tuple[Pose, int], ...] = ()  # sensor echo: legal end poses (sampled) and speeds


# --- is there a Perform Action step at all ----------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Moved:
    """What the ship's maneuver met, as far as its action goes (``movement.MoveResult``'s facts)."""

    kind: str
    bumped: Sequence[str] = ()
    planets: Sequence[str] = ()
    obstacles: Sequence[str] = ()


def movement_refusal(state: GameState, ship: ShipState, moved: Moved) -> Refusal | None:
    """The maneuver's reason to skip the Perform Action step: the obstacles it touched, else a
    planet backed off, else an overlapped ship. Not an overlap: a spin's (tournament "Spin
    Maneuver"), or a large base's on ships of Hull 6 or lower only (tournament "Large Ships
    Overlapping Small Ships")."""
    if moved.obstacles:  # one die for the maneuver, however many obstacles (rulings.md)
        names = " and ".join(moved.obstacles)
        return refuse("obstacle", f"{who(ship)} moved onto {names}", cause=f"hit {names}")
    if moved.planets:
        return refuse("planet", f"{who(ship)} backed off {moved.planets[0]}", cause=SKIP_CAUSES["planet"])
    if moved.bumped and not moved.kind.endswith("spin"):
        small = ship.base == "large" and all(state.ship(s).hull <= 6 for s in moved.bumped)
        if not small:
            return refuse("overlap", f"{who(ship)} overlapped {', '.join(who(state.ship(s)) for s in moved.bumped)}",
                          cause=SKIP_CAUSES["overlap"])
    return None


def action_step_refusal(ship: ShipState, moved: Refusal | None, aux_power: bool = True) -> Refusal | None:
    """Why the ship performs no action this round, if it does not: auxiliary power first (unless
    ``aux_power`` is False: an Enemy AI ship's action removes it), then the maneuver's reason, then
    a face-up Communications Failure (which the engine then flips)."""
    if aux_power and ship.aux_power:
        return refuse("auxiliary-power", f"{who(ship)} has an auxiliary power token",
                      cause=SKIP_CAUSES["auxiliary-power"])
    if moved is not None:
        return moved
    if ship.face_up("communications_failure"):
        return refuse("communications-failure", f"{who(ship)} has Communications Failure face up",
                      cause=SKIP_CAUSES["communications-failure"])
    return None


# --- which actions ----------------------------------------------------------------------------------

def _label(action: str) -> str:
    return action.replace("_", " ")


def who(ship: ShipState) -> str:
    """A ship as a refusal names it: id and name."""
    return f"{ship.id} ({ship.name})"


def _repairable(ship: ShipState) -> tuple[str, ...]:
    return tuple(str(i) for i, c in enumerate(ship.damage) if c.face_up and CARDS_BY_KEY[c.key].repairable)


def _disabled_upgrades(ship: ShipState) -> tuple[str, ...]:
    """Upgrades with a Disabled Token: weapons fired, cards an ability disabled (not discarded)."""
    weapons = [w.upgrade_id for w in ship.weapons if w.disabled and w.upgrade_id not in ship.cards_discarded]
    cards = [c for c in ship.cards_disabled if c not in weapons and c not in ship.cards_discarded]
    return (*weapons, *cards)


def lock_refusal(state: GameState, ship: ShipState, target: ShipState) -> Refusal | None:
    """Why ``ship`` may not acquire a target lock on ``target`` (rulebook "Acquire a Target Lock":
    Range 1-3 all round, not cloaked for more than one round), or None."""
    me, them = who(ship), who(target)
    if target.side == ship.side:
        return refuse("target-lock", f"{me} cannot target lock {them}, a ship of its own side")
    if target.destroyed:
        return refuse("target-lock", f"{them} is no longer in play")
    if ship.target_lock == target.id:
        return refuse("target-lock", f"{me} already holds a target lock on {them}")
    if target.cloak_beside:
        return refuse("target-lock", f"{them} has been cloaked since an earlier round: it cannot be target locked")
    d = distance(rules.placed(ship), rules.placed(target))
    if d > P.RANGE_BAND_EDGES_MM[-1] + 1e-9:
        return refuse("target-lock", f"{them} is beyond Range 3 of {me} ({d:.0f} mm): a target lock needs "
                      "Range 1-3")
    return None


def _judge(state: GameState, ship: ShipState, action: str, echoes: EchoPoses | None) -> ActionOption | Refusal:
    """One action: the option (with its targets) when the rules allow it now, else the refusal."""
    me, label = who(ship), _label(action)
    if action == REARM:  # any ship, not on the Action Bar (rulebook "Disabling Upgrade Cards")
        if REARM in ship.actions_done:  # tournament rule 54: once per round
            return refuse("action-once", f"{me} already removed a Disabled Token this round")
        weapons = _disabled_upgrades(ship)
        return ActionOption(REARM, weapons) if weapons else refuse(
            "disabled-upgrade", f"{me} has no disabled upgrade card")
    if action == REPAIR:
        if REPAIR in ship.actions_done:
            return refuse("action-once", f"{me} already performed repair this round")
        cards = _repairable(ship)
        return ActionOption(REPAIR, cards) if cards else refuse(
            "repair", f"{me} has no face-up damage card that an action repairs")
    if action not in ship.actions:
        bar = ", ".join(_label(a) for a in ship.actions) or "nothing"
        return refuse("action-bar", f"{me} has no {label} action on its Action Bar (it has {bar})")
    if action in ship.actions_done:
        return refuse("action-once", f"{me} already performed {label} this round")
    if action in ("target_lock", "scan") and ship.face_up("damaged_sensor_array"):
        return refuse("damaged-sensors", f"{me} has Damaged Sensor Array face up: no Target Lock or Scan actions")
    if action == "target_lock":
        # an enemy beyond_range proves beyond Range 3 is refused by lock_refusal too: its exact
        # distance (only worded in the refusal) is not measured for the list of targets
        here = rules.placed(ship)
        targets = tuple(e.id for e in state.enemies(ship)
                        if not beyond_range(here, rules.placed(e)) and lock_refusal(state, ship, e) is None)
        return ActionOption(action, targets) if targets else refuse(
            "target-lock", f"{me} has no enemy ship within Range 1-3 to target lock")
    if action == "cloak":
        if ship.cloaked:
            return refuse("cloak", f"{me} is already cloaked")
        return ActionOption(action) if ship.shields > 0 or CLOAKS_ANYWAY(state, ship) else refuse(
            "cloak", f"{me} needs an active shield to cloak")
    if action == "sensor_echo":
        if not ship.cloaked:
            return refuse("sensor-echo", f"{me} is not cloaked: only a cloaked ship can sensor echo")
        poses = echoes(ship) if echoes is not None else ()
        return ActionOption(action, echoes=poses) if poses else refuse(
            "sensor-echo", f"{me} has no legal sensor echo position")
    if action == "regenerate":
        cards = tuple(str(i) for i in range(len(ship.damage)))
        return ActionOption(action, cards) if cards else refuse("regenerate", f"{me} has no damage card to regenerate")
    return ActionOption(action)


def action_options(state: GameState, ship: ShipState, echoes: EchoPoses | None = None) -> list[ActionOption]:
    """Every action the ship may perform now (rulebook "Actions"); "pass" is always one. The Action
    Bar's in order, then repair and rearm, which any ship may perform."""
    out = [ActionOption("pass")]
    for action in (*ship.actions, REPAIR, REARM):
        judged = _judge(state, ship, action, echoes)
        if isinstance(judged, ActionOption):
            out.append(judged)
    if ship.muon and ship.revealed is not None and ship.revealed[2] in ("green", "white"):
        out.append(ActionOption(REMOVE_MUON))  # Muon Token reference: after a green or white maneuver
    return out


def action_refusal(state: GameState, ship: ShipState, choice: ActionChoice,
                   options: Sequence[ActionOption]) -> Refusal | None:
    """Why the rules refuse ``choice`` given the ``options`` offered, or None when it is one of them.
    A sensor echo position not among the sampled ones is checked by the caller (it needs the table)."""
    if choice.action == "pass":
        return None
    option = next((o for o in options if o.action == choice.action), None)
    if option is None:
        judged = _judge(state, ship, choice.action, None)
        if isinstance(judged, Refusal):
            return judged
        return refuse("action-bar", f"{who(ship)} cannot perform {_label(choice.action)} now")
    if choice.action == "target_lock":
        if choice.target in option.targets:
            return None
        try:
            target = state.ship(choice.target or "")
        except KeyError:
            return refuse("target-lock", f"{who(ship)}: there is no ship {choice.target!r} to target lock")
        return lock_refusal(state, ship, target) or refuse(
            "target-lock", f"{who(ship)} cannot target lock {who(target)} now")
    if option.targets and choice.target not in option.targets:
        rule = {"regenerate": "regenerate", REPAIR: "repair", REARM: "disabled-upgrade"}.get(choice.action,
                                                                                             "action-bar")
        return refuse(rule, f"{who(ship)}: {_label(choice.action)} takes one of {', '.join(option.targets)}, "
                      f"not {choice.target!r}")
    return None

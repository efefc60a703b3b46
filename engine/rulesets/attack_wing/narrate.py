"""Events as readable lines for the event log panel, captions and `trek replay dump`.

``describe(event, state)`` takes the state *before* the event, for ship names.
"""

from __future__ import annotations

import re

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.state import GameState

PHASES = {"setup": "Setup", "planning": "Planning", "activation": "Activation", "combat": "Combat",
          "end": "End", "over": "Game over"}
# a card's choice that is an Action the card lets its ship perform for free
FREE_ACTIONS = frozenset({"scan", "evade", "battle_stations", "target_lock", "evasive_maneuvers", "cloak",
                          "sensor_echo"})
FACES = {"hit": "hit", "crit": "crit", "battle_stations": "bs", "blank": "blank", "evade": "evade",
         "double_hit": "double hit"}
# one die said alone (an obstacle's or Console Fire's roll): its face in full, not the dice lines' short form
FACE_NAMES = {**FACES, "crit": "critical hit", "battle_stations": "battle stations"}


def card_name(card_id: str) -> str:
    """A card's name (``abilities.registry.card_name``). The card abilities load at the first name
    asked, as a game's events are told, not when a replay's presenter loads."""
    from engine.rulesets.attack_wing.abilities.registry import card_name as name

    return name(card_id)


def _name(state: GameState, ship_id: str | None) -> str:
    if ship_id is None:
        return "?"
    try:
        return state.ship(ship_id).name
    except KeyError:
        return ship_id


def _weapon_name(state: GameState, ship_id: str, weapon: str) -> str:
    try:
        return next((w.name for w in state.ship(ship_id).weapons if w.upgrade_id == weapon), weapon)
    except KeyError:
        return weapon


def _damage_card(card: str) -> str:
    """A damage card by its title ("direct_hit" -> "Direct Hit"), as a face-up card is said."""
    return card.replace("_", " ").title()


def maneuver_name(kind: str, speed: int) -> str:
    if kind == "straight" and speed < 0:
        return f"{-speed} full astern"
    if kind == "about":
        return f"{speed} come about"
    if speed == 0:
        return kind.replace("-", " ")
    side, _, rest = kind.partition("-")
    return f"{speed} {rest} {side}" if rest else f"{speed} {kind}"


def percentile_name(p: float) -> str:
    """0.64 -> "64th percentile" (how lucky a roll was; 50th is average)."""
    k = min(max(round(p * 100), 0), 100)
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix} percentile"


def a_percentile(p: float) -> str:
    """0.64 -> "a 64th percentile", 0.08 -> "an 8th percentile" (said "eighth", "eleventh", "eighty")."""
    k = min(max(round(p * 100), 0), 100)
    return f"{'an' if k in (8, 11, 18) or 80 <= k <= 89 else 'a'} {percentile_name(p)}"


def choice_text(choice: str, state: GameState) -> str:
    """A card's recorded choice in words: ship ids and card ids by name ("1 at A1 4 at A2" ->
    "1 at U.S.S. Enterprise 4 at U.S.S. Excelsior", "ability:3032:0" -> "Montgomery Scott")."""
    words = []
    for word in choice.split(" "):
        if word.startswith("ability:"):
            word = word.split(":")[1]
        if word.isdigit():
            words.append(card_name(word))
        elif any(s.id == word for s in state.ships):
            words.append(_name(state, word))
        else:
            words.append(word.replace("_", " "))
    return " ".join(words)


def named(text: str, state: GameState) -> str:
    """``text`` (a seat's reason) with the ships' ids in it by name ("1 at A1 4 at A2")."""
    ids = {s.id: s.name for s in state.ships}
    return re.sub(r"\b[A-Za-z]+\d+\b", lambda m: ids.get(m.group(0), m.group(0)), text) if ids else text


def describe(event: ev.Event, state: GameState) -> str:
    """One line of what happened."""
    n = _name(state, getattr(event, "ship", None))
    e = event
    if isinstance(e, ev.GameStarted):
        return f"Game starts: {len(e.ships)} ships, {e.round_limit} rounds"
    if isinstance(e, ev.ShipPlaced):
        return f"{n} deployed at ({e.pose.x:.0f}, {e.pose.y:.0f}) facing {e.pose.heading:.0f}"
    if isinstance(e, ev.RoundStarted):
        return f"Round {e.round} begins"
    if isinstance(e, ev.PhaseStarted):
        return f"{PHASES[e.phase]} phase"
    if isinstance(e, ev.DialSet):
        return f"{n} sets its dial"
    if isinstance(e, ev.ShipActivated):
        return f"{n} is active"
    if isinstance(e, ev.ManeuverRevealed):
        text = f"{n} reveals {maneuver_name(e.kind, e.speed)} ({e.colour})"
        return text + ": red under auxiliary power, a damage card and a white 2 straight" if e.replaced else text
    if isinstance(e, ev.ShipMoved):
        parts = [f"{n} {maneuver_name(e.kind, e.speed)}"]
        if e.changed_from:
            parts.append(f"(a {maneuver_name(*e.changed_from)} that overlapped)")
        if e.bumped:
            parts.append(f"bumps {', '.join(_name(state, b) for b in e.bumped)}")
        if e.obstacles:
            parts.append(f"hits {', '.join(e.obstacles)}")
        if e.planets:
            parts.append(f"backs off {', '.join(e.planets)}")
        if e.fled:
            parts.append("and flees the battlefield")
        return " ".join(parts)
    if isinstance(e, ev.ShipNudged):
        return f"{n} placed by the players at ({e.end.x:.0f}, {e.end.y:.0f}) facing {e.end.heading:.0f}: {e.reason}"
    if isinstance(e, ev.TokensChanged):
        what = "auxiliary power" if e.token == "aux_power" else e.token.replace("_", " ")
        # the ship's own action of the token's name ("battle_stations") says nothing more: no cause
        cause = "" if e.cause == e.token else f" ({e.cause.replace('_', ' ')})"
        return f"{n} {'gains' if e.delta > 0 else 'loses'} {abs(e.delta)} {what} token{'s' * (abs(e.delta) > 1)}{cause}"
    if isinstance(e, ev.ActionPerformed):
        if e.action == "pass":
            return f"{n} takes no action" + (f": {e.reason}" if e.reason else "")
        target = f" on {_name(state, e.target)}" if e.target else ""
        did = f"{choice_text(e.action, state)}{target}"  # a card's Action ("ability:3072:0") by its name
        why = e.reason.removeprefix(did).lstrip(":").strip() if e.reason.startswith(did) else e.reason
        why = named(why, state)
        return f"{n}: {did}" + (f" ({why})" if why else "")  # (the reason's own "target lock on X:" said once)
    if isinstance(e, ev.ActionSkipped):
        return f"{n} skips its action: {e.cause}"
    if isinstance(e, ev.TargetLockAcquired):
        return f"{n} locks {_name(state, e.target)}"
    if isinstance(e, ev.TargetLockRemoved):
        return f"{n}'s target lock is gone ({e.cause})"
    if isinstance(e, ev.CloakChanged):
        return f"{n} cloak: {e.cloak}" + (" (kept)" if e.beside else "") + f" ({e.cause})"
    if isinstance(e, ev.ShieldsChanged):
        return f"{n} shields: {e.active} active, {e.disabled} disabled ({e.cause})"
    if isinstance(e, ev.SensorEcho):
        return f"{n} sensor echo with the {e.speed} template"
    if isinstance(e, ev.DamageRepaired):
        return f"{n} {'flips a damage card face down' if e.flipped else 'repairs a damage card'} ({e.cause})"
    if isinstance(e, ev.ShieldsRepaired):
        return f"{n} repairs {e.amount} shield{'s' if e.amount > 1 else ''} ({e.cause})"
    if isinstance(e, ev.CardDisabled):
        return f"{n}'s {e.card} is disabled ({e.cause})"
    if isinstance(e, ev.CardDiscarded):
        return f"{n}'s {card_name(e.card)} is discarded ({e.cause})"
    if isinstance(e, ev.UpgradeTaken):
        return f"{n} takes {card_name(e.card)} from {_name(state, e.source)} ({e.cause})"
    if isinstance(e, ev.DamageCardsDrawn):
        drawn = " and ".join(_damage_card(c) for c in e.drawn)
        return f"{card_name(e.card)} draws {drawn} for {n}: {_damage_card(e.kept)} is placed, the other discarded"
    if isinstance(e, ev.CardEnabled):
        return f"{n}'s {e.card} is no longer disabled ({e.cause})"
    if isinstance(e, ev.TimeTokensRemoved):
        return f"{n}: a time token comes off {', '.join(e.cards)}"
    if isinstance(e, ev.ObstacleRolled):
        return f"{n} rolls for {e.obstacle}: {FACE_NAMES.get(e.face, e.face)}"
    if isinstance(e, ev.MinePlaced):
        return f"{n} places minefield {e.mine}"
    if isinstance(e, ev.MineTriggered):
        return f"Minefield {e.mine} ({e.card_name}) attacks {n}, no defense dice: {' '.join(FACES[f] for f in e.faces)}"
    if isinstance(e, ev.ConsoleFireRolled):
        return f"{n} rolls for Console Fire: {FACE_NAMES.get(e.face, e.face)}"
    if isinstance(e, ev.DamageDeckReshuffled):
        return f"The damage deck ran out: {len(e.deck)} discarded cards shuffled into a new deck"
    if isinstance(e, ev.AttackDeclared):
        obstructed = ", obstructed" if e.obstructed else ""
        return f"{n} fires {e.weapon_name} at {_name(state, e.defender)}, range {e.range_band}{obstructed}"
    if isinstance(e, ev.AttackOdds):
        return (f"Odds for {n} against {_name(state, e.defender)}: {e.expected:.1f} damage expected, "
                f"{e.p_damage:.0%} to hit, {e.p_crit:.0%} to crit")
    if isinstance(e, ev.DiceRolled):
        return f"{n} rolls {len(e.faces)} {e.kind} dice: {' '.join(FACES[f] for f in e.faces) or 'none'}"
    if isinstance(e, ev.DiceRerolled):
        return f"{n} rerolls {len(e.indices)} ({e.cause}): {' '.join(FACES[f] for f in e.faces)}"
    if isinstance(e, ev.DiceConverted):
        dice = "1 die" if len(e.indices) == 1 else f"{len(e.indices)} dice"
        if e.to == "blank":  # a result canceled by the other side's card (compare step)
            return f"{e.cause} cancels {dice} of {n}'s {e.kind} roll"
        return f"{n} turns {dice} to {e.to} ({e.cause})"
    if isinstance(e, ev.DieAdded):
        return f"{n} adds a {e.face} ({e.cause})"
    if isinstance(e, ev.WeaponDisabled):
        weapon = card_name(e.weapon)  # the weapon's card by name (Forward Weapons Grid, Photon Torpedoes)
        if e.discard:
            return f"{n} discards {weapon} to fire it"
        return f"{n} places {e.time} time tokens on {weapon}" if e.time else f"{n} disables {weapon}"
    if isinstance(e, ev.SquadronTokenLost):
        return f"{n} loses an Attack Squadron Token ({e.cause})"
    if isinstance(e, ev.WeaponEnabled):
        return f"{n} removes the Disabled Token from {_weapon_name(state, e.ship, e.weapon)}"
    if isinstance(e, ev.AttackResolved):
        luck = "" if e.percentile is None else f" ({a_percentile(e.percentile)} roll)"
        if not e.hits and not e.crits:
            return f"{_name(state, e.defender)} evades everything{luck}"
        # the results as dealt and the damage in all, as the dice strip says it ("0 damage, 1 critical"
        # read as no damage beside a panel saying 1; "3 damage, 1 critical" as 3 beside its "4 damage")
        said = [f"{n} {word}{'' if n == 1 else 's'}" for n, word in ((e.hits, "hit"), (e.crits, "critical hit")) if n]
        return f"{_name(state, e.defender)} is hit: {' and '.join(said)}, {e.hits + e.crits} damage{luck}"
    if isinstance(e, ev.AttackSkipped):
        return f"{n} does not attack: {e.cause}"
    if isinstance(e, ev.DamageDealt):
        if e.to == "shield":
            return f"{n} loses a shield"
        card = _damage_card(e.card or "")
        return f"{n} takes a damage card" + (f", face up: {card}" if e.face_up else "")
    if isinstance(e, ev.ShipDestroyed):
        if not e.removed:
            return f"{n} is destroyed but fires first"
        if e.fled:
            return f"{n} is out of play: it fled the battlefield"
        cause = e.cause.removeprefix("destroyed").strip(" ():")  # "destroyed (after firing)": said once
        return f"{n} is destroyed" + (f" ({cause})" if cause else "")
    if isinstance(e, ev.AbilityUsed):
        on = f" on {_name(state, e.subject)}" if e.subject else ""
        # "free" only for an Action the card gives (a maneuver, a ship, a card chosen are said as such)
        free = ": free " if e.window == "free_action" or e.choice in FREE_ACTIONS else ": "
        free += choice_text(e.choice, state) if e.choice else ""
        free = free if e.choice and e.choice != e.subject else ""  # the ship chosen is said once
        # the seat's reason, unless it only repeats the card's summary (a card used whenever it may)
        why = f" ({named(e.reason, state)})" if e.reason and e.reason != "always applies" \
            and e.reason not in e.summary else ""
        return f"{n} uses {e.card_name}{on}{free}: {e.summary}{why}"
    if isinstance(e, ev.RoundEnded):
        return f"Round {e.round} ends"
    if isinstance(e, ev.GameEnded):
        return f"{e.reason}; fleet points {e.points[0]} to {e.points[1]}"
    return e.type


def log_line(event: ev.Event, state: GameState) -> str:
    """``R3 Activation: ...``: the line for the event log panel."""
    return f"R{event.round} {PHASES[event.phase]}: {describe(event, state)}"

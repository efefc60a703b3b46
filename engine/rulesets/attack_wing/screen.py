"""What the screen says around the table during an Attack Wing replay: the records of
``engine.view`` that the HUD, the director and the cards draw, built once from the events and
the state so that every number and sentence on screen has one source.

- the dice of the attack, face by face, with how each die came to be (:func:`dice_view`),
  their tally and the odds line; the header's reason for an attack quotes the same odds;
- the header (who acts, on whom, and that ship's own reason), the round and phase labels and
  the banner while a round or phase starts;
- a panel per ship that has arrived (typed tokens, damage cards, how it stands);
- what the director frames from each event on (:func:`focus_views`);
- the title and end cards (:func:`title_card`, :func:`end_card`): what the points are, how
  each ship ended (destroyed, fled, retreated).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, Final

from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing.maneuvers import Maneuver, maneuver_path, template_outline
from engine.rulesets.attack_wing.measure import Placed, line_of_fire, measure
from engine.rulesets.attack_wing.narrate import PHASES, a_percentile, card_name
from engine.rulesets.attack_wing.state import AttackState, GameState, ShipState
from engine.view import (
    BannerView,
    BaseSize,
    BaseView,
    CardView,
    DiceView,
    DieMark,
    DieView,
    EffectView,
    FleetCardView,
    FocusView,
    HeaderView,
    PanelView,
    Point,
    RulerView,
    ShipLineView,
    ShipStatus,
    TokenView,
)
from engine.view_alliance import DecisionView
from engine.view_attack_wing import OddsView

GAME_NAME: Final = "Star Trek: Attack Wing"
ROUND_PHASES: Final = ("planning", "activation", "combat", "end")
ELITE_LABEL: Final = "Elite Attack Die"  # the die among the attack dice (resource 4001): the card's
# own name, so the legend that numbers it does not name the card again among the attack's cards


# --- dice ----------------------------------------------------------------------------------------

def dice_view(events: Sequence[Any], start: int, i: int, progress: float, attack: AttackState,
              odds: OddsView | None) -> DiceView:
    """The dice of ``attack`` after event ``i`` (the attack was declared at ``start``), each with
    how it came to be (rerolled, converted, added) and whether event ``i`` is rolling or changing
    it now (``progress`` < 1)."""
    faces = {"attack": attack.attack_dice, "defense": attack.defense_dice}
    marks: dict[str, list[DieMark]] = {k: [""] * len(v) for k, v in faces.items()}
    by: dict[str, list[str]] = {k: [""] * len(v) for k, v in faces.items()}
    fresh: dict[str, set[int]] = {"attack": set(), "defense": set()}
    cards: list[str] = []
    for j in range(max(start, 0), i + 1):
        e = events[j]
        now = j == i and progress < 1.0
        if isinstance(e, ev.AbilityUsed) and e.card_name not in cards:
            cards.append(e.card_name)
        if isinstance(e, ev.DiceRolled):
            marks[e.kind] = [""] * len(marks[e.kind])
            by[e.kind] = [""] * len(by[e.kind])
            if now:
                fresh[e.kind] = set(range(len(e.faces)))
        elif isinstance(e, ev.DiceRerolled | ev.DiceConverted):
            what: DieMark = "rerolled" if isinstance(e, ev.DiceRerolled) else "converted"
            for k in e.indices:
                if k < len(marks[e.kind]):
                    marks[e.kind][k], by[e.kind][k] = what, e.cause
            if now:
                fresh[e.kind] = set(e.indices)
        elif isinstance(e, ev.DieAdded):
            n = len(marks[e.kind])
            if n and not marks[e.kind][n - 1]:
                marks[e.kind][n - 1], by[e.kind][n - 1] = "added", e.cause
            if now:
                fresh[e.kind] = {n - 1}
    # the state's rerolled flags also mark dice changed by a replay made elsewhere
    for kind, changed in (("attack", attack.attack_rerolled), ("defense", attack.defense_rerolled)):
        for k, flag in enumerate(changed[:len(marks[kind])]):
            if flag and not marks[kind][k]:
                marks[kind][k] = "rerolled"
    if attack.elite is not None and attack.elite < len(by["attack"]) and not by["attack"][attack.elite]:
        by["attack"][attack.elite] = ELITE_LABEL  # the HUD names the Elite Attack Die above it
    atk = tuple(DieView("attack", f, marks["attack"][k], k in fresh["attack"], by["attack"][k])
                for k, f in enumerate(faces["attack"]))
    dfn = tuple(DieView("defense", f, marks["defense"][k], k in fresh["defense"], by["defense"][k])
                for k, f in enumerate(faces["defense"]))
    return DiceView(atk, dfn, dice_tally(atk, dfn), odds_line(odds), tuple(cards))


def mine_dice_view(e: ev.MineTriggered, now: bool) -> DiceView:
    """A minefield's attack dice at the ship on it (no defense dice), under the minefield's name;
    ``now``: the mine's own event (its dice pulse as they roll)."""
    dice = tuple(DieView("attack", f, "", now) for f in e.faces)
    return DiceView(dice, (), dice_tally(dice, ()), "no defense dice", (f"{e.card_name} {e.mine}",),
                    attack_label="MINEFIELD")


def expected_text(odds: OddsView) -> str:
    """The expected damage as every line on screen writes it (the header and the dice panel)."""
    return f"{odds.expected:.1f} damage expected"


def odds_line(odds: OddsView | None) -> str:
    """The attack's odds: expected damage before the roll, how lucky it was once resolved."""
    if odds is None:
        return ""
    if odds.actual is not None and odds.percentile is not None:
        return f"{odds.actual} damage: {a_percentile(odds.percentile)} roll " \
               f"({expected_text(odds)})"
    return f"odds: {expected_text(odds)}, {chance_text(odds.p_damage)} chance of any"


def chance_text(p: float) -> str:
    """A probability in whole percent, never rounded into a certainty it is not: 0.9997 is ">99%"
    (it read "100%"), 0.0004 "<1%"; only 1 and 0 themselves are "100%" and "0%"."""
    if 0 < p < 0.005:
        return "<1%"
    if 0.995 <= p < 1:
        return ">99%"
    return f"{100 * p:.0f}%"


def dice_tally(attack: Sequence[DieView], defense: Sequence[DieView]) -> str:
    """``3 hits 1 crit vs 1 evade``: what the dice on the table add up to."""
    if not attack:
        return ""
    hits = sum(d.face == "hit" for d in attack) + 2 * sum(d.face == "double_hit" for d in attack)
    crits = sum(d.face == "crit" for d in attack)
    parts = [f"{hits} hit{'s' if hits != 1 else ''}"] + ([f"{crits} crit{'s' if crits != 1 else ''}"] if crits else [])
    text = " ".join(parts)
    if defense:
        evades = sum(d.face == "evade" for d in defense)
        text += f"  vs  {evades} evade{'s' if evades != 1 else ''}"
    return text


def attack_reason(declared: ev.AttackDeclared, defender: str, odds: OddsView | None, granted: str = "") -> str:
    """The header's reason during an attack: the weapon, the defender, the range and, when the
    log recorded them, the exact odds (the dice panel's numbers); else the attacker's own reason.
    ``granted``: the card that gave or divided this attack, said first ("another attack (Koranak)")."""
    granted = granted.removesuffix(f" ({declared.weapon_name})")  # the card is the weapon: named once
    lead = f"{granted}: " if granted else ""
    if odds is None:
        return lead + declared.reason
    obstructed = ", obstructed" if declared.obstructed else ""
    where = f"range {declared.range_band}{obstructed}"
    return f"{lead}{declared.weapon_name} at {defender} ({where}): {expected_text(odds)}"


def effect_views(event: Any, progress: float) -> tuple[EffectView, ...]:
    """The effects playing during ``event`` at ``progress``: a shield or hull hit as damage is
    dealt, a destruction; none once the event has finished (a screenshot at its end shows none)."""
    if event is None or not 0.0 <= progress < 1.0:
        return ()
    if isinstance(event, ev.DamageDealt):
        return (EffectView("shield_hit" if event.to == "shield" else "hull_hit", event.ship, progress),)
    if isinstance(event, ev.ShipDestroyed):
        return (EffectView("destroyed", event.ship, progress),)
    return ()


# --- the HUD's words -----------------------------------------------------------------------------

def round_labels(round_: int, phase: str, limit: int) -> tuple[str, str]:
    """The top-left box: ``ROUND 2 / 8`` and ``COMBAT PHASE`` (``SETUP`` and nothing before round 1)."""
    if round_ <= 0:
        return "SETUP", ""
    name = PHASES.get(phase, phase.title()).upper()
    return f"ROUND {round_}" + (f" / {limit}" if limit else ""), name + (" PHASE" if phase in ROUND_PHASES else "")


def banner_view(event: Any, limit: int) -> BannerView | None:
    """The big centred title while a round or a phase of it starts."""
    if isinstance(event, ev.RoundStarted):
        return BannerView(f"ROUND {event.round}", f"of {limit}" if limit else "")
    if isinstance(event, ev.PhaseStarted) and event.phase in ROUND_PHASES:
        return BannerView(f"ROUND {event.round}", f"{PHASES[event.phase].upper()} PHASE")
    return None


def header_view(state: GameState, ship_id: str | None, reason: str, defender: str | None = None) -> HeaderView | None:
    """The top centre: ``ship_id`` (and what it attacks) with its own reason."""
    if ship_id is None:
        return None
    ship = _find(state, ship_id)
    if ship is None:
        return None
    target = _find(state, defender) if defender else None
    if target is None:
        return HeaderView(ship.id, ship.name, ship.side, reason)
    return HeaderView(ship.id, ship.name, ship.side, reason, "attacks", target.id, target.name, target.side)


def token_views(ship: ShipState, names: Mapping[str, str]) -> tuple[TokenView, ...]:
    """The tokens beside a ship, typed (a target lock names the ship it is on)."""
    out = [TokenView(kind, n) for kind, n in (("evade", ship.evade), ("scan", ship.scan),
                                              ("battle_stations", ship.battle_stations),
                                              ("aux_power", ship.aux_power), ("muon", ship.muon),
                                              ("dampening", ship.dampening)) if n > 0]
    if ship.target_lock:
        out.append(TokenView("target_lock", 1, ship.target_lock, names.get(ship.target_lock, ship.target_lock)))
    if ship.cloaked:
        out.append(TokenView("cloak", 1, None, ship.cloak))
    for card in ship.cards_taken:  # an upgrade it took from another ship (Superior Intellect): "TOOK NAME"
        if card in ship.cards and card not in ship.cards_discarded:
            out.append(TokenView("taken", 1, None, f"TOOK {card_name(card)}"))
    return tuple(out)


def ship_status(ship: ShipState, retreated: Collection[str] = ()) -> ShipStatus:
    """How a ship stands: in play, destroyed, fled (off the table) or retreated (a mission's retreat)."""
    if not ship.destroyed:
        return "in_play"
    if ship.id in retreated:
        return "retreated"
    return "fled" if ship.fled else "destroyed"


def damage_lines(ship: ShipState) -> tuple[str, ...]:
    """The damage cards beside a ship: face-up titles, then ``N damage face down``."""
    up = tuple(c.key.replace("_", " ").title() for c in ship.damage if c.face_up)
    down = sum(1 for c in ship.damage if not c.face_up)
    return up + ((f"{down} damage face down",) if down else ())


def panel_view(ship: ShipState, names: Mapping[str, str], active: bool,
               retreated: Collection[str] = ()) -> PanelView:
    status = ship_status(ship, retreated)
    gone = status != "in_play"
    return PanelView(
        id=ship.id, name=ship.name, class_name=ship.class_name, player=ship.side, status=status,
        shields=0 if gone else ship.shields, shields_max=ship.shields_max,
        hull=0 if gone else max(ship.hull - ship.hull_damage, 0), hull_max=ship.hull,
        tokens=() if gone else token_views(ship, names), damage=damage_lines(ship), active=active and not gone,
    )


def _find(state: GameState, ship_id: str | None) -> ShipState | None:
    if ship_id is None:
        return None
    try:
        return state.ship(ship_id)
    except KeyError:
        return None


# --- the viewer's ruler -------------------------------------------------------------------------

def ruler_view(state: GameState, ship_id: str, target_id: str) -> RulerView | None:
    """The range ruler from one ship to another as the rules measure it: to the part of the
    target in the ship's front (or rear) arc when there is one, else base to base (rulebook
    "Range" and "Firing Arcs")."""
    a, b = _find(state, ship_id), _find(state, target_id)
    if a is None or b is None or a.id == b.id:
        return None
    pa, pb = Placed(a.pose, a.base), Placed(b.pose, b.base)
    m = measure(pa, pb, None if a.has_360_arc else a.front_arc, None if a.has_360_arc else a.rear_arc)
    arc, arc_deg, rear = "none", None, False
    if a.has_360_arc:
        arc = "360"
    elif m.front is not None and m.front.in_arc:
        arc, arc_deg = "front", a.front_arc
    elif m.rear is not None and m.rear.in_arc:
        arc, arc_deg, rear = "rear", a.rear_arc, True
    line = line_of_fire(pa, pb, arc_deg, rear).line
    (x0, y0), (x1, y1) = line.coords[0], line.coords[-1]
    distance = line.length
    band = P.range_band(distance)
    where = f"Range {band}" if band <= 3 else "beyond Range 3"
    arc_text = {"front": "in its front arc", "rear": "in its rear arc", "360": "in its 360-degree arc",
                "none": "outside its arcs"}[arc]
    text = f"{b.name} from {a.name}: {where} ({distance:.0f} mm), {arc_text}"
    return RulerView(a.id, b.id, (float(x0), float(y0)), (float(x1), float(y1)), distance, band, arc, text)


# --- the director's subjects ---------------------------------------------------------------------

BOUNDARIES: Final = (ev.ShipActivated, ev.PhaseStarted, ev.RoundStarted, ev.RoundEnded, ev.GameEnded)


def base_view(pose: Pose, base: str) -> BaseView:
    size: BaseSize = "large" if base == "large" else "small"
    return BaseView(pose, size, P.BASE_SIDE_MM[size])


def move_focus(e: ev.ShipMoved | ev.SensorEcho, base: str) -> FocusView:
    """A move's whole footprint: the base at every sixth of the path and the template."""
    if isinstance(e, ev.SensorEcho):
        return FocusView("move", (e.ship,), (base_view(e.start.pose(), base), base_view(e.end.pose(), base)))
    maneuver = Maneuver(e.kind, e.speed)
    path = maneuver_path(e.start.pose(), maneuver, base)
    bases = tuple(base_view(path.pose_at(k / 6 * e.progress), base) for k in range(7))
    outline = template_outline(e.start.pose(), maneuver, base)
    points = tuple((float(x), float(y)) for x, y in list(outline.exterior.coords)[:-1]) if outline is not None else ()
    return FocusView("move", (e.ship,), bases, points)


def focus_views(events: Sequence[Any], attacks: Mapping[int, FocusView], tables: Mapping[int, FocusView],
                bases: Mapping[str, str]) -> list[FocusView | None]:
    """For each event, what the director frames from it on (None: keep the current shot): the
    whole table (``tables``: with the ships on it then) at the start and end of the game, of each
    round and of its planning, combat and end phases; a ship's moves from its activation (its
    maneuver and any more a card gives it, in one shot); an attack (``attacks``: attacker and
    defender where they stand) from its declaration, or from the activation that leads to it; a
    target lock (``attacks`` too: the ship and its target); an activation that leads to neither,
    the ship where it stands (``attacks`` at the activation)."""
    out: list[FocusView | None] = []
    for i, e in enumerate(events):
        focus: FocusView | None = None
        if isinstance(e, ev.GameStarted | ev.RoundStarted | ev.RoundEnded | ev.GameEnded) or (
                isinstance(e, ev.PhaseStarted) and e.phase in ("planning", "end", "combat")):
            focus = tables.get(i, FocusView("table"))
        elif isinstance(e, ev.ShipActivated):
            moves: list[FocusView] = []  # its own maneuver and any a card adds (Gul Ranor, Engage...)
            for j in range(i + 1, len(events)):
                f = events[j]
                if isinstance(f, BOUNDARIES):
                    break
                if isinstance(f, ev.ShipMoved | ev.SensorEcho) and f.ship == e.ship:
                    moves.append(move_focus(f, bases.get(e.ship, "small")))
                elif isinstance(f, ev.AttackDeclared):
                    focus = attacks.get(j) if not moves else None
                    break
            if moves:  # every move of the activation in one shot: no cut, no path off the picture
                focus = FocusView("move", (e.ship,), tuple(b for m in moves for b in m.bases),
                                  tuple(p for m in moves for p in m.points))
            if focus is None:  # it neither moves nor attacks: the ship itself where it stands
                focus = attacks.get(i)
        elif isinstance(e, ev.AttackDeclared | ev.TargetLockAcquired):
            focus = attacks.get(i)
        out.append(focus)
    return out


def frame_decisions(focus: Sequence[FocusView | None], decisions: Sequence[DecisionView | None],
                    edges: tuple[float, ...]) -> list[FocusView | None]:
    """``focus`` with a new shot where an Enemy AI decision appears (Alliance): the deciding
    ship's move as before, and the sectors and rings drawn around it (their footprint, out to
    Range 3), so the director keeps the drawing clear of the HUD."""
    out = list(focus)
    current: FocusView | None = None
    for i, d in enumerate(decisions):
        if out[i] is not None:
            current = out[i]
        if d is None or (i > 0 and decisions[i - 1] == d):
            continue
        bases: tuple[BaseView, ...] = (BaseView(d.pose, d.base_size, d.base_side),)
        points: tuple[Point, ...] = ()
        if current is not None and current.kind == "move" and d.ship_id in current.subjects:
            bases, points = current.bases, current.points
        out[i] = current = FocusView("move", (d.ship_id,), bases, (*points, *d.footprint(edges)))
    return out


def cards(header: Mapping[str, Any], final: GameState, truncated: bool, fallback: str) -> tuple[CardView, CardView]:
    """A video's title and end cards (the ruleset's ``cards``)."""
    return title_card(header, final, fallback), end_card(header, final, truncated)


# --- title and end cards -------------------------------------------------------------------------

def _int(v: Any, default: int = 0) -> int:
    return int(v) if isinstance(v, int | float) and not isinstance(v, bool) and abs(v) < 1e9 else default


def items(v: Any) -> list[Any]:
    """A header value that should be a list, as one (anything else: empty; headers are untrusted)."""
    return list(v) if isinstance(v, list | tuple) else []


def side_of(v: Any, default: int) -> int:
    """A header fleet's side: 0 or 1 (anything else: its place in the list)."""
    side = _int(v, default)
    return side if side in (0, 1) else default % 2


def header_fleets(header: Mapping[str, Any], final: GameState) -> list[dict[str, Any]]:
    """The replay header's two fleets (side, name, faction, points, ships), or the state's ships by side."""
    fleets = header.get("fleets")
    out = [f for f in fleets if isinstance(f, dict)] if isinstance(fleets, list) else []
    if len(out) >= 2:
        return out
    by_side: dict[int, list[ShipState]] = {}
    for s in final.ships:
        by_side.setdefault(s.side, []).append(s)
    return [{"side": k, "name": v[0].faction, "faction": v[0].faction, "points": sum(s.cost for s in v),
             "ships": [{"name": s.name, "class_name": s.class_name, "captain": s.captain, "cost": s.cost} for s in v]}
            for k, v in sorted(by_side.items())]


def title_of(header: Mapping[str, Any], fallback: str) -> str:
    scenario = header.get("scenario")
    name = header.get("scenario_name") or (scenario.get("name") if isinstance(scenario, dict) else None)
    return str(name or fallback)


def footer(header: Mapping[str, Any], limit: int, game: str) -> str:
    seed = header.get("seed")
    return "  |  ".join(p for p in (f"seed {seed}" if seed is not None else "", f"{limit} rounds" if limit else "",
                                    game) if p)


def title_card(header: Mapping[str, Any], final: GameState, fallback: str) -> CardView:
    """The title card: the scenario and its description, both fleets with their ships and what
    they cost in fleet points, the seed and the round limit."""
    scenario = header.get("scenario")
    description = str(scenario.get("description", "")) if isinstance(scenario, dict) else ""
    fleets = []
    for k, f in enumerate(header_fleets(header, final)[:2]):
        ships = tuple(ShipLineView(str(s.get("name", "?")), str(s.get("class_name", "")),
                                   str(s.get("captain", "") or ""), _int(s.get("cost")))
                      for s in items(f.get("ships")) if isinstance(s, dict))
        name, faction = str(f.get("name", f"Fleet {k + 1}")), str(f.get("faction", ""))
        summary = (f"{len(ships)} ships" if len(ships) != 1 else "1 ship") \
            + (f", {faction}" if faction and faction != name else "")
        fleets.append(FleetCardView(side_of(f.get("side"), k), name, _int(f.get("points")), "fleet points to build",
                                    summary, ships))
    limit = final.round_limit or _int(header.get("round_limit"))
    return CardView("BATTLE REPORT", title_of(header, fallback).replace("_", " ").title(), description,
                    tuple(fleets), footer(header, limit, GAME_NAME))


def end_status(ship: ShipState, retreated: Collection[str] = ()) -> str:
    """How a ship ended, for the end card."""
    status = ship_status(ship, retreated)
    if status != "in_play":
        return status
    return f"hull {max(ship.hull - ship.hull_damage, 0)}/{ship.hull}, shields {ship.shields}/{ship.shields_max}"


def fleet_lines(final: GameState, side: int, retreated: Collection[str] = ()) -> tuple[ShipLineView, ...]:
    return tuple(ShipLineView(s.name, s.class_name, s.captain, s.cost, end_status(s, retreated),
                              ship_status(s, retreated) != "in_play") for s in final.ships if s.side == side)


def points_label(header: Mapping[str, Any]) -> str:
    """What the end card's fleet points count: under a scenario's tournament rule, the base (120)
    minus the points the enemy fleet has left (rulings.md "Fleet Points": a side that lost no ship
    still gives the other a point or more); without one, the cost of the enemy ships destroyed."""
    scenario = header.get("scenario")
    victory = scenario.get("victory") if isinstance(scenario, Mapping) else None
    if isinstance(victory, Mapping) and victory.get("rule") == "tournament":
        base = _int(victory.get("fleet_points_base"), 120)
        return f"fleet points: {base} minus the enemy's points left"
    return "fleet points scored (enemy ships destroyed)"


def end_card(header: Mapping[str, Any], final: GameState, truncated: bool) -> CardView:
    """The end card: the winner and why, the fleet points each side scored (:func:`points_label`),
    ships lost, how each ship ended."""
    result = final.result
    label = points_label(header)
    fleets = []
    for k, f in enumerate(header_fleets(header, final)[:2]):
        side = side_of(f.get("side"), k)
        lines = fleet_lines(final, side)
        lost = result.ships_lost[side] if result else sum(1 for s in lines if s.gone)
        summary = f"{len(lines) - lost} of {len(lines)} {'ship' if len(lines) == 1 else 'ships'} left, {lost} lost"
        fleets.append(FleetCardView(side, str(f.get("name", f"Fleet {k + 1}")), result.points[side] if result else None,
                                    label, summary, lines))
    names = {f.side: f.name for f in fleets}
    if result is None:
        title, subtitle, winner = "Unfinished", "the replay stops before the end of the game", None
    elif result.winner is None:
        title, subtitle, winner = "Draw", result.reason, None
    else:
        title, subtitle, winner = f"{names.get(result.winner, 'Fleet')} wins", result.reason, result.winner
    return CardView("RESULT", title, subtitle, tuple(fleets), rounds_footer(final.round, truncated, GAME_NAME),
                    headline_side=winner)


def rounds_footer(rounds: int, truncated: bool, game: str) -> str:
    return "  |  ".join((f"{rounds} round{'s' if rounds != 1 else ''} played", *(("replay cut off",) if truncated
                                                                                  else ()), game))

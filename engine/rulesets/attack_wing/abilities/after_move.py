"""Cards around the ship's own maneuver that are not actions, so an Auxiliary Power Token does not
stop them (rulebook "Auxiliary Power" stops actions only). Before it moves (``before_move``): a card
that changes the revealed maneuver (Transwarp Drive, Nyota Uhura). After it moved (``resolve``):
Pavel Chekov removes a token after a white maneuver, Mirok repairs a damage. "After you move" is the
ship's maneuver of the Activation Phase, never an additional one a card gives (tournament ruling 49)."""

from __future__ import annotations

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities import moves
from engine.rulesets.attack_wing.abilities.action_windows import action_options
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.abilities.windows import (
    Found,
    Table,
    _ask,
    _used,
    candidates,
    parse_action,
    upgrade_type,
)
from engine.rulesets.attack_wing.actions import ActionChoice, ActionOption
from engine.rulesets.attack_wing.maneuvers import Maneuver
from engine.rulesets.attack_wing.players import AbilityUse
from engine.rulesets.attack_wing.spending import uncanceled


def performed_colour(t: Table, ship_id: str) -> str | None:
    """The colour of the maneuver the ship performed this round: its revealed dial's, white when a
    red one under auxiliary power became a white 2 straight (rulebook "Auxiliary Power")."""
    for e in reversed(getattr(t, "events", ())):
        if isinstance(e, ev.ManeuverRevealed) and e.ship == ship_id:
            return "white" if e.replaced else e.colour
        if isinstance(e, ev.RoundStarted):
            break
    revealed = t.state.ship(ship_id).revealed
    return revealed[2] if revealed is not None else None


def resolve(t: Table, ship_id: str) -> None:
    """Offer each such card of the ship that applies now, and apply it."""
    ship = t.state.ship(ship_id)
    for found in list(candidates(t.state, ship, "after_move", None)):
        owner, _, card, _, ability = found
        effect = ability.effect
        ship = t.state.ship(ship_id)
        if owner.id != ship_id or effect.kind not in ("remove_token", "repair_damage", "grant_action",
                                                      "talent_action"):
            continue
        if effect.colours and performed_colour(t, ship_id) not in effect.colours:
            continue
        if effect.kind == "grant_action":
            _grant(t, found)
            continue
        if effect.kind == "talent_action":
            _talent(t, found)
            continue
        if effect.kind == "remove_token":
            tokens = tuple(k for k in effect.tokens if getattr(ship, k, 0))
            if not tokens:
                continue
            use = _ask(t, found, "after_move")
            if use is None:
                continue
            _used(t, found, "after_move", use)
            t.emit(ev.TokensChanged, ship=ship_id, token=tokens[0], delta=-1, cause=card.name)
            continue
        options = moves.repair_options(ship)
        if not options:
            continue
        use = _ask(t, found, "after_move", actions=tuple(ActionOption(o) for o in options))
        if use is None or use.choice not in options:  # the card says it repairs: the seat chooses only what
            choice, why = moves.repair_choice(ship, options)
            use = AbilityUse(choice=choice, reason=why if use is None else use.reason or why)
        _used(t, found, "after_move", use)
        if use.choice == "hull":
            index = next((i for i, c in enumerate(ship.damage) if c.face_up), len(ship.damage) - 1)
            t.emit(ev.DamageRepaired, ship=ship_id, index=index, flipped=False, cause=card.name)
        else:
            t.emit(ev.ShieldsRepaired, ship=ship_id, amount=1, cause=card.name)


def before_move(t: Table, ship_id: str, maneuver: Maneuver, colour: str) -> tuple[Maneuver, str]:
    """The maneuver the ship performs: the revealed one (``maneuver``, ``colour``), or the one a card
    of it changes it into, the seat's choice (``ability_used.choice``, e.g. "6_straight"); once one
    card has changed it, no other is offered."""
    for found in list(candidates(t.state, t.state.ship(ship_id), "before_move", None)):
        owner, _, _, _, ability = found
        if owner.id != ship_id or ability.effect.kind != "change_maneuver":
            continue
        options = moves.changes(t.state.ship(ship_id), ability.effect, maneuver)
        if not options:
            continue
        use = _ask(t, found, "before_move", actions=tuple(ActionOption(moves.label(m)) for m, _ in options))
        chosen = next(((m, c) for m, c in options if use is not None and moves.label(m) == use.choice), None)
        if use is None or chosen is None:
            continue
        _used(t, found, "before_move", use)
        return chosen  # one change: the others were offered the revealed maneuver (rulings.md)
    return maneuver, colour


def _grant(t: Table, found: Found) -> None:
    """Martok: the seat picks a friendly ship (``ability_used.subject`` and ``choice``); that ship's
    seat then chooses its free action as in a Perform Action step (``Game.granted_action``); a pass
    there and the card is not used."""
    owner = t.state.ship(found[0].id)
    ships = moves.granted_to(t.state, owner, found[4].effect)
    granted = getattr(t, "granted_action", None)
    if not ships or granted is None:
        return
    use = _ask(t, found, "after_move", actions=tuple(ActionOption(s) for s in ships))
    if use is None or use.choice not in ships:
        return
    chosen = use.choice
    granted(chosen, lambda: _used(t, found, "after_move", use, subject=chosen))


ASKS_MORE = ("maneuver", "remove_token", "disable_upgrade", "discard_upgrade")  # a further choice of the seat


def talent_actions(t: Table, ship_id: str) -> dict[str, str]:
    """Talent card id -> its "Action:" as the ship may resolve it now: one that asks nothing more (no
    ship picked, no maneuver chosen: the notation's ``choosing`` names the card only)."""
    ship = t.state.ship(ship_id)
    out: dict[str, str] = {}
    for option in action_options(t.state, ship):
        parsed = parse_action(option.action)
        if parsed is not None and parsed[0] in ship.cards and upgrade_type(parsed[0]) == "talent" \
                and not option.targets and parsed[0] not in out \
                and CARDS[parsed[0]].abilities[parsed[1]].effect.kind not in ASKS_MORE:
            out[parsed[0]] = option.action
    return out


def _talent(t: Table, found: Found) -> None:
    """Janice Rand: the seat picks one of its ship's talent cards (``ability_used.choice``); its
    "Action:" is resolved at once as a free action (``action_performed`` with that card's action)."""
    ship_id = found[0].id
    talents = talent_actions(t, ship_id)
    act = getattr(t, "do_action", None)
    if not talents or act is None:
        return
    use = _ask(t, found, "after_move", actions=tuple(ActionOption(c) for c in talents))
    if use is None or use.choice not in talents:
        return
    _used(t, found, "after_move", use)
    act(t.state.ship(ship_id), ActionChoice(talents[use.choice], reason=use.reason))


def end_of_activation(t: Table) -> None:
    """Once every ship has activated: each ship marked by its Suicide Attack this round rams."""
    for ship in list(t.state.in_play()):
        for found in list(candidates(t.state, ship, "activation_end", None)):
            if found[4].effect.kind == "ram" and found[0].id == ship.id and t.state.ship(ship.id).in_play:
                _ram(t, found)


def _ram(t: Table, found: Found) -> None:
    """Suicide Attack: a 1 straight (white: tournament ruling 50) and an auxiliary power token; if it
    overlapped an enemy ship, the ship is destroyed and rolls the card's attack dice at it, which
    rolls its defense dice; the uncanceled results damage it (rulings.md "Suicide Attack")."""
    owner, _, card, _, ability = found
    mover = getattr(t, "extra_maneuver", None)
    if mover is None:
        return
    bumped = mover(owner.id, moves.RAM, "white", card.name)
    if not t.state.ship(owner.id).in_play:  # it fled
        return
    t.emit(ev.TokensChanged, ship=owner.id, token="aux_power", delta=1, cause=card.name)
    enemy = next((s for s in bumped if t.state.ship(s).side != owner.side and t.state.ship(s).in_play), None)
    if enemy is None:
        return
    me, target = t.state.ship(owner.id), t.state.ship(enemy)
    n = ability.effect.amount
    attack, draws = t.dice.roll(t.state, "attack", n, me, f"{card.name} roll")
    _used(t, found, "activation_end", AbilityUse(reason=f"rams {target.name}: {n} attack dice"), enemy, n,
          faces=tuple(attack), draws=draws)
    m = rules.defense_dice(target, me, False, 1, False).count
    defense, draws = t.dice.roll(t.state, "defense", m, me, f"{card.name} roll")
    _used(t, found, "activation_end", AbilityUse(reason=f"{target.name}'s defense dice"), enemy, m,
          faces=tuple(defense), draws=draws)
    t.emit(ev.ShipDestroyed, ship=owner.id, cause=card.name)  # its rolls are recorded first (the card's)
    hits, crits, _ = uncanceled(tuple(attack), tuple(defense))
    t.suffer(enemy, hits, crits, card.name)

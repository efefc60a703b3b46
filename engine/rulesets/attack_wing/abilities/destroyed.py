"""The cards asked as their ship is destroyed (window ``destroyed``): one that saves it (Cheat Death),
one whose ship strikes back as it goes (I Stab at Thee). ``combat`` asks them when a ship's damage
reaches its Hull Value."""

from __future__ import annotations

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.windows import Table, _ask, _used, candidates
from engine.rulesets.attack_wing.players import AbilityUse
from engine.rulesets.attack_wing.rules import band_between
from engine.rulesets.attack_wing.state import GameState, ShipState


def can_survive(state: GameState, ship: ShipState) -> bool:
    """The ship has a ready card that may save it from destruction (Cheat Death)."""
    return any(f[4].effect.kind == "survive" and f[0].id == ship.id for f in candidates(state, ship, "destroyed", None))


def survive(t: Table, ship_id: str) -> bool:
    """The ship was just destroyed: a card of it that saves it may be used (Cheat Death): damage
    cards removed, the face-up ones first, until its damage is one less than its Hull Value; the
    rest flipped face down. True: the ship stays in play."""
    ship = t.state.ship(ship_id)
    for found in list(candidates(t.state, ship, "destroyed", None)):
        owner, _, card, _, ability = found
        if ability.effect.kind != "survive" or owner.id != ship_id:
            continue
        if _ask(t, found, "destroyed") is None:
            continue
        _used(t, found, "destroyed", AbilityUse(reason="the ship survives"))
        while t.state.ship(ship_id).hull_damage > ship.hull - 1 and t.state.ship(ship_id).damage:
            damage = t.state.ship(ship_id).damage  # one at a time (a face-up Direct Hit counts two)
            index = next((i for i, c in enumerate(damage) if c.face_up), len(damage) - 1)
            t.emit(ev.DamageRepaired, ship=ship_id, index=index, flipped=False, cause=card.name)
        for index, damage_card in enumerate(t.state.ship(ship_id).damage):
            if damage_card.face_up:
                t.emit(ev.DamageRepaired, ship=ship_id, index=index, flipped=True, cause=card.name)
        return True
    return False


def last_strike(t: Table, ship_id: str) -> None:
    """The ship was just destroyed (and stays so): its cards that strike back roll (I Stab at Thee),
    their hits and crits suffered by every other ship within Range 1 of it, no defense dice."""
    ship = t.state.ship(ship_id)
    for found in list(candidates(t.state, ship, "destroyed", None)):
        owner, _, card, _, ability = found
        if ability.effect.kind != "blast" or owner.id != ship_id:
            continue
        n = ability.effect.amount
        faces, draws = t.dice.roll(t.state, "attack", n, ship, f"{card.name} roll")
        near = tuple(s.id for s in t.state.in_play() if s.id != ship_id and band_between(ship, s) == 1)
        _used(t, found, "destroyed", None, None, n, faces=tuple(faces), draws=draws)
        for other in near:
            t.suffer(other, sum(f == "hit" for f in faces), sum(f == "crit" for f in faces), card.name)

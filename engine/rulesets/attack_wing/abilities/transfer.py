"""Damage taken for another ship (the Kraxon): as a friendly ship within Range 1 of the card's ship
is about to suffer damage, the card's seat may move any number of those points, up to its active
shields, onto its own shields (each an active shield lost), the critical points first; the rest the
ship suffers as usual. Its choice is the number of points (``ability_used.choice``, ``.amount``)."""

from __future__ import annotations

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.windows import Table, _ask, _used, candidates
from engine.rulesets.attack_wing.players import ActionOption


def transfer(t: Table, ship_id: str, hits: int, crits: int, cause: str) -> tuple[int, int]:
    """The (hits, crits) the ship still suffers once the cards that take damage for it have taken theirs."""
    ship = t.state.ship(ship_id)
    if hits + crits <= 0 or not ship.in_play:
        return hits, crits
    for found in list(candidates(t.state, ship, "transfer", None)):
        owner, _, _, _, ability = found
        now = t.state.ship(owner.id)
        most = min(hits + crits, now.shields)
        if ability.effect.kind != "transfer" or owner.id == ship_id or most <= 0:
            continue
        use = _ask(t, found, "transfer", subject=ship_id, actions=tuple(ActionOption(str(n))
                                                                          for n in range(1, most + 1)))
        if use is None or use.choice is None or not use.choice.isdigit() or not 1 <= int(use.choice) <= most:
            continue
        n = int(use.choice)
        _used(t, found, "transfer", use, ship_id, amount=n)
        for _ in range(n):
            t.emit(ev.DamageDealt, ship=owner.id, to="shield", cause=f"{cause}, taken for {ship.name}")
        taken_crits = min(crits, n)
        hits, crits = hits - (n - taken_crits), crits - taken_crits
        if hits + crits <= 0:
            break
    return hits, crits

"""The engine's policy for card abilities (rulings.md "Card abilities"): what a seat without
``use_ability`` answers, and what the AI answers with its reason. Use an ability when it can only
help: reroll what failed, convert to something better, add dice; force the other side to reroll
its best die; take the free action worth most."""

from __future__ import annotations

from engine.evolve import evolve
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities.model import Ability, Effect
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.players import AbilityOffer, AbilityUse
from engine.rulesets.attack_wing.spending import uncanceled
from engine.rulesets.attack_wing.state import GameState, ShipState

# what each side would rather see first when it chooses dice: the worst for itself first
_ATTACK_WORST = ("blank", "battle_stations", "hit", "crit")
_DEFENSE_WORST = ("blank", "battle_stations", "evade")
_FREE_ACTION_ORDER = ("target_lock", "battle_stations", "evasive_maneuvers", "scan")


def _ranked(faces: tuple[str, ...], dice: tuple[int, ...], order: tuple[str, ...]) -> list[int]:
    return sorted(dice, key=lambda i: (order.index(faces[i]) if faces[i] in order else len(order), i))


def _reroll(state: GameState, owner: ShipState, ability: Ability, offer: AbilityOffer) -> AbilityUse | None:
    attack = state.attack
    if attack is None or not offer.dice:
        return None
    kind = ability.effect.dice
    faces = attack.attack_dice if kind == "attack" else attack.defense_dice
    own = (kind == "attack") == (owner.id == attack.attacker)
    if not own:  # the other side's dice: make it reroll its best one
        best = ("crit", "hit") if kind == "attack" else ("evade",)
        dice = [i for i in offer.dice if faces[i] in best]
        if offer.pick == 0:  # its whole roll or nothing: when more than half of it succeeded
            return AbilityUse(offer.dice, reason=f"force a reroll of the whole roll: {len(dice)} of "
                              f"{len(offer.dice)} succeeded") if 2 * len(dice) > len(offer.dice) else None
        dice.sort(key=lambda i: best.index(faces[i]))
        picked = tuple(dice[:offer.pick or len(dice)])
        return AbilityUse(picked, reason=f"force a reroll of {len(picked)} {faces[picked[0]]} result(s)") \
            if picked else None
    has_bs = owner.battle_stations > 0
    poor = ("blank",) if has_bs else ("blank", "battle_stations")
    if kind == "defense":
        hits, crits, _ = uncanceled(attack.attack_dice, attack.defense_dice)
        if not hits + crits:
            return None  # every hit is already canceled
    dice = [i for i in offer.dice if faces[i] in poor]
    if offer.pick == 0 and not ability.effect.faces:  # the whole roll: when it shows less than a new roll would
        good = ("hit", "crit") if kind == "attack" else ("evade",)
        shown = sum(faces[i] in good for i in offer.dice)
        average = (0.5 if kind == "attack" else 0.375) * len(offer.dice)
        return AbilityUse(offer.dice, reason=f"reroll the roll: {shown} successes, {average:.1f} expected") \
            if shown < average else None
    if offer.pick == 0:  # all of them or none
        return AbilityUse(offer.dice, reason=f"reroll {len(offer.dice)} failed dice") if dice else None
    picked = tuple(sorted(_ranked(faces, tuple(dice), _ATTACK_WORST if kind == "attack" else _DEFENSE_WORST)
                          [:offer.pick]))
    return AbilityUse(picked, reason=f"reroll {len(picked)} {'/'.join(sorted({faces[i] for i in picked}))}"
                      .replace("_", " ")) if picked else None


def _convert(state: GameState, owner: ShipState, ability: Ability, offer: AbilityOffer) -> AbilityUse | None:
    attack = state.attack
    if attack is None or not offer.dice:
        return None
    effect = ability.effect
    faces = attack.attack_dice if effect.dice == "attack" else attack.defense_dice
    order = _ATTACK_WORST if effect.dice == "attack" else _DEFENSE_WORST
    rank = {face: i for i, face in enumerate(order)}
    if effect.to not in rank:
        return None
    # only what the conversion improves, worst first (no card converts the other side's dice)
    better = [i for i in _ranked(faces, offer.dice, order) if rank.get(faces[i], -1) < rank[effect.to]]
    if not better:
        return None
    picked = offer.dice if offer.pick == 0 else tuple(sorted(better[:offer.pick]))  # pick 0: all or none
    was = "/".join(sorted({faces[i] for i in picked})).replace("_", " ")
    return AbilityUse(picked, reason=f"{len(picked)} {was} to {effect.to}")


def _free_action(offer: AbilityOffer) -> AbilityUse | None:
    options = sorted(offer.actions, key=lambda o: _FREE_ACTION_ORDER.index(o.action)
                     if o.action in _FREE_ACTION_ORDER else len(_FREE_ACTION_ORDER))
    if not options:
        return None
    option = options[0]
    target = option.targets[0] if option.targets else None
    return AbilityUse(choice=option.action, target=target, reason=f"free {option.action.replace('_', ' ')}")


def _cancel(state: GameState, offer: AbilityOffer) -> AbilityUse | None:
    """Cancel the attacker's results that would damage: critical hits first, only while some hit
    or critical hit is left uncanceled by the evades."""
    attack = state.attack
    if attack is None or not offer.dice:
        return None
    hits, crits, _ = uncanceled(attack.attack_dice, attack.defense_dice)
    left = hits + crits
    if not left:
        return None
    ranked = sorted(offer.dice, key=lambda i: ({"crit": 0, "hit": 1}.get(attack.attack_dice[i], 2), i))
    picked = tuple(sorted(ranked[:min(offer.pick or len(ranked), left)]))
    was = "/".join(sorted({attack.attack_dice[i] for i in picked})).replace("_", " ")
    return AbilityUse(picked, reason=f"cancel {len(picked)} {was}")


# which token of an enemy's to remove first, which of its upgrades to disable first
_TOKEN_WORTH = ("battle_stations", "evade", "scan")


def sub_choice(state: GameState, effect: Effect, ship_id: str, choices: tuple[str, ...]) -> str:
    """The policy's choice among an "Action:" effect's options on a ship: the token worth most to
    it; the upgrade: an armed weapon with the most attack dice, else a card the engine plays,
    else the first."""
    if effect.kind == "remove_token":
        return min(choices, key=lambda c: _TOKEN_WORTH.index(c) if c in _TOKEN_WORTH else len(_TOKEN_WORTH))
    ship = state.ship(ship_id)
    weapons = {w.upgrade_id: w.attack for w in ship.weapons if not w.disabled}
    return max(choices, key=lambda c: (weapons.get(c, -1), c in CARDS, -choices.index(c)))


def default(state: GameState, owner: ShipState, ability: Ability, offer: AbilityOffer) -> AbilityUse | None:
    """The policy's answer to an offer."""
    kind = ability.effect.kind
    if kind == "cancel":
        return _cancel(state, offer)
    if offer.window == "action" and offer.actions and offer.subject is not None:  # an action's token, upgrade
        choices = tuple(o.action for o in offer.actions)
        return AbilityUse(choice=sub_choice(state, ability.effect, offer.subject, choices),
                          reason="the policy's choice")
    if kind in ("reroll", "reroll_again"):
        return _reroll(state, owner, ability, offer)
    if kind == "convert":
        return _convert(state, owner, ability, offer)
    if kind == "free_action":
        if ability.effect.and_self and rules.attack_options(state, owner):  # the R.I.S. Vo: it would not attack
            return None
        return _free_action(offer)
    if kind == "one_hit" and state.attack is not None:  # worth it against more than one hit, or a crit
        hits, crits, _ = uncanceled(state.attack.attack_dice, state.attack.defense_dice)
        return AbilityUse(reason=f"{hits} hits and {crits} crits become one hit") if hits + 2 * crits > 1 else None
    if kind == "add_result" and ability.effect.dice == "defense" and state.attack is not None \
            and not sum(uncanceled(state.attack.attack_dice, state.attack.defense_dice)[:2]):
        return None  # every hit is already canceled: keep the card
    if kind in ("attack_dice", "defense_dice"):  # more of one's own dice, fewer of the enemy's
        own = (ability.effect.dice == "attack") == (state.attack is not None and state.attack.attacker == owner.id)
        helps = (ability.effect.amount > 0) == own
        return AbilityUse(reason=f"{ability.effect.amount:+d} {ability.effect.dice} dice") if helps else None
    return AbilityUse(reason=ability.summary)


def with_default(state: GameState, owner: ShipState, ability: Ability, offer: AbilityOffer) -> AbilityOffer:
    use = default(state, owner, ability, offer)
    if use is not None and ability.cost.disable_upgrade and offer.actions and use.choice is None:
        # the upgrade that pays: one whose ability the engine does not play (it loses nothing), else the first
        choices = [o.action for o in offer.actions]
        paid = next((c for c in choices if c not in CARDS), choices[0])
        use = AbilityUse(use.dice, paid, use.target, f"{use.reason}; disable {paid}")
    return evolve(offer, default=use)

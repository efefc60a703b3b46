"""The engine's policy for card abilities (rulings.md "Card abilities"): what a seat without
``use_ability`` answers, and what the AI answers with its reason. Use an ability when it can only
help: reroll what failed, convert to something better, add dice; force the other side to reroll
its best die; take the free action worth most. A card that adds or removes dice at a price (it is
disabled or discarded, a token or a shield is spent) is used when the expected damage it gains
(exact odds, ``odds.attack_odds``) is more than the card is worth kept (``worth.keep_value``).

The answers to rerolls, conversions and added results read only the ability, the dice of both
sides (of the attack dice, on the defense dice, only whether any result is left uncanceled),
whether the owner attacks and its battle stations token: ``card_odds`` remembers them by these
(tests/test_card_odds_memo.py checks it), so an answer that reads more needs its key too."""

from __future__ import annotations

from engine.evolve import evolve
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities import answer, damage_draw, moves
from engine.rulesets.attack_wing.abilities.advice import talent_choice
from engine.rulesets.attack_wing.abilities.free_cards import free_card
from engine.rulesets.attack_wing.abilities.model import Ability, Cost
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.abilities.tokens_lost import best
from engine.rulesets.attack_wing.abilities.twin import choose
from engine.rulesets.attack_wing.abilities.worth import keep_value, own_choice, sub_choice, sub_choice_reason
from engine.rulesets.attack_wing.odds import attack_odds
from engine.rulesets.attack_wing.players import AbilityOffer, AbilityUse
from engine.rulesets.attack_wing.rules import band_between
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


def _attack_dice(ability: Ability) -> bool:
    """A dice-count ability changes the attack roll (else the defense roll)."""
    kind = ability.effect.kind
    return kind == "attack_dice" or (kind == "no_dice" and ability.effect.dice == "attack")


def _dice_gain(state: GameState, owner: ShipState, ability: Ability) -> tuple[float, str]:
    """The expected damage a dice-count card saves or adds in this attack (exact odds of the
    rules' dice, no tokens: the same before the roll and at its step), and its words."""
    attack = state.attack
    assert attack is not None
    attacker, defender = state.ship(attack.attacker), state.ship(attack.defender)
    weapon = next((w for w in attacker.weapons if w.upgrade_id == attack.weapon), None)
    band = min(max(band_between(attacker, defender) or 3, 1), 3)
    n = rules.attack_dice(attacker, weapon, band).count
    m = rules.defense_dice(defender, attacker, weapon is None, band, False).count
    amount = ability.effect.amount
    if ability.effect.kind == "no_dice":  # none at all: the whole roll
        amount = -(n if _attack_dice(ability) else m)
    if _attack_dice(ability):
        before, after = attack_odds(n, m).expected_damage, attack_odds(max(n + amount, 0), m).expected_damage
        words = f"{n} -> {max(n + amount, 0)} attack dice against {m}"
    else:
        before, after = attack_odds(n, m).expected_damage, attack_odds(n, max(m + amount, 0)).expected_damage
        words = f"{m} -> {max(m + amount, 0)} defense dice against {n}"
    gain = after - before if owner.id == attack.attacker else before - after
    return gain, words


def _defense_mark(state: GameState, owner: ShipState, ability: Ability, offer: AbilityOffer) -> AbilityUse | None:
    """A mark placed as the defense dice are counted (Long Range Tachyon Scan, Captured
    Intelligence): its riders' defense dice, an evade token placed (about a die more) and a scan
    token the attacker spends (its die back to the defender), weighed as a dice-count card."""
    card = CARDS[offer.card]
    change = sum(r.effect.amount for r in card.abilities if r.window == "defense_dice"
                 and r.condition.scope == "marked" and r.effect.kind == "defense_dice")
    change += ability.effect.amount if ability.effect.token == "evade" else 0
    attack = state.attack
    assert attack is not None
    change += 1 if ability.cost.token == "scan" and owner.id == attack.attacker else 0
    if not change or (change > 0) != (owner.id == attack.defender):
        return None
    gain, words = _dice_gain(state, owner, evolve(ability, effect=evolve(ability.effect, kind="defense_dice",
                                                                          amount=change, dice="defense")))
    keep, kept = keep_value(state, owner, ability.cost)
    if gain <= keep:
        return None
    return AbilityUse(reason=f"{ability.summary}: {gain:.2f} expected damage {'spared' if change > 0 else 'more'} "
                      f"in this attack ({words}, exact odds), more than {kept} is worth ({keep:.2f})")


def _dice_count(state: GameState, owner: ShipState, ability: Ability) -> AbilityUse | None:
    """More of one's own dice, fewer of the other side's: free, always; at a price, when the
    expected damage it gains is more than the card is worth kept."""
    effect = ability.effect
    dice = "attack" if _attack_dice(ability) else "defense"
    own = (dice == "attack") == (state.attack is not None and state.attack.attacker == owner.id)
    if (effect.amount > 0 and effect.kind != "no_dice") != own:
        return None
    said = f"no {dice} dice" if effect.kind == "no_dice" else f"{effect.amount:+d} {dice} dice"
    cost = ability.cost
    if state.attack is None or not (cost.discard or cost.disable or cost.token or cost.shields or cost.time):
        return AbilityUse(reason=said)
    gain, words = _dice_gain(state, owner, ability)
    keep, kept = keep_value(state, owner, cost)
    what = "expected damage" if owner.id == state.attack.attacker else "expected damage taken"
    if gain <= keep:
        return None
    return AbilityUse(reason=f"{said}: {gain:+.2f} {what} ({words}, exact odds) is more than {kept} is worth "
                      f"({keep:.2f})" if owner.id == state.attack.attacker else
                      f"{said}: {gain:.2f} less {what} ({words}, exact odds) is more than {kept} is worth "
                      f"({keep:.2f})")


def default(state: GameState, owner: ShipState, ability: Ability, offer: AbilityOffer) -> AbilityUse | None:
    """The policy's answer to an offer."""
    kind = ability.effect.kind
    if kind == "survive":  # the ship or the card: the ship is worth more
        return AbilityUse(reason=f"{owner.name} survives its destruction")
    if kind == "protect" and offer.actions:  # the card taken whose ability is in play, else the first
        cards = tuple(o.action for o in offer.actions)
        choice = max(cards, key=lambda c: (c in CARDS, -cards.index(c)))
        name = CARDS[choice].name if choice in CARDS else choice
        return AbilityUse(choice=choice, reason=f"keeps {name} for the round")
    if offer.window == "action" and ability.cost.own and offer.subject == owner.id and offer.actions:
        choice = own_choice(owner, tuple(o.action for o in offer.actions))
        name = CARDS[choice].name if choice in CARDS else choice
        return AbilityUse(choice=choice, reason=f"pays with {name}: the card of its own worth least kept")
    if kind == "choose_damage" and offer.subject is not None:  # the card worse for the enemy (Joachim)
        return damage_draw.damage_choice(state.ship(offer.subject), tuple(o.action for o in offer.actions))
    if kind == "cancel":
        return _cancel(state, offer)
    if kind == "change_maneuver":  # another maneuver worth more than the card (Transwarp Drive, Uhura)
        return moves.change_answer(state, owner, ability.effect, moves.table_of(state, owner),
                                   keep_value(state, owner, ability.cost)[0])
    if kind == "remove_token" and offer.window == "after_move":  # its own token (Pavel Chekov)
        return AbilityUse(reason="lift the auxiliary power token: the ship may perform its action this round")
    if kind == "talent_action" and offer.actions:  # which talent's Action, if any (Janice Rand)
        card, why = talent_choice(state, owner, tuple(o.action for o in offer.actions),
                                  keep_value(state, owner, ability.cost)[0])
        return None if card is None else AbilityUse(choice=card, reason=why)
    if kind == "grant_action" and offer.actions:  # which friend acts (Martok)
        choice, why = moves.grant_choice(state, tuple(o.action for o in offer.actions))
        return AbilityUse(choice=choice, reason=why)
    if kind == "repair_damage" and offer.actions:  # the hull or the shields (Mirok)
        choice, why = moves.repair_choice(owner, tuple(o.action for o in offer.actions))
        return AbilityUse(choice=choice, reason=why)
    if offer.window == "action" and offer.actions and offer.subject is not None:  # an action's token, upgrade
        choices = tuple(o.action for o in offer.actions)
        choice = sub_choice(state, ability.effect, offer.subject, choices)
        return AbilityUse(choice=choice, reason=sub_choice_reason(state, ability.effect, offer.subject, choice))
    if kind in ("reroll", "reroll_again"):
        return _reroll(state, owner, ability, offer)
    if kind == "convert":
        return _convert(state, owner, ability, offer)
    if kind == "free_action" and (ability.effect.upgrades or ability.effect.borrow):  # a card's Action: (McCoy)
        return free_card(state, owner, ability, offer)
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
    if kind in ("attack_dice", "defense_dice", "no_dice"):  # more of one's own dice, fewer of the enemy's
        return _dice_count(state, owner, ability)
    if kind == "mark" and offer.window == "attack_dice" and state.attack is not None and any(
            a.effect.other_target for a in CARDS[offer.card].abilities):  # the Koranak: two attacks or one
        return choose(state, owner, offer.card)
    if kind == "mark" and offer.window == "defense_dice" and state.attack is not None:
        return _defense_mark(state, owner, ability, offer)
    if kind == "add_damage":  # more damage now against what the card is worth kept
        keep, kept = keep_value(state, owner, ability.cost)
        said = f"+{ability.effect.amount} damage now"
        if ability.cost == Cost():
            return AbilityUse(reason=said)
        return AbilityUse(reason=f"{said}, more than {kept} is worth ({keep:.2f})") \
            if ability.effect.amount > keep else None
    if kind == "store_token" and ability.effect.token:  # a kept token placed beside the ship (Alexander)
        token = ability.effect.token.replace("_", " ")
        if getattr(owner, ability.effect.token, 0):
            return None  # it has one already: one more adds nothing the spending policy uses
        near = [e for e in state.enemies(owner) if band_between(owner, e) is not None]
        return AbilityUse(reason=f"a {token} token beside {owner.name}: {near[0].name} is within Range 3 "
                          "this round") if near else None
    if kind == "transfer" and offer.subject is not None and offer.actions:  # what would reach the friend's hull
        friend = state.ship(offer.subject)
        most = len(offer.actions)
        incoming = _incoming(state, friend)
        n = min(most, max(incoming - friend.shields, 0))
        return AbilityUse(choice=str(n), reason=f"{n} of {incoming} damage that would reach {friend.name}'s hull "
                          f"onto {owner.name}'s shields") if n else None
    if kind == "elite_die":  # every face at least as good as the attack die's: worth it in the attack at hand
        return AbilityUse(offer.dice, reason="the Elite Attack Die for one attack die: 7/8 expected damage against "
                          "4/8, no blank face (once a round for the fleet: its first attack takes it)")
    if kind == "keep_cloak":
        return AbilityUse(reason="the cloak stays green: +4 agility against the attacks still to come this round, "
                          "and it may stay cloaked next round")
    if kind == "spare_weapon" and state.attack is not None:
        weapon = next((w for w in owner.weapons if w.upgrade_id == state.attack.weapon), None)
        return AbilityUse(reason=f"{weapon.name if weapon else 'the weapon'} stays armed; the card is disabled "
                          "in its place")
    if offer.window == "planning" and kind == "gain_token" and ability.effect.token == "aux_power":  # Positron Beam
        enemies = [state.ship(o.action) for o in offer.actions if state.ship(o.action).side != owner.side
                   and not state.ship(o.action).aux_power]
        if not enemies:
            return None
        pick = max(enemies, key=lambda e: (e.attack, e.id))
        return AbilityUse(choice=pick.id, reason=f"an auxiliary power token beside {pick.name}: it performs no "
                          "action this round and no red maneuver while it holds the token")
    if kind == "remove_token" and offer.window == "damage" and offer.actions:  # Concussive Charges
        choice = best(tuple(o.action for o in offer.actions))
        return AbilityUse(choice=choice, reason=f"takes {choice.replace('+', ', ').replace('_', ' ')}: worth most "
                          "to the ship losing them")
    if kind == "extra_attack":  # offered only with an attack to make: a free attack is damage for nothing
        if offer.subject is not None and offer.subject != owner.id:  # Counter Attack: back at its attacker
            return AbilityUse(reason=f"a free attack back at {state.ship(offer.subject).name} ({offer.card_name})")
        return AbilityUse(reason=f"one more attack this round ({offer.card_name})")
    return AbilityUse(reason=ability.summary)


def _incoming(state: GameState, ship: ShipState) -> int:
    """The damage about to be dealt to ``ship``: the attack's uncanceled results when it is the defender
    (a card's damage otherwise: counted as one point)."""
    attack = state.attack
    if attack is not None and attack.defender == ship.id and attack.attack_dice:
        hits, crits, _ = uncanceled(attack.attack_dice, attack.defense_dice)
        return hits + crits
    return 1


answer.default.give(default)  # the windows ask it (``abilities/answer``)

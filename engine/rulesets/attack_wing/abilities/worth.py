"""What the engine's policy weighs a card's cost and a card's choice by: what a card is worth kept
(``keep_value``, in expected damage, the unit of the gain it is weighed against), which token or
upgrade of a ship an "Action:" effect takes (``sub_choice``), which card of its own a cost takes
(``own_choice``). ``policy`` answers the offers with these, the AI's advice weighs with them."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities import moves
from engine.rulesets.attack_wing.abilities.model import Cost, Effect
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.abilities.steal import steal_choice
from engine.rulesets.attack_wing.state import GameState, ShipState

# which token of an enemy's to remove first, which of its upgrades to disable first
_TOKEN_WORTH = ("battle_stations", "evade", "scan")


def sub_choice(state: GameState, effect: Effect, ship_id: str, choices: tuple[str, ...]) -> str:
    """The policy's choice among an "Action:" effect's options on a ship: the token worth most to
    it; the upgrade: an armed weapon with the most attack dice, else a card the engine plays,
    else the first."""
    if effect.kind == "remove_token":
        return min(choices, key=lambda c: _TOKEN_WORTH.index(c) if c in _TOKEN_WORTH else len(_TOKEN_WORTH))
    ship = state.ship(ship_id)
    if effect.kind == "maneuver":  # the one worth most on an open table (the AI sees the obstacles too)
        found = moves.best(state, ship, effect, moves.table_of(state, ship), moves.attacks_after(effect))
        return found[0] if found is not None and found[0] in choices else choices[0]
    if effect.kind == "steal_upgrade":  # the card worth most taken (Superior Intellect)
        return steal_choice(state, ship_id, choices)[0]
    weapons = {w.upgrade_id: w.attack for w in ship.weapons if not w.disabled}
    if effect.kind == "discard_upgrade":  # "A+B": two cards; a ready card the engine plays first
        def worth(choice: str) -> tuple[int, int, int]:
            parts = choice.split("+")
            return (sum(c in CARDS and ship.card_ready(c) for c in parts), sum(weapons.get(c, 0) for c in parts),
                    -choices.index(choice))
        return max(choices, key=worth)
    return max(choices, key=lambda c: (weapons.get(c, -1), c in CARDS, -choices.index(c)))


def sub_choice_reason(state: GameState, effect: Effect, ship_id: str, choice: str) -> str:
    """Why ``sub_choice`` chose it, in the game's words."""
    ship = state.ship(ship_id)
    if effect.kind == "remove_token":
        return f"{ship.name} loses its {choice.replace('_', ' ')} token (the one worth most to it)"
    if effect.kind == "maneuver":
        best = moves.best(state, ship, effect, moves.table_of(state, ship), moves.attacks_after(effect))
        return best[2] if best is not None and best[0] == choice else f"{choice.replace('_', ' ')}"
    if effect.kind == "steal_upgrade":
        return steal_choice(state, ship_id, (choice,))[1]
    if effect.kind == "discard_upgrade":
        names = " and ".join(CARDS[c].name if c in CARDS else c for c in choice.split("+"))
        return f"discard {ship.name}'s {names}: " + ("ready cards whose ability the engine plays"
                                                     if any(c in CARDS for c in choice.split("+"))
                                                     else "the upgrades it has")
    weapon = next((w for w in ship.weapons if w.upgrade_id == choice and not w.disabled), None)
    if weapon is not None:
        return f"disable {ship.name}'s {weapon.name}: its armed weapon of most attack dice ({weapon.attack})"
    found = CARDS.get(choice)
    return f"disable {ship.name}'s {found.name}: a card whose ability the engine plays" if found is not None \
        else f"disable {ship.name}'s upgrade {choice}"


# what a card is worth kept, in expected damage (the unit of the gain it is weighed against)
KEEP_DISABLED = 0.3  # back only for an Action spent on it (rulebook "Disabling Upgrade Cards")
KEEP_DISCARDED = 0.25  # a use in a later round, for each round left (three at most)
KEEP_TOKEN = 0.2  # a token spent from beside the ship
KEEP_SHIELD = 0.35  # an active shield disabled: about a hit it would stop
KEEP_TIME = 0.1  # each round the card waits under its Time Tokens


def keep_value(state: GameState, owner: ShipState, cost: Cost) -> tuple[float, str]:
    """What paying this cost gives up, in expected damage, and its words. A discarded card is worth
    nothing kept in the last round or on a ship one or two damage from destruction."""
    value, words = 0.0, []
    if cost.discard:
        left = max(state.round_limit - state.round, 0) if state.round_limit else 3
        standing = owner.hull - owner.hull_damage + owner.shields
        later = 0 if standing <= 2 else min(left, 3)
        value += KEEP_DISCARDED * later
        words.append(f"the card for {later} later round(s)" if later else "the card, with no later use likely")
    elif cost.disable:
        value += KEEP_DISABLED
        words.append("the card disabled until an Action re-arms it")
    if cost.token:
        value += KEEP_TOKEN
        words.append(f"a {cost.token.replace('_', ' ')} token")
    shields = owner.shields if cost.shields < 0 else cost.shields
    if shields:
        value += KEEP_SHIELD * shields
        words.append(f"{shields} active shield(s)")
    if cost.time:
        value += KEEP_TIME * cost.time
        words.append(f"{cost.time} rounds under time tokens")
    return value, ", ".join(words)


def own_choice(owner: ShipState, cards: tuple[str, ...]) -> str:
    """The card of its own ship a cost takes: one whose ability the engine does not play, else the first."""
    return min(cards, key=lambda c: (c in CARDS and owner.card_ready(c), cards.index(c)))

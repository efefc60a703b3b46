"""Cards that move cards: Joachim draws two damage cards for a critical hit his ship inflicts on an
enemy hull and places the one he chooses (event ``damage_cards_drawn``); Superior Intellect's Action
takes an upgrade from a ship at Range 1-2 that is not cloaked and has no active shields (event
``upgrade_taken``). Each says in the project's words what the card's text does; the engine's part
and the policy's choices are below (rulings.md "Joachim", "Superior Intellect")."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect
from engine.rulesets.attack_wing.damage import CARDS_BY_KEY
from engine.rulesets.attack_wing.players import AbilityUse, ActionOption

if TYPE_CHECKING:
    from engine.rulesets.attack_wing.abilities.windows import Table
    from engine.rulesets.attack_wing.state import GameState, ShipState

CARDS: tuple[Card, ...] = (
    Card(("3023",), "Joachim", "crew", (
        Ability("critical", Effect("choose_damage", 2), "each time his ship's attack deals a critical damage card "
                "to an enemy hull: draw 2 damage cards, place the one of his choice face up, discard the other",
                condition=Condition(role="attacker")),),
         note="asked once the two cards are drawn, only when they differ (rulings.md \"Joachim\")"),
    Card(("3019",), "Superior Intellect", "talent", (
        Ability("action", Effect("steal_upgrade", targets="ships", reach=(1, 2), pick=True, exposed=True),
                "Action: discard this card: take one upgrade card of a ship at Range 1-2 that is not cloaked and "
                "has no active shields, even past its own ship's upgrade bar", Cost(discard=True)),)),
)

# --- Joachim ------------------------------------------------------------------------------------------

# How much worse a face-up damage card is for the ship that gets it (the policy's valuation, in about
# expected damage): a Direct Hit is a second point on the hull; Structural Damage costs an attack die
# in every attack until repaired; Console Fire rolls for 1 damage (a hit or crit: 1 in 2) each Combat
# Phase until repaired; an Injured Captain loses the captain's skill (initiative, cards that read it);
# Engine Room Fire makes banks and turns red; a Damaged Sensor Array forbids target lock and scan until
# repaired; a Communications Failure costs one action, then flips.
DAMAGE_WORTH: dict[str, float] = {
    "direct_hit": 3.0, "structural_damage": 2.0, "console_fire": 1.5, "injured_captain": 1.2,
    "engine_room_fire": 1.0, "damaged_sensor_array": 0.8, "communications_failure": 0.5,
}


def joachim(t: Table, ship_id: str, cause: str) -> None:
    """Before a critical damage card is dealt to ``ship_id``: the attacking ship's card that draws two
    (Joachim) is offered the two top cards; the seat's choice is placed next (``damage_dealt``), the
    other discarded (``damage_cards_drawn``). Not offered when the deck holds fewer than two cards or
    the two are the same card (rulings.md)."""
    from engine.rulesets.attack_wing.abilities.windows import _ask, _used, ready

    attack, deck = t.state.attack, t.state.deck
    if attack is None or attack.defender != ship_id or len(deck) < 2 or deck[0] == deck[1]:
        return
    owner, target = t.state.ship(attack.attacker), t.state.ship(ship_id)
    if owner.side == target.side or cause != f"attack by {owner.name}":
        return
    for card_id in owner.cards:
        card = _registry().get(card_id)
        if card is None:
            continue
        for i, ability in enumerate(card.abilities):
            if ability.effect.kind != "choose_damage" or not ready(owner, card_id, ability):
                continue
            found = (owner, card_id, card, i, ability)
            use = _ask(t, found, "critical", subject=ship_id, actions=(ActionOption(deck[0]), ActionOption(deck[1])))
            if use is None or use.choice not in deck[:2]:
                continue
            _used(t, found, "critical", use, ship_id)
            t.emit(ev.DamageCardsDrawn, ship=ship_id, card=card_id, drawn=tuple(deck[:2]), kept=use.choice)
            return


def joachim_choice(target: ShipState, cards: tuple[str, ...]) -> AbilityUse:
    """The policy: place the card worse for the enemy (``DAMAGE_WORTH``; a Direct Hit is the worst, and its
    reason says when its two hull points destroy the ship)."""
    def lethal(key: str) -> bool:
        return key == "direct_hit" and target.hull_damage + 2 >= target.hull

    kept = max(cards, key=lambda k: (DAMAGE_WORTH.get(k, 0.0), -cards.index(k)))
    other = next((c for c in cards if c != kept), kept)

    def said(key: str) -> str:
        return f"{CARDS_BY_KEY[key].title if key in CARDS_BY_KEY else key} ({DAMAGE_WORTH.get(key, 0.0):.1f})"

    if lethal(kept):
        return AbilityUse(choice=kept, reason=f"{target.name} gets a Direct Hit: two hull points, which destroy it")
    return AbilityUse(choice=kept, reason=f"{target.name} gets {said(kept)}, worse for it than {said(other)}")


# --- Superior Intellect -----------------------------------------------------------------------------

def upgrades_to_steal(ship: ShipState) -> tuple[str, ...]:
    """The ship's upgrade cards that may be taken: in play, face up (every upgrade the engine places
    is), disabled or not; never its captain, admiral or ship card."""
    from engine.rulesets.attack_wing.abilities.windows import upgrade_type

    return tuple(c for c in ship.cards if c not in ship.cards_discarded and upgrade_type(c) is not None)


@cache
def _printed() -> dict[str, tuple[int, str]]:
    """Each upgrade's printed cost and name, by catalog id."""
    from engine.catalog import load_catalog

    return {u.id: (u.cost, u.name) for u in load_catalog().upgrades()}


def steal_worth(ship: ShipState, card_id: str) -> tuple[float, str]:
    """What an upgrade is worth taken (the policy's valuation): its printed cost, +3 for an armed
    weapon (its dice fire for the thief), +2 for a ready card whose ability the engine plays, -2 when
    it is disabled or under Time Tokens (it needs an action or rounds first)."""
    cost = _printed().get(card_id, (0, card_id))[0]
    weapon = next((w for w in ship.weapons if w.upgrade_id == card_id), None)
    ready = ship.card_ready(card_id) and not (weapon is not None and (weapon.disabled or weapon.time))
    card = _registry().get(card_id)
    worth, why = float(cost), [f"cost {cost}"]
    if weapon is not None and ready:
        worth, why = worth + 3, [*why, f"an armed weapon of {weapon.attack} dice"]
    elif card is not None and card.abilities and ready:
        worth, why = worth + 2, [*why, "a ready card the engine plays"]
    if not ready:
        worth, why = worth - 2, [*why, "disabled for now"]
    return worth, ", ".join(why)


# the worth of an upgrade taken in the Action step's scale (about expected damage; ``abilities/advice``):
# a 5-point armed torpedo (worth 8) is 2.0, more than an attack die's worth to a ship that attacks
STEAL_SCALE = 0.25


def steal_choice(state: GameState, ship_id: str, choices: tuple[str, ...]) -> tuple[str, str]:
    """The card the policy takes from ``ship_id``: the one of most ``steal_worth``, and why."""
    ship = state.ship(ship_id)
    best = max(choices, key=lambda c: (steal_worth(ship, c)[0], -choices.index(c)))
    worth, why = steal_worth(ship, best)
    return best, f"takes {ship.name}'s {card_name(best)}: worth {worth:g} ({why}), the most of its upgrades"


def card_name(card_id: str) -> str:
    card = _registry().get(card_id)
    return card.name if card is not None else _printed().get(card_id, (0, card_id))[1]


def _registry() -> dict[str, Card]:
    from engine.rulesets.attack_wing.abilities.registry import CARDS as ALL  # the registry reads this module

    return ALL

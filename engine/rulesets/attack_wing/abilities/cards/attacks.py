"""Cards that change the attacks of the round: one more attack (Once More Unto The Breach; Counter
Attack's free attack back: the ``extra_attack`` window of ``abilities/extra.py``), a ship that may
not attack and loses its shields (Projected Stasis Field), one that defends with fewer dice (Tractor
Beam), the tokens an attack takes (Concussive Charges, ``abilities/tokens_lost.py``), an auxiliary
power token placed in the Planning Phase (Positron Beam, ``abilities/planning.py``)."""

from __future__ import annotations

from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities.cards.common import (
    attack_rider,
    by_owner,
    defense_rider,
    is_owner,
    per_count,
)
from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect, Situation
from engine.rulesets.attack_wing.measure import arc_check


def _not_cloaked(sit: Situation) -> bool:
    return not sit.owner.cloaked


def _attacker_in_forward_arc(sit: Situation) -> bool:
    """The ship attacking the card's ship is in its forward firing arc."""
    if sit.attack is None:
        return False
    ship = sit.owner
    return arc_check(rules.placed(ship), rules.placed(sit.attack.attacker), ship.front_arc or 90.0).in_arc


def _tractor_hits(sit: Situation) -> int:
    """The hits of Tractor Beam's roll at this ship: one mark of the card each."""
    return sit.subject.marks.count("3011")


def _next_attack(sit: Situation) -> bool:
    """The card's ship attacks, and has not yet made the attack the beam acts in this round (its
    use once a round: ``used_round``)."""
    return by_owner(sit) and "3011" not in sit.owner.used_round


def _fewer_defense(n: int, condition: Condition) -> Ability:
    return Ability("defense_dice", Effect("defense_dice", -n, "defense"), f"{n} hit{'s' if n > 1 else ''} of its "
                   f"roll: the ship it targeted rolls {n} defense di{'e' if n == 1 else 'ce'} fewer against its ship's "
                   "next attack this round", Cost(limit="round"), condition, optional=False)


CARDS: tuple[Card, ...] = (
    Card(("3085",), "Concussive Charges", "weapon", (
        Ability("damage", Effect("remove_token", tokens=("evade", "scan", "battle_stations", "target_lock",
                                                          "aux_power", "cloak")),
                "for each uncanceled hit or critical hit, the ship it hits loses one token beside it of this seat's "
                "choice (its target lock and its cloak token count)",
                condition=Condition(role="attacker", weapon="this", hit=True), optional=False),),
        note="fires as a torpedo: target lock spent, disabled, forward or rear arc (loadout)"),
    Card(("3112",), "Positron Beam", "tech", (
        Ability("planning", Effect("gain_token", token="aux_power", targets="ships", reach=(1,), pick=True),
                "in the Planning Phase, once the dials are set: discard to place an auxiliary power token beside a "
                "ship at Range 1", Cost(discard=True)),)),
    Card(("3046",), "Magnetic Pulse", "weapon", (
        Ability("attack_dice", Effect("fire_cost"), "firing it disables one of its ship's active shields (it may "
                "not fire without one)", Cost(shields=1), Condition(role="attacker", weapon="this"), optional=False),
        Ability("damage", Effect("crit_past_shields"), "each of its critical hits that would damage an active "
                "shield is a hit on the defender's hull instead", condition=Condition(role="attacker", weapon="this"),
                optional=False)),
        note="fires from the forward arc and is disabled (loadout)"),
    Card(("3041",), "Muon Feedback Wave", "tech", (
        Ability("action", Effect("gain_token", token="muon", targets="ships", reach=(1,), pick=True),
                "Action: discard: a Muon Token beside a ship at Range 1 (after each maneuver it suffers hull damage, "
                "the maneuver's number less one, until an action after a green or white maneuver removes it)",
                Cost(discard=True)),),
        note="only a Romulan Science Vessel may buy it: fleet building"),
    Card(("3011",), "Tractor Beam", "tech", (
        Ability("action", Effect("mark", targets="ships", reach=(1,), pick=True, roll=2),
                "Action: at a ship at Range 1: 2 attack dice; for each hit, that ship rolls 1 defense die fewer "
                "against its ship's next attack this round"),
        *per_count(_tractor_hits, 2, _fewer_defense, Condition(role="defender", scope="marked", check=_next_attack))),
        note="\"your next attack\" is the ship's attack of this round, after its Action (rulings.md)"),
    Card(("3072",), "Once More Unto The Breach", "talent", (
        Ability("action", Effect("mark"), "Action: discard: this round its primary weapon attacks twice, each "
                "attack at -1 attack die, and its ship rolls no defense dice", Cost(discard=True)),
        Ability("extra_attack", Effect("extra_attack"), "right after its primary weapon attack this round: one more "
                "attack with the primary weapon", Cost(limit="round"),
                Condition(role="attacker", scope="marked", weapon="primary")),
        attack_rider(-1, "-1 attack die to each primary weapon attack this round", weapon="primary"),
        defense_rider(0, "its ship rolls no defense dice this round")),
        note="the second attack follows the first at once, in the ship's own turn to attack (rulings.md)"),
    Card(("3013",), "Counter Attack", "talent", (
        Ability("action", Effect("mark"), "Action: this round, damaged by a ship in its forward firing arc, its "
                "ship may at once make one free attack at that ship"),
        Ability("extra_attack", Effect("extra_attack"), "its shields or hull just damaged by an attack from a ship "
                "in its forward firing arc, and its ship not destroyed: one free attack at that ship (its own attack "
                "of the round is kept)", Cost(limit="round"),
                Condition(role="defender", scope="marked", check=_attacker_in_forward_arc))),
        note="the free attack is made with any weapon the ship may fire at that ship (rulings.md)"),
    Card(("3047",), "Projected Stasis Field", "tech", (
        Ability("action", Effect("mark", targets="ships", reach=(1, 2), pick=True, and_self=True,
                                 disable_shields=True),
                "Action: its ship not cloaked: at a ship at Range 1-2, which disables every remaining active "
                "shield and may not attack this round; its own ship rolls 2 fewer attack dice this round",
                Cost(discard=True, shields=-1), Condition(check=_not_cloaked)),
        Ability("declare_target", Effect("cannot_attack", targets="marked"), "the ship it targets attacks no one "
                "this round", condition=Condition(scope="marked"), optional=False),
        attack_rider(-2, "its own ship rolls 2 fewer attack dice this round", check=is_owner))),
)

"""Ship cards' own abilities (the ship card's catalog id is among its ship's cards when it prints
one: ``abilities.printed``). Each says in the project's words what the card's text does."""

from __future__ import annotations

from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities.cards.common import (
    ANY,
    DEFENDING,
    MARKED_ATTACKING,
    attack_rider,
    defense_rider,
    dice,
    green,
    per_count,
    this_round,
)
from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect, Situation


def _cloaked(sit: Situation) -> bool:
    return sit.owner.cloaked


def _attack_ship_near(sit: Situation) -> bool:
    """A friendly Jem'Hadar Attack Ship within Range 1-2 of the card's ship."""
    return any(s.id != sit.owner.id and s.class_name == "Jem'Hadar Attack Ship"
               and rules.band_between(sit.owner, s) in (1, 2) for s in sit.state.in_play(sit.owner.side))


def _no_enemy_at_range_1(sit: Situation) -> bool:
    return not any(rules.band_between(sit.owner, s) == 1 for s in sit.state.in_play() if s.side != sit.owner.side)


def _damage_cards(sit: Situation) -> int:
    return len(sit.owner.damage)


def _rerolls(n: int, condition: Condition) -> Ability:
    """The Aj'Rmr with ``n`` damage cards (6: that many or more) rerolls up to ``n`` attack dice."""
    cards = f"{n}{'+' if n == 6 else ''} damage card{'s' if n > 1 else ''}"
    return Ability("modify_attack", Effect("reroll", n, "attack"),
                   f"attacking with {cards}: reroll up to {n} attack {'dice' if n > 1 else 'die'}", condition=condition)


def _always(window: str, effect: Effect, summary: str, condition: Condition) -> Ability:
    return Ability(window, effect, summary, condition=condition, optional=False)  # type: ignore[arg-type]


CARDS: tuple[Card, ...] = (
    Card(("1001",), "U.S.S. Enterprise-D", "ship", (), note="instead of a primary weapon attack it may fire in any "
         "direction at Range 1-2 with 3 attack dice: a weapon of the ship card (\"fire in any direction\"), "
         "never disabled by firing; not the primary weapon (no Range 1 bonus die, rulings.md)"),
    Card(("1030",), "U.S.S. Defiant", "ship", (
        _always("modify_attack", Effect("convert", 0, "attack", ("crit",), to="hit"),
                "defending: every critical hit of the attacker becomes a hit", DEFENDING),)),
    Card(("1044",), "U.S.S. Excelsior", "ship", (
        Ability("after_move", Effect("free_action", actions=("scan",)), "after moving with no enemy ship within "
                "Range 1: a free Scan action", condition=Condition(check=_no_enemy_at_range_1)),)),
    Card(("1009",), "U.S.S. Enterprise", "ship", (
        _always("aux_power", Effect("aux_actions"), "with an auxiliary power token: it still performs an action "
                "of its Action Bar", Condition()),)),
    Card(("2nd_division_cruiser_71524",), "2nd Division Cruiser", "ship", (
        dice("defense", 1, "defending within Range 1-2 of a friendly Jem'Hadar Attack Ship: +1 defense die",
             Condition(role="defender", check=_attack_ship_near), optional=False),)),
    Card(("1036",), "5th Wing Patrol Ship", "ship", (
        this_round("Action: this round +1 attack die attacking, -1 defense die defending"),
        attack_rider(1, "marked, attacking: +1 attack die"),
        defense_rider(-1, "marked, defending: -1 defense die"))),
    Card(("3rd_wing_attack_ship_3rd_wing_attack_ship",), "3rd Wing Attack Ship", "ship", (
        dice("attack", 1, "attacking with the primary weapon: disable one of its crew upgrades for +1 attack die",
             Condition(role="attacker", weapon="primary"), Cost(disable_upgrade="crew")),)),
    Card(("1015",), "I.K.S. Gr'oth", "ship", (
        dice("defense", 1, "defending against a ship at Range 1: +1 defense die",
             Condition(role="defender", bands=(1,)), optional=False),)),
    Card(("1011",), "I.R.W. Valdore", "ship", (
        dice("attack", 1, "attacking in a round it performed a green maneuver: +1 attack die",
             Condition(role="attacker", check=green), optional=False),)),
    Card(("1003",), "I.R.W. Khazara", "ship", (
        dice("attack", 1, "attacking while cloaked: +1 attack die", Condition(role="attacker", check=_cloaked),
             optional=False),)),
    Card(("1007",), "U.S.S. Reliant", "ship", (
        dice("attack", 1, "attacking at Range 1: +1 attack die", Condition(role="attacker", bands=(1,)),
             optional=False),)),
    Card(("1005",), "I.K.S. Maht-H'A", "ship", (
        dice("attack", -1, "defending at Range 1: the attacker rolls 1 attack die less",
             Condition(role="defender", bands=(1,)), optional=False),)),
    Card(("1032",), "I.K.S. Kronos One", "ship", (
        dice("attack", -1, "defending at Range 3: the attacker rolls 1 attack die less",
             Condition(role="defender", bands=(3,)), optional=False),)),
    Card(("1038",), "I.K.S. Koraga", "ship", (
        dice("defense", 1, "defending while cloaked: +1 defense die", Condition(role="defender", check=_cloaked),
             optional=False),)),
    Card(("1028",), "I.K.S. Ch'tang", "ship", (
        Ability("modify_attack", Effect("reroll", ANY, "attack"), "attacking while cloaked: reroll any number of "
                "its attack dice once", condition=Condition(role="attacker", check=_cloaked)),)),
    Card(("1048",), "U.S.S. Sutherland", "ship", (
        Ability("modify_attack", Effect("reroll", ANY, "attack"), "attacking at Range 3: reroll any number of "
                "its attack dice once", condition=Condition(role="attacker", bands=(3,))),)),
    Card(("1046",), "R.I.S. Vo", "ship", (
        Ability("after_move", Effect("free_action", actions=("evasive_maneuvers",), and_self=True),
                "after moving: a free Evasive Maneuvers action, and then no attack this round"),
        Ability("declare_target", Effect("cannot_attack", targets="owner"),
                "after its free Evasive Maneuvers it attacks no one this round", optional=False))),
    Card(("1042",), "P.W.B. Aj'Rmr", "ship", per_count(_damage_cards, 6, _rerolls, Condition(role="attacker"))),
    Card(("1023",), "Krayton", "ship", (
        this_round("Action: disable 1 active shield: this round +1 attack die, and its blanks may be rerolled once",
                   Cost(shields=1)),
        attack_rider(1, "marked, attacking: +1 attack die"),
        Ability("modify_attack", Effect("reroll", 0, "attack", ("blank",)), "marked, attacking: reroll every blank "
                "result once", condition=MARKED_ATTACKING))),
)

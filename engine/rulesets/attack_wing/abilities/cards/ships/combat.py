"""Ship cards whose own abilities play in an attack's steps: which attacks may be declared, the dice
counted and rolled, rerolls and conversions. Each says in the project's words what the card's text does."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities.cards.common import (
    ANY,
    ATTACKING,
    DEFENDING,
    behind_target,
    dice,
    green,
    per_count,
)
from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect, Situation

if TYPE_CHECKING:
    from engine.rulesets.attack_wing.state import ShipState


def _cloaked(sit: Situation) -> bool:
    return sit.owner.cloaked


def _attack_ship_near(sit: Situation) -> bool:
    """A friendly Jem'Hadar Attack Ship within Range 1-2 of the card's ship."""
    return any(s.id != sit.owner.id and s.class_name == "Jem'Hadar Attack Ship"
               and rules.band_between(sit.owner, s) in (1, 2) for s in sit.state.in_play(sit.owner.side))


def _defender(sit: Situation) -> ShipState | None:
    return sit.state.ship(sit.attack.defender.id) if sit.attack is not None else None


def _at_cloaked(sit: Situation) -> bool:
    """The ship attacked is cloaked."""
    defender = _defender(sit)
    return defender is not None and defender.cloaked


def _at_scanned(sit: Situation) -> bool:
    """The ship attacked has a scan token beside it."""
    defender = _defender(sit)
    return defender is not None and defender.scan > 0


def _attack_ship_at_1(sit: Situation) -> bool:
    """Another friendly Jem'Hadar Attack Ship within Range 1 of the card's ship."""
    return any(s.id != sit.owner.id and s.class_name == "Jem'Hadar Attack Ship"
               and rules.band_between(sit.owner, s) == 1 for s in sit.state.in_play(sit.owner.side))


def _not_at_cloaked(sit: Situation) -> bool:
    return not _at_cloaked(sit)


def _bigger_target(sit: Situation) -> bool:
    """The ship attacked has a greater printed hull or primary weapon value than the card's ship."""
    defender = _defender(sit)
    return defender is not None and (defender.hull > sit.owner.hull or defender.attack > sit.owner.attack)


def _friends_at_1(sit: Situation) -> int:
    """Friendly ships within Range 1 of the card's ship."""
    return sum(1 for s in sit.state.in_play(sit.owner.side) if s.id != sit.owner.id
               and rules.band_between(sit.owner, s) == 1)


def _other_romulans(sit: Situation) -> int:
    """The other Romulan ships of its fleet still in play."""
    return sum(1 for s in sit.state.in_play(sit.owner.side) if s.id != sit.owner.id and s.faction == "Romulan")


def _damage_cards(sit: Situation) -> int:
    return len(sit.owner.damage)


def _rerolls(n: int, condition: Condition) -> Ability:
    """The Aj'Rmr with ``n`` damage cards (6: that many or more) rerolls up to ``n`` attack dice."""
    cards = f"{n}{'+' if n == 6 else ''} damage card{'s' if n > 1 else ''}"
    return Ability("modify_attack", Effect("reroll", n, "attack"),
                   f"attacking with {cards}: reroll up to {n} attack {'dice' if n > 1 else 'die'}", condition=condition)


def _always(window: str, effect: Effect, summary: str, condition: Condition) -> Ability:
    return Ability(window, effect, summary, condition=condition, optional=False)  # type: ignore[arg-type]


def _torpedo(sit: Situation) -> bool:
    """The weapon fired is a torpedo: a secondary weapon whose card's name says so (rulings.md)."""
    weapon = sit.attack.weapon if sit.attack is not None else None
    return weapon is not None and "torpedo" in weapon.name.casefold()


def _lock_weapon(sit: Situation) -> bool:
    """The weapon fired asks for a target lock on the defender (a torpedo's "spend your target lock")."""
    weapon = sit.attack.weapon if sit.attack is not None else None
    return weapon is not None and weapon.needs_target_lock and _torpedo(sit)


CARDS: tuple[Card, ...] = (
    Card(("1001",), "U.S.S. Enterprise-D", "ship", (), note="instead of a primary weapon attack it may fire in any "
         "direction at Range 1-2 with 3 attack dice: a weapon of the ship card (\"fire in any direction\"), "
         "never disabled by firing; not the primary weapon (no Range 1 bonus die, rulings.md)"),
    Card(("1030",), "U.S.S. Defiant", "ship", (
        _always("modify_attack", Effect("convert", 0, "attack", ("crit",), to="hit"),
                "defending: every critical hit of the attacker becomes a hit", DEFENDING),)),
    Card(("2nd_division_cruiser_71524",), "2nd Division Cruiser", "ship", (
        dice("defense", 1, "defending within Range 1-2 of a friendly Jem'Hadar Attack Ship: +1 defense die",
             Condition(role="defender", check=_attack_ship_near), optional=False),)),
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
    Card(("1042",), "P.W.B. Aj'Rmr", "ship", per_count(_damage_cards, 6, _rerolls, Condition(role="attacker"))),
    Card(("1021",), "Gor Portas", "ship", (
        Ability("attack_dice", Effect("keep_lock"), "firing a torpedo that needs its target lock: the lock is "
                "not spent (it may still reroll dice in that attack, as any lock)",
                condition=Condition(role="attacker", check=_lock_weapon), optional=False),)),
    Card(("1025",), "Deep Space 9", "ship", (
        Ability("attack_dice", Effect("spare_weapon"), "firing a torpedo: the torpedo card is not disabled",
                condition=Condition(role="attacker", check=_torpedo), optional=False),),
        note="a station: it moves only as its printed dial allows (stop and rotations; tournament ruling 50), "
             "as the engine's dial for it already does"),
    # ship cards of the later waves whose dice the attack's own situation decides
    Card(("d_kyr_71446",), "D'Kyr", "ship", (
        dice("attack", 1, "attacking at Range 3: +1 attack die", Condition(role="attacker", bands=(3,)),
             optional=False),)),
    Card(("u_s_s_enterprise_d_72944",), "U.S.S. Enterprise-D", "ship", (
        dice("attack", -1, "defending: the attacker rolls 1 attack die less", DEFENDING, optional=False),)),
    Card(("seleya_72221i",), "Seleya", "ship", (
        dice("defense", 1, "defending with a scan token beside it: +1 defense die",
             Condition(role="defender", token="scan"), optional=False),)),
    Card(("ni_var_71527",), "Ni'Var", "ship", (
        dice("attack", 1, "attacking at Range 3 with the primary weapon, a scan token beside it: +1 attack die",
             Condition(role="attacker", bands=(3,), weapon="primary", token="scan"), optional=False),)),
    Card(("i_k_s_korinar_71999p",), "I.K.S. Korinar", "ship", (
        dice("attack", 1, "attacking at Range 1 with the primary weapon while cloaked: +1 attack die",
             Condition(role="attacker", bands=(1,), weapon="primary", check=_cloaked), optional=False),)),
    Card(("relora_sankur_71646c",), "Relora-Sankur", "ship", (
        dice("attack", 1, "attacking in a round it performed a green maneuver: +1 attack die",
             Condition(role="attacker", check=green), optional=False),)),
    Card(("nistrim_raider_71282",), "Nistrim Raider", "ship", (
        dice("attack", 2, "attacking a ship with a scan token beside it, with the primary weapon: +2 attack dice",
             Condition(role="attacker", weapon="primary", check=_at_scanned), optional=False),)),
    Card(("u_s_s_hood_71998p",), "U.S.S. Hood", "ship", (
        dice("attack", 1, "attacking a cloaked ship: +1 attack die", Condition(role="attacker", check=_at_cloaked),
             optional=False),)),
    Card(("interceptor_8_72221g",), "Interceptor 8", "ship", (
        dice("attack", 1, "attacking from outside the target's forward firing arc: +1 attack die",
             Condition(role="attacker", check=behind_target), optional=False),)),
    Card(("u_s_s_defiant_ncc_1764_72225p",), "U.S.S. Defiant NCC-1764", "ship", (
        Ability("modify_attack", Effect("reroll", 0, "attack", ("blank",)), "attacking from outside the target's "
                "forward firing arc: reroll every blank result once",
                condition=Condition(role="attacker", check=behind_target)),)),
    # ship cards of the later waves that pay for their dice in the attack (a shield, a token, an upgrade)
    Card(("u_s_s_enterprise_d_71510b",), "U.S.S. Enterprise-D", "ship", (
        dice("attack", 1, "attacking: disable one active shield for +1 attack die", ATTACKING, Cost(shields=1)),)),
    Card(("halik_raider_72018",), "Halik Raider", "ship", (
        dice("defense", 2, "defending: disable one active shield for +2 defense dice", DEFENDING, Cost(shields=1)),)),
    Card(("ti_mur_71508",), "Ti'Mur", "ship", (
        dice("attack", 1, "attacking: disable one of its ready tech upgrades for +1 attack die", ATTACKING,
             Cost(disable_upgrade="tech")),)),
    Card(("orassin_72341",), "Orassin", "ship", (
        Ability("modify_attack", Effect("convert", 1, "attack", ("hit",), "crit"), "attacking: spend a battle "
                "stations token to turn one hit into a critical hit", Cost(token="battle_stations"), ATTACKING),)),
    Card(("muratas_72335",), "Muratas", "ship", (
        Ability("modify_attack", Effect("reroll", 2, "attack"), "attacking: disable one active shield to reroll "
                "up to 2 attack dice", Cost(shields=1), ATTACKING),)),
    Card(("i_k_s_bortas_72323p",), "I.K.S. Bortas", "ship", (
        Ability("modify_defense", Effect("reroll", 1, "defense"), "defending: reroll one defense die, placing an "
                "auxiliary power token beside it", Cost(aux_power=True), DEFENDING),)),
    Card(("i_r_w_rateg_72321p",), "I.R.W. Rateg", "ship", (
        Ability("modify_defense", Effect("reroll", 2, "defense"), "defending while cloaked: reroll up to 2 defense "
                "dice", condition=Condition(role="defender", check=_cloaked)),)),
    Card(("federation_attack_fighter_op6prize",), "Federation Attack Fighter", "ship", (
        Ability("modify_attack", Effect("reroll", 1, "attack"), "attacking at Range 1: reroll one attack die",
                condition=Condition(role="attacker", bands=(1,))),)),
    Card(("3rd_division_battle_cruiser_72946",), "3rd Division Battle Cruiser", "ship", (
        dice("defense", 1, "every Jem'Hadar Attack Ship within Range 1 of it, friend or enemy (the card says no "
             "more), rolls +1 defense die",
             Condition(role="defender", scope="near", aura=(1,), classes=("Jem'Hadar Attack Ship",)),
             optional=False),)),
    Card(("2nd_wing_patrol_ship_72946",), "2nd Wing Patrol Ship", "ship", (
        dice("defense", 2, "defending with another friendly Jem'Hadar Attack Ship within Range 1: +2 defense dice",
             Condition(role="defender", check=_attack_ship_at_1), optional=False),)),
    Card(("u_s_s_enterprise_a_72319g",), "U.S.S. Enterprise-A", "ship", (
        dice("attack", 1, "attacking with a scan token beside it: +1 attack die",
             Condition(role="attacker", token="scan", check=_not_at_cloaked), optional=False),
        dice("attack", 2, "attacking a cloaked ship with a scan token beside it: +2 attack dice",
             Condition(role="attacker", token="scan", check=_at_cloaked), optional=False))),
    # ship cards of the later waves that count their target or their fleet
    Card(("i_k_s_t_ong_72009",), "I.K.S. T'Ong", "ship", (
        dice("attack", 1, "attacking with the primary weapon a ship of greater hull or primary weapon value: "
             "+1 attack die", Condition(role="attacker", weapon="primary", check=_bigger_target), optional=False),)),
    Card(("nistrim_culluh_72221h",), "Nistrim-Culluh", "ship", per_count(
        _friends_at_1, 2, lambda n, c: dice("attack", n, f"attacking at Range 3: +1 attack die for each friendly "
                                            f"ship within Range 1 of it, at most 2 ({n})", c, optional=False),
        Condition(role="attacker", bands=(3,)))),
    Card(("i_r_w_haakona_71794",), "I.R.W. Haakona", "ship", per_count(
        _other_romulans, 4, lambda n, c: dice("attack", n, f"attacking with the primary weapon while cloaked: +1 "
                                              f"attack die for each other Romulan ship of its fleet, at most 4 ({n})",
                                              c, optional=False),
        Condition(role="attacker", weapon="primary", check=_cloaked))),
    Card(("korok_s_bird_of_prey_71512",), "Korok's Bird-of-Prey", "ship", (
        dice("defense", -1, "attacking at Range 1 while cloaked: the defender rolls 1 defense die fewer",
             Condition(role="attacker", bands=(1,), check=_cloaked), optional=False),),
        note="not in the same fleet as Assimilated Vessel 80279: fleet building"),
)

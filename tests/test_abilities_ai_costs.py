"""The AI weighs a card's price against its gain (abilities/policy.py: expected damage from exact
odds against what the card is worth kept), and values the skirmish captains' Actions -- Riker's
return fire, Weyoun's ban, Keevan's first strike -- in expected damage (abilities/advice.py): each
where it helps and one where it does not."""

from __future__ import annotations

from dataclasses import replace

from ability_helpers import AKIRA, ATTACK_SHIP, VORCHA, attack, dice_count, facing, one_attack, ship, used
from aw_helpers import ScriptedPlayer, make_ship
from test_abilities_ai import AiActions

from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.model import Cost
from engine.rulesets.attack_wing.abilities.worth import KEEP_DISCARDED, keep_value
from engine.rulesets.attack_wing.odds import attack_odds

BLANKS = ["blank"] * 40
APTP = "all_power_to_phasers_72317p"  # attacking, primary: discard and disable every active shield: +2 dice


def test_a_discard_is_worth_the_rounds_left_and_nothing_at_the_end() -> None:
    g = attack(BLANKS)
    state, a = g.state, g.state.ship("A")
    assert keep_value(replace(state, round=1, round_limit=6), a, Cost(discard=True))[0] == 3 * KEEP_DISCARDED
    assert keep_value(replace(state, round=5, round_limit=6), a, Cost(discard=True))[0] == KEEP_DISCARDED
    assert keep_value(replace(state, round=6, round_limit=6), a, Cost(discard=True))[0] == 0  # the last round
    battered = replace(a, shields=0, damage=a.damage)  # hull 5, no shields: still 5 from destruction
    assert keep_value(replace(state, round=1, round_limit=6), battered, Cost(discard=True))[0] > 0


def test_all_power_to_phasers_is_kept_while_the_shields_are_worth_more() -> None:
    # +2 attack dice (5 -> 7 against 2) gains about 0.8 expected damage; 3 active shields are worth more
    g = attack(BLANKS, a=[APTP])
    assert not used(g, APTP) and dice_count(g, "attack") == 5
    gain = attack_odds(7, 2).expected_damage - attack_odds(5, 2).expected_damage
    assert 0.6 < gain < 1.05  # 3 shields at 0.35 each


def test_all_power_to_phasers_is_used_with_no_shield_left_in_the_last_round() -> None:
    g = one_attack([ship("A", 0, AKIRA, upgrades=[APTP], shields=0), ship("J", 1, ATTACK_SHIP)], BLANKS)
    [use] = used(g, APTP)
    assert dice_count(g, "attack") == 7
    assert "exact odds" in use.reason and "5 -> 7 attack dice against 2" in use.reason
    assert "no later use" in use.reason  # discarded in the last round: nothing kept


def test_a_costly_defense_card_is_counted_in_the_odds_only_when_the_policy_takes_it() -> None:
    # Tachyon Pulse: defending, disable for +1 defense die. The odds predict the policy's choice
    g = attack(BLANKS, j=["tachyon_pulse_72325g"])
    odds = next(e for e in g.events if isinstance(e, ev.AttackOdds))
    taken = bool(used(g, "tachyon_pulse_72325g"))
    assert odds.defense_dice == dice_count(g, "defense") == (3 if taken else 2)
    gain = attack_odds(5, 2).expected_damage - attack_odds(5, 3).expected_damage
    assert taken == (gain > 0.3)


# --- Riker, Weyoun, Keevan ------------------------------------------------------------------------

def _ai_action(ships: list[ev.ShipSetup], poses: dict[str, Pose]) -> ev.ActionPerformed:
    g = one_attack(ships, BLANKS, players=[AiActions(), ScriptedPlayer()], poses=poses, holds=())
    return next(e for e in g.events if isinstance(e, ev.ActionPerformed) and e.ship == "A")


def _behind(gap: float) -> dict[str, Pose]:
    """A has its back to J, which faces it, ``gap`` mm apart (centres): J may attack A, not A J."""
    return {"A": Pose(400, 450 - gap / 2, 180), "J": Pose(400, 450 + gap / 2, 180)}


def test_riker_fires_back_when_an_enemy_may_attack_him_at_range_1() -> None:
    # his ship has nothing to shoot and the Attack Ship behind it may attack it at Range 1
    done = _ai_action([ship("A", 0, AKIRA, captain="2002"), ship("J", 1, ATTACK_SHIP)], _behind(120))
    assert done.action == "ability:2002:0"
    assert done.reason.startswith("William T. Riker: 2 dice back (1.00 expected damage, no defense)")
    done = _ai_action([ship("A", 0, AKIRA, captain="2002"), ship("J", 1, ATTACK_SHIP)], _behind(160))
    assert done.action == "evasive_maneuvers"  # at Range 2: no return fire to expect


def test_weyoun_bans_the_attack_at_his_ship_when_he_has_none_to_give_up() -> None:
    weyoun = "weyoun_71524"
    done = _ai_action([ship("A", 0, ATTACK_SHIP, captain=weyoun), ship("J", 1, VORCHA)], _behind(200))
    assert done.action == f"ability:{weyoun}:0" and done.target == "J"
    assert "spares his ship" in done.reason and "giving up" not in done.reason
    done = _ai_action([ship("A", 0, ATTACK_SHIP, captain=weyoun), ship("J", 1, AKIRA)], facing(2))
    assert done.action != f"ability:{weyoun}:0"  # his own attack given up is worth more


def _facing(gap: float) -> dict[str, Pose]:
    return {"A": Pose(400, 450 - gap / 2, 0), "J": Pose(400, 450 + gap / 2, 180)}


def test_keevan_strikes_first_at_a_battered_faster_target() -> None:
    keevan = "keevan_71524"  # Captain Skill 4; Gowron's ship (skill 8) fires first unless Keevan acts
    battered = make_ship("J", 1, VORCHA, captain="2019", hull=1, shields=0)
    done = _ai_action([ship("A", 0, ATTACK_SHIP, captain=keevan), battered], _facing(200))
    assert done.action == f"ability:{keevan}:0" and done.target == "J"
    assert "first: destroys it with 84%" in done.reason
    healthy = ship("J", 1, VORCHA, captain="2019")  # hull 7 and its shields: it survives to roll +4 dice
    done = _ai_action([ship("A", 0, ATTACK_SHIP, captain=keevan), healthy], _facing(200))
    assert done.action != f"ability:{keevan}:0"


def test_an_actions_choice_of_token_or_upgrade_gives_its_reason() -> None:
    from engine.rulesets.attack_wing.abilities import policy
    from engine.rulesets.attack_wing.abilities.registry import CARDS
    from engine.rulesets.attack_wing.actions import ActionOption
    from engine.rulesets.attack_wing.players import AbilityOffer

    g = attack(BLANKS, j=["3006", "quinn_72000b"])  # J: Photon Torpedoes and Quinn
    state = replace(g.state, attack=None)
    kirk = CARDS["james_t_kirk_cap_71523"].abilities[0]
    offer = AbilityOffer("A", "james_t_kirk_cap_71523", "James T. Kirk", 0, "action", kirk.summary, "", "J",
                         actions=(ActionOption("quinn_72000b"), ActionOption("3006")))
    use = policy.default(state, state.ship("A"), kirk, offer)
    assert use is not None and use.choice == "3006"
    assert "Photon Torpedoes" in use.reason and "armed weapon" in use.reason
    soval = CARDS["soval_71446"].abilities[0]
    state = state.update("J", battle_stations=1, scan=1)
    offer = AbilityOffer("A", "soval_71446", "Soval", 0, "action", soval.summary, "", "J",
                         actions=(ActionOption("scan"), ActionOption("battle_stations")))
    use = policy.default(state, state.ship("A"), soval, offer)
    assert use is not None and use.choice == "battle_stations" and "battle stations token" in use.reason


def test_the_odds_count_a_card_paid_once_for_one_of_its_abilities_only() -> None:
    # Tachyon Pulse: +1 (disable), or +2 against a scanning attacker (disable): one disable, one use
    from ability_helpers import seats

    from engine.rulesets.attack_wing.players import ActionChoice
    g = attack(BLANKS, j=["tachyon_pulse_72325g"], seats=seats([ActionChoice("scan")]))
    odds = next(e for e in g.events if isinstance(e, ev.AttackOdds))
    assert len(used(g, "tachyon_pulse_72325g")) == 1
    assert odds.defense_dice == dice_count(g, "defense")

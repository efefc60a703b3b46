"""The AI's "Action:" cards it used to decline, each where its text helps and where it does not
(abilities/advice*.py; ai_card_uses.py lists the cards in play never used), and a ship whose Action
placed an Auxiliary Power Token performing no free action after it (rulings.md)."""

from __future__ import annotations

from dataclasses import replace

from ability_helpers import AKIRA, ATTACK_SHIP, VORCHA, one_attack, ship, used
from aw_helpers import ScriptedPlayer

from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import actions
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities import moves
from engine.rulesets.attack_wing.abilities.action_windows import action_options
from engine.rulesets.attack_wing.abilities.advice import MUON_REMOVAL, action_value, maneuver_worth
from engine.rulesets.attack_wing.abilities.advice_odds import DAMAGE_VALUE
from engine.rulesets.attack_wing.abilities.mines import BEHIND
from engine.rulesets.attack_wing.abilities.mines import _default as mines_default
from engine.rulesets.attack_wing.ai import AiPlayer
from engine.rulesets.attack_wing.odds import odds_for
from engine.rulesets.attack_wing.players import ActionChoice
from engine.rulesets.attack_wing.rules import attack_options
from engine.rulesets.attack_wing.state import GameState

ENGAGE, PICARD = "3001", "2001"


def test_no_free_action_after_an_action_that_placed_auxiliary_power() -> None:
    # Engage: after a green maneuver, an additional green maneuver and an Auxiliary Power Token; the
    # rulebook's "Auxiliary Power": no action with the token, so Picard's free action is not offered
    seat = ScriptedPlayer(actions={"A": [ActionChoice(f"ability:{ENGAGE}:0")]}, use_abilities=True)
    g = one_attack([ship("A", 0, AKIRA, captain=PICARD, upgrades=[ENGAGE]), ship("J", 1, ATTACK_SHIP)],
                   ["blank"] * 40, players=[seat, ScriptedPlayer()], holds=())
    assert used(g, ENGAGE)
    assert any(isinstance(e, ev.TokensChanged) and e.ship == "A" and e.token == "aux_power" and e.delta == 1
               for e in g.events)
    assert not used(g, PICARD)
    assert not [o for o in seat.offers if o.card == PICARD]
    assert g.state.result is not None  # the game plays on to its end


# --- the AI's Perform Action step on a table built for it ---------------------------------------

BLANKS = ["blank"] * 40
CORBOMITE, GLINN_TELLE, MUON_WAVE, KYLE, OBRIEN, APNEX = "3027", "3053", "3041", "3020", "3090", "1013"


def _table(a: ev.ShipSetup, *others: ev.ShipSetup, poses: dict[str, Pose], round_limit: int = 6,
           **edits: object) -> GameState:
    """The ships at ``poses`` in round 1 of ``round_limit``, A's Perform Action step to come (after a
    green 1 straight); ``edits`` change ship A (its shields, hull damage)."""
    g = one_attack([a, *others], BLANKS, players=[ScriptedPlayer(), ScriptedPlayer()], poses=dict(poses),
                   holds=("A", *(o.id for o in others)))
    state = replace(g.state, result=None, round=1, round_limit=round_limit)
    for s in state.ships:
        state = state.with_ship(replace(s, pose=poses[s.id], actions_done=(), **(edits if s.id == "A" else {})))
    return state


def _choice(state: GameState) -> ActionChoice:
    a = state.ship("A")
    options = [*actions.action_options(state, a, lambda s: ()), *action_options(state, a)]
    return AiPlayer().act(state, a, options)


def _behind(gap: float) -> dict[str, Pose]:
    """A has its back to J, which faces it, ``gap`` mm apart (centres): J may attack A, not A J."""
    return {"A": Pose(400, 450 - gap / 2, 180), "J": Pose(400, 450 + gap / 2, 180)}


GAP = {1: 140.0, 2: 230.0, 3: 340.0}  # centres of two ships at the band (``facing`` after their 1 straights)


def _facing(band: int) -> dict[str, Pose]:
    """A and J face each other at the band."""
    return {"A": Pose(400, 450 - GAP[band] / 2, 0), "J": Pose(400, 450 + GAP[band] / 2, 180)}


def _away(band: int) -> dict[str, Pose]:
    """A faces J at the band; J faces away: A may attack J, J no one."""
    return {**_facing(band), "J": Pose(400, 450 + GAP[band] / 2, 0)}


def test_corbomite_when_the_ship_has_nothing_to_shoot_and_is_under_fire() -> None:
    # Corbomite Maneuver: discard; no enemy ship attacks it this round and it attacks no one. Its back
    # to the Vor'cha, which may attack it: nothing given up for the fire spared
    state = _table(ship("A", 0, AKIRA, upgrades=[CORBOMITE]), ship("J", 1, VORCHA), poses=_behind(160))
    choice = _choice(state)
    assert choice.action == f"ability:{CORBOMITE}:0"
    a, j = state.ship("A"), state.ship("J")
    spared = max(odds_for(j, a, o.weapon, o.band, False).expected_damage
                 for o in attack_options(state, j) if o.defender == "A")
    assert f"spares it {spared:.2f} expected damage (exact odds)" in choice.reason


def test_corbomite_kept_when_nothing_fires_at_the_ship_or_its_own_attack_is_worth_more() -> None:
    # nothing may attack it: the card spares nothing (the AI locks its target instead)
    state = _table(ship("A", 0, AKIRA, upgrades=[CORBOMITE]), ship("J", 1, VORCHA), poses=_away(2))
    assert _choice(state).action == "target_lock"
    # both fire at Range 2: its own attack (4 dice at agility 1) is worth more than the fire it spares
    state = _table(ship("A", 0, AKIRA, upgrades=[CORBOMITE]), ship("J", 1, ATTACK_SHIP), poses=_facing(2))
    value, why, _ = action_value(state, state.ship("A"), f"ability:{CORBOMITE}:0", 3.0, (), None)
    assert "giving up its own attack" in why and value < 0
    assert _choice(state).action != f"ability:{CORBOMITE}:0"


def test_glinn_telle_is_worth_the_damage_two_fewer_dice_spare_and_picks_the_enemy_that_loses_most() -> None:
    # Glinn Telle: discard; a ship in the forward arc at Range 1-3 rolls 2 fewer attack dice this round.
    # The Vor'cha (5 dice) and the Attack Ship (3 dice) both face A at Range 2
    poses = {"A": Pose(400, 335, 0), "J": Pose(350, 565, 180), "K": Pose(450, 565, 180)}
    state = _table(ship("A", 0, ATTACK_SHIP, upgrades=[GLINN_TELLE]), ship("J", 1, VORCHA),
                   ship("K", 1, ATTACK_SHIP), poses=poses)
    a = state.ship("A")
    value, why, pick = action_value(state, a, f"ability:{GLINN_TELLE}:0", 8.0, ("J", "K"), None)

    def spared(enemy: str) -> float:
        e = state.ship(enemy)
        o = max((o for o in attack_options(state, e) if o.defender == "A"),
                key=lambda o: odds_for(e, a, o.weapon, o.band, False).expected_damage)
        return odds_for(e, a, o.weapon, o.band, False).expected_damage \
            - odds_for(e, a, o.weapon, o.band, False, extra_attack=-2).expected_damage
    assert pick == "J" and spared("J") > spared("K") > 0
    assert value == DAMAGE_VALUE * spared("J") - 0.3  # less the card discarded
    assert f"{spared('J'):.2f} expected damage spared (exact odds)" in why


def test_glinn_telle_kept_for_an_enemy_that_cannot_attack() -> None:
    state = _table(ship("A", 0, ATTACK_SHIP, upgrades=[GLINN_TELLE]), ship("J", 1, VORCHA), poses=_away(2))
    value, _, _ = action_value(state, state.ship("A"), f"ability:{GLINN_TELLE}:0", 0.0, ("J",), None)
    assert value < 0
    assert _choice(state).action == "target_lock"


def test_muon_feedback_wave_costs_the_enemy_an_action_while_rounds_are_left() -> None:
    # Muon Feedback Wave: discard; a Muon Token beside a ship at Range 1: hull damage after each of its
    # maneuvers above speed 1 until an action removes it (the AI values that removal at MUON_REMOVAL)
    state = _table(ship("A", 0, AKIRA, upgrades=[MUON_WAVE]), ship("J", 1, VORCHA), poses=_away(1))
    value, why, pick = action_value(state, state.ship("A"), f"ability:{MUON_WAVE}:0", 0.0, ("J",), None)
    assert pick == "J" and value == MUON_REMOVAL - 0.3 and "Muon Token beside" in why
    # the last round: no maneuver is left for the token to punish
    last = replace(state, round=6)
    value, why, _ = action_value(last, last.ship("A"), f"ability:{MUON_WAVE}:0", 0.0, ("J",), None)
    assert not why and value <= 0
    assert _choice(last).action != f"ability:{MUON_WAVE}:0"


def test_kyle_repairs_a_shield_under_fire_with_nothing_to_shoot_not_at_the_price_of_an_attack() -> None:
    # Kyle: after a green maneuver, repair 1 shield; 2 attack dice fewer this round
    hurt = _table(ship("A", 0, AKIRA, upgrades=[KYLE]), ship("J", 1, VORCHA), poses=_behind(160), shields=1)
    choice = _choice(hurt)
    assert choice.action == f"ability:{KYLE}:0" and "repair 1 shield" in choice.reason
    # facing its target at Range 1: the two dice it gives up cost more than the shield is worth
    hurt = _table(ship("A", 0, AKIRA, upgrades=[KYLE]), ship("J", 1, VORCHA), poses=_away(1), shields=1)
    _, why, _ = action_value(hurt, hurt.ship("A"), f"ability:{KYLE}:0", 0.0, (), None)
    assert "-2 attack dice" in why
    assert _choice(hurt).action != f"ability:{KYLE}:0"


def test_miles_obrien_counts_the_attack_his_ship_gives_up() -> None:
    # Miles O'Brien: disable; repair 2 shields; his ship attacks no one this round
    shot = _table(ship("A", 0, AKIRA, upgrades=[OBRIEN]), ship("J", 1, VORCHA), poses=_away(1), shields=1)
    value, why, _ = action_value(shot, shot.ship("A"), f"ability:{OBRIEN}:0", 0.0, (), None)
    assert "gives up its own attack" in why and value < 0
    # nothing to shoot, under fire: the shields for nothing given up
    hurt = _table(ship("A", 0, AKIRA, upgrades=[OBRIEN]), ship("J", 1, VORCHA), poses=_behind(160), shields=1)
    choice = _choice(hurt)
    assert choice.action == f"ability:{OBRIEN}:0" and "gives up" not in choice.reason


def test_an_effect_that_would_destroy_its_own_ship_is_never_worth_it() -> None:
    # R.I.S. Apnex (once per game): every ship at Range 1 suffers 1 damage, its own ship included
    poses = {"A": Pose(400, 400, 0), "J": Pose(400, 500, 180), "K": Pose(500, 400, 270)}
    state = _table(ship("A", 0, APNEX), ship("J", 1, VORCHA), ship("K", 1, VORCHA), poses=poses)
    a = state.ship("A")
    value, why, _ = action_value(state, a, f"ability:{APNEX}:0", 0.0, (), None)
    assert why.count("1 damage to") == 3
    doomed = state.with_ship(replace(a, shields=0, hull=1))
    value_doomed, why, _ = action_value(doomed, doomed.ship("A"), f"ability:{APNEX}:0", 0.0, (), None)
    assert "destroys" in why and value_doomed < value - 5


def test_antimatter_mines_dropped_behind_only_with_no_attack_and_an_enemy_flying_towards_them() -> None:
    # Antimatter Mines, as the ship's attack: a Minefield Token in its rear arc at Range 1
    state = _table(ship("A", 0, AKIRA, upgrades=["3007"]), ship("J", 1, VORCHA), poses=_behind(300))
    use = mines_default(state, state.ship("A"), "3007", [])
    assert use is not None and use.choice == BEHIND
    # J flies away: nothing is likely to enter them
    away = _table(ship("A", 0, AKIRA, upgrades=["3007"]), ship("J", 1, VORCHA),
                  poses={"A": Pose(400, 300, 180), "J": Pose(400, 600, 0)})
    assert mines_default(away, away.ship("A"), "3007", []) is None
    # an attack to make: the attack is worth more than a chance of J's entering them
    facing_j = _table(ship("A", 0, AKIRA, upgrades=["3007"]), ship("J", 1, VORCHA), poses=_facing(2))
    assert mines_default(facing_j, facing_j.ship("A"), "3007", []) is None


def test_cochrane_deceleration_comes_about_to_face_an_enemy_behind_not_one_ahead() -> None:
    # Cochrane Deceleration Maneuver: after a 1 straight, discard: come about; an auxiliary power token
    behind = _table(ship("A", 0, AKIRA, upgrades=["3026"]), ship("J", 1, ATTACK_SHIP), poses=_behind(160))
    choice = _choice(behind)
    assert choice.action == "ability:3026:0" and "come about: Dominion Starship in arc" in choice.reason
    ahead = _table(ship("A", 0, AKIRA, upgrades=["3026"]), ship("J", 1, ATTACK_SHIP), poses=_away(2))
    assert _choice(ahead).action == "target_lock"


def _ram(heading: float, **edits: object) -> GameState:
    """A Jem'Hadar Attack Ship with Suicide Attack; the Vor'cha right ahead of it, where its 1 straight
    overlaps it, facing it (180) or across its path (90)."""
    return _table(ship("A", 0, ATTACK_SHIP, upgrades=["3080"]), ship("J", 1, VORCHA),
                  poses={"A": Pose(400, 400, 0), "J": Pose(400, 490, heading)}, **edits)


def test_suicide_attack_rams_with_a_ship_the_fire_will_destroy_anyway() -> None:
    # Suicide Attack: 8 attack dice at the enemy its 1 straight overlaps; its own ship is destroyed.
    # One hull left, under the Vor'cha's fire: its points are lost anyway, and 3.6 damage is dealt
    choice = _choice(_ram(180, shields=0, hull=1))
    assert choice.action == "ability:3080:0" and "lost to the fire it is under" in choice.reason


def test_suicide_attack_kept_by_a_healthy_ship_or_one_whose_points_would_go_for_little() -> None:
    assert _choice(_ram(180)).action != "ability:3080:0"  # 5 hull and shields for 3.6 expected damage
    # one hull left but not under fire: it would give 8 of its points for a 2% chance at the Vor'cha's
    state = _ram(90, shields=0, hull=1)
    worth = maneuver_worth(state, state.ship("A"), "ability:3080:0", moves.table_of(state, state.ship("A")))
    assert worth is not None and worth[1] <= 0 and "(8 of its points)" in worth[2]
    assert _choice(state).action != "ability:3080:0"

"""Card effects on ships and cards (docs/abilities.md "How to add a card"): cancel a result in the
compare step, shield repair, an "Action:" aimed at another ship (a token removed or given, an
upgrade disabled), Time Tokens; each card from its text's situation, and one where it does not act.

The Akira (A) rolls 4 attack dice (+1 at Range 1) and 2 defense dice, 3 shields; the Jem'Hadar
Attack Ship (J) rolls 3 attack dice and 2 defense dice, 2 shields."""

from __future__ import annotations

from dataclasses import replace

import pytest
from ability_helpers import AKIRA, ATTACK_SHIP, facing, one_attack, resolved, ship, used
from aw_helpers import ScriptedDice, ScriptedPlayer, game

from engine.errors import IllegalDecision
from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.action_windows import action_options
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.players import ActionChoice

QUINN, REDSHIRT = "quinn_72000b", "3091"
REINFORCED, PARAMETALLIC = "reinforced_hull_plating_71536", "parametallic_hull_plating_72014"
HARRY_KIM, SOLIN, KONMEL, VULCAN_ENGINEER = "harry_kim_71280", "solin_72221i", "3008", "vulcan_engineer_72002p"
SOVAL, ALIDAR, KIRK, V_LAS = "soval_71446", "alidar_jarok_cap_72016", "james_t_kirk_cap_71523", "v_las_cap_71527"
NATASHA_YAR, PICARD = "natasha_yar_72224p", "jean_luc_picard_72944"
THOLIAN_PILOT, THOLIAN = "tholian_pilot_71795", "tholian_vessel_opwebprize"


def _events(g: Game, kind: type[ev.Event], ship_id: str | None = None) -> list[ev.Event]:
    return [e for e in g.events if isinstance(e, kind) and (ship_id is None or getattr(e, "ship", None) == ship_id)]


# --- cancel (Compare Results step) ------------------------------------------------------------------

@pytest.mark.parametrize("card", [QUINN, REINFORCED, PARAMETALLIC, REDSHIRT])
def test_a_defending_card_cancels_the_critical_hit_left_after_the_evades(card: str) -> None:
    # 1 crit and 2 hits against 1 evade: a hit and the crit are left; the card cancels the crit
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, upgrades=[card])],
                   ["crit", "hit", "hit", "blank", "blank", "evade", "blank"])
    [use] = used(g, card)
    assert use.window == "compare" and use.dice == (0,)
    [blanked] = [e for e in _events(g, ev.DiceConverted) if e.cause == use.card_name]  # type: ignore[attr-defined]
    assert blanked.ship == "A" and blanked.to == "blank"  # type: ignore[attr-defined]
    hit = resolved(g)
    assert (hit.hits, hit.crits) == (1, 0)
    state = g.state.ship("J")
    assert card in (state.cards_disabled if card == REINFORCED else state.cards_discarded)


@pytest.mark.parametrize("card", [QUINN, REDSHIRT])
def test_no_cancel_when_the_evades_already_cancel_every_hit(card: str) -> None:
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, upgrades=[card])],
                   ["hit", "blank", "blank", "blank", "blank", "evade", "blank"])
    assert used(g, card) == [] and resolved(g).hits == 0


def test_redshirt_may_cancel_any_die_quinn_only_a_hit_or_critical_hit() -> None:
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, upgrades=[REDSHIRT])],
                   ["battle_stations", "hit", "blank", "blank", "blank", "blank", "blank"],
                   players=[ScriptedPlayer(), ScriptedPlayer(use_abilities=True)])
    g2 = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, upgrades=[QUINN])],
                    ["battle_stations", "hit", "blank", "blank", "blank", "blank", "blank"],
                    players=[ScriptedPlayer(), ScriptedPlayer(use_abilities=True)])
    offered = {o.card: o.dice for p in (g.players[1], g2.players[1]) for o in p.offers}  # type: ignore[attr-defined]
    assert offered == {REDSHIRT: (0, 1), QUINN: (1,)}


# --- shield repair ------------------------------------------------------------------------------

def _repair_game(upgrades: list[str], action: str, faces: list[str], far: bool = False) -> Game:
    """Round 1: A's hits at Range 3 (4 attack dice, 3 defense dice) take J's shields (J holds fire);
    round 2: J's action is ``action``."""
    poses = facing(3) if not far else {"A": Pose(150, 100, 0), "J": Pose(650, 800, 0)}
    seats = [ScriptedPlayer(attacks={"A": ["J", None]}),
             ScriptedPlayer(actions={"J": [ActionChoice("pass"), ActionChoice(action)]}, attacks={"J": [None, None]})]
    g = game([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, upgrades=upgrades)], poses, seats,
             ScriptedDice(faces), round_limit=2)
    g.play()
    return g


def test_harry_kim_repairs_one_destroyed_shield_and_is_disabled() -> None:
    g = _repair_game([HARRY_KIM], f"ability:{HARRY_KIM}:0", ["hit", "hit"] + ["blank"] * 5)
    [repaired] = _events(g, ev.ShieldsRepaired, "J")
    assert repaired.amount == 1 and repaired.cause == "Harry Kim"  # type: ignore[attr-defined]
    j = g.state.ship("J")
    assert (j.shields, HARRY_KIM in j.cards_disabled) == (1, True)


def test_solin_repairs_up_to_two_shields_and_is_discarded() -> None:
    g = _repair_game([SOLIN], f"ability:{SOLIN}:0", ["hit", "hit"] + ["blank"] * 5)
    [repaired] = _events(g, ev.ShieldsRepaired, "J")
    assert repaired.amount == 2 and g.state.ship("J").shields == 2  # type: ignore[attr-defined]
    assert SOLIN in g.state.ship("J").cards_discarded


def test_konmel_repairs_a_shield_every_round_he_is_chosen() -> None:
    g = _repair_game([KONMEL], f"ability:{KONMEL}:0", ["hit"] + ["blank"] * 6)
    assert [e.amount for e in _events(g, ev.ShieldsRepaired, "J")] == [1]  # type: ignore[attr-defined]
    assert KONMEL not in g.state.ship("J").cards_disabled  # no cost


def test_a_shield_repair_is_not_offered_with_every_shield_up() -> None:
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, upgrades=[HARRY_KIM, KONMEL])], [],
                   holds=("A", "J"))
    j = g.state.ship("J")
    assert action_options(g.state, j) == []


def test_the_vulcan_engineer_repairs_only_with_no_enemy_within_range_3() -> None:
    near = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, upgrades=[VULCAN_ENGINEER])], [],
                      holds=("A", "J"))
    damaged = near.state.ship("J")
    hurt = replace(damaged, shields=1)
    assert action_options(near.state.with_ship(hurt), hurt) == []
    far = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, upgrades=[VULCAN_ENGINEER])], [],
                     holds=("A", "J"), poses={"A": Pose(100, 100, 180), "J": Pose(800, 800, 0)})
    alone = replace(far.state.ship("J"), shields=1)
    assert [o.action for o in action_options(far.state.with_ship(alone), alone)] == [f"ability:{VULCAN_ENGINEER}:0"]


def test_the_tholian_pilot_repairs_after_a_green_maneuver_only() -> None:
    def offered(speed: int) -> list[str]:
        seats = [ScriptedPlayer(dials={"T": [("straight", speed)]}), ScriptedPlayer()]
        g = game([ship("T", 0, THOLIAN, captain=THOLIAN_PILOT), ship("J", 1, ATTACK_SHIP)],
                 {"T": Pose(400, 150, 0), "J": Pose(400, 800, 0)}, seats, ScriptedDice([]), round_limit=1)
        seen: list[str] = []

        class Looker(ScriptedPlayer):
            def act(self, state, ship, options):  # type: ignore[no-untyped-def]
                hurt = replace(ship, shields=0)
                seen.extend(o.action for o in action_options(state.with_ship(hurt), hurt))
                return ActionChoice("pass")
        g.players = [Looker(dials={"T": [("straight", speed)]}), seats[1]]
        g.play()
        return seen
    assert offered(2) == [f"ability:{THOLIAN_PILOT}:0"]  # 2 straight is green on its dial
    assert offered(3) == []  # white


# --- an Action: aimed at another ship -----------------------------------------------------------

def _aimed(captain: str, j_action: str, target: str | None = "J", band: int = 1,
           j_upgrades: tuple[str, ...] = (), j_target: str | None = None) -> Game:
    """J (skill 1) acts first (``j_action``), then A's captain's Action: at J; nobody attacks."""
    seats = [ScriptedPlayer(actions={"A": [ActionChoice(f"ability:{captain}:0", target)]}, use_abilities=True),
             ScriptedPlayer(actions={"J": [ActionChoice(j_action, j_target)]}, use_abilities=True)]
    return one_attack([ship("A", 0, AKIRA, captain=captain), ship("J", 1, ATTACK_SHIP, upgrades=j_upgrades)], [],
                      band=band, players=seats, holds=("A", "J"))


def test_soval_removes_the_targets_battle_stations_token_and_takes_auxiliary_power() -> None:
    g = _aimed(SOVAL, "battle_stations", band=2)
    [use] = used(g, SOVAL)
    assert (use.subject, use.choice) == ("J", "battle_stations")
    [done] = [e for e in _events(g, ev.ActionPerformed, "A")]
    assert done.target == "J"  # type: ignore[attr-defined]
    changed = [(e.ship, e.token, e.delta) for e in _events(g, ev.TokensChanged) if e.cause == "Soval"]  # type: ignore[attr-defined]
    assert changed == [("A", "aux_power", 1), ("J", "battle_stations", -1)]


def test_soval_is_not_offered_at_a_ship_without_a_scan_or_battle_stations_token() -> None:
    with pytest.raises(IllegalDecision, match="soval"):  # J has an evade token only: nothing to take
        _aimed(SOVAL, "evasive_maneuvers", band=2)


def test_alidar_jarok_takes_away_the_lock_a_ship_holds() -> None:
    g = _aimed(ALIDAR, "target_lock", j_target="A")
    [use] = used(g, ALIDAR)
    assert use.choice == "target_lock" and g.state.ship("J").target_lock is None
    assert [e.cause for e in _events(g, ev.TargetLockRemoved, "J")] == ["Alidar Jarok"]


def test_alidar_jarok_reaches_range_1_only() -> None:
    with pytest.raises(IllegalDecision, match="alidar"):
        _aimed(ALIDAR, "evasive_maneuvers", band=2)


def test_kirk_disables_an_upgrade_of_the_target_which_can_no_longer_cancel() -> None:
    seats = [ScriptedPlayer(actions={"A": [ActionChoice(f"ability:{KIRK}:0", "J")]}, use_abilities=True),
             ScriptedPlayer(use_abilities=True)]
    g = one_attack([ship("A", 0, AKIRA, captain=KIRK), ship("J", 1, ATTACK_SHIP, upgrades=[QUINN])],
                   ["crit", "hit", "blank", "blank", "blank", "blank", "blank"], players=seats)
    [use] = used(g, KIRK)
    assert use.choice == QUINN
    assert [(e.card, e.cause) for e in _events(g, ev.CardDisabled, "J")] == [(QUINN, "James T. Kirk")]  # type: ignore[attr-defined]
    assert used(g, QUINN) == [] and (resolved(g).hits, resolved(g).crits) == (1, 1)


def test_v_las_disables_only_a_crew_upgrade() -> None:
    g = _aimed(V_LAS, "pass", band=2, j_upgrades=(REINFORCED, QUINN))
    [use] = used(g, V_LAS)
    offer = next(o for o in g.players[0].offers if o.card == V_LAS)  # type: ignore[attr-defined]
    assert [o.action for o in offer.actions] == [QUINN] and use.choice == QUINN


def test_a_disabled_card_is_enabled_again_by_the_rearm_action() -> None:
    seats = [ScriptedPlayer(actions={"A": [ActionChoice(f"ability:{KIRK}:0", "J")]}),
             ScriptedPlayer(actions={"J": [ActionChoice("pass"), ActionChoice("rearm", QUINN)]},
                            attacks={"J": [None, None]})]
    g = game([ship("A", 0, AKIRA, captain=KIRK), ship("J", 1, ATTACK_SHIP, upgrades=[QUINN])], facing(1), seats,
             ScriptedDice([]), round_limit=2)
    seats[0].attacks = {"A": [None, None]}
    g.play()
    assert [e.card for e in _events(g, ev.CardEnabled, "J")] == [QUINN]  # type: ignore[attr-defined]
    assert g.state.ship("J").card_ready(QUINN)


# --- Time Tokens ------------------------------------------------------------------------------------

def test_natasha_yar_rerolls_then_waits_two_end_phases() -> None:
    seats = [ScriptedPlayer(attacks={"A": ["J", "J", "J"]}, use_abilities=True), ScriptedPlayer()]
    poses = {"A": Pose(400, 200, 0), "J": Pose(400, 420, 0)}  # both fly the same way: the gap holds
    g = game([ship("A", 0, AKIRA, upgrades=[NATASHA_YAR]), ship("J", 1, ATTACK_SHIP)], poses,
             seats, ScriptedDice(["blank"] * 80), round_limit=3)
    seats[1].attacks = {"J": [None, None, None]}
    g.play()
    uses = used(g, NATASHA_YAR)
    assert [u.round for u in uses] == [1, 3] and all(u.time == 2 and len(u.dice) == 3 for u in uses)
    removed = [e.round for e in _events(g, ev.TimeTokensRemoved, "A")]
    assert removed == [1, 2, 3]


def test_picard_gives_every_friendly_ship_a_battle_stations_token_then_waits() -> None:
    seats = [ScriptedPlayer(actions={"A": [ActionChoice(f"ability:{PICARD}:0")]}), ScriptedPlayer()]
    g = one_attack([ship("A", 0, AKIRA, captain=PICARD), ship("B", 0, AKIRA), ship("J", 1, ATTACK_SHIP)], [],
                   players=seats, holds=("A", "B", "J"),
                   poses={"A": Pose(300, 200, 0), "B": Pose(500, 200, 0), "J": Pose(400, 800, 180)})
    given = sorted(e.ship for e in _events(g, ev.TokensChanged) if e.cause == "Jean-Luc Picard")  # type: ignore[attr-defined]
    assert given == ["A", "B"]
    [use] = used(g, PICARD)
    assert use.time == 2


def test_a_torpedo_that_places_time_tokens_fires_again_once_they_are_gone() -> None:
    # Photon Torpedoes (72008): 3 Time Tokens to fire, not a Disabled Token; the End Phase of the
    # round it fired in takes the first off, so it is ready again in round 4
    torpedo = "photon_torpedoes_72008"
    lock = ActionChoice("target_lock", "J")
    seats = [ScriptedPlayer(actions={"A": [lock, lock, ActionChoice("pass"), ActionChoice("pass")]},
                            attacks={"A": [torpedo] * 4}),
             ScriptedPlayer(attacks={"J": [None] * 4})]
    poses = {"A": Pose(400, 150, 0), "J": Pose(400, 470, 0)}  # both fly the same way: Range 3 throughout
    g = game([ship("A", 0, AKIRA, upgrades=[torpedo]), ship("J", 1, ATTACK_SHIP)], poses, seats,
             ScriptedDice(["blank"] * 80), round_limit=4)
    g.play()
    fired = [e for e in _events(g, ev.WeaponDisabled, "A")]
    assert [(e.round, e.time) for e in fired] == [(1, 3), (4, 3)]  # type: ignore[attr-defined]
    assert not any(w.disabled for w in g.state.ship("A").weapons)  # never a Disabled Token: no rearm needed
    skipped = [e.round for e in _events(g, ev.AttackSkipped, "A")]
    assert skipped == [2, 3]

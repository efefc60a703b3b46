"""Combat by the rulebook (000 "Combat Phase", "Suffering Damage", "Destroying Ships")."""

from __future__ import annotations

from aw_helpers import ScriptedDice, ScriptedPlayer, game, make_ship, types

from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.combat import uncanceled
from engine.rulesets.attack_wing.players import ActionChoice

AKIRA = "u_s_s_thunderchild_72008"  # Akira class: attack 4, agility 2
ATTACK_SHIP = "1037"  # Jem'Hadar Attack Ship: attack 3, agility 2


def facing_at_range_1() -> dict[str, Pose]:
    # after a 1 straight each, the bases are 100 mm apart: Range 1, each in the other's front arc
    return {"A": Pose(400, 300, 0), "J": Pose(400, 600, 180)}


def test_combat_example() -> None:
    """Rulebook "Combat Phase Example": 5 dice at Range 1 (4 + 1), target lock rerolls the two
    blanks, the battle stations result has no token to use, the defender adds an evade with its
    token, two evades cancel two hits, and one hit and one critical hit remain: the last active
    shield goes, and the critical hit deals a face-up damage card."""
    akira = make_ship("A", 0, AKIRA, captain="2001")
    jem = make_ship("J", 1, ATTACK_SHIP, shields=1)
    dice = ScriptedDice(["hit", "hit", "hit", "blank", "blank", "crit", "battle_stations", "blank", "evade"])
    players = [ScriptedPlayer(actions={"A": [ActionChoice("target_lock", "J")]}),
               ScriptedPlayer(actions={"J": [ActionChoice("evasive_maneuvers")]}, attacks={"J": [None]})]
    g = game([akira, jem], facing_at_range_1(), players, dice, round_limit=1)
    g.play()
    declared = next(e for e in g.events if isinstance(e, ev.AttackDeclared))
    assert (declared.ship, declared.defender, declared.range_band, declared.weapon) == ("A", "J", 1, "primary")
    rolled = [e for e in g.events if isinstance(e, ev.DiceRolled)]
    assert rolled[0].faces == ("hit", "hit", "hit", "blank", "blank")
    assert "Range 1 +1" in rolled[0].count_reason
    reroll = next(e for e in g.events if isinstance(e, ev.DiceRerolled))
    assert reroll.indices == (3, 4) and reroll.cause == "target lock"
    assert not any(isinstance(e, ev.DiceConverted) for e in g.events)  # no battle stations token
    assert next(e for e in g.events if isinstance(e, ev.DieAdded)).face == "evade"
    result = next(e for e in g.events if isinstance(e, ev.AttackResolved))
    assert (result.hits, result.crits, result.canceled) == (1, 1, 2)
    damage = [e for e in g.events if isinstance(e, ev.DamageDealt)]
    assert [(d.to, d.face_up) for d in damage] == [("shield", False), ("hull", True)]
    jem_after = g.state.ship("J")
    assert jem_after.shields == 0 and len(jem_after.damage) == 1 and jem_after.damage[0].face_up
    assert g.state.ship("A").target_lock is None  # spent


def test_evades_cancel_hits_before_crits() -> None:
    # rulebook step 7: all hits must be canceled before any critical hit
    assert uncanceled(("hit", "crit", "crit"), ("evade", "evade")) == (0, 1, 2)
    assert uncanceled(("crit",), ("evade", "blank")) == (0, 0, 1)
    assert uncanceled(("hit", "battle_stations"), ()) == (1, 0, 0)


def test_simultaneous_attack_example() -> None:
    """Rulebook "Simultaneous Attack Example": equal Captain Skill; the side with initiative
    fires first and destroys the other ship, which still fires before it is removed."""
    akira = make_ship("A", 0, AKIRA, skill=4, hull=1, shields=0)
    jem = make_ship("J", 1, ATTACK_SHIP, skill=4)
    dice = ScriptedDice(["hit"] * 4 + ["blank", "blank"] + ["hit"] * 4 + ["blank"] + ["blank", "blank"])
    g = game([akira, jem], facing_at_range_1(), [ScriptedPlayer(), ScriptedPlayer()], dice, round_limit=1,
             initiative=1)
    g.play()
    order = [(e.type, getattr(e, "ship", None), getattr(e, "removed", None)) for e in g.events
             if e.type in ("attack_declared", "ship_destroyed")]
    assert order == [("attack_declared", "J", None), ("ship_destroyed", "A", False),
                     ("attack_declared", "A", None), ("ship_destroyed", "A", True)]
    assert g.state.ship("J").hull_damage == 2  # 4 hits: 2 shields, then 2 damage cards


def test_lower_skill_ship_destroyed_before_it_fires() -> None:
    akira = make_ship("A", 0, AKIRA, skill=3, hull=1, shields=0)
    jem = make_ship("J", 1, ATTACK_SHIP, skill=4)
    dice = ScriptedDice(["hit"] * 4 + ["blank", "blank"])
    g = game([akira, jem], facing_at_range_1(), [ScriptedPlayer(), ScriptedPlayer()], dice, round_limit=1)
    g.play()
    assert sum(1 for e in g.events if isinstance(e, ev.AttackDeclared)) == 1
    assert g.state.ship("A").destroyed
    assert g.state.result is not None and g.state.result.winner == 1


def test_rule_of_3_agility_example() -> None:
    """Rulebook "Modification Example": printed Agility 1, cloaked (replaced by 5), modifiers
    +5, -1, -2 (two scans), +2 sum to +4, capped at +3; the Range 3 bonus is outside the cap: 9."""
    assert rules.value(1, [5], replacement=1 + 4) == 8
    assert rules.value(1, [5, -1], replacement=5) == 8
    assert rules.value(1, [5, -1, -2], replacement=5, bonus=1) == 8
    assert rules.value(1, [5, -1, -2, 2], replacement=5, bonus=1) == 9


def test_scan_and_obstruction_and_range_3_defense_dice() -> None:
    attacker = make_ship("A", 0, AKIRA)
    defender = make_ship("J", 1, ATTACK_SHIP)
    g = game([attacker, defender], facing_at_range_1(), [ScriptedPlayer(), ScriptedPlayer()])
    g.emit(ev.GameStarted, ships=(attacker, defender), round_limit=1, deck=())
    a, d = g.state.ship("A"), g.state.ship("J")
    assert rules.defense_dice(d, a, primary=True, band=3, obstructed=True).count == 2 + 1 + 1
    scanned = a.__class__(**{**{f: getattr(a, f) for f in a.__dataclass_fields__ if f != "scan"}, "scan": 1})
    assert rules.defense_dice(d, scanned, primary=False, band=2, obstructed=False).count == 1
    # secondary weapons get no range bonus: 5 torpedo dice at range 1 stay 5
    torpedo = make_ship("T", 0, AKIRA, upgrades=["3006"])
    g2 = game([torpedo, defender], facing_at_range_1(), [ScriptedPlayer(), ScriptedPlayer()])
    g2.emit(ev.GameStarted, ships=(torpedo, defender), round_limit=1, deck=())
    t = g2.state.ship("T")
    assert rules.attack_dice(t, t.weapons[0], 1).count == 5
    assert rules.attack_dice(t, None, 1).count == 5 and rules.attack_dice(t, None, 2).count == 4


def test_torpedo_needs_and_spends_the_target_lock() -> None:
    akira = make_ship("A", 0, AKIRA, captain="2001", upgrades=["3006"])
    jem = make_ship("J", 1, ATTACK_SHIP)
    poses = {"A": Pose(400, 200, 0), "J": Pose(400, 600, 180)}  # range 2 after moving
    dice = ScriptedDice(["hit"] * 5 + ["blank", "blank"])
    players = [ScriptedPlayer(actions={"A": [ActionChoice("target_lock", "J")]}, attacks={"A": ["3006"]}),
               ScriptedPlayer(attacks={"J": [None]})]
    g = game([akira, jem], poses, players, dice, round_limit=1)
    g.play()
    assert "target_lock_removed" in types(g.events) and "weapon_disabled" in types(g.events)
    declared = next(e for e in g.events if isinstance(e, ev.AttackDeclared))
    assert declared.weapon_name == "Photon Torpedoes" and declared.range_band == 2
    assert g.state.ship("A").weapons[0].disabled


def test_damage_goes_to_shields_first_then_hull_and_destroys_at_hull_value() -> None:
    akira = make_ship("A", 0, AKIRA, captain="2001")
    jem = make_ship("J", 1, ATTACK_SHIP, shields=1, hull=2)
    dice = ScriptedDice(["hit", "hit", "hit", "crit", "blank", "blank", "blank"])
    g = game([akira, jem], facing_at_range_1(), [ScriptedPlayer(), ScriptedPlayer()], dice, round_limit=1)
    g.play()
    damage = [(e.to, e.face_up) for e in g.events if isinstance(e, ev.DamageDealt)]
    assert damage == [("shield", False), ("hull", False), ("hull", False)]  # destroyed at 2: the crit is moot
    assert g.state.ship("J").destroyed

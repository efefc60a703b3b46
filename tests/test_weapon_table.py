"""How each printed secondary weapon fires (engine/rulesets/attack_wing/weapon_table.py, read from the
cards' texts by scripts/make_weapon_table.py): its arcs (rulebook Combat Phase: "Some Secondary Weapons
can be fired from the primary or secondary firing arcs, as indicated on the respective Weapon
Upgrades"), the target lock it spends or only asks for, and its cost (disable, discard, Time Tokens)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from ability_helpers import AKIRA, ATTACK_SHIP, ship
from aw_helpers import ScriptedDice, ScriptedPlayer, game, with_state

from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.actions import action_options
from engine.rulesets.attack_wing.players import ActionChoice
from engine.rulesets.attack_wing.refusals import Refusal
from engine.rulesets.attack_wing.rules import AttackOption, judge_attack
from engine.rulesets.attack_wing.state import GameState
from engine.rulesets.attack_wing.weapon_table import WEAPONS

REPO = Path(__file__).resolve().parents[1]
ABILITIES = REPO.parent / "shared" / "data" / "spacedock" / "abilities.tsv"
TRICOBALT = "tricobalt_device_72001p"  # [TARGET LOCK] spend it and discard this card; front arc
AFT_ARRAY = "aft_weapons_array_72221c"  # disable; only at a ship not in your forward firing arc
DOMINION_TORPEDOES = "photon_torpedoes_71279"  # target lock, disable; no arc named: forward only
TORPEDOES = "3006"  # target lock, disable; "from your forward or rear firing arcs"
GALAXY = "1002"  # Federation Starship, Galaxy class: 90-degree forward and rear arcs


def test_the_table_states_what_the_cards_print() -> None:
    assert WEAPONS[TRICOBALT] == (("front",), "spend", "discard", 0)
    assert WEAPONS[AFT_ARRAY] == (("outside_front",), "none", "disable", 0)
    assert WEAPONS[DOMINION_TORPEDOES] == (("front",), "spend", "disable", 0)
    assert WEAPONS[TORPEDOES] == (("front", "rear"), "spend", "disable", 0)
    assert WEAPONS["main_batteries_72321p"] == (("front",), "none", "time", 2)  # 2 Time Tokens to fire
    # "If this ship has a [TARGET LOCK] Token on the defending ship": asked for, not spent
    assert WEAPONS["photon_torpedoes_72938"] == (("front",), "hold", "time", 2)
    assert WEAPONS["dorsal_weapons_array_71646b"][0] == ("any",)


@pytest.mark.skipif(not ABILITIES.exists(), reason=f"{ABILITIES} is not here")
def test_the_table_is_what_the_script_reads_from_the_cards() -> None:
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "make_weapon_table.py"), "--check"],
                          capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 0, done.stdout + done.stderr


def _state(defender_at: Pose, upgrades: list[str]) -> GameState:
    """The Akira A at (400, 300) heading 0 (its forward arc looks up the table) and the Attack Ship J."""
    g = game([ship("A", 0, AKIRA, upgrades=upgrades), ship("J", 1, ATTACK_SHIP)],
             {"A": Pose(400, 300, 0), "J": defender_at}, [ScriptedPlayer(), ScriptedPlayer()], ScriptedDice([]),
             round_limit=0)
    return g.play()  # no rounds: the ships placed


def _judge(state: GameState, weapon_id: str) -> AttackOption | Refusal:
    a = state.ship("A")
    weapon = next(w for w in a.weapons if w.upgrade_id == weapon_id)
    return judge_attack(state, a, state.ship("J"), weapon)


@pytest.mark.parametrize(("where", "fires"), [(Pose(400, 520, 180), False),  # ahead: in the forward arc
                                               (Pose(620, 300, 90), True),  # abeam: outside every printed arc
                                               (Pose(400, 80, 0), True)])  # astern
def test_the_aft_weapons_array_fires_only_at_a_ship_outside_the_forward_arc(where: Pose, fires: bool) -> None:
    judged = _judge(_state(where, [AFT_ARRAY]), AFT_ARRAY)
    if fires:
        assert isinstance(judged, AttackOption) and judged.band == 2, judged
    else:
        assert isinstance(judged, Refusal) and judged.rule.id == "firing-arc" and "forward firing arc" in judged.message


def test_a_torpedo_that_names_no_rear_arc_fires_forward_only() -> None:
    # the Federation Starship (Galaxy class) prints a rear arc; the Attack Ship sits in it, locked
    g = game([ship("A", 0, GALAXY, upgrades=[DOMINION_TORPEDOES, TORPEDOES]), ship("J", 1, ATTACK_SHIP)],
             {"A": Pose(400, 450, 0), "J": Pose(400, 200, 0)}, [ScriptedPlayer(), ScriptedPlayer()], ScriptedDice([]),
             round_limit=0)
    locked = with_state(g.play(), "A", target_lock="J")
    judged = _judge(locked, TORPEDOES)
    assert isinstance(judged, AttackOption) and judged.arc == "rear"
    judged = _judge(locked, DOMINION_TORPEDOES)
    assert isinstance(judged, Refusal) and judged.rule.id == "firing-arc"


def test_the_tricobalt_device_needs_a_target_lock_and_is_discarded_when_fired() -> None:
    no_lock = _judge(_state(Pose(400, 720, 180), [TRICOBALT]), TRICOBALT)
    assert isinstance(no_lock, Refusal) and no_lock.rule.id == "weapon-target-lock"
    lock = ActionChoice("target_lock", "J")
    seats = [ScriptedPlayer(actions={"A": [lock, lock, ActionChoice("pass")]}, attacks={"A": [TRICOBALT] * 3}),
             ScriptedPlayer(attacks={"J": [None] * 3})]
    poses = {"A": Pose(400, 150, 0), "J": Pose(400, 470, 0)}  # both fly the same way: Range 2-3 throughout
    g = game([ship("A", 0, AKIRA, upgrades=[TRICOBALT]), ship("J", 1, ATTACK_SHIP)], poses, seats,
             ScriptedDice(["blank"] * 80), round_limit=3)
    g.play()
    fired = [e for e in g.events if isinstance(e, ev.WeaponDisabled) and e.ship == "A"]
    assert [(e.round, e.discard) for e in fired] == [(1, True)]  # once: it is gone
    assert TRICOBALT in g.state.ship("A").cards_discarded
    spent = [e for e in g.events if isinstance(e, ev.TargetLockRemoved) and e.ship == "A"]
    assert spent and spent[0].round == 1 and "Tricobalt Device" in spent[0].cause
    # a discarded card has no Disabled Token to remove: no rearm is offered for it
    assert not any(o.action == "rearm" and TRICOBALT in o.targets for o in action_options(g.state, g.state.ship("A")))


def test_an_aft_weapons_array_fires_in_a_game_at_a_ship_abeam() -> None:
    # declared from the "360" arc (measured all round), as a weapon fired in any direction is
    seats = [ScriptedPlayer(attacks={"A": [AFT_ARRAY]}), ScriptedPlayer(attacks={"J": [None]})]
    g = game([ship("A", 0, AKIRA, upgrades=[AFT_ARRAY]), ship("J", 1, ATTACK_SHIP)],
             {"A": Pose(400, 300, 0), "J": Pose(620, 300, 0)}, seats, ScriptedDice(["blank"] * 20), round_limit=1)
    g.play()
    [declared] = [e for e in g.events if isinstance(e, ev.AttackDeclared)]
    assert (declared.ship, declared.weapon, declared.arc) == ("A", AFT_ARRAY, "360")


KINDS = sorted({rule: card for card, rule in sorted(WEAPONS.items(), reverse=True)}.items())


@pytest.mark.parametrize(("rule", "card"), KINDS, ids=[f"{'+'.join(r[0])}-{r[1]}-{r[2]}" for r, _ in KINDS])
def test_every_kind_of_weapon_plays_a_whole_ai_game(rule: tuple[object, ...], card: str) -> None:
    """One printing of each (arcs, lock, cost) the table holds, on a Galaxy (forward and rear arcs)
    and an Akira against two Attack Ships, AI against AI: the game ends and the reducer folds it."""
    from engine.rulesets.attack_wing.ai import AiPlayer
    from engine.rulesets.attack_wing.reducer import fold, initial_state

    ships = [ship("A1", 0, GALAXY, upgrades=[card]), ship("A2", 0, AKIRA, upgrades=[card]),
             ship("B1", 1, ATTACK_SHIP), ship("B2", 1, ATTACK_SHIP)]
    poses = {"A1": Pose(300, 100, 0), "A2": Pose(600, 100, 0), "B1": Pose(300, 800, 180), "B2": Pose(600, 800, 180)}
    g = game(ships, poses, [AiPlayer(), AiPlayer()], None, seed=3, round_limit=6)
    g.play()
    assert fold(initial_state(3), g.events) == g.state

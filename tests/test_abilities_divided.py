"""Forward Weapons Grid (cards/weapons/divided.py, abilities/split.py): one attack's dice divided between two
ships in the forward arc, at least one die at each, the seat's choice; each part a roll of its own
at its ship. Where the card's situation holds (two enemy ships ahead) and where it does not (one)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ability_helpers import AKIRA, ATTACK_SHIP, BATTLE_CRUISER, one_attack, rolled, ship, used
from aw_helpers import ScriptedPlayer
from card_games import replays_and_notation, round_trips

from engine.errors import IllegalDecision
from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities import split
from engine.rulesets.attack_wing.ai import AiPlayer
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.players import AbilityUse
from engine.rulesets.attack_wing.reducer import IllegalEvent, apply, fold, initial_state
from engine.rulesets.attack_wing.state import GameState, ShipState

GRID = "3054"  # Forward Weapons Grid: attack 5, Range 1-3, forward arc, disabled to fire


def _grid(answer: list[AbilityUse | str | None] | None = None, k_pose: Pose | None = None,
          faces: list[str] | None = None) -> Game:
    """A (Jem'Hadar Battle Cruiser) fires the grid at J; J and K (Akira, agility 2) fly side by side
    ahead of it at Range 2, facing away; neither fires back."""
    seats = [ScriptedPlayer(attacks={"A": [GRID]}, abilities={GRID: answer or ["policy"]}, use_abilities=True),
             ScriptedPlayer(attacks={"J": [None], "K": [None]})]
    poses = {"A": Pose(400, 200, 0), "J": Pose(340, 380, 0), "K": k_pose or Pose(460, 380, 0)}
    return one_attack([ship("A", 0, BATTLE_CRUISER, upgrades=[GRID]), ship("J", 1, AKIRA), ship("K", 1, AKIRA)],
                      faces or ["hit"] * 40, players=seats, poses=poses, holds=())


def _declared(g: Game) -> list[ev.AttackDeclared]:
    return [e for e in g.events if isinstance(e, ev.AttackDeclared) and e.ship == "A"]


def test_the_grid_divides_its_five_dice_as_the_seat_chooses() -> None:
    g = _grid([AbilityUse(choice="2 at J 3 at K", target="K", reason="test")])
    assert [(e.defender, e.weapon) for e in _declared(g)] == [("J", GRID), ("K", GRID)]
    [use] = used(g, GRID)
    assert (use.window, use.choice, use.subject, use.amount) == ("split_attack", "2 at J 3 at K", "K", 2)
    a_rolls = [(len(e.faces)) for e in rolled(g, "attack") if e.ship == "A"]
    assert a_rolls == [2, 3]  # the card's 5 dice: 2 at J, the other 3 at K; one roll at each
    d_rolls = [e.ship for e in rolled(g, "defense")]
    assert d_rolls == ["J", "K"]  # each part is defended by its own ship
    # the weapon is disabled once, by the first part (its cost)
    assert len([e for e in g.events if isinstance(e, ev.WeaponDisabled) and e.weapon == GRID]) == 1
    # every die hit: J takes 2, K takes 3 (shields first)
    dealt = [e.ship for e in g.events if isinstance(e, ev.DamageDealt)]
    assert dealt.count("J") == 2 and dealt.count("K") == 3
    assert g.state.ship("A").attacked and not g.state.ship("A").extra_attack
    assert fold(initial_state(1), g.events).ship("K").shields == 0  # the reducer replays it


def test_the_policy_divides_for_the_most_expected_damage_and_says_so() -> None:
    g = _grid()
    [use] = used(g, GRID)
    # two equal ships, 2 defense dice each: the evades cancel a larger share of a small roll, so the
    # most expected damage is 4 dice at one ship and the 1 die the card requires at the other
    assert use.choice in ("1 at J 4 at K", "4 at J 1 at K") and "expected damage in all" in use.reason
    assert sorted(len(e.faces) for e in rolled(g, "attack") if e.ship == "A") == [1, 4]


def test_at_least_one_die_at_each_ship() -> None:
    with pytest.raises(IllegalDecision):
        _grid([AbilityUse(choice="5 at J 0 at K", target="K")])


def test_no_second_ship_in_the_forward_arc_no_grid_attack() -> None:
    # K behind A: only J is in the forward arc, the attack cannot be divided: the grid is not declared
    g = _grid(k_pose=Pose(400, 20, 0))
    assert all(e.weapon != GRID for e in _declared(g)) and not used(g, GRID)


def test_the_reducer_refuses_a_division_outside_the_grids_own_attack() -> None:
    g = _grid([AbilityUse(choice="2 at J 3 at K", target="K")])
    i = next(i for i, e in enumerate(g.events) if isinstance(e, ev.AbilityUsed) and e.card == GRID)
    state = fold(initial_state(1), g.events[:i - 1])  # before the attack is declared: no attack being made
    with pytest.raises(IllegalEvent, match="divides only its own attack"):
        apply(state, g.events[i].model_copy(update={"seq": state.seq + 1}))


def _before_attack(hull: str) -> tuple[GameState, ShipState]:
    g = _grid(faces=["blank"] * 40) if hull == BATTLE_CRUISER else one_attack(
        [ship("A", 0, hull, upgrades=[GRID]), ship("J", 1, AKIRA), ship("K", 1, AKIRA)], ["blank"] * 40,
        players=[ScriptedPlayer(attacks={"A": [None]}), ScriptedPlayer(attacks={"J": [None], "K": [None]})],
        poses={"A": Pose(400, 200, 0), "J": Pose(340, 380, 0), "K": Pose(460, 380, 0)}, holds=())
    declared = next(i for i, e in enumerate(g.events) if isinstance(e, (ev.AttackDeclared, ev.AttackSkipped))
                    and e.ship == "A")
    state = fold(initial_state(1), g.events[:declared])
    return state, state.ship("A")


def test_the_ai_fires_the_grid_from_a_weak_primary_and_says_how_it_divides() -> None:
    # a Jem'Hadar Attack Ship (primary 3) with two Akiras ahead at Range 2: 4 of the grid's 5 dice at
    # one ship and 1 at the other expect more damage than its 3 primary dice
    state, a = _before_attack(ATTACK_SHIP)
    options = [o for o in rules.attack_options(state, a) if split.allowed(state, a, o)]
    choice, reason = AiPlayer().attack(state, a, options)
    assert choice is not None and choice.weapon_key == GRID and "divided" in reason and "expected damage" in reason
    # the Battle Cruiser's own 5 dice at one ship do better than the grid's divided: it fires its primary
    state, a = _before_attack(BATTLE_CRUISER)
    options = [o for o in rules.attack_options(state, a) if split.allowed(state, a, o)]
    choice, _ = AiPlayer().attack(state, a, options)
    assert choice is not None and choice.weapon is None


def test_the_division_round_trips_through_the_notation(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A recorded round: the 2nd Division Cruiser fires the grid at the Enterprise and the Excelsior
    ahead of it; the division is a uses line in the first part's block (``A1 uses Forward Weapons Grid
    choosing 1 at B1 4 at B2``), the second part the ship's next attack line; it validates by re-play
    and imports to the same bytes; without the second attack line the import says so."""
    from engine.rulesets.attack_wing import play as play_module
    from engine.rulesets.attack_wing.notation.importer import run_notation
    from engine.rulesets.attack_wing.notation.parser import parse_notation
    from engine.rulesets.attack_wing.play import play
    from engine.rulesets.attack_wing.scenario import load_scenario

    duel = json.loads((Path(__file__).parents[1] / "replays" / "duel.json").read_text())
    fleets = ([{"ship": "2nd_division_cruiser_71524", "upgrades": [GRID]}],
              [{"ship": "1009", "captain": "2001", "upgrades": []}, {"ship": "1044", "upgrades": []}])
    for side, ships, y, faction in zip(duel["sides"], fleets, (380, 680), ("Dominion", "Federation"), strict=True):
        side["name"] = faction
        side["fleet"] = {"name": faction, "faction": faction, "ships": ships}
        side["deployment"] = {"x": 300, "y": y, "width": 300, "height": 60}
    scenario = tmp_path / "grid.json"
    scenario.write_text(json.dumps(duel))
    monkeypatch.setattr(play_module, "players_for", lambda kinds, scenario, seed: [
        ScriptedPlayer(attacks={"A1": [GRID]}, use_abilities=True), ScriptedPlayer(use_abilities=True)])
    out = tmp_path / "grid.trek"
    result = play(load_scenario(scenario), 3, out, rounds=1)
    assert result.warnings == ()
    assert [e.defender for e in result.events if isinstance(e, ev.AttackDeclared) and e.ship == "A1"] == ["B1", "B2"]
    text = replays_and_notation(out)
    [use] = [e for e in result.events if isinstance(e, ev.AbilityUsed) and e.card == GRID]
    assert f"A1 uses Forward Weapons Grid choosing {use.choice}" in text
    round_trips(text, out)
    cut = text.replace("A1 attack B2 with Forward Weapons Grid", "")
    assert run_notation(parse_notation(cut), None, record=True).issues

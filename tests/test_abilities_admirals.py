"""Admirals (tournament rules "Admiral Cards"): a fleet file names one face up; its card is among
its ship's cards and its skill modifier adds to the captain's skill; its Fleet Action is resolved
as its action by the admiral's ship or a friendly ship within Range 1-3 of it, once per round for
the fleet; "your ship" on the card is the ship acting."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ability_helpers import AKIRA, ATTACK_SHIP, one_attack, rolled, ship, used
from aw_helpers import ScriptedPlayer

from engine.catalog import load_catalog
from engine.errors import IllegalDecision
from engine.geometry.pose import Pose
from engine.replay import open_replay
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.action_windows import action_options
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.play import play, setup_from_scenario
from engine.rulesets.attack_wing.players import ActionChoice
from engine.rulesets.attack_wing.replay_check import replay_game
from engine.rulesets.attack_wing.scenario import load_scenario

DUKAT, KIRK, ROSS = "gul_dukat_71524", "james_t_kirk_71523", "william_ross_72001p"
ADMIRALS = ("alidar_jarok_72016", KIRK, "v_las_71527", DUKAT, "hayes_72008", ROSS, "kiaphet_amman_sor_72338",
            "gardner_71800", "martok_71804")
QUINN = "quinn_72000b"


def _with_admiral(admiral: str, **kw: object):  # type: ignore[no-untyped-def]
    """A ship setup carrying a face-up admiral card (as the fleet builds it)."""
    setup = ship(**kw)  # type: ignore[arg-type]
    return setup.model_copy(update={"cards": (*setup.cards, admiral)})


def test_every_admiral_is_an_admiral_card_with_a_fleet_action() -> None:
    catalog = load_catalog()
    for admiral in ADMIRALS:
        card = CARDS[admiral]
        assert card.kind == "admiral" and catalog.admiral(admiral).name == card.name
        [fleet] = [a for a in card.abilities if a.window == "action"]
        assert fleet.fleet and fleet.cost.limit == "round" and fleet.summary.startswith("Fleet Action:")


def test_a_fleet_file_admiral_is_on_its_ship_with_its_skill_modifier(tmp_path: Path) -> None:
    duel = json.loads((Path(__file__).parents[1] / "replays" / "duel.json").read_text())
    duel["sides"][0]["fleet"]["ships"][0]["admiral"] = ROSS  # Kirk (2011, skill 9) + Ross (+2)
    path = tmp_path / "duel-ross.json"
    path.write_text(json.dumps(duel))
    setup = setup_from_scenario(load_scenario(path))
    a1 = next(s for s in setup.ships if s.id == "A1")
    assert ROSS in a1.cards and a1.skill == 11


def _fleet_game(performer: str, gap_b: float = 200.0, actions: dict[str, list[ActionChoice]] | None = None,
                faces: list[str] | None = None):  # type: ignore[no-untyped-def]
    """A carries Gul Dukat's admiral card; B is a friendly Akira ``gap_b`` mm beside it; ``performer``
    resolves the Fleet Action; B attacks J (the others hold fire)."""
    wanted = {performer: [ActionChoice(f"ability:{DUKAT}:0")]} if actions is None else actions
    seats = [ScriptedPlayer(actions=wanted,
                            attacks={"A": [None], "B": ["J"]}, use_abilities=True),
             ScriptedPlayer(attacks={"J": [None]})]
    ships = [_with_admiral(DUKAT, ref="A", side=0, hull=AKIRA), ship("B", 0, AKIRA), ship("J", 1, ATTACK_SHIP)]
    poses = {"A": Pose(400 - gap_b, 300, 0), "B": Pose(400, 300, 0), "J": Pose(400, 620, 180)}
    return one_attack(ships, faces or ["blank"] * 20, players=seats, poses=poses, holds=())


def test_a_friendly_ship_within_range_3_resolves_the_admirals_fleet_action() -> None:
    g = _fleet_game("B")
    [use] = [u for u in used(g, DUKAT) if u.window == "action"]
    assert (use.ship, use.subject, use.marks) == ("A", "B", ("B",))  # the card is A's; B acts and is marked
    done = next(e for e in g.events if isinstance(e, ev.ActionPerformed) and e.ship == "B")
    assert done.action == f"ability:{DUKAT}:0"
    [attack] = rolled(g, "attack")
    assert "Gul Dukat +1" in attack.count_reason and len(attack.faces) == 5  # 4 at Range 2, +1 from the Fleet Action


def test_the_fleet_action_is_once_per_round_for_the_fleet() -> None:
    both = {"A": [ActionChoice(f"ability:{DUKAT}:0")], "B": [ActionChoice(f"ability:{DUKAT}:0")]}
    with pytest.raises(IllegalDecision):
        _fleet_game("A", actions=both)


def test_a_ship_beyond_range_3_of_the_admiral_is_not_offered_the_fleet_action() -> None:
    far = _fleet_game("A", gap_b=380.0, actions={})  # nobody acts: the offers are judged at the end
    near = _fleet_game("A", actions={})
    assert f"ability:{DUKAT}:0" not in [o.action for o in action_options(far.state, far.state.ship("B"))]
    assert f"ability:{DUKAT}:0" in [o.action for o in action_options(near.state, near.state.ship("B"))]


def test_kirk_as_admiral_disables_an_upgrade_at_range_1_of_the_ship_acting() -> None:
    seats = [ScriptedPlayer(actions={"B": [ActionChoice(f"ability:{KIRK}:0", "J")]}, attacks={"A": [None], "B": [None]},
                            use_abilities=True), ScriptedPlayer(attacks={"J": [None]})]
    ships = [_with_admiral(KIRK, ref="A", side=0, hull=AKIRA), ship("B", 0, AKIRA),
             ship("J", 1, ATTACK_SHIP, upgrades=[QUINN])]
    poses = {"A": Pose(200, 300, 0), "B": Pose(400, 300, 0), "J": Pose(400, 460, 180)}  # B-J at Range 1
    g = one_attack(ships, [], players=seats, poses=poses, holds=())
    [use] = used(g, KIRK)
    assert use.ship == "A" and use.subject == "J" and use.choice == QUINN
    assert QUINN in g.state.ship("J").cards_disabled


def test_a_fleet_with_an_admiral_plays_and_replays_sound(tmp_path: Path) -> None:
    duel = json.loads((Path(__file__).parents[1] / "replays" / "duel.json").read_text())
    duel["sides"][0]["fleet"]["ships"] = [
        {"ship": "1009", "captain": "2003", "admiral": ROSS, "upgrades": ["3024"]},
        {"ship": "U.S.S. Defiant", "captain": "2001", "upgrades": [QUINN]}]
    path = tmp_path / "admiral.json"
    path.write_text(json.dumps(duel))
    out = tmp_path / "g.trek"
    result = play(load_scenario(path), 4, out)
    assert result.warnings == ()
    replay = open_replay(out)
    assert replay_game(replay.header, iter(list(replay.events())), replay.result, True) == []

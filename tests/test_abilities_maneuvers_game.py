"""The movement cards in whole games, AI against AI: Gul Ranor, In'cha and Jadzia Dax move their
ships again (``ability_used`` naming the card and the maneuver, then its ``ship_moved``), Nyota
Uhura and Transwarp Drive change a maneuver, Pavel Chekov lifts the auxiliary power token Gul
Ranor's card placed, Mirok repairs, Martok gives the Gr'oth free actions; each game records,
validates by re-play and round-trips through the notation (``action card Gul Ranor choosing
2_straight``) to the same bytes; a maneuver the card does not offer is an ``ability`` issue."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from card_games import replays_and_notation, round_trips
from test_abilities_maneuvers import card_moves

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.maneuvers import Maneuver, end_pose
from engine.rulesets.attack_wing.notation.importer import run_notation
from engine.rulesets.attack_wing.notation.parser import parse_notation
from engine.rulesets.attack_wing.play import PlayResult, play
from engine.rulesets.attack_wing.scenario import load_scenario

MOVERS = [{"ship": "1037", "captain": "2020", "upgrades": ["3021"]},
          {"ship": "1009", "captain": "2001", "upgrades": ["3001", "3089", "3113", "3031", "3109", "3086",
                                                               "3026"]}]
KLINGON = [{"ship": "1005", "captain": "2018", "upgrades": ["3049", "3012"]},
           {"ship": "I.K.S. Gr'oth", "captain": "2015", "upgrades": ["3045"]}]
# the Klingons deploy within 300 mm of each other: Mirok's friend at Range 1
KLINGON_ZONE = {"x": 300, "y": 812.8, "width": 300, "height": 101.6}
# seed 3: Gul Ranor's 2 straight brings the Gr'oth into arc, In'cha's 3 bank the Attack Ship; Uhura
# turns the Enterprise's 3 bank into a 1 bank, Jadzia Dax banks it out of fire; Chekov lifts Gul
# Ranor's token after a white maneuver; Mirok repairs; Martok gives the Gr'oth its target lock,
# battle stations, even an action after its own was skipped (an overlap). Seed 4: Transwarp Drive's
# 6 straight, no Jadzia Dax. Janice Rand (seed 3) is discarded for Defense Condition One's Action.
# Seed 1: the Enterprise comes about with the Cochrane Deceleration Maneuver.
COMMON = {"Gul Ranor", "In'cha", "Nyota Uhura", "Pavel Chekov", "Mirok", "Martok"}
SEEDS = {1: COMMON | {"Jadzia Dax", "Janice Rand", "Cochrane Deceleration Maneuver"},
         3: COMMON | {"Jadzia Dax", "Janice Rand"}, 4: COMMON | {"Transwarp Drive"}}
MOVING = {"Gul Ranor", "In'cha", "Jadzia Dax", "Engage", "Cochrane Deceleration Maneuver"}


@pytest.fixture(scope="module", params=sorted(SEEDS))
def game(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
         ) -> tuple[Path, PlayResult, int]:
    here = tmp_path_factory.mktemp("maneuvers")
    duel = json.loads((Path(__file__).parents[1] / "replays" / "duel.json").read_text())
    for side, ships in zip(duel["sides"], (MOVERS, KLINGON), strict=True):
        side["fleet"] = {"name": side["name"], "faction": side["name"], "ships": ships}
    duel["sides"][1]["deployment"] = KLINGON_ZONE
    scenario = here / "maneuvers.json"
    scenario.write_text(json.dumps(duel))
    out = here / "game.trek"
    return out, play(load_scenario(scenario), request.param, out), request.param


def test_the_cards_move_their_ships_again(game: tuple[Path, PlayResult, int]) -> None:
    _, result, seed = game
    assert result.warnings == ()
    used = {e.card_name for e in result.events if isinstance(e, ev.AbilityUsed)} & set.union(*SEEDS.values())
    assert used == SEEDS[seed]
    extra = card_moves(list(result.events))
    assert {card for card, _ in extra} == used & MOVING
    for card, moved in extra:  # from where the ship stood, on the template (no bump in this game)
        use = next(u for u in result.events if isinstance(u, ev.AbilityUsed) and u.seq < moved.seq
                   and u.card_name == card and u.round == moved.round)
        if card == "Cochrane Deceleration Maneuver":  # no choice: two 90-degree rotations where it stands
            turned = result.events[result.events.index(moved) + 1]
            assert isinstance(turned, ev.ShipMoved) and turned.end.x == moved.start.x
            assert abs((turned.end.heading - moved.start.heading) % 360 - 180) < 1e-6
            continue
        assert use.choice == f"{moved.speed}_{moved.kind.replace('-', '_')}"
        if not moved.bumped:
            assert moved.end.pose().close_to(end_pose(moved.start.pose(), Maneuver(moved.kind, moved.speed),
                                                      "small"), 1e-3)  # poses kept to 0.1 micron


def test_uhura_chekov_mirok_and_jadzia_dax_as_their_cards_say(game: tuple[Path, PlayResult, int]) -> None:
    _, result, seed = game
    events = list(result.events)
    chekov = [e for e in events if isinstance(e, ev.TokensChanged) and e.cause == "Pavel Chekov"]
    assert chekov and all((e.token, e.delta) == ("aux_power", -1) for e in chekov)
    for lifted in chekov:  # after a white maneuver of its own; the ship is no longer under auxiliary power
        revealed = next(e for e in reversed(events[:events.index(lifted)])
                        if isinstance(e, ev.ManeuverRevealed) and e.ship == lifted.ship)
        assert revealed.colour == "white" or revealed.replaced
        after = events[events.index(lifted):]
        step = next(e for e in after if isinstance(e, ev.ActionPerformed | ev.ActionSkipped)
                    and e.ship == lifted.ship)
        assert isinstance(step, ev.ActionPerformed) or "auxiliary" not in step.cause
    repairs = [e for e in events if isinstance(e, ev.ShieldsRepaired | ev.DamageRepaired) and e.cause == "Mirok"]
    assert len(repairs) == len([e for e in events if isinstance(e, ev.AbilityUsed) and e.card == "2015"])
    assert len(repairs) >= (2 if "Mirok" in SEEDS[seed] else 0)
    uhura = next(e for e in events if isinstance(e, ev.AbilityUsed) and e.card == "3031")
    moved = next(e for e in events[events.index(uhura):] if isinstance(e, ev.ShipMoved))
    assert (moved.ship, uhura.choice) == (uhura.ship, f"{moved.speed}_{moved.kind.replace('-', '_')}")
    for jadzia in [e for e in events if isinstance(e, ev.AbilityUsed) and e.card == "3089"]:
        assert not [e for e in events if isinstance(e, ev.AttackDeclared) and e.round == jadzia.round
                    and e.ship == jadzia.ship]  # her ship attacks no one that round
    for rand in [e for e in events if isinstance(e, ev.AbilityUsed) and e.card == "3109"]:
        after = events[events.index(rand) + 1]  # the talent's Action, at once (free)
        assert isinstance(after, ev.ActionPerformed) and after.action == f"ability:{rand.choice}:0"
    martok = [e for e in events if isinstance(e, ev.AbilityUsed) and e.card == "2018"]
    assert len(martok) >= 3
    for use in martok:  # the friend he chose acts at once, a free action (not its Perform Action step)
        after = events[events.index(use) + 1]
        assert isinstance(after, ev.ActionPerformed) and after.ship == use.subject == use.choice
        assert events[events.index(use) - 1].ship == use.ship  # right after Martok's ship moved
    skipped = {(e.round, e.ship) for e in events if isinstance(e, ev.ActionSkipped)}
    # seed 3: one after the Gr'oth's own action step was skipped (an overlap): the notation must not take
    # that free action's line for the skipped step
    assert any((use.round, use.subject) in skipped for use in martok) == (seed == 3)


def test_the_game_validates_and_round_trips_through_the_notation(game: tuple[Path, PlayResult, int]) -> None:
    path, _, seed = game
    text = replays_and_notation(path)
    assert " action card Gul Ranor choosing 2_straight" in text and " action card In'cha choosing " in text
    assert " uses Pavel Chekov" in text and " uses Nyota Uhura choosing " in text and " uses Martok choosing B2" in text
    assert " uses Mirok choosing " in text
    assert (" uses Janice Rand choosing Defense Condition One" in text) == (seed == 3)
    assert (" uses Transwarp Drive choosing 6_straight" in text) == (seed == 4)
    round_trips(text, path)
    # as a person writes it: the same game
    by_hand = re.sub(r"choosing (\d)_(\w+)", lambda m: f"choosing {m[1]} {m[2].replace('_', '-')}", text)
    assert "choosing 2 straight" in by_hand and "_straight" not in by_hand
    spaced = run_notation(parse_notation(by_hand), None, record=True)
    assert spaced.replay == path.read_bytes()
    wrong = run_notation(parse_notation(text.replace("choosing 2_straight", "choosing 3 straight")), None)
    assert [(i.code, "3 straight" in i.message) for i in wrong.issues][:1] == [("ability", True)]


def test_the_timeline_shows_each_additional_maneuver_on_its_own_path(game: tuple[Path, PlayResult, int]) -> None:
    """The studio's Timeline animates a card's maneuver like the dial's: the ship follows the engine's
    path from where its first maneuver left it."""
    from engine.rulesets.attack_wing.maneuvers import maneuver_path
    from engine.rulesets.attack_wing.reducer import initial_state
    from engine.rulesets.attack_wing.ruleset import RULESET as ATTACK_WING
    from engine.timeline import TableGeometry, Timeline

    _, result, seed = game
    events = list(result.events)
    timeline = Timeline(ATTACK_WING, events, initial_state(seed), TableGeometry((914.4, 914.4), (), ()))
    for _, moved in card_moves(events):
        i = events.index(moved)
        start, end = timeline.start_of(i), timeline.start_of(i + 1)
        path = maneuver_path(moved.start.pose(), Maneuver(moved.kind, moved.speed), "small")
        shown = timeline.view_at(start + 0.5 * (end - start)).ship(moved.ship)
        assert shown is not None and shown.pose.close_to(path.pose_at(0.5 * moved.progress), tol=1e-3)
        assert timeline.view_at(end).ship(moved.ship).pose.close_to(moved.end.pose(), tol=1e-3)  # type: ignore[union-attr]


def test_suicide_attack_in_a_recorded_game_validates_and_round_trips(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A recorded round: the Attack Ship (deployed 240 mm from the Enterprise, facing it) performs
    Suicide Attack's Action; both ships make a 1 straight; at the end of the Activation Phase its ram
    overlaps the Enterprise: it is destroyed and its 8 dice roll against the Enterprise's defense dice.
    The file validates by re-play (the rolls read from ``ability_used.faces``) and round-trips through
    the notation (``A1 uses Suicide Attack: FACES``, twice: its dice, then the defender's)."""
    from aw_helpers import ScriptedPlayer

    from engine.rulesets.attack_wing import play as play_module
    from engine.rulesets.attack_wing.players import ActionChoice

    duel = json.loads((Path(__file__).parents[1] / "replays" / "duel.json").read_text())
    fleets = ([{"ship": "1037", "captain": "2036", "upgrades": ["3080"]}],
              [{"ship": "1009", "captain": "2030", "upgrades": []}])
    for side, ships, y in zip(duel["sides"], fleets, (300, 540), strict=True):
        side["fleet"] = {"name": side["name"], "faction": side["name"], "ships": ships}
        side["deployment"] = {"x": 380, "y": y, "width": 40, "height": 40}
    scenario = tmp_path / "ram.json"
    scenario.write_text(json.dumps(duel))
    monkeypatch.setattr(play_module, "players_for", lambda kinds, scenario, seed: [
        ScriptedPlayer(actions={"A1": [ActionChoice("ability:3080:0")]}), ScriptedPlayer()])
    out = tmp_path / "ram.trek"
    result = play(load_scenario(scenario), 1, out, rounds=1)
    rolls = [e for e in result.events if isinstance(e, ev.AbilityUsed) and e.window == "activation_end"]
    assert [(e.card_name, e.subject, len(e.faces)) for e in rolls] == [("Suicide Attack", "B1", 8),
                                                                       ("Suicide Attack", "B1", 1)]
    assert [(e.ship, e.cause) for e in result.events if isinstance(e, ev.ShipDestroyed)][:1] == [
        ("A1", "Suicide Attack")]
    text = replays_and_notation(out)
    assert text.count("A1 uses Suicide Attack: ") == 2 and "A1 action card Suicide Attack" in text
    round_trips(text, out)


def test_the_director_frames_every_move_of_the_activation(game: tuple[Path, PlayResult, int]) -> None:
    """A card's extra maneuver is in the activation's one move shot: the director frames the
    ship's whole way, its own maneuver and the card's, so the second path never runs off the picture."""
    from engine.replay_timeline import load_timeline

    path, result, _ = game
    tl = load_timeline(path).timeline
    events = list(result.events)
    checked = 0
    for card, moved in card_moves(events):
        if card == "Cochrane Deceleration Maneuver":
            continue
        k = events.index(moved)
        start = max(i for i in range(k) if isinstance(events[i], ev.ShipActivated))
        first = next(e for e in events[start:k] if isinstance(e, ev.ShipMoved) and e.ship == moved.ship)
        focus = tl.focus[start]
        assert focus is not None and focus.kind == "move" and focus.subjects == (moved.ship,)
        ends = {(round(b.pose.x, 3), round(b.pose.y, 3)) for b in focus.bases}
        for m in (first, moved):  # both moves' end bases are in the shot
            assert (round(m.end.x, 3), round(m.end.y, 3)) in ends
        checked += 1
    assert checked > 0

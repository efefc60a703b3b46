"""Cloaked Mines (cards/minefields.py, abilities/cloaked_mines.py; tournament ruling 46): in the
Planning Phase the card's ship places a Minefield Token within Range 2 of itself and not within
Range 2 of an enemy ship; an enemy ship whose maneuver brings it within Range 1 of the token suffers
3 attack dice with no defense dice, one fewer if it performs a Scan action at once (its seat's
choice); the card's own side is spared."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from ability_helpers import AKIRA, ATTACK_SHIP, ship, used
from aw_helpers import ScriptedDice, ScriptedPlayer, game
from card_games import replays_and_notation, round_trips

from engine.errors import IllegalDecision
from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities import cloaked_mines
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.players import AbilityUse
from engine.rulesets.attack_wing.reducer import fold, initial_state

CLOAKED = "3076"


def _cloaked(place: AbilityUse | str | None, scan: AbilityUse | str | None = None, j_y: float = 800,
             rounds: int = 2) -> Game:
    """A (Akira) at (400, 400) facing J (Jem'Hadar Attack Ship), which flies a 1 then a 3 straight at it."""
    seats = [ScriptedPlayer(attacks={"A": [None] * 3}, abilities={CLOAKED: [place]}),
             ScriptedPlayer(attacks={"J": [None] * 3}, dials={"J": [("straight", 1), ("straight", 3)]},
                            abilities={CLOAKED: [scan]})]
    g = game([ship("A", 0, AKIRA, upgrades=[CLOAKED]), ship("J", 1, ATTACK_SHIP)],
             {"A": Pose(400, 400, 0), "J": Pose(400, j_y, 180)}, seats, ScriptedDice(["hit"] * 40),
             round_limit=rounds)
    g.play()
    return g


def _triggered(g: Game) -> list[ev.MineTriggered]:
    return [e for e in g.events if isinstance(e, ev.MineTriggered)]


def test_placed_in_the_planning_phase_away_from_enemies() -> None:
    g = _cloaked(AbilityUse(choice="fore-1", reason="test"), rounds=1)
    [use] = used(g, CLOAKED)
    assert (use.window, use.phase, use.choice, use.discard) == ("planning", "planning", "fore-1", True)
    dials = [i for i, e in enumerate(g.events) if isinstance(e, ev.DialSet)]
    assert g.events.index(use) > max(dials)
    [placed] = [e for e in g.events if isinstance(e, ev.MinePlaced)]
    assert (placed.x, placed.y) == pytest.approx((400, 400 + 20 + 10 + 25))
    # out at Range 2 ahead the token would be within Range 2 of J: not offered
    state = fold(initial_state(1), [e for e in g.events if e.round == 0])
    allowed = cloaked_mines.spots(state, state.ship("A"))
    assert "fore-1" in allowed and "fore-2" not in allowed and "aft-2" in allowed
    with pytest.raises(IllegalDecision):
        _cloaked(AbilityUse(choice="fore-2"), rounds=1)


def test_an_enemy_within_range_1_of_it_is_attacked_and_its_own_ship_is_not() -> None:
    g = _cloaked(AbilityUse(choice="fore-1"))
    # round 1: A flies onto its own token (spared); J stays beyond Range 1; round 2: J's 3 straight
    [boom] = _triggered(g)
    assert (boom.round, boom.ship, boom.mine, boom.faces) == (2, "J", "M1", ("hit",) * 3)
    assert not [e for e in g.events if isinstance(e, ev.DiceRolled) and e.kind == "defense"]
    assert [u.window for u in used(g, CLOAKED)] == ["planning"]  # the seat declined the scan


def test_a_scan_at_once_takes_one_die_and_is_the_ships_scan_of_the_round() -> None:
    g = _cloaked(AbilityUse(choice="fore-1"), scan="policy")
    [boom] = _triggered(g)
    assert boom.faces == ("hit",) * 2
    scan = next(e for e in g.events if isinstance(e, ev.ActionPerformed) and e.ship == "J" and e.round == 2)
    assert scan.action == "scan" and g.events.index(scan) < g.events.index(boom)
    assert "Cloaked Mines M1" in scan.reason


def test_no_token_when_the_seat_keeps_the_card() -> None:
    g = _cloaked(None)
    assert not used(g, CLOAKED) and not _triggered(g) and CLOAKED not in g.state.ship("A").cards_discarded


def test_the_policy_places_it_toward_the_nearest_enemy_and_keeps_it_while_none_is_near() -> None:
    g = _cloaked(None, rounds=1)
    state = fold(initial_state(1), [e for e in g.events if e.round == 0])
    a = state.ship("A")
    allowed = cloaked_mines.spots(state, a)
    use = cloaked_mines._default(state, a, allowed)
    j = state.ship("J").pose
    nearest = min(allowed, key=lambda s: math.dist(cloaked_mines.spot(a, s), (j.x, j.y)))
    assert use is not None and use.choice == nearest and nearest.startswith("fore") and "nearest" in use.reason
    far = state.update("J", pose=Pose(850, 900, 180))  # over 400 mm from every place
    assert cloaked_mines._default(far, far.ship("A"), cloaked_mines.spots(far, far.ship("A"))) is None


def test_the_token_and_the_scan_round_trip_through_the_notation(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                                ) -> None:
    """A recorded game: the Enterprise places Cloaked Mines ahead in the Planning Phase (``A1 uses
    Cloaked Mines choosing fore-1``); the Jem'Hadar ship flies within Range 1 of it and scans at once
    (``B1 mine M1 scan: FACES``, two dice); it validates by re-play and imports to the same bytes."""
    from engine.rulesets.attack_wing import play as play_module
    from engine.rulesets.attack_wing.notation.importer import run_notation
    from engine.rulesets.attack_wing.notation.parser import parse_notation
    from engine.rulesets.attack_wing.play import play
    from engine.rulesets.attack_wing.scenario import load_scenario

    duel = json.loads((Path(__file__).parents[1] / "replays" / "duel.json").read_text())
    fleets = ([{"ship": "1009", "captain": "2001", "upgrades": [CLOAKED]}], [{"ship": "1037", "upgrades": []}])
    for side, ships, y, faction in zip(duel["sides"], fleets, (380, 740), ("Federation", "Dominion"), strict=True):
        side["name"] = faction
        side["fleet"] = {"name": faction, "faction": faction, "ships": ships}
        side["deployment"] = {"x": 400, "y": y, "width": 100, "height": 60}
    scenario = tmp_path / "cloaked.json"
    scenario.write_text(json.dumps(duel))
    monkeypatch.setattr(play_module, "players_for", lambda kinds, scenario, seed: [
        ScriptedPlayer(attacks={"A1": [None] * 2}, use_abilities=True),
        ScriptedPlayer(attacks={"B1": [None] * 2}, dials={"B1": [("straight", 1), ("straight", 3)]},
                       use_abilities=True)])
    out = tmp_path / "cloaked.trek"
    result = play(load_scenario(scenario), 1, out, rounds=2)
    [boom] = [e for e in result.events if isinstance(e, ev.MineTriggered)]
    assert (boom.round, boom.ship, len(boom.faces)) == (2, "B1", 2)
    text = replays_and_notation(out)
    assert "A1 uses Cloaked Mines choosing fore-1" in text and "B1 mine M1 scan: " in text
    round_trips(text, out)
    # without "scan" the import rolls three dice where the line gives two: it says so
    assert run_notation(parse_notation(text.replace(" mine M1 scan:", " mine M1:")), None, record=True).issues

"""Energy Dissipator (cards/weapons/divided.py, abilities/dampening.py) and the Energy Dampening Token's
reference card: the attack that hits deals no damage, the ship hit receives the token (shields
disabled, cloak removed), the attacker may at once attack it again with another weapon; with the
token a ship makes no attack, raises no shields, and next round flies a white 1 straight without a
dial, then loses the token. Where the card's situation holds (it hits) and where not (it misses)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ability_helpers import AKIRA, ship, used
from aw_helpers import ScriptedDice, ScriptedPlayer, game
from card_games import replays_and_notation, round_trips

from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities.advice import weapon_card
from engine.rulesets.attack_wing.ai import AiPlayer
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.players import AbilityUse
from engine.rulesets.attack_wing.reducer import IllegalEvent, apply, fold, initial_state

DISSIPATOR = "3059"  # attack 3, Range 1, forward arc, disabled to fire
BREEN = "1022"  # Dominion Starship, Breen Battle Cruiser: attack 3, agility 2, hull 4, shields 3


def _dissipate(faces: list[str], rounds: int = 1, follow: AbilityUse | str | None = "policy",
               j_attacks: list[str | None] | None = None) -> Game:
    """A (Breen) fires the Dissipator at J (Akira, 3 shields) at Range 1, the ships facing each other."""
    seats = [ScriptedPlayer(attacks={"A": [DISSIPATOR, "primary", None, None]}, abilities={DISSIPATOR: [follow]}),
             ScriptedPlayer(attacks={"J": j_attacks or ["A", "A"]}, use_abilities=True)]
    g = game([ship("A", 0, BREEN, upgrades=[DISSIPATOR]), ship("J", 1, AKIRA)],
             {"A": Pose(400, 200, 0), "J": Pose(400, 380, 180)}, seats, ScriptedDice(faces), round_limit=rounds)
    g.play()
    return g


def _declared(g: Game, ship_id: str) -> list[ev.AttackDeclared]:
    return [e for e in g.events if isinstance(e, ev.AttackDeclared) and e.ship == ship_id]


HIT = ["hit", "blank", "blank", "blank", "blank"]  # A's 3 dice: one hit; J's 2 defense dice: blanks


def test_a_hit_gives_the_token_not_damage_and_a_second_attack_at_the_same_ship() -> None:
    g = _dissipate(HIT + ["blank"] * 20)
    [damage, again] = used(g, DISSIPATOR)
    assert (damage.window, damage.subject, damage.marks) == ("damage", "J", ("A",))
    assert (again.window, again.limit) == ("extra_attack", "round")
    tokens = [e for e in g.events if isinstance(e, ev.TokensChanged) and e.token == "dampening"]
    assert [(e.ship, e.delta) for e in tokens] == [("J", 1)]
    # no damage from the Dissipator's attack; J's three active shields disabled at once
    first = g.events.index(_declared(g, "A")[0])
    second = g.events.index(_declared(g, "A")[1])
    assert not [e for e in g.events[first:second] if isinstance(e, ev.DamageDealt)]
    [shields] = [e for e in g.events[first:second] if isinstance(e, ev.ShieldsChanged)]
    assert (shields.ship, shields.active, shields.disabled) == ("J", 0, 3)
    assert [(e.defender, e.weapon) for e in _declared(g, "A")] == [("J", DISSIPATOR), ("J", "primary")]
    # J, hit before it attacked, cannot attack this round
    assert not _declared(g, "J")
    assert [e.cause for e in g.events if isinstance(e, ev.AttackSkipped) and e.ship == "J"] == \
        ["Energy Dampening Token: it cannot attack"]
    # the End Phase raises no shield of a ship with the token
    assert g.state.ship("J").shields == 0 and g.state.ship("J").dampening == 1


def test_next_round_no_dial_a_white_1_straight_then_the_token_goes() -> None:
    g = _dissipate(HIT + ["blank"] * 40, rounds=2)
    r2 = [e for e in g.events if e.round == 2]
    [dial] = [e for e in r2 if isinstance(e, ev.DialSet) and e.ship == "J"]
    assert (dial.kind, dial.speed) == ("straight", 1) and "Energy Dampening Token" in dial.reason
    [revealed] = [e for e in r2 if isinstance(e, ev.ManeuverRevealed) and e.ship == "J"]
    assert revealed.colour == "white"  # the Akira's 1 straight is green on its dial; the token makes it white
    moved = next(i for i, e in enumerate(r2) if isinstance(e, ev.ShipMoved) and e.ship == "J")
    lifted = next(i for i, e in enumerate(r2) if isinstance(e, ev.TokensChanged) and e.token == "dampening")
    assert lifted == moved + 1 and r2[lifted].delta == -1
    # it attacks as normal again (A is behind it now: out of its arc, not refused by the token)
    assert [e.cause for e in r2 if isinstance(e, ev.AttackSkipped) and e.ship == "J"] == ["no target in arc and range"]
    assert g.state.ship("J").dampening == 0


def test_a_miss_gives_no_token_and_no_second_attack() -> None:
    g = _dissipate(["blank"] * 30)
    assert not used(g, DISSIPATOR) and len(_declared(g, "A")) == 1
    assert g.state.ship("J").dampening == 0 and _declared(g, "J")


def test_the_seat_may_decline_the_second_attack() -> None:
    g = _dissipate(HIT + ["blank"] * 20, follow=None)
    assert [u.window for u in used(g, DISSIPATOR)] == ["damage"] and len(_declared(g, "A")) == 1


def test_the_reducer_refuses_an_attack_or_another_dial_of_a_ship_with_the_token() -> None:
    g = _dissipate(HIT + ["blank"] * 40, rounds=2)
    state = fold(initial_state(1), [e for e in g.events if e.round <= 1])
    assert state.ship("J").dampening == 1
    declared = _declared(g, "A")[0]
    with pytest.raises(IllegalEvent, match="cannot attack"):
        apply(state.update("J", attacked=False), declared.model_copy(update={"seq": state.seq + 1, "ship": "J",
                                                                             "defender": "A",
                                                 "weapon": "primary"}))
    dial = next(e for e in g.events if isinstance(e, ev.DialSet) and e.ship == "J" and e.round == 2)
    with pytest.raises(IllegalEvent, match="1 straight"):
        apply(state, dial.model_copy(update={"seq": state.seq + 1, "speed": 2}))


def test_the_ai_fires_the_dissipator_at_a_ship_that_has_not_attacked_and_says_why() -> None:
    g = _dissipate(HIT + ["blank"] * 20)
    declared = g.events.index(_declared(g, "A")[0])
    state = fold(initial_state(1), g.events[:declared])
    a = state.ship("A")
    [option] = [o for o in rules.attack_options(state, a) if o.weapon is not None]
    value, words = weapon_card(state, a, option)
    assert value > 0 and "Energy Dampening Token" in words and "does not attack" in words
    choice, reason = AiPlayer().attack(state, a, rules.attack_options(state, a))
    assert choice is not None and choice.weapon_key == DISSIPATOR and "Energy Dampening Token" in reason
    # at a ship that has attacked already and has no shields to lose, the token is worth less than its damage
    spent = state.update("J", attacked=True, shields=0, shields_disabled=0)
    value, _ = weapon_card(spent, spent.ship("A"), option)
    assert value < 0


def test_the_token_round_trips_through_the_notation(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Recorded rounds: the Breen ship's Dissipator hits the Enterprise, it attacks again with its
    primary weapon (``A1 uses Energy Dissipator`` in the block, then its next attack line); next round
    the Enterprise has no dial line (the token's 1 straight); it validates by re-play and imports to
    the same bytes."""
    from engine.rulesets.attack_wing import play as play_module
    from engine.rulesets.attack_wing.notation.importer import run_notation
    from engine.rulesets.attack_wing.notation.parser import parse_notation
    from engine.rulesets.attack_wing.play import play
    from engine.rulesets.attack_wing.scenario import load_scenario

    duel = json.loads((Path(__file__).parents[1] / "replays" / "duel.json").read_text())
    fleets = ([{"ship": BREEN, "upgrades": [DISSIPATOR]}], [{"ship": "1009", "captain": "2001", "upgrades": []}])
    for side, ships, y, faction in zip(duel["sides"], fleets, (380, 560), ("Dominion", "Federation"), strict=True):
        side["name"] = faction
        side["fleet"] = {"name": faction, "faction": faction, "ships": ships}
        side["deployment"] = {"x": 400, "y": y, "width": 100, "height": 60}
    scenario = tmp_path / "dissipator.json"
    scenario.write_text(json.dumps(duel))
    monkeypatch.setattr(play_module, "players_for", lambda kinds, scenario, seed: [
        ScriptedPlayer(attacks={"A1": [DISSIPATOR]}, use_abilities=True), ScriptedPlayer(use_abilities=True)])
    out = tmp_path / "dissipator.trek"
    result = play(load_scenario(scenario), 1, out, rounds=2)  # seed 1: the Dissipator rolls a hit
    assert [(e.round, e.window) for e in result.events if isinstance(e, ev.AbilityUsed) and e.card == DISSIPATOR] \
        == [(1, "damage"), (1, "extra_attack")]
    text = replays_and_notation(out)
    assert "A1 uses Energy Dissipator" in text
    assert text.split("Round 2")[1].count("B1 dial") == 0  # the token's maneuver: no dial line
    round_trips(text, out)
    # a dial line for the ship with the token: the game never asks for it
    dial = text.replace("Round 2\n", "Round 2\nB1 dial 2 straight\n")
    assert any(i.code == "unused" for i in run_notation(parse_notation(dial), None, record=True).issues)


def test_the_hud_panel_shows_the_energy_dampening_token() -> None:
    """An EDT badge on the ship's panel while it has the token (its silent guns and lowered shields
    are otherwise unexplained on screen); gone once its 1 straight is made."""
    from engine.rulesets.attack_wing.screen import token_views
    from studio.hud_panels import TOKENS, token_badges

    g = _dissipate(HIT + ["blank"] * 20)
    assert ("EDT", TOKENS["dampening"][1]) in token_badges(token_views(g.state.ship("J"), {}))
    g2 = _dissipate(HIT + ["blank"] * 40, rounds=2)
    assert not any(text.startswith("EDT") for text, _ in token_badges(token_views(g2.state.ship("J"), {})))

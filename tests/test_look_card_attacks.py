"""What a viewer reads of an attack a card gave or divided: the header names the card (the Koranak's
second attack, Forward Weapons Grid's divided one), in the whole-game card tests' own games."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import test_abilities_divided_game as divided
import test_abilities_koranak_game as koranak

from engine.replay_timeline import load_timeline
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.scenario import load_scenario
from studio.frame_plan import moment_after

DUEL = Path(__file__).parents[1] / "replays" / "duel.json"


def _record(path: Path, fleets: tuple[list[Any], list[Any]], seed: int, zone_x: bool = False) -> list[Any]:
    duel = json.loads(DUEL.read_text())
    for side, ships in zip(duel["sides"], fleets, strict=True):
        side["fleet"] = {"name": side["name"], "faction": side["name"], "ships": ships}
        if zone_x:  # the Koranak game's fleets face each other
            side["deployment"] = {**side["deployment"], "x": 300, "width": 300}
    (path.parent / "s.json").write_text(json.dumps(duel))
    play(load_scenario(path.parent / "s.json"), seed, path)
    return list(load_timeline(path).timeline.events)


def _attacks(events: list[Any], ship: str, round_: int) -> list[int]:
    return [i for i, e in enumerate(events) if isinstance(e, ev.AttackDeclared) and e.ship == ship
            and e.round == round_]


def test_the_koranaks_second_attack_names_the_card(tmp_path: Path) -> None:
    path = tmp_path / "koranak.trek"
    events = _record(path, (koranak.FEDERATION, koranak.DOMINION), koranak.SEED, zone_x=True)
    tl = load_timeline(path).timeline
    first, second = _attacks(events, "B1", 4)[:2]  # the test game: round 4, two ships
    assert any(isinstance(e, ev.AbilityUsed) and e.window == "extra_attack" for e in events[first:second])
    assert moment_after(tl, second).reason.startswith("another attack (Koranak): primary weapon at")
    assert moment_after(tl, second + 3).reason.startswith("another attack (Koranak)")  # through its dice
    assert not moment_after(tl, first).reason.startswith("another attack")  # its own attack


@pytest.mark.parametrize("name", ["grid"])
def test_a_divided_attack_says_so_on_both_parts(tmp_path: Path, name: str) -> None:
    dominion, seed, _ = divided.GAMES[name]
    path = tmp_path / "grid.trek"
    events = _record(path, (divided.FEDERATION, dominion), seed)
    tl = load_timeline(path).timeline
    split = next(i for i, e in enumerate(events) if isinstance(e, ev.AbilityUsed) and e.window == "split_attack")
    e = events[split]
    parts = _attacks(events, e.ship, e.round)
    before = max(i for i in parts if i < split)
    after = min(i for i in parts if i > split)
    for part in (before, after):
        assert moment_after(tl, part + 1).reason.startswith("divided attack: Forward Weapons Grid at")
    other = [i for i in parts if i not in (before, after)]
    assert all("divided" not in moment_after(tl, i).reason for i in other)


def test_a_cards_choice_is_said_by_name_and_free_only_for_an_action(tmp_path: Path) -> None:
    """The caption of a card's use: ship and card ids by name (Forward Weapons Grid's division, Superior
    Intellect's stolen card), and "free" only before an Action, not before a maneuver or a ship."""
    from engine.rulesets.attack_wing.narrate import describe

    dominion, seed, _ = divided.GAMES["grid"]
    path = tmp_path / "grid.trek"
    events = _record(path, (divided.FEDERATION, dominion), seed)
    tl = load_timeline(path).timeline
    names = {s.id: s.name for s in tl.final.ships}
    split = next(i for i, e in enumerate(events) if isinstance(e, ev.AbilityUsed) and e.window == "split_attack")
    e = events[split]
    caption = moment_after(tl, split).caption
    first, second = e.choice.split(" at ")[1].split(" ")[0], e.subject
    assert f"uses Forward Weapons Grid on {names[second]}: 1 at {names[first]} 4 at {names[second]}:" in caption
    assert "free" not in caption.split(":")[1] and " A1" not in caption and " A2" not in caption
    board = tl.final  # every ship, with its name
    taken = ev.UpgradeTaken(seq=0, round=3, phase="activation", ship="A1", source="B1", card="3006",
                            cause="Superior Intellect")
    assert describe(taken, board).startswith(f"{names['A1']} takes Photon Torpedoes from ")
    gul = e.model_copy(update={"card_name": "Gul Ranor", "window": "action", "choice": "2_straight",
                               "subject": None})
    assert ": 2 straight:" in describe(gul, board) and "free" not in describe(gul, board)
    picard = e.model_copy(update={"card_name": "Jean-Luc Picard", "window": "free_action",
                                  "choice": "battle_stations", "subject": None})
    assert ": free battle stations:" in describe(picard, board)


def test_a_minefields_dice_are_drawn_through_the_damage_they_deal(tmp_path: Path) -> None:
    """Antimatter Mines: the minefield's attack dice (no defense dice) fill the dice strip under its
    name while it attacks and deals its damage, as an attack's would; before, only the caption said."""
    from engine.rulesets.attack_wing.screen import dice_tally

    dominion, seed, _ = divided.GAMES["dissipator"]
    path = tmp_path / "dissipator.trek"
    events = _record(path, (divided.FEDERATION, dominion), seed)
    tl = load_timeline(path).timeline
    i = next(k for k, e in enumerate(events) if isinstance(e, ev.MineTriggered))
    e = events[i]
    moment = moment_after(tl, i)
    assert moment.dice is not None and [d.face for d in moment.dice.attack] == list(e.faces)
    assert moment.dice.defense == () and moment.dice.attack_label == "MINEFIELD"
    assert all(d.fresh for d in moment.dice.attack) and moment.dice.cards == (f"Antimatter Mines {e.mine}",)
    hurt = [k for k in range(i + 1, len(events)) if isinstance(events[k], ev.DamageDealt)
            and events[k].ship == e.ship][:1]
    after = next(k for k in range(i + 1, len(events)) if not isinstance(events[k], ev.DamageDealt))
    if hurt and hurt[0] < after:
        kept = moment_after(tl, hurt[0]).dice
        assert kept is not None and not any(d.fresh for d in kept.attack)
    gone = moment_after(tl, after).dice
    assert gone is None or gone.attack_label != "MINEFIELD"
    assert moment.dice.tally == dice_tally(moment.dice.attack, ())  # the HUD's tally line, as an attack's


def test_a_maneuver_a_card_gives_or_changes_shows_the_cards_reason_not_the_dials(tmp_path: Path) -> None:
    """Gul Ranor's and Jadzia Dax's extra maneuvers: while the ship makes the card's move the header
    gives the card's reason; before, it repeated the dial's (another maneuver than the one on screen)."""
    import test_abilities_maneuvers_game as maneuvers

    duel = json.loads(DUEL.read_text())
    for side, ships in zip(duel["sides"], (maneuvers.MOVERS, maneuvers.KLINGON), strict=True):
        side["fleet"] = {"name": side["name"], "faction": side["name"], "ships": ships}
    duel["sides"][1]["deployment"] = maneuvers.KLINGON_ZONE
    (tmp_path / "s.json").write_text(json.dumps(duel))
    play(load_scenario(tmp_path / "s.json"), 1, tmp_path / "g.trek")
    tl = load_timeline(tmp_path / "g.trek").timeline
    events = list(tl.events)
    checked = 0
    for k, e in enumerate(events):
        if isinstance(e, ev.AbilityUsed) and e.card_name in ("Gul Ranor", "Jadzia Dax"):
            move = next(j for j in range(k + 1, len(events)) if isinstance(events[j], ev.ShipMoved))
            assert events[move].ship == e.ship
            assert moment_after(tl, move).reason.startswith(f"{e.card_name}: ")
            dial = max(j for j in range(k) if isinstance(events[j], ev.ShipMoved) and events[j].ship == e.ship)
            planned = max(j for j in range(dial) if isinstance(events[j], ev.DialSet) and events[j].ship == e.ship)
            assert moment_after(tl, dial).reason == events[planned].reason  # the dial's own move: its reason
            checked += 1
    assert checked >= 2


def test_a_cards_action_is_said_by_the_cards_name(tmp_path: Path) -> None:
    """Once More Unto The Breach as the Action: the caption names the card said once, not its id."""
    from engine.rulesets.attack_wing.narrate import describe

    dominion, seed, _ = divided.GAMES["grid"]
    events = _record(tmp_path / "g.trek", (divided.FEDERATION, dominion), seed)
    board = load_timeline(tmp_path / "g.trek").timeline.final
    action = ev.ActionPerformed(seq=0, round=4, phase="activation", ship="B1", action="ability:3072:0",
                                target=None, reason="Once More Unto The Breach: two primary weapon attacks")
    said = describe(action, board)
    assert said.endswith(": Once More Unto The Breach (two primary weapon attacks)") and "ability:" not in said
    assert all("ability:" not in describe(e, board) for e in events if isinstance(e, ev.ActionPerformed))


def test_a_cards_use_stays_on_screen_long_enough_to_read(tmp_path: Path) -> None:
    """Each ability_used (and Superior Intellect's upgrade_taken) holds its caption for as long as an
    action does (0.6 s: 18 frames of a 30 fps video), not a tenth of a second."""
    events = _record(tmp_path / "k.trek", (koranak.FEDERATION, koranak.DOMINION), koranak.SEED, zone_x=True)
    tl = load_timeline(tmp_path / "k.trek").timeline
    used = [i for i, e in enumerate(events) if isinstance(e, ev.AbilityUsed)]
    assert used
    for i in used:
        assert tl.start_of(i + 1) - tl.start_of(i) >= 0.6 - 1e-9
        assert moment_after(tl, i).caption.startswith(f"R{events[i].round} ")


def test_joachims_draw_is_said_by_names(tmp_path: Path) -> None:
    """Joachim's two damage cards: the caption names the card and the damage cards by their titles."""
    from engine.rulesets.attack_wing.narrate import describe

    _record(tmp_path / "k.trek", (koranak.FEDERATION, koranak.DOMINION), koranak.SEED, zone_x=True)
    state = load_timeline(tmp_path / "k.trek").timeline.final
    ship = state.ships[0]
    drawn = ev.DamageCardsDrawn(seq=0, round=6, phase="combat", ship=ship.id, card="3023",
                                drawn=("direct_hit", "engine_room_fire"), kept="direct_hit")
    assert describe(drawn, state) == (f"Joachim draws Direct Hit and Engine Room Fire for {ship.name}: "
                                      "Direct Hit is placed, the other discarded")
    # a weapon disabled after its attack (Forward Weapons Grid), a card discarded (Sabotage): by name
    off = ev.WeaponDisabled(seq=0, round=6, phase="combat", ship=ship.id, weapon="3054", time=0)
    assert describe(off, state) == f"{ship.name} disables Forward Weapons Grid"
    gone = ev.CardDiscarded(seq=0, round=4, phase="activation", ship=ship.id, card="3006", cause="Sabotage")
    assert describe(gone, state) == f"{ship.name}'s Photon Torpedoes is discarded (Sabotage)"


def test_a_token_caption_names_its_cause_only_when_it_says_something() -> None:
    """A ship's own action gains the token of its name: the caption says the token, not the action's
    id again ("gains 1 battle stations (battle_stations)"); any other cause is said in words."""
    from engine.rulesets.attack_wing import events as ev
    from engine.rulesets.attack_wing.narrate import describe
    from engine.rulesets.attack_wing.state import GameState

    own = ev.TokensChanged(seq=3, round=1, phase="activation", ship="A1", token="battle_stations", delta=1,
                           cause="battle_stations")
    card = ev.TokensChanged(seq=4, round=1, phase="activation", ship="A1", token="aux_power", delta=1,
                            cause="Gul Ranor")
    empty = GameState(ships=(), rng=())  # no ships: a ship is named by its id
    assert describe(own, empty) == "A1 gains 1 battle stations token"
    assert describe(card, empty) == "A1 gains 1 auxiliary power token (Gul Ranor)"

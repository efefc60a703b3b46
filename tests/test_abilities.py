"""The card ability framework (issue 16): the registry, the event and its reducer, the re-play
check, the notation's uses lines, `trek catalog show` and the warnings for unsupported cards."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from ability_helpers import AKIRA, ATTACK_SHIP, one_attack, ship, used
from aw_helpers import ScriptedPlayer

from engine.catalog import load_catalog
from engine.errors import IllegalDecision, IllegalEvent
from engine.replay import open_replay
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities import CARDS
from engine.rulesets.attack_wing.abilities.doc import BEGIN, END, table
from engine.rulesets.attack_wing.abilities.printed import prints_ability
from engine.rulesets.attack_wing.notation.parser import parse_notation
from engine.rulesets.attack_wing.notation.writer import line_text
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.players import AbilityOffer, AbilityUse, ActionOption, decide_ability
from engine.rulesets.attack_wing.reducer import apply
from engine.rulesets.attack_wing.replay_check import replay_game
from engine.rulesets.attack_wing.scenario import load_scenario
from trek.main import main

ROOT = Path(__file__).resolve().parent.parent


def test_the_docs_table_is_the_registry() -> None:
    text = (ROOT / "docs" / "abilities.md").read_text()
    assert text[text.index(BEGIN):text.index(END) + len(END)] == table()


def test_every_registered_card_is_a_catalog_card_of_its_name() -> None:
    catalog = load_catalog()
    for card_id, card in CARDS.items():
        if card.kind == "ship":  # a ship card's own ability: the ship of that id, which prints one
            ship = catalog.ship(card_id)
            assert ship.name == card.name and prints_ability(ship), card_id
            continue
        if card.kind == "resource":  # a fleet's resource card
            assert catalog.resource(card_id).name == card.name, card_id
            continue
        [found] = catalog.find_cards(card_id)
        assert card.name in (found.name, "generic captain"), card_id


def test_the_bundled_skirmish_plays_every_card_of_its_fleets() -> None:
    result = play(load_scenario("skirmish"), 3)
    assert result.warnings == ()
    assert {e.card_name for e in result.events if isinstance(e, ev.AbilityUsed)} >= {
        "Jean-Luc Picard", "Benjamin Sisko", "U.S.S. Excelsior", "U.S.S. Defiant", "2nd Division Cruiser"}
    result = play(load_scenario("skirmish"), 4)  # its ships' own abilities as its cards'
    assert {e.card_name for e in result.events if isinstance(e, ev.AbilityUsed)} >= {
        "Photon Torpedoes", "Quantum Torpedoes", "Gul Damar", "U.S.S. Excelsior"}


def _state_before(g: Any, kind: str) -> tuple[Any, ev.Event]:
    from engine.rulesets.attack_wing.reducer import fold, initial_state

    i = next(i for i, e in enumerate(g.events) if e.type == kind)
    return fold(initial_state(1), g.events[:i]), g.events[i]


def test_the_reducer_pays_the_cost_and_refuses_a_second_use_in_a_round() -> None:
    g = one_attack([ship("A", 0, AKIRA, captain="2029"), ship("J", 1, ATTACK_SHIP)],
                   ["blank"] * 5 + ["hit"] + ["blank"] * 2)
    state, event = _state_before(g, "ability_used")
    after = apply(state, event)
    assert after.ship("A").used_round == ("2029",)
    with pytest.raises(IllegalEvent, match="already used this round"):
        apply(after, event.model_copy(update={"seq": event.seq + 1}))
    with pytest.raises(IllegalEvent, match="has no card"):
        apply(state, event.model_copy(update={"card": "2016"}))
    with pytest.raises(IllegalEvent, match="no battle_stations token"):
        apply(state, event.model_copy(update={"token": "battle_stations"}))


def test_a_seat_cannot_answer_outside_the_offer() -> None:
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP)], ["blank"] * 7)
    state, a = g.state, g.state.ship("A")
    offer = AbilityOffer("A", "2029", "Benjamin Sisko", 0, "modify_attack", "reroll", "once per round",
                         dice=(1, 3), pick=1)

    class Seat:
        def __init__(self, use: AbilityUse) -> None:
            self.use = use

        def use_ability(self, *_: Any) -> AbilityUse:
            return self.use

    with pytest.raises(IllegalDecision, match="may touch dice"):
        decide_ability(Seat(AbilityUse((0,))), state, a, offer)
    with pytest.raises(IllegalDecision, match="1 to 1"):
        decide_ability(Seat(AbilityUse((1, 3))), state, a, offer)
    assert decide_ability(Seat(AbilityUse((3,))), state, a, offer) == AbilityUse((3,))
    free = AbilityOffer("A", "2001", "Jean-Luc Picard", 0, "free_action", "free", "", actions=(
        ActionOption("scan"), ActionOption("target_lock", ("J",))))
    with pytest.raises(IllegalDecision, match="takes one of J"):
        decide_ability(Seat(AbilityUse(choice="target_lock", target="K")), state, a, free)
    with pytest.raises(IllegalDecision, match="is not one of"):
        decide_ability(Seat(AbilityUse(choice="cloak")), state, a, free)


def _replay(tmp_path: Path, players: tuple[str, str], seed: int) -> tuple[dict[str, Any], list[dict[str, Any]],
                                                                          dict[str, Any] | None]:
    out = tmp_path / "g.trek"
    play(load_scenario("skirmish"), seed, out, players=players)
    replay = open_replay(out)
    return replay.header, list(replay.events()), replay.result


@pytest.mark.parametrize("players, seed", [(("ai", "ai"), 3), (("random", "random"), 5)])
def test_games_with_abilities_are_played_again_and_sound(tmp_path: Path, players: tuple[str, str], seed: int) -> None:
    header, events, result = _replay(tmp_path, players, seed)
    assert any(e["type"] == "ability_used" for e in events)
    assert replay_game(header, iter(events), result, True) == []


def test_a_forged_ability_use_is_found(tmp_path: Path) -> None:
    header, events, result = _replay(tmp_path, ("ai", "ai"), 3)
    i = next(i for i, e in enumerate(events) if e["type"] == "ability_used" and e["dice"])
    forged = copy.deepcopy(events)
    forged[i]["dice"] = [9]
    assert replay_game(header, iter(forged), result, True) != []
    dropped = [e for j, e in enumerate(events) if j != i]
    for j, e in enumerate(dropped):
        e["seq"] = j
    assert replay_game(header, iter(dropped), result, True) != []


def test_uses_lines_read_and_write_back() -> None:
    text = ("Scenario: duel\nSeed: 7\nRounds: 8\nSide A: F\nSide B: K\n"
            "Fleet A: \"F\" faction Federation\nA1 ship 1009 captain 2001\n"
            "Fleet B: \"K\" faction Klingon\nB1 ship \"I.K.S. Gr'oth\" captain Koloth\n\nRound 1\n"
            "A1 uses Jean-Luc Picard free target-lock B1  # lock\n"
            "A1 action card Gowron\n"
            "A1 attack B1\n  attack: hit hit\n  B1 uses Koloth dice 2: blank\n")
    doc = parse_notation(text)
    lines = doc.rounds[0].lines
    assert [line_text(x) for x in lines[:2]] == ["A1 uses Jean-Luc Picard free target-lock B1  # lock",
                                                 "A1 action card Gowron"]
    attack = lines[2]
    assert [line_text(x) for x in attack.block] == ["attack: hit hit", "B1 uses Koloth dice 2: blank"]


def test_catalog_show_says_whether_a_card_is_supported(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["catalog", "show", "Koloth"]) == 0
    out = capsys.readouterr().out
    assert "supported in attack_wing" in out and "modify attack" in out
    assert main(["catalog", "show", "wesley_crusher_72326", "--json"]) == 0  # not supported
    doc = json.loads(capsys.readouterr().out)
    assert doc["kind"] == "card" and doc["supported"]["attack_wing"] is False
    assert main(["catalog", "show", "Photon Torpedoes"]) == 2  # several cards: give an id


def test_trek_play_warns_of_each_unsupported_card(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    duel = json.loads((Path(__file__).parents[1] / "replays" / "duel.json").read_text())
    duel["sides"][0]["fleet"]["ships"][0]["upgrades"] = ["3024", "wesley_crusher_72326"]  # not supported
    scenario = tmp_path / "duel.json"
    scenario.write_text(json.dumps(duel))
    assert main(["play", str(scenario), "--seed", "1", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert "warning: Wesley Crusher (wesley_crusher_72326) on U.S.S. Enterprise (A1): its ability is not supported" \
        in out
    assert main(["play", str(scenario), "--seed", "1", "--rounds", "1", "--json"]) == 0
    assert any("Wesley Crusher" in w for w in json.loads(capsys.readouterr().out)["warnings"])


def test_a_seat_may_decline_every_ability() -> None:
    seats = [ScriptedPlayer(), ScriptedPlayer()]  # no use_abilities: declines
    g = one_attack([ship("A", 0, AKIRA, captain="2021"), ship("J", 1, ATTACK_SHIP, captain="2024")],
                   ["blank"] * 8, players=seats)
    assert [u.card for u in used(g)] == ["2024"]  # Sar's die is not a choice; Gul Danar's reroll is
    assert any(o.card == "2021" for o in seats[0].offers)

"""Whole games: determinism, golden logs, the reducer reproducing the engine, and invariants
over many seeded AI games."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.reducer import apply, fold, initial_state
from engine.rulesets.attack_wing.scenario import load_scenario
from engine.rulesets.attack_wing.state import GameState

GOLDEN = Path(__file__).parent / "golden_games"


@pytest.fixture(scope="module")
def duel() -> object:
    return load_scenario("duel")


@pytest.fixture(scope="module")
def skirmish() -> object:
    return load_scenario("skirmish")


@pytest.mark.parametrize(("name", "scenario", "seed"), [("duel-seed7.jsonl", "duel", 7),
                                                        ("skirmish-seed3.jsonl", "skirmish", 3)])
def test_golden_game_gives_the_known_event_sequence(name: str, scenario: str, seed: int) -> None:
    expected = (GOLDEN / name).read_text().splitlines()
    result = play(load_scenario(scenario), seed)
    got = [json.dumps(ev.event_to_dict(e), sort_keys=True) for e in result.events]
    assert len(got) == len(expected)
    for i, (a, b) in enumerate(zip(got, expected, strict=True)):
        assert a == b, f"event {i} differs from the golden log (regenerate with tests/golden_games/make.py " \
                       "only after a deliberate rules change)"


def test_the_reducer_reproduces_the_engine_state_from_the_log(skirmish: object) -> None:
    result = play(skirmish, 11)  # type: ignore[arg-type]
    raw = [ev.event_to_dict(e) for e in result.events]
    replayed = fold(initial_state(11), (ev.event_from_dict(r) for r in raw))
    assert replayed == result.state


def test_same_inputs_give_identical_replay_bytes(tmp_path: Path, duel: object) -> None:
    a, b = tmp_path / "a.trek", tmp_path / "b.trek"
    play(duel, 5, a)  # type: ignore[arg-type]
    play(duel, 5, b)  # type: ignore[arg-type]
    assert a.read_bytes() == b.read_bytes()
    play(duel, 6, b)  # type: ignore[arg-type]
    assert a.read_bytes() != b.read_bytes()


def _check_invariants(events: list[ev.Event], final: GameState) -> None:
    state = initial_state(final.rng.seed)
    revealed: dict[str, tuple[str, int]] = {}
    aux_card: dict[str, int] = {}
    for e in events:
        state = apply(state, e)
        for s in state.ships:
            assert s.shields >= 0 and s.shields_disabled >= 0, f"{s.name} shields below zero at {e.seq}"
            assert s.shields + s.shields_disabled <= s.shields_max
            assert min(s.evade, s.scan, s.battle_stations, s.aux_power) >= 0
        if isinstance(e, ev.ManeuverRevealed):
            ship = state.ship(e.ship)
            assert any(k == e.kind and sp == e.speed for k, sp, _ in ship.dial), "revealed a maneuver off the dial"
            revealed[e.ship] = ("straight", 2) if e.replaced else (e.kind, e.speed)
        if isinstance(e, ev.ShipMoved):
            executed = revealed.pop(e.ship)
            if e.changed_from:  # a come about that overlapped became a straight of its speed
                assert e.changed_from == executed and (e.kind, e.speed) == ("straight", executed[1])
            else:
                assert (e.kind, e.speed) == executed
        if isinstance(e, ev.AbilityUsed) and e.window == "aux_power":  # the U.S.S. Enterprise (1009)
            aux_card[e.ship] = e.seq
        if isinstance(e, ev.ActionPerformed) and e.action != "pass":
            ship = state.ship(e.ship)
            assert ship.aux_power == 0 or (aux_card.get(e.ship) == e.seq - 1 and e.action in ship.actions), \
                "an action under auxiliary power (only from the Action Bar, its card named just before)"
    assert final.result is not None


def test_a_hundred_seeded_ai_games_finish_legally(duel: object, skirmish: object) -> None:
    outcomes: Counter[str] = Counter()
    for seed in range(100):
        scenario = skirmish if seed % 2 else duel
        result = play(scenario, seed, rounds=None if seed % 4 < 2 else 4)  # type: ignore[arg-type]
        _check_invariants(result.events, result.state)
        assert result.state.result is not None
        outcomes[str(result.state.result.winner)] += 1
    assert len(outcomes) >= 2, f"the AI should not always produce the same winner: {outcomes}"


def test_random_players_finish_legally(skirmish: object) -> None:
    for seed in range(10):
        result = play(skirmish, seed, players=("random", "ai"))  # type: ignore[arg-type]
        _check_invariants(result.events, result.state)

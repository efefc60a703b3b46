"""Each game's play module writes its replays with a ``Recording`` of its own parts (name, codec,
event schema), so it does not import the ``Ruleset`` record, which loads the play module to play a
game (tests/test_import_cycles.py). The two must agree, or a replay's header would name another
schema than the one the ruleset reads it with."""

from __future__ import annotations

import importlib

import pytest

from engine.rulesets.registry import ruleset_for

PLAY_MODULES = {
    "attack_wing": "engine.rulesets.attack_wing.play",
    "alliance": "engine.rulesets.alliance.play",
    "into_the_unknown": "engine.rulesets.into_the_unknown.play",
    "fleet_captains": "engine.rulesets.fleet_captains.play",
}


@pytest.mark.parametrize("name", sorted(PLAY_MODULES))
def test_a_games_recording_is_its_rulesets(name: str) -> None:
    ruleset = ruleset_for(name)
    recording = importlib.import_module(PLAY_MODULES[name]).RECORDING
    assert recording.name == ruleset.name == recording.codec.ruleset
    assert type(recording.codec) is type(ruleset.codec)
    assert recording.event_schema == ruleset.event_schema

"""The seam: one Ruleset per game, found in one registry, through which replays, the Timeline and
the CLI reach a game; event-schema upgrades keep old files opening."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from engine.errors import TrekError
from engine.replay import ReplayError, codec_for_header, open_replay
from engine.replay.testing import CODEC, GOLDEN_EVENTS, TOY, fold, toy_header, write_toy_replay
from engine.replay_timeline import load_timeline
from engine.rulesets.base import EventUpgrade, Ruleset
from engine.rulesets.registry import RULESETS, UnknownRuleset, names, register, ruleset_for
from engine.timeline import TableGeometry, Timeline
from trek.main import main

GOLDEN = Path(__file__).parent / "golden"


def test_every_registered_ruleset_loads_and_is_what_its_name_says() -> None:
    for name in RULESETS:
        ruleset = ruleset_for(name)
        assert isinstance(ruleset, Ruleset) and ruleset.name == name == ruleset.codec.ruleset
        assert ruleset_for(name) is ruleset  # loaded once
    assert "toy" not in RULESETS  # the toy is registered by the test support, not in production
    assert set(RULESETS) | {"toy"} <= set(names())
    with pytest.raises(UnknownRuleset, match="no ruleset registered as 'nonesuch'"):
        ruleset_for("nonesuch")


def test_a_ruleset_must_bring_an_upgrade_from_every_older_event_schema() -> None:
    with pytest.raises(ValueError, match="one upgrade from each event schema below 3"):
        dataclasses.replace(TOY, event_schema=3, upgrades={1: EventUpgrade(1, "x", dict)})
    with pytest.raises(ValueError, match="has the codec of 'toy'"):
        dataclasses.replace(TOY, name="other")


def test_the_toy_ruleset_plays_through_the_timeline_and_the_cli(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """The toy is added by its folder (engine/rulesets/toy) and one registration line: the
    Timeline, the studio's entry point and `trek replay` reach it with nothing else naming it."""
    path = tmp_path / "toy.trek"
    write_toy_replay(path, GOLDEN_EVENTS)
    tl = load_timeline(path).timeline
    assert tl.ruleset is TOY and len(tl) == GOLDEN_EVENTS
    assert tl.ruleset_final == fold(GOLDEN_EVENTS, GOLDEN_EVENTS)
    assert tl.ruleset_state_after(20) == fold(GOLDEN_EVENTS, 21)
    moved = next(i for i, e in enumerate(tl.events) if e["type"] == "ship_moved")
    e = tl.events[moved]
    halfway = tl.moment((tl.start_of(moved) + tl.start_of(moved + 1)) / 2)
    pose = halfway.view.ship(e["ship"]).pose  # type: ignore[union-attr]
    assert pose.x == pytest.approx((e["start"]["x"] + e["end"]["x"]) / 2)  # sliding from start to end
    assert tl.moment(tl.start_of(moved + 1)).view.ship(e["ship"]).pose.x == e["end"]["x"]  # type: ignore[union-attr]
    assert halfway.caption == tl.lines[moved] and e["ship"] in halfway.caption
    assert [m[1] for m in tl.marks] == sorted({ev["round"] for ev in tl.events if ev["type"] == "round_started"})
    assert main(["replay", "state", str(path), "--at", "10"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("state after event 10") and "r1" in out


def _toy_v2() -> Ruleset[Any, Any]:
    """The toy as if its ``damage`` event had been renamed ``hit`` in event schema 2."""

    class Codec2(type(CODEC)):  # type: ignore[misc]
        def decode_event(self, raw: dict[str, Any]) -> dict[str, Any]:
            if raw.get("type") == "damage":
                raise ValueError("schema 2 has no 'damage' event")
            return super().decode_event({**raw, "type": "damage"} if raw.get("type") == "hit" else raw)

    def rename(raw: dict[str, Any]) -> dict[str, Any]:
        return {**raw, "type": "hit"} if raw.get("type") == "damage" else raw

    return dataclasses.replace(TOY, codec=Codec2(), event_schema=2,
                               upgrades={1: EventUpgrade(1, "'damage' is now 'hit'", rename)})


def test_old_event_schemas_open_through_the_rulesets_upgrades() -> None:
    """Files written before an event changed keep opening: the golden toy files (event schema 1,
    no ``event_schema`` in their header) fold to the same states through the upgrade."""
    register(_toy_v2())
    try:
        for name in ("toy-v1.trek", "toy-v2.trek"):
            replay = open_replay(GOLDEN / name)
            codec = codec_for_header(replay.header)
            assert codec is not ruleset_for("toy").codec  # upgrading
            assert replay.state_at(GOLDEN_EVENTS - 1, codec) == fold(GOLDEN_EVENTS, GOLDEN_EVENTS)
            assert replay.state_at(17, codec) == fold(GOLDEN_EVENTS, 18)  # from a keyframe
            tl = load_timeline(GOLDEN / name).timeline
            assert tl.ruleset_final == fold(GOLDEN_EVENTS, GOLDEN_EVENTS)
        current = codec_for_header({**toy_header(), "event_schema": 2})
        assert current is ruleset_for("toy").codec
        with pytest.raises(ReplayError, match="schema 3, newer than this engine's 2"):
            codec_for_header({**toy_header(), "event_schema": 3})
        with pytest.raises(ReplayError, match="not a version number"):
            codec_for_header({**toy_header(), "event_schema": "2"})
    finally:
        register(TOY)


def test_a_timeline_needs_no_ruleset_branch() -> None:
    """Each ruleset's presenter builds the view: the same Timeline class plays every game."""
    for name in RULESETS:
        ruleset = ruleset_for(name)
        empty = Timeline(ruleset, [], ruleset.codec.initial_state({"seed": 1}), TableGeometry((914.4, 914.4)))
        assert empty.moment(0.0).index == -1 and empty.duration == 0.0
    with pytest.raises(TrekError):
        ruleset_for(None)



def test_trek_play_finds_the_game_through_the_registry(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each bundled name is played by exactly one ruleset, whose header stamps its name and event schema."""
    bundled = {name: ruleset for ruleset in map(ruleset_for, RULESETS) if ruleset.maker is not None
               for name in ruleset.maker.bundled()}
    assert {"skirmish", "duel", "alliance-act1"} <= set(bundled)
    for name, ruleset in bundled.items():
        assert [n for n in RULESETS if (m := ruleset_for(n).maker) is not None and m.plays(name)] == [ruleset.name]
    for name in ("duel", "alliance-act1"):
        out = tmp_path / f"{name}.trek"
        assert main(["play", name, "--seed", "2", "--rounds", "1", "-o", str(out)]) == 0
        header = open_replay(out).header
        assert header["ruleset"] == bundled[name].name and header["event_schema"] == bundled[name].event_schema
    capsys.readouterr()
    assert main(["play", "nonesuch"]) == 2
    err = capsys.readouterr().err
    assert "no game plays 'nonesuch'" in err and "duel" in err and "alliance-act1" in err

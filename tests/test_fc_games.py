"""Whole games of Fleet Captains: 100 seeded AI games end without an illegal state, the golden log,
validation by re-play, the codec and the Timeline (issue 18)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.replay import codec_for_header, open_replay
from engine.replay.validate import validate_replay
from engine.replay_timeline import load_timeline
from engine.rulesets.fleet_captains import events as fe
from engine.rulesets.fleet_captains.aboard import card_owner
from engine.rulesets.fleet_captains.codec import FleetCaptainsCodec
from engine.rulesets.fleet_captains.content import CARGO
from engine.rulesets.fleet_captains.play import play_game, result_of
from engine.rulesets.fleet_captains.replay_check import replay_game
from engine.rulesets.fleet_captains.rules import fleet_total
from engine.rulesets.fleet_captains.state import FcState
from engine.view_fleet_captains import tiles_of
from trek.main import main

GOLDEN = Path(__file__).parent / "golden" / "fc-standard-seed27.trek"  # `trek play fc-standard --seed 27`


def legal_end(state: FcState) -> list[str]:
    """What is wrong with a finished game's state (empty: nothing)."""
    problems = []
    if state.phase != "over":
        problems.append("the game did not end")
    for i, side in enumerate(state.sides):
        if fleet_total(state, i) > side.fleet_size:
            problems.append(f"side {i}'s fleet is over its fleet size")
        if len(side.hand) > 12:
            problems.append(f"side {i} holds {len(side.hand)} cards")
    problems += legal_result(state)
    for ship in state.ships:
        if not ship.destroyed and (state.where(ship) is None or not 0 <= ship.alert <= 2):
            problems.append(f"{ship.id} is nowhere")
        if ship.cloaked != (state.token_of(ship.id) is not None):
            problems.append(f"{ship.id}'s cloak token does not match")
    for place in state.locations:
        if (place.influence > 0) != (place.influence_side is not None):
            problems.append(f"{place.id}'s influence has no owner")
        if place.installation is not None and place.influence_side not in (None, place.installation_side):
            problems.append(f"{place.id} holds side {place.influence_side}'s influence and the other's installation")
        if (place.installation is None) != (place.installation_side is None):
            problems.append(f"{place.id}'s installation has no owner")
    # every cargo token is in one place: the pile, spent, or one ship's hold (of a ship in play)
    held = [c for s in state.ships for c in s.cargo]
    if sorted((*state.cargo, *state.cargo_spent, *held)) != sorted(CARGO):
        problems.append("the cargo tokens are not all in one place each")
    if any(s.destroyed and (s.cargo or s.prisoners or s.crew) for s in state.ships):
        problems.append("a destroyed ship still holds cards or cargo")
    for ship in state.ships:  # a prisoner is the other side's crew card; crew are the ship's own side's
        if any(card_owner(state, c) == ship.side for c in ship.prisoners) \
                or any(card_owner(state, c) != ship.side for c in ship.crew):
            problems.append(f"{ship.id} holds a card of the wrong side")
    return problems


def legal_result(state: FcState) -> list[str]:
    """Whether the winner won by a way the rules (docs/rulings.md, "The end") allow."""
    vp, target, first = [s.vp for s in state.sides], state.vp_target, state.first
    winner, loser = state.winner, None if state.winner is None else 1 - state.winner
    if winner is None or loser is None:
        return [] if "turn limit" in state.reason and vp[0] == vp[1] else [f"no winner: {state.reason}"]
    if "no ships left" in state.reason:
        return [] if not state.fleet(loser) and state.fleet(winner) else [f"side {loser} lost with ships left"]
    if "turn limit" in state.reason:
        return [] if vp[winner] > vp[loser] else [f"side {winner} won the turn limit on {vp[winner]} VP"]
    if vp[winner] < target:  # (the second player's win in the last turn is at least the first's total)
        return [f"side {winner} won with {vp[winner]} VP of {target}"]
    if winner == first and vp[loser] >= vp[winner]:
        return [f"the first player won on {vp[winner]} VP against {vp[loser]}"]
    return []


def test_a_hundred_seeded_games_end_without_an_illegal_state() -> None:
    codec = FleetCaptainsCodec()
    seen = set()
    task_forces = 0
    for seed in range(100):
        result = play_game(seed)
        assert legal_end(result.state) == [], f"seed {seed}"
        seen.update(e.type for e in result.events)
        task_forces += sum(1 for e in result.events if isinstance(e, fe.MoveStarted) and len(e.ships) > 1)
        if seed % 25 == 0:  # the reducer alone rebuilds the game from its events and the seed
            state = codec.initial_state({"seed": seed})
            for event in result.events:
                state = codec.apply(state, codec.decode_event(codec.encode_event(event)))
            assert state == result.state
    for kind in ("explored", "damaged", "installed", "reinforced", "mission_completed", "repaired", "cloaked",
                 "scanned", "cargo_moved", "mission_progress"):
        assert kind in seen, f"no {kind} in a hundred games"
    assert task_forces > 0, "the AI never formed a task force"


def test_same_seed_same_events() -> None:
    a, b = play_game(12), play_game(12)
    assert [fe.event_to_dict(e) for e in a.events] == [fe.event_to_dict(e) for e in b.events]
    assert [fe.event_to_dict(e) for e in play_game(13).events] != [fe.event_to_dict(e) for e in a.events]


def test_the_golden_game_is_played_again_event_for_event() -> None:
    replay = open_replay(GOLDEN)
    recorded = [dict(e) for e in replay.events()]
    again = play_game(replay.header["seed"])
    assert [fe.event_to_dict(e) for e in again.events] == recorded
    assert replay.result == result_of(again.state)


def test_validate_replays_the_file_and_finds_a_forged_roll(tmp_path: Path) -> None:
    report = validate_replay(GOLDEN)
    assert report.sound and report.replayed, report
    replay = open_replay(GOLDEN)
    events = [dict(e) for e in replay.events()]
    assert replay_game(replay.header, iter(events), replay.result, True) == []
    roll = next(i for i, e in enumerate(events) if e["type"] == "rolled" and e["turn"] > 2)
    events[roll] = {**events[roll], "value": events[roll]["value"] % 6 + 1}
    problems = replay_game(replay.header, iter(events), replay.result, True)
    assert problems and f"event {roll}" in problems[0]
    chosen = next(i for i, e in enumerate(events) if e["type"] == "chosen" and e["kind"] == "turn" and e["turn"] > 2)
    events = [dict(e) for e in replay.events()]
    events[chosen] = {**events[chosen], "choice": "attack the moon"}
    problems = replay_game(replay.header, iter(events), replay.result, True)
    assert problems and "do not offer" in problems[0]


def test_codec_round_trips_states_and_refuses_bad_events() -> None:
    codec = FleetCaptainsCodec()
    result = play_game(4)
    plain = codec.encode_state(result.state)
    assert codec.decode_state(plain) == result.state
    with pytest.raises(ValueError):
        codec.decode_event({"type": "rolled", "seq": 0, "turn": 1, "side": 0, "value": 7})
    with pytest.raises(ValueError):
        codec.decode_event({"type": "warp_core_breach", "seq": 0})


def test_the_timeline_folds_the_golden_game_into_views() -> None:
    loaded = load_timeline(GOLDEN)
    timeline = loaded.timeline
    assert len(timeline.lines) == len(list(open_replay(GOLDEN).events()))
    first_move = next(i for i, e in enumerate(timeline.events) if isinstance(e, fe.Moved))
    halfway = timeline.start_of(first_move) + 0.5 * (timeline.start_of(first_move + 1) - timeline.start_of(first_move))
    moment = timeline.moment(halfway)
    moving = [s for s in moment.view.ships if s.active]
    assert moving and moment.view.selected == moving[0].id
    end = timeline.moment_after(len(timeline.events) - 1)
    assert end.view.planets, "explored planets are on the table at the end"
    opening = timeline.moment_after(next(i for i, e in enumerate(timeline.events) if isinstance(e, fe.MapLaid)))
    assert sum(t.face_down for t in tiles_of(opening.view)) == 25  # every tile face down
    assert [t.home for t in tiles_of(opening.view) if t.home is not None] == [0, 1]
    explored = {t.id for t in tiles_of(end.view) if not t.face_down and t.home is None}
    assert explored == {p.id for p in loaded.timeline.ruleset_final.locations if p.tile and p.explored}
    assert len(end.panels) == len(timeline.roster)
    assert "wins" in end.caption or "draw" in end.caption


def test_trek_play_fc_standard_and_validate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "fc.trek"
    assert main(["play", "fc-standard", "--seed", "21", "-o", str(out)]) == 0
    assert "fc-standard, seed 21" in capsys.readouterr().out
    assert main(["replay", "validate", str(out)]) == 0
    assert "sound" in capsys.readouterr().out
    assert main(["replay", "state", str(out), "--at", "200"]) == 0
    assert "side 0 Federation" in capsys.readouterr().out
    header = open_replay(out).header
    assert codec_for_header(header).ruleset == "fleet_captains"


def test_title_and_end_cards_say_the_fleets_and_the_result() -> None:
    from engine.rulesets.fleet_captains.ruleset import RULESET

    replay = open_replay(GOLDEN)
    loaded = load_timeline(GOLDEN)
    final = loaded.timeline.ruleset_final
    assert RULESET.cards is not None
    title, end = RULESET.cards(replay.header, final, False, "fallback")
    assert [f.name for f in title.fleets] == ["Federation", "Klingon"]
    assert [f.points for f in end.fleets] == [s.vp for s in final.sides] and end.headline_side == final.winner
    for f in end.fleets:  # six lines at most, the ships still in play first
        ships = [s for s in final.ships if s.side == f.side]
        assert len(f.ships) == min(6, len(ships))
        shown_lost = sum(line.gone for line in f.ships)
        assert shown_lost <= sum(s.destroyed for s in ships)
        assert [line.gone for line in f.ships] == sorted(line.gone for line in f.ships)
    assert final.sides[final.winner].faction in end.title


def test_replay_info_and_dump_count_the_games_turns(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Fleet Captains numbers its events by turn: the ruleset names its round key and what one is
    called, and `trek replay info`, `dump`, the index and validation count turns (not "?"); an
    older file whose index counted no rounds reads them from its events."""
    from engine.replay.codec import rounds_of

    path = tmp_path / "fc.trek"
    result = play_game(3, path)
    turns = max(e.turn for e in result.events)
    assert rounds_of({"ruleset": "fleet_captains"}) == ("turn", "turn") and turns > 2
    replay = open_replay(path)
    assert replay.index.rounds == turns and replay.summary().rounds == turns
    assert main(["replay", "info", str(path)]) == 0
    assert f" in {turns} turns," in capsys.readouterr().out
    seq = next(e.seq for e in result.events if isinstance(e, fe.TurnStarted) and e.turn == 2)
    assert main(["replay", "dump", str(path), "--from", str(seq), "--to", str(seq)]) == 0
    line = capsys.readouterr().out
    assert line.split()[:2] == [str(seq), "t2"] and "turn=" not in line
    first_edition = GOLDEN.parent / "fc-schema1-seed5.trek"  # written before: its index counted no rounds
    old = open_replay(first_edition)
    assert old.index.rounds is None and old.summary().rounds == max(e["turn"] for e in old.events())
    assert validate_replay(first_edition).sound and open_replay(GOLDEN).index.rounds == 12


def test_replay_state_says_a_disabled_rating_in_words() -> None:
    """A setting's rating of None is Disabled (content.Setting); `trek replay state` printed "NNone"
    for the B'rel's red tactical sensors (seed 3's last state)."""
    from engine.rulesets.fleet_captains.codec import format_state

    lines = format_state(play_game(3).state)
    text = "\n".join(lines) if not isinstance(lines, str) else lines
    assert "None" not in text and "N disabled" in text

"""The view contract (issue 29 item 5): a shared core every game fills, and each game's own typed part.

Every moment of a replay of each game carries that game's own parts (an Alliance table is an Attack
Wing table and more), the readers answer "none" for another game's records, and the shared records
hold no game's own fields (they live in ``engine.view_<game>``).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from engine.replay_timeline import LoadedReplay, load_timeline
from engine.timeline import Moment
from engine.view import PanelView, TableView, part_of
from engine.view_alliance import AllianceTable, decision_of
from engine.view_attack_wing import AttackWingMoment, AttackWingTable, attack_of, obstacles_of, odds_of
from engine.view_fleet_captains import (
    FleetCaptainsMoment,
    FleetCaptainsPanel,
    FleetCaptainsTable,
    notes_of,
    ratings_of,
    tiles_of,
)
from engine.view_into_the_unknown import (
    IntoTheUnknownMoment,
    IntoTheUnknownPanel,
    IntoTheUnknownTable,
    display_of,
    mission_of,
)
from engine.view_into_the_unknown import table_of as itu_table_of

GOLDEN = Path(__file__).parent / "golden"
# game -> (its table part, its moment part, its panel part)
PARTS: dict[str, tuple[type, type | None, type | None]] = {
    "attack_wing": (AttackWingTable, AttackWingMoment, None),
    "alliance": (AllianceTable, AttackWingMoment, None),
    "into_the_unknown": (IntoTheUnknownTable, IntoTheUnknownMoment, IntoTheUnknownPanel),
    "fleet_captains": (FleetCaptainsTable, FleetCaptainsMoment, FleetCaptainsPanel),
}


@pytest.fixture(scope="module")
def replays(tmp_path_factory: pytest.TempPathFactory, skirmish3_r3: LoadedReplay) -> dict[str, LoadedReplay]:
    from engine.rulesets.into_the_unknown.play import play_mission

    itu = tmp_path_factory.mktemp("parts") / "itu7.trek"
    play_mission(7, itu, rounds=2)
    return {"attack_wing": skirmish3_r3, "alliance": load_timeline(GOLDEN / "alliance-act1-seed4.trek"),
            "into_the_unknown": load_timeline(itu), "fleet_captains": load_timeline(GOLDEN / "fc-standard-seed27.trek")}


def moments(loaded: LoadedReplay) -> list[Moment]:
    tl = loaded.timeline
    return [tl.moment_after(i) for i in range(-1, len(tl), max(len(tl) // 40, 1))]


@pytest.mark.parametrize("game", PARTS)
def test_each_moment_carries_its_games_own_parts(replays: dict[str, LoadedReplay], game: str) -> None:
    table, moment, panel = PARTS[game]
    for m in moments(replays[game]):
        assert type(m.view.part) is table, (game, m.index)
        assert moment is None or type(m.part) is moment, (game, m.index)
        for p in m.panels:
            assert (panel is None and p.part is None) or type(p.part) is panel, (game, p.id)


def test_an_alliance_table_is_an_attack_wing_table_with_the_enemy_ais_decision(
        replays: dict[str, LoadedReplay]) -> None:
    alliance = [m.view for m in moments(replays["alliance"])]
    assert all(part_of(v, AttackWingTable) is not None for v in alliance)  # obstacles and the attack line
    tl = replays["alliance"].timeline
    assert any(decision_of(tl.moment_after(i).view) is not None for i in range(len(tl)))
    aw = [m.view for m in moments(replays["attack_wing"])]
    assert all(part_of(v, AllianceTable) is None and decision_of(v) is None for v in aw)
    assert any(obstacles_of(v) for v in aw)


def test_the_readers_answer_none_for_another_games_records(replays: dict[str, LoadedReplay]) -> None:
    itu = moments(replays["into_the_unknown"])[-1]
    fc = moments(replays["fleet_captains"])[-1]
    aw = moments(replays["attack_wing"])[-1]
    assert mission_of(itu) is not None and itu_table_of(itu.view).areas and display_of(itu.panels[0]).dial
    assert tiles_of(fc.view) and any(notes_of(fc)) and ratings_of(fc.panels[0])
    for other in (aw, fc):
        assert mission_of(other) is None and itu_table_of(other.view).areas == ()
        assert all(display_of(p).dial is None and not display_of(p).crew for p in other.panels)
    for other in (aw, itu):
        assert tiles_of(other.view) == () and notes_of(other) == () and not any(ratings_of(p) for p in other.panels)
    for other in (itu, fc):
        assert obstacles_of(other.view) == () and attack_of(other.view) is None and odds_of(other) is None


def test_the_shared_records_hold_no_games_own_fields() -> None:
    """What every game has, and a part: a game's pieces are its own module's (a new game adds its
    module instead of fields here)."""
    fields = {cls: {f.name for f in dataclasses.fields(cls)} for cls in (TableView, PanelView, Moment)}
    own = {"obstacles", "attack", "decision", "tiles", "areas", "arcs", "tools", "pieces", "odds", "notes",
           "mission", "dial", "crew", "stats", "ratings"}
    for cls, names in fields.items():
        assert "part" in names and not names & own, (cls.__name__, names & own)

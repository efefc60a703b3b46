"""`trek batch play|stats|render` on a local Ray of two workers (one Ray for the whole session).

What is checked: a batch plays the very games `trek play` plays (same bytes), whatever the
number of workers; a stopped batch goes on where it stopped and never counts a half-written
game; every game that can be played plays in a batch (Attack Wing and Alliance); the stats agree
with the replays (ships lost, luck as `trek replay info` reads it) and the Wilson interval is
the one its definition gives; errors are one line.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("ray")
pytest.importorskip("pyarrow")

from engine.batch.games import BatchError, job_for, parse_seeds
from engine.batch.play import GAMES, REPLAYS, ROWS, play_batch, read_rows, replay_name, row_name
from engine.batch.stats import Z95, tables, wilson, write_plots, write_tables
from engine.rulesets.base import PlayRequest
from engine.rulesets.registry import ruleset_for
from trek.main import main

SEEDS = range(1, 5)


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def skirmish(tmp_path_factory: pytest.TempPathFactory, local_ray: Any) -> Path:
    """Four whole skirmishes played by two workers."""
    folder = tmp_path_factory.mktemp("batch") / "skirmish"
    summary = play_batch(job_for("skirmish"), SEEDS, folder, 2, progress=False)
    assert (summary.played, summary.skipped, summary.games) == (4, 0, 4)
    return folder


# --- play ----------------------------------------------------------------------------------------

def test_one_worker_and_two_write_the_same_bytes(skirmish: Path, tmp_path: Path) -> None:
    alone = tmp_path / "alone"
    play_batch(job_for("skirmish"), SEEDS, alone, 1, progress=False)
    assert _files(alone) == _files(skirmish)
    assert sorted(p.name for p in (skirmish / REPLAYS).iterdir()) == [replay_name(s) for s in SEEDS]


def test_a_batch_game_is_the_game_trek_play_records(skirmish: Path, tmp_path: Path) -> None:
    maker = ruleset_for("attack_wing").maker
    assert maker is not None
    maker.play(PlayRequest("skirmish", 3, tmp_path / "one.trek"))
    assert (tmp_path / "one.trek").read_bytes() == (skirmish / REPLAYS / replay_name(3)).read_bytes()


def test_games_jsonl_lists_every_row_in_seed_order(skirmish: Path) -> None:
    lines = (skirmish / GAMES).read_text().splitlines()
    assert [json.loads(line)["seed"] for line in lines] == list(SEEDS)
    assert [json.loads(line) for line in lines] == read_rows(skirmish)


def test_a_stopped_batch_goes_on_and_never_counts_a_half_written_game(skirmish: Path, tmp_path: Path) -> None:
    folder = tmp_path / "resumed"
    first = play_batch(job_for("skirmish"), range(1, 3), folder, 2, progress=False)
    assert (first.played, first.skipped) == (2, 0)
    # a game cut off between its replay and its row (the row is what says a game is finished),
    # and a temporary file left by a killed writer: neither counts
    (folder / REPLAYS / replay_name(3)).write_bytes(b"half a replay")
    (folder / ROWS / f".{row_name(4)}.x.tmp").write_text("{")
    again = play_batch(job_for("skirmish"), SEEDS, folder, 2, progress=False)
    assert (again.played, again.skipped, again.games) == (2, 2, 4)
    assert (folder / REPLAYS / replay_name(3)).read_bytes() == (skirmish / REPLAYS / replay_name(3)).read_bytes()
    assert (folder / GAMES).read_bytes() == (skirmish / GAMES).read_bytes()
    done = play_batch(job_for("skirmish"), SEEDS, folder, 2, progress=False)
    assert (done.played, done.skipped) == (0, 4)


def test_every_game_that_can_be_played_plays_in_a_batch(tmp_path: Path, local_ray: Any) -> None:
    from engine.rulesets.registry import names

    played = []
    for game in names():
        maker = ruleset_for(game).maker
        if maker is None or not maker.bundled():
            continue
        name = maker.bundled()[0]
        folder = tmp_path / game
        play_batch(job_for(name, rounds=2), range(7, 9), folder, 2, progress=False)
        rows = read_rows(folder)
        assert [(r["game"], r["seed"]) for r in rows] == [(game, 7), (game, 8)]
        assert all(r["rounds"] is not None and r["rounds"] <= 2 and r["scenario"] for r in rows), rows
        played.append(game)
    assert {"attack_wing", "alliance"} <= set(played)
    mission = read_rows(tmp_path / "alliance")
    assert all(r["outcome"] in ("success", "failure") for r in mission)


def test_the_row_agrees_with_the_replay(skirmish: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for row in read_rows(skirmish):
        result = row["result"]
        assert row["outcome"] == (row["sides"][result["winner"]]["name"] if result["winner"] is not None else "draw")
        for side in (0, 1):  # each destroyed ship is one lost (the scenario's result counts them)
            destroyed = [x for x in row["losses"] if x["side"] == side and x["status"] == "destroyed"]
            assert len(destroyed) == result["ships_lost"][side]
        width, height = row["table"]
        assert all(0 <= x["x"] <= width and 0 <= x["y"] <= height for x in row["losses"])
    capsys.readouterr()
    assert main(["replay", "info", str(skirmish / REPLAYS / replay_name(2)), "--json"]) == 0
    luck = json.loads(capsys.readouterr().out)["luck"]
    sides = read_rows(skirmish)[1]["sides"]
    assert [(s["attacks"], s["actual_damage"], s["expected_damage"]) for s in sides] == \
        [(s["attacks"], s["actual_damage"], s["expected_damage"]) for s in luck]


def test_trek_batch_play_on_the_command_line(tmp_path: Path, local_ray: Any,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["batch", "play", "duel", "--seeds", "1..2", "--rounds", "1", "--workers", "2", "-o",
            str(tmp_path / "duel"), "--no-progress", "--json"]
    assert main(argv) == 0
    doc = json.loads(capsys.readouterr().out)
    assert (doc["game"], doc["played"], doc["skipped"], doc["games_in_folder"]) == ("attack_wing", 2, 0, 2)
    assert all(row["rounds"] == 1 for row in read_rows(tmp_path / "duel"))
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["skipped"] == 2


FLEETS = Path(__file__).resolve().parent.parent / "replays" / "fleets"


def test_two_fleets_against_each_other(tmp_path: Path, local_ray: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """The fleets swap sides (Dominion south) on the skirmish's table; the workers get one
    self-contained scenario, the very one `trek play` plays from a file."""
    from engine.rulesets.attack_wing.versus import versus_scenario

    fleets = [str(FLEETS / "dominion.json"), str(FLEETS / "federation.json")]
    argv = ["batch", "play", *fleets, "--seeds", "3..4", "--rounds", "2", "-o", str(tmp_path / "vs"),
            "--no-progress", "--json"]
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["played"] == 2
    rows = read_rows(tmp_path / "vs")
    assert [s["name"] for s in rows[0]["sides"]] == ["Dominion strike group", "Federation task force"]
    assert rows[0]["scenario"] == "Dominion strike group vs Federation task force"
    name, text = versus_scenario(fleets)
    (tmp_path / name).write_text(text)
    assert main(["play", str(tmp_path / name), "--seed", "4", "--rounds", "2", "-o", str(tmp_path / "4.trek")]) == 0
    assert (tmp_path / "4.trek").read_bytes() == (tmp_path / "vs" / REPLAYS / replay_name(4)).read_bytes()


def test_a_fleet_against_itself_has_sides_told_apart() -> None:
    from engine.rulesets.attack_wing.versus import versus_scenario

    _, text = versus_scenario([str(FLEETS / "federation.json")] * 2, "duel")
    doc = json.loads(text)
    assert [s["name"] for s in doc["sides"]] == ["Federation task force (A)", "Federation task force (B)"]
    assert doc["round_limit"] == json.loads((FLEETS.parent / "duel.json").read_text())["round_limit"]


@pytest.mark.parametrize(("text", "seeds"), [("1..3", range(1, 4)), ("7", range(7, 8)), (" 0 .. 0 ", range(0, 1))])
def test_seed_ranges(text: str, seeds: range) -> None:
    assert parse_seeds(text) == seeds


@pytest.mark.parametrize("text", ["", "a..b", "3..1", "1..", "-1..2", "1..99999999999", "0..1000000"])
def test_bad_seed_ranges_are_one_line_errors(text: str) -> None:
    with pytest.raises(BatchError, match="--seeds"):
        parse_seeds(text)


def test_cli_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], skirmish: Path) -> None:
    cases = [
        (["batch", "play", "nonesuch", "--seeds", "1..2", "-o", str(tmp_path / "a")], "no game plays 'nonesuch'"),
        (["batch", "play", str(tmp_path / "none.json"), "--seeds", "1..2", "-o", str(tmp_path / "a")],
         "no scenario file"),
        (["batch", "play", "skirmish", "--seeds", "2..1", "-o", str(tmp_path / "a")], "before the first"),
        (["batch", "play", "skirmish", "--seeds", "1..2", "--workers", "0", "-o", str(tmp_path / "a")],
         "--workers"),
        (["batch", "play", "duel", "--seeds", "1..2", "-o", str(skirmish)], "holds another batch"),
        (["batch", "play", "skirmish", "--seeds", "1..2", "-o", str(skirmish / "batch.json" / "dir")],
         "is a file, not a folder"),
        (["batch", "stats", str(tmp_path / "nothing")], "no batch folder"),
        (["batch", "play", str(tmp_path / "a.json"), str(FLEETS / "dominion.json"), "--seeds", "1", "-o",
          str(tmp_path / "a")], "side A's fleet"),
        (["batch", "play", "a", "b", "c", "--seeds", "1", "-o", str(tmp_path / "a")], "two fleet files"),
        (["batch", "play", str(FLEETS / "dominion.json"), str(FLEETS / "dominion.json"), "--table",
          "alliance-act1", "--seeds", "1", "-o", str(tmp_path / "a")], "pits no fleets"),
    ]
    for argv, message in cases:
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1, err


def test_a_bad_scenario_file_stops_the_batch_before_any_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                                              ) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"name": "bad"}')
    assert main(["batch", "play", str(bad), "--seeds", "5..6", "-o", str(tmp_path / "out"), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "bad.json" in err and err.count("\n") == 1, err
    assert not (tmp_path / "out").exists()


def test_a_game_a_worker_refuses_stops_the_batch_naming_the_seed(tmp_path: Path, local_ray: Any,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["batch", "play", "skirmish", "--players", "ai,chess", "--seeds", "5..6", "-o", str(tmp_path / "out"),
            "--no-progress"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert ("seed 5" in err or "seed 6" in err) and "--players" in err, err
    assert read_rows(tmp_path / "out") == []


# --- stats ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("k", "n"), [(0, 10), (1, 10), (5, 10), (10, 10), (37, 100), (999, 1000)])
def test_the_wilson_interval_is_where_its_score_test_is_at_the_edge(k: int, n: int) -> None:
    """Wilson's interval: the proportions p for which |k/n - p| <= z sqrt(p(1-p)/n)."""
    low, high = wilson(k, n)
    for p in (low, high):
        if 0 < p < 1:
            assert abs(k / n - p) == pytest.approx(Z95 * math.sqrt(p * (1 - p) / n), rel=1e-9)
    assert low <= k / n <= high
    assert (low == 0) == (k == 0) and (high == 1) == (k == n)


def test_wilson_known_values() -> None:
    """Newcombe (1998), table I: 81/263 -> 0.2553 to 0.3662 (95%)."""
    low, high = wilson(81, 263)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)


def test_stats_tables_and_plots(skirmish: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import pyarrow.csv as pcsv
    import pyarrow.parquet as pq
    from PIL import Image

    rows = read_rows(skirmish)
    found = tables(rows)
    assert sum(o["games"] for o in found.outcomes) == len(rows) == 4
    for side in found.sides:
        assert side["wins"] == sum(r["outcome"] == side["name"] for r in rows)
        assert side["attacks"] == sum(r["sides"][side["side"]]["attacks"] for r in rows)
        assert side["wilson_low"] <= side["win_rate"] <= side["wilson_high"]
    assert len(found.losses) == sum(len(r["losses"]) for r in rows)
    written = write_tables(found, tmp_path)
    assert {p.name for p in written} == {f"{t}.{s}" for t in ("games", "outcomes", "sides", "losses")
                                         for s in ("parquet", "csv")}
    assert pq.read_table(tmp_path / "sides.parquet").to_pylist() == found.sides
    assert pcsv.read_csv(tmp_path / "games.csv").column("seed").to_pylist() == list(SEEDS)
    for png in write_plots(found, rows, tmp_path):
        image = Image.open(png).convert("RGB")
        colours = image.getcolors(maxcolors=1 << 20)
        assert colours is not None and len(colours) > 20, png  # drawn, not blank
    out = tmp_path / "cli"
    assert main(["batch", "stats", str(skirmish), "-o", str(out), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["games"] == 4 and doc["sides"] == found.sides and len(doc["written"]) == 11


def test_stats_of_no_games_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(BatchError, match="no finished games"):
        tables([])


# --- render --------------------------------------------------------------------------------------

def test_render_a_batch(skirmish: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("panda3d")
    from PIL import Image

    videos = tmp_path / "videos"
    argv = ["batch", "render", str(skirmish), "-o", str(videos), "--seeds", "2", "--format", "gif",
            "--size", "128x72", "--fps", "1", "--speed", "16", "--workers", "2", "--json"]
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["rendered"] == 1
    assert [p.name for p in videos.iterdir()] == ["seed-000002.gif"]
    gif = Image.open(videos / "seed-000002.gif")
    assert gif.size == (128, 72) and gif.n_frames > 5
    assert main(argv) == 0  # already there: skipped
    assert json.loads(capsys.readouterr().out)["skipped"] == 1


def test_render_says_the_studio_is_missing(skirmish: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import trek.batch_render as render

    monkeypatch.setattr(render, "studio_installed", lambda: False)
    with pytest.raises(BatchError, match="needs the studio on every worker"):
        render.render_batch(skirmish, tmp_path / "v", render.RenderOptions(), None, 2)
    assert render.render_game(1, b"", render.RenderOptions()).error == render.STUDIO_MISSING

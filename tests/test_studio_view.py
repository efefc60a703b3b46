"""The studio only draws the view (issue 14 item 2, issue 19): it imports nothing of a ruleset,
and everything it draws (dice, header, panels, templates, trails, cards, the director's subjects)
comes worked out in the Timeline's records, each number and sentence from one source."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from engine.replay_timeline import LoadedReplay, load_timeline
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.screen import expected_text
from engine.timeline import Timeline
from engine.view_attack_wing import odds_of

STUDIO = Path(__file__).resolve().parent.parent / "studio"
# what a studio module may import of the engine: the view (its core and each game's part), the Timeline
# (and the replay loader that makes one), the teaching view (the rulebook geometry the teaching plates
# draw, and a drill's: its file and outcome), an analysis sidecar (what `trek analyze` wrote: the studio
# draws it, never rolls out), geometry, and the game-free plumbing (the error base class, atomic file output)
ALLOWED = ("engine.view", "engine.view_attack_wing", "engine.view_alliance", "engine.view_into_the_unknown",
           "engine.view_fleet_captains", "engine.timeline", "engine.replay_timeline", "engine.teach", "engine.geometry",
           "engine.drill", "engine.drill_file", "engine.analysis.sidecar", "engine.errors", "engine.io")


def engine_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
        elif isinstance(node, ast.Import):
            names += [a.name for a in node.names]
    return [n for n in names if n == "engine" or n.startswith("engine.")]


def test_the_studio_imports_only_the_view_the_timeline_and_geometry() -> None:
    files = sorted(STUDIO.rglob("*.py"))
    assert len(files) > 15
    wrong = {f"{p.name}: {n}" for p in files for n in engine_imports(p)
             if not any(n == a or n.startswith(a + ".") for a in ALLOWED)}
    assert not wrong, f"studio modules reaching past the view: {sorted(wrong)}"


READS_PAST_THE_VIEW = re.compile(r"\b(?:timeline|tl)\.(?:events|final|initial|state_after|ruleset_\w+)\b")


def test_the_studio_reads_no_event_or_ruleset_state_through_the_timeline() -> None:
    """Beyond imports: no studio module digs the raw events or the ruleset's states out of the
    Timeline (what it draws comes in the Moment and the Timeline's records)."""
    files = sorted(STUDIO.rglob("*.py"))
    wrong = [f"{p.name}: {m.group(0)}" for p in files for m in READS_PAST_THE_VIEW.finditer(p.read_text())]
    assert not wrong, wrong
    assert READS_PAST_THE_VIEW.search("e = self.timeline.events[i]") and not READS_PAST_THE_VIEW.search("tl.focus")


def test_the_scan_sees_an_import_of_a_ruleset(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from engine.rulesets.attack_wing import events as ev\nimport engine.rulesets.alliance\n")
    assert engine_imports(bad) == ["engine.rulesets.attack_wing", "engine.rulesets.alliance"]


@pytest.fixture(scope="module")
def loaded(tmp_path_factory: pytest.TempPathFactory) -> LoadedReplay:
    from engine.rulesets.attack_wing.play import play
    from engine.rulesets.attack_wing.scenario import load_scenario

    path = tmp_path_factory.mktemp("view") / "skirmish-3.trek"
    play(load_scenario("skirmish"), 3, path)
    return load_timeline(path)


def indices(tl: Timeline, kind: type) -> list[int]:
    return [i for i, e in enumerate(tl.events) if isinstance(e, kind)]


def test_header_quotes_the_dice_panels_odds_and_names_the_attacker(loaded: LoadedReplay) -> None:
    """Issue 19: the header's expected damage is the dice panel's exact odds, and the header names
    the attacker with its own reason through every event of the attack (the defender's damage too)."""
    tl = loaded.timeline
    checked = 0
    for i, a in enumerate(tl.attack_of):
        if a < 0:
            continue
        declared = tl.events[a]
        assert isinstance(declared, ev.AttackDeclared)
        m = tl.moment_after(i)
        if m.dice is None or odds_of(m) is None:
            continue
        assert m.header is not None and m.header.ship == declared.ship and m.header.target == declared.defender
        assert expected_text(odds_of(m)) in m.header.reason and expected_text(odds_of(m)) in m.dice.odds_line
        assert m.reason == m.header.reason
        checked += 1
    assert checked > 20


def test_no_cause_said_twice(loaded: LoadedReplay) -> None:
    assert not [line for line in loaded.timeline.lines if "destroyed (destroyed" in line]


def test_ships_not_yet_placed_are_not_drawn(loaded: LoadedReplay) -> None:
    tl = loaded.timeline
    placed = indices(tl, ev.ShipPlaced)
    assert tl.moment_after(-1).view.ships == () and tl.moment_after(placed[0] - 1).view.ships == ()
    for k, i in enumerate(placed):
        m = tl.moment_after(i)
        assert len(m.view.ships) == k + 1 and len(m.panels) == k + 1
        assert all((s.pose.x, s.pose.y) != (0.0, 0.0) for s in m.view.ships)


def test_a_template_stays_until_the_ships_next_activation(loaded: LoadedReplay) -> None:
    tl = loaded.timeline
    moves = indices(tl, ev.ShipMoved)
    assert moves
    for i in moves[:12]:
        e = tl.events[i]
        assert isinstance(e, ev.ShipMoved)
        assert e.ship in {t.ship_id for t in tl.moment_after(i).view.templates}  # at ship_moved (--at N)
        nxt = next((j for j in range(i + 1, len(tl.events)) if isinstance(tl.events[j], ev.ShipActivated)
                    and tl.events[j].ship == e.ship and tl.events[j].phase == "activation"), None)
        if nxt is None:
            continue
        assert e.ship in {t.ship_id for t in tl.moment_after(nxt - 1).view.templates}  # kept through combat
        assert e.ship not in {t.ship_id for t in tl.moment_after(nxt).view.templates}  # gone when it activates


def test_trails_of_ships_out_of_play_fade(loaded: LoadedReplay) -> None:
    tl = loaded.timeline
    gone = [i for i in indices(tl, ev.ShipDestroyed) if getattr(tl.events[i], "removed", True)]
    assert gone
    i = gone[0]
    e = tl.events[i]
    assert isinstance(e, ev.ShipDestroyed)
    before = {t.ship_id: t for t in tl.moment_after(i - 1).view.trails}
    after = {t.ship_id: t for t in tl.moment_after(i).view.trails}
    assert not before[e.ship].faded and after[e.ship].faded
    assert not any(t.faded for sid, t in after.items() if sid != e.ship and not tl.final.ship(sid).destroyed)


def test_panels_and_tokens_are_typed(loaded: LoadedReplay) -> None:
    tl = loaded.timeline
    lock = indices(tl, ev.TargetLockAcquired)[0]
    e = tl.events[lock]
    assert isinstance(e, ev.TargetLockAcquired)
    panel = next(p for p in tl.moment_after(lock).panels if p.id == e.ship)
    token = next(t for t in panel.tokens if t.kind == "target_lock")
    assert token.target == e.target and token.label == tl.final.ship(e.target).name
    assert [p.id for p in tl.roster] == [s.id for s in sorted(tl.final.ships, key=lambda s: s.side)]


def test_the_director_focus_comes_from_the_view(loaded: LoadedReplay) -> None:
    tl = loaded.timeline
    for i in indices(tl, ev.AttackDeclared)[:5]:
        e = tl.events[i]
        assert isinstance(e, ev.AttackDeclared)
        focus = tl.focus[i]
        assert focus is not None and focus.kind == "attack" and focus.subjects == (e.ship, e.defender)
        assert {(b.pose.x, b.pose.y) for b in focus.bases} == {
            (tl.state_after(i).ship(s).pose.x, tl.state_after(i).ship(s).pose.y) for s in focus.subjects}
    assert all(f is None or f.kind in ("table", "move", "attack") for f in tl.focus)
    assert sum(1 for f in tl.focus if f is not None and f.kind == "move") >= len(indices(tl, ev.ShipMoved)) // 2


def test_card_points_say_what_they_are(loaded: LoadedReplay) -> None:
    title, end = loaded.title_card, loaded.end_card
    assert all(f.points_label == "fleet points to build" for f in title.fleets)
    # the skirmish scores the tournament's Fleet Points (rulings.md): 120 minus the points the enemy
    # has left, so a side that lost no ship still gives the other some; the card says so (it said
    # "enemy ships destroyed" over a score of 1 beside "0 lost")
    assert all(f.points_label == "fleet points: 120 minus the enemy's points left" for f in end.fleets)
    assert [f.points for f in title.fleets] == [f.get("points") for f in loaded.sides[:2]]
    result = loaded.timeline.final.result
    assert result is not None and [f.points for f in end.fleets] == list(result.points)
    for k, fleet in enumerate(end.fleets):
        enemy = end.fleets[1 - k]
        assert fleet.points == max(0, 120 - sum(s.points for s in enemy.ships if not s.gone))
    from engine.rulesets.attack_wing.screen import points_label

    for header in ({}, {"scenario": {"victory": "tournament"}}, {"scenario": []}):  # no rule: ships destroyed
        assert points_label(header) == "fleet points scored (enemy ships destroyed)"
    assert points_label({"scenario": {"victory": {"rule": "tournament", "fleet_points_base": 100}}}).startswith(
        "fleet points: 100 minus")
    assert "Star Trek: Attack Wing" in title.footer and "Star Trek: Attack Wing" in end.footer


def test_dice_stay_long_enough_to_read(loaded: LoadedReplay) -> None:
    """Issue 19: the dice of an attack stay on screen at least 4 s of playback (from the first roll
    to the attack's end), and each roll's faces alone at least 1.5 s."""
    tl = loaded.timeline
    rolls = indices(tl, ev.DiceRolled)
    assert rolls
    for i in rolls:
        a = tl.attack_of[i]
        last = max(j for j, b in enumerate(tl.attack_of) if b == a)
        assert tl.start_of(i + 1) - tl.start_of(i) >= 1.5
        first = min(j for j in rolls if tl.attack_of[j] == a)
        assert tl.start_of(last + 1) - tl.start_of(first) >= 4.0
        assert tl.moment(tl.start_of(first) + 3.9).dice is not None


def test_pixels_no_ship_before_placement_a_template_at_ship_moved_and_a_faint_trail(loaded: LoadedReplay) -> None:
    """The pictures of the three rules above: before its placement a ship draws nothing (not even
    at the table's corner); at the end of a ship_moved (a `--at` screenshot) its template is on the
    table; the trail of a ship out of play is fainter than a live one's."""
    from dataclasses import replace

    import numpy as np

    from studio.camera import table_to_pixel
    from studio.snapshot import render_view

    tl = loaded.timeline
    size = (480, 480)
    first = tl.moment_after(indices(tl, ev.ShipPlaced)[0] - 1).view
    assert np.array_equal(render_view(first, size, "top", {"templates", "trails"}),
                          render_view(replace(first, ships=()), size, "top", set()))
    i = indices(tl, ev.ShipMoved)[0]
    view = tl.moment_after(i).view
    e = tl.events[i]
    assert isinstance(e, ev.ShipMoved)
    template = next(t for t in view.templates if t.ship_id == e.ship)
    with_t = render_view(view, size, "top", {"templates"}).astype(int)
    without = render_view(view, size, "top", set()).astype(int)
    xs = [x for x, _ in template.points]
    area = (view.area_width, view.area_height)
    # the middle of the template's first half (the ship stands at its far end)
    u, v = (int(c) for c in table_to_pixel(e.start.x + (e.end.x - e.start.x) * 0.3,
                                            e.start.y + (e.end.y - e.start.y) * 0.3, size, area))
    assert np.abs(with_t[v - 1:v + 2, u - 1:u + 2] - without[v - 1:v + 2, u - 1:u + 2]).sum() > 60
    assert min(xs) < e.start.x + 1 and len(xs) > 4
    trail = view.trails[0]
    live = replace(view, ships=(), templates=(), trails=(replace(trail, faded=False),))
    faint = replace(live, trails=(replace(trail, faded=True),))
    big = (960, 960)
    bare = render_view(replace(live, trails=()), big, "top", {"trails"}).astype(int)
    mid = trail.points[len(trail.points) // 2]
    u, v = (int(c) for c in table_to_pixel(mid[0], mid[1], big, area))
    near = (slice(v - 2, v + 3), slice(u - 2, u + 3))
    strong = np.abs(render_view(live, big, "top", {"trails"}).astype(int)[near] - bare[near]).sum(axis=2).max()
    weak = np.abs(render_view(faint, big, "top", {"trails"}).astype(int)[near] - bare[near]).sum(axis=2).max()
    assert strong > 60 and 0 < weak < strong / 2


def test_round_box_says_setup_once_and_a_retreated_panel_says_so(loaded: LoadedReplay) -> None:
    from panda3d.core import NodePath

    from engine.view import PanelView
    from studio.hud import Hud
    from studio.hud_panels import ShipPanel

    tl = loaded.timeline
    hud = Hud(NodePath("aspect2d"), 16 / 9)
    hud.update(tl.moment_after(-1), tl)
    assert (hud.round.text, hud.phase.text) == ("SETUP", "")  # not "SETUP / SETUP"
    panel = ShipPanel(NodePath("column"), "x")
    panel.update(PanelView("x", "Akira (P1)", "Akira Class", 0, status="retreated", hull_max=5, shields_max=2))
    assert panel.gone.text == "RETREATED" and panel.root.hasColorScale()
    panel.update(PanelView("x", "Akira (P1)", "Akira Class", 0, status="in_play", hull=5, hull_max=5))
    assert panel.gone.text == "" and not panel.root.hasColorScale()


@pytest.mark.parametrize("fleets", [None, 7, "x", [1, "a", None], [{"side": 9, "ships": 5, "name": 3},
                                                                   {"side": "b", "ships": [{"upgrades": 4}, 2]}]])
def test_cards_of_a_header_with_junk_fleets(loaded: LoadedReplay, fleets: object) -> None:
    """A replay header is untrusted: odd fleets make plain cards, never an error."""
    from engine.rulesets.alliance import screen as alliance
    from engine.rulesets.attack_wing import screen

    header = {**loaded.header, "fleets": fleets, "mission": {"enemy_ships": 3}, "scenario": 5}
    final = loaded.timeline.final
    title, end = screen.cards(header, final, False, "x")
    assert all(f.side in (0, 1) for f in (*title.fleets, *end.fleets))
    assert alliance.title_card(header, "x").footer.endswith("Star Trek: Alliance")
    assert alliance.markers(header) == ()

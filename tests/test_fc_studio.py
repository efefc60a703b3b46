"""The studio draws a map game's tiles from the view alone (issue 18, the studio): face-down and
turned-over tiles, command posts, influence and installations, checked pixel by pixel."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from engine.replay_timeline import load_timeline
from engine.view import TableView
from engine.view_fleet_captains import (
    FleetCaptainsMoment,
    FleetCaptainsPanel,
    FleetCaptainsTable,
    TileView,
    notes_of,
    ratings_of,
    tiles_of,
)
from studio.camera import table_to_pixel
from studio.palette import PLAYER_COLOURS
from studio.tiles import FACE_DOWN, KIND_COLOURS

AREA = (1000.0, 1400.0)
SIZE = (540, 756)
GOLDEN = Path(__file__).parent / "golden" / "fc-standard-seed27.trek"


def px(frame: Any, x: float, y: float, area: tuple[float, float] = AREA) -> np.ndarray:
    u, v = table_to_pixel(x, y, SIZE, area)
    out: np.ndarray = frame[int(v), int(u)].astype(int)
    return out


def close(a: np.ndarray, b: tuple[float, ...], tol: int = 30) -> bool:
    return bool(np.all(np.abs(a[:3] - np.array(b[:3]) * 255) <= tol))


def test_tiles_face_down_turned_over_command_posts_influence_and_installations(renderer: Any) -> None:
    nebula = dict(KIND_COLOURS)["nebula"]
    tiles = (TileView("down", 300, 500, 200, face_down=True),
             TileView("neb", 700, 500, 200, name="Beta nebula", kind="nebula", size=2),
             TileView("cp0", 500, 100, 200, name="command post", home=0),
             TileView("planet", 300, 900, 200, name="Alpha class M system", kind="class M system", size=1,
                      influence=2, influence_player=1, installation="outpost", installation_player=1))
    frame = renderer.render(TableView(*AREA, part=FleetCaptainsTable(tiles=tiles)), SIZE, "top", set())
    assert close(px(frame, 385, 470), FACE_DOWN)
    assert close(px(frame, 785, 470), nebula)
    home = px(frame, 560, 130)
    assert home[2] > home[0] + 40  # side 0's blue
    assert close(px(frame, 300 - 96 + 11.7, 900 - 96 + 11.7), PLAYER_COLOURS[1])  # the first influence token
    s = 200 * 0.09
    cx, cy = 300 + 96 - s * 1.4, 900 + 96 - s * 1.4
    assert close(px(frame, cx - s * 0.8, cy + s * 0.8), PLAYER_COLOURS[1])  # the outpost, in the owner's colour
    bare = renderer.render(TableView(*AREA), SIZE, "top", set())
    assert not close(px(bare, 785, 470), nebula) and not close(px(bare, 385, 470), FACE_DOWN)


def test_a_recorded_game_draws_its_map(renderer: Any, tmp_path: Path) -> None:
    from studio.snapshot import save_png

    timeline = load_timeline(GOLDEN).timeline
    end = timeline.moment_after(len(timeline.events) - 1).view
    assert len(tiles_of(end)) == 27
    frame = renderer.render(end, SIZE, "top", set())
    save_png(frame, tmp_path / "fc-map.png")
    down = next((t for t in tiles_of(end) if t.face_down), None)
    if down is not None:
        assert close(px(frame, down.x + down.side * 0.42, down.y - down.side * 0.15,
                        (end.area_width, end.area_height)), FACE_DOWN)
    explored = [t for t in tiles_of(end)
                if not t.face_down and t.home is None and not t.installation and not t.influence]
    assert explored


def test_the_d6s_of_a_combat_are_on_the_hud_with_their_pips() -> None:
    from engine.rulesets.fleet_captains import events as fe
    from studio.frame_plan import moment_after
    from studio.hud_dice import ATTACK_DIE, DEFENSE_DIE, DICE_Z, DIE
    from studio.video import FrameRenderer

    loaded = load_timeline(GOLDEN)
    tl = loaded.timeline
    i = next(i for i, e in enumerate(tl.events) if isinstance(e, fe.Tested) and e.kind == "combat"
             and e.system == "weapons")
    weapons, shields = tl.events[i], tl.events[i - 1]
    assert isinstance(weapons, fe.Tested) and isinstance(shields, fe.Tested)
    moment = moment_after(tl, i)
    assert moment.dice is not None
    assert [d.face for d in moment.dice.attack] == [str(weapons.die)]
    assert [d.face for d in moment.dice.defense] == [str(shields.die)]
    assert f"= {weapons.total} vs {weapons.target}" in moment.dice.tally
    size = (960, 540)
    with FrameRenderer(loaded, size, camera="top") as fr:
        assert fr.hud is not None
        fr.hud.update(moment, tl)
        frame = fr._draw(moment, fr.camera_pose(moment), set())
    h = size[1]
    band = frame[int((1 - (DICE_Z + DIE / 2)) / 2 * h) + 1:int((1 - (DICE_Z - DIE / 2)) / 2 * h) - 1]

    def mask(colour: tuple[float, ...], tol: int = 45) -> np.ndarray:
        out: np.ndarray = np.all(np.abs(band.astype(int) - np.array(colour[:3]) * 255) <= tol, axis=2)
        return out

    red, green, white = mask(ATTACK_DIE), mask(DEFENSE_DIE), mask((1.0, 1.0, 1.0), 30)
    assert red.sum() > 40 and green.sum() > 40
    for die, colour in ((weapons.die, red), (shields.die, green)):
        cols = np.nonzero(colour.any(axis=0))[0]
        pips = white[:, cols.min():cols.max() + 1].sum()
        assert pips > 6 * die, f"a {die} shows its pips"  # each pip is a white dot on the die
    # the move that follows takes the dice off the table
    later = next(j for j in range(i, len(tl.events)) if isinstance(tl.events[j], fe.Chosen)
                 and tl.events[j].kind == "turn")
    assert moment_after(tl, later).dice is None


def test_two_fleets_in_one_location_stand_apart_and_the_camera_closes_on_the_fight(renderer: Any) -> None:
    """Side 0's ships stand south of the tile's centre, side 1's north, three abreast: the tile
    shows between the two fleets (pixels); the director frames the tile of each test."""
    from engine.rulesets.fleet_captains import events as fe
    from studio.frame_plan import moment_after
    from studio.tiles import kind_colour

    tl = load_timeline(GOLDEN).timeline
    i = next(i for i, e in enumerate(tl.events) if isinstance(e, fe.Tested) and e.kind == "combat")
    view = moment_after(tl, i).view
    attacker = view.ship(tl.events[i].ships[0])
    assert attacker is not None
    tile = next(t for t in tiles_of(view) if abs(t.x - attacker.pose.x) < t.side / 2 and abs(t.y - attacker.pose.y)
                < t.side / 2)
    here = [s for s in view.ships if abs(s.pose.x - tile.x) < tile.side / 2 and abs(s.pose.y - tile.y) < tile.side / 2]
    assert {s.player for s in here} == {0, 1}
    assert all((s.pose.y < tile.y) == (s.player == 0) for s in here)
    area = (view.area_width, view.area_height)
    frame = renderer.render(view, SIZE, "top", set())
    assert close(px(frame, tile.x, tile.y, area), kind_colour(tile))  # nothing covers the middle of the tile
    for ship in here:
        assert not close(px(frame, ship.pose.x, ship.pose.y, area), kind_colour(tile))
    focus = tl.focus[i]
    assert focus is not None and focus.kind == "attack" and focus.bases[0].pose.x == tile.x


def test_the_hud_names_what_the_d6s_of_a_test_are() -> None:
    """Not every d6 test is an attack: the dice strip says the system tested (and, in a
    breakaway, the moving ships against the enemy's)."""
    from engine.rulesets.fleet_captains import events as fe
    from studio.frame_plan import moment_after
    from studio.video import FrameRenderer

    loaded = load_timeline(GOLDEN)
    tl = loaded.timeline
    labels = {}
    for kind in ("combat", "breakaway", "system"):
        i = next(i for i, e in enumerate(tl.events) if isinstance(e, fe.Tested) and e.kind == kind
                 and e.system != "shields")
        dice = moment_after(tl, i).dice
        assert dice is not None
        labels[kind] = (dice.attack_label, dice.defense_label if dice.defense else "")
    assert labels["combat"] == ("WEAPONS", "SHIELDS") and labels["breakaway"] == ("MOVING", "ENEMY")
    system = next(e for e in tl.events if isinstance(e, fe.Tested) and e.kind == "system")
    assert labels["system"] == (system.system.upper(), "")
    i = next(i for i, e in enumerate(tl.events) if isinstance(e, fe.Tested) and e.kind == "breakaway")
    loc = tl.events[i].label.split("from ")[1]  # the log's id; the tally names the tile as the map shows it
    tile = next(t for t in tiles_of(moment_after(tl, i).view) if t.id == loc)
    tally = moment_after(tl, i).dice.tally  # type: ignore[union-attr]
    assert tile.name and f"from {tile.name}" in tally and loc not in tally
    with FrameRenderer(loaded, (960, 540), camera="top") as fr:
        assert fr.hud is not None
        fr.hud.update(moment_after(tl, i), tl)
        assert (fr.hud.dice.attack_label._text, fr.hud.dice.defense_label._text) == ("MOVING", "ENEMY")


def test_each_combat_is_an_attack_clip_from_its_action_to_its_damage() -> None:
    """`trek render --attack N` as for Attack Wing: the combat action (or a free attack) with its
    cards, dice, tests and damage; the camera on the fight's tile from the action on."""
    from engine.rulesets.fleet_captains import events as fe
    from studio.frame_plan import attack_span, attacks

    tl = load_timeline(GOLDEN).timeline
    declared = attacks(tl)
    combats = [i for i, e in enumerate(tl.events) if isinstance(e, fe.ActionTaken) and e.action == "combat"]
    assert declared and set(combats) <= set(declared)
    for a in combats:
        span = [i for i, b in enumerate(tl.attack_of) if b == a]
        kinds = [tl.events[i].type for i in span]
        assert kinds.count("tested") == 2 and span == list(range(a, a + len(span)))  # weapons and shields
        damage = [tl.events[i] for i in span if isinstance(tl.events[i], fe.Damaged)]
        weapons = [e for e in (tl.events[i] for i in span) if isinstance(e, fe.Tested) and e.system == "weapons"]
        assert len(weapons) == 1 and bool(damage) == weapons[0].success  # damage only when weapons beat shields
        focus = tl.focus[a]
        assert focus is not None and focus.kind == "attack"
    start, end = attack_span(tl, 1)
    assert start < tl.start_of(declared[0]) < end


def test_a_sensor_echo_slides_from_tile_to_tile(tmp_path: Path) -> None:
    """Cloak tokens are markers; an echo's step moves its marker from one tile to the next."""
    from engine.rulesets.fleet_captains import events as fe
    from engine.rulesets.fleet_captains.play import play_game
    from engine.rulesets.fleet_captains.presenter import centre

    play_game(46, tmp_path / "echo.trek")  # seed 46: a Klingon echo moves at event 396
    tl = load_timeline(tmp_path / "echo.trek").timeline
    i = next(i for i, e in enumerate(tl.events) if isinstance(e, fe.TokenMoved))
    step = tl.events[i]
    assert isinstance(step, fe.TokenMoved)
    (ax, ay), (bx, by) = centre(step.source), centre(step.dest)
    n = [t.id for t in tl.ruleset_state_after(i).tokens].index(step.token)  # its marker, in token order
    half = tl.moment((tl.start_of(i) + tl.start_of(i + 1)) / 2).view.markers[n]
    before, after = tl.moment_after(i - 1).view.markers[n], tl.moment_after(i).view.markers[n]
    assert abs(before.x - ax) < 150 and abs(before.y - ay) < 150  # on the tile it leaves
    assert abs(after.x - bx) < 150 and abs(after.y - by) < 150  # on the tile it enters
    assert (half.x, half.y) == ((before.x + after.x) / 2, (before.y + after.y) / 2)  # half way between
    focus = tl.focus[i]
    assert focus is not None and {b.pose.x for b in focus.bases} == {ax, bx}


def test_the_score_and_the_missions_face_up_are_under_each_fleets_name() -> None:
    """The VP of each side against the target (the objective, "Playing the Game") and its face-up
    missions (D. 3) are on screen: the note under each fleet's column, light text over the dark
    backdrop, gone when the moment has no notes."""
    from dataclasses import replace

    from engine.rulesets.fleet_captains import events as fe
    from studio.frame_plan import moment_after
    from studio.video import FrameRenderer

    loaded = load_timeline(GOLDEN)
    tl = loaded.timeline
    i = next(i for i, e in enumerate(tl.events) if isinstance(e, fe.ScoredVp))
    state = tl.ruleset_state_after(i)
    moment = moment_after(tl, i)
    for side in (0, 1):
        head, missions = notes_of(moment)[side].split("\n")
        assert head == f"VP {state.sides[side].vp} of {state.vp_target}"
        names = [n for n in missions.split(", ") if n != "no missions"]
        assert len(names) == len(state.sides[side].missions)
    assert state.sides[0].vp + state.sides[1].vp > 0
    size = (1280, 720)
    with FrameRenderer(loaded, size, camera="top") as fr:
        assert fr.hud is not None
        frames = []
        other = tuple(n.replace("VP", "VP 88 -", 1) for n in notes_of(moment))  # another score, the same missions
        for m in (moment, replace(moment, part=FleetCaptainsMoment(notes=other))):
            fr.hud.update(m, tl)
            frames.append(fr._draw(m, fr.camera_pose(m), set()).astype(int))
    w, h = size
    for x0, x1 in ((0, int(w * 0.17)), (int(w * 0.83), w)):  # each column, from under the round box
        noted, changed = (f[int(h * 0.13):int(h * 0.19), x0:x1, :3] for f in frames)
        # light grey and up: the HUD's mipmapped text is antialiased, its 1-pixel strokes rarely at
        # full brightness (the panel behind is below 20)
        light = (noted.min(axis=2) > 100).sum()
        assert light > 150, "the note's text is drawn"
        assert np.abs(noted - changed).sum(axis=2).astype(bool).sum() > 50  # the score's text is the note's
    assert np.array_equal(frames[0][:, int(w * 0.2):int(w * 0.8)], frames[1][:, int(w * 0.2):int(w * 0.8)])


def _overlaps(view: Any) -> list[tuple[str, str]]:
    ships = list(view.ships)
    return [(a.id, b.id) for i, a in enumerate(ships) for b in ships[i + 1:]
            if abs(a.pose.x - b.pose.x) < (a.base_side + b.base_side) / 2
            and abs(a.pose.y - b.pose.y) < (a.base_side + b.base_side) / 2]


def test_no_two_ship_bases_overlap_in_any_tile_over_whole_games(tmp_path: Path) -> None:
    """However many ships of both sides share a location, their bases stand apart (seed 5, event
    418: side 0's fifth ship stood on side 1's first before); checked at every event of whole games
    and at any count up to 15 a side."""
    from engine.rulesets.fleet_captains.play import play_game
    from engine.rulesets.fleet_captains.presenter import SHIP_BASE_MM, TILE_MM, centre, spot

    for a in range(1, 16):
        for b in range(0, 16):
            places = [spot("r2c2", i, 0, a) for i in range(a)] + [spot("r2c2", i, 1, b) for i in range(b)]
            cx, cy = centre("r2c2")
            for i, p in enumerate(places):
                assert abs(p[0] - cx) + SHIP_BASE_MM / 2 < TILE_MM * 0.44 - 10  # clear of the token column
                assert abs(p[1] - cy) + SHIP_BASE_MM / 2 < TILE_MM / 2  # on the tile
                for q in places[i + 1:]:
                    assert max(abs(p[0] - q[0]), abs(p[1] - q[1])) >= SHIP_BASE_MM, (a, b, p, q)
    crowded = 0
    for seed in (5, 27, 41):
        play_game(seed, tmp_path / f"{seed}.trek")
        tl = load_timeline(tmp_path / f"{seed}.trek").timeline
        for i in range(len(tl.events)):
            view = tl.moment_after(i).view
            assert _overlaps(view) == [], f"seed {seed} event {i}"
            assert all(s.base_size == "small" and s.base_side == SHIP_BASE_MM for s in view.ships)
            tiles = [(round(s.pose.x // 300), round(s.pose.y // 300)) for s in view.ships]
            crowded += any(tiles.count(t) > 3 for t in tiles)
    assert crowded, "a location with more than 3 ships was seen"


def test_the_header_names_the_side_whose_reason_it_shows(tmp_path: Path) -> None:
    """The header's reason is the last one a seat gave this turn, under that seat's side: a
    defender's card in the active side's turn is the defender's (seed 5, event 560: the
    active side was named with the other side's reason)."""
    from engine.rulesets.fleet_captains import events as fe
    from engine.rulesets.fleet_captains.narrate import sided
    from engine.rulesets.fleet_captains.play import play_game
    from engine.rulesets.fleet_captains.presenter import worded

    play_game(5, tmp_path / "5.trek")
    tl = load_timeline(tmp_path / "5.trek").timeline
    chooser, reason = None, ""
    credited_to_the_other = 0
    for i, event in enumerate(tl.events):
        if isinstance(event, fe.TurnStarted):
            chooser, reason = None, ""
        elif isinstance(event, fe.Chosen) and event.reason:
            chooser, reason = event.side, worded(event.reason)  # "1 step", as the header says it
        elif isinstance(event, fe.GameEnded):  # the end: the result, under the winner (tests/test_fc_look.py)
            chooser, reason = event.winner, sided(event.reason, tl.ruleset_state_after(i))  # by faction
        header = tl.moment_after(i).header
        state = tl.ruleset_state_after(i)
        if header is None:
            continue
        side = state.active if chooser is None else chooser
        assert (header.player, header.reason) == (side, reason), f"event {i}"
        assert header.name == state.sides[side].faction  # the side by its faction, as a player says it
        credited_to_the_other += chooser is not None and chooser != state.active
    assert credited_to_the_other > 0  # the other side's reasons are shown under its own name


def test_a_scan_token_lies_on_a_face_down_tile_in_its_players_colour(renderer: Any) -> None:
    """Scan Location places a scan token on the tile (summary, 6 a): the view says whose, the
    studio draws a disc in that player's colour at the tile's north-west corner."""
    from studio.tiles import scan_spot

    scanned = TileView("a", 300, 500, 200, face_down=True, scanned_by=(1,))
    both = TileView("b", 700, 500, 200, face_down=True, scanned_by=(0, 1))
    frame = renderer.render(TableView(*AREA, part=FleetCaptainsTable(tiles=(scanned, both))), SIZE, "top", set())
    x, y = scan_spot(scanned, 0)
    # right of the letter (its antialiased edge reached 6 mm up and right of the centre)
    assert close(px(frame, x + 13, y), PLAYER_COLOURS[1])
    for k, player in enumerate(both.scanned_by):
        x, y = scan_spot(both, k)
        assert close(px(frame, x + 13, y), PLAYER_COLOURS[player])
    unscanned = TableView(*AREA, part=FleetCaptainsTable(tiles=(replace_tile(scanned),)))
    bare = renderer.render(unscanned, SIZE, "top", set())
    x, y = scan_spot(scanned, 0)
    assert close(px(bare, x + 13, y), FACE_DOWN)


def replace_tile(tile: TileView) -> TileView:
    from dataclasses import replace

    return replace(tile, scanned_by=())


def test_a_scanned_tile_shows_its_token_until_it_is_turned_over(tmp_path: Path) -> None:
    from engine.rulesets.fleet_captains import events as fe

    tl = load_timeline(GOLDEN).timeline
    i = next(i for i, e in enumerate(tl.events) if isinstance(e, fe.Scanned))
    scan = tl.events[i]
    assert isinstance(scan, fe.Scanned)
    tile = next(t for t in tiles_of(tl.moment_after(i).view) if t.id == scan.location)
    assert tile.face_down and scan.side in tile.scanned_by
    j = next((j for j in range(i, len(tl.events)) if isinstance(tl.events[j], fe.Explored)
              and tl.events[j].location == scan.location), None)
    if j is not None:
        assert next(t for t in tiles_of(tl.moment_after(j).view) if t.id == scan.location).scanned_by == ()


def test_a_ship_panel_shows_its_dials_ratings_and_setting_not_attack_wings_pips() -> None:
    """Fleet Captains ships have weapons, shields, sensors and engines on a dial (D: Disabled):
    each panel shows them and the setting's name in the place of the shield and hull pips."""
    from dataclasses import replace

    from studio.frame_plan import moment_after
    from studio.hud_panels import SHIELD_ON
    from studio.video import FrameRenderer

    loaded = load_timeline(GOLDEN)
    tl = loaded.timeline
    i = len(tl.events) // 2
    moment, state = moment_after(tl, i), tl.ruleset_state_after(i)
    for panel in moment.panels:
        ship = state.ship(panel.id)
        if ship.destroyed:
            continue
        d = ship.dial
        assert ratings_of(panel).split() == ["WPN", str(d.weapons or "D"), "SHD", str(d.shields or "D"), "SEN",
                                         str(d.sensors or "D"), "ENG", str(d.engines or "D"), d.label.upper()]
    size = (1280, 720)
    with FrameRenderer(loaded, size, camera="top") as fr:
        assert fr.hud is not None
        frames = []
        unrated = tuple(replace(p, part=FleetCaptainsPanel(ratings="")) for p in moment.panels)
        for m in (moment, replace(moment, panels=unrated)):
            fr.hud.update(m, tl)
            frames.append(fr._draw(m, fr.camera_pose(m), set()).astype(int))
            panel = fr.hud.panels[moment.panels[0].id]
            assert panel.shield_text.text == ratings_of(m.panels[0]) or not ratings_of(m.panels[0])
    column = [f[:, :int(size[0] * 0.17), :3] for f in frames]
    blue = [int(np.all(np.abs(c - np.array(SHIELD_ON[:3]) * 255) <= 30, axis=2).sum()) for c in column]
    assert blue[1] > blue[0] + 150  # the shield pips (Attack Wing's) only without the ratings


def test_setup_captions_name_the_mission_decks_and_the_tiles() -> None:
    """Setup A. 2: the mission decks sorted by type and shuffled: "shuffle the combat" meant the
    combat mission deck, and the captions say so."""
    from engine.rulesets.fleet_captains import events as fe

    tl = load_timeline(GOLDEN).timeline
    said = {e.pile: tl.moment_after(i).caption for i, e in enumerate(tl.events) if isinstance(e, fe.Shuffled)
            and e.side is None}
    assert said["combat"].endswith(" shuffle the combat mission deck")
    assert said["science"].endswith(" shuffle the science mission deck")
    assert said["tiles"].endswith(" shuffle the location tiles")
    assert "the influence mission deck" in said["influence"]

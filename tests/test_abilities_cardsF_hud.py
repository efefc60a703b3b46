"""The HUD shows an upgrade a ship took from another (Superior Intellect): a teal ``TOOK NAME``
badge on the thief's panel from the ``upgrade_taken`` event on, none before (a frame of a real game,
read by pixels): the game of tests/test_abilities_cardsF_game.py, where Deep Space 9 takes the
I.R.W. Praetus's Photon Torpedoes."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from engine.replay_timeline import LoadedReplay, load_timeline
from engine.rulesets.attack_wing import events as ev
from studio.frame_plan import moment_after
from studio.hud_panels import TAKEN
from studio.video import FrameRenderer

SIZE = (1280, 720)
FEDERATION = {"name": "Federation", "faction": "Federation", "ships": [
    {"ship": "1009", "captain": "2011", "upgrades": ["3023", "3006"]}, {"ship": "1025", "upgrades": ["3019"]}]}
ROMULAN = {"name": "Romulan", "faction": "Romulan", "ships": [
    {"ship": "1034", "captain": "2033", "upgrades": ["3006"]}, {"ship": "1013", "upgrades": ["3006"]},
    {"ship": "1021", "upgrades": ["3006"]}]}


@pytest.fixture(scope="module")
def loaded(tmp_path_factory: pytest.TempPathFactory) -> LoadedReplay:
    from engine.rulesets.attack_wing.play import play
    from engine.rulesets.attack_wing.scenario import load_scenario

    here = tmp_path_factory.mktemp("taken")
    duel = json.loads((Path(__file__).parents[1] / "replays" / "duel.json").read_text())
    for side, fleet in zip(duel["sides"], (FEDERATION, ROMULAN), strict=True):
        side["fleet"] = fleet
    (here / "s.json").write_text(json.dumps(duel))
    play(load_scenario(here / "s.json"), 2, here / "g.trek")
    return load_timeline(here / "g.trek")


def _teal(frame: np.ndarray) -> np.ndarray:
    want = np.array([round(c * 255) for c in TAKEN[:3]])
    return np.all(np.abs(frame[..., :3].astype(int) - want) <= 12, axis=2)


def test_the_thief_s_panel_shows_the_card_it_took(loaded: LoadedReplay, tmp_path: Path) -> None:
    tl = loaded.timeline
    i = next(k for k, e in enumerate(tl.events) if isinstance(e, ev.UpgradeTaken))
    after, before = moment_after(tl, i), moment_after(tl, i - 1)
    panel = next(p for p in after.panels if p.id == "A2")
    assert [t.label for t in panel.tokens if t.kind == "taken"] == ["TOOK Photon Torpedoes"]
    assert not [t for p in before.panels for t in p.tokens if t.kind == "taken"]
    with FrameRenderer(loaded, SIZE, camera="top") as fr:
        assert fr.hud is not None
        frames = []
        for m in (before, after):
            fr.hud.update(m, tl)
            frames.append(fr._draw(m, fr.camera_pose(m), set()))
    from PIL import Image

    Image.fromarray(frames[1]).save(tmp_path / "taken.png")
    teal_before, teal_after = _teal(frames[0]), _teal(frames[1])
    assert teal_before.sum() < 20  # no badge before the card is taken
    ys, xs = np.nonzero(teal_after)
    assert teal_after.sum() > 400  # the badge's fill
    # in the Federation's column of panels (the left edge), below the top of the screen
    assert xs.max() < 0.25 * SIZE[0] and ys.min() > 0.15 * SIZE[1]

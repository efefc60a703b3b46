"""The HUD draws the Elite Attack Die's double hit face (two hit stars) and names the die above it
(a frame of a real game, read by pixels): the duel with the Elite Attack Die in the Federation fleet,
seed 6, rolls a double hit."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from engine.replay_timeline import LoadedReplay, load_timeline
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.screen import ELITE_LABEL, dice_tally
from engine.view import DieView
from studio import hud_dice
from studio.frame_plan import moment_after
from studio.hud_dice import DICE_Z, DIE
from studio.video import FrameRenderer

SIZE = (1280, 720)
SEED = 6


@pytest.fixture(scope="module")
def loaded(tmp_path_factory: pytest.TempPathFactory) -> LoadedReplay:
    from engine.rulesets.attack_wing.play import play
    from engine.rulesets.attack_wing.scenario import load_scenario

    here = tmp_path_factory.mktemp("elite")
    duel = json.loads((Path(__file__).parents[1] / "replays" / "duel.json").read_text())
    duel["sides"][0]["fleet"]["resource"] = "4001"
    (here / "s.json").write_text(json.dumps(duel))
    play(load_scenario(here / "s.json"), SEED, here / "g.trek")
    return load_timeline(here / "g.trek")


def test_the_tally_counts_a_double_hit_as_two() -> None:
    assert dice_tally((DieView("attack", "double_hit"), DieView("attack", "hit")), ()) == "3 hits"


def test_the_double_hit_die_shows_two_stars_and_is_named(loaded: LoadedReplay, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    tl = loaded.timeline
    i = next(k for k, e in enumerate(tl.events) if isinstance(e, ev.DiceRolled) and "double_hit" in e.faces)
    moment = moment_after(tl, i)
    assert moment.dice is not None
    attack = moment.dice.attack
    at = next(k for k, d in enumerate(attack) if d.face == "double_hit")
    assert attack[at].by == ELITE_LABEL and at == len(attack) - 1  # the last die, named
    plain = replace(moment, dice=replace(moment.dice, attack=tuple(
        replace(d, face="hit", by="") if k == at else d for k, d in enumerate(attack))))
    with FrameRenderer(loaded, SIZE, camera="top") as fr:
        assert fr.hud is not None
        fr.hud.update(moment, tl)
        legend = fr.hud.dice.legend.text
        assert f"1 {ELITE_LABEL}" in legend.split("   ")  # the legend names die 1's cause
        assert "Elite Attack Die" in moment.dice.cards and legend.count("Elite") == 1  # once, not twice
    # the legend line held the same in both frames, so the strip keeps its layout
    monkeypatch.setattr(hud_dice, "legend_line", lambda causes, cards: "legend")
    with FrameRenderer(loaded, SIZE, camera="top") as fr:
        assert fr.hud is not None
        frames = []
        for m in (moment, plain):
            fr.hud.update(m, tl)
            frames.append(fr._draw(m, fr.camera_pose(m), set()))
    elite, hit = frames
    from PIL import Image

    Image.fromarray(elite).save(tmp_path / "elite.png")
    h = SIZE[1]
    differs = np.any(elite != hit, axis=2)
    cols = np.nonzero(differs.any(axis=0))[0]
    assert differs.sum() > 60 and cols.max() - cols.min() < 0.12 * SIZE[0]  # one die's column, nothing else
    # inside the die: white glyph pixels in two separate blobs (two stars) where the hit die has one
    top, bottom = int((1 - (DICE_Z + DIE / 3)) / 2 * h), int((1 - (DICE_Z - DIE / 3)) / 2 * h)
    left, right = cols.min(), cols.max() + 1
    white = np.all(elite[top:bottom, left:right] > 215, axis=2).any(axis=0)
    white_hit = np.all(hit[top:bottom, left:right] > 215, axis=2).any(axis=0)

    def runs(c: np.ndarray) -> int:
        return int(np.sum(np.diff(np.concatenate([[0], c.astype(int), [0]])) == 1))

    assert runs(white) == 2 and runs(white_hit) == 1
    # its cause's numbered disc on its top edge: rows above the die differ too
    above = int((1 - (DICE_Z + DIE / 2)) / 2 * h)
    assert differs[:above].sum() > 20

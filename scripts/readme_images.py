"""Render the README's pictures from a bundled game: python scripts/readme_images.py"""

from __future__ import annotations

import tempfile
from pathlib import Path

from engine.replay_timeline import load_timeline
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.scenario import load_scenario
from studio.snapshot import render_view, save_png

OUT = Path(__file__).resolve().parent.parent / "docs" / "images"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "skirmish.trek"
        play(load_scenario("skirmish"), 3, path)
        timeline = load_timeline(path).timeline
    # the third attack of the game, half way through its dice
    attacks = [i for i, e in enumerate(timeline.events) if isinstance(e, ev.DiceRolled)]
    moment = timeline.moment(timeline.start_of(attacks[4]) + 0.3)
    frame = render_view(moment.view, size=(960, 540), camera="top",
                        overlays={"templates", "attack", "trails", "ranges"}, trails=moment.trails)
    save_png(frame, OUT / "skirmish-top.png")
    print(OUT / "skirmish-top.png")
    # the hero image: the demo's screenshot, the attack that did the most damage, HUD and all
    from engine.cli.demo_cmd import biggest_attack
    from studio.video import render_screenshot

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "skirmish.trek"
        play(load_scenario("skirmish"), 3, path)
        loaded = load_timeline(path)
        print(render_screenshot(loaded, biggest_attack(loaded.timeline), OUT / "battle-report.png",
                                size=(1280, 720), camera="top"))


if __name__ == "__main__":
    main()

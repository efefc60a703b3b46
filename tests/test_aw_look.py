"""An Attack Wing attack's caption and its dice strip say the same damage (skirmish seed 3, every
attack that hits): the caption said "3 damage, 1 critical" beside the strip's "4 damage"."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from engine.rulesets.attack_wing import events as ev
from studio.frame_plan import moment_after


def test_the_caption_and_the_dice_strip_say_the_same_damage(skirmish3: Any) -> None:
    tl = skirmish3.timeline
    hits = [i for i, e in enumerate(tl.events) if isinstance(e, ev.AttackResolved) and e.hits + e.crits]
    assert hits
    for i in hits:
        e = tl.events[i]
        moment = moment_after(tl, i)
        said = [int(n) for n in re.findall(r"(\d+) damage", moment.caption)]
        assert said == [e.hits + e.crits], moment.caption  # the rulebook: each uncanceled result is 1 damage
        assert moment.dice is not None
        assert re.findall(r"(\d+) damage", moment.dice.odds_line)[:1] == [str(e.hits + e.crits)], moment.dice.odds_line


def test_a_chance_is_never_rounded_into_a_certainty() -> None:
    """Issue 36: "100% chance of any" was printed for p = 0.9997."""
    from engine.rulesets.attack_wing.screen import chance_text

    assert [chance_text(p) for p in (1.0, 0.9997, 0.995, 0.994, 0.5, 0.004, 0.0)] == \
        ["100%", ">99%", ">99%", "99%", "50%", "<1%", "0%"]


def test_a_one_ship_fleet_is_one_ship_on_the_cards(tmp_path: Path) -> None:
    """The duel's cards said "1 ships" and "0 of 1 ships left"."""
    from engine.replay_timeline import load_timeline
    from trek.main import main

    out = tmp_path / "duel.trek"
    assert main(["play", "duel", "--seed", "5", "-o", str(out)]) == 0
    loaded = load_timeline(out)
    assert {f.summary.split(",")[0] for f in loaded.title_card.fleets} == {"1 ship"}
    assert all(" of 1 ship left" in f.summary for f in loaded.end_card.fleets)

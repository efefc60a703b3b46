"""An Alliance mission's last frames say its outcome in the mission's terms (seed 4: every player ship
destroyed, a failure): the Alliance scores no fleet points, so "fleet points 0 to 0" beside a loss of
two ships read as a contradiction."""

from __future__ import annotations

from pathlib import Path

from engine.replay_timeline import load_timeline
from engine.rulesets.alliance.play import play_mission
from studio.frame_plan import moment_after


def test_the_game_over_caption_is_the_missions_outcome(tmp_path: Path) -> None:
    path = tmp_path / "al0.trek"  # seed 4 ended so until its 3 come about onto P1 became a straight (issue 34)
    play_mission("alliance-act1", 2, 0, path)
    tl = load_timeline(path).timeline
    end = next(i for i, e in enumerate(tl.events) if e.type == "game_ended")
    caption = moment_after(tl, end).caption
    assert "fleet points" not in caption
    assert caption.endswith(tl.events[end].reason) and "failure" in caption  # type: ignore[union-attr]


def test_a_clips_result_card_counts_the_players_ships_in_words(tmp_path: Path) -> None:
    """Seed 7 rendered for round 10 alone: its result card's footer counted "1 Players ship
    retreated" (a fleet's name is a plural noun here); it says "1 ship of the Players retreated"."""
    from studio.clip_cards import clip_cards
    from studio.frame_plan import plan_video

    path = tmp_path / "al7.trek"
    play_mission("alliance-act1", 2, 7, path)
    loaded = load_timeline(path)
    last = loaded.timeline.ruleset_state_after(len(loaded.timeline) - 1).aw.round
    _, end = clip_cards(loaded, plan_video(loaded.timeline, 1, 1.0, (last, last)))
    assert "1 ship of the Players retreated" in end.footer and "Players ship" not in end.footer, end.footer

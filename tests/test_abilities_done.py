"""Issue 16's "done when": a fleet built only from supported cards (captains, an admiral, crew,
talents, tech, weapons) plays AI against AI, records, replays, validates by re-play, round-trips
through the notation, and renders a frame whose HUD names the card that changed a die."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from card_games import round_trips

from engine.replay import open_replay
from engine.replay_timeline import LoadedReplay, load_timeline
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.notation.exporter import export_file
from engine.rulesets.attack_wing.notation.writer import write_notation
from engine.rulesets.attack_wing.play import PlayResult, play
from engine.rulesets.attack_wing.replay_check import replay_game
from engine.rulesets.attack_wing.scenario import load_scenario
from studio import hud_dice
from studio.frame_plan import moment_after
from studio.hud_dice import DICE_Z, DIE, MARK_COLOURS
from studio.video import FrameRenderer

FEDERATION = [
    {"ship": "1009", "captain": "2001", "admiral": "william_ross_72001p", "upgrades": ["3029", "harry_kim_71280"]},
    {"ship": "U.S.S. Defiant", "captain": "2029", "upgrades": ["quinn_72000b", "natasha_yar_72224p"]}]
KLINGON = [
    {"ship": "1005", "captain": "2019", "admiral": "martok_71804", "upgrades": ["3050", "3027"]},
    {"ship": "I.K.S. Gr'oth", "captain": "2016", "upgrades": ["3045", "reinforced_hull_plating_71536"]}]
SEED = 3  # a game where the AI resolves Sulu's and Drex's Action: and the hull plating cancels a die
SIZE = (1280, 720)


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, PlayResult]:
    here = tmp_path_factory.mktemp("done")
    duel = json.loads((Path(__file__).parents[1] / "replays" / "duel.json").read_text())
    for side, ships in zip(duel["sides"], (FEDERATION, KLINGON), strict=True):
        side["fleet"] = {"name": side["name"], "faction": side["name"], "ships": ships}
    scenario = here / "abilities.json"
    scenario.write_text(json.dumps(duel))
    out = here / "game.trek"
    return out, play(load_scenario(scenario), SEED, out)


def test_every_card_plays_and_the_ai_resolves_action_cards_with_its_reasons(game: tuple[Path, PlayResult]) -> None:
    _, result = game
    assert result.warnings == ()  # every card of both fleets, the admirals too, is supported
    setups = next(e for e in result.events if isinstance(e, ev.GameStarted)).ships
    assert "william_ross_72001p" in setups[0].cards and setups[0].skill == 9 + 2  # Picard (9) and Ross's +2
    actions = [e for e in result.events if isinstance(e, ev.ActionPerformed) and e.action.startswith("ability:")]
    assert {a.action for a in actions} >= {"ability:3029:0", "ability:3050:0"}  # Sulu, Drex
    assert all(a.reason.startswith(("Hikaru Sulu:", "Drex:")) for a in actions)
    windows = {e.window for e in result.events if isinstance(e, ev.AbilityUsed)}
    assert windows >= {"action", "free_action", "defense_dice", "modify_attack", "modify_defense", "compare"}


def test_the_replay_validates_by_replaying_it(game: tuple[Path, PlayResult]) -> None:
    path, _ = game
    replay = open_replay(path)
    assert replay_game(replay.header, iter(list(replay.events())), replay.result, True) == []


def test_the_notation_gives_back_the_same_replay(game: tuple[Path, PlayResult]) -> None:
    path, _ = game
    text = write_notation(export_file(path))
    assert " uses " in text and " action card " in text
    round_trips(text, path)


@pytest.fixture(scope="module")
def loaded(game: tuple[Path, PlayResult]) -> LoadedReplay:
    return load_timeline(game[0])


def test_the_hud_names_the_card_that_cancelled_a_die(loaded: LoadedReplay, monkeypatch: pytest.MonkeyPatch) -> None:
    tl = loaded.timeline
    i = next(k for k, e in enumerate(tl.events) if isinstance(e, ev.DiceConverted) and e.to == "blank")
    card = tl.events[i].cause  # type: ignore[attr-defined]
    moment = moment_after(tl, i)
    assert moment.dice is not None and card in moment.dice.cards
    assert [d.by for d in moment.dice.attack if d.face == "blank" and d.mark == "converted"] == [card]
    with FrameRenderer(loaded, SIZE, camera="top") as fr:
        assert fr.hud is not None
        fr.hud.update(moment, tl)
        legend = fr.hud.dice.legend.text
    causes = list(dict.fromkeys(d.by for d in (*moment.dice.attack, *moment.dice.defense) if d.by))
    assert f"{causes.index(card) + 1} {card}" in legend.split("   ")  # the legend spells its number out
    # the same moment with the card's name taken off the die (and the legend line held the same, so
    # the strip keeps its layout): the numbered disc on the die is the difference
    unnamed = replace(moment, dice=replace(moment.dice, attack=tuple(replace(d, by="") if d.by == card else d
                                                                     for d in moment.dice.attack)))
    monkeypatch.setattr(hud_dice, "legend_line", lambda causes, cards: "legend")
    with FrameRenderer(loaded, SIZE, camera="top") as fr:
        assert fr.hud is not None
        frames = []
        for m in (moment, unnamed):
            fr.hud.update(m, tl)
            frames.append(fr._draw(m, fr.camera_pose(m), set()))
    named, plain = frames
    h = SIZE[1]
    badge_z = DICE_Z + DIE / 2  # the cause's disc sits on the die's top corner
    top, bottom = int((1 - (badge_z + 0.03)) / 2 * h), int((1 - (badge_z - 0.03)) / 2 * h)
    differs = np.any(named != plain, axis=2)
    rows = np.nonzero(differs.any(axis=1))[0]
    assert differs.sum() > 30  # the disc is drawn...
    assert top <= rows.min() and rows.max() <= bottom  # ...on the top edge of the die it changed, nowhere else
    gold = np.array(MARK_COLOURS["converted"][:3]) * 255  # in the colour of the die's mark
    assert np.all(np.abs(named[differs].astype(int) - gold) <= 90, axis=1).sum() > 10

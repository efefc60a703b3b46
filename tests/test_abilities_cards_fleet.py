"""A fleet built from the cards lane's cards plays, records and replays sound (issue 16: "a fleet
built from supported cards plays, records, replays")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.replay import open_replay
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.replay_check import replay_game
from engine.rulesets.attack_wing.scenario import load_scenario

FEDERATION = [
    {"ship": "1001", "captain": "hayes_cap_72008", "upgrades": ["3005", "3069", "3107", "dual_phaser_banks_72002p"]},
    {"ship": "U.S.S. Defiant", "captain": "william_t_riker_72017",
     "upgrades": ["harry_kim_72014", "3086", "jadzia_dax_72015", "photon_torpedoes_u_s_s_yaeger"]},
    {"ship": "U.S.S. Excelsior", "captain": "magnus_hansen_71509",
     "upgrades": ["subspace_transmitter_72326", "starfleet_intelligence_71807", "aquatic_councilor_72004p"]}]
KLINGON = [
    {"ship": "1005", "captain": "2031", "upgrades": ["3014", "romulan_officer_71278", "3101",
                                                      "klingon_tactical_officer_72327"]},
    {"ship": "I.K.S. Gr'oth", "captain": "martok_cap_71804", "upgrades": ["3053", "3056", "nanclus_72321p",
                                                                          "t_greth_72322p"]},
    {"ship": "1038", "captain": "kurn_72334", "upgrades": ["reman_bodyguards_72328", "altert_status_one_72015",
                                                           "pursuit_72221g", "3123"]}]


def _scenario(tmp_path: Path) -> Path:
    duel = json.loads((Path(__file__).parents[1] / "replays" / "duel.json").read_text())
    for side, ships in zip(duel["sides"], (FEDERATION, KLINGON), strict=True):
        side["fleet"] = {"name": side["name"], "faction": side["name"], "ships": ships}
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(duel))
    return path


@pytest.mark.parametrize(("players", "seed"), [(("ai", "ai"), 3), (("random", "random"), 5)])
def test_a_fleet_of_the_new_cards_plays_and_replays_sound(tmp_path: Path, players: tuple[str, str],
                                                          seed: int) -> None:
    out = tmp_path / "g.trek"
    result = play(load_scenario(_scenario(tmp_path)), seed, out, players=players)
    assert result.warnings == ()  # every card of both fleets is supported
    used = {e.card_name for e in result.events if isinstance(e, ev.AbilityUsed)}
    assert len(used) >= 8
    replay = open_replay(out)
    assert replay_game(replay.header, iter(list(replay.events())), replay.result, True) == []

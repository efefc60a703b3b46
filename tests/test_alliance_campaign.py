"""The campaign: player cards, XP, outfits, the campaign file and the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.catalog import load_catalog
from engine.rulesets.alliance.campaign import (
    CampaignError,
    PlayerCard,
    auto_spend,
    check_outfit,
    choose_outfit,
    load_campaign,
    new_campaign,
    play_next,
    save_campaign,
    shade,
    slots_for,
)
from trek.main import main


def test_skill_row_values() -> None:
    card = PlayerCard(name="Ben")
    assert card.skill == 2
    for _ in range(6):
        card = shade(card, "skill")
    assert card.skill == 5  # rulebook: "if you shade 6 boxes in your Skill row, your new Captain Skill becomes 5"


def test_starting_xp_never_goes_to_skill() -> None:
    with pytest.raises(CampaignError, match="starting XP"):
        shade(PlayerCard(name="Ben"), "skill", starting=True)
    card, spent = auto_spend(PlayerCard(name="Ben"), 6, starting=True)
    assert "skill" not in spent and len(spent) == 6
    assert card.crew + card.weapon + card.tech == 6


def test_reputation_example() -> None:
    """Ben spends 6 XP: 2 boxes of Weapon and 4 of Crew reputation: 2 SP of weapons, 4 of crew."""
    card = PlayerCard(name="Ben")
    for row in ("weapon", "weapon", "crew", "crew", "crew", "crew"):
        card = shade(card, row, starting=True)  # type: ignore[arg-type]
    assert (card.weapon, card.crew, card.tech) == (2, 4, 0)


def test_unlocking_an_icon_on_the_third_skill_box() -> None:
    card = PlayerCard(name="Ben")
    for _ in range(3):
        card = shade(card, "skill", unlock="tech")
    assert card.unlocked == ("tech",)
    cat = load_catalog()
    assert slots_for(card, cat)["tech"] == cat.ship(card.ship).slots.tech + 1


def test_talent_boxes_need_the_skill_box_below() -> None:
    card = PlayerCard(name="Ben")
    with pytest.raises(CampaignError, match="over a shaded skill box"):
        shade(card, "talent")
    card = shade(card, "skill")
    card = shade(card, "talent")
    assert card.talent_boxes == 1 and card.talent_slots == 0
    for _ in range(2):
        card = shade(shade(card, "skill"), "talent")
    assert card.talent_slots == 1


def test_outfit_limits() -> None:
    cat = load_catalog()
    card = PlayerCard(name="Ben", weapon=3, crew=1)
    torpedo = cat.upgrade("3006")  # Photon Torpedoes, 5 SP
    problems = check_outfit(card, [torpedo], cat)
    assert any("more than the weapon reputation of 3" in p for p in problems)
    cheap = cat.upgrade("3024")  # Photon Torpedoes, 3 SP
    assert check_outfit(card, [cheap], cat) == []
    klingon = next(u for u in cat.upgrades() if u.faction == "Klingon" and u.type == "crew" and u.cost <= 1)
    assert any("Klingon" in p for p in check_outfit(card, [klingon], cat))
    taken: set[str] = set()
    outfit = choose_outfit(card.model_copy(update={"weapon": 6, "crew": 4, "tech": 2}), cat, taken)
    assert outfit.problems == () and outfit.upgrades


def test_campaign_file_round_trip_and_a_campaign_round(tmp_path: Path) -> None:
    campaign = new_campaign("Test", ["Sisko", "Kira"])
    path = tmp_path / "c.json"
    save_campaign(campaign, path)
    assert load_campaign(path) == campaign
    done = play_next(campaign, seed=3, rounds=3)
    assert done.record.mission == "alliance-act1" and len(done.campaign.missions) == 1
    assert set(done.record.xp) == {"Sisko", "Kira"}
    for before, after in zip(campaign.players, done.campaign.players, strict=True):
        assert after.xp_earned == before.xp_earned + done.record.xp[before.name]
        spent = (after.skill_boxes + after.talent_boxes + after.crew + after.weapon + after.tech) - \
            (before.skill_boxes + before.talent_boxes + before.crew + before.weapon + before.tech)
        assert spent == done.record.xp[before.name]  # every XP is spent
    assert done.campaign.next_mission == (None if done.record.success else "alliance-act1")


def test_bad_campaign_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"format": "trek-alliance-campaign", "name": "x", "players": []}))
    with pytest.raises(CampaignError, match="players"):
        load_campaign(path)


def test_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "c.json"
    assert main(["campaign", "new", str(path), "--names", "Sisko,Kira,Worf"]) == 0
    assert main(["campaign", "new", str(path)]) == 2  # exists
    assert main(["campaign", "play", str(path), "--seed", "2", "--rounds", "2", "-o", str(tmp_path / "r.trek"),
                 "--json"]) == 0
    capsys.readouterr()
    assert main(["campaign", "status", str(path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["missions_played"] == 1 and len(doc["players"]) == 3
    assert main(["replay", "validate", str(tmp_path / "r.trek")]) == 0
    assert main(["mission", "play", "alliance-act1", "--players", "2", "--seed", "4", "--rounds", "2",
                 "-o", str(tmp_path / "m.trek"), "--json"]) == 0
    capsys.readouterr()
    assert main(["mission", "show", "alliance-act1", "--players", "6", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert sum(len(r["ships"]) for r in shown["enemy_ships"]) == 12
    assert main(["mission", "play", "alliance-act1", "--players", "7"]) == 2

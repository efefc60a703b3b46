"""Ship cards of the later waves that count their target or their fleet, and the Romulan captains
Tomalak (72945) and Valdore (71536), each where its text's situation holds and where it does not.
Dice as in test_abilities_ships: the Akira (A) rolls 4 attack dice (+1 at Range 1); the Jem'Hadar
Attack Ship (J) 3 attack and 2 defense dice (+1 at Range 3)."""

from __future__ import annotations

from ability_helpers import AKIRA, ATTACK_SHIP, attack, dice_count, one_attack, rolled, seats, ship, used
from aw_helpers import ScriptedPlayer

from engine.catalog import load_catalog
from engine.geometry.pose import Pose
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.players import AbilityUse, ActionChoice

BLANKS = ["blank"] * 30
CLOAK = [ActionChoice("cloak")]
KHAZARA = "1003"  # a Romulan ship that cloaks (attack 3, hull 3)
NULLIFIER = "3104"  # a tech upgrade whose own ability plays no part here
VORCHA = "1006"  # Klingon Starship, Vor'cha class: attack 5, hull 5


def _reason(g: Game, kind: str, ship_id: str | None = None) -> str:
    return next(e for e in rolled(g, kind) if ship_id is None or e.ship == ship_id).count_reason


def test_t_ong_at_a_bigger_ship_only() -> None:
    t_ong = "i_k_s_t_ong_72009"  # attack 4, hull 4
    assert "I.K.S. T'Ong +1" in _reason(attack(BLANKS, a_hull=t_ong, j_hull=VORCHA, band=2), "attack")
    assert "T'Ong" not in _reason(attack(BLANKS, a_hull=t_ong, j_hull=ATTACK_SHIP, band=2), "attack")


def _with_friends(a_hull: str, friends: int, band: int, a: list[ActionChoice] | None = None,
                  friend: str = AKIRA) -> Game:
    """A attacks J at ``band``; ``friends`` friendly ships stand at Range 1 beside A, holding fire."""
    gap = {1: 300.0, 3: 500.0}[band]
    poses: dict[str, object] = {"A": Pose(400, 450 - gap / 2, 0), "J": Pose(400, 450 + gap / 2, 180)}
    ships = [ship("A", 0, a_hull), ship("J", 1, ATTACK_SHIP)]
    for i in range(friends):
        poses[f"F{i}"] = Pose(400 + (120 if i == 0 else -120), 450 - gap / 2, 0)  # one each side of A
        ships.append(ship(f"F{i}", 0, friend))
    players = [ScriptedPlayer(actions={"A": a or []}, use_abilities=True), ScriptedPlayer(use_abilities=True)]
    return one_attack(ships, BLANKS, band=band, players=players, poses=poses,
                      holds=("J", *(f"F{i}" for i in range(friends))))


def test_nistrim_culluh_counts_its_friends_at_range_3_at_most_two() -> None:
    culluh = "nistrim_culluh_72221h"
    assert "Nistrim-Culluh +1" in _reason(_with_friends(culluh, 1, 3), "attack", "A")
    assert "Nistrim-Culluh +2" in _reason(_with_friends(culluh, 2, 3), "attack", "A")
    assert "Nistrim-Culluh" not in _reason(_with_friends(culluh, 0, 3), "attack", "A")
    assert "Nistrim-Culluh" not in _reason(_with_friends(culluh, 1, 1), "attack", "A")  # Range 1


def test_haakona_counts_the_other_romulans_while_cloaked() -> None:
    haakona = "i_r_w_haakona_71794"
    g = _with_friends(haakona, 2, 1, CLOAK, friend=KHAZARA)
    assert "I.R.W. Haakona +2" in _reason(g, "attack", "A")
    assert "Haakona" not in _reason(_with_friends(haakona, 2, 1, friend=KHAZARA), "attack", "A")  # not cloaked
    assert "Haakona" not in _reason(_with_friends(haakona, 2, 1, CLOAK), "attack", "A")  # no other Romulan


def test_korok_takes_a_defense_die_at_range_1_while_cloaked() -> None:
    korok = "korok_s_bird_of_prey_71512"
    agility = load_catalog().ship(ATTACK_SHIP).agility
    assert dice_count(attack(BLANKS, a_hull=korok, seats=seats(a=CLOAK)), "defense") == agility - 1
    assert dice_count(attack(BLANKS, a_hull=korok), "defense") == agility  # not cloaked


def test_tomalak_72945_rerolls_a_die_per_tech_upgrade() -> None:
    tomalak = "tomalak_72945"
    players = [ScriptedPlayer(use_abilities=True, abilities={tomalak: [AbilityUse((0, 1))]}),
               ScriptedPlayer(use_abilities=True)]
    g = attack(BLANKS, a=[NULLIFIER, NULLIFIER], a_captain=tomalak, band=2, seats=players)
    assert len(used(g, tomalak)[0].dice) == 2  # two tech upgrades: up to two dice
    assert not used(attack(BLANKS, a_captain=tomalak, band=2, seats=seats(uses=[tomalak])), tomalak)  # no tech


def test_valdore_71536_discards_a_tech_upgrade_for_an_attack_die() -> None:
    valdore = "valdore_71536"
    players = [ScriptedPlayer(use_abilities=True, abilities={valdore: [AbilityUse(choice=NULLIFIER)]}),
               ScriptedPlayer(use_abilities=True)]
    g = attack(BLANKS, a=[NULLIFIER], a_captain=valdore, band=2, seats=players)
    assert dice_count(g, "attack") == 4 + 1 and used(g, valdore)
    assert not used(attack(BLANKS, a_captain=valdore, band=2, seats=seats(uses=[valdore])), valdore)  # no tech

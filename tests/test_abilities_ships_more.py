"""More ship cards' own abilities (cards/ships_more.py), each from its text's situation and one where
it does not hold. Dice as in test_abilities_ships: A attacks J (the Jem'Hadar Attack Ship, 2 defense
dice); ``torpedo()``: A locks on J and fires Photon Torpedoes (3006: 5 dice at Range 2-3)."""

from __future__ import annotations

from ability_helpers import AKIRA, attack, torpedo, used

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.game import Game

GOR_PORTAS, DS9 = "1021", "1025"


def _removed(g: Game) -> list[str]:
    return [e.cause for e in g.events if isinstance(e, ev.TargetLockRemoved) and e.ship == "A"]


def _rerolled(g: Game) -> list[ev.DiceRerolled]:
    return [e for e in g.events if isinstance(e, ev.DiceRerolled) and e.cause == "target lock"]


def test_gor_portas_fires_a_torpedo_without_spending_its_lock() -> None:
    faces = ["blank"] * 5 + ["hit"] * 5 + ["blank"] * 10
    g = attack(faces, a=("3006",), a_hull=GOR_PORTAS, band=2, seats=torpedo())
    (use,) = used(g, GOR_PORTAS)
    assert use.window == "attack_dice" and use.reason == "always applies"
    assert not any(c.startswith("spent to fire") for c in _removed(g))
    # the lock it kept rerolls the blanks of that very attack, and is spent doing so
    assert _rerolled(g) and _removed(g) == ["spent to reroll attack dice"]
    odds = next(e for e in g.events if isinstance(e, ev.AttackOdds))
    assert odds.target_lock  # the odds count the reroll
    # another ship firing the same torpedo spends its lock to fire, and rerolls nothing
    g = attack(faces, a=("3006",), a_hull=AKIRA, band=2, seats=torpedo())
    assert _removed(g) == ["spent to fire Photon Torpedoes"] and not _rerolled(g) and not used(g, GOR_PORTAS)


def test_gor_portas_primary_weapon_attack_is_untouched() -> None:
    g = attack(["blank"] * 20, a_hull=GOR_PORTAS, band=2)
    assert not used(g, GOR_PORTAS)


def _disabled(g: Game) -> list[str]:
    return [e.weapon for e in g.events if isinstance(e, ev.WeaponDisabled) and e.ship == "A"]


def test_deep_space_9_fires_its_torpedoes_without_disabling_them() -> None:
    g = attack(["hit"] * 20, a=("3006",), a_hull=DS9, band=2, seats=torpedo())
    (use,) = used(g, DS9)
    assert use.window == "attack_dice" and _disabled(g) == []
    assert any(isinstance(e, ev.AttackDeclared) and e.weapon == "3006" for e in g.events)
    g = attack(["hit"] * 20, a=("3006",), a_hull=AKIRA, band=2, seats=torpedo())
    assert _disabled(g) == ["3006"] and not used(g, DS9)

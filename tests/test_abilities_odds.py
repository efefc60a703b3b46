"""Exact odds with card abilities in play (``abilities/card_odds.py``), checked by brute force."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from ability_helpers import AKIRA, ATTACK_SHIP, one_attack, ship

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.dice import ATTACK_DIE, DEFENSE_DIE


def _brute(n: int, m: int, reroll_one_blank: bool = False, defender_rerolls_blank: bool = False,
           koloth: bool = False) -> list[Fraction]:
    """P(damage = k) by every sequence of faces, with the cards' decisions written out by hand."""
    out = [Fraction(0)] * (n + 1)
    for attack in product(ATTACK_DIE, repeat=n):
        for a2 in (product(ATTACK_DIE, repeat=1) if (reroll_one_blank and "blank" in attack) or
                   (koloth and ("crit" in attack or "hit" in attack)) else [()]):
            faces = list(attack)
            p_a = Fraction(1, 8 ** n) * (Fraction(1, 8) if a2 else 1)
            if koloth and a2:  # the defender makes it reroll its best die: a crit, else a hit
                faces[faces.index("crit") if "crit" in faces else faces.index("hit")] = a2[0]
            elif a2:
                faces[faces.index("blank")] = a2[0]
            hits = sum(f in ("hit", "crit") for f in faces)
            for defense in product(DEFENSE_DIE, repeat=m):
                for d2 in (product(DEFENSE_DIE, repeat=1) if defender_rerolls_blank and "blank" in defense
                           and hits > defense.count("evade") else [()]):
                    dfaces = list(defense)
                    if d2:
                        dfaces[dfaces.index("blank")] = d2[0]
                    p = p_a * Fraction(1, 8 ** m) * (Fraction(1, 8) if d2 else 1)
                    out[max(0, hits - dfaces.count("evade"))] += p
    return out


def _odds(g: object) -> ev.AttackOdds:
    return next(e for e in g.events if isinstance(e, ev.AttackOdds))  # type: ignore[attr-defined]


def test_a_reroll_of_one_blank_is_in_the_odds() -> None:
    # Gul Danar's Attack Ship at Range 2: 3 attack dice against the Akira's 2 defense dice
    g = one_attack([ship("A", 0, ATTACK_SHIP, captain="2021"), ship("J", 1, AKIRA)], ["blank"] * 8, band=2)
    odds = _odds(g)
    assert odds.cards == ("Gul Danar",) and (odds.attack_dice, odds.defense_dice) == (3, 2)
    assert list(odds.damage) == [round(float(p), 6) for p in _brute(3, 2, reroll_one_blank=True)]


def test_the_defenders_cards_are_in_the_odds() -> None:
    g = one_attack([ship("A", 0, ATTACK_SHIP), ship("J", 1, AKIRA, captain="rettik_71282")], ["blank"] * 8, band=2)
    assert list(_odds(g).damage) == [round(float(p), 6) for p in _brute(3, 2, defender_rerolls_blank=True)]
    g = one_attack([ship("A", 0, ATTACK_SHIP), ship("J", 1, AKIRA, captain="2016")], ["blank"] * 8, band=2)
    assert list(_odds(g).damage) == [round(float(p), 6) for p in _brute(3, 2, koloth=True)]


def test_an_extra_hit_widens_the_damage_range() -> None:
    from ability_helpers import one_attack as play_one
    from aw_helpers import ScriptedPlayer

    from engine.rulesets.attack_wing.players import ActionChoice

    seats = [ScriptedPlayer(actions={"A": [ActionChoice("target_lock", "J")]}, attacks={"A": ["3067"]}),
             ScriptedPlayer()]
    g = play_one([ship("A", 0, AKIRA, upgrades=["3067"]), ship("J", 1, ATTACK_SHIP)], ["blank"] * 9, band=2,
                 players=seats)
    odds = _odds(g)
    assert len(odds.damage) == odds.attack_dice + 2 and odds.damage[1] == 0  # a hit always brings a second
    assert abs(sum(odds.damage) - 1) < 1e-5


def test_a_compare_step_cancel_is_in_the_odds() -> None:
    # Quinn on the Akira: one hit or crit left after the evades is cancelled (the policy uses him
    # whenever one is left); by brute force: the damage less one, when there is any
    g = one_attack([ship("A", 0, ATTACK_SHIP), ship("J", 1, AKIRA, upgrades=["quinn_72000b"])], ["blank"] * 8,
                   band=2)
    odds = _odds(g)
    assert odds.cards == ("Quinn",)
    plain = _brute(3, 2)
    cancelled = [plain[0] + plain[1], *plain[2:], Fraction(0)]
    assert list(odds.damage) == [round(float(p), 6) for p in cancelled][:len(odds.damage)]
    assert abs(sum(odds.damage) - 1) < 1e-5


def _die(sequence: tuple[str, ...], p: Fraction, poor: tuple[str, ...]) -> dict[str, Fraction]:
    """One attack die's last face when each of ``sequence``'s rerolls happens on a ``poor`` face."""
    out: dict[str, Fraction] = {}

    def roll(k: int, p: Fraction) -> None:
        for face in ATTACK_DIE:
            q = p / 8
            if k < len(sequence) and face in poor:
                roll(k + 1, q)
            else:
                out[face] = out.get(face, Fraction(0)) + q
    roll(0, p)
    return out


def _convolve(dice: list[dict[str, Fraction]], m: int) -> list[Fraction]:
    """P(damage = k): independent attack dice (their last faces) against m plain defense dice."""
    hits = {0: Fraction(1)}
    for die in dice:
        success = die.get("hit", 0) + die.get("crit", 0)
        nxt: dict[int, Fraction] = {}
        for k, p in hits.items():
            nxt[k + 1] = nxt.get(k + 1, Fraction(0)) + p * success
            nxt[k] = nxt.get(k, Fraction(0)) + p * (1 - success)
        hits = nxt
    out = [Fraction(0)] * (len(dice) + 1)
    for defense in product(DEFENSE_DIE, repeat=m):
        for k, p in hits.items():
            out[max(0, k - defense.count("evade"))] += p / 8 ** m
    return out


def test_tactical_officers_second_reroll_is_in_the_odds() -> None:
    # the Attack Ship locks on the Akira at Range 2: 3 attack dice, 2 defense dice. The lock rerolls
    # each blank or battle stations result (no token), Tactical Officer each of those still poor
    # (the policy): every die independently rolled up to three times
    from aw_helpers import ScriptedPlayer

    from engine.rulesets.attack_wing.players import ActionChoice

    lock = [ScriptedPlayer(actions={"A": [ActionChoice("target_lock", "J")]}, use_abilities=True),
            ScriptedPlayer(use_abilities=True)]
    g = one_attack([ship("A", 0, ATTACK_SHIP, upgrades=["3035"]), ship("J", 1, AKIRA)], ["blank"] * 12, band=2,
                   players=lock)
    odds = _odds(g)
    assert odds.cards == ("Tactical Officer",) and odds.target_lock and (odds.attack_dice, odds.defense_dice) == (3, 2)
    poor = ("blank", "battle_stations")
    officer = _convolve([_die(("lock", "officer"), Fraction(1), poor)] * 3, 2)
    assert list(odds.damage) == [round(float(p), 6) for p in officer]
    lock_only = _convolve([_die(("lock",), Fraction(1), poor)] * 3, 2)
    assert officer[0] < lock_only[0]  # the card changes the odds: not the lock's alone


def test_the_interphase_generator_is_in_the_odds() -> None:
    # the Vor'cha cloaks (agility 1 + 4) and is attacked by the Akira at Range 2: 4 attack dice, 5
    # defense dice. Against more than one hit or any crit left the policy discards the card: 1 hit
    from aw_helpers import ScriptedPlayer

    from engine.rulesets.attack_wing.dice import ATTACK_DIE as A_DIE
    from engine.rulesets.attack_wing.players import ActionChoice
    from engine.rulesets.attack_wing.spending import uncanceled

    cloak = [ScriptedPlayer(attacks={"A": ["J"]}, use_abilities=True),
             ScriptedPlayer(actions={"J": [ActionChoice("cloak")]}, use_abilities=True)]
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, "1005", upgrades=["3040"])], ["blank"] * 12, band=2,
                   players=cloak)
    odds = _odds(g)
    assert odds.cards == ("Interphase Generator",) and (odds.attack_dice, odds.defense_dice) == (4, 5)
    # brute force over every sequence of faces, each face class with its count on the die
    a_faces = {"hit": A_DIE.count("hit"), "crit": A_DIE.count("crit"), "blank": 8 - A_DIE.count("hit")
               - A_DIE.count("crit")}
    d_faces = {"evade": DEFENSE_DIE.count("evade"), "blank": 8 - DEFENSE_DIE.count("evade")}
    out = [Fraction(0)] * 5
    for attack in product(a_faces, repeat=4):
        pa = Fraction(1)
        for f in attack:
            pa *= Fraction(a_faces[f], 8)
        for defense in product(d_faces, repeat=5):
            pd = Fraction(1)
            for f in defense:
                pd *= Fraction(d_faces[f], 8)
            h, c, _ = uncanceled(attack, defense)
            out[1 if h + 2 * c > 1 else h + c] += pa * pd
    assert list(odds.damage) == [round(float(p), 6) for p in out][:len(odds.damage)]
    assert sum(out[len(odds.damage):]) == 0 and odds.damage[2:] == (0.0,) * (len(odds.damage) - 2)

"""The Elite Attack Die (resource 4001): a fleet rolls it in place of one attack die once a round; its
double hit is two damage canceled by one evade, after the hits and before the crits (the card's
points 1 to 5). Dice as in test_abilities_ships: the Akira (A) rolls 5 attack dice at Range 1, the
Jem'Hadar Attack Ship (J) 2 defense dice."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest
from ability_helpers import AKIRA, ATTACK_SHIP, one_attack, resolved, rolled, ship, used
from aw_helpers import ScriptedPlayer

from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.dice import ATTACK_DIE, DEFENSE_DIE, ELITE_DIE, Rng, roll
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.notation.terms import format_faces, parse_faces
from engine.rulesets.attack_wing.odds import attack_odds
from engine.rulesets.attack_wing.players import AbilityUse
from engine.rulesets.attack_wing.reducer import IllegalEvent, apply, fold, initial_state
from engine.rulesets.attack_wing.spending import attack_conversion, attack_rerolls, defense_spends, uncanceled
from trek.main import main

ELITE = "4001"


def _game(faces: list[str], elite_seat: list[AbilityUse | str | None] | None = None, resource: bool = True,
          second: bool = False) -> Game:
    """A (and A2 beside it, with ``second``) of side 0 attack J at Range 1; the fleet of side 0 holds
    the Elite Attack Die when ``resource``."""
    extra = (ELITE,) if resource else ()
    a = ship("A", 0, AKIRA)
    ships = [a.model_copy(update={"cards": (*a.cards, *extra)})]
    poses = {"A": Pose(400, 300, 0), "J": Pose(400, 600, 180)}
    if second:
        a2 = ship("A2", 0, AKIRA)
        ships.append(a2.model_copy(update={"cards": (*a2.cards, *extra)}))
        poses["A2"] = Pose(470, 300, 0)
    ships.append(ship("J", 1, ATTACK_SHIP))
    seat = ScriptedPlayer(use_abilities=True, abilities={ELITE: list(elite_seat)} if elite_seat is not None else None)
    return one_attack(ships, faces, players=[seat, ScriptedPlayer(use_abilities=True)], poses=poses)


def test_the_double_hit_is_two_damage_canceled_by_one_evade_after_the_hits_before_the_crits() -> None:
    attack = ("hit", "double_hit", "crit")
    assert uncanceled(attack, ()) == (3, 1, 0)
    assert uncanceled(attack, ("evade",)) == (2, 1, 1)  # the hit first
    assert uncanceled(attack, ("evade",) * 2) == (0, 1, 2)  # then the double hit, by one evade
    assert uncanceled(attack, ("evade",) * 3) == (0, 0, 3)  # the crit last
    assert uncanceled(("double_hit", "crit"), ("evade",)) == (0, 1, 1)


def test_the_elite_die_has_the_cards_faces_and_rolls_at_its_position() -> None:
    assert sorted(ELITE_DIE) == sorted(["double_hit", "crit", "crit", "hit", "hit", "hit", "battle_stations",
                                        "battle_stations"])
    rng = Rng(7, 0)
    plain, _ = roll(rng, "attack", 6)
    elite, _ = roll(rng, "attack", 6, elite=5)
    assert plain[:5] == elite[:5] and all(f in ATTACK_DIE for f in plain)
    assert elite[5] == ELITE_DIE[rng.below(8, 5)]  # the same draw, read on its own die
    draws = [roll(Rng(s, 0), "attack", 1, elite=0)[0][0] for s in range(400)]
    assert "double_hit" in draws and "blank" not in draws


def _brute(n: int, m: int, lock: bool, bs: bool, dbs: bool, evades: int) -> dict[tuple[int, int], Fraction]:
    """Every sequence of faces through the engine's spending decisions (the last die the elite one)."""
    out: dict[tuple[int, int], int] = {}
    def die(i: int) -> tuple[str, ...]:
        return ELITE_DIE if i == n - 1 else ATTACK_DIE
    for first in itertools.product(range(8), repeat=n):
        faces = [die(i)[r] for i, r in enumerate(first)]
        idx = attack_rerolls(faces, [False] * n, lock, bs)
        for again in itertools.product(range(8), repeat=len(idx)):
            shown = list(faces)
            for i, r in zip(idx, again, strict=True):
                shown[i] = die(i)[r]
            for i in attack_conversion(shown, bs):
                shown[i] = "hit"
            for d in itertools.product(range(8), repeat=m):
                defense = [DEFENSE_DIE[x] for x in d]
                spend = defense_spends(shown, defense, dbs, evades)
                for i in spend.convert:
                    defense[i] = "evade"
                h, c, _ = uncanceled(tuple(shown), (*defense, *["evade"] * spend.evade_tokens))
                out[(h, c)] = out.get((h, c), 0) + 8 ** (n - len(idx))
    return {k: Fraction(v, 8 ** (2 * n + m)) for k, v in out.items()}


@pytest.mark.parametrize("n, m, lock, bs, dbs, evades", [(1, 0, False, False, False, 0), (2, 1, True, False, False, 0),
                                                         (3, 1, True, True, True, 1), (2, 2, False, True, False, 1)])
def test_exact_odds_with_the_elite_die_match_every_roll(n: int, m: int, lock: bool, bs: bool, dbs: bool,
                                                        evades: int) -> None:
    odds = attack_odds(n, m, target_lock=lock, attack_battle_stations=bs, defense_battle_stations=dbs,
                       evade_tokens=evades, elite=True)
    exact = {k: odds.probability(*k) for k in odds.weights if odds.weights[k]}
    assert exact == _brute(n, m, lock, bs, dbs, evades)
    assert odds.expected_damage > attack_odds(n, m, target_lock=lock, attack_battle_stations=bs,
                                              defense_battle_stations=dbs, evade_tokens=evades).expected_damage
    assert attack_odds(1, 0, elite=True).expected_damage == pytest.approx(7 / 8)  # 2 + 2 crits + 3 hits over 8


def test_the_fleet_rolls_it_as_its_last_attack_die_and_the_double_hit_deals_two() -> None:
    faces = ["blank", "blank", "blank", "blank", "double_hit"] + ["blank"] * 20
    g = _game(faces)
    (use,) = used(g, ELITE)
    assert use.window == "attack_dice" and use.dice == (4,) and "7/8" in use.reason
    assert ("attack", 5, "attack (elite die 4)") in g.dice.asked  # type: ignore[attr-defined]
    assert rolled(g, "attack")[0].faces[4] == "double_hit"
    assert (resolved(g).hits, resolved(g).crits) == (2, 0)
    odds = next(e for e in g.events if isinstance(e, ev.AttackOdds))
    assert "Elite Attack Die" in odds.cards


def test_without_the_resource_or_declined_no_elite_die() -> None:
    g = _game(["blank"] * 30, resource=False)
    assert not used(g, ELITE) and all("elite" not in c for _, _, c in g.dice.asked)  # type: ignore[attr-defined]
    g = _game(["blank"] * 30, elite_seat=[None])  # the seat declines it
    assert not used(g, ELITE)


def test_once_a_round_for_the_whole_fleet() -> None:
    g = _game(["blank"] * 40, second=True)
    attacks = [e.ship for e in g.events if isinstance(e, ev.AttackDeclared)]
    assert attacks[:2] == ["A", "A2"] or attacks[:2] == ["A2", "A"]
    assert len(used(g, ELITE)) == 1  # the second ship of the fleet is not offered it


def test_the_reducer_refuses_a_double_hit_on_another_die_and_a_second_use() -> None:
    g = _game(["blank", "blank", "blank", "blank", "double_hit"] + ["blank"] * 20)
    events = g.events
    roll_at = next(i for i, e in enumerate(events) if isinstance(e, ev.DiceRolled) and e.kind == "attack")
    before = fold(initial_state(0), events[:roll_at])
    assert before.attack is not None and before.attack.elite == 4
    moved = events[roll_at].model_copy(update={"faces": ("double_hit", "blank", "blank", "blank", "hit")})
    with pytest.raises(IllegalEvent, match="Elite Attack Die only"):
        apply(before, moved)
    # without the resource's ability_used, no die of the roll is the elite one
    use_at = next(i for i, e in enumerate(events) if isinstance(e, ev.AbilityUsed) and e.card == ELITE)
    kept = [e for i, e in enumerate(events[:roll_at]) if i != use_at]
    without = fold(initial_state(0), [e.model_copy(update={"seq": k}) for k, e in enumerate(kept)])
    with pytest.raises(IllegalEvent, match="Elite Attack Die only"):
        apply(without, events[roll_at].model_copy(update={"seq": len(kept)}))
    # a second use by the fleet in the round: refused, whichever of its ships
    after = fold(initial_state(0), events[:roll_at + 1])
    again = events[use_at].model_copy(update={"seq": after.seq + 1})
    with pytest.raises(IllegalEvent, match="already used"):
        apply(after, again)


def test_the_notation_writes_the_double_hit() -> None:
    assert parse_faces("hit double blank", "attack") == ("hit", "double_hit", "blank")
    assert format_faces(("double_hit", "crit")) == "double crit"
    with pytest.raises(ValueError):
        parse_faces("double", "defense")


def test_trek_odds_counts_the_elite_die(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--attack", "4", "--defense", "2", "--elite", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["input"]["elite"] and doc["elite"]
    assert doc["expected_damage"] == pytest.approx(attack_odds(4, 2, elite=True).expected_damage)
    assert len(doc["damage"]) == 4 + 2  # 0 to 5 damage: the double hit is one more than a die each
    assert main(["odds", "--attack", "4", "--defense", "2", "--elite"]) == 0
    assert "one of them the Elite Attack Die" in capsys.readouterr().out
    assert main(["odds", "--attack", "4", "--defense", "2", "--elite", "--attacker-card", "2001"]) == 2

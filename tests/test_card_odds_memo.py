"""card_odds remembers the policy's answer for a pool by what the policy reads (the ability, both
sides' dice, whether its owner attacks, its battle stations token): for every modelled dice ability
of every card, the answer is the same in a game that differs in everything else, and the
remembered answer is the policy's. It remembers whole odds by the cards that act and the dice and
tokens: the same as worked out afresh in every attack of a few games."""

from __future__ import annotations

from itertools import product

import pytest

from engine.evolve import evolve
from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import combat
from engine.rulesets.attack_wing.abilities import card_odds as co
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.scenario import load_scenario
from engine.rulesets.attack_wing.state import AttackState, DamageCardState, GameState

# the attack's results shown as the defense dice are modified (card_odds: hits, then crits)
ATTACK_SHOWN = [("hit",) * h + ("crit",) * c for h in range(3) for c in range(2)]


def _states() -> tuple[GameState, GameState]:
    state = play(load_scenario("duel"), 0, rounds=1).state
    a, d = state.ships[0].id, state.ships[-1].id
    state = evolve(state, attack=AttackState(a, d, "primary", defense_dice=("evade",)))
    other = evolve(state, round=state.round + 3, round_limit=9)
    for s in other.ships:  # everything but the battle stations token changed
        other = other.update(s.id, pose=Pose(s.pose.x + 37.0, s.pose.y - 11.0, (s.pose.heading + 90) % 360),
                             shields=0, evade=2, scan=1, aux_power=1, target_lock=d if s.id == a else a,
                             damage=(DamageCardState("direct_hit", True),), used_round=tuple(CARDS)[:5])
    return state, other


def test_the_policy_answer_depends_only_on_what_the_memo_keys() -> None:
    state, other = _states()
    a, d = state.ships[0], state.ships[-1]
    checked = 0
    for card_id, card in CARDS.items():
        for i, ability in enumerate(card.abilities):
            effect = ability.effect
            if effect.kind not in co.MODELLED or effect.dice not in ("attack", "defense"):
                continue
            for owner, token, n in product((a, d), (0, 1), (1, 2, 3)):
                for faces, _ in co._rolled(effect.dice, n):
                    for flags, other_dice in product(((False,) * n, (True,) + (False,) * (n - 1)),
                                                     ATTACK_SHOWN if effect.dice == "defense" else [()]):
                        pool = co._pool(faces, flags)
                        answers = []
                        for s in (state, other):
                            s = s.update(owner.id, battle_stations=token)
                            found = (s.ship(owner.id), card_id, card, i, ability)
                            use = co._use(s, found, effect.dice, pool, other_dice)
                            answers.append(None if use is None else use.dice)
                            assert co._decide(s, found, effect.dice, pool, other_dice) == answers[-1]
                        assert answers[0] == answers[1], (card_id, i, pool, owner.id, token)
                        checked += 1
    assert checked > 1000


def test_remembered_odds_are_the_odds_worked_out_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    # every attack of a few games: the odds card_odds gives (remembered from an earlier attack with
    # the same key, or not) equal the odds worked out with nothing remembered
    checked: list[bool] = []
    remembered = combat.card_odds

    def compare(*args: object, **kwargs: object) -> object:
        odds = remembered(*args, **kwargs)  # type: ignore[arg-type]
        saved = dict(co._ODDS), dict(co._DECIDED)
        co._ODDS.clear()
        co._DECIDED.clear()
        assert remembered(*args, **kwargs) == odds  # type: ignore[arg-type]
        co._ODDS.update(saved[0])
        co._DECIDED.update(saved[1])
        return odds

    def afresh(*args: object, **kwargs: object) -> object:
        if len(checked) < 4:  # the same attack with other tokens and dice (the key must tell them apart)
            for change in ({"evade_tokens": 1 - int(kwargs["evade_tokens"] > 0)},  # type: ignore[call-overload]
                           {"target_lock": not kwargs["target_lock"]},
                           {"attack_battle_stations": not kwargs["attack_battle_stations"]},
                           {"defense_battle_stations": not kwargs["defense_battle_stations"]}):
                compare(*args, **{**kwargs, **change})
        checked.append(True)
        return compare(*args, **kwargs)

    monkeypatch.setattr(combat, "card_odds", afresh)
    scenario = load_scenario("skirmish")
    for seed in range(3):
        play(scenario, seed)
    assert len(checked) > 10

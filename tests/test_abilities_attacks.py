"""Cards that change the round's attacks (cards/attacks.py): Once More Unto The Breach (its primary
weapon attacks twice this round, -1 attack die each, no defense dice for its ship) and Projected
Stasis Field (the ship it targets loses its shields and does not attack; its own ship rolls two
attack dice fewer). Each where its text's situation holds and where it does not; the reducer refuses
an extra attack no card gave."""

from __future__ import annotations

from dataclasses import replace

import pytest
from ability_helpers import AKIRA, ATTACK_SHIP, VORCHA, one_attack, rolled, ship, used
from aw_helpers import ScriptedPlayer

from engine.errors import IllegalDecision
from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.action_windows import action_options
from engine.rulesets.attack_wing.abilities.advice import action_value
from engine.rulesets.attack_wing.abilities.model import AttackContext
from engine.rulesets.attack_wing.abilities.tokens_lost import best, choices
from engine.rulesets.attack_wing.abilities.windows import action_name, candidates
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.players import AbilityUse, ActionChoice
from engine.rulesets.attack_wing.reducer import IllegalEvent, apply, fold, initial_state

BREACH, STASIS, ARRAY = "3072", "3047", "3103"  # Additional Weapons Array: fires with no lock


def _breach(act: bool = True, faces: int = 40, a_upgrades: tuple[str, ...] = (BREACH,),
            attacks: list[str | None] | None = None, j_attacks: bool = True) -> Game:
    """A (Vor'cha, attack 5) resolves the Breach's Action: (or passes) and attacks J (Akira) at Range 1."""
    action = [ActionChoice(action_name(BREACH, 0))] if act else []
    seats = [ScriptedPlayer(actions={"A": action}, attacks={"A": attacks or ["primary", "primary"]},
                            use_abilities=True),
             ScriptedPlayer(attacks={"J": ["A"] if j_attacks else [None]}, use_abilities=True)]
    return one_attack([ship("A", 0, VORCHA, upgrades=list(a_upgrades)), ship("J", 1, AKIRA)],
                      ["blank"] * faces, band=1, players=seats, holds=())


def _declared(g: Game, ship_id: str) -> list[ev.AttackDeclared]:
    return [e for e in g.events if isinstance(e, ev.AttackDeclared) and e.ship == ship_id]


def test_once_more_unto_the_breach_makes_two_primary_attacks_at_one_die_less() -> None:
    # rulebook "Combat Phase": one attack a ship; the card's text: the primary weapon attacks twice
    g = _breach()
    assert [(e.defender, e.weapon) for e in _declared(g, "A")] == [("J", "primary"), ("J", "primary")]
    [action, extra] = [u for u in used(g, BREACH) if u.window in ("action", "extra_attack")]
    assert action.discard and extra.window == "extra_attack" and extra.limit == "round"
    a_rolls = [len(e.faces) for e in rolled(g, "attack") if e.ship == "A"]
    assert a_rolls == [5, 5]  # the Vor'cha's 5 and Range 1's one more, one less each attack
    # J attacks A: the Breach's ship rolls no defense dice this round
    j_attack = next(i for i, e in enumerate(g.events) if isinstance(e, ev.AttackDeclared) and e.ship == "J")
    [defense] = [e for e in g.events[j_attack:] if isinstance(e, ev.DiceRolled) and e.kind == "defense"]
    assert defense.ship == "A" and defense.faces == () and "Once More Unto The Breach" in defense.count_reason
    # the exact odds count both riders: A's attacks at 5 dice, J's attack at A against no defense dice
    odds = [(e.ship, e.attack_dice, e.defense_dice) for e in g.events if isinstance(e, ev.AttackOdds)]
    assert odds == [("A", 5, 2), ("A", 5, 2), ("J", 5, 0)]


def test_without_the_action_no_second_attack_and_the_dice_are_as_printed() -> None:
    g = _breach(act=False)
    assert len(_declared(g, "A")) == 1
    assert [len(e.faces) for e in rolled(g, "attack") if e.ship == "A"] == [6]  # 5, +1 at Range 1


def test_a_secondary_weapon_attack_brings_no_second_attack() -> None:
    # the card's second attack is its primary weapon's: a secondary weapon attack first brings none (rulings.md)
    g = _breach(a_upgrades=(BREACH, ARRAY), attacks=[ARRAY, "primary"])
    assert [e.weapon for e in _declared(g, "A")] == [ARRAY]
    assert not [u for u in used(g, BREACH) if u.window == "extra_attack"]


def test_the_seat_may_decline_the_second_attack() -> None:
    seats = [ScriptedPlayer(actions={"A": [ActionChoice(action_name(BREACH, 0))]}, abilities={BREACH: [None]}),
             ScriptedPlayer(attacks={"J": [None]})]
    g = one_attack([ship("A", 0, VORCHA, upgrades=[BREACH]), ship("J", 1, AKIRA)], ["blank"] * 20, players=seats,
                   holds=())
    assert len(_declared(g, "A")) == 1 and g.state.ship("A").attacked


def test_the_reducer_refuses_a_second_attack_no_card_gave() -> None:
    g = _breach(act=False)
    resolved = next(i for i, e in enumerate(g.events) if isinstance(e, ev.AttackResolved))
    state = fold(initial_state(1), g.events[:resolved + 1])  # A has made its attack
    again = _declared(g, "A")[0].model_copy(update={"seq": state.seq + 1})
    with pytest.raises(IllegalEvent, match="already attacked"):
        apply(state, again)
    extra = next(u for u in used(_breach(), BREACH) if u.window == "extra_attack")
    with pytest.raises(IllegalEvent, match="no extra attack"):  # the card is there, its mark is not on the ship
        apply(state.update("A", cards=(*state.ship("A").cards, BREACH)),
              extra.model_copy(update={"seq": state.seq + 1}))


def test_the_ai_takes_the_breach_with_a_target_in_its_forward_arc_and_not_without() -> None:
    g = _breach(act=False)
    state = replace(g.state, round=1).update("A", cards_discarded=(), actions_done=())
    a = state.ship("A")
    value, why, _ = action_value(state, a, action_name(BREACH, 0), 0.0, (), None)
    assert value > 0 and "two primary weapon attacks" in why
    away = state.update("J", pose=replace(state.ship("J").pose, y=a.pose.y - 300))  # behind A, out of its arc
    value, _, _ = action_value(away, away.ship("A"), action_name(BREACH, 0), 0.0, (), None)
    assert value < 0


# --- Projected Stasis Field -------------------------------------------------------------------------

def _stasis(ahead: float | None = None) -> Game:
    """A (Vor'cha) targets J (Jem'Hadar Attack Ship) with the field: facing at Range 1, or J flying
    ``ahead`` of A (centre to centre: 260 is Range 2, 360 Range 3)."""
    seats = [ScriptedPlayer(actions={"A": [ActionChoice(action_name(STASIS, 0), "J")]}, use_abilities=True),
             ScriptedPlayer(use_abilities=True)]
    poses = {"A": Pose(400, 200, 0), "J": Pose(400, 200 + ahead, 0)} if ahead else None
    return one_attack([ship("A", 0, VORCHA, upgrades=[STASIS]), ship("J", 1, ATTACK_SHIP)],
                      ["blank"] * 20, players=seats, holds=(), poses=poses)


def test_projected_stasis_field_drops_the_targets_shields_and_it_does_not_attack() -> None:
    g = _stasis()
    [use] = [u for u in used(g, STASIS) if u.window == "action"]
    assert use.subject == "J" and use.discard and set(use.marks) == {"A", "J"}
    lowered = [(e.ship, e.active, e.cause) for e in g.events if isinstance(e, ev.ShieldsChanged)
               and e.cause == "Projected Stasis Field"]
    assert lowered == [("A", 0, "Projected Stasis Field"), ("J", 0, "Projected Stasis Field")]
    assert not _declared(g, "J")  # it attacks no one this round
    [a_attack] = _declared(g, "A")
    assert a_attack.defender == "J"
    assert [len(e.faces) for e in rolled(g, "attack") if e.ship == "A"] == [4]  # 5 and +1 at Range 1, less 2


def test_projected_stasis_field_reaches_range_2_not_3_and_not_from_a_cloaked_ship() -> None:
    assert used(_stasis(ahead=260), STASIS)
    with pytest.raises(IllegalDecision, match=STASIS):
        _stasis(ahead=360)
    g = _stasis()
    state = g.state.update("A", cards_discarded=(), actions_done=(), cloak="green")
    assert not [o for o in action_options(state, state.ship("A")) if o.action == action_name(STASIS, 0)]
    state = state.update("A", cloak="none")
    assert [o.targets for o in action_options(state, state.ship("A"))
            if o.action == action_name(STASIS, 0)] == [("J",)]


def test_the_ai_takes_the_field_against_a_ship_that_threatens_it_and_not_against_one_turned_away() -> None:
    g = _stasis()
    j = g.state.ship("J")
    state = g.state.update("A", cards_discarded=(), actions_done=(), marks=()).update("J", marks=(),
                                                                                      shields=j.shields_max)
    value, why, pick = action_value(state, state.ship("A"), action_name(STASIS, 0), 4.0, ("J",), None)
    assert value > 0 and pick == "J" and "does not attack" in why
    away = state.update("J", pose=replace(j.pose, heading=0.0))  # J's forward arc points away from A
    value, _, _ = action_value(away, away.ship("A"), action_name(STASIS, 0), 0.0, ("J",), None)
    assert value <= 0


# --- Counter Attack ---------------------------------------------------------------------------------

COUNTER = "3013"


def _counter(act: bool = True, faces: str = "hit", ahead: float | None = None) -> Game:
    """A (Akira, side 0: first on equal skill) attacks J (Vor'cha) at Range 1; J took Counter
    Attack's Action (or passed). ``ahead``: J flies that far ahead of A, A behind it (out of its arc)."""
    seats = [ScriptedPlayer(use_abilities=True),
             ScriptedPlayer(actions={"J": [ActionChoice(action_name(COUNTER, 0))] if act else []},
                            use_abilities=True)]
    poses = {"A": Pose(400, 200, 0), "J": Pose(400, 200 + ahead, 0)} if ahead else None
    return one_attack([ship("A", 0, AKIRA), ship("J", 1, VORCHA, upgrades=[COUNTER])], [faces] * 60,
                      players=seats, holds=(), poses=poses)


def test_counter_attack_strikes_back_at_once_and_keeps_the_ships_own_attack() -> None:
    g = _counter()
    kinds = [(e.type, getattr(e, "ship", None)) for e in g.events
             if isinstance(e, ev.AttackDeclared | ev.AttackResolved | ev.AbilityUsed) and getattr(e, "window", "")
             != "action"]
    assert kinds == [("attack_declared", "A"), ("attack_resolved", "A"),  # A damages J
                     ("ability_used", "J"), ("attack_declared", "J"), ("attack_resolved", "J"),  # at once, back
                     ("attack_declared", "J"), ("attack_resolved", "J")]  # then J's own attack of the round
    [free] = [u for u in used(g, COUNTER) if u.window == "extra_attack"]
    assert free.subject == "A" and free.limit == "round"
    assert [e.defender for e in _declared(g, "J")] == ["A", "A"]


def test_no_counter_attack_undamaged_from_behind_or_without_the_action() -> None:
    assert len(_declared(_counter(faces="blank"), "J")) == 1  # no hit: no damage to strike back for
    assert len(_declared(_counter(act=False), "J")) == 1
    g = _counter(ahead=200)  # A fires at J's back: A is outside J's forward arc (and J cannot fire back)
    assert _declared(g, "A") and not [u for u in used(g, COUNTER) if u.window == "extra_attack"]


def test_the_ai_takes_counter_attack_facing_an_enemy_that_may_attack_it() -> None:
    g = _counter(act=False)
    state = replace(g.state, round=1).update("J", actions_done=())
    value, why, _ = action_value(state, state.ship("J"), action_name(COUNTER, 0), 3.0, (), None)
    assert value > 0 and "free attack back" in why
    behind = state.update("A", pose=replace(state.ship("J").pose, y=state.ship("J").pose.y - 150))
    value, _, _ = action_value(behind, behind.ship("J"), action_name(COUNTER, 0), 3.0, (), None)
    assert value <= 0


# --- Tractor Beam -----------------------------------------------------------------------------------

TRACTOR = "3011"


def _tractor(roll: list[str], ahead: float = 150) -> Game:
    """A (Vor'cha) turns the Tractor Beam on J (Jem'Hadar Attack Ship, agility 2) flying ``ahead`` of
    it (150: Range 1, 260: Range 2), rolling ``roll``, then attacks it; J holds fire."""
    seats = [ScriptedPlayer(actions={"A": [ActionChoice(action_name(TRACTOR, 0), "J")]}, use_abilities=True),
             ScriptedPlayer(use_abilities=True)]
    poses = {"A": Pose(400, 200, 0), "J": Pose(400, 200 + ahead, 0)}
    return one_attack([ship("A", 0, VORCHA, upgrades=[TRACTOR]), ship("J", 1, ATTACK_SHIP)],
                      [*roll, *["blank"] * 20], players=seats, poses=poses)


@pytest.mark.parametrize(("roll", "fewer"), [(["hit", "hit"], 2), (["hit", "blank"], 1), (["crit", "bs"], 0)])
def test_tractor_beam_takes_a_defense_die_for_each_hit(roll: list[str], fewer: int) -> None:
    roll = [f.replace("bs", "battle_stations") for f in roll]
    g = _tractor(roll)
    [use] = [u for u in used(g, TRACTOR) if u.window == "action"]
    assert use.faces == tuple(roll) and use.subject == "J" and use.marks == ("J",) * fewer
    defense = next(e for e in rolled(g, "defense") if e.ship == "J")
    assert len(defense.faces) == 2 - fewer  # agility 2 at Range 1; a critical hit is no [HIT] (rulings.md)
    odds = next(e for e in g.events if isinstance(e, ev.AttackOdds))
    assert odds.defense_dice == 2 - fewer
    if fewer:  # "your next attack": used in this one, it takes no die from a later attack this round
        state = g.state
        assert TRACTOR in state.ship("A").used_round
        later = AttackContext(state.ship("A"), state.ship("J"), None, 1, "front")
        assert not [f for f in candidates(state, state.ship("J"), "defense_dice", later) if f[1] == TRACTOR]


def test_tractor_beam_reaches_range_1_only_and_the_ai_aims_it_at_its_target() -> None:
    with pytest.raises(IllegalDecision, match=TRACTOR):
        _tractor(["hit", "hit"], ahead=260)  # Range 2
    g = _tractor(["blank", "blank"])
    state = replace(g.state, round=1).update("A", actions_done=(), marks=()).update("J", marks=())
    value, why, pick = action_value(state, state.ship("A"), action_name(TRACTOR, 0), 0.0, ("J",), None)
    assert value > 0 and pick == "J" and "expected hits" in why
    value, _, _ = action_value(state, state.ship("A"), action_name(TRACTOR, 0), 0.0, (), None)
    assert value == 0


# --- Concussive Charges -----------------------------------------------------------------------------

CHARGES = "3085"


def _charges(faces: list[str], j_action: str = "scan", choice: str | None = None, j_hull: str = AKIRA) -> Game:
    """A (Vor'cha) locks on J (Akira) and fires Concussive Charges (4 dice) at Range 2; J took
    ``j_action`` and holds fire; ``faces``: A's attack dice, then J's 2 defense dice."""
    pick = {CHARGES: [AbilityUse(choice=choice)]} if choice else {}
    seats = [ScriptedPlayer(actions={"A": [ActionChoice("target_lock", "J")]}, attacks={"A": [CHARGES]},
                            use_abilities=True, abilities=pick),
             ScriptedPlayer(actions={"J": [ActionChoice(j_action, "A" if j_action == "target_lock" else None)]},
                            use_abilities=True)]
    return one_attack([ship("A", 0, VORCHA, upgrades=[CHARGES]), ship("J", 1, j_hull)],
                      [*faces, "blank", "blank", *["blank"] * 10], band=2, players=seats)


def test_concussive_charges_take_a_token_for_each_uncanceled_result() -> None:
    g = _charges(["hit", "crit", "blank", "blank"])
    [use] = [u for u in used(g, CHARGES)]
    assert (use.window, use.subject, use.choice) == ("damage", "J", "scan")  # 2 results, the one token it has
    assert [(e.ship, e.token, e.delta, e.cause) for e in g.events if isinstance(e, ev.TokensChanged)
            and e.cause == "Concussive Charges"] == [("J", "scan", -1, "Concussive Charges")]


def test_concussive_charges_take_nothing_when_they_miss() -> None:
    g = _charges(["blank", "blank", "battle_stations", "blank"])
    assert not used(g, CHARGES) and not [e for e in g.events if getattr(e, "cause", "") == "Concussive Charges"]


def test_the_seat_chooses_which_tokens_and_the_policy_takes_the_ones_worth_most() -> None:
    g = _charges(["hit", "blank", "blank", "blank"], j_action="target_lock", choice="target_lock")
    assert [u.choice for u in used(g, CHARGES)] == ["target_lock"]
    assert g.state.ship("J").target_lock is None  # J's lock on A: the token beside it taken
    ship_state = replace(g.state.ship("J"), evade=1, scan=1, battle_stations=0, target_lock="A")
    tokens = ("evade", "scan", "battle_stations", "target_lock", "aux_power", "cloak")
    assert set(choices(ship_state, tokens, 2)) == {"evade+scan", "evade+target_lock", "scan+target_lock"}
    assert choices(ship_state, tokens, 5) == ("evade+scan+target_lock",)  # all there are when fewer
    assert best(choices(ship_state, tokens, 1)) == "target_lock"
    cloaked = replace(ship_state, cloak="green", evade=0, scan=0, target_lock=None)
    assert choices(cloaked, tokens, 1) == ("cloak",)


def test_concussive_charges_take_the_cloak_token_of_a_cloaked_ship() -> None:
    g = _charges(["hit", "blank", "blank", "blank"], j_action="cloak", j_hull=VORCHA)
    assert [u.choice for u in used(g, CHARGES)] == ["cloak"]
    [gone] = [e for e in g.events if isinstance(e, ev.CloakChanged) and e.cause == "Concussive Charges"]
    assert (gone.ship, gone.cloak) == ("J", "none")
    after = g.events[g.events.index(gone) + 1:]
    restored = next(e for e in after if isinstance(e, ev.ShieldsChanged) and e.ship == "J")
    assert restored.cause == "end phase"  # its shields stayed disabled until the End Phase


# --- Positron Beam ----------------------------------------------------------------------------------

POSITRON = "3112"


def _positron(ahead: float = 110, answer: list[AbilityUse | str | None] | None = None) -> Game:
    """A (Akira) carries the Positron Beam; J (Jem'Hadar Attack Ship) flies ``ahead`` of it (110:
    Range 1 as the round starts, 150: Range 2); J flies a white 3 straight (a green maneuver would
    take the token off) and would take a scan action."""
    seats = [ScriptedPlayer(use_abilities=True, abilities={POSITRON: answer or ["policy"]}),
             ScriptedPlayer(dials={"J": [("straight", 3)]}, actions={"J": [ActionChoice("scan")]},
                            use_abilities=True)]
    return one_attack([ship("A", 0, AKIRA, upgrades=[POSITRON]), ship("J", 1, ATTACK_SHIP)], ["blank"] * 20,
                      players=seats, poses={"A": Pose(400, 200, 0), "J": Pose(400, 200 + ahead, 0)})


def test_positron_beam_gives_a_ship_at_range_1_an_auxiliary_power_token_in_the_planning_phase() -> None:
    g = _positron()
    [use] = used(g, POSITRON)
    assert (use.window, use.phase, use.choice, use.subject, use.discard) == ("planning", "planning", "J", "J", True)
    dials = [i for i, e in enumerate(g.events) if isinstance(e, ev.DialSet)]
    assert g.events.index(use) > max(dials)  # once every dial is set
    [token] = [e for e in g.events if isinstance(e, ev.TokensChanged) and e.cause == "Positron Beam"]
    assert (token.ship, token.token, token.delta) == ("J", "aux_power", 1)
    # rulebook "Auxiliary Power": a ship with the token performs no action
    assert [e.cause for e in g.events if isinstance(e, ev.ActionSkipped) and e.ship == "J"] == \
        ["under auxiliary power"]
    assert "an auxiliary power token beside" in use.reason


def test_positron_beam_not_at_range_2_nor_when_the_seat_declines() -> None:
    assert not used(_positron(ahead=150), POSITRON)
    g = _positron(answer=[None])
    assert not used(g, POSITRON) and not [e for e in g.events if isinstance(e, ev.ActionSkipped) and e.ship == "J"]


# --- Magnetic Pulse ---------------------------------------------------------------------------------

PULSE = "3046"


def _pulse(faces: list[str], a_shields: int | None = None, j_shields: int | None = None) -> Game:
    """A (Vor'cha) fires Magnetic Pulse (4 dice) at J (Akira, 3 shields) at Range 2; J rolls blanks."""
    seats = [ScriptedPlayer(attacks={"A": [PULSE]}, use_abilities=True), ScriptedPlayer(use_abilities=True)]
    a = ship("A", 0, VORCHA, upgrades=[PULSE], **({"shields": a_shields} if a_shields is not None else {}))
    j = ship("J", 1, AKIRA, **({"shields": j_shields} if j_shields is not None else {}))
    return one_attack([a, j], [*faces, *["blank"] * 10], band=2, players=seats)


def _dealt(g: Game) -> list[tuple[str, bool]]:
    return [(e.to, e.face_up) for e in g.events if isinstance(e, ev.DamageDealt) and e.ship == "J"]


def test_magnetic_pulse_sends_the_critical_hits_that_would_hit_shields_to_the_hull() -> None:
    g = _pulse(["crit", "hit", "crit", "blank"])
    [attack] = _declared(g, "A")
    assert attack.weapon == PULSE
    # normal damage first (rulebook "Suffering Damage"): the hit takes a shield; both crits, which
    # would have taken the next two shields, are hits on the hull (face down), the shields kept
    assert _dealt(g) == [("shield", False), ("hull", False), ("hull", False)]
    paid = [e for e in g.events if isinstance(e, ev.ShieldsChanged) and e.ship == "A" and e.cause == "Magnetic Pulse"]
    assert len(paid) == 1 and paid[0].disabled == 1  # its cost: one of A's active shields disabled


def test_magnetic_pulse_crits_at_an_unshielded_ship_stay_critical_and_no_pulse_without_a_shield() -> None:
    g = _pulse(["crit", "crit", "blank", "blank"], j_shields=1)
    # the shield the first crit would have taken stays up, so the second would take it too: both hits
    assert _dealt(g) == [("hull", False), ("hull", False)]
    g = _pulse(["crit", "crit", "blank", "blank"], j_shields=0)
    assert _dealt(g) == [("hull", True), ("hull", True)]  # no shield to damage: critical damage as usual
    g = _pulse(["crit", "crit", "blank", "blank"], a_shields=0)  # no active shield to pay with
    assert not [e for e in _declared(g, "A") if e.weapon == PULSE]


def test_the_ai_weighs_a_weapon_cards_text_and_says_so() -> None:
    from engine.rulesets.attack_wing import rules
    from engine.rulesets.attack_wing.abilities.advice import weapon_card
    from engine.rulesets.attack_wing.ai import AiPlayer

    g = _charges(["hit", "hit", "blank", "blank"])  # J scanned; A holds a lock on it
    declared = next(i for i, e in enumerate(g.events) if isinstance(e, ev.AttackDeclared))
    state = fold(initial_state(1), g.events[:declared])
    a = state.ship("A")
    [charges] = [o for o in rules.attack_options(state, a) if o.weapon is not None]
    value, words = weapon_card(state, a, charges)
    assert value > 0 and "tokens" in words  # J's scan token
    bare = state.update("J", scan=0)
    assert weapon_card(bare, bare.ship("A"), charges) == (0.0, "")
    choice, reason = AiPlayer().attack(state, a, rules.attack_options(state, a))
    assert choice is not None and (choice.weapon is None or "takes 1 of" in reason)
    g = _pulse(["blank"] * 4)
    declared = next(i for i, e in enumerate(g.events) if isinstance(e, ev.AttackDeclared))
    state = fold(initial_state(1), g.events[:declared])
    [pulse] = [o for o in rules.attack_options(state, state.ship("A")) if o.weapon is not None]
    value, words = weapon_card(state, state.ship("A"), pulse)
    assert "costs 1 active shield" in words and "past the shields" in words
    assert value == pytest.approx(-0.35 + 0.3)


# --- Muon Feedback Wave -----------------------------------------------------------------------------

MUON = "3041"


def _muon(j_dials: list[tuple[str, int]], j_actions: list[ActionChoice] | None = None) -> Game:
    """Two rounds: A (Vor'cha) places a Muon Token beside J (Jem'Hadar Attack Ship) flying 150 ahead of
    it (Range 1) in round 1; A activates first (initiative), so J moves with the token from round 1
    on (``j_dials``); nobody attacks."""
    from aw_helpers import ScriptedDice, game
    seats = [ScriptedPlayer(actions={"A": [ActionChoice(action_name(MUON, 0), "J")]}, attacks={"A": [None, None]}),
             ScriptedPlayer(dials={"J": j_dials}, actions={"J": j_actions or []}, attacks={"J": [None, None]})]
    g = game([ship("A", 0, VORCHA, upgrades=[MUON]), ship("J", 1, ATTACK_SHIP)],
             {"A": Pose(400, 200, 0), "J": Pose(400, 350, 0)}, seats, ScriptedDice(["blank"] * 20), round_limit=2)
    g.play()
    return g


def test_a_muon_token_damages_the_hull_after_each_maneuver_by_its_number_less_one() -> None:
    g = _muon([("straight", 1), ("straight", 3)])
    [use] = [u for u in used(g, MUON)]
    assert (use.subject, use.discard) == ("J", True)
    [placed] = [e for e in g.events if isinstance(e, ev.TokensChanged) and e.token == "muon"]
    assert (placed.ship, placed.delta, placed.cause) == ("J", 1, "Muon Feedback Wave")
    muon = [(e.round, e.to, e.face_up) for e in g.events if isinstance(e, ev.DamageDealt) and e.cause == "Muon Token"]
    assert muon == [(2, "hull", False), (2, "hull", False)]  # 1 straight: none; 3 straight: 2, past the shields
    assert g.state.ship("J").muon == 1  # it stays until an action removes it


def test_an_action_after_a_green_or_white_maneuver_removes_the_muon_token() -> None:
    g = _muon([("straight", 1), ("straight", 3)], [ActionChoice("pass"), ActionChoice("remove_muon")])
    removed = [(e.round, e.delta) for e in g.events if isinstance(e, ev.TokensChanged) and e.token == "muon"
               and e.cause == "remove_muon"]
    assert removed == [(2, -1)] and g.state.ship("J").muon == 0
    from engine.rulesets.attack_wing import actions
    j = g.state.ship("J")
    red = replace(j, muon=1, revealed=("about", 3, "red"), actions_done=())
    assert actions.REMOVE_MUON not in [o.action for o in actions.action_options(g.state.with_ship(red), red)]
    white = replace(red, revealed=("straight", 3, "white"))
    assert actions.REMOVE_MUON in [o.action for o in actions.action_options(g.state.with_ship(white), white)]


def test_the_ai_places_a_muon_token_on_an_enemy_and_removes_its_own() -> None:
    from engine.rulesets.attack_wing import actions
    from engine.rulesets.attack_wing.ai import AiPlayer

    g = _muon([("straight", 1), ("straight", 3)])
    state = replace(g.state, round=1).update("J", muon=0).update("A", cards_discarded=(), actions_done=())
    value, why, pick = action_value(state, state.ship("A"), action_name(MUON, 0), 0.0, ("J",), None)
    assert value > 0 and pick == "J" and "Muon Token" in why
    j = replace(g.state.ship("J"), muon=1, revealed=("straight", 3, "white"), actions_done=())
    state = g.state.with_ship(j)
    choice = AiPlayer().act(state, j, actions.action_options(state, j))
    assert choice.action == actions.REMOVE_MUON and "Muon" in choice.reason


def test_the_hud_panel_shows_the_muon_token() -> None:
    """The ship's panel carries a MUON badge while the token is beside it (the damage it causes
    after each maneuver is otherwise unexplained on screen)."""
    from engine.rulesets.attack_wing.screen import token_views
    from studio.hud_panels import TOKENS, token_badges

    g = _muon([("straight", 1), ("straight", 3)])
    ship = g.state.ship("J")
    assert ship.muon == 1
    assert ("MUON", TOKENS["muon"][1]) in token_badges(token_views(ship, {}))
    g2 = _muon([("straight", 1), ("straight", 3)], [ActionChoice("pass"), ActionChoice("remove_muon")])
    assert not any(text.startswith("MUON") for text, _ in token_badges(token_views(g2.state.ship("J"), {})))

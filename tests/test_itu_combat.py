"""Into the Unknown (issue 17), step 3: dice, tests and attacks as the guide's worked examples play
them (the test example's THREAT ANALYSIS, the attack example's polaron beams), shields paid from
reserve, the hull dial and its icons, damage cards taking stations offline, peril and locks."""

from __future__ import annotations

import pytest

from engine.geometry.pose import Pose
from engine.rulesets.into_the_unknown.ai import Choice, peril_choice, reroll_choice
from engine.rulesets.into_the_unknown.combat import IllegalAttack, Shot, attack_options, beam_attack, hull_damage
from engine.rulesets.into_the_unknown.dice import EXPERTISE, INTUITION, Allowances, Modifier, Pool, modify, roll
from engine.rulesets.into_the_unknown.displays import DEFIANT, JEM_HADAR_FIGHTER
from engine.rulesets.into_the_unknown.events import AttackMade, DieModel, OrderGiven, PoseModel
from engine.rulesets.into_the_unknown.mission import setup
from engine.rulesets.into_the_unknown.orders import options
from engine.rulesets.into_the_unknown.procedures import at_sensors_range, sensor_lock, threat_analysis
from engine.rulesets.into_the_unknown.reducer import apply
from engine.rulesets.into_the_unknown.state import ItuState, VolleyState
from engine.rulesets.into_the_unknown.table import INCH, area_of
from engine.rulesets.rng import Rng
from tests.test_itu_projectiles import game_with

TEST_EXAMPLE_SEED = 63  # its first five intuition draws: blank, analysis, success, breakthrough, analysis
ATTACK_EXAMPLE_SEED = 69  # blank, analysis (intuition), success (expertise), success, then damage card 0


def placed(seed: int, **poses: Pose) -> ItuState:
    """The mission set up, ships moved to ``poses``, the generator at ``seed`` with nothing drawn."""
    state = apply(ItuState(), setup(1))
    for ship_id, pose in poses.items():
        ship = state.ship(ship_id)
        state = state.with_ship(ship.model_copy(update={"pose": PoseModel.of(pose),
                                                        "area": area_of(pose, ship.card.base)}))
    return state.model_copy(update={"seed": seed, "drawn": 0})


def firing(state: ItuState, ship_id: str, officer: str | None) -> ItuState:
    """The ship's FIRE WEAPONS order given (the attack example: Talak'talan commits to it at the
    tactical station, no cost), so its attacks fold as that action's."""
    return apply(state, OrderGiven(seq=state.seq + 1, round=state.round, phase="priority", ship=ship_id,
                                   order="priority", action="FIRE WEAPONS", station="tactical", officer=officer))


def never(pool: Pool, difficulty: int, how: object) -> int | None:
    return None


def test_the_dice_faces() -> None:
    """Only expertise dice have discovery; only intuition dice a double success."""
    assert len(INTUITION) == 8 and len(EXPERTISE) == 6
    assert "double" in INTUITION and "double" not in EXPERTISE
    assert "discovery" in EXPERTISE and "discovery" not in INTUITION
    pool, rng = roll(Rng(5), 4, 2)
    assert [d.kind for d in pool.dice] == ["intuition"] * 4 + ["expertise"] * 2 and rng.drawn == 6
    counts = Pool(tuple(roll(Rng(s), 1, 0)[0].dice[0] for s in range(4000)))
    assert counts.count("double") == pytest.approx(500, rel=0.2)  # one face in eight


def test_test_example_threat_analysis() -> None:
    """Guide, "Test Example": the Defiant at 2" of a BLUE objective, its Sensors range; difficulty
    2 (no opposing ship at Sensors range of it, the marker its colour); 3 intuition dice for command
    3 and no expertise (the Redoubtable Engineer has no Discipline); blank, analysis, success; two
    rerolls for instruments power 2 (the blank and the analysis) give a breakthrough and an
    analysis: success, 1 VP, 1 more for the breakthrough, and the analysis moves the influence
    marker toward the Federation."""
    state = placed(TEST_EXAMPLE_SEED, defiant=Pose(304.8, 481.0, 0.0))
    objective = state.objectives[0]
    assert objective.marker == "blue" and at_sensors_range(state.ship("defiant"), objective)
    assert not at_sensors_range(state.ship("fighter"), objective)
    picks = iter([0, 1])
    example = Modifier(lambda pool, difficulty, how: next(picks, None) if how == "allowance" else None,
                       lambda pool, difficulty, index: None)
    event = threat_analysis(state, "defiant", objective.id, "redoubtable_engineer", example, peril_choice,
                            seq=state.seq + 1, phase="priority")
    assert event.difficulty == 2 and [d.face for d in event.dice] == ["blank", "analysis", "success"]
    assert all(d.kind == "intuition" for d in event.dice)
    assert [(s.how, s.index, s.face) for s in event.steps] == [("allowance", 0, "breakthrough"),
                                                               ("allowance", 1, "analysis")]
    assert event.success and event.effects.victory == (2, 0) and event.effects.influence == 1
    after = apply(state, event)
    assert after.objectives[0].marker is None and after.victory_points == (2, 0) and after.influence == 1
    assert after.drawn == 5


def test_the_difficulty_rises_for_an_opposing_ship_and_another_colour() -> None:
    state = placed(1, defiant=Pose(304.8, 481.0, 0.0), fighter=Pose(304.8, 300.0, 0.0))
    assert at_sensors_range(state.ship("fighter"), state.objectives[0])  # the Fighter's fore arc Sensors
    ai = Modifier(reroll_choice, lambda pool, difficulty, index: "breakthrough")
    event = threat_analysis(state, "defiant", state.objectives[0].id, None, ai, never, seq=state.seq + 1,
                            phase="priority")
    assert event.difficulty == 3 and not any(d.kind == "expertise" for d in event.dice)
    dominion = threat_analysis(state, "fighter", state.objectives[0].id, "karemma_researcher", ai, never,
                               seq=state.seq + 1, phase="priority")
    assert dominion.difficulty == 4 and sum(d.kind == "expertise" for d in dominion.dice) == 1  # Discipline 1
    if dominion.success:  # replacing the other colour's marker is a hostile act of a CALM fleet
        assert dominion.effects.markers == ((state.objectives[0].id, "orange"),)
        assert dominion.effects.negative == (0, 2) and dominion.effects.hostile == (True, True)


def test_attack_example_polaron_beams() -> None:
    """Guide, "Attack Example": Talak'talan leads FIRE WEAPONS; the Defiant's fore end at 6" in the
    Fighter's fore arc; 2 of its 3 weapons power for 2 intuition dice, Ordnance 1 for an expertise
    die; blank, analysis, success; Relentless 1 rerolls the blank into a success (no health
    damage); the analysis pays Pierce 1, so the fore shields (1) cancel nothing; 2 successes hit
    evasion 2: the hull dial turns from 6 to 4 past a critical icon and Comms Relays Down takes the
    instruments station offline; the CALM Dominion scores 2 negative VP and both directives flip."""
    fighter = Pose(457.2, 200.0, 0.0)
    defiant = Pose(457.2, 200.0 + 25.4 + 6 * INCH + 25.4, 180.0)
    state = firing(placed(ATTACK_EXAMPLE_SEED, fighter=fighter, defiant=defiant), "fighter", "talaktalan")
    assert state.ship("fighter").stats.weapons == 3
    beam = JEM_HADAR_FIGHTER.beams[0]
    ai = Modifier(reroll_choice, lambda pool, difficulty, index: "breakthrough")
    event, pierced = beam_attack(state, "fighter", Shot(beam, "defiant", "fore", "fore", 2, 0), "talaktalan", ai,
                                 peril_choice, seq=state.seq + 1, phase="priority")
    assert event.range == pytest.approx(6 * INCH) and event.arc == "fore"
    assert [(d.kind, d.face) for d in event.dice] == [("intuition", "blank"), ("intuition", "analysis"),
                                                      ("expertise", "success")]
    assert [(s.how, s.index, s.face) for s in event.steps] == [("relentless", 0, "success")]
    assert pierced == 1 and event.hit and event.damage == 2 and event.shields == 0
    after = apply(state, event)
    hit = after.ship("defiant")
    assert hit.hull_value == 4 and hit.cards == (("Comms Relays Down", "instruments"),)
    assert hit.offline("instruments") and not [o for o in options(hit, "priority") if o.station == "instruments"]
    assert after.negative_points == (0, 2) and after.directives == ("hostile", "hostile")
    assert after.ship("fighter").crew == state.ship("fighter").crew  # Relentless rolled no breakthrough
    with pytest.raises(ValueError, match="not in the fore arc, in sight and at range"):
        beam_attack(state, "fighter", Shot(beam, "defiant", "aft", "fore", 2, 0), "talaktalan", ai, peril_choice,
                    seq=state.seq + 1, phase="priority")


def test_attack_example_step_9_the_leader_leads_one_beam_attack_of_the_action() -> None:
    """Guide, attack example step 9: "Talak'talan cannot lead another beam attack, so the player
    chooses the torpedo tube instead" (docs/rulings.md): the polaron beams (x2, 2 fore) still have a
    fore attack and the action 1 weapons power, so a second beam attack is offered, but no officer
    leads it (no Relentless reroll); the reducer refuses one recorded as led by Talak'talan; the
    example's own choice, the torpedo tube for that 1 power, is legal."""
    from engine.rulesets.into_the_unknown.projectiles import Launch, launch

    fighter = Pose(457.2, 200.0, 0.0)
    defiant = Pose(457.2, 200.0 + 25.4 + 6 * INCH + 25.4, 180.0)
    state = firing(placed(ATTACK_EXAMPLE_SEED, fighter=fighter, defiant=defiant), "fighter", "talaktalan")
    beam = JEM_HADAR_FIGHTER.beams[0]
    ai = Modifier(reroll_choice, lambda pool, difficulty, index: "breakthrough")
    first, _ = beam_attack(state, "fighter", Shot(beam, "defiant", "fore", "fore", 2, 0), "talaktalan", ai,
                           peril_choice, seq=state.seq + 1, phase="priority")
    assert first.leader == "talaktalan"
    state = apply(state, first).model_copy(update={"drawn": 0})
    assert state.volley is not None and state.volley.leader == "talaktalan"
    offered = attack_options(state, state.ship("fighter"), state.volley)
    assert [(o.target, o.end, o.arc, o.weapons_power) for o in offered] == [("defiant", "fore", "fore", 1)]
    second, _ = beam_attack(state, "fighter", Shot(beam, "defiant", "fore", "fore", 1, 0), "talaktalan", ai,
                            peril_choice, seq=state.seq + 1, phase="priority")
    assert second.leader is None and apply(state, second).volley is not None
    with pytest.raises(ValueError, match="led a beam attack"):
        apply(state, second.model_copy(update={"leader": "talaktalan"}))
    torpedo = launch(state, "fighter", Launch(JEM_HADAR_FIGHTER.launchers[0], "fore", 0.0, 1, 1), seq=state.seq + 1,
                     phase="priority")
    assert apply(state, torpedo).projectiles[-1].kind == "photon_torpedo"


def test_hull_dial_stops_at_a_new_status_unless_breach() -> None:
    """Guide, "Damage Status" and Breach X."""
    four = DEFIANT.hull_dial.index(next(s for s in DEFIANT.hull_dial if s.value == 4))
    stopped = hull_damage(DEFIANT, four, 3)
    assert DEFIANT.hull_dial[stopped.position].value == 3 and stopped.icons == ("health",)
    breach = hull_damage(DEFIANT, four, 3, breach=1)
    assert DEFIANT.hull_dial[breach.position].value == 2 and breach.icons == ("health", "critical")
    assert hull_damage(DEFIANT, 0, 2).icons == ("critical",)  # the attack example: 6 -> 4
    last = hull_damage(DEFIANT, len(DEFIANT.hull_dial) - 2, 5)
    assert DEFIANT.hull_dial[last.position].status == "destroyed"


def test_shields_cancel_successes_before_breakthroughs() -> None:
    """A hit of success + 2 breakthroughs on the Fighter's fore (shields 1 at yellow 1): its reserve
    cancels 1, the plain success, so 2 breakthroughs remain for its resilience 2: a damage card."""
    from engine.rulesets.into_the_unknown.combat import damaged
    from engine.rulesets.into_the_unknown.dice import Die

    state = placed(3)
    fighter = state.ship("fighter")
    pool = Pool((Die("intuition", "success"), Die("intuition", "breakthrough"), Die("expertise", "breakthrough")))
    delta, shields, _, spent = damaged(Rng(3), fighter, "fore", pool)
    assert shields == 1 and delta.reserve == -1 and JEM_HADAR_FIGHTER.resilience == 2
    assert len(delta.cards) == 2  # the critical icon at 4 and the resilience card
    assert spent == ["2 breakthrough for a damage card"]
    broke = fighter.model_copy(update={"reserve": 0})
    assert damaged(Rng(3), broke, "fore", pool)[1] == 0  # no reserve, no shields


def test_peril_cannot_reroll_a_breakthrough_and_advantage_rerolls() -> None:
    from engine.rulesets.into_the_unknown.dice import Die

    pool = Pool((Die("intuition", "breakthrough"), Die("intuition", "blank")))
    with pytest.raises(ValueError, match="breakthrough"):
        modify(pool, Rng(1), 1, Allowances(), 1, Modifier(never, lambda p, d, i: None), lambda p, d, h: 0)
    rolled = modify(pool, Rng(1), 2, Allowances(advantage=3), 0, Modifier(reroll_choice, lambda p, d, i: None),
                    never)
    assert 1 <= rolled.advantage_spent <= 3 and all(s.how == "advantage" for s in rolled.pool.steps)


def test_a_sensor_lock_gives_friendly_attacks_rerolls() -> None:
    fighter = Pose(457.2, 200.0, 0.0)
    defiant = Pose(457.2, 200.0 + 25.4 + 3 * INCH + 25.4, 180.0)
    state = placed(11, fighter=fighter, defiant=defiant)
    always = Modifier(reroll_choice, lambda pool, difficulty, index: "breakthrough")
    lock = sensor_lock(state, "fighter", "defiant", "karemma_researcher", always, never, seq=state.seq + 1,
                       phase="priority")
    assert lock.difficulty == DEFIANT.evasion
    locked = apply(state, lock)
    if not lock.success:
        locked = locked.with_ship(locked.ship("fighter").model_copy(update={"lock": "defiant"}))
    assert locked.ship("fighter").lock == "defiant"
    event, _ = beam_attack(locked.model_copy(update={"drawn": 0}), "fighter",
                           Shot(JEM_HADAR_FIGHTER.beams[0], "defiant", "fore", "fore", 3, 0), None,
                           Modifier(lambda pool, d, how: 0 if how == "lock" else None, lambda p, d, i: None), never,
                           seq=locked.seq + 1, phase="priority")
    assert [s.how for s in event.steps] == ["lock"] * locked.ship("fighter").stats.instruments


def test_repair_discards_the_damage_card_on_a_success() -> None:
    """Guide, "Repair": the action a damage card adds is ordered at the station it took offline; a
    successful test discards the card (the AI offers it though the station is offline)."""
    from engine.rulesets.into_the_unknown.ai import options_at
    from engine.rulesets.into_the_unknown.procedures import REPAIR_DIFFICULTY, repair

    base = placed(1)
    damaged_ship = base.ship("defiant").model_copy(update={"cards": (("Comms Relays Down", "instruments"),)})
    assert [o.officer for o in options_at(damaged_ship, "instruments", "REPAIR")] == ["redoubtable_engineer"]
    assert not options_at(damaged_ship, "instruments", "THREAT ANALYSIS")
    ai = Modifier(reroll_choice, lambda pool, difficulty, index: "breakthrough")
    seen = set()
    for seed in range(60):
        state = base.with_ship(damaged_ship).model_copy(update={"seed": seed, "drawn": 0})
        leader = "redoubtable_engineer" if seed % 2 else None  # with no leader, no expertise dice: fewer successes
        event = repair(state, "defiant", "Comms Relays Down", leader, ai, never, seq=state.seq + 1, phase="priority")
        assert sum(d.kind == "expertise" for d in event.dice) == (2 if leader else 0)  # Mechanics 2
        after = apply(state, event).ship("defiant")
        assert event.success == (event.difficulty == REPAIR_DIFFICULTY and not after.cards)
        assert after.offline("instruments") != event.success
        seen.add(event.success)
    assert seen == {True, False}


def test_fire_weapons_budget_weapons_power_reserve_and_attacks() -> None:
    """Guide, "Making an Attack" step 4: "Each [weapons power] spent is unavailable for the rest of this
    action. Total [reserve] spent during this action cannot exceed the printed [weapons power] alert
    stat"; "Weapons" 1-2: a weapon's maximum number of attacks in an action, and per arc. The Fighter
    at yellow 1 (weapons power 3): its Phased Polaron Beams attack twice at most, in the fore arc."""
    fighter = Pose(457.2, 200.0, 0.0)
    defiant = Pose(457.2, 200.0 + 25.4 + 6 * INCH + 25.4, 180.0)
    state = firing(placed(ATTACK_EXAMPLE_SEED, fighter=fighter, defiant=defiant), "fighter", "talaktalan")
    beam = JEM_HADAR_FIGHTER.beams[0]
    ai = Modifier(reroll_choice, lambda pool, difficulty, index: "breakthrough")
    ship = state.ship("fighter")
    # the legal attacks offered: the Defiant's fore end, the action's 3 weapons power and 3 reserve
    offered = attack_options(state, ship, state.volley or VolleyState(ship="fighter"))
    assert {(o.target, o.end, o.arc, o.weapons_power, o.reserve) for o in offered} == {
        ("defiant", "fore", "fore", 3, 3)}
    first, _ = beam_attack(state, "fighter", Shot(beam, "defiant", "fore", "fore", 2, 1), "talaktalan", ai,
                           peril_choice, seq=state.seq + 1, phase="priority")
    assert [d.kind for d in first.dice] == ["intuition"] * 3 + ["expertise"]  # Ordnance 1 on the first attack
    state = apply(state, first).model_copy(update={"drawn": 0})
    assert state.volley is not None and (state.volley.power, state.volley.reserve) == (2, 1)
    with pytest.raises(IllegalAttack, match="1 weapons power left"):
        beam_attack(state, "fighter", Shot(beam, "defiant", "fore", "fore", 2, 0), "talaktalan", ai, peril_choice,
                    seq=state.seq + 1, phase="priority")
    with pytest.raises(IllegalAttack, match="2 more reserve"):  # 1 + 3 reserve > the printed weapons power 3
        beam_attack(state, "fighter", Shot(beam, "defiant", "fore", "fore", 0, 3), "talaktalan", ai, peril_choice,
                    seq=state.seq + 1, phase="priority")
    second, _ = beam_attack(state, "fighter", Shot(beam, "defiant", "fore", "fore", 1, 2), "talaktalan", ai,
                            peril_choice, seq=state.seq + 1, phase="priority")
    assert [d.kind for d in second.dice] == ["intuition"] * 3  # no Ordnance on a later attack
    state = apply(state, second).model_copy(update={"drawn": 0})
    assert state.volley is not None and state.volley.attacks == ((beam.name, "fore"), (beam.name, "fore"))
    assert attack_options(state, state.ship("fighter"), state.volley) == []  # 2 attacks made: none left
    with pytest.raises(IllegalAttack, match="no attack left"):
        beam_attack(state, "fighter", Shot(beam, "defiant", "fore", "fore", 0, 1), "talaktalan", ai, peril_choice,
                    seq=state.seq + 1, phase="priority")


def test_the_reducer_refuses_a_forged_attack_outside_the_budget() -> None:
    """A file whose attack claims more weapons power than the action has left, Ordnance dice on a
    later attack, or an attack with no FIRE WEAPONS order is refused (`trek replay validate`)."""
    fighter = Pose(457.2, 200.0, 0.0)
    defiant = Pose(457.2, 200.0 + 25.4 + 6 * INCH + 25.4, 180.0)
    base = placed(ATTACK_EXAMPLE_SEED, fighter=fighter, defiant=defiant)
    state = firing(base, "fighter", "talaktalan")
    beam = JEM_HADAR_FIGHTER.beams[0]
    ai = Modifier(reroll_choice, lambda pool, difficulty, index: "breakthrough")
    first, _ = beam_attack(state, "fighter", Shot(beam, "defiant", "fore", "fore", 2, 0), "talaktalan", ai,
                           peril_choice, seq=state.seq + 1, phase="priority")
    with pytest.raises(ValueError, match="outside a FIRE WEAPONS action"):
        apply(base, first.model_copy(update={"seq": base.seq + 1}))
    after_first = apply(state, first)
    second, _ = beam_attack(after_first.model_copy(update={"drawn": 0}), "fighter",
                            Shot(beam, "defiant", "fore", "fore", 1, 0), "talaktalan", ai, peril_choice,
                            seq=after_first.seq + 1, phase="priority")
    apply(after_first, second)  # as played: folds
    with pytest.raises(ValueError, match="weapons power left"):
        apply(after_first, second.model_copy(update={"weapons_power": 2}))
    ordnance = (*second.dice, DieModel(kind="expertise", face="success"))
    with pytest.raises(ValueError, match="dice do not match"):
        apply(after_first, second.model_copy(update={"dice": ordnance}))
    with pytest.raises(ValueError, match="does not pay"):  # reserve claimed, not taken from the dial
        apply(after_first, second.model_copy(update={"reserve": 1}))


def test_pierce_lowers_the_shields_of_the_attacked_location_only() -> None:
    """Guide, "Pierce X": "the defender's shield value on the attacked location is reduced by 1 until
    the end of the action": a later attack on the Defiant's fore end meets the pierced shields, one
    on its aft end its full aft shields."""
    from engine.rulesets.into_the_unknown.combat import damaged
    from engine.rulesets.into_the_unknown.dice import Die

    state = placed(3)
    defiant = state.ship("defiant").model_copy(update={"alert": 3})  # red 1: fore shields 3, aft 2
    pool = Pool((Die("intuition", "success"), Die("intuition", "success"), Die("intuition", "success")))
    assert damaged(Rng(3), defiant, "fore", pool, pierced=1)[1] == 2
    # in play: the Defiant broadside 6" ahead, both ends in the Fighter's fore arc; the fore end
    # pierced by the first attack, the aft end's shields stay whole for the second
    checked = 0
    for seed in range(60):
        game = game_with(fighter=Pose(457.2, 200.0, 0.0), defiant=Pose(457.2, 200.0 + 6 * INCH, 90.0))
        game.state = game.state.model_copy(update={"seed": seed})
        game.state = game.state.with_ship(game.state.ship("defiant").model_copy(update={"alert": 3, "reserve": 6}))
        opt = next(o for o in options(game.state.ship("fighter"), "priority") if o.action.name == "FIRE WEAPONS")
        beam = JEM_HADAR_FIGHTER.beams[0]
        shots = (Shot(beam, "defiant", "fore", "fore", 2, 0), Shot(beam, "defiant", "aft", "fore", 1, 2))
        before = len(game.events)
        game._order(Choice("fighter", opt, shots=shots), "priority")
        attacks = [e for e in game.events[before:] if isinstance(e, AttackMade)]
        if len(attacks) < 2 or not any("Pierce" in w for w in attacks[0].spent) or not attacks[1].hit:
            continue
        reserve = game.state.ship("defiant").reserve + attacks[1].shields
        own = 1 if any("Pierce" in w for w in attacks[1].spent) else 0  # its own Pierce on the aft end
        assert attacks[1].shields == min(attacks[1].damage, 2 - own, reserve), seed  # not less the fore's
        checked += not own
        checked += 1
    assert checked


def test_the_engine_refuses_a_seats_fire_weapons_choice_over_the_budget() -> None:
    """A seat that asks for more than the action allows is refused before anything is recorded: 4
    weapons power at yellow 1 (3), a third polaron attack (x2), reserve past the printed weapons
    power; the guide's own action (2 on the beams, the torpedo tube's 1) is accepted."""
    from engine.rulesets.into_the_unknown.orders import IllegalOrder
    from engine.rulesets.into_the_unknown.projectiles import Launch

    beam, tubes = JEM_HADAR_FIGHTER.beams[0], JEM_HADAR_FIGHTER.launchers[0]

    def fore(power: int, reserve: int) -> Shot:
        return Shot(beam, "defiant", "fore", "fore", power, reserve)

    for shots, why in (((fore(2, 0), fore(2, 0)), "3 weapons power"), ((fore(1, 0),) * 3, "at most 2 attacks"),
                       ((fore(0, 3), fore(0, 1)), "reserve")):
        game = game_with(fighter=Pose(457.2, 200.0, 0.0), defiant=Pose(457.2, 200.0 + 6 * INCH, 90.0))
        opt = next(o for o in options(game.state.ship("fighter"), "priority") if o.action.name == "FIRE WEAPONS")
        before = len(game.events)
        with pytest.raises(IllegalOrder, match=why):
            game._order(Choice("fighter", opt, shots=shots), "priority")
        assert len(game.events) == before
    game._order(Choice("fighter", opt, shots=(Shot(beam, "defiant", "fore", "fore", 2, 0),),
                       launches=(Launch(tubes, "fore", 0.0, 1, 1),)), "priority")
    assert [e.type for e in game.events[before:]][:3] == ["order_given", "attack_made", "projectile_launched"]


def test_a_lock_on_a_destroyed_ship_is_removed() -> None:
    """Guide, "Maintaining Sensor Locks": a lock token remains until ... "the locked unit is removed
    from the play area": a destroyed ship takes the lock on it away."""
    from engine.rulesets.into_the_unknown.events import Effects, EffectsResolved, ShipDelta

    state = placed(3)
    state = state.with_ship(state.ship("fighter").model_copy(update={"lock": "defiant"}))
    gone = len(DEFIANT.hull_dial) - 1
    hit = EffectsResolved(seq=state.seq + 1, round=1, phase="priority", why="test",
                          effects=Effects(ships=(ShipDelta(ship="defiant", hull=gone),)))
    after = apply(state, hit)
    assert after.ship("defiant").destroyed and after.ship("fighter").lock is None
    near = apply(state, hit.model_copy(update={"effects": Effects(ships=(ShipDelta(ship="defiant", hull=gone - 1),))}))
    assert near.ship("fighter").lock == "defiant"  # disabled, still in play: the lock stays

"""Into the Unknown (issue 17), step 1: the learning mission's setup, ship displays and officers as
the guide prints them, orders and their costs, the reducer's checks, and a replay of the guide's
first round that the Timeline folds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.replay import open_replay
from engine.replay_timeline import load_timeline
from engine.rulesets.into_the_unknown.displays import DEFIANT, DISPLAYS, JEM_HADAR_FIGHTER, OFFICERS, PROJECTILES
from engine.rulesets.into_the_unknown.events import (
    AlertChanged,
    GameEnded,
    ItuEvent,
    OfficersReadied,
    OrderGiven,
    Passed,
    PhaseStarted,
    PriorityHandedOver,
    ReserveChanged,
    RoundStarted,
)
from engine.rulesets.into_the_unknown.mission import DOMINION, FEDERATION, NAME, setup
from engine.rulesets.into_the_unknown.movement import ImpulsePlan, WarpPlan
from engine.rulesets.into_the_unknown.orders import maneuver, options, pay
from engine.rulesets.into_the_unknown.reducer import apply
from engine.rulesets.into_the_unknown.ruleset import RULESET
from engine.rulesets.into_the_unknown.state import ItuState
from engine.rulesets.into_the_unknown.table import INCH
from engine.rulesets.record import record_game
from engine.rulesets.registry import ruleset_for


def started(seed: int = 1) -> ItuState:
    return apply(ItuState(), setup(seed))


def test_setup_is_the_guides_learning_mission_setup() -> None:
    """Guide, "Learning Mission Setup" 01-09."""
    state = started()
    fighter, defiant = state.ship("fighter"), state.ship("defiant")
    assert (fighter.area, defiant.area) == (1, 0)  # the Fighter in system 1, the Defiant in deep space
    assert (fighter.number, fighter.side, defiant.number, defiant.side) == (1, DOMINION, 2, FEDERATION)
    assert fighter.stats.label == "yellow 1" and defiant.stats.label == "green 1"
    assert {o.key: o.station for o in fighter.officers} == {
        "vorta_diplomat": "captains_chair", "talaktalan": "tactical", "jem_hadar_second": "helm",
        "karemma_researcher": "instruments"}
    assert {o.key: o.station for o in defiant.officers} == {
        "sisko": "captains_chair", "daring_first_officer": "helm", "vigilant_security_chief": "tactical",
        "redoubtable_engineer": "instruments"}
    assert state.priority == FEDERATION and state.directives == ("calm", "calm") and state.influence == 0
    assert sorted(o.marker or "" for o in state.objectives) == ["blue", "blue", "orange", "orange"]
    assert sorted(a.number for a in state.anomalies) == [1, 2, 3] and not any(a.exposed for a in state.anomalies)


def test_anomalies_are_shuffled_by_the_seed() -> None:
    orders = {tuple(a.number for a in started(seed).anomalies) for seed in range(30)}
    assert len(orders) == 6  # every order of tokens 1-3 happens
    assert [a.number for a in started(5).anomalies] == [a.number for a in started(5).anomalies]


def test_the_displays_carry_every_number_the_guide_prints() -> None:
    """The worked examples' numbers: Defiant green 1 (engine >= 8 for warp 8, instruments 2, fore
    shields 1), evasion 2, command 3, hull 6 with a critical icon passed from 6 to 4; Fighter
    yellow 1 (engine 10, weapons 3, torpedoes ready), polaron beams (2 attacks fore, 1-3 power,
    Pierce 1), torpedo tubes (1 fore, 1 aft, 1 power); photon torpedo (4", endurance 2, hull 1)."""
    g1 = DEFIANT.alert_dial[DEFIANT.alert_index("green", 1)]
    assert g1.engine >= 8 and DEFIANT.warp_drive >= 8 and g1.instruments == 2 and g1.fore_shields == 1
    assert DEFIANT.evasion == 2 and DEFIANT.crew_dial[DEFIANT.crew_start][0] == 3
    assert [s.value for s in DEFIANT.hull_dial[:3]] == [6, 5, 4] and "critical" in DEFIANT.hull_dial[1].icons
    assert len({s.status for s in DEFIANT.hull_dial[:3]}) == 1  # 6 -> 4 does not stop on a new status
    y1 = JEM_HADAR_FIGHTER.alert_dial[JEM_HADAR_FIGHTER.alert_index("yellow", 1)]
    assert (y1.engine, y1.weapons, y1.launcher) == (10, 3, "torpedo") and y1.impulse_turn >= 1
    # CALL ALERT raises yellow 1 to red 1 in one step (torpedo example)
    assert JEM_HADAR_FIGHTER.alert_dial[JEM_HADAR_FIGHTER.alert_index("yellow", 1) + 1].label == "red 1"
    beam = JEM_HADAR_FIGHTER.beams[0]
    assert (beam.max_attacks, beam.arcs, beam.power_min, beam.power_max, beam.keywords) == (
        2, (("fore", 2),), 1, 3, (("Pierce", 1),)) and beam.range_in > 6
    tubes = JEM_HADAR_FIGHTER.launchers[0]
    assert (tubes.max_attacks, tubes.ends, tubes.cost, tubes.impulse_turn) == (2, (("fore", 1), ("aft", 1)), 1, 1)
    torpedo = PROJECTILES[tubes.projectile]
    assert (torpedo.engine, torpedo.endurance, torpedo.hull) == (4, 2, 1) and torpedo.sides == ("lateral",)
    assert OFFICERS["talaktalan"].skill("Ordnance") == 1 and OFFICERS["talaktalan"].keyword("Relentless") == 1
    assert OFFICERS["redoubtable_engineer"].skill("Discipline") == 0
    for display in DISPLAYS.values():  # every dial is whole: a destroyed step last, alert from green to red
        assert display.hull_dial[-1].status == "destroyed" and display.hull_dial[0].value > 0
        assert [p.colour for p in display.alert_dial] == sorted((p.colour for p in display.alert_dial),
                                                                key=("green", "yellow", "red").index)


def test_action_costs_are_paid_as_the_guides_examples() -> None:
    """Engage warp example: Sisko (social 2, technical 1) pays the WARP cost but 1 reserve. Engage
    impulse example: the Jem'Hadar Second (security 2, no technical) spends 1 reserve for the
    technical icon and 1 for the reserve icon. A standby order pays everything with reserve."""
    warp = DEFIANT.station("captains_chair").actions[0]
    assert warp.name == "WARP" and pay(warp.cost, OFFICERS["sisko"]).reserve == 1
    impulse = JEM_HADAR_FIGHTER.station("helm").actions[0]
    assert impulse.name == "IMPULSE"
    paid = pay(impulse.cost, OFFICERS["jem_hadar_second"])
    assert (paid.security, paid.technical, paid.reserve) == (1, 0, 2)
    assert pay(impulse.cost, None).reserve == 3
    fire = JEM_HADAR_FIGHTER.station("tactical").actions[0]
    assert fire.name == "FIRE WEAPONS" and pay(fire.cost, OFFICERS["talaktalan"]).reserve == 0  # "no cost"


def test_priority_options_need_a_ready_officer_at_the_station_or_in_its_section() -> None:
    state = started()
    defiant = state.ship("defiant")
    warp = [o for o in options(defiant, "priority") if o.action.name == "WARP" and o.station == "captains_chair"]
    assert [(o.officer, o.assigned) for o in warp] == [("sisko", False)]
    order = OrderGiven(seq=1, round=1, phase="priority", ship="defiant", order="priority", action="WARP",
                       station="captains_chair", officer="sisko", paid=warp[0].paid)
    after = apply(state.model_copy(update={"seq": 0}), order)
    assert after.ship("defiant").officer("sisko").committed and after.ship("defiant").reserve == defiant.reserve - 1
    assert not [o for o in options(after.ship("defiant"), "priority") if o.station == "captains_chair"]
    with pytest.raises(ValueError, match="not ready"):
        apply(after, order.model_copy(update={"seq": 2}))
    # a ready officer in the bridge may take an open station of the bridge (guide, "Priority Orders"
    # step 2: "a ready officer in the same section as that station"), the one with no station first,
    # then those at another of its stations; Sisko is committed, so not him
    unassigned = after.ship("defiant").officer("daring_first_officer").model_copy(update={"station": None})
    opened = after.with_ship(after.ship("defiant").model_copy(update={"officers": tuple(
        unassigned if o.key == unassigned.key else o for o in after.ship("defiant").officers)}))
    helm = [o for o in options(opened.ship("defiant"), "priority") if o.station == "helm"]
    assert helm and all(o.assigned for o in helm) and helm[0].officer == "daring_first_officer"
    assert {o.officer for o in helm} == {"daring_first_officer", "vigilant_security_chief", "redoubtable_engineer"}


def test_the_reducer_refuses_what_cannot_happen() -> None:
    state = started()
    order = OrderGiven(seq=1, round=1, phase="priority", ship="fighter", order="priority", action="IMPULSE",
                       station="helm", officer="jem_hadar_second", paid=pay(
                           JEM_HADAR_FIGHTER.station("helm").actions[0].cost, OFFICERS["jem_hadar_second"]))
    with pytest.raises(ValueError, match="no technical level"):
        apply(state, order.model_copy(update={"paid": order.paid.model_copy(update={"technical": 1})}))
    with pytest.raises(ValueError, match="not at the tactical station"):
        apply(state, order.model_copy(update={"station": "tactical"}))
    with pytest.raises(ValueError, match="does not follow"):
        apply(state, order.model_copy(update={"seq": 5}))
    standby = OrderGiven(seq=1, round=1, phase="standby", ship="fighter", order="standby", action="CALL ALERT",
                         station="captains_chair")
    twice = apply(apply(state, standby), standby.model_copy(update={"seq": 2, "action": "IMPULSE"}).model_copy(
        update={"order": "priority", "officer": "jem_hadar_second", "station": "helm", "paid": order.paid}))
    with pytest.raises(ValueError, match="already had its standby order"):
        apply(twice, standby.model_copy(update={"seq": 3}))
    with pytest.raises(ValueError, match="reserve dial"):
        apply(state, ReserveChanged(seq=1, round=1, phase="ready", ship="defiant", amount=50, why="recharge"))
    with pytest.raises(ValueError, match="one position at a time"):  # "Alert Statuses": the next pip position
        apply(state, AlertChanged(seq=1, round=1, phase="priority", ship="defiant",
                                  alert=state.ship("defiant").alert + 2))
    with pytest.raises(ValueError):
        RULESET.codec.decode_event({"type": "ship_moved", "seq": 1, "round": 1, "phase": "priority"})
    with pytest.raises(ValueError):
        RULESET.codec.decode_state({**RULESET.codec.encode_state(state), "influence": 10**9})


def test_a_disabled_ship_can_only_adjust_alert_or_repair() -> None:
    """Guide, "Damage Icons": a disabled ship "can resolve only the following procedures: adjust
    alert, heal, repair, and form team". The rules offer it CALL ALERT only (REPAIR with a damage
    card), the reducer refuses any other order, and the AI still calls alert and repairs with it."""
    from engine.rulesets.into_the_unknown.ai import ItuAI

    state = started().model_copy(update={"seq": 0, "round": 2, "directives": ("hostile", "hostile")})
    severe = next(i for i, step in enumerate(DEFIANT.hull_dial) if "disabled" in step.icons)
    broken = state.ship("defiant").model_copy(update={"hull": severe})
    state = state.with_ship(broken)
    assert broken.disabled
    assert {o.action.name for o in options(broken, "priority")} == {"CALL ALERT"}
    assert {o.action.name for o in options(broken, "standby")} == {"CALL ALERT"}
    assert {o.action.name for o in options(state.ship("fighter"), "priority")} > {"CALL ALERT", "IMPULSE"}
    impulse = OrderGiven(seq=1, round=2, phase="priority", ship="defiant", order="priority", action="IMPULSE",
                         station="helm", officer="daring_first_officer")
    with pytest.raises(ValueError, match="disabled"):
        apply(state, impulse)
    alert = apply(state, impulse.model_copy(update={"action": "CALL ALERT", "station": "captains_chair",
                                                    "officer": "sisko"}))
    assert alert.ship("defiant").officer("sisko").committed
    choice = ItuAI().order(state, 0, "priority")
    assert choice is not None and choice.option.action.name == "CALL ALERT"  # to red: shields
    carded = state.with_ship(broken.model_copy(update={"cards": (("Helm Control Damaged", "helm"),)}))
    choice = ItuAI().order(carded, 0, "priority")
    assert choice is not None and choice.option.action.name == "REPAIR" and choice.target == "Helm Control Damaged"


def guide_round_one(seed: int = 1) -> list[ItuEvent]:
    """Round 1 as the guide's examples play it (its movement parts): the Defiant warps 15" at warp 8
    into the system (Sisko, 1 reserve); the Fighter turns left one notch and advances 5" (the
    Second, 2 reserve); both pass; in standby the Fighter calls red alert and the Defiant moves at
    impulse; hazard; ready (officers readied, reserve recharged); hail; priority to the Dominion."""
    events: list[ItuEvent] = []
    state = ItuState()

    def add(event: ItuEvent) -> None:
        nonlocal state
        state = apply(state, event)
        events.append(event)

    def seq() -> int:
        return len(events)

    add(setup(seed))
    add(RoundStarted(seq=seq(), round=1, phase="priority"))
    add(PhaseStarted(seq=seq(), round=1, phase="priority"))
    add(OrderGiven(seq=seq(), round=1, phase="priority", ship="defiant", order="priority", action="WARP",
                   station="captains_chair", officer="sisko",
                   paid=pay(DEFIANT.station("captains_chair").actions[0].cost, OFFICERS["sisko"]),
                   reason="into the system, past the BLUE objective"))
    add(maneuver(state, "defiant", WarpPlan(8, 15 * INCH), seq=seq(), phase="priority"))
    add(OrderGiven(seq=seq(), round=1, phase="priority", ship="fighter", order="priority", action="IMPULSE",
                   station="helm", officer="jem_hadar_second",
                   paid=pay(JEM_HADAR_FIGHTER.station("helm").actions[0].cost, OFFICERS["jem_hadar_second"])))
    add(maneuver(state, "fighter", ImpulsePlan(5 * INCH, 1, "port", "before"), seq=seq(), phase="priority"))
    add(Passed(seq=seq(), round=1, phase="priority", side=FEDERATION))
    add(Passed(seq=seq(), round=1, phase="priority", side=DOMINION))
    add(PhaseStarted(seq=seq(), round=1, phase="standby", step="ships"))
    add(OrderGiven(seq=seq(), round=1, phase="standby", ship="fighter", order="standby", action="CALL ALERT"))
    add(AlertChanged(seq=seq(), round=1, phase="standby", ship="fighter", alert=state.ship("fighter").alert + 1))
    impulse = pay(DEFIANT.station("helm").actions[0].cost, None)
    add(OrderGiven(seq=seq(), round=1, phase="standby", ship="defiant", order="standby", action="IMPULSE",
                   station="helm", paid=impulse))
    add(maneuver(state, "defiant", ImpulsePlan(4 * INCH, 2, "port", "after"), seq=seq(), phase="standby"))
    add(PhaseStarted(seq=seq(), round=1, phase="hazard"))
    add(PhaseStarted(seq=seq(), round=1, phase="ready"))
    for side in (FEDERATION, DOMINION):
        committed = tuple((s.id, o.key) for s in state.ships if s.side == side for o in s.officers if o.committed)
        add(OfficersReadied(seq=seq(), round=1, phase="ready", side=side, officers=committed[:3]))
        for ship in (s for s in state.ships if s.side == side):
            gain = min(ship.stats.recharge, ship.card.reserve_max - ship.reserve)
            add(ReserveChanged(seq=seq(), round=1, phase="ready", ship=ship.id, amount=gain, why="recharge"))
    add(PhaseStarted(seq=seq(), round=1, phase="hail"))
    add(PriorityHandedOver(seq=seq(), round=1, phase="hail", to=DOMINION))
    add(GameEnded(seq=seq(), round=1, phase="over", winner=None, scores=(0, 0), why="(the guide's first round)"))
    return events


def test_the_guides_first_round_folds() -> None:
    events = guide_round_one()
    state = ItuState()
    for event in events:
        state = apply(state, event)
    defiant, fighter = state.ship("defiant"), state.ship("fighter")
    warp = events[4]
    assert warp.type == "ship_moved" and warp.maneuver == "warp" and warp.area == 1 and warp.stopped is None
    assert warp.distance == pytest.approx(15 * INCH) and warp.reserve == 0  # engine power supports warp 8
    # Defiant: 5 - 1 (warp order) - 2 (standby impulse: technical and reserve icons) + 2 recharge
    assert defiant.reserve == 4 and defiant.area == 1
    # Fighter: 5 - 2 (impulse order) + 2 (red 1 recharge)
    assert fighter.reserve == 5 and fighter.stats.label == "red 1" and fighter.pose.heading == pytest.approx(202.5)
    assert not any(o.committed for s in state.ships for o in s.officers)
    assert state.priority == DOMINION and state.over


def test_a_recorded_game_replays_through_the_registry_and_the_timeline(tmp_path: Path) -> None:
    events = guide_round_one(seed=4)
    path = tmp_path / "itu.trek"

    def play(sink: Any) -> ItuState:
        state = ItuState()
        for event in events:
            state = apply(state, event)
            sink(event, state)
        return state

    final = record_game(RULESET, {"engine_version": "test", "mission": NAME, "seed": 4}, play,
                        lambda s: {"winner": s.winner}, path, keyframe_every=5)
    assert open_replay(path).header["ruleset"] == "into_the_unknown" and ruleset_for("into_the_unknown") is RULESET
    tl = load_timeline(path).timeline
    assert len(tl) == len(events) and tl.ruleset_final == final
    moved = next(i for i, e in enumerate(tl.events) if e.type == "ship_moved")
    e = tl.events[moved]
    halfway = tl.moment((tl.start_of(moved) + tl.start_of(moved + 1)) / 2)
    ship = halfway.view.ship(e.ship)
    assert ship is not None and ship.pose.y == pytest.approx((e.start.y + e.end.y) / 2) and ship.active
    assert "warps 15.0\" at warp 8" in halfway.caption and "system 1" in halfway.caption
    assert {p.name for p in halfway.panels} == {"U.S.S. Defiant", "Jem'Hadar Fighter"}
    assert len(halfway.view.markers) == 7  # 4 objectives, 3 anomalies
    assert tl.moment(tl.duration).view.ship("fighter").pose.heading == pytest.approx(202.5)  # type: ignore[union-attr]


def test_officers_are_readied_once_a_ready_phase_up_to_three() -> None:
    """Guide, "Ready Phase" step 2: each player "readies up to 3 committed officers", in that phase."""
    state = started().model_copy(update={"seq": 0})
    order = OrderGiven(seq=1, round=1, phase="priority", ship="defiant", order="priority", action="CALL ALERT",
                       station="captains_chair", officer="sisko")
    state = apply(state, order)
    ready = OfficersReadied(seq=2, round=1, phase="ready", side=0, officers=(("defiant", "sisko"),))
    with pytest.raises(ValueError, match="in the ready phase"):
        apply(state, ready.model_copy(update={"phase": "hail"}))
    state = apply(state, PhaseStarted(seq=2, round=1, phase="ready"))
    state = apply(state, ready.model_copy(update={"seq": 3}))
    assert not state.ship("defiant").officer("sisko").committed
    with pytest.raises(ValueError, match="readies once"):
        apply(state, OfficersReadied(seq=4, round=1, phase="ready", side=0, officers=()))
    assert apply(state, OfficersReadied(seq=4, round=1, phase="ready", side=1, officers=())).readied == (1, 1)


def test_a_tied_game_says_the_rule_that_decides_it_and_ends_as_game_over(tmp_path: Path) -> None:
    """Seed 3 ends 5 to 5 in Outpost Ambush: "Dominion wins (5 to 5)" named no reason; the end
    event says the tie rule, and the last frame's top-left box reads GAME OVER (not "OVER PHASE")."""
    from engine.rulesets.into_the_unknown.ai import ItuAI
    from engine.rulesets.into_the_unknown.game import play_game as play_itu
    from engine.rulesets.into_the_unknown.play import play_mission

    game = play_itu(3, [ItuAI(), ItuAI()])
    end = game.events[-1]
    assert game.state.score(0) == game.state.score(1) and game.state.winner == 1
    assert "a tie goes to the Dominion in Outpost Ambush" in getattr(end, "why", "")
    path = tmp_path / "itu3.trek"
    play_mission(3, path, None)
    tl = load_timeline(path).timeline
    assert tl.moment(tl.duration).phase_label == "GAME OVER"

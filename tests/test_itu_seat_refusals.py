"""Into the Unknown refuses an order the rules do not allow, from any seat and in a file (issue 30 item 6,
issue 34 item 9): the engine before it resolves anything, the reducer when the event is folded; each
refusal names the rule and the guide's section."""

from __future__ import annotations

from typing import Literal

import pytest

from engine.geometry.pose import Pose
from engine.rulesets.into_the_unknown.ai import Choice, ItuAI
from engine.rulesets.into_the_unknown.displays import JEM_HADAR_FIGHTER, OFFICERS, Action
from engine.rulesets.into_the_unknown.events import OrderGiven, Paid, PoseModel, ProjectileMoved
from engine.rulesets.into_the_unknown.game import ItuGame
from engine.rulesets.into_the_unknown.mission import setup
from engine.rulesets.into_the_unknown.movement import ImpulsePlan
from engine.rulesets.into_the_unknown.orders import IllegalOrder, Option, legal_orders, pay
from engine.rulesets.into_the_unknown.projectiles import ManeuverSide, moving_sides
from engine.rulesets.into_the_unknown.reducer import apply
from engine.rulesets.into_the_unknown.state import ItuState, ProjectileState
from engine.rulesets.into_the_unknown.table import INCH

IMPULSE = JEM_HADAR_FIGHTER.station("helm").actions[0]
SECOND = "jem_hadar_second"  # the Fighter's helm officer at setup
FAIR = pay(IMPULSE.cost, OFFICERS[SECOND])  # security 1, reserve 2 (the guide's engage impulse example)


def started(seed: int = 1) -> ItuState:
    return apply(ItuState(), setup(seed))


class Cheat(ItuAI):
    """The AI, but the Dominion's first priority order is ``option`` (a person trying it)."""

    def __init__(self, option: Option, **more: object) -> None:
        super().__init__()
        self.option, self.more, self.tried = option, more, False

    def order(self, state: ItuState, side: int, kind: Literal["priority", "standby"]) -> Choice | None:
        if side == 1 and kind == "priority" and not self.tried:
            self.tried = True
            return Choice("fighter", self.option, **self.more)  # type: ignore[arg-type]
        return super().order(state, side, kind)


def play_until_refused(option: Option, **more: object) -> str:
    game = ItuGame(1, [ItuAI(), Cheat(option, **more)])
    before = len(game.events)
    with pytest.raises(IllegalOrder) as refused:
        game.play()
    assert not any(isinstance(e, OrderGiven) and e.ship == "fighter" for e in game.events[before:])
    return str(refused.value)


def test_the_fair_impulse_is_among_the_legal_orders() -> None:
    """The legality source offers the guide's engage impulse example: the Jem'Hadar Second pays the
    security icon with a level and the rest with 2 reserve."""
    fighter = started().ship("fighter")
    assert Option(IMPULSE, "helm", SECOND, False, FAIR) in legal_orders(started(), fighter, "priority")
    assert (FAIR.security, FAIR.reserve) == (1, 2)


def test_an_impulse_paid_with_nothing_is_refused_by_the_engine() -> None:
    why = play_until_refused(Option(IMPULSE, "helm", SECOND, False, Paid()), plan=ImpulsePlan(25.0))
    assert "paid nothing" in why and "Action Costs" in why


def test_an_impulse_at_the_tactical_station_is_refused_by_the_engine() -> None:
    at_tactical = Option(IMPULSE, "tactical", "talaktalan", False, pay(IMPULSE.cost, OFFICERS["talaktalan"]))
    why = play_until_refused(at_tactical, plan=ImpulsePlan(25.0))
    assert "tactical station" in why and "it is at the helm station" in why and "Orders and Actions" in why


def test_demolition_salvo_in_the_overture_is_refused_by_the_engine() -> None:
    """DEMOLITION SALVO is Outpost Ambush's mission action: in the overture the mission action is
    THREAT ANALYSIS (guide, "Mission Action"; the complication's page brings its own)."""
    why = play_until_refused(Option(Action("DEMOLITION SALVO"), "tactical", "talaktalan", False, Paid()),
                             objective="A")
    assert "not the mission action of the overture, which is THREAT ANALYSIS" in why
    assert "Action Requirements" in why


def test_the_reducer_refuses_the_same_orders_in_a_file() -> None:
    state = started()
    order = OrderGiven(seq=1, round=1, phase="priority", ship="fighter", order="priority", action="IMPULSE",
                       station="helm", officer=SECOND, paid=FAIR)
    assert apply(state, order).ship("fighter").reserve == state.ship("fighter").reserve - 2
    with pytest.raises(ValueError, match=r"paid nothing.*Action Costs"):
        apply(state, order.model_copy(update={"paid": Paid()}))
    with pytest.raises(ValueError, match="not at the tactical station"):  # the officer is at the helm
        apply(state, order.model_copy(update={"station": "tactical"}))
    with pytest.raises(ValueError, match="box has no IMPULSE"):
        apply(state, order.model_copy(update={"station": "tactical", "officer": "talaktalan",
                                              "paid": pay(IMPULSE.cost, OFFICERS["talaktalan"])}))
    with pytest.raises(ValueError, match="not the mission action of the overture"):
        apply(state, order.model_copy(update={"action": "DEMOLITION SALVO", "station": "tactical",
                                              "officer": "talaktalan", "paid": Paid()}))
    with pytest.raises(ValueError, match="paid 1 reserve, but the cost is paid 3 reserve"):  # standby: reserve only
        apply(state, order.model_copy(update={"order": "standby", "officer": None, "paid": Paid(reserve=1)}))


def torpedo_game() -> tuple[ItuGame, ProjectileState]:
    """A Dominion torpedo far from every ship, no lock on anyone."""
    game = ItuGame(1, [ItuAI(), ItuAI()])
    token = ProjectileState(id="torpedo-1", side=1, kind="photon_torpedo", pose=PoseModel.of(Pose(150.0, 150.0, 45.0)),
                            endurance=2, launched_by="fighter")
    game.state = game.state.model_copy(update={"projectiles": (token,), "launched": 1})
    return game, token


class Steer(ItuAI):
    def __init__(self, side: ManeuverSide) -> None:
        super().__init__()
        self.side = side

    def steer(self, state: ItuState, token: ProjectileState) -> tuple[ManeuverSide, bool]:
        return self.side, False


def test_a_torpedo_moves_along_a_fore_side_only_with_a_lock() -> None:
    """Guide, "Sensor Lock": "Torpedoes can also move along their fore sides when a locked opposing
    unit is at Sensors range." Without a lock the engine and the reducer refuse a fore side."""
    game, token = torpedo_game()
    assert moving_sides(game.state, token) == ("port", "starboard")
    game.players = [ItuAI(), Steer("fore_port")]
    with pytest.raises(IllegalOrder, match=r"fore port side without a locked opposing unit.*Sensor Lock"):
        game._projectile_order(token.id)
    moved = ProjectileMoved(seq=game.state.seq + 1, round=game.state.round, phase="standby", projectile=token.id,
                            side="fore_starboard", start=token.pose, end=token.pose, endurance=1)
    with pytest.raises(ValueError, match="fore starboard side without a locked"):
        apply(game.state, moved)
    assert apply(game.state, moved.model_copy(update={"side": "port"})).projectiles[0].moved
    # a Dominion lock on the Defiant, within the torpedo's Sensors range: the fore sides open
    near = game.state.ship("defiant").model_copy(update={"pose": PoseModel.of(Pose(150.0, 230.0, 0.0))})
    locked = game.state.with_ship(near).with_ship(game.state.ship("fighter").model_copy(update={"lock": "defiant"}))
    assert moving_sides(locked, token) == ("port", "starboard", "fore_port", "fore_starboard")


def test_an_impulse_order_cannot_engage_warp() -> None:
    """Guide, "Maneuvers": engage warp is the WARP action's; an IMPULSE order with a warp plan is refused
    before it is given (it would cross the system boundary impulse cannot cross)."""
    from engine.rulesets.into_the_unknown.movement import WarpPlan

    why = play_until_refused(Option(IMPULSE, "helm", SECOND, False, FAIR), plan=WarpPlan(2, 4 * INCH))
    assert "IMPULSE cannot make a Warp maneuver" in why and "Maneuvers" in why


def test_a_reroll_of_a_die_not_in_the_pool_is_refused() -> None:
    from engine.rulesets.into_the_unknown.dice import Allowances, Modifier, modify, roll
    from engine.rulesets.rng import Rng

    pool, rng = roll(Rng(7), 2, 1)
    wild = Modifier(lambda p, d, how: 9, lambda p, d, i: None)
    with pytest.raises(ValueError, match=r"the tester \(allowance\) chose die 9: the pool has dice 0 to 2"):
        modify(pool, rng, 2, Allowances(rerolls=(("allowance", 1),)), 0, wild, lambda p, d, how: None)
    with pytest.raises(ValueError, match=r"the opponent \(peril\) chose die -1"):
        modify(pool, rng, 2, Allowances(), 1, Modifier(lambda p, d, how: None, lambda p, d, i: None),
               lambda p, d, how: -1)

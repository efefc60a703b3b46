"""Swerving by the rulebook's bullets, and the choices the Alliance rulebook leaves to the players
(rulebook "Swerving to Avoid Obstacles": "Players may choose which template to use for the AI ship
if either direction does not result in the AI ship overlapping the Obstacle"; "Combat Phase: Enemy AI
ships", Declare a Target: "If still tied, players may choose which of them is fired upon")."""

from __future__ import annotations

from alliance_helpers import AKIRA, of_type, since, table
from aw_helpers import ScriptedPlayer

from engine.geometry.pose import Pose
from engine.geometry.shapes import Obstacle
from engine.rulesets.alliance import events as ae
from engine.rulesets.alliance.players import MissionAiPlayer
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.maneuvers import Maneuver
from engine.rulesets.attack_wing.movement import resolve_move
from engine.rulesets.attack_wing.players import ChoiceOffer, RandomPlayer
from engine.rulesets.attack_wing.state import GameState

START = Pose(450.0, 800.0, 180.0)  # an Enemy AI ship heading south
PEBBLE = Obstacle(((448.0, 680.0), (452.0, 680.0), (452.0, 684.0), (448.0, 684.0)), "pebble")  # dead ahead


class Choosing(ScriptedPlayer):
    """The players' seat answering every choice with a fixed option, keeping what it was offered."""

    def __init__(self, answer: int) -> None:
        super().__init__()
        self.answer = answer
        self.offers: list[ChoiceOffer] = []

    def choose(self, state: GameState, offer: ChoiceOffer) -> tuple[int, str]:
        self.offers.append(offer)
        return self.answer, f"{offer.options[self.answer].label}: scripted"


def _swerve(player: object, maneuver: Maneuver, players: dict[str, tuple[str, Pose]] | None = None
            ) -> tuple[ae.Swerved, Maneuver]:
    g = table(players or {"P1": (AKIRA, Pose(450.0, 150.0, 0.0))}, [("Wing", [("E1", START, False)])],
              obstacles=(PEBBLE,), player=player)
    ship = g.state.ship("E1")
    tab = g.table_for(ship)
    move = resolve_move(ship.pose, maneuver, ship.base, tab)
    assert move.obstacles == ("pebble",)
    n = len(g.events)
    _, performed, _ = g.swerve(ship, maneuver, "white", move, tab)
    return of_type(since(g, n), ae.Swerved)[0], performed


def test_both_banks_clear_the_players_choose() -> None:
    """A 2 straight over the pebble: both 2 banks avoid it, so the players' seat picks one."""
    for answer, kind in ((0, "left-bank"), (1, "right-bank")):
        player = Choosing(answer)
        swerve, performed = _swerve(player, Maneuver("straight", 2))
        assert (performed.kind, performed.speed) == (kind, 2) and (swerve.to_kind, swerve.to_speed) == (kind, 2)
        offer = player.offers[0]
        assert offer.kind == "swerve" and offer.ship == "E1" and [o.label for o in offer.options] == ["27", "29"]
        assert all(o.end is not None for o in offer.options)
        assert "the players chose" in swerve.reason and "scripted" in swerve.reason


def test_a_come_about_swerves_to_a_bank() -> None:
    """"If performing a [8] or [2] maneuver, use a [7] or [9] template of the same speed": a 2 come
    about, not a full astern."""
    swerve, performed = _swerve(Choosing(1), Maneuver("about", 2))
    assert swerve.swerved and [(o.kind, o.speed) for o in swerve.options] == [("left-bank", 2), ("right-bank", 2)]
    assert (performed.kind, performed.speed) == ("right-bank", 2)


def test_a_full_astern_swerves_to_a_1_straight() -> None:
    """"If performing a [5] maneuver, perform a [8 1] instead": the pebble behind the ship."""
    g = table({"P1": (AKIRA, Pose(450.0, 150.0, 0.0))}, [("Wing", [("E1", Pose(450.0, 640.0, 180.0), False)])],
              obstacles=(PEBBLE,))
    ship = g.state.ship("E1")
    tab = g.table_for(ship)
    move = resolve_move(ship.pose, Maneuver("straight", -1), ship.base, tab)
    assert move.obstacles == ("pebble",)
    n = len(g.events)
    _, performed, _ = g.swerve(ship, Maneuver("straight", -1), "red", move, tab)
    swerve = of_type(since(g, n), ae.Swerved)[0]
    assert swerve.swerved and (performed.kind, performed.speed) == ("straight", 1)


def test_a_seat_without_choose_takes_the_first_and_random_answers() -> None:
    swerve, performed = _swerve(ScriptedPlayer(), Maneuver("straight", 2))
    assert performed.kind == "left-bank" and "first listed" in swerve.reason
    _, performed = _swerve(RandomPlayer(3), Maneuver("straight", 2))
    assert performed.kind in ("left-bank", "right-bank")


def test_the_mission_ai_swerves_away_from_its_ships() -> None:
    """The players' AI answers for the players: the bank that leaves its ship out of the Enemy's arc."""
    from alliance_helpers import bare_mission

    ai = MissionAiPlayer(bare_mission(), 2)
    # P1 south-west of the Enemy: a left bank (the Enemy heads south, so east) turns away from it
    swerve, performed = _swerve(ai, Maneuver("straight", 2), {"P1": (AKIRA, Pose(300.0, 560.0, 0.0))})
    assert performed.kind == "left-bank", swerve.reason
    assert "0 of our ships in its firing arc" in swerve.reason


def test_still_tied_targets_the_players_choose() -> None:
    """Two Akiras side by side at the same range band, rolling the same defense dice: the players'
    seat says which one is fired upon; the Enemy's favour decides nothing."""
    me = Pose(450.0, 500.0, 0.0)
    ships = {"P1": (AKIRA, Pose(420.0, 650.0, 180.0)), "P2": (AKIRA, Pose(480.0, 650.0, 180.0))}
    for answer, target in ((0, "P1"), (1, "P2")):
        player = Choosing(answer)
        g = table(ships, [("Wing", [("E1", me, False)])], player=player, dice=["blank"] * 8)
        g.emit(ev.PhaseStarted, phase="combat")
        g.attack_with(g.state.ship("E1"))
        chosen = of_type(g.events, ae.EnemyTargetChosen)[-1]
        assert chosen.target == target and "the players chose" in chosen.reason
        assert player.offers[0].kind == "target" and [o.ship for o in player.offers[0].options] == ["P1", "P2"]
        assert of_type(g.events, ev.AttackDeclared)[-1].defender == target


def test_the_mission_ai_offers_the_sturdier_ship() -> None:
    me = Pose(450.0, 500.0, 0.0)
    ships = {"P1": (AKIRA, Pose(420.0, 650.0, 180.0)), "P2": (AKIRA, Pose(480.0, 650.0, 180.0))}
    from alliance_helpers import bare_mission

    g = table(ships, [("Wing", [("E1", me, False)])], player=MissionAiPlayer(bare_mission(), 2),
              dice=["blank"] * 8)
    g.emit(ev.DamageDealt, ship="P1", to="shield", cause="test")
    g.emit(ev.PhaseStarted, phase="combat")
    g.attack_with(g.state.ship("E1"))
    chosen = of_type(g.events, ae.EnemyTargetChosen)[-1]
    assert chosen.target == "P2" and "the most" in chosen.reason


def test_a_maneuver_over_two_obstacles_rolls_one_die() -> None:
    """"Moving Into and Through Obstacles": "When a ship executes a Maneuver in which either the
    Maneuver Template or the ship's base physically overlaps an Obstacle ... 1. Execute the Maneuver
    as normal, but skip the "Perform Action" step. 2. The player rolls one attack die." The steps
    follow the maneuver, once: two obstacles under one template still roll one die."""
    from aw_helpers import ScriptedDice, game, make_ship

    ships = [make_ship("E", 0, "1001", shields=0), make_ship("K", 1, "1003")]
    rocks = [Obstacle(((190, 350), (210, 350), (200, 370)), "asteroid 1"),
             Obstacle(((190, 400), (210, 400), (200, 420)), "asteroid 2")]
    p0 = ScriptedPlayer(dials={"E": [("straight", 3)]}, attacks={"E": [None]})
    quiet = ScriptedPlayer(attacks={"K": [None]})
    g = game(ships, {"E": Pose(200, 300, 0), "K": Pose(700, 300, 0)}, [p0, quiet], ScriptedDice(["hit", "hit"]),
             round_limit=1, obstacles=rocks)
    g.play()
    moved = next(e for e in g.events if isinstance(e, ev.ShipMoved) and e.ship == "E")
    assert moved.obstacles == ("asteroid 1", "asteroid 2")
    rolled = [e for e in g.events if isinstance(e, ev.ObstacleRolled)]
    assert len(rolled) == 1 and rolled[0].obstacle == "asteroid 1"
    assert len([e for e in g.events if isinstance(e, ev.DamageDealt) and e.ship == "E"]) == 1
    assert next(e for e in g.events if isinstance(e, ev.ActionSkipped)).cause == "hit asteroid 1 and asteroid 2"


def test_orders_other_than_attack_come_from_the_mission_file() -> None:
    """Rulebook "Identify Target based on Mission Orders": "The default Enemy Order type is Attack ...
    For other types of Orders, see the Mission's Special Rules." A mission names its orders; a
    formation under "hunt" (carriers) chases the ship carrying a mission token though another is nearer."""
    from alliance_helpers import bare_mission

    from engine.rulesets.alliance.enemy_ai import EnemyAiPlayer

    hunt = {"name": "hunt", "target": "carrier", "text": "The Jem'Hadar go after the sensor data."}
    row = {"formation": "Wing", "arrival": "setup", "bearing": "3", "orders": "hunt",
           "ships": {"2p": [{"type": "jemhadar_attack_ship"}]}}
    mission = bare_mission(orders=[hunt], enemy_ships=[row])
    me = Pose(450.0, 800.0, 180.0)
    ships = {"P1": (AKIRA, Pose(450.0, 600.0, 0.0)), "P2": (AKIRA, Pose(150.0, 300.0, 0.0))}
    g = table(ships, [("Wing", [("E1", me, False)])], mission=mission, die=[3], orders="hunt")
    assert isinstance(g.enemy, EnemyAiPlayer) and "hunt" in g.enemy.orders
    g.emit(ae.MissionTokenCollected, ship="P2", token="odd", location="C", cause="test")
    n = len(g.events)
    g.activate("E1")
    chosen = of_type(since(g, n), ae.EnemyTargetChosen)[0]
    assert chosen.orders == "hunt" and chosen.target == "P2" and "carrying mission tokens" in chosen.reason
    # with nobody carrying a token, the nearest as under Attack
    g2 = table(ships, [("Wing", [("E1", me, False)])], mission=mission, die=[3], orders="hunt")
    g2.activate("E1")
    assert of_type(g2.events, ae.EnemyTargetChosen)[0].target == "P1"


def test_a_formation_under_orders_the_mission_does_not_name_is_refused() -> None:
    import pytest
    from alliance_helpers import bare_mission

    from engine.rulesets.alliance.mission import MissionError

    row = {"formation": "Wing", "arrival": "setup", "bearing": "3", "orders": "escort",
           "ships": {"2p": [{"type": "jemhadar_attack_ship"}]}}
    with pytest.raises((MissionError, ValueError), match="escort"):
        bare_mission(enemy_ships=[row])
    with pytest.raises((MissionError, ValueError), match="attack"):
        bare_mission(orders=[{"name": "attack", "target": "nearest"}])

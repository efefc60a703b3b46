"""Cards that give an additional maneuver as their "Action:" (cards/maneuvers.py): Gul Ranor, In'cha,
Jadzia Dax, Engage. The maneuver is the seat's choice among those the card offers; it is performed
on the templates like any maneuver (bumps back off, rulebook "Overlapping Other Ships"): the
``ability_used`` naming the card and the maneuver chosen, then its ``ship_moved``."""

from __future__ import annotations

import pytest
from ability_helpers import AKIRA, ATTACK_SHIP, VORCHA, ship, used
from aw_helpers import ScriptedDice, ScriptedPlayer, game

from engine.errors import IllegalDecision
from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.ai import AiPlayer
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.maneuvers import Maneuver, end_pose
from engine.rulesets.attack_wing.movement import ShipBase, Table, resolve_move
from engine.rulesets.attack_wing.players import AbilityUse, ActionChoice
from engine.rulesets.attack_wing.rules import placed

FAR = {"A": Pose(300, 200, 0), "J": Pose(700, 800, 180)}  # A heads north, J beyond Range 3 of it


def play(a: ev.ShipSetup, action: str | None, choice: str | None, dial: tuple[str, int] = ("straight", 1),
         poses: dict[str, Pose] | None = None, rounds: int = 1, j_hull: str = ATTACK_SHIP,
         faces: list[str] | None = None) -> tuple[Game, ScriptedPlayer]:
    card = action.split(":")[1] if action else ""
    seat = ScriptedPlayer(dials={"A": [dial] * rounds},
                          actions={"A": [ActionChoice(action)] * rounds if action else []},
                          abilities={card: [AbilityUse(choice=choice)] * rounds} if choice else None)
    g = game([a, ship("J", 1, j_hull)], poses or FAR, [seat, ScriptedPlayer(attacks={"J": [None] * rounds})],
             ScriptedDice(faces or ["blank"] * 40), round_limit=rounds)
    g.play()
    return g, seat


def moves_of(g: Game, ship_id: str = "A") -> list[ev.ShipMoved]:
    return [e for e in g.events if isinstance(e, ev.ShipMoved) and e.ship == ship_id]


def card_moves(events: list[ev.Event]) -> list[tuple[str, ev.ShipMoved]]:
    """(card name, its maneuver): each ``ship_moved`` that follows a card's ``ability_used`` in the same
    Action (its cost's token between them)."""
    out = []
    for i, e in enumerate(events):
        if isinstance(e, ev.AbilityUsed) and e.window == "action":
            after = [x for x in events[i + 1:i + 3] if isinstance(x, ev.ShipMoved) and x.ship == e.ship]
            out.extend((e.card_name, moved) for moved in after)
    return out


def test_gul_ranor_moves_again_2_straight_from_where_the_dial_left_it() -> None:
    g, seat = play(ship("A", 0, ATTACK_SHIP, "2020"), "ability:2020:0", "2_straight")
    own, extra = moves_of(g)
    assert card_moves(g.events) == [("Gul Ranor", extra)]
    assert (extra.kind, extra.speed) == ("straight", 2)
    # the additional maneuver starts where the first ended, on the same templates
    assert extra.start.pose().close_to(own.end.pose(), 1e-9)
    assert extra.end.pose().close_to(end_pose(own.end.pose(), Maneuver("straight", 2), "small"), 1e-6)
    assert g.state.ship("A").pose.close_to(extra.end.pose(), 1e-9)
    assert used(g, "2020")[0].choice == "2_straight"
    aux = [e for e in g.events if isinstance(e, ev.TokensChanged) and e.cause == "Gul Ranor"]
    assert [(e.token, e.delta) for e in aux] == [("aux_power", 1)]  # its cost
    offer = next(o for o in seat.offers if o.card == "2020")
    assert [o.action for o in offer.actions] == ["1_straight", "2_straight"]  # only what the card prints


def test_gul_ranor_offers_no_other_maneuver() -> None:
    with pytest.raises(IllegalDecision, match="3_straight"):
        play(ship("A", 0, ATTACK_SHIP, "2020"), "ability:2020:0", "3_straight")


def test_gul_ranor_under_auxiliary_power_performs_no_action() -> None:
    """His card is an Action: a ship with an Auxiliary Power Token performs none (rulebook
    "Auxiliary Power"). Round 1's use places one; round 2's white 3 straight does not remove it."""
    g, _ = play(ship("A", 0, ATTACK_SHIP, "2020"), "ability:2020:0", "1_straight", dial=("straight", 3), rounds=2)
    assert len(used(g, "2020")) == 1
    assert len(card_moves(g.events)) == 1
    assert any(isinstance(e, ev.ActionSkipped) and e.ship == "A" and e.round == 2 for e in g.events)


def test_an_additional_maneuver_that_would_overlap_backs_off_like_any_other() -> None:
    # J (moving first: no captain skill) ends its 1 straight just past where A's 2 straight more
    # would end: that maneuver overlaps it
    a_start = Pose(300, 200, 0)
    after_dial = end_pose(a_start, Maneuver("straight", 1), "small")
    blocker = end_pose(after_dial, Maneuver("straight", 2), "small")
    one = after_dial.y - a_start.y
    g, _ = play(ship("A", 0, ATTACK_SHIP, "2020"), "ability:2020:0", "2_straight",
                poses={"A": a_start, "J": Pose(blocker.x, blocker.y + 10 + one, 180)}, j_hull=ATTACK_SHIP)
    extra = moves_of(g)[1]
    expected = resolve_move(after_dial, Maneuver("straight", 2), "small",
                            Table([ShipBase("J", placed(g.state.ship("J")))]))
    assert extra.bumped == ("J",) and extra.progress < 1
    assert extra.end.pose().close_to(expected.end, 1e-6)


def test_incha_performs_any_dial_maneuver_and_is_discarded_red_gives_auxiliary_power() -> None:
    g, seat = play(ship("A", 0, VORCHA, upgrades=["3049"]), "ability:3049:0", "3_left_turn")
    extra = card_moves(g.events)
    assert [(card, e.kind, e.speed) for card, e in extra] == [("In'cha", "left-turn", 3)]
    assert "3049" in g.state.ship("A").cards_discarded  # no second use: not offered again
    assert "ability:3049:0" not in [o.action for o in g.action_options(g.state.ship("A"))]
    offer = next(o for o in seat.offers if o.card == "3049")
    assert len(offer.actions) == len(g.state.ship("A").dial)  # "of your choice": the whole dial
    red = [e for e in g.events if isinstance(e, ev.TokensChanged) and e.cause == "In'cha"]
    assert [(e.token, e.delta) for e in red] == [("aux_power", 1)]  # the 3 turn is red on a Vor'cha's dial


def test_jadzia_dax_banks_2_is_disabled_and_her_ship_attacks_no_one() -> None:
    near = {"A": Pose(400, 250, 0), "J": Pose(400, 600, 180)}  # J ahead, in A's arc after any move
    g, seat = play(ship("A", 0, AKIRA, upgrades=["3089"]), "ability:3089:0", "2_left_bank", poses=near)
    [(card, extra)] = card_moves(g.events)
    assert (card, extra.kind, extra.speed) == ("Jadzia Dax", "left-bank", 2)
    assert "3089" in g.state.ship("A").cards_disabled
    offer = next(o for o in seat.offers if o.card == "3089")
    assert [o.action for o in offer.actions] == ["2_straight", "2_left_bank", "2_right_bank"]
    assert not any(isinstance(e, ev.AttackDeclared) and e.ship == "A" for e in g.events)


def test_without_jadzia_dax_the_same_ship_attacks() -> None:
    near = {"A": Pose(400, 250, 0), "J": Pose(400, 600, 180)}
    g, _ = play(ship("A", 0, AKIRA, upgrades=["3089"]), None, None, poses=near,
                faces=["blank"] * 10)
    assert any(isinstance(e, ev.AttackDeclared) and e.ship == "A" for e in g.events)


def test_engage_after_a_green_maneuver_offers_the_green_ones_only() -> None:
    g, seat = play(ship("A", 0, AKIRA, upgrades=["3001"]), "ability:3001:0", "1_right_bank")
    [(card, extra)] = card_moves(g.events)
    assert (card, extra.kind, extra.speed) == ("Engage", "right-bank", 1)
    offer = next(o for o in seat.offers if o.card == "3001")
    greens = {f"{s}_{k.replace('-', '_')}" for k, s, c in g.state.ship("A").dial if c == "green"}
    assert {o.action for o in offer.actions} == greens
    aux = [e for e in g.events if isinstance(e, ev.TokensChanged) and e.cause == "Engage"]
    assert [(e.token, e.delta) for e in aux] == [("aux_power", 1)]


def test_engage_is_not_offered_after_a_white_maneuver() -> None:
    a = ship("A", 0, AKIRA, upgrades=["3001"])
    g = game([a, ship("J", 1, ATTACK_SHIP)], FAR, [ScriptedPlayer(dials={"A": [("straight", 3)]}),
                                                   ScriptedPlayer()], ScriptedDice([]), round_limit=1)
    offered: list[list[str]] = []

    class Watch(ScriptedPlayer):
        def act(self, state, ship, options):  # type: ignore[no-untyped-def]
            offered.append([o.action for o in options])
            return ActionChoice("pass")

    g.players = [Watch(dials={"A": [("straight", 3)]}), ScriptedPlayer()]
    g.play()
    assert offered and "ability:3001:0" not in offered[0]


def test_the_ai_takes_gul_ranor_to_bring_an_enemy_into_arc_and_says_why() -> None:
    # J ahead beyond Range 3 after A's 1 straight; a 2 straight more brings it to Range 3
    poses = {"A": Pose(400, 100, 0), "J": Pose(400, 720, 180)}
    ai = AiPlayer()
    g = game([ship("A", 0, ATTACK_SHIP, "2020"), ship("J", 1, ATTACK_SHIP)], poses,
             [ai, ScriptedPlayer(attacks={"J": [None]})], ScriptedDice(["blank"] * 20), round_limit=1)
    ai.plan = lambda state, s, options: (Maneuver("straight", 1), "scripted")  # type: ignore[method-assign]
    g.play()
    use = used(g, "2020")
    assert use and use[0].choice == "2_straight"
    assert "Gul Ranor" in next(e.reason for e in g.events if isinstance(e, ev.ActionPerformed) and e.ship == "A")
    assert "in arc" in use[0].reason


def test_the_ai_passes_on_gul_ranor_with_nothing_to_gain() -> None:
    poses = {"A": Pose(150, 100, 0), "J": Pose(850, 850, 180)}  # far apart: no maneuver brings J in reach
    ai = AiPlayer()
    g = game([ship("A", 0, ATTACK_SHIP, "2020"), ship("J", 1, ATTACK_SHIP)], poses,
             [ai, ScriptedPlayer(attacks={"J": [None]})], ScriptedDice([]), round_limit=1)
    ai.plan = lambda state, s, options: (Maneuver("straight", 1), "scripted")  # type: ignore[method-assign]
    g.play()
    assert not used(g, "2020")


# --- after the ship's own maneuver: Pavel Chekov, Mirok -----------------------------------------

def _chekov(dials: list[tuple[str, int]], answers: list[AbilityUse | None]) -> tuple[Game, ScriptedPlayer]:
    # round 1 ends under auxiliary power: no Perform Action step, so the first action asked is round 2's
    seat = ScriptedPlayer(dials={"A": dials}, actions={"A": [ActionChoice("evasive_maneuvers")]},
                          attacks={"A": [None] * len(dials)}, abilities={"3021": list(answers)})
    g = game([ship("A", 0, AKIRA, upgrades=["3021"]), ship("J", 1, ATTACK_SHIP)], FAR,
             [seat, ScriptedPlayer(attacks={"J": [None] * len(dials)})], ScriptedDice([]), round_limit=len(dials))
    g.play()
    return g, seat


def _tokens(g: Game, cause: str) -> list[tuple[int, str, int]]:
    return [(e.round, e.token, e.delta) for e in g.events if isinstance(e, ev.TokensChanged) and e.cause == cause]


def test_pavel_chekov_removes_the_auxiliary_power_token_after_a_white_maneuver_and_the_ship_acts() -> None:
    # round 1: a red 3 turn (an auxiliary power token); round 2: a white 3 straight keeps it, Chekov lifts it
    g, _ = _chekov([("left-turn", 3), ("straight", 3)], [AbilityUse(reason="scripted")])
    assert _tokens(g, "red maneuver") == [(1, "aux_power", 1)]
    assert _tokens(g, "Pavel Chekov") == [(2, "aux_power", -1)]
    assert [(e.round, e.window) for e in used(g, "3021")] == [(2, "after_move")]
    # no longer under auxiliary power: the Perform Action step happens (Evasive Maneuvers)
    assert any(isinstance(e, ev.ActionPerformed) and e.round == 2 and e.action == "evasive_maneuvers"
               for e in g.events)
    assert g.state.ship("A").aux_power == 0


def test_pavel_chekov_declined_or_after_a_green_maneuver_does_nothing() -> None:
    g, _ = _chekov([("left-turn", 3), ("straight", 3)], [None])  # declined: the token stays, no action
    assert not used(g, "3021") and g.state.ship("A").aux_power == 1
    assert any(isinstance(e, ev.ActionSkipped) and e.round == 2 for e in g.events)
    g, seat = _chekov([("left-turn", 3), ("straight", 1)], [AbilityUse()])  # green: the strain lifts it
    assert not used(g, "3021") and not [o for o in seat.offers if o.card == "3021"]
    assert _tokens(g, "green maneuver") == [(2, "aux_power", -1)]


def test_pavel_chekov_counts_the_white_2_straight_that_replaces_a_red_maneuver_under_auxiliary_power() -> None:
    # round 2 reveals a red 3 turn under auxiliary power: a damage card, then a white 2 straight (rulebook
    # "Auxiliary Power"): a white maneuver performed, so Chekov may lift the token
    g, _ = _chekov([("left-turn", 3), ("left-turn", 3)], [AbilityUse()])
    revealed = [e for e in g.events if isinstance(e, ev.ManeuverRevealed) and e.round == 2]
    assert revealed[0].replaced
    assert _tokens(g, "Pavel Chekov") == [(2, "aux_power", -1)]


MIROK_POSES = {"A": Pose(300, 300, 0), "F": Pose(370, 300, 0), "J": Pose(300, 600, 180)}


def _mirok(poses: dict[str, Pose], answer: AbilityUse | None) -> tuple[Game, ScriptedPlayer]:
    """Round 1: J's 4 hits on A (3 shields, then a face-down damage card); round 2: A moves, Mirok."""
    seat = ScriptedPlayer(attacks={"A": [None, None], "F": [None, None]},
                          abilities={"2015": [answer]} if answer is not None else None)
    g = game([ship("A", 0, AKIRA, "2015"), ship("F", 0, ATTACK_SHIP), ship("J", 1, ATTACK_SHIP)], poses,
             [seat, ScriptedPlayer(attacks={"J": ["A", None]})],
             ScriptedDice(["hit"] * 4 + ["blank"] * 2), round_limit=2)
    g.play()
    return g, seat


def test_mirok_repairs_a_shield_or_the_hull_with_a_friend_within_range_1() -> None:
    g, seat = _mirok(MIROK_POSES, AbilityUse(choice="shields"))
    [use] = used(g, "2015")
    assert (use.round, use.window, use.choice) == (2, "after_move", "shields")
    assert [(e.round, e.amount, e.cause) for e in g.events if isinstance(e, ev.ShieldsRepaired)] == [(2, 1, "Mirok")]
    offer = next(o for o in seat.offers if o.card == "2015")
    assert [o.action for o in offer.actions] == ["hull", "shields"]
    g, _ = _mirok(MIROK_POSES, AbilityUse(choice="hull"))
    repaired = [(e.index, e.flipped, e.cause) for e in g.events if isinstance(e, ev.DamageRepaired)]
    assert repaired == [(0, False, "Mirok")]
    assert g.state.ship("A").damage == ()


def test_mirok_without_a_friend_within_range_1_or_with_nothing_to_repair_does_nothing() -> None:
    alone = {**MIROK_POSES, "F": Pose(700, 300, 0)}
    g, seat = _mirok(alone, AbilityUse(choice="shields"))
    assert not used(g, "2015") and not [o for o in seat.offers if o.card == "2015"]
    # round 1: the friend is there but A is undamaged: nothing offered before J fires
    g, seat = _mirok(MIROK_POSES, AbilityUse(choice="shields"))
    assert [u.round for u in used(g, "2015")] == [2]


# --- before the ship moves: Transwarp Drive, Nyota Uhura ----------------------------------------

def _changed(upgrades: list[str], dial: tuple[str, int], answer: AbilityUse | None, aux: int = 0,
             poses: dict[str, Pose] | None = None) -> tuple[Game, ScriptedPlayer]:
    seat = ScriptedPlayer(dials={"A": [dial]}, attacks={"A": [None]},
                          abilities={c: [answer] for c in upgrades} if answer is not None else None)
    a = ship("A", 0, AKIRA, upgrades=upgrades)
    g = game([a, ship("J", 1, ATTACK_SHIP)], poses or FAR, [seat, ScriptedPlayer(attacks={"J": [None]})],
             ScriptedDice(["blank"] * 10), round_limit=1)
    if aux:  # the token from an earlier round (tokens_changed as the game starts would be another event)
        g.fold = _with_aux(g, aux)  # type: ignore[method-assign]
    g.play()
    return g, seat


def _with_aux(g: Game, aux: int):  # type: ignore[no-untyped-def]
    from engine.rulesets.attack_wing.reducer import apply

    def fold(event: ev.Event) -> None:
        g.state = apply(g.state, event)
        if isinstance(event, ev.ShipPlaced) and event.ship == "A":
            g.state = g.state.update("A", aux_power=aux)
    return fold


def test_transwarp_drive_turns_a_revealed_4_straight_into_a_6_straight() -> None:
    g, seat = _changed(["3113"], ("straight", 4), AbilityUse(choice="6_straight"))
    [use] = used(g, "3113")
    assert (use.window, use.choice) == ("before_move", "6_straight")
    [moved] = moves_of(g)
    assert (moved.kind, moved.speed) == ("straight", 6)
    assert moved.end.pose().close_to(end_pose(FAR["A"], Maneuver("straight", 6), "small"), 1e-3)
    assert not [e for e in g.events if isinstance(e, ev.TokensChanged)]  # white: no power strain
    offer = next(o for o in seat.offers if o.card == "3113")
    assert [o.action for o in offer.actions] == ["6_straight"]


def test_transwarp_drive_is_not_offered_for_a_3_straight_and_may_be_declined() -> None:
    g, seat = _changed(["3113"], ("straight", 3), AbilityUse(choice="6_straight"))
    assert not used(g, "3113") and not [o for o in seat.offers if o.card == "3113"]
    assert [(m.kind, m.speed) for m in moves_of(g)] == [("straight", 3)]
    g, _ = _changed(["3113"], ("straight", 4), None)  # declined (the Akira's dial stops at 4)
    assert [(m.kind, m.speed) for m in moves_of(g)] == [("straight", 4)]


def test_nyota_uhura_is_discarded_to_change_the_maneuver_green_lifts_the_token() -> None:
    g, seat = _changed(["3031"], ("straight", 3), AbilityUse(choice="1_left_bank"), aux=1)
    [use] = used(g, "3031")
    assert (use.window, use.choice, use.discard) == ("before_move", "1_left_bank", True)
    assert [(m.kind, m.speed) for m in moves_of(g)] == [("left-bank", 1)]
    assert "3031" in g.state.ship("A").cards_discarded
    # the power strain is the new maneuver's: a green one removes the token (the white 3 straight would not)
    assert [(e.token, e.delta, e.cause) for e in g.events if isinstance(e, ev.TokensChanged)] == [
        ("aux_power", -1, "green maneuver")]
    offer = next(o for o in seat.offers if o.card == "3031")
    offered = {o.action for o in offer.actions}
    assert "3_straight" not in offered and "3_left_turn" not in offered  # not itself; no red under aux power
    assert "2_left_turn" in offered


def test_nyota_uhura_declined_keeps_the_maneuver_and_the_card() -> None:
    g, _ = _changed(["3031"], ("straight", 3), None)
    assert not used(g, "3031") and "3031" not in g.state.ship("A").cards_discarded
    assert [(m.kind, m.speed) for m in moves_of(g)] == [("straight", 3)]


def test_the_ai_takes_transwarp_drive_toward_an_enemy_and_not_off_the_table() -> None:
    def run(a_pose: Pose, j_pose: Pose) -> Game:
        ai = AiPlayer()
        g = game([ship("A", 0, AKIRA, upgrades=["3113"]), ship("J", 1, ATTACK_SHIP)], {"A": a_pose, "J": j_pose},
                 [ai, ScriptedPlayer(attacks={"J": [None]})], ScriptedDice(["blank"] * 20), round_limit=1)
        ai.plan = lambda state, s, options: (Maneuver("straight", 4), "scripted")  # type: ignore[method-assign]
        g.play()
        return g
    g = run(Pose(450, 60, 0), Pose(450, 640, 180))  # a 6 straight brings A nearer J, in its arc
    [use] = used(g, "3113")
    assert use.choice == "6_straight" and "in arc" in use.reason
    g = run(Pose(450, 500, 0), Pose(100, 100, 0))  # a 6 straight would leave the table
    assert not used(g, "3113")


# --- Martok: a friend's free action after his ship moves ----------------------------------------

def _martok(f_pose: Pose, f_captain: str | None = None, answer: AbilityUse | str | None = "policy"
            ) -> tuple[Game, ScriptedPlayer]:
    poses = {"A": Pose(300, 200, 0), "F": f_pose, "J": Pose(700, 850, 180)}
    # F (lower skill) activates first: its own action is a pass; the second action asked is Martok's gift
    seat = ScriptedPlayer(actions={"F": [ActionChoice("pass"), ActionChoice("evasive_maneuvers")]},
                          attacks={"A": [None], "F": [None]}, abilities={"2018": [answer]})
    g = game([ship("A", 0, VORCHA, "2018"), ship("F", 0, ATTACK_SHIP, f_captain), ship("J", 1, ATTACK_SHIP)], poses,
             [seat, ScriptedPlayer(attacks={"J": [None]})], ScriptedDice([]), round_limit=1)
    g.play()
    return g, seat


def test_martok_gives_a_friend_of_lower_skill_within_range_2_a_free_action() -> None:
    g, seat = _martok(Pose(450, 200, 0))
    [use] = used(g, "2018")
    assert (use.window, use.subject, use.choice) == ("after_move", "F", "F")
    performed = [(e.ship, e.action) for e in g.events if isinstance(e, ev.ActionPerformed) and e.ship != "J"]
    # F's own pass, then, as A has moved, F's free Evasive Maneuvers, then A's Perform Action step
    assert performed == [("F", "pass"), ("F", "evasive_maneuvers"), ("A", "pass")]
    assert ("F", "evade", 1) in [(e.ship, e.token, e.delta) for e in g.events if isinstance(e, ev.TokensChanged)]
    offer = next(o for o in seat.offers if o.card == "2018")
    assert [o.action for o in offer.actions] == ["F"]


def test_martok_reaches_no_friend_beyond_range_2_or_of_higher_skill() -> None:
    g, seat = _martok(Pose(750, 200, 0))  # beyond Range 2
    assert not used(g, "2018") and not [o for o in seat.offers if o.card == "2018"]
    g, seat = _martok(Pose(450, 200, 0), f_captain="2001")  # Picard: skill 9, more than Martok's 8
    assert not used(g, "2018") and not [o for o in seat.offers if o.card == "2018"]


# --- Janice Rand: a talent's Action as a free action after the ship moves -----------------------

AHEAD = {"A": Pose(400, 250, 0), "J": Pose(400, 600, 180)}  # J in A's forward arc at Range 2-3


def _rand(upgrades: list[str], answer: AbilityUse | str | None, poses: dict[str, Pose] | None = None
          ) -> tuple[Game, ScriptedPlayer]:
    seat = ScriptedPlayer(actions={"A": [ActionChoice("evasive_maneuvers")]}, attacks={"A": [None]},
                          abilities={"3109": [answer]})
    g = game([ship("A", 0, AKIRA, upgrades=upgrades), ship("J", 1, ATTACK_SHIP)], poses or FAR,
             [seat, ScriptedPlayer(attacks={"J": [None]})], ScriptedDice(["blank"] * 20), round_limit=1)
    g.play()
    return g, seat


def test_janice_rand_is_discarded_for_a_talents_action_as_a_free_action() -> None:
    g, seat = _rand(["3109", "3034"], AbilityUse(choice="3034"))
    [use] = used(g, "3109")
    assert (use.window, use.choice, use.discard) == ("after_move", "3034", True)
    performed = [e.action for e in g.events if isinstance(e, ev.ActionPerformed) and e.ship == "A"]
    # the talent's Action first (free), then the ship's own Perform Action step
    assert performed == ["ability:3034:0", "evasive_maneuvers"]
    assert "3109" in g.state.ship("A").cards_discarded and "3034" in g.state.ship("A").cards_disabled
    offer = next(o for o in seat.offers if o.card == "3109")
    assert [o.action for o in offer.actions] == ["3034"]


def test_janice_rand_finds_no_talent_action_without_a_talent() -> None:
    g, seat = _rand(["3109"], AbilityUse(choice="3034"))
    assert not used(g, "3109") and not [o for o in seat.offers if o.card == "3109"]


def test_the_policy_uses_rand_for_a_die_with_a_target_in_the_last_round_only() -> None:
    g, _ = _rand(["3109", "3034"], "policy", poses=AHEAD)  # last round: Rand is worth nothing kept
    [use] = used(g, "3109")
    assert use.choice == "3034" and "Janice Rand" in use.reason
    g, _ = _rand(["3109", "3034"], "policy")  # nothing in arc: the die is worth nothing
    assert not used(g, "3109")


# --- Cochrane Deceleration Maneuver: come about where it stands ---------------------------------

def test_cochrane_deceleration_turns_the_ship_about_in_place_after_a_1_straight() -> None:
    g, _ = play(ship("A", 0, AKIRA, upgrades=["3026"]), "ability:3026:0", None)
    own, *turns = moves_of(g)
    assert [(c, m.kind, m.speed) for c, m in card_moves(g.events)] == [
        ("Cochrane Deceleration Maneuver", "right-90-degree-rotate", 0)]  # the first of the two, after the card
    assert [(m.kind, m.speed, m.bumped) for m in turns] == [("right-90-degree-rotate", 0, ())] * 2
    end = g.state.ship("A").pose
    after = own.end.pose()
    assert (round(end.x, 3), round(end.y, 3), end.heading) == (round(after.x, 3), round(after.y, 3), 180.0)
    assert "3026" in g.state.ship("A").cards_discarded
    aux = [e for e in g.events if isinstance(e, ev.TokensChanged) and e.cause == "Cochrane Deceleration Maneuver"]
    assert [(e.token, e.delta) for e in aux] == [("aux_power", 1)]


def test_cochrane_deceleration_is_not_offered_after_another_maneuver() -> None:
    a = ship("A", 0, AKIRA, upgrades=["3026"])
    g = game([a, ship("J", 1, ATTACK_SHIP)], FAR, [ScriptedPlayer(dials={"A": [("straight", 2)]}), ScriptedPlayer()],
             ScriptedDice([]), round_limit=1)
    options: list[list[str]] = []
    g.action_options = lambda s, _o=g.action_options: (options.append([o.action for o in _o(s)]) or _o(s))  # type: ignore[method-assign]
    g.play()
    assert options and not any("ability:3026:0" in o for o in options)


def test_the_ai_comes_about_to_face_an_enemy_behind_it() -> None:
    poses = {"A": Pose(450, 300, 0), "J": Pose(450, 150, 0)}  # J behind A, both heading north
    ai = AiPlayer()
    g = game([ship("A", 0, AKIRA, upgrades=["3026"]), ship("J", 1, ATTACK_SHIP)], poses,
             [ai, ScriptedPlayer(attacks={"J": [None]}, dials={"J": [("straight", 1)]})],
             ScriptedDice(["blank"] * 20), round_limit=1)
    ai.plan = lambda state, s, options: (Maneuver("straight", 1), "scripted")  # type: ignore[method-assign]
    g.play()
    assert used(g, "3026")
    why = next(e.reason for e in g.events if isinstance(e, ev.ActionPerformed) and e.ship == "A")
    assert why.startswith("Cochrane Deceleration Maneuver: come about") and "in arc" in why


# --- Suicide Attack: a 1 straight at the end of the Activation Phase; ramming an enemy --------------

def _ram(j_pose: Pose, faces: list[str], j_side: int = 1) -> Game:
    a_pose = Pose(400, 300, 0)
    seat = ScriptedPlayer(dials={"A": [("left-turn", 2)]}, actions={"A": [ActionChoice("ability:3080:0")]},
                          attacks={"A": [None], "J": [None]})
    other = ScriptedPlayer(dials={"J": [("straight", 1)]}, attacks={"J": [None]})
    j = ship("J", j_side, ATTACK_SHIP)
    g = game([ship("A", 0, ATTACK_SHIP, upgrades=["3080"]), j, ship("Z", 1, ATTACK_SHIP)],
             {"A": a_pose, "J": j_pose, "Z": Pose(850, 850, 180)}, [seat, other],
             ScriptedDice(faces), round_limit=1)
    g.play()
    return g


def _after_turn() -> Pose:
    return end_pose(Pose(400, 300, 0), Maneuver("left-turn", 2), "small")


def _in_the_way() -> Pose:
    """Where J starts so that its own 1 straight north ends where A's ram would end."""
    ahead = end_pose(_after_turn(), Maneuver("straight", 1), "small")
    return Pose(ahead.x, ahead.y - end_pose(Pose(0, 0, 0), Maneuver("straight", 1), "small").y, 0)


def test_suicide_attack_rams_the_enemy_its_1_straight_overlaps() -> None:
    attack = ["hit", "hit", "crit", "hit", "blank", "blank", "battle_stations", "hit"]
    g = _ram(_in_the_way(), [*attack, "evade", "blank"])  # then J's 2 defense dice
    ram = moves_of(g)[-1]
    assert (ram.kind, ram.speed, ram.bumped, ram.phase) == ("straight", 1, ("J",), "activation")
    destroyed = [e for e in g.events if isinstance(e, ev.ShipDestroyed)]
    assert [(e.ship, e.cause) for e in destroyed] == [("A", "Suicide Attack")]
    rolls = [e for e in used(g, "3080") if e.window == "activation_end"]
    assert [(e.subject, e.amount, len(e.faces)) for e in rolls] == [("J", 8, 8), ("J", 2, 2)]  # J's agility 2
    # 4 hits and a crit against an evade: 3 hits and the crit (rulebook "Compare Results": an evade cancels
    # a hit first); J's 2 shields take 2 hits, then a face-down card and the crit's face-up one
    dealt = [(e.to, e.face_up if e.to == "hull" else None) for e in g.events
             if isinstance(e, ev.DamageDealt) and e.ship == "J" and e.cause == "Suicide Attack"]
    assert dealt == [("shield", None), ("shield", None), ("hull", False), ("hull", True)]
    aux = [(e.token, e.delta) for e in g.events if isinstance(e, ev.TokensChanged) and e.cause == "Suicide Attack"]
    assert aux == [("aux_power", 1)]


def test_suicide_attack_into_open_space_is_only_a_1_straight_and_a_token() -> None:
    g = _ram(Pose(850, 100, 0), [])
    ram = moves_of(g)[-1]
    assert (ram.kind, ram.speed, ram.bumped) == ("straight", 1, ())
    assert ram.start.pose().close_to(_after_turn(), 1e-3)
    assert not [e for e in g.events if isinstance(e, ev.ShipDestroyed)]
    assert g.state.ship("A").aux_power == 1 and len(used(g, "3080")) == 1  # the Action only


def test_suicide_attack_overlapping_a_friend_does_not_ram() -> None:
    g = _ram(_in_the_way(), [], j_side=0)
    assert moves_of(g)[-1].bumped == ("J",)
    assert not [e for e in g.events if isinstance(e, ev.ShipDestroyed)]


def _ai_ram(hull: int) -> Game:
    """A (AI, Attack Ship with Suicide Attack, ``hull`` and no shields) after a 1 straight; J ends its own
    1 straight (first: the two skills tie, and J's side has the initiative) where A's ram would end."""
    ai = AiPlayer()
    a = ship("A", 0, ATTACK_SHIP, "2036", upgrades=["3080"]).model_copy(update={"hull": hull, "shields": 0})
    g = game([a, ship("J", 1, ATTACK_SHIP)], {"A": Pose(400, 300, 0), "J": Pose(400, 560, 180)},
             [ai, ScriptedPlayer(attacks={"J": [None]})], ScriptedDice(["hit"] * 8 + ["blank"] * 30), round_limit=1,
             initiative=1)
    ai.plan = lambda state, s, options: (Maneuver("straight", 1), "scripted")  # type: ignore[method-assign]
    g.play()
    return g


def test_the_ai_rams_with_a_ship_worth_less_than_the_damage_and_says_why() -> None:
    g = _ai_ram(hull=1)
    why = next(e.reason for e in g.events if isinstance(e, ev.ActionPerformed) and e.ship == "A")
    assert why.startswith("Suicide Attack: ram ") and "expected damage" in why
    assert [(e.ship, e.cause) for e in g.events if isinstance(e, ev.ShipDestroyed)][:1] == [("A", "Suicide Attack")]
    g = _ai_ram(hull=5)  # a whole ship is worth more than the expected damage of 8 dice
    assert not used(g, "3080")

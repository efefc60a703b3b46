"""Validate an Attack Wing replay by playing it again: the recorded decisions go back through the
Player interface, the dice through a dice source, and every event the engine emits must equal
the recorded one at the same place.

Games the engine rolled (players ``ai`` or ``random``) must also show the seed's dice and the
seed's damage deck; games from a real table (notation, players named by the notation) have their
dice and deck taken as recorded, and everything else is checked: every maneuver against its
template, every action and attack against the options the rules give, the damage against the
dice, the result against the end of the game. The header, the index's result and the events
must agree (the framing checks in ``engine/replay/validate.py`` cover the rest of the index).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, Final

from engine.errors import TrekError
from engine.geometry.pose import Pose
from engine.io.reading import has_control
from engine.replay.recorded import LogEnds, Mismatch, RecordedLog, header_problem, play_against_log
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.dice import ELITE_DIE, FACES
from engine.rulesets.attack_wing.game import Game, GameSetup
from engine.rulesets.attack_wing.maneuvers import Maneuver
from engine.rulesets.attack_wing.players import (
    AbilityOffer,
    AbilityUse,
    ActionChoice,
    ActionOption,
    SeededDice,
    SpendOffer,
)
from engine.rulesets.attack_wing.rules import AttackOption
from engine.rulesets.attack_wing.state import GameState, ShipState
from engine.seats.session import has_people, validate

ENGINE_PLAYERS: Final = frozenset({"ai", "random", "human"})  # the engine rolled their dice


def is_table_game(header: dict[str, Any]) -> bool:
    """A game played on a real table (its dice rolled by hand), not one the engine rolled from its seed."""
    if header.get("dice") == "table":  # `trek play --dice table`: the faces typed in as they came up
        return True
    players = header.get("players")
    return not (isinstance(players, list) and players and all(p in ENGINE_PLAYERS for p in players))


def _ship_is(ship: str) -> Any:
    return lambda e: e.get("ship") == ship


def _types(*names: str) -> Any:
    return lambda e: e.get("type") in names


class LogPlayer:
    """Both seats' decisions, read from the recorded events (``Player`` and ``Spender``)."""

    def __init__(self, log: RecordedLog) -> None:
        self.log = log

    def plan(self, state: GameState, ship: ShipState, options: list[tuple[Maneuver, str]]) -> tuple[Maneuver, str]:
        found = self.log.find(lambda e: e.get("type") == "dial_set" and e.get("ship") == ship.id,
                              _types("phase_started", "ship_activated", "round_ended", "game_ended"),
                              f"dial for {ship.id}")
        if found is None:
            raise Mismatch(self.log.position, f"no dial is recorded for {ship.id} in round {state.round}")
        index, event = found
        wanted = (event.get("kind"), event.get("speed"))
        for maneuver, _ in options:
            if (maneuver.kind, maneuver.speed) == wanted:
                return maneuver, str(event.get("reason", ""))
        raise Mismatch(index, f"{ship.id}'s dial is set to {wanted[0]} {wanted[1]}, which is not on its dial")

    def act(self, state: GameState, ship: ShipState, options: list[ActionOption]) -> ActionChoice:
        found = self.log.find(lambda e: e.get("type") == "action_performed" and e.get("ship") == ship.id,
                              _types("ship_activated", "phase_started", "round_ended", "game_ended"),
                              f"action of {ship.id}")
        if found is None:
            raise Mismatch(self.log.position, f"no action (not even a pass) is recorded for {ship.id}")
        index, event = found
        action, reason = str(event.get("action")), str(event.get("reason", ""))
        target = event.get("target")
        if action in ("regenerate", "repair"):
            repaired = self.log.find(lambda e: e.get("type") == "damage_repaired" and e.get("ship") == ship.id,
                                     _types("ship_activated", "phase_started"), f"{action} of {ship.id}")
            target = str(repaired[1].get("index")) if repaired else None
        elif action == "rearm":  # the weapon is in the weapon_enabled event that follows
            armed = self.log.find(lambda e: e.get("type") in ("weapon_enabled", "card_enabled")
                                  and e.get("ship") == ship.id,
                                  _types("ship_activated", "phase_started"), f"rearm of {ship.id}")
            target = (armed[1].get("weapon") or armed[1].get("card")) if armed else None
        echo = None
        if action == "sensor_echo":
            moved = self.log.find(lambda e: e.get("type") == "sensor_echo" and e.get("ship") == ship.id,
                                  _types("ship_activated", "phase_started"), f"sensor echo of {ship.id}")
            if moved is None:
                raise Mismatch(index, f"{ship.id}'s sensor echo has no recorded position")
            end = moved[1].get("end") or {}
            try:
                echo = (Pose(float(end["x"]), float(end["y"]), float(end["heading"])), int(moved[1]["speed"]))
            except (KeyError, TypeError, ValueError):
                raise Mismatch(moved[0], "the sensor echo's end pose is not a pose") from None
        return ActionChoice(action, target if isinstance(target, str) else None, echo, reason)

    def attack(self, state: GameState, ship: ShipState, options: list[AttackOption]
               ) -> tuple[AttackOption | None, str]:
        found = self.log.find(lambda e: e.get("type") in ("attack_declared", "attack_skipped")
                              and e.get("ship") == ship.id,
                              _types("ship_activated", "phase_started", "round_ended", "game_ended"),
                              f"attack of {ship.id}")
        if found is None:
            raise Mismatch(self.log.position, f"neither an attack nor holding fire is recorded for {ship.id}")
        index, event = found
        if event["type"] == "attack_skipped":
            return None, str(event.get("cause", ""))
        for option in options:
            if (option.weapon_key, option.defender, option.arc) == (event.get("weapon"), event.get("defender"),
                                                                    event.get("arc")):
                return option, str(event.get("reason", ""))
        raise Mismatch(index, f"{ship.id} cannot attack {event.get('defender')!r} with {event.get('weapon')!r} "
                       f"from its {event.get('arc')!r} arc: not a legal attack now")

    def keep_cloak(self, state: GameState, ship: ShipState) -> bool:
        found = self.log.find(lambda e: e.get("type") == "cloak_changed" and e.get("ship") == ship.id,
                              _types("round_ended", "game_ended", "round_started"), f"cloak of {ship.id}")
        return found is None or found[1].get("cloak") != "none"

    def spend(self, state: GameState, ship: ShipState, offer: SpendOffer) -> tuple[int, ...] | None:
        kind = "attack" if offer.kind == "attack_battle_stations" else "defense"
        spent = {"target_lock_reroll": ("dice_rerolled", "target lock"), "evade": ("die_added", "evade token")}
        event_type, cause = spent.get(offer.kind, ("dice_converted", "battle stations"))

        def want(e: dict[str, Any]) -> bool:
            return (e.get("type") == event_type and e.get("cause") == cause
                    and (event_type != "dice_converted" or e.get("kind") == kind))

        found = self.log.find(lambda e: want(e) and e.get("ship") == ship.id, _types("attack_resolved"),
                              f"{offer.kind} of {ship.id}")
        if found is None:
            return None
        indices = found[1].get("indices", ())
        return tuple(indices) if offer.kind == "target_lock_reroll" and isinstance(indices, list) else offer.dice


    def use_ability(self, state: GameState, ship: ShipState, offer: AbilityOffer) -> AbilityUse | None:
        """Used when the next recorded event is this card's ``ability_used`` (the engine emits it right
        after the decision); the dice, action and target it names are the decision."""
        event = self.log.get(self.log.position)
        if offer.window == "mines" and offer.card not in ship.cards:  # Cloaked Mines: the ship hit scans at once
            scans = event is not None and event.get("type") == "action_performed" and event.get("ship") == ship.id \
                and event.get("action") == "scan"
            return AbilityUse(choice="scan", reason=str(event.get("reason", ""))) if scans and event else None
        if event is None or event.get("type") != "ability_used" or (event.get("ship"), event.get("card"),
                                                                     event.get("ability")) != (
                ship.id, offer.card, offer.ability):
            return None
        dice = event.get("dice") or []
        choice, target = event.get("choice"), event.get("target")
        if not isinstance(dice, list) or not all(type(i) is int for i in dice):
            raise Mismatch(self.log.position, "an ability's dice are not die numbers")
        return AbilityUse(tuple(dice), choice if isinstance(choice, str) else None,
                          target if isinstance(target, str) else None, str(event.get("reason", "")))


class TablePlayer(LogPlayer):
    """A real table's decisions: also where the players set a ship after its maneuver (``Placer``)."""

    def placement(self, state: GameState, ship: ShipState) -> tuple[Pose, str] | None:
        event = self.log.get(self.log.position)
        if event is None or event.get("type") != "ship_nudged" or event.get("ship") != ship.id:
            return None
        end = event.get("end") or {}
        try:
            return Pose(float(end["x"]), float(end["y"]), float(end["heading"])), str(event.get("reason", ""))
        except (KeyError, TypeError, ValueError):
            raise Mismatch(self.log.position, "the placement's end is not a pose") from None


class TableDice:
    """The dice as recorded (a game from a real table): each face must be one of its die's faces."""

    def __init__(self, log: RecordedLog) -> None:
        self.log = log

    def roll(self, state: GameState, kind: str, count: int, ship: ShipState, cause: str, elite: int = -1
             ) -> tuple[list[str], int]:
        index = self.log.position
        event = self.log.get(index)
        if event is None:
            raise LogEnds("dice")
        faces = event.get("faces") if event.get("type") in ("dice_rolled", "dice_rerolled", "ability_used") else \
            [event.get("face")] if event.get("type") == "obstacle_rolled" else None
        if not isinstance(faces, list):
            raise Mismatch(index, f"the rules roll {count} {kind} dice for {ship.id} ({cause}) here; the file has "
                           f"a {event.get('type')!r} event")
        if len(faces) != count:
            raise Mismatch(index, f"{len(faces)} {kind} dice are recorded for {ship.id} ({cause}); the rules roll "
                           f"{count}")
        bad = [f for i, f in enumerate(faces) if f not in (ELITE_DIE if i == elite else FACES[kind])]
        if bad:
            raise Mismatch(index, f"{bad[0]!r} is not a face of the {kind} die")
        return [str(f) for f in faces], count


def _setup_from_header(header: dict[str, Any]) -> tuple[GameSetup, int, list[str]]:
    from engine.rulesets.attack_wing.play import header_for, setup_from_scenario
    from engine.rulesets.attack_wing.scenario import build_scenario

    seed, players, rounds = header.get("seed"), header.get("players"), header.get("round_limit")
    if type(seed) is not int or not 0 <= seed < 2**63:
        raise TrekError(f"the header's seed {seed!r} is not a seed")
    if not isinstance(players, list) or len(players) != 2 or not all(isinstance(p, str) for p in players):
        raise TrekError("the header does not name the two players")
    if type(rounds) is not int or not 1 <= rounds <= 1000:
        raise TrekError(f"the header's round limit {rounds!r} is not a number of rounds")
    try:
        scenario = build_scenario(header.get("scenario"), source="the header's scenario", base_dir=None)
    except TrekError as exc:
        raise TrekError(f"the header's scenario is not a valid one: {exc}") from None
    setup = setup_from_scenario(scenario, rounds)
    problem = header_problem(header, header_for(scenario, setup, seed, players), "scenario",
                             frozenset({"notation"}))
    notation = header.get("notation", {})
    if problem is None and not (isinstance(notation, dict) and all(
            isinstance(k, str) and isinstance(v, str) and not has_control(k + v) for k, v in notation.items())):
        problem = "the header's notation tags are not plain text"
    if problem is not None:
        raise TrekError(problem)
    return setup, seed, players


def replay_game(header: dict[str, Any], events: Any, result: dict[str, Any] | None, complete: bool) -> list[str]:
    """Play the recorded game again; the problems found (empty when the file is that game).

    ``events`` yields the recorded events as plain maps; ``complete`` is False for a cut-off file
    (the re-play stops where the file does, without a verdict on the rest).
    """
    if has_people(header):  # the people's answers are in the header: played again through their seats
        from engine.rulesets.attack_wing.people import seated_from_header

        return validate(seated_from_header, header, events, result, complete, "scenario")
    try:
        setup, seed, _ = _setup_from_header(header)
    except TrekError as exc:
        return [str(exc).splitlines()[0]]
    log = RecordedLog(events)
    table = is_table_game(header)
    on_top = 0  # a table's recorded damage cards on top of the seed's shuffle
    if table:  # the deck as the table dealt it (the first event records it)
        first = log.get(0)
        deck = first.get("deck") if first is not None and first.get("type") == "game_started" else None
        if isinstance(deck, list) and all(isinstance(c, str) for c in deck):
            top = _cards_on_top(deck, seed)
            if top is None:  # the seed is the header's claim too: the deck's order below the recorded cards
                return [f"event 0: the damage deck is not the seed's shuffle (seed {seed}) under the cards the "
                        "table recorded (docs/notation.md, Damage cards)"]
            on_top = top
            setup = replace(setup, deck=tuple(deck))
    player = TablePlayer(log) if table else LogPlayer(log)
    taken = [0]  # cards taken from the first deck (before it ran out)

    def run(sink: Callable[[Any, Any], None]) -> dict[str, Any] | None:
        def counting(event: Any, state: Any) -> None:
            if isinstance(event, ev.DamageDeckReshuffled):
                taken[0] = len(setup.deck or ())  # the first deck ran out: every card of it was taken
            elif isinstance(event, ev.DamageCardsDrawn):
                taken[0] += 2
            elif isinstance(event, ev.DamageDealt) and event.card is not None:
                taken[0] += 1
            sink(event, state)

        state = Game(setup, seed, [player, player], TableDice(log) if table else SeededDice(),
                     sink=counting if on_top else sink).play()
        final = state.result
        return None if final is None else {
            "winner": final.winner, "reason": final.reason, "points": list(final.points),
            "ships_lost": list(final.ships_lost), "rounds": state.round}

    problems = play_against_log(log, run, ev.event_to_dict, result, complete)
    if not problems and complete and taken[0] < on_top:
        problems.append(f"the damage deck holds {on_top} recorded cards on top of the seed's shuffle, but the "
                        f"game deals only {taken[0]} (docs/notation.md: record every card or none)")
    return problems


def _cards_on_top(deck: list[str], seed: int) -> int | None:
    """How many cards a table recorded on top of the seed's shuffle to give ``deck`` (the fewest that
    do), or None when no number does: the notation's deck is its recorded cards, in order, then the
    rest of the seed's shuffle (``notation.setup.TableBuilder.deck``)."""
    from engine.rulesets.attack_wing.damage import deck_keys
    from engine.rulesets.attack_wing.dice import Rng, shuffled

    rest = list(shuffled(Rng(seed), deck_keys())[0])
    for k in range(len(deck) + 1):
        if rest == deck[k:]:
            return k
        if k == len(deck) or deck[k] not in rest:
            return None
        rest.remove(deck[k])
    return None

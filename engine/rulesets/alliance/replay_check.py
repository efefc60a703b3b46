"""Validate an Alliance replay by playing the mission again (see the Attack Wing ``replay_check``).

The players' seat answers from the recorded events through the Player interface; the Enemy AI
decides by its logic cards and the seeded d6 as in any game, and every die is the seed's. The
header must be the one the mission, the player ships and the seed give.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any, Final

from engine.errors import TrekError
from engine.replay.recorded import Mismatch, RecordedLog, differences, header_problem, play_against_log
from engine.rulesets.alliance import events as ae
from engine.rulesets.alliance.game import AllianceGame, AllianceSetup
from engine.rulesets.alliance.logic import glyph_of
from engine.rulesets.alliance.mission import parse_mission
from engine.rulesets.alliance.play import DICE_KEY, PEOPLE_KEY, PlayerShip, header_for, mission_setup, seated
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.maneuvers import Maneuver
from engine.rulesets.attack_wing.players import ChoiceOffer, SeededDice
from engine.rulesets.attack_wing.replay_check import LogPlayer
from engine.rulesets.attack_wing.state import GameState
from engine.seats.session import Seated, has_people, validate


class AllianceLogPlayer(LogPlayer):
    """The players' seat from the log, with the choices an Alliance mission gives them (``Chooser``):
    the bank an Enemy AI ship swerves with, the still-tied ship it fires on."""

    def choose(self, state: GameState, offer: ChoiceOffer) -> tuple[int, str]:
        if offer.kind == "swerve":
            found = self.log.find(lambda e: e.get("type") == "swerved" and e.get("ship") == offer.ship,
                                  lambda e: e.get("type") in ("ship_moved", "phase_started"), f"swerve of {offer.ship}")
            if found is None:
                raise Mismatch(self.log.position, f"the players' choice of swerve for {offer.ship} is not recorded")
            event = found[1]
            try:
                label = glyph_of(Maneuver(str(event.get("to_kind")), int(event.get("to_speed", 0))))
            except (ValueError, TypeError):
                label = None
            pick = next((i for i, o in enumerate(offer.options) if o.label == label), None)
        else:
            found = self.log.find(lambda e: e.get("type") == "enemy_target_chosen" and e.get("ship") == offer.ship,
                                  lambda e: e.get("type") in ("attack_declared", "phase_started"),
                                  f"target of {offer.ship}")
            if found is None:
                raise Mismatch(self.log.position, f"the players' choice of target for {offer.ship} is not recorded")
            event = found[1]
            pick = next((i for i, o in enumerate(offer.options) if o.ship == event.get("target")), None)
        if pick is None:
            raise Mismatch(found[0], f"the players chose for {offer.ship} what the rules did not offer them "
                           f"({', '.join(o.label for o in offer.options)})")
        why = _CHOSE.search(str(event.get("reason", "")))
        return pick, why.group(1) if why else ""


_CHOSE: Final = re.compile(r"the players chose(?:: | \()(.*)\)$")  # "...chose: why)" or "...chose (why)"


def _unordered(ship: ev.ShipSetup) -> dict[str, Any]:
    return ship.model_copy(update={"upgrades": tuple(sorted(ship.upgrades))}).model_dump(mode="json")


def _upgrade_ids(ship: dict[str, Any]) -> tuple[str, ...]:
    """A player ship's upgrades as its loadout named them: a weapon by its card id (several cards share a
    weapon's name), any other card by its name."""
    cards = ship.get("cards")
    if cards:  # event schema 3: the catalog ids of the cards found, listed first, then names carried by name only
        return (*(str(c) for c in cards), *(str(u) for u in ship["upgrades"][len(cards):]))
    weapons = {str(w["name"]): str(w["upgrade_id"]) for w in ship.get("weapons", ())}
    return tuple(weapons.get(str(u), str(u)) for u in ship["upgrades"])


def _setup_from_header(header: dict[str, Any]) -> tuple[AllianceSetup, int]:
    setup, seed, _ = setup_and_ships(header)
    return setup, seed


def setup_and_ships(header: dict[str, Any]) -> tuple[AllianceSetup, int, list[PlayerShip]]:
    """The mission's setup, seed and player ships as the header gives them (checked against it)."""
    seed, players, rounds, fleets = header.get("seed"), header.get("players"), header.get("round_limit"), \
        header.get("fleets")
    if type(seed) is not int or not 0 <= seed < 2**63:
        raise TrekError(f"the header's seed {seed!r} is not a seed")
    if type(players) is not int or type(rounds) is not int or not 1 <= rounds <= 1000:
        raise TrekError("the header does not give the number of players and the round limit")
    try:
        ours = fleets[0]  # type: ignore[index]
        ships = [PlayerShip(str(label), str(s["ship_id"]), _upgrade_ids(s), int(s["skill"]), str(s["captain"]))
                 for s, label in zip(ours["ships"], ours["loadouts"], strict=True)]
    except (KeyError, TypeError, ValueError, IndexError):
        raise TrekError("the header's fleets do not list the player ships and their loadouts") from None
    mission = parse_mission(header.get("mission"), "the header's mission")
    setup = mission_setup(mission, players, seed, ships, rounds)
    # The header lists a ship's cards in the order its loadout had them, which the header cannot
    # give back (cards found in the catalog and cards carried by name only are listed apart): the
    # ships must be the same but for that order, and the header's order is kept.
    try:
        stored_ships = [ev.ShipSetup.model_validate(s) for s in ours["ships"]]
    except ValueError as exc:
        raise TrekError(f"the header's player ships are not ships: {str(exc).splitlines()[0]}") from None
    if [_unordered(s) for s in setup.player_ships] != [_unordered(s) for s in stored_ships]:
        raise TrekError("the header's player ships are not the ones their loadouts give: "
                        + differences({"ships": [_unordered(s) for s in stored_ships]},
                                      {"ships": [_unordered(s) for s in setup.player_ships]}))
    setup = replace(setup, player_ships=stored_ships)
    problem = header_problem(header, header_for(setup, seed, ships), "mission")
    if problem is not None:
        raise TrekError(problem)
    return setup, seed, ships


def seated_from_header(header: dict[str, Any]) -> Seated[AllianceGame]:
    """A saved mission's header as the game to play again: its setup, seed, ships and who flies them
    (here, beside the header's own checks, which play does not import)."""
    people = header.get(PEOPLE_KEY)
    if not isinstance(people, list) or not all(isinstance(p, str) for p in people):
        raise TrekError(f"the header's {PEOPLE_KEY} is not a list of player ships")
    dice = header.get(DICE_KEY, "engine")
    if dice not in ("engine", "table"):
        raise TrekError(f"the header's {DICE_KEY} is not table")
    setup, seed, ships = setup_and_ships({k: v for k, v in header.items()
                                          if k not in (PEOPLE_KEY, DICE_KEY, "answers")})
    return seated(setup, seed, ships, people, dice)


def replay_game(header: dict[str, Any], events: Any, result: dict[str, Any] | None, complete: bool) -> list[str]:
    """Play the recorded mission again; the problems found (empty when the file is that game)."""
    if has_people(header):  # the people's answers are in the header: played again through their seats
        return validate(seated_from_header, header, events, result, complete, "mission")
    try:
        setup, seed = _setup_from_header(header)
    except TrekError as exc:
        return [str(exc).splitlines()[0]]
    log = RecordedLog(events)

    def run(sink: Callable[[Any, Any], None]) -> dict[str, Any] | None:
        game = AllianceGame(setup, seed, AllianceLogPlayer(log), SeededDice(), sink=sink)
        game.play()
        outcome = game.full.mission
        return None if outcome is None else {
            "success": outcome.success, "reason": outcome.reason, "returned": list(outcome.returned),
            "xp": dict(outcome.xp), "rounds": game.full.aw.round}

    return play_against_log(log, run, ae.event_to_dict, result, complete)

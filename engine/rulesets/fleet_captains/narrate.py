"""Fleet Captains events as log lines: ``T3 side 1: K2 attacks F1: weapons 11+2+5 = 18 vs 13``.

Each event type has one line maker in ``_LINES``; the shapes they share (a side, a group of
ships, a step from one place to another, a pile) are worded by the helpers above it."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

from engine.rulesets.fleet_captains import events as fe

if TYPE_CHECKING:
    from engine.rulesets.fleet_captains.state import FcState
from engine.rulesets.fleet_captains.content import (
    CARGO,
    COMMAND_CARDS,
    ENCOUNTERS,
    MISSIONS,
    SHIP_CLASSES,
    TILES,
    mission_name,
    mission_vp,
)


def _card(card: str) -> str:
    for table in (COMMAND_CARDS, MISSIONS, ENCOUNTERS, CARGO, SHIP_CLASSES):
        if card in table:
            return str(table[card].name)
    return card


# the shared piles whose names alone would mislead ("shuffle the combat": its mission deck)
_PILES = {"science": "science mission deck", "combat": "combat mission deck", "influence": "influence mission deck",
          "tiles": "location tiles", "cargo": "cargo tokens", "cargo_spent": "spent cargo tokens"}


def _words(name: str) -> str:
    return _PILES.get(name, name.replace("_", " "))


def _side(side: int | None) -> str:
    return "" if side is None else f"side {side} "


def _class(card: str) -> str:
    """A ship card by its class's name ("Excelsior Class"), not its id ("excelsior")."""
    found = SHIP_CLASSES.get(card)
    return found.name if found is not None else card


def _a(name: str) -> str:
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def _ships(ships: Sequence[str]) -> str:
    return "+".join(ships)


def _step(e: Any) -> str:
    return f"{e.source} -> {e.dest}"


def _cards(cards: Sequence[str]) -> str:
    return ", ".join(_card(c) for c in cards[:4]) + (f" and {len(cards) - 4} more" if len(cards) > 4 else "")


def _if(flag: object, text: str) -> str:
    return text if flag else ""


def _tested(e: fe.Tested) -> str:
    mod = f"{e.modifiers:+d}" if e.modifiers else ""
    return f"{e.label}: {_ships(e.ships)} {e.system} {e.rating}{mod}+{e.die} = {e.total} vs {e.target}: " \
           f"{'success' if e.success else 'failure'}"


def _explored(e: fe.Explored) -> str:
    tile = TILES[e.tile]
    return f"{e.location} explored: {tile.name}, size {tile.size}" + _if(tile.planet, ", a planet")


def _crew_removed(e: fe.CrewRemoved) -> str:
    where = f" as a prisoner of {e.to_ship}" if e.prisoner else (f" for {e.to_ship}" if e.to_ship else "")
    return f"{_card(e.card)} leaves {e.ship}{where}" + _if(e.to_hand, ", back to its side's hand")


def _ended(e: fe.GameEnded) -> str:
    return ("a draw" if e.winner is None else f"side {e.winner} wins") + f": {e.reason}"


_LINES: dict[str, Callable[[Any], str]] = {
    "game_started": lambda e: f"{e.factions[0]} against {e.factions[1]}, fleet size {e.fleet_size}",
    "shuffled": lambda e: f"shuffle the {_words(e.pile)}" + _if(e.side is not None, f" of side {e.side}"),
    "map_laid": lambda e: f"{len(e.tiles)} location tiles laid face down",
    "drafted": lambda e: f"side {e.side} drafts {_a(_class(e.card))}: "
                         + (f"kept as {e.ship}" if e.ship else "discarded")
    + f" ({e.reason})",
    "redrafted": lambda e: f"side {e.side} restarts the draft",
    "chosen": lambda e: f"side {e.side} {_words(e.kind)}: {e.choice}" + _if(e.reason, f" ({e.reason})"),
    "cards_moved": lambda e: f"{_side(e.side)}{_words(e.source)} -> {_words(e.dest)}: {_cards(e.cards)} ({e.why})",
    "rolled": lambda e: f"side {e.side} rolls {e.value} ({e.purpose})",
    "table_rolled": lambda e: f"side {e.side} rolls {e.value} at the table ({e.purpose})",
    "tested": _tested,
    "turn_started": lambda e: f"side {e.side}'s turn" + _if(e.last, " (the last turn)"),
    "turn_ended": lambda e: f"side {e.side} ends the turn",
    "move_started": lambda e: f"{_ships(e.ships)} move with {e.points} points",
    "moved": lambda e: f"{_ships(e.ships)} {_step(e)} (cost {e.cost})",
    "move_ended": lambda e: f"{_ships(e.ships)} end the move: {e.why}",
    "explored": _explored,
    "damaged": lambda e: f"{e.ship} takes {e.amount} damage ({e.cause})",
    "scored_vp": lambda e: f"side {e.side} {e.amount:+d} VP: {e.why}",
    "power_adjusted": lambda e: f"{e.ship} turns its dial to setting {e.setting}" + _if(e.free, " (forced de-cloak)"),
    "cloaked": lambda e: f"{e.ship} cloaks (token {e.token})",
    "echo_deployed": lambda e: f"side {e.side} adds a sensor echo at {e.location}",
    "echo_move_started": lambda e: f"sensor echo {e.token} moves with {e.points} points",
    "token_moved": lambda e: f"cloak token {e.token} {_step(e)}",
    "token_revealed": lambda e: f"cloak token {e.token} turned over: " + (f"it is {e.ship}" if e.ship
                                                                          else "a sensor echo"),
    "token_gathered": lambda e: f"cloak token {e.token} gathered {_step(e)}",
    "cargo_moved": lambda e: f"{_card(e.cargo)} {_step(e)}" + _if(e.why, f" ({e.why})"),
    "influence_changed": lambda e: f"side {e.side} influence at {e.location} {e.delta:+d}",
    "installed": lambda e: f"side {e.side} builds {'an' if e.kind == 'outpost' else 'a'} {e.kind} at {e.location}",
    "installation_lost": lambda e: f"side {e.side} loses its {e.kind} at {e.location}",
    "reinforced": lambda e: f"side {e.side} reinforces with a {e.card} ({e.ship})",
    "repaired": lambda e: f"{e.ship} repaired one alert status" + _if(e.movement, " (spending its move)"),
    "scanned": lambda e: f"side {e.side} scans {e.location}",
    "action_taken": lambda e: f"side {e.side} action: {_words(e.action)}" + _if(e.ships, f" by {_ships(e.ships)}"),
    "extra_action": lambda e: f"{e.ship} may take a second action" if e.ship else f"side {e.side} gains an action",
    "crew_assigned": lambda e: f"{_card(e.card)} joins {e.ship}",
    "crew_removed": _crew_removed,
    "mission_progress": lambda e: f"{e.ship} makes a step of {mission_name(e.mission)} at {e.location}",
    "mission_reset": lambda e: f"{e.ship} is back at its command post: {mission_name(e.mission)} starts over",
    "mission_completed": lambda e: f"side {e.side} completes {mission_name(e.card)} (+{mission_vp(e.card)} VP) by "
                                   f"{_ships(e.ships)}",
    "game_ended": _ended,
}


_SIDE: Final = re.compile(r"\bside ([01])\b")


def faction_of(state: FcState, side: int) -> str:
    """What a player reads for a side: its faction ("Federation"), or "side N" before the factions are known."""
    return state.sides[side].faction if 0 <= side < len(state.sides) and state.sides[side].faction else f"side {side}"


def sided(text: str, state: FcState) -> str:
    """``text`` with every "side N" said as that side's faction."""
    return _SIDE.sub(lambda m: faction_of(state, int(m.group(1))), text)


def describe(e: fe.Event) -> str:
    """What the event says, in a line."""
    return _LINES[e.type](e)


def log_line(e: fe.Event) -> str:
    return f"T{e.turn} {describe(e)}"

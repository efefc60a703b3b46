"""Fleet Captains events as log lines: ``T3 side 1: K2 attacks F1: weapons 11+2+5 = 18 vs 13``."""

from __future__ import annotations

from engine.rulesets.fleet_captains import events as fe
from engine.rulesets.fleet_captains.content import COMMAND_CARDS, ENCOUNTERS, MISSIONS, TILES


def _card(card: str) -> str:
    for table in (COMMAND_CARDS, MISSIONS, ENCOUNTERS):
        if card in table:
            return table[card].name
    return card


def describe(e: fe.Event) -> str:
    """What the event says, in a line."""
    if isinstance(e, fe.GameStarted):
        return f"{e.factions[0]} against {e.factions[1]}, fleet size {e.fleet_size}"
    if isinstance(e, fe.Shuffled):
        return f"shuffle the {e.pile.replace('_', ' ')}" + ("" if e.side is None else f" of side {e.side}")
    if isinstance(e, fe.MapLaid):
        return f"{len(e.tiles)} location tiles laid face down"
    if isinstance(e, fe.Drafted):
        return f"side {e.side} drafts a {e.card}: " + (f"kept as {e.ship}" if e.ship else "discarded") + \
            f" ({e.reason})"
    if isinstance(e, fe.Chosen):
        return f"side {e.side} {e.kind.replace('_', ' ')}: {e.choice}" + (f" ({e.reason})" if e.reason else "")
    if isinstance(e, fe.CardsMoved):
        shown = ", ".join(_card(c) for c in e.cards[:4]) + (f" and {len(e.cards) - 4} more" if len(e.cards) > 4
                                                              else "")
        who = "" if e.side is None else f"side {e.side} "
        return f"{who}{e.source.replace('_', ' ')} -> {e.dest.replace('_', ' ')}: {shown} ({e.why})"
    if isinstance(e, fe.Rolled):
        return f"side {e.side} rolls {e.value} ({e.purpose})"
    if isinstance(e, fe.Tested):
        mod = f"{e.modifiers:+d}" if e.modifiers else ""
        verdict = "success" if e.success else "failure"
        return f"{e.label}: {'+'.join(e.ships)} {e.system} {e.rating}{mod}+{e.die} = {e.total} vs {e.target}: {verdict}"
    if isinstance(e, fe.TurnStarted):
        return f"side {e.side}'s turn" + (" (the last turn)" if e.last else "")
    if isinstance(e, fe.TurnEnded):
        return f"side {e.side} ends the turn"
    if isinstance(e, fe.MoveStarted):
        return f"{'+'.join(e.ships)} move with {e.points} points"
    if isinstance(e, fe.Moved):
        return f"{'+'.join(e.ships)} {e.source} -> {e.dest} (cost {e.cost})"
    if isinstance(e, fe.MoveEnded):
        return f"{'+'.join(e.ships)} end the move: {e.why}"
    if isinstance(e, fe.Explored):
        tile = TILES[e.tile]
        return f"{e.location} explored: {tile.name}, size {tile.size}" + (", a planet" if tile.planet else "")
    if isinstance(e, fe.Damaged):
        return f"{e.ship} takes {e.amount} damage ({e.cause})"
    if isinstance(e, fe.ScoredVp):
        return f"side {e.side} {e.amount:+d} VP: {e.why}"
    if isinstance(e, fe.PowerAdjusted):
        return f"{e.ship} turns its dial to setting {e.setting}" + (" (forced de-cloak)" if e.free else "")
    if isinstance(e, fe.Cloaked):
        return f"{e.ship} cloaks (token {e.token})"
    if isinstance(e, fe.EchoDeployed):
        return f"side {e.side} adds a sensor echo at {e.location}"
    if isinstance(e, fe.EchoMoveStarted):
        return f"sensor echo {e.token} moves with {e.points} points"
    if isinstance(e, fe.TokenMoved):
        return f"cloak token {e.token} {e.source} -> {e.dest}"
    if isinstance(e, fe.TokenRevealed):
        return f"cloak token {e.token} turned over: " + (f"it is {e.ship}" if e.ship else "a sensor echo")
    if isinstance(e, fe.InfluenceChanged):
        return f"side {e.side} influence at {e.location} {e.delta:+d}"
    if isinstance(e, fe.Installed):
        return f"side {e.side} builds a {e.kind} at {e.location}"
    if isinstance(e, fe.InstallationLost):
        return f"side {e.side} loses its {e.kind} at {e.location}"
    if isinstance(e, fe.Reinforced):
        return f"side {e.side} reinforces with a {e.card} ({e.ship})"
    if isinstance(e, fe.Repaired):
        return f"{e.ship} repaired one alert status" + (" (spending its move)" if e.movement else "")
    if isinstance(e, fe.Scanned):
        return f"side {e.side} scans {e.location}"
    if isinstance(e, fe.ActionTaken):
        return f"side {e.side} action: {e.action.replace('_', ' ')}" + (f" by {'+'.join(e.ships)}" if e.ships else "")
    if isinstance(e, fe.ExtraAction):
        return f"side {e.side} gains an action"
    if isinstance(e, fe.CrewAssigned):
        return f"{_card(e.card)} joins {e.ship}"
    if isinstance(e, fe.CrewRemoved):
        return f"{_card(e.card)} leaves {e.ship}" + (f" for {e.to_ship}" if e.to_ship else "")
    if isinstance(e, fe.MissionCompleted):
        m = MISSIONS[e.card]
        return f"side {e.side} completes {m.name} (+{m.vp} VP)"
    assert isinstance(e, fe.GameEnded)
    return ("a draw" if e.winner is None else f"side {e.winner} wins") + f": {e.reason}"


def log_line(e: fe.Event) -> str:
    return f"T{e.turn} {describe(e)}"

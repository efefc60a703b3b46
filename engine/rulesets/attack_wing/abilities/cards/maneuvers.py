"""Cards that move the ship again or change how it moves: an "Action:" that performs an additional
maneuver (``Effect("maneuver")``, performed by ``Game.extra_maneuver``; ``abilities/moves.py``)."""

from __future__ import annotations

from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect, Situation


def _green_this_round(sit: Situation) -> bool:
    """The card's ship performed a green maneuver this round (its revealed dial)."""
    revealed = sit.owner.revealed
    return revealed is not None and revealed[2] == "green"


def _friend_at_range_1(sit: Situation) -> bool:
    """Another friendly ship within Range 1 of the card's ship."""
    return any(s.id != sit.owner.id and rules.band_between(sit.owner, s) == 1
               for s in sit.state.in_play(sit.owner.side))


def _straight_4_or_5(sit: Situation) -> bool:
    """The maneuver the ship is about to perform is a 4 or 5 straight (its revealed dial's)."""
    now = rules.revealed(sit.owner)
    return now is not None and now[0].kind == "straight" and now[0].speed in (4, 5)


def _one_forward(sit: Situation) -> bool:
    """The ship performed a 1 straight this round (its revealed dial)."""
    revealed = sit.owner.revealed
    return revealed is not None and revealed[:2] == ("straight", 1)


CARDS: tuple[Card, ...] = (
    Card(("2020",), "Gul Ranor", "captain", (
        Ability("action", Effect("maneuver", maneuvers=(("straight", 1), ("straight", 2))),
                "Action: an additional 1 or 2 straight maneuver; an auxiliary power token", Cost(aux_power=True)),)),
    Card(("3049",), "In'cha", "talent", (
        Ability("action", Effect("maneuver"), "Action: discard this card; an additional maneuver of the ship's "
                "dial, its choice", Cost(discard=True)),)),
    Card(("3089",), "Jadzia Dax", "crew", (
        Ability("action", Effect("maneuver", maneuvers=(("straight", 2), ("left-bank", 2), ("right-bank", 2)),
                                 and_self=True),
                "Action: disable this card; an additional 2 straight or 2 bank maneuver; the ship may not attack "
                "this round", Cost(disable=True)),
        Ability("declare_target", Effect("cannot_attack", targets="owner"),
                "after Jadzia Dax's maneuver her ship attacks no one this round",
                condition=Condition(scope="marked"), optional=False))),
    Card(("3001",), "Engage", "talent", (
        Ability("action", Effect("maneuver", colours=("green",)),
                "Action: after a green maneuver this round, an additional green maneuver of the ship's dial; an "
                "auxiliary power token", Cost(aux_power=True), Condition(check=_green_this_round)),)),
    Card(("3021",), "Pavel Chekov", "crew", (
        Ability("after_move", Effect("remove_token", tokens=("aux_power",), colours=("white",)),
                "after a white maneuver of its own, its ship may remove an auxiliary power token (not an action: "
                "even under auxiliary power)"),)),
    Card(("2015",), "Mirok", "captain", (
        Ability("after_move", Effect("repair_damage"), "after his ship's own maneuver, with another friendly "
                "ship within Range 1: repair 1 damage, to the hull or the shields (his choice)",
                condition=Condition(check=_friend_at_range_1)),)),
    Card(("3113",), "Transwarp Drive", "tech", (
        Ability("before_move", Effect("change_maneuver", maneuvers=(("straight", 6),)),
                "the dial revealed a 4 or 5 straight: a 6 straight instead (white when the dial has none)",
                condition=Condition(check=_straight_4_or_5)),)),
    Card(("3031",), "Nyota Uhura", "crew", (
        Ability("before_move", Effect("change_maneuver"), "discard this card just before the ship moves: another "
                "maneuver of its dial instead of the revealed one (no red one under auxiliary power)",
                Cost(discard=True)),)),
    Card(("2018",), "Martok", "captain", (
        Ability("after_move", Effect("grant_action", reach=(1, 2)), "after his ship's own maneuver: a friendly "
                "ship within Range 1-2 whose captain has a lower skill may perform one free action now (his choice "
                "of ship, its seat's of action)"),)),
    Card(("3109",), "Janice Rand", "crew", (
        Ability("after_move", Effect("talent_action"), "after her ship's own maneuver: discard this card; its "
                "captain resolves the Action: of one of its talent upgrades at once, as a free action",
                Cost(discard=True)),)),
    Card(("3026",), "Cochrane Deceleration Maneuver", "talent", (
        Ability("action", Effect("reverse"), "Action: after a 1 straight this round, discard this card: the ship comes "
                "about where it stands (turns 180 degrees); an auxiliary power token",
                Cost(discard=True, aux_power=True), Condition(check=_one_forward)),)),
    Card(("3080",), "Suicide Attack", "tech", (
        Ability("action", Effect("mark"), "Action: at the end of the Activation Phase the ship rams: a 1 straight and "
                "an auxiliary power token"),
        Ability("activation_end", Effect("ram", 8), "marked, at the end of the Activation Phase: a 1 straight and an "
                "auxiliary power token; overlapping an enemy ship: destroyed, 8 attack dice at it against its "
                "defense dice", condition=Condition(scope="marked"), optional=False)),
        note="for Jem'Hadar ships only: fleet building"),
)

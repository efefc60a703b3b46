"""Ship cards whose own abilities are an "Action:" or a free action, or play around the ship's maneuver,
its cloak, the Planning Phase or a friend's damage. Each says in the project's words what the card's
text does."""

from __future__ import annotations

from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities.cards.common import (
    MARKED_ATTACKING,
    attack_rider,
    defense_rider,
    this_round,
)
from engine.rulesets.attack_wing.abilities.cards.ships.combat import _always
from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect, Situation


def _no_enemy_at_range_1(sit: Situation) -> bool:
    return not any(rules.band_between(sit.owner, s) == 1 for s in sit.state.in_play() if s.side != sit.owner.side)

APNEX, NEGHVAR = "1013", "1017"
ONE_MANEUVERS = ("straight", "left-bank", "right-bank", "left-turn", "right-turn")


def _apnex_used(sit: Situation) -> bool:
    """The R.I.S. Apnex has used its once-per-game Action:."""
    return APNEX in sit.owner.used_game


CARDS: tuple[Card, ...] = (
    Card(("1044",), "U.S.S. Excelsior", "ship", (
        Ability("after_move", Effect("free_action", actions=("scan",)), "after moving with no enemy ship within "
                "Range 1: a free Scan action", condition=Condition(check=_no_enemy_at_range_1)),)),
    Card(("1009",), "U.S.S. Enterprise", "ship", (
        _always("aux_power", Effect("aux_actions"), "with an auxiliary power token: it still performs an action "
                "of its Action Bar", Condition()),)),
    Card(("1036",), "5th Wing Patrol Ship", "ship", (
        this_round("Action: this round +1 attack die attacking, -1 defense die defending"),
        attack_rider(1, "marked, attacking: +1 attack die"),
        defense_rider(-1, "marked, defending: -1 defense die"))),
    Card(("1046",), "R.I.S. Vo", "ship", (
        Ability("after_move", Effect("free_action", actions=("evasive_maneuvers",), and_self=True),
                "after moving: a free Evasive Maneuvers action, and then no attack this round"),
        Ability("declare_target", Effect("cannot_attack", targets="owner"),
                "after its free Evasive Maneuvers it attacks no one this round", optional=False))),
    Card(("1023",), "Krayton", "ship", (
        this_round("Action: disable 1 active shield: this round +1 attack die, and its blanks may be rerolled once",
                   Cost(shields=1)),
        attack_rider(1, "marked, attacking: +1 attack die"),
        Ability("modify_attack", Effect("reroll", 0, "attack", ("blank",)), "marked, attacking: reroll every blank "
                "result once", condition=MARKED_ATTACKING))),
    Card((APNEX,), "R.I.S. Apnex", "ship", (
        Ability("action", Effect("damage", 1, targets="ships", reach=(1,), and_self=True), "Action, once per "
                "game: every other ship at Range 1, and the Apnex itself, suffers 1 damage", Cost(limit="game")),
        Ability("planning", Effect("dial_limit", 1, actions=ONE_MANEUVERS), "once its Action: is used: for the "
                "rest of the game it sets only a 1 straight, bank or turn on its dial",
                condition=Condition(check=_apnex_used), optional=False))),
    Card((NEGHVAR,), "I.K.S. Negh'var", "ship", (
        Ability("action", Effect("shield_roll", 3, targets="ships", reach=(1, 2), in_arc=True, pick=True),
                "Action: at a ship with active shields in its forward arc at Range 1-2: roll 3 attack dice; each hit "
                "disables one of that ship's active shields"),
        Ability("free_action", Effect("free_action", upgrades=("crew",), actions=("3048",)), "after its Action: "
                "this round: its Klingon Boarding Party's Action: as a free action", condition=Condition(after=0)))),
    Card(("1019",), "Kraxon", "ship", (
        Ability("transfer", Effect("transfer"), "a friendly ship within Range 1 about to suffer damage: any number "
                "of those points, up to its active shields, go to its own shields instead (critical damage first)",
                condition=Condition(scope="friendly", aura=(1,))),)),
    Card(("1034",), "I.R.W. Praetus", "ship", (
        Ability("cloak", Effect("cloak_anyway"), "it may perform the Cloak action with no active shields",
                optional=False),
        Ability("cloak", Effect("cloak_roll", 1, "attack", ("battle_stations",)), "performing the Cloak action: "
                "roll 1 attack die; a battle stations result is 1 damage to its hull", optional=False))),
)

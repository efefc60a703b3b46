"""More ship cards' own abilities (the ship card's catalog id among its ship's cards): torpedoes
fired without their usual price (Gor Portas, Deep Space 9), a Cloak action with no shields and its
roll (I.R.W. Praetus), damage to every ship near it and a slow dial after (R.I.S. Apnex), a friend's
damage taken on its own shields (Kraxon). Each says
in the project's words what the card's text does."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect, Situation

APNEX, NEGHVAR = "1013", "1017"
ONE_MANEUVERS = ("straight", "left-bank", "right-bank", "left-turn", "right-turn")


def _apnex_used(sit: Situation) -> bool:
    """The R.I.S. Apnex has used its once-per-game Action:."""
    return APNEX in sit.owner.used_game


def _torpedo(sit: Situation) -> bool:
    """The weapon fired is a torpedo: a secondary weapon whose card's name says so (rulings.md)."""
    weapon = sit.attack.weapon if sit.attack is not None else None
    return weapon is not None and "torpedo" in weapon.name.casefold()


def _lock_weapon(sit: Situation) -> bool:
    """The weapon fired asks for a target lock on the defender (a torpedo's "spend your target lock")."""
    weapon = sit.attack.weapon if sit.attack is not None else None
    return weapon is not None and weapon.needs_target_lock and _torpedo(sit)


CARDS: tuple[Card, ...] = (
    Card(("1021",), "Gor Portas", "ship", (
        Ability("attack_dice", Effect("keep_lock"), "firing a torpedo that needs its target lock: the lock is "
                "not spent (it may still reroll dice in that attack, as any lock)",
                condition=Condition(role="attacker", check=_lock_weapon), optional=False),)),
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
    Card(("1025",), "Deep Space 9", "ship", (
        Ability("attack_dice", Effect("spare_weapon"), "firing a torpedo: the torpedo card is not disabled",
                condition=Condition(role="attacker", check=_torpedo), optional=False),),
        note="a station: it moves only as its printed dial allows (stop and rotations; tournament ruling 50), "
             "as the engine's dial for it already does"),
)

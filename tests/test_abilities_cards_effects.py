"""The cards lane's cards on the effects beyond dice (abilities.md): shield repair, canceling in the
Compare Results step, an upgrade disabled on another ship, Time Tokens, and the Interphase
Generator's "exactly one hit". Each from its text's situation and one where it does not hold."""

from __future__ import annotations

from ability_helpers import AKIRA, ATTACK_SHIP, VORCHA, attack, dice_count, facing, one_attack, resolved, ship, used
from aw_helpers import ScriptedDice, ScriptedPlayer, game

from engine.errors import IllegalDecision
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.players import ActionChoice

BLANKS = ["blank"] * 30
QUINN = "quinn_72000b"  # a crew card: cancels a hit or crit when defending
FERENGI = "1024"  # Ferengi Marauder (D'Kora class)


def _of(g: Game, kind: type[ev.Event], cause: str) -> list[ev.Event]:
    return [e for e in g.events if isinstance(e, kind) and getattr(e, "cause", None) == cause]


def _shot_then(upgrades: list[str], j_hull: str, action: str, fires: bool = False,
               dial: tuple[str, int] = ("straight", 1)) -> Game:
    """Round 1: A's two hits at Range 3 take two of J's shields (J holds fire); round 2 J performs
    ``action`` (after the ``dial`` maneuver) and, when it ``fires``, attacks A."""
    seats = [ScriptedPlayer(attacks={"A": ["J", None]}),
             ScriptedPlayer(dials={"J": [("straight", 1), dial]},
                            actions={"J": [ActionChoice("pass"), ActionChoice(action)]},
                            attacks={"J": [None, "A" if fires else None]})]
    g = game([ship("A", 0, AKIRA), ship("J", 1, j_hull, upgrades=upgrades)], facing(3), seats,
             ScriptedDice(["hit", "hit", *BLANKS]), round_limit=2)
    g.play()
    return g


def test_rom_repairs_two_shields_on_a_ferengi_ship_one_elsewhere() -> None:
    g = _shot_then(["rom_72013"], ATTACK_SHIP, "ability:rom_72013:0")
    assert [e.amount for e in _of(g, ev.ShieldsRepaired, "Rom")] == [1]  # type: ignore[attr-defined]
    g = _shot_then(["rom_72013"], FERENGI, "ability:rom_72013:1")
    assert [e.amount for e in _of(g, ev.ShieldsRepaired, "Rom")] == [2]  # type: ignore[attr-defined]
    try:  # the Ferengi ability is not offered on a Dominion ship
        _shot_then(["rom_72013"], ATTACK_SHIP, "ability:rom_72013:1")
    except IllegalDecision:
        pass
    else:
        raise AssertionError("Rom's Ferengi repair was offered on a Dominion ship")


def test_b_elanna_torres_pays_a_card_and_a_shield_to_cancel_a_hit() -> None:
    faces = ["crit", "hit", "blank", "blank", "blank", "blank", "blank"]
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, upgrades=["b_elanna_torres_72014"])], faces)
    [use] = used(g, "b_elanna_torres_72014")
    assert use.window == "compare" and (resolved(g).hits + resolved(g).crits) == 1
    assert [(e.active, e.disabled) for e in _of(g, ev.ShieldsChanged, "B'Elanna Torres")] == [(1, 1)]  # type: ignore[attr-defined]
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, upgrades=["b_elanna_torres_72014"],
                                              shields=0)], faces)
    assert not used(g, "b_elanna_torres_72014")  # no active shield to pay with


def test_command_pod_cancels_any_die() -> None:
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, upgrades=["command_pod_72333"])],
                   ["crit", "hit", "blank", "blank", "blank", "evade", "blank"])
    assert used(g, "command_pod_72333")[0].dice == (0,) and resolved(g).crits == 0
    g = one_attack([ship("A", 0, AKIRA, upgrades=["command_pod_72333"]), ship("J", 1, ATTACK_SHIP)],
                   ["crit", "hit", "blank", "blank", "blank", "evade", "blank"])
    assert not used(g)  # attacking: not its step


def _aimed(card: str, band: int, captain: bool = False) -> Game:
    """J (acting after both moved) uses the card on A, whose Quinn it may disable; A then attacks J."""
    seats = [ScriptedPlayer(use_abilities=True),
             ScriptedPlayer(actions={"J": [ActionChoice(f"ability:{card}:0", "A")]}, use_abilities=True)]
    j = ship("J", 1, ATTACK_SHIP, upgrades=[card])
    return one_attack([ship("A", 0, AKIRA, upgrades=[QUINN]), j], BLANKS, band=band, players=seats)


def test_miles_o_brien_kohn_ma_and_seska_disable_the_targets_crew() -> None:
    for card, band in (("3003", 3), ("i_am_kohn_ma_op6prize", 1), ("seska_71282", 2)):
        g = _aimed(card, band)
        disabled = [(e.ship, e.card) for e in g.events if isinstance(e, ev.CardDisabled)]  # type: ignore[attr-defined]
        assert disabled == [("A", QUINN)], card
        paid = g.state.ship("J")
        assert card in (paid.cards_disabled if card == "seska_71282" else paid.cards_discarded), card
    try:
        _aimed("seska_71282", 1)  # Seska reaches Range 2-3 only
    except IllegalDecision:
        return
    raise AssertionError("Seska was offered at Range 1")


def test_interphase_generator_makes_a_cloaked_ships_damage_one_hit() -> None:
    cloak = [ScriptedPlayer(attacks={"A": ["J"]}, use_abilities=True),
             ScriptedPlayer(actions={"J": [ActionChoice("cloak")]}, use_abilities=True)]
    faces = ["crit", "crit", "hit", "hit", "blank"] + ["evade"] + ["blank"] * 4 + BLANKS
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, VORCHA, upgrades=["3040"])], faces, players=cloak)
    assert used(g, "3040")[0].window == "compare" and (resolved(g).hits, resolved(g).crits) == (1, 0)
    assert "3040" in g.state.ship("J").cards_discarded
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, VORCHA, upgrades=["3040"])], faces)
    assert not used(g, "3040") and resolved(g).crits == 2  # not cloaked
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, VORCHA, upgrades=["3040"])],
                   ["hit", "blank", "blank", "blank", "blank"] + ["blank"] * 5 + BLANKS, players=cloak)
    assert not used(g, "3040") and resolved(g).hits == 1  # one hit already: the card is kept


def test_disguise_protocol_takes_two_attack_dice_then_waits() -> None:
    g = attack(BLANKS, j=["disguise_protocol_72939"])
    assert dice_count(g, "attack") == 3 and used(g)[0].time == 3
    assert g.state.ship("J").time_on("disguise_protocol_72939") == 2  # one leaves in the End Phase
    assert dice_count(attack(BLANKS, a=["disguise_protocol_72939"]), "attack") == 5  # attacking: not its step


def _j_attack(g: Game) -> int:
    return len(next(e for e in g.events if isinstance(e, ev.DiceRolled) and e.ship == "J" and e.kind == "attack").faces)


def test_repairs_that_cost_attack_dice_this_round() -> None:
    for card, repaired, fewer in (("3065", 1, 1), ("3020", 1, 2)):
        g = _shot_then([card], ATTACK_SHIP, f"ability:{card}:0", fires=True)
        base = _shot_then([card], ATTACK_SHIP, "pass", fires=True)
        assert [e.amount for e in g.events if isinstance(e, ev.ShieldsRepaired)] == [repaired], card  # type: ignore[attr-defined]
        assert _j_attack(g) == _j_attack(base) - fewer, card


def test_kyle_repairs_only_after_a_green_maneuver() -> None:
    try:
        _shot_then(["3020"], ATTACK_SHIP, "ability:3020:0", dial=("straight", 4))  # white
    except IllegalDecision:
        return
    raise AssertionError("Kyle was offered after a white maneuver")


def test_miles_o_brien_repairs_two_shields_and_holds_fire() -> None:
    g = _shot_then(["3090"], ATTACK_SHIP, "ability:3090:0", fires=True)
    assert [e.amount for e in g.events if isinstance(e, ev.ShieldsRepaired)] == [2]  # type: ignore[attr-defined]
    assert not [e for e in g.events if isinstance(e, ev.AttackDeclared) and e.ship == "J"]
    assert [e for e in _shot_then(["3090"], ATTACK_SHIP, "pass", fires=True).events
            if isinstance(e, ev.AttackDeclared) and e.ship == "J"]


def test_tactical_officer_rerolls_the_target_locks_dice_once_more() -> None:
    lock = [ScriptedPlayer(actions={"A": [ActionChoice("target_lock", "J")]}, use_abilities=True),
            ScriptedPlayer(use_abilities=True)]
    faces = ["blank", "blank", "hit", "hit", "hit", "blank", "hit", "hit", *BLANKS]  # roll, lock, officer
    g = one_attack([ship("A", 0, AKIRA, upgrades=["3035"]), ship("J", 1, ATTACK_SHIP)], faces, players=lock)
    rerolls = [(e.cause, e.indices) for e in g.events if isinstance(e, ev.DiceRerolled)]
    assert rerolls == [("target lock", (0, 1)), ("Tactical Officer", (0,))]  # the blank the lock left
    assert resolved(g).hits == 5
    g = one_attack([ship("A", 0, AKIRA, upgrades=["3035"]), ship("J", 1, ATTACK_SHIP)], faces)
    assert not used(g, "3035")  # no target lock: nothing to reroll again

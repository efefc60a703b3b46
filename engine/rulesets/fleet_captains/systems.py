"""System tests, combat and the other rolls of the summary, worked out as events.

A system test (summary, "8. System Tests"): 1. the test type and the system rating (summed over
the ships of a cooperative test; crew serving aboard add to it); 2. the tester may play one command
card; 3. the opponent may play one (a card noted as played against an enemy: a ``hinder`` card);
4. crew abilities (a crew member aboard a testing ship discarded for its ability, which "does not
count as playing a Command Card") and modifiers (an unstable cargo aboard costs 1 on shields); 5. a
d6 added to it all; the test succeeds when the total reaches the target. Opposed: each side plays
one card (its own modifier or a hinder on the other's test), then may discard a crew member for
its ability; the active side succeeds only when its total is higher.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.rulesets.fleet_captains import events as fe
from engine.rulesets.fleet_captains.content import CARGO, COMMAND_CARDS, UNSTABLE_SHIELDS, System
from engine.rulesets.fleet_captains.players import Act, Offer
from engine.rulesets.fleet_captains.rules import damage_for, other, rating

if TYPE_CHECKING:  # the table the turn is played on; the game plays the turn (``Game.play``)
    from engine.rulesets.fleet_captains.game import Game

COMBAT_SYSTEMS = ("weapons", "shields")


def card_options(game: Game, side: int, ships: Sequence[str], system: System | None,
                 against: System | None = None) -> tuple[Act, ...]:
    """The cards a side may play on a test of ``system`` by its ``ships``: a combat card on a weapons
    or shields test, an ops modifier on the others (its requirement met by a crew member aboard
    one of the ships); or a hinder card on the opponent's test of ``against``. A crew member's
    discard is no card play (``crew_options``)."""
    out = [Act("no_card", label="no card")]
    aboard = {COMMAND_CARDS[c].crew for s in ships for c in game.state.ship(s).crew}
    for card_id in dict.fromkeys(game.state.side(side).hand):
        card = COMMAND_CARDS[card_id]
        kind = "combat" if card.system in COMBAT_SYSTEMS else "ops"
        if system is not None and card.kind == kind and card.effect == "modifier" and card.system == system \
                and (card.requires is None or card.requires in aboard):
            out.append(Act("card", target=card_id, value=card.amount, label=f"play {card.name} (+{card.amount})"))
        if against is not None and card.kind == kind and card.effect == "hinder" and card.system == against:
            out.append(Act("hinder", target=card_id, value=card.amount,
                           label=f"play {card.name} against the {against} test (-{card.amount})"))
    return tuple(out)


def crew_options(game: Game, ships: Sequence[str], system: System) -> tuple[Act, ...]:
    """Step 4's crew abilities: a crew member of ``system`` aboard one of the testing ships, discarded
    for their ability (amount + 1 on this test, on top of the rating they served in at step 1).
    Summary, "Crew Cards": "Discarding a crewman to use their Combat or Ops ability does not count
    as playing a Command Card", so it comes besides the test's one card (chosen: one a side a test)."""
    out = [Act("no_crew", label="no crew ability")]
    for ship_id in ships:
        for card_id in game.state.ship(ship_id).crew:
            card = COMMAND_CARDS[card_id]
            if card.system == system:
                out.append(Act("crew_ability", ships=(ship_id,), target=card_id, value=card.amount + 1,
                               label=f"discard {card.name} from {ship_id} (+{card.amount + 1})"))
    return tuple(out)


def crew_ability(game: Game, side: int, ships: Sequence[str], system: System, on: str) -> int:
    """Offer step 4's crew abilities to ``side`` when it has any; what the one discarded adds."""
    options = crew_options(game, ships, system)
    if len(options) == 1:
        return 0
    return play_card(game, side, game.ask(Offer(side, "crew_ability", options, note=on)), on)[0]


def play_card(game: Game, side: int, act: Act, on: str) -> tuple[int, int]:
    """Play the picked card (play 1, draw 1; a trash card leaves the game) or discard the crew
    member; what it adds to the side's own test and what it takes off the opponent's."""
    if act.kind in ("card", "hinder"):
        dest = "trash" if COMMAND_CARDS[act.target].trash else "command_discard"
        game.move_cards(side, "hand", dest, (act.target,), f"played on {on}")
        game.draw_commands(side, 1, "play 1, draw 1")
        return (act.value, 0) if act.kind == "card" else (0, act.value)
    if act.kind == "crew_ability":
        game.emit(fe.CrewRemoved(turn=game.turn, ship=act.ships[0], card=act.target))
        return act.value, 0
    return 0, 0


def ask_card(game: Game, side: int, ships: Sequence[str], system: System | None, on: str, kind: str = "test_card",
             against: System | None = None) -> Act:
    options = card_options(game, side, ships, system, against)
    return game.ask(Offer(side, kind, options, note=on))


def cargo_modifier(game: Game, ships: Sequence[str], system: System) -> int:
    """Step 4's modifiers from cargo: each unstable cargo aboard costs 1 on a shields test."""
    if system != "shields":
        return 0
    return UNSTABLE_SHIELDS * sum(1 for s in ships for c in game.state.ship(s).cargo if CARGO[c].kind == "unstable")


def system_test(game: Game, side: int, ships: Sequence[str], system: System, target: int, label: str,
                kind: str = "system") -> bool:
    """A (cooperative) system test against a target number; False at once if a system is Disabled."""
    ratings = [rating(game.state.ship(s), system) for s in ships]
    if any(r is None for r in ratings):
        return False
    total_rating = sum(r for r in ratings if r is not None)
    modifier = play_card(game, side, ask_card(game, side, ships, system, label), label)[0]
    against = ask_card(game, other(side), (), None, label, against=system)  # step 3: the opponent's card
    modifier += cargo_modifier(game, ships, system) - play_card(game, other(side), against, label)[1]
    modifier += crew_ability(game, side, ships, system, label)  # step 4
    die = game.roll(side, f"{system} test: {label}")
    total = total_rating + modifier + die
    success = total >= target
    game.emit(fe.Tested(turn=game.turn, kind=kind, side=side, ships=tuple(ships), system=system,
                        rating=total_rating, modifiers=modifier, die=die, total=total, target=target, success=success,
                        label=label))
    return success


def opposed_test(game: Game, side: int, ships: Sequence[str], system: System, target_ship: str,
                 defence: System, label: str, kind: str) -> int:
    """An opposed test (combat: weapons against shields; transporter: sensors against shields).
    Cards: the active side first, then the target's side; if the active side played none and the
    target's did, the active side has one more chance. The margin: active total minus the
    defence's total (> 0: the active side succeeds), and the damage that would do in combat."""
    defender = other(side)
    # step 1: the ratings, crew serving aboard included, before any card or crew ability
    ratings = [rating(game.state.ship(s), system) or 0 for s in ships]
    shields = rating(game.state.ship(target_ship), defence) or 0
    first = ask_card(game, side, ships, system, label, "combat_card", against=defence)
    mod, dmod = _signed(play_card(game, side, first, label))
    reply = ask_card(game, defender, (target_ship,), defence, label, "combat_card", against=system)
    dmod_2, mod_2 = _signed(play_card(game, defender, reply, label))
    mod, dmod = mod + mod_2, dmod + dmod_2
    if first.kind == "no_card" and reply.kind != "no_card":
        again = _signed(play_card(game, side, ask_card(game, side, ships, system, label, "combat_card",
                                                       against=defence), label))
        mod, dmod = mod + again[0], dmod + again[1]
    mod += cargo_modifier(game, ships, system) + crew_ability(game, side, ships, system, label)
    dmod += cargo_modifier(game, (target_ship,), defence) + crew_ability(game, defender, (target_ship,), defence,
                                                                           label)
    die = game.roll(side, f"{system}: {label}")
    ddie = game.roll(defender, f"{defence}: {label}")
    attack, guard = sum(ratings) + mod + die, shields + dmod + ddie
    game.emit(fe.Tested(turn=game.turn, kind=kind, side=defender, ships=(target_ship,), system=defence,
                        rating=shields, modifiers=dmod, die=ddie, total=guard, target=attack, success=guard >= attack,
                        label=label))
    game.emit(fe.Tested(turn=game.turn, kind=kind, side=side, ships=tuple(ships), system=system,
                        rating=sum(ratings), modifiers=mod, die=die, total=attack, target=guard, success=attack > guard,
                        label=label))
    return attack - guard if kind != "combat" else damage_for(attack, guard)


def _signed(played: tuple[int, int]) -> tuple[int, int]:
    """(own, hinder) as signed modifiers: (to the player's total, to the opponent's)."""
    return played[0], -played[1]


def combat(game: Game, side: int, attackers: Sequence[str], target: str, label: str) -> int:
    """A weapons test against the target's shields test; the damage it takes (3: destroyed) and
    the aggressor's VP for a kill. Returns the damage done."""
    damage = opposed_test(game, side, attackers, "weapons", target, "shields", label, "combat")
    if damage:
        ship = game.state.ship(target)
        game.emit(fe.Damaged(turn=game.turn, ship=target, amount=damage, cause=label))
        if game.state.ship(target).destroyed:
            game.emit(fe.ScoredVp(turn=game.turn, side=side, amount=1, why=f"destroyed {ship.card.name} {target}"))
    return damage


def size_roll(game: Game, side: int, ships: Sequence[str], kind: str) -> bool:
    """Breakaway or evasion: a d6 plus the moving ships' sizes against the opponent's d6 plus the
    sizes of all their uncloaked ships at the location; the mover passes on equal or higher."""
    state = game.state
    here = state.ship(ships[0]).location
    enemies = [s for s in state.fleet(other(side)) if not s.cloaked and s.location == here]
    mine = sum(state.ship(s).card.size for s in ships)
    theirs = sum(s.card.size for s in enemies)
    die = game.roll(side, f"{kind}: {' + '.join(ships)}")
    their_die = game.roll(other(side), f"{kind}: opposing")
    passed = mine + die >= theirs + their_die
    game.emit(fe.Tested(turn=game.turn, kind=kind, side=side, ships=tuple(ships), system="size",
                        rating=mine, die=die, total=mine + die, target=theirs + their_die, success=passed,
                        label=f"{kind} from {here}"))
    return passed

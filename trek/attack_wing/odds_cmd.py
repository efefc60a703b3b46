"""`trek odds`: the exact odds of a primary weapon attack, after both sides spend as the engine does."""

from __future__ import annotations

import argparse
from typing import Any, TypeVar

from engine.errors import TrekError
from trek.commands import summary
from trek.output import print_json

P = TypeVar("P", bound=argparse.ArgumentParser)

MAX_DICE = 20
MAX_TOKENS = 5
MAX_NAME = 80  # a faction or ship class name
BAR = 30  # characters for 100%


def register(subparsers: argparse._SubParsersAction[P]) -> None:
    p = subparsers.add_parser(
        "odds", help=summary("odds"),
        description="The exact distribution of uncanceled hits and crits of a primary weapon attack, after "
                    "both sides spend tokens by the engine's dice policy (docs/rulings.md). No sampling.")
    p.add_argument("--attack", type=int, required=True, metavar="N", help="printed primary weapon value (0-20)")
    p.add_argument("--defense", type=int, required=True, metavar="M", help="the defender's printed agility (0-20)")
    p.add_argument("--range", type=int, default=2, choices=(1, 2, 3), dest="band",
                   help="range band: 1 adds an attack die, 3 a defense die (default 2)")
    p.add_argument("--obstructed", action="store_true", help="the attack is obstructed (+1 defense die)")
    p.add_argument("--target-lock", action="store_true", help="the attacker holds a target lock on the defender")
    p.add_argument("--battle-stations-attack", action="store_true", help="the attacker has a battle stations token")
    p.add_argument("--battle-stations-defense", action="store_true",
                   help="the defender has a battle stations token")
    p.add_argument("--evade", type=int, default=0, metavar="K",
                   help="the defender's evade tokens (0-5; the policy spends one at most)")
    p.add_argument("--scan", type=int, default=0, metavar="K", help="the attacker's scan tokens (0-5)")
    p.add_argument("--cloaked", action="store_true", help="the defender is cloaked (agility + 4)")
    p.add_argument("--elite", action="store_true",
                   help="one of the attack dice is the Elite Attack Die (resource 4001: a double hit, no blank)")
    p.add_argument("--attacker-card", action="append", default=[], metavar="CARD",
                   help="a captain, admiral or upgrade card on the attacker (catalog id or name; repeatable): "
                        "its dice abilities are counted as the engine's policy uses them")
    p.add_argument("--defender-card", action="append", default=[], metavar="CARD",
                   help="a card on the defender (as --attacker-card)")
    p.add_argument("--shields", type=int, default=3, metavar="K",
                   help="each ship's active shields, for the cards that read them (0-5, default 3)")
    for side in ("attacker", "defender"):
        p.add_argument(f"--{side}-faction", metavar="FACTION", default=None,
                       help=f"the {side}'s faction (a catalog faction), for the cards that ask for one")
        p.add_argument(f"--{side}-class", metavar="CLASS", default=None,
                       help=f"the {side}'s ship class (a catalog class name or id), for the cards that ask for one")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(handler=cmd_odds)


def _check(name: str, value: int, high: int) -> None:
    if not 0 <= value <= high:
        raise TrekError(f"{name} must be 0 to {high}, not {value}")


def odds_document(args: argparse.Namespace) -> dict[str, Any]:
    from engine.rulesets.attack_wing.odds import primary_odds

    _check("--attack", args.attack, MAX_DICE)
    _check("--defense", args.defense, MAX_DICE)
    _check("--evade", args.evade, MAX_TOKENS)
    _check("--scan", args.scan, MAX_TOKENS)
    _check("--shields", args.shields, MAX_TOKENS)
    kinds = (args.attacker_faction, args.attacker_class, args.defender_faction, args.defender_class)
    if any(k is not None and len(k) > MAX_NAME for k in kinds):
        raise TrekError(f"a faction or class name is at most {MAX_NAME} characters")
    if args.attacker_card or args.defender_card:
        if args.elite:
            raise TrekError("--elite with cards: the card odds do not count the Elite Attack Die (docs/rulings.md)")
        return _card_document(args)
    if any(k is not None for k in kinds):
        raise TrekError("--attacker-faction, --attacker-class, --defender-faction and --defender-class are for "
                        "the cards that ask for them: name a card with --attacker-card or --defender-card")
    table = primary_odds(args.attack, args.defense, args.band, obstructed=args.obstructed,
                         target_lock=args.target_lock, battle_stations_attack=args.battle_stations_attack,
                         battle_stations_defense=args.battle_stations_defense, evade=args.evade, scan=args.scan,
                         cloaked=args.cloaked, elite=args.elite)
    doc = {
        "input": {"attack": args.attack, "defense": args.defense, "range": args.band, "obstructed": args.obstructed,
                  "target_lock": args.target_lock, "battle_stations_attack": args.battle_stations_attack,
                  "battle_stations_defense": args.battle_stations_defense, "evade": args.evade, "scan": args.scan,
                  "cloaked": args.cloaked, "elite": args.elite},
        "attack_dice_reason": table.attack_reason,
        "defense_dice_reason": table.defense_reason,
        **table.odds.as_json(),
    }
    if args.elite and doc["attack_dice"] == 0:  # the help: "one of the attack dice is the Elite Attack Die"
        raise TrekError(f"--elite: the attack rolls no dice ({table.attack_reason}), so none is the Elite Attack Die")
    return doc


def _card_document(args: argparse.Namespace) -> dict[str, Any]:
    from engine.rulesets.attack_wing.abilities.table_odds import card_table_odds

    found = card_table_odds(args.attack, args.defense, args.band, tuple(args.attacker_card),
                            tuple(args.defender_card), obstructed=args.obstructed, target_lock=args.target_lock,
                            battle_stations_attack=args.battle_stations_attack,
                            battle_stations_defense=args.battle_stations_defense, evade=args.evade, scan=args.scan,
                            cloaked=args.cloaked, shields=args.shields, attacker_faction=args.attacker_faction,
                            attacker_class=args.attacker_class, defender_faction=args.defender_faction,
                            defender_class=args.defender_class)
    return {
        "input": {"attack": args.attack, "defense": args.defense, "range": args.band, "obstructed": args.obstructed,
                  "target_lock": args.target_lock, "battle_stations_attack": args.battle_stations_attack,
                  "battle_stations_defense": args.battle_stations_defense, "evade": args.evade, "scan": args.scan,
                  "cloaked": args.cloaked, "attacker_cards": list(args.attacker_card),
                  "defender_cards": list(args.defender_card), "shields": args.shields,
                  **{k: getattr(args, k) for k in ("attacker_faction", "attacker_class", "defender_faction",
                                                   "defender_class") if getattr(args, k) is not None}},
        "attack_dice_reason": found.table.attack_reason,
        "defense_dice_reason": found.table.defense_reason,
        "cards": list(found.counted),
        "cards_not_counted": [{"card": name, "why": why} for name, why in found.not_counted],
        **found.odds.as_json(),
    }


def _bar(p: float) -> str:
    return "#" * round(p * BAR)


def cmd_odds(args: argparse.Namespace) -> int:
    doc = odds_document(args)
    if args.json:
        print_json(doc)
        return 0
    spends = [name for flag, name in ((doc["target_lock"], "target lock"),
                                      (doc["attack_battle_stations"], "battle stations")) if flag]
    guards = [name for flag, name in ((doc["defense_battle_stations"], "battle stations"),
                                      (doc["evade_tokens"], f"evade x{doc['evade_tokens']}")) if flag]
    elite = "; one of them the Elite Attack Die" if doc.get("elite") else ""
    print(f"attack  {doc['attack_dice']} dice ({doc['attack_dice_reason']}{elite})"
          + (f"; spends {', '.join(spends)}" if spends else ""))
    print(f"defense {doc['defense_dice']} dice ({doc['defense_dice_reason']})"
          + (f"; spends {', '.join(guards)}" if guards else ""))
    if "cards" in doc:
        print(f"cards counted: {', '.join(doc['cards']) or 'none'}")
        for row in doc["cards_not_counted"]:
            print(f"not counted: {row['card']}: {row['why']}")
    print(f"expected damage {doc['expected_damage']:.3f}  (hits {doc['expected_hits']:.3f}, "
          f"crits {doc['expected_crits']:.3f})")
    print(f"P(damage >= 1) {doc['p_damage']:.1%}   P(at least one crit) {doc['p_crit']:.1%}")
    print()
    print(f"{'damage':>6}  {'P(= k)':>7}  {'':<{BAR}}  {'P(>= k)':>7}")
    for row in doc["damage"]:
        if row["p_at_least"] < 5e-7:
            break
        print(f"{row['damage']:>6}  {row['p']:>7.1%}  {_bar(row['p']):<{BAR}}  {row['p_at_least']:>7.1%}  "
              f"{_bar(row['p_at_least'])}")
    return 0

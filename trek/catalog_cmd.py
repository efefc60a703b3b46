"""`trek catalog ships|classes|show|abilities`: browse the ship catalog, print a class's maneuver dial, and
say whether a ship's, captain's, admiral's, upgrade's or resource's ability is played by the rules (each
ruleset's ``card_abilities``); `abilities` lists every Attack Wing card that prints one."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any, TypeVar

from engine.catalog import BASE_WIDTH_MM, MANEUVER_KINDS, Catalog, ManeuverKind, Ship, ShipClass, load_catalog
from engine.catalog.lookup import ambiguous_error, unknown_error
from engine.catalog.models import Admiral, Captain, Resource, Upgrade
from engine.catalog.printed import prints_ability
from trek.commands import summary
from trek.output import paint, print_json, use_colour

P = TypeVar("P", bound=argparse.ArgumentParser)

# The five bearings every dial table shows, left to right as on the card.
CORE_COLUMNS: tuple[ManeuverKind, ...] = ("left-turn", "left-bank", "straight", "right-bank", "right-turn")
COLUMN_LABELS: dict[ManeuverKind, str] = {
    "left-turn": "L turn", "left-bank": "L bank", "straight": "straight", "right-bank": "R bank",
    "right-turn": "R turn", "about": "about", "left-spin": "L spin", "right-spin": "R spin",
    "left-flank": "L flank", "right-flank": "R flank", "stop": "stop",
    "left-45-degree-rotate": "L rot 45", "right-45-degree-rotate": "R rot 45",
    "left-90-degree-rotate": "L rot 90", "right-90-degree-rotate": "R rot 90",
}
# Extra columns follow the core five in this order (rotations pair up left/right, stop last).
EXTRA_ORDER: tuple[ManeuverKind, ...] = (
    "about", "left-spin", "right-spin", "left-flank", "right-flank",
    "left-45-degree-rotate", "right-45-degree-rotate", "left-90-degree-rotate", "right-90-degree-rotate",
    "stop",
)
assert set(CORE_COLUMNS) | set(EXTRA_ORDER) == set(MANEUVER_KINDS)


def register(subparsers: argparse._SubParsersAction[P]) -> None:
    """Add `trek catalog` and its subcommands."""
    p = subparsers.add_parser("catalog", help=summary("catalog"))
    sub = p.add_subparsers(dest="catalog_command", metavar="SUBCOMMAND")
    sub.required = True

    ships = sub.add_parser("ships", help="list ships")
    ships.add_argument("--faction", help="only ships of this faction (or additional faction)")
    ships.add_argument("--json", action="store_true", help="print one JSON document")
    ships.set_defaults(handler=cmd_ships)

    classes = sub.add_parser("classes", help="list ship classes")
    classes.add_argument("--json", action="store_true", help="print one JSON document")
    classes.set_defaults(handler=cmd_classes)

    show = sub.add_parser("show", help="a ship's or class's stats and maneuver dial; a card's ability support")
    show.add_argument("name", metavar="NAME_OR_ID",
                      help="a ship, ship class, captain, admiral or upgrade, by name or id")
    show.add_argument("--json", action="store_true", help="print one JSON document")
    show.set_defaults(handler=cmd_show)

    abilities = sub.add_parser("abilities", help="every Attack Wing card that prints an ability: played or why not")
    abilities.add_argument("--unsupported", action="store_true", help="only the cards the engine does not play yet")
    abilities.add_argument("--json", action="store_true", help="print one JSON document")
    abilities.set_defaults(handler=cmd_abilities)


def cmd_ships(args: argparse.Namespace) -> int:
    catalog = load_catalog()
    ships = catalog.ships(args.faction)
    if args.json:
        print_json({"ships": [s.model_dump(mode="json") for s in ships]})
        return 0
    rows = [[s.id, s.name, s.class_name, s.faction, f"{s.attack}/{s.agility}/{s.hull}/{s.shields}",
             str(s.cost)] for s in ships]
    print(format_table(["id", "name", "class", "faction", "atk/agi/hull/shd", "cost"], rows))
    return 0


def cmd_classes(args: argparse.Namespace) -> int:
    catalog = load_catalog()
    if args.json:
        print_json({"ship_classes": [
            {**c.model_dump(mode="json"), "ships": [s.id for s in catalog.ships_of_class(c)]}
            for c in catalog.ship_classes()
        ]})
        return 0
    rows = [[c.id, c.name, c.base_size, arcs_text(c), speeds_text(c), str(len(catalog.ships_of_class(c)))]
            for c in catalog.ship_classes()]
    print(format_table(["id", "name", "base", "arcs", "speeds", "ships"], rows))
    return 0


def card_support(card_id: str) -> dict[str, tuple[str, ...] | None]:
    """Each ruleset that reads card abilities: what it plays of this card (None: not supported)."""
    from engine.rulesets.registry import names, ruleset_for

    out = {}
    for name in names():
        ruleset = ruleset_for(name)
        if ruleset.card_abilities is not None:
            out[name] = ruleset.card_abilities(card_id)
    return out


def support_lines(support: dict[str, tuple[str, ...] | None]) -> list[str]:
    """Whether each game plays a card's ability, and how."""
    lines = []
    for game, how in support.items():
        if how is None:
            lines.append(f"  ability   NOT SUPPORTED in {game}: it plays with its numbers only (with a warning)")
        else:
            lines.append(f"  ability   supported in {game}")
            lines += [f"    - {line}" for line in how]
    return lines


def card_lines(card: Captain | Admiral | Upgrade | Resource, support: dict[str, tuple[str, ...] | None]
               ) -> list[str]:
    """A card's numbers, then whether each game plays its ability, and how."""
    kind = "resource" if isinstance(card, Resource) else card.type if isinstance(card, Upgrade) \
        else "admiral" if isinstance(card, Admiral) else "captain"
    where = "" if isinstance(card, Resource) else f"{card.faction}, "
    lines = [f"{card.name}  ({kind} {card.id}; {where}{'unique' if card.unique else 'not unique'})",
             f"  cost      {card.cost}"]
    if isinstance(card, Resource):
        lines.append("  belongs   to the fleet, not to a ship")
    elif not isinstance(card, Upgrade):
        lines.append(f"  skill     {card.skill}")
    elif card.attack is not None and card.range is not None:
        lines.append(f"  weapon    attack {card.attack}, range {card.range.min}-{card.range.max}")
    return lines + support_lines(support)


def ship_ability(ship: Ship) -> tuple[list[str], dict[str, Any]]:
    """Whether each game plays the ship card's own ability (text lines, JSON fields)."""
    if not prints_ability(ship):
        return ["  ability   none printed"], {"abilities": None, "supported": None}
    support = card_support(ship.id)
    return support_lines(support), {"abilities": {g: (None if how is None else list(how))
                                                  for g, how in support.items()},
                                    "supported": {g: how is not None for g, how in support.items()}}


def cmd_show(args: argparse.Namespace) -> int:
    catalog = load_catalog()
    if not catalog.find_ships(args.name) and not catalog.find_ship_classes(args.name):
        cards: list[Captain | Admiral | Upgrade | Resource] = [*catalog.find_cards(args.name),
                                                               *catalog.find_resources(args.name)]
        if len(cards) > 1:
            raise ambiguous_error("card", args.name, [f"{c.name} (resource {c.id})" if isinstance(c, Resource)
                                                      else catalog.describe_card(c) for c in cards], plural="cards")
        if cards:
            card = cards[0]
            support = card_support(card.id)
            if args.json:
                print_json({"kind": "card", "card": card.model_dump(mode="json"),
                            "abilities": {g: (None if how is None else list(how)) for g, how in support.items()},
                            "supported": {g: how is not None for g, how in support.items()}})
            else:
                print("\n".join(card_lines(card, support)))
            return 0
    found = resolve_ship_or_class(catalog, args.name)
    if isinstance(found, Ship):
        ship_class = catalog.class_of(found)
        ability_text, ability_json = ship_ability(found)
        if args.json:
            print_json({"kind": "ship", "ship": found.model_dump(mode="json"),
                        "ship_class": class_json(ship_class), **ability_json})
        else:
            print("\n".join([*ship_lines(found), *ability_text, "", *class_lines(ship_class, use_colour())]))
        return 0
    if args.json:
        print_json({"kind": "ship_class", "ship_class": class_json(found),
                    "ships": [s.id for s in catalog.ships_of_class(found)]})
    else:
        print("\n".join(class_lines(found, use_colour())))
    return 0


def cmd_abilities(args: argparse.Namespace) -> int:
    """Every ability-bearing card of the data (Attack Wing's card abilities), with whether it plays."""
    from engine.rulesets.attack_wing.abilities.support import cards, counts

    entries = cards()
    played, total = counts(entries)
    shown = [e for e in entries if not (args.unsupported and e.supported)]
    if args.json:
        print_json({"supported": played, "cards": total, "abilities": [e.json() for e in shown]})
        return 0
    rows = [[e.id, e.title, e.kind, e.faction, ",".join(e.sets), "yes" if e.supported else f"no: {e.reason}"]
            for e in shown]
    print(format_table(["id", "title", "kind", "faction", "set", "plays"], rows))
    print(f"{played} of the {total} cards that print an ability play")
    return 0


def resolve_ship_or_class(catalog: Catalog, query: str) -> Ship | ShipClass:
    """The ship or class a query names.

    Some ships share their class's name ("Borg Tactical Cube"): when the only ship that
    matches is of the matching class, the ship is shown (its output includes the class).
    When a class matches and several of its ships do too, the class is shown.
    """
    ships, classes = catalog.find_ships(query), catalog.find_ship_classes(query)
    if len(classes) == 1 and all(s.class_id == classes[0].id for s in ships):
        return ships[0] if len(ships) == 1 else classes[0]
    if not classes and len(ships) == 1:
        return ships[0]
    if not ships and not classes:
        raise unknown_error("ship or ship class", query, catalog.suggest(query))
    candidates = [f"class {catalog.describe_class(c)}" for c in classes]
    candidates += [f"ship {catalog.describe_ship(s)}" for s in ships]
    raise ambiguous_error("ship or ship class", query, candidates, plural="ships or ship classes")


def class_json(ship_class: ShipClass) -> dict[str, Any]:
    return {**ship_class.model_dump(mode="json"), "base_width_mm": BASE_WIDTH_MM[ship_class.base_size]}


def ship_lines(ship: Ship) -> list[str]:
    """The ship card's numbers, one per line."""
    flags = ", ".join([ship.faction, *([ship.additional_faction] if ship.additional_faction else []),
                       "unique" if ship.unique else "not unique"])
    slots = ship.slots.model_dump()
    upgrades = ", ".join(f"{kind} {n}" for kind, n in slots.items() if n) or "none"
    lines = [
        f"{ship.name}  (ship {ship.id}; {flags})",
        f"  class     {ship.class_name} ({ship.class_id})",
        f"  stats     attack {ship.attack}, agility {ship.agility}, hull {ship.hull}, shields {ship.shields}",
        f"  cost      {ship.cost}",
        f"  actions   {', '.join(a.replace('_', ' ') for a in ship.actions) or 'none'}",
        f"  upgrades  {upgrades}",
    ]
    if ship.captain_limit != 1:
        lines.append(f"  captains  {ship.captain_limit}")
    lines.append(f"  sets      {', '.join(ship.sets)}")
    return lines


def dial_columns(ship_class: ShipClass) -> list[ManeuverKind]:
    """The core five bearings, then whichever extra kinds this dial has."""
    present = set(ship_class.kinds)
    return [*CORE_COLUMNS, *(k for k in EXTRA_ORDER if k in present)]


def dial_table(ship_class: ShipClass, colour: bool) -> str:
    """Speeds from fastest to slowest (full astern last) by bearing; cells are G/W/R or '.'."""
    columns = dial_columns(ship_class)
    widths = [len("speed")] + [len(COLUMN_LABELS[k]) for k in columns]
    labels = [COLUMN_LABELS[k].center(w) for k, w in zip(columns, widths[1:], strict=True)]
    header = ["speed".rjust(widths[0]), *labels]
    lines = ["  ".join(header).rstrip()]
    for speed in ship_class.speeds:
        cells = [str(speed).rjust(widths[0])]
        for kind, width in zip(columns, widths[1:], strict=True):
            m = ship_class.maneuver(kind, speed)
            if m is None:
                cells.append(".".center(width))
            else:  # pad the letter first so ANSI codes do not upset the alignment
                letter = m.colour[0].upper().center(width)
                cells.append(letter.replace(letter.strip(), paint(letter.strip(), m.colour, colour)))
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def arcs_text(ship_class: ShipClass) -> str:
    if ship_class.has_360_arc:
        return "360"
    rear = f", rear {ship_class.rear_arc}" if ship_class.rear_arc is not None else ""
    return f"front {ship_class.front_arc}{rear}"


def speeds_text(ship_class: ShipClass) -> str:
    speeds = ship_class.speeds
    return f"{speeds[-1]}..{speeds[0]}"


def class_lines(ship_class: ShipClass, colour: bool) -> list[str]:
    """The class's dial table, arcs and base."""
    width = BASE_WIDTH_MM[ship_class.base_size]
    if ship_class.has_360_arc:
        arcs = ["  arcs      360 degrees (no front or rear arc)"]
    else:
        rear = f"{ship_class.rear_arc} degrees" if ship_class.rear_arc is not None else "none"
        arcs = [f"  front arc {ship_class.front_arc} degrees", f"  rear arc  {rear}"]
    return [
        f"{ship_class.name}  (class {ship_class.id})",
        "  dial (G green, W white, R red; negative speed = full astern)",
        *("    " + line for line in dial_table(ship_class, colour).splitlines()),
        *arcs,
        f"  base      {ship_class.base_size} ({width:g} x {width:g} mm)",
    ]


def format_table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """Plain left-aligned columns separated by two spaces."""
    widths = [max([len(h), *(len(r[i]) for r in rows)]) for i, h in enumerate(headers)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)).rstrip()]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    return "\n".join(lines)

"""Write engine/rulesets/attack_wing/abilities/bearing.py: every card of the data that prints an ability.

Usage: python scripts/make_card_reasons.py [--check] [--abilities PATH]

The catalog has a card's numbers only; whether it prints an ability is in the Space Dock data's
abilities.tsv (beside the checkout in ../shared/data/spacedock). This reads each card's text once
and keeps, by card id, its kind, title and faction and, in the project's own words, the
mechanism its text needs (why the engine does not play it yet, shown by `trek catalog abilities`
for a card the ability registry lacks). No card sentence is kept. The patterns run in order and
the first that matches names the card's mechanism. Re-running writes identical bytes; --check
writes nothing and exits 1 when the committed module differs.
"""

from __future__ import annotations

import argparse
import csv
import re
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
OUT = REPO_ROOT / "engine" / "rulesets" / "attack_wing" / "abilities" / "bearing.py"
ABILITIES = REPO_ROOT.parent / "shared" / "data" / "spacedock" / "abilities.tsv"

# kinds of the data that no catalog card has: no fleet can field them
NOT_IN_CATALOG = {"reference", "flagship", "fleet_captain", "officer"}

# (pattern on the card's text, upper-cased; the mechanism it needs), first match wins
MECHANISMS: tuple[tuple[str, str], ...] = (
    (r"DRONE TOKEN", "Borg Drone Tokens on the captain card: the engine keeps no drone stack yet"),
    (r"MISSION TOKEN|OBJECTIVE TOKEN|\bOBSTACLE|PLANET TOKEN",
     "places or uses a scenario token (mission, objective, obstacle): not built yet"),
    (r"SHUTTLE", "launches or docks a shuttle: the tournament rules' shuttles are not built yet"),
    (r"DAMAGE CARD|CRITICAL DAMAGE|FACE UP DAMAGE|FACE DOWN DAMAGE|REPAIR",
     "draws, flips or repairs damage cards: not built yet"),
    (r"ASSIGN (?:A|AN|THIS|1|ANY)|TAKE (?:AN|1|ANY) .{0,30}UPGRADE|STEAL|PLACE .{0,40}UPGRADE .{0,20}ON",
     "moves upgrades between ships or takes an enemy's: not built yet"),
    (r"COSTS? .{0,20}(?:\bSP\b|SQUADRON POINT)|\+\d+ SP|FLEET BUILD|NO FACTION PENALTY|CAN BE ASSIGNED|"
     r"MAY FIELD|MAY ONLY BE PURCHASED|MAY PURCHASE|FOR EACH .{0,40}IN YOUR FLEET|UPGRADE BAR",
     "changes fleet building (a cost, a slot, who may take it): the fleet checker does not apply it yet"),
    (r"TARGET (?:A|AN|1|ANY|ALL) .{0,40}SHIP.{0,120}(?:TOKEN|DISABLE|DISCARD|UPGRADE)",
     "acts on another ship's tokens or upgrades: not built yet"),
    (r"MANEUVER DIAL|MANEUVER TEMPLATE|PERFORM A .{0,20}MANEUVER|\bDIAL\b|SPEED",
     "changes or adds a maneuver: not built yet"),
    (r"CLOAK|SENSOR ECHO", "a cloak or sensor echo effect the engine does not play yet"),
    (r"RE-?ROLL", "rerolls dice on a condition the dice windows do not check yet"),
    (r"ATTACK DI(?:CE|E)|DEFENSE DI(?:CE|E)|\[HIT\]|\[CRIT|\[EVADE\] RESULT|\[BATTLE STATIONS\] RESULT",
     "adds or changes dice on a condition the dice windows do not check yet"),
    (r"SHIELD|HULL", "damages or restores shields or hull on a condition not built yet"),
    (r"CAPTAIN SKILL|SKILL NUMBER|\bSKILL\b", "changes a captain's skill or the order of play: not built yet"),
    (r"\bACTION:", "an action whose effect the action window does not play yet"),
    (r"TOKEN", "places or spends tokens on a condition not built yet"),
)
OTHER = "an effect the ability system does not play yet"


def reason(kind: str, text: str) -> str:
    """Why a card is not played yet, in one line: the mechanism its text needs."""
    if kind in NOT_IN_CATALOG:
        return f"the catalog has no {kind.replace('_', ' ')} cards: no fleet can field it"
    words = " ".join(text.upper().split())
    for pattern, mechanism in MECHANISMS:
        if re.search(pattern, words):
            return mechanism
    return OTHER


def rows(path: Path) -> list[tuple[str, str, str, str, str]]:
    """(id, kind, title, faction, reason) of every card of the data, by id."""
    with path.open(encoding="utf-8", newline="") as f:
        data = list(csv.DictReader(f, delimiter="\t"))
    out = []
    for row in data:
        kind = row["upgrade_type"].strip().lower() if row["kind"] == "upgrade" and row["upgrade_type"].strip() \
            else row["kind"]
        out.append((row["id"], kind, row["title"].strip(), row["faction"].strip(), reason(row["kind"], row["ability"])))
    return sorted(out)


def render(table: list[tuple[str, str, str, str, str]]) -> str:
    lines = [
        '"""Every card of the data that prints an ability, by catalog id: (kind, title, faction, the',
        "mechanism its text needs). Written by scripts/make_card_reasons.py from the cards' texts; do",
        'not edit. `trek catalog abilities` shows the mechanism of each card the ability registry lacks."""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import Final",
        "",
        "MECHANISMS: Final[tuple[str, ...]] = (",
    ]
    reasons = sorted({r[4] for r in table})
    lines += [f"    {r!r}," for r in reasons]
    lines += [")", "", "# card id: (kind, title, faction, index in MECHANISMS)",
              "BEARING: Final[dict[str, tuple[str, str, str, int]]] = {"]
    for card_id, kind, title, faction, why in table:
        lines.append(f"    {card_id!r}: ({kind!r}, {title!r}, {faction!r}, {reasons.index(why)}),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the committed module differs")
    parser.add_argument("--abilities", type=Path, default=ABILITIES, help="the card texts (abilities.tsv)")
    args = parser.parse_args()
    text = render(rows(args.abilities))
    if args.check:
        same = OUT.exists() and OUT.read_text(encoding="utf-8") == text
        print("bearing.py is up to date" if same else "bearing.py differs: run scripts/make_card_reasons.py")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(REPO_ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

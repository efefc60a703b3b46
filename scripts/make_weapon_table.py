"""Write engine/rulesets/attack_wing/weapon_table.py: how each printed secondary weapon fires.

Usage: python scripts/make_weapon_table.py [--check] [--abilities PATH]

The catalog has a weapon's attack and range only; how it fires is in its card's text (the Space
Dock data's abilities.tsv, beside the checkout in ../shared/data/spacedock). This reads each
printing's text once and states it in the project's own terms, by card id: the arcs it fires
from, whether it needs a target lock on the defender (spent, or only held), and its cost (disable
the card, discard it, or place Time Tokens on it). The rulebook's Combat Phase: "Some Secondary
Weapons can be fired from the primary or secondary firing arcs, as indicated on the respective
Weapon Upgrades": a card that says nothing fires from the forward arc only. Printings whose words
the patterns below would misread are stated by hand in ``BY_HAND``. Re-running writes identical
bytes; --check writes nothing and exits 1 when the committed module differs.
"""

from __future__ import annotations

import argparse
import csv
import re
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))

from engine.catalog import load_catalog  # noqa: E402

OUT = REPO_ROOT / "engine" / "rulesets" / "attack_wing" / "weapon_table.py"
ABILITIES = REPO_ROOT.parent / "shared" / "data" / "spacedock" / "abilities.tsv"

# (arcs, target lock, cost, time tokens) for printings the patterns cannot read, with why
BY_HAND: dict[str, tuple[tuple[str, ...], str, str, int, str]] = {
    # "the target ship's forward or rear firing arcs" are the defender's, not the weapon's
    "ambush_attack_71999p": (("front",), "none", "discard", 0, "the arcs named are the defender's"),
    # the data's text reads "Spend y our target lock"
    "photon_torpedoes_71531": (("front", "rear"), "spend", "disable", 0, "a typo in the data's text"),
    # the 360-degree arc is the Mission Token's, placed in the forward arc
    "prototype_weapon_72004p": (("front",), "none", "discard", 0, "the 360-degree arc is the Mission Token's"),
}

_ANY = re.compile(r"in any direction")
_FRONT_REAR = re.compile(r"(from|in) your forward or rear firing arcs?")
_OUTSIDE_FRONT = re.compile(r"not in your forward firing arc")
_REAR = re.compile(r"(fire this weapon from|fired from) your rear firing arc")
_LOCK = re.compile(r"\[target lock\]|\(target lock\)|target lock")
_SPEND = re.compile(r"spend (your|this ship's) \[?target lock")
_TIME = re.compile(r"place (\d+) (\[time\]|time) tokens? on this card")
_DISCARD = re.compile(r"discard this card")


def read_rule(text: str) -> tuple[tuple[str, ...], str, str, int]:
    """(arcs, target lock, cost, time tokens) as a printing's text states them."""
    t = " ".join(text.lower().split())
    if _ANY.search(t):
        arcs: tuple[str, ...] = ("any",)
    elif _FRONT_REAR.search(t):
        arcs = ("front", "rear")
    elif _OUTSIDE_FRONT.search(t):
        arcs = ("outside_front",)
    elif _REAR.search(t):
        arcs = ("rear",)
    else:
        arcs = ("front",)
    time = _TIME.search(t)
    cost = "time" if time else "discard" if _DISCARD.search(t) else "disable"
    lock = "spend" if _SPEND.search(t) else "hold" if _LOCK.search(t) else "none"
    return arcs, lock, cost, int(time.group(1)) if time else 0


def table(abilities: Path) -> list[tuple[str, str, tuple[str, ...], str, str, int]]:
    """(id, name, arcs, lock, cost, time) of every weapon upgrade with attack and range, by id."""
    with abilities.open(encoding="utf-8", newline="") as f:
        texts = {row["id"]: row["ability"] for row in csv.DictReader(f, delimiter="\t")}
    rows = []
    for u in load_catalog().upgrades():
        if u.type != "weapon" or u.attack is None or u.range is None or u.attack <= 0:
            continue
        if u.id in BY_HAND:
            arcs, lock, cost, time, _ = BY_HAND[u.id]
        else:
            arcs, lock, cost, time = read_rule(texts.get(u.id, ""))
        rows.append((u.id, u.name, arcs, lock, cost, time))
    return sorted(rows)


def render(rows: list[tuple[str, str, tuple[str, ...], str, str, int]]) -> str:
    lines = [
        '"""How each printed secondary weapon fires: written by scripts/make_weapon_table.py, do not edit.',
        "",
        "By card id: (arcs, target lock, cost, Time Tokens). Arcs: ``front``, ``rear``, ``any`` (in any direction),",
        "``outside_front`` (at a ship not in the forward firing arc). Target lock on the defender: ``spend`` it to",
        "fire, ``hold`` it (fire only with one, not spent), ``none``. Cost: ``disable`` the card, ``discard`` it, or",
        "``time``: place that many Time Tokens on it (it is not disabled).",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import Final, Literal",
        "",
        'Lock = Literal["spend", "hold", "none"]',
        'Cost = Literal["disable", "discard", "time"]',
        "",
        "WEAPONS: Final[dict[str, tuple[tuple[str, ...], Lock, Cost, int]]] = {",
    ]
    for card_id, name, arcs, lock, cost, time in rows:
        arc_text = "(" + ", ".join(repr(a) for a in arcs) + ("," if len(arcs) == 1 else "") + ")"
        lines.append(f"    {card_id!r}: ({arc_text}, {lock!r}, {cost!r}, {time}),  # {name}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the committed module differs")
    parser.add_argument("--abilities", type=Path, default=ABILITIES, help="the card texts (abilities.tsv)")
    args = parser.parse_args()
    text = render(table(args.abilities))
    if args.check:
        same = OUT.exists() and OUT.read_text(encoding="utf-8") == text
        print("weapon_table.py is up to date" if same else "weapon_table.py differs: run scripts/make_weapon_table.py")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(REPO_ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

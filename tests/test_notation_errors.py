"""The notation check: every class of issue, reported with its line number and the rule, several
per run, never a traceback. Each case edits the sound rulebook game (replays/notation/)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.rulesets.attack_wing.notation import ISSUE_CLASSES, parse_notation, run_notation

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "replays" / "notation"
BASE = (EXAMPLES / "rulebook-combat-example.trekn").read_text()

R1 = "B1 dial 4 straight                  # close in at full speed\n"
R4_ATTACK = "  attack: hit crit hit hit blank\n"
R3_REROLL = "  reroll 4 5: bs crit\n"
R2_A_LOCK = "A1 action target-lock B1            # Range 3 (a lock is measured all round)\n"


def edit(*pairs: tuple[str, str]) -> str:
    text = BASE
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def issues(text: str) -> list[tuple[int, str, str]]:
    return [(i.line, i.code, i.message) for i in run_notation(parse_notation(text), EXAMPLES).issues]


def line_of(text: str, needle: str, after: str = "") -> int:
    start = text.index(after) if after else 0
    return text[:text.index(needle, start)].count("\n") + 1


def test_the_base_game_is_sound() -> None:
    assert issues(BASE) == []


# (name, edits, the needle that finds the line, its class, a fragment of the message). Each edit
# leaves the rest of the game as it was, so the one issue is the only one.
ONE_ISSUE = [
    ("verb typo", [("A1 dial 1 straight                  # close to Range 1", "A1 dail 1 straight")],
     "A1 dail", "syntax", "unknown verb; did you mean 'dial'?"),
    ("not a maneuver", [("A1 dial 1 straight                  # close to Range 1", "A1 dial 1 sideways")],
     "A1 dial 1 sideways", "syntax", "is not a maneuver"),
    ("not a position", [("A1 placed 457.2,50.8,0", "A1 placed 457.2,fifty,0")],
     "A1 placed", "syntax", "'fifty' is not a number"),
    ("misspelt tag", [("Seed: 1", "Sead: 1")], "Sead", "header", "did you mean 'Seed'?"),
    ("bad seed", [("Seed: 1", "Seed: one")], "Seed", "header", "a seed is a whole number"),
    ("unknown scenario", [("Scenario: duel", "Scenario: dual")], "Scenario", "header", "no bundled scenario"),
    # a shared notation names only files that travel with it (engine.io.reading.confined_path)
    ("scenario outside the folder", [("Scenario: duel", "Scenario: ../../etc/passwd")], "Scenario", "header",
     "leads outside its folder"),
    ("scenario named with a NUL byte", [("Scenario: duel", "Scenario: duel\x00.json")], "Scenario", "header",
     "holding a NUL byte"),
    # a comment becomes the decision's reason and a free tag goes into the header: plain text only
    ("a comment holding ESC", [("# close in at full speed", "# close in \x1b[2J")], "A1 dial 4", "syntax",
     "the comment holds a control character (\\x1b)"),
    ("a tag holding U+202E", [("Site: the kitchen table", "Site: the \u202ekitchen")], "Site", "header",
     "the tag holds a control character (\\u202e)"),
    ("unknown captain", [("captain Shanthi", "captain Shanty")], "A1 ship", "header",
     "no captain with the name or id 'Shanty'"),
    ("unknown ship", [(R1, R1 + "C1 dial 1 straight\n")], "C1 dial", "ship", "there is no ship C1"),
    ("dice outside an attack", [(R1, R1 + "  attack: hit hit\n")], "  attack: hit hit\n", "order",
     "go under the attack line"),
    ("round given twice", [("Round 3\n", "Round 2\nRound 3\n")], "Round 2\nRound 3", "order",
     "Round 2 is given twice"),
    ("deployed outside the zone", [("B1 placed 457.2,863.6,180", "B1 placed 457.2,700,180")], "B1 placed",
     "setup", "not wholly inside side B's deployment zone"),
    ("maneuver not on the dial", [("B1 dial 1 straight                  # Engine", "B1 dial 5 straight  # Engine")],
     "B1 dial 5", "maneuver", "5 straight is not on the dial of B1 (Dominion Starship)"),
    ("action not on the bar", [(R1, R1 + "B1 action cloak\n")], "B1 action cloak", "action",
     "has no cloak action on its Action Bar"),
    ("target lock out of range", [(R1, R1 + "A1 action target-lock B1\n")], "A1 action target-lock B1\n",
     "action", "no enemy ship within Range 1-3"),
    ("action after a bump", [(R4_ATTACK, R4_ATTACK), ("# The bases meet", "A1 action evade\n# The bases meet")],
     "A1 action evade\n# The bases", "action-skipped", "overlapped another ship in its maneuver"),
    ("target out of range", [(R1, R1 + "A1 attack B1\n")], "A1 attack B1\n", "attack", "is beyond Range 3"),
    ("more dice than allowed", [("  attack: hit hit hit blank\n", "  attack: hit hit hit blank blank\n")],
     "  attack: hit hit hit blank blank\n  defense: evade evade", "dice",
     "5 attack dice: more than the rules give; they give 4 (primary weapon 3, Range 1 +1)"),
    ("reroll of a rerolled die", [(R3_REROLL, R3_REROLL + "  reroll 4: hit\n")], "  reroll 4: hit", "reroll",
     "attack die 4 was already rerolled"),
    ("reroll without a target lock", [(R4_ATTACK, R4_ATTACK + "  reroll 5: hit\n")], "  reroll 5: hit", "reroll",
     "has no target lock on B1"),
    ("defense reroll", [(R4_ATTACK, R4_ATTACK + "  reroll defense 1: evade\n")], "  reroll defense", "reroll",
     "defense dice cannot be rerolled"),
    ("spend a token it does not have", [("  defense: blank bs\n", "  defense: blank bs\n  B1 spends evade\n")],
     "  B1 spends evade\n  B1 damage: Injured", "spend", "B1 (Dominion Starship) has no evade token"),
    ("placement off the table", [("B1 action evade\nA1 action target-lock B1\n",
                                  "B1 action evade\nA1 placed 2000,300,0 (dispute)\nA1 action target-lock B1\n")],
     "A1 placed 2000", "placement", "off the play area"),
    ("placement on another base", [("B1 action evade\nA1 action target-lock B1\n",
                                    "B1 action evade\nA1 placed 457.2,503.6,0 (dispute)\nA1 action target-lock B1\n")],
     "A1 placed 457.2,503.6", "placement", "overlapping B1 (Dominion Starship)"),
    ("placement without a reason", [("B1 action evade\nA1 action target-lock B1\n",
                                     "B1 action evade\nA1 placed 457.2,410.8,0\nA1 action target-lock B1\n")],
     "A1 placed 457.2,410.8", "placement", "say why the table differs"),
    ("damage to the wrong ship", [("A1 damage: Structural Damage", "B1 damage: Structural Damage")],
     "B1 damage: Structural", "damage", "the next damage card goes to A1 (Federation Starship)"),
    ("a dial missing", [("B1 dial 1 straight\n", "")], "Round 2", "missing", "no dial for B1 (Dominion Starship) "
     "in round 2"),
    ("the notation stops early", [(BASE[BASE.index("Round 4"):BASE.index("Result:")], "")], "Result:", "missing",
     "the notation ends after round 3, but the game goes on"),
    ("a round after the end", [("\nResult:", "\nRound 5\nA1 dial 1 straight\n\nResult:")], "Round 5", "unused",
     "Round 5 never happens: the game ended in round 4"),
    ("an attack by a destroyed ship", [("# The third", "B1 attack A1\n# The third")], "B1 attack A1\n# The third",
     "unused", "B1 (Dominion Starship) was destroyed this round"),
    ("a second dial", [(R1, R1 + "A1 dial 2 straight\n")], "A1 dial 2 straight", "unused", "a second dial for A1"),
    ("a wrong result", [("Result: A", "Result: B")], "Result:", "result",
     "the notation says side B wins; the rules say side A wins"),
]


@pytest.mark.parametrize(("name", "edits", "needle", "code", "fragment"), ONE_ISSUE, ids=[c[0] for c in ONE_ISSUE])
def test_each_issue_class_with_its_line(name: str, edits: list[tuple[str, str]], needle: str, code: str,
                                        fragment: str) -> None:
    text = edit(*edits)
    found = issues(text)
    assert len(found) == 1, found
    line, got, message = found[0]
    assert (line, got) == (line_of(text, needle), code)
    assert fragment in message


def test_every_issue_class_is_exercised_and_documented() -> None:
    exercised = {c[3] for c in ONE_ISSUE}
    assert exercised >= set(ISSUE_CLASSES) - {"engine"}
    doc = (ROOT / "docs" / "notation.md").read_text()
    for code in ISSUE_CLASSES:
        assert f"| `{code}` |" in doc


def test_the_issue_names_the_rule() -> None:
    text = edit((R3_REROLL, R3_REROLL + "  reroll 4: hit\n"), ("  attack: hit hit hit blank\n",
                                                               "  attack: hit hit hit blank blank\n"))
    found = run_notation(parse_notation(text), EXAMPLES).issues
    by_code = {i.code: i for i in found}
    assert by_code["reroll"].rule == "Modifying Dice Results: a die is rerolled at most once"
    assert "Combat Phase steps 3 and 5" in by_code["dice"].rule
    assert by_code["reroll"].format("g.trekn").startswith(f"g.trekn:{line_of(text, '  reroll 4: hit')}: reroll: ")
    assert "[rule: Modifying Dice Results" in by_code["reroll"].format("g.trekn")


def test_several_issues_in_one_run() -> None:
    names = ["verb typo", "not a position", "unknown ship", "deployed outside the zone", "maneuver not on the dial",
             "action not on the bar", "target out of range", "more dice than allowed", "reroll of a rerolled die",
             "spend a token it does not have", "a second dial", "a wrong result"]
    cases = [c for c in ONE_ISSUE if c[0] in names]
    assert len(cases) == len(names)
    text = edit(*[p for c in cases for p in c[1]])
    found = issues(text)
    assert [(line, code) for line, code, _ in found] == sorted((line_of(text, c[2]), c[3]) for c in cases)


def test_an_action_under_auxiliary_power() -> None:
    """A red maneuver gives an auxiliary power token: that ship's next action line is refused."""
    text = edit(("A1 dial 1 straight                  # stay at long range", "A1 dial 3 left-turn  # red"))
    found = issues(text)
    skipped = [f for f in found if f[1] == "action-skipped"]
    assert skipped and skipped[0][0] == line_of(text, "A1 action target-lock B1            # Range 3")
    assert "has an auxiliary power token" in skipped[0][2]


def test_a_weapon_that_needs_a_target_lock() -> None:
    text = edit(("A1 attack B1                        # finish it", "A1 attack B1 with Photon Torpedoes"))
    found = issues(text)
    assert (line_of(text, "with Photon Torpedoes"), "attack") in [(f[0], f[1]) for f in found]
    assert any("carries no weapon 'Photon Torpedoes'" in f[2] for f in found)


@pytest.mark.parametrize("seed", range(6))
def test_never_a_traceback(seed: int) -> None:
    """Deleted, doubled, shuffled and mangled lines: always issues, never an exception."""
    rng = random.Random(seed)
    lines = BASE.splitlines()
    for _ in range(12):
        mutated = list(lines)
        for _ in range(rng.randint(1, 6)):
            i = rng.randrange(len(mutated))
            op = rng.choice(["delete", "double", "swap", "mangle", "garbage"])
            if op == "delete":
                del mutated[i]
            elif op == "double":
                mutated.insert(i, mutated[i])
            elif op == "swap":
                j = rng.randrange(len(mutated))
                mutated[i], mutated[j] = mutated[j], mutated[i]
            elif op == "mangle":
                words = mutated[i].split()
                rng.shuffle(words)
                mutated[i] = " ".join(words)
            else:
                mutated[i] = "".join(rng.choice('AB1 2:#"(),.-xyz\\') for _ in range(rng.randint(1, 30)))
        outcome = run_notation(parse_notation("\n".join(mutated)), EXAMPLES, record=True)
        assert all(i.code != "engine" for i in outcome.issues), outcome.issues
        assert outcome.sound == (outcome.replay is not None)

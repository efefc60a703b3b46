"""`trek catalog abilities` and docs/abilities.md's every-card table (issue 32): every card of the data
that prints an ability, whether the engine plays it and, for one it does not, one line naming the
mechanism its text needs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.rulesets.attack_wing.abilities import CARDS
from engine.rulesets.attack_wing.abilities.bearing import BEARING, MECHANISMS
from engine.rulesets.attack_wing.abilities.doc import DOC, rewrite
from engine.rulesets.attack_wing.abilities.support import cards, counts
from trek.main import main

ROOT = Path(__file__).resolve().parent.parent
ABILITIES = ROOT.parent / "shared" / "data" / "spacedock" / "abilities.tsv"


def test_the_doc_holds_both_generated_tables() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert rewrite(text) == text, "run python -m engine.rulesets.attack_wing.abilities.doc --write"


def test_every_unsupported_card_gives_one_line_and_a_supported_one_none() -> None:
    entries = cards()
    assert {e.id for e in entries} == set(BEARING)
    for e in entries:
        if e.supported:
            assert e.reason is None and e.id in CARDS
        else:
            assert e.reason and "\n" not in e.reason and len(e.reason) <= 110, e.id
    assert all("\n" not in m and m.strip() == m for m in MECHANISMS)


def test_the_counts_are_the_registry_and_the_data() -> None:
    played, total = counts(cards())
    assert played == sum(card_id in CARDS for card_id in BEARING)
    assert 0 < played < total == len(BEARING)


@pytest.mark.skipif(not ABILITIES.exists(), reason="the card data is beside the checkout")
def test_the_bearing_table_is_read_from_the_card_data() -> None:
    with ABILITIES.open(encoding="utf-8") as f:
        ids = {line.split("\t", 1)[0] for line in list(f)[1:]}
    assert ids == set(BEARING)
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "make_card_reasons.py"), "--check"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout


def test_a_catalog_card_keeps_its_kind_and_sets_and_a_reference_card_is_unfieldable() -> None:
    by_id = {e.id: e for e in cards()}
    assert by_id["zek_cap_72013"].kind == "captain" and by_id["zek_cap_72013"].sets == ("72013",)
    unfieldable = [e for e in by_id.values() if e.kind == "reference"]
    assert unfieldable and all(not e.supported and e.reason and "catalog has no" in e.reason for e in unfieldable)


def test_the_command_lists_every_card_and_only_the_unsupported_ones(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["catalog", "abilities", "--json"]) == 0
    every = json.loads(capsys.readouterr().out)
    assert every["cards"] == len(every["abilities"]) == len(BEARING)
    assert every["supported"] == sum(a["supported"] for a in every["abilities"])
    assert main(["catalog", "abilities", "--json", "--unsupported"]) == 0
    missing = json.loads(capsys.readouterr().out)["abilities"]
    assert len(missing) == every["cards"] - every["supported"]
    assert all(not a["supported"] and a["reason"] for a in missing)
    assert main(["catalog", "abilities"]) == 0
    text = capsys.readouterr().out
    assert text.rstrip().endswith(f"{every['supported']} of the {every['cards']} cards that print an ability play")

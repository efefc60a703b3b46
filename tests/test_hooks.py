"""A hook point (``engine.hooks.Hook``): the lower module calls it, the higher one gives it, and a
hook called before anything gave it says which module should have (tests/test_import_cycles.py
holds the imports to one way)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from engine.hooks import Hook


def test_a_hook_calls_the_function_given_last() -> None:
    hook: Hook[[int, int], int] = Hook("the sum", "somewhere.above")
    assert not hook.given
    hook.give(lambda a, b: a + b)
    assert hook.given and hook(2, 3) == 5
    hook.give(lambda a, b: a * b)
    assert hook(2, 3) == 6


def test_a_hook_nothing_gave_names_its_giver() -> None:
    hook: Hook[[], None] = Hook("the cards' answer", "engine.rulesets.attack_wing.abilities")
    with pytest.raises(RuntimeError, match=r"the cards' answer: .*import engine\.rulesets\.attack_wing\.abilities"):
        hook()


def test_loading_the_abilities_gives_the_hooks_the_rules_and_windows_declare() -> None:
    """The Action rules and the windows read no card: they call hooks the abilities package gives as
    it loads (a fresh interpreter: nothing else loaded first)."""
    code = ("from engine.rulesets.attack_wing import actions\n"
            "from engine.rulesets.attack_wing.abilities import answer\n"  # loads the abilities package
            "from engine.rulesets.attack_wing.abilities.registry import CARDS\n"
            "print(actions.CLOAKS_ANYWAY.given, answer.default.given, len(CARDS) > 300)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "True", "True"]


def test_the_action_rules_load_no_card() -> None:
    code = ("import sys\nfrom engine.rulesets.attack_wing import actions\n"
            "print(actions.CLOAKS_ANYWAY.given, any(m.startswith('engine.rulesets.attack_wing.abilities') "
            "for m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]

"""Exact attack odds: how the cost grows with the dice, and exact against sampled.

1. The exact distribution (``engine.rulesets.attack_wing.odds.attack_odds``, caches cleared before
   every call) for 1 to 10 attack dice against 0 to 6 defense dice, every token in play (target
   lock, battle stations on both sides, an evade token): the time for each, as a ratio to 1 attack
   die against the same defense dice, and the spending decisions taken (against the 8**n
   sequences a naive enumeration would walk).
2. The exact odds of one attack against 100,000 attacks sampled through the same decisions
   (``odds.simulate_attack``): the time of each, and the largest gap between a sampled frequency
   and its exact probability, in standard errors.

Times are CPU time of this process (``time.process_time``), so a machine shared with other work
skews them less than wall-clock time would.

Usage: python bench/bench_odds.py [--quick]
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from engine.rulesets.attack_wing import odds as module
from engine.rulesets.attack_wing.odds import attack_odds, simulate_attack

TOKENS: dict[str, Any] = {"target_lock": True, "attack_battle_stations": True, "defense_battle_stations": True,
                          "evade_tokens": 1}
CACHES = (module.attack_odds, module._attack_stage, module._defense_stage, module.roll_weights)


def fresh(n: int, m: int, repeat: int) -> float:
    """The best of ``repeat`` cold computations (every cache cleared)."""
    best = math.inf
    for _ in range(repeat):
        for cache in CACHES:
            cache.cache_clear()
        t0 = time.process_time()
        attack_odds(n, m, **TOKENS)
        best = min(best, time.process_time() - t0)
    return best


def decisions(n: int, m: int) -> int:
    """How many spending decisions one cold computation takes."""
    calls = Counter[str]()
    saved = {name: getattr(module, name) for name in ("attack_rerolls", "attack_conversion", "defense_spends")}

    def counted(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any) -> Any:
            calls[name] += 1
            return fn(*args)
        return wrapper

    try:
        for name, fn in saved.items():
            setattr(module, name, counted(name, fn))
        for cache in CACHES:
            cache.cache_clear()
        attack_odds(n, m, **TOKENS)
    finally:
        for name, fn in saved.items():
            setattr(module, name, fn)
        for cache in CACHES:
            cache.cache_clear()
    return sum(calls.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer dice and samples, for the test suite")
    args = parser.parse_args()
    top, defense, trials, repeat = (4, 3, 10_000, 1) if args.quick else (10, 6, 100_000, 5)

    # 1. growth with the dice
    times = {(n, m): fresh(n, m, repeat) for n in range(1, top + 1) for m in range(defense + 1)}
    print("exact odds, cold (every token in play): time as a ratio to 1 attack die, by defense dice")
    print("attack  " + "".join(f"{f'vs {m}':>8}" for m in range(defense + 1))
          + f"{'ms vs ' + str(defense):>12}{'decisions':>11}{'8**(2n+m)':>12}")
    for n in range(1, top + 1):
        ratios = "".join(f"{times[(n, m)] / times[(1, m)]:>8.1f}" for m in range(defense + 1))
        print(f"{n:>6}  {ratios}{times[(n, defense)] * 1e3:>12.2f}{decisions(n, defense):>11,}"
              f"{8 ** (2 * n + defense):>12.1e}")

    # 2. exact against sampled
    n, m = min(5, top), 3
    for cache in CACHES:
        cache.cache_clear()
    t0 = time.process_time()
    exact = attack_odds(n, m, **TOKENS)
    exact_s = time.process_time() - t0
    rng = random.Random(1)
    t0 = time.process_time()
    counts = Counter(simulate_attack(rng, n, m, **TOKENS) for _ in range(trials))
    sampled_s = time.process_time() - t0
    worst = max(abs(counts[k] / trials - float(exact.probability(*k)))
                / math.sqrt(float(exact.probability(*k)) * (1 - float(exact.probability(*k))) / trials)
                for k, w in exact.weights.items() if 0 < w < exact.total)
    print(f"\n{n} attack dice against {m}, every token: exact {exact_s * 1e3:.2f} ms (cold); "
          f"{trials:,} sampled attacks {sampled_s:.2f} s: sampling is {sampled_s / exact_s:,.0f}x slower")
    print(f"expected damage exact {exact.expected_damage:.4f}, sampled "
          f"{sum((h + c) * k for (h, c), k in counts.items()) / trials:.4f}; largest gap "
          f"{worst:.2f} standard errors over {len(exact.weights)} outcomes")


if __name__ == "__main__":
    main()

"""`trek batch stats DIR`: what a folder of games says, as tables (Parquet and CSV) and plots.

- outcomes: how often each outcome came up (a side's win, a draw; a mission's success or
  failure), with a 95% Wilson score interval: unlike the normal approximation it stays inside
  [0, 1] and keeps its coverage for few games and rates near 0 or 1.
- sides: each side's fleet points (built and scored), wins with their interval, and its attacks:
  damage dealt per attack against the damage the exact odds expected before each roll. Luck is
  the difference; the mean percentile of the rolls (mid-rank, 0.5 on average with fair dice) with
  a z score says whether it is more than chance (|z| > 2: rarely chance). A side that wins with
  luck near zero wins by its choices (the AI is good), not its dice.
- losses: every ship that left play, where it stood when it did (plotted over the table).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.batch.games import BatchError
from engine.batch.runner import BATCH_MISSING
from engine.io.output import atomic_path

Z95 = 1.959963984540054  # the two-sided 95% normal quantile


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / n`` (95% by default); (0, 1) for n = 0."""
    if n <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= n:
        raise ValueError(f"{successes} successes out of {n}")
    p = successes / n
    centre = p + z * z / (2 * n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    low = 0.0 if successes == 0 else max(0.0, (centre - half) / scale)  # exactly 0 and 1 there, not 1e-16 off
    high = 1.0 if successes == n else min(1.0, (centre + half) / scale)
    return low, high


def percentile_z(mean: float, n: int) -> float:
    """How far a mean percentile of ``n`` rolls is from 0.5 in standard errors of a uniform (1/12
    variance): mid-rank percentiles of discrete dice vary less, so this understates |z| a little."""
    return (mean - 0.5) / math.sqrt(1 / (12 * n)) if n > 0 else 0.0


@dataclass(frozen=True)
class Tables:
    """Each table as a list of flat rows (column name to value), in a stable order."""

    games: list[dict[str, Any]]
    outcomes: list[dict[str, Any]]
    sides: list[dict[str, Any]]
    losses: list[dict[str, Any]]

    def named(self) -> dict[str, list[dict[str, Any]]]:
        return {"games": self.games, "outcomes": self.outcomes, "sides": self.sides, "losses": self.losses}


def _r(value: float | None, digits: int = 4) -> float | None:
    return None if value is None else round(value, digits)


def tables(rows: Sequence[dict[str, Any]]) -> Tables:
    """The four tables of a folder's rows."""
    if not rows:
        raise BatchError("no finished games in the folder: play some with `trek batch play` first")
    n = len(rows)
    games = []
    for row in rows:
        flat: dict[str, Any] = {"seed": row["seed"], "game": row.get("game"), "scenario": row.get("scenario"),
                                "outcome": row.get("outcome"), "rounds": row.get("rounds"),
                                "events": row.get("events"), "ships_lost": len(row.get("losses") or [])}
        result = row.get("result")
        flat["reason"] = result.get("reason") if isinstance(result, dict) else None
        for side in row.get("sides") or []:
            i = side["side"]
            for key in ("name", "fleet_points", "points_scored", "attacks", "actual_damage", "expected_damage",
                        "mean_percentile"):
                flat[f"side{i}_{key}"] = side.get(key)
        games.append(flat)

    counts: dict[str, int] = {}
    for row in rows:
        counts[str(row.get("outcome"))] = counts.get(str(row.get("outcome")), 0) + 1
    outcomes = []
    for outcome, k in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        low, high = wilson(k, n)
        outcomes.append({"outcome": outcome, "games": k, "share": _r(k / n), "wilson_low": _r(low),
                         "wilson_high": _r(high)})

    sides = [_side(rows, i) for i in sorted({s["side"] for row in rows for s in row.get("sides") or []})]
    losses = [{"seed": row["seed"], **loss} for row in rows for loss in row.get("losses") or []]
    return Tables(games, outcomes, sides, losses)


def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def _side(rows: Sequence[dict[str, Any]], i: int) -> dict[str, Any]:
    """One side over every game: names, fleet points, wins with their interval, attacks and luck."""
    mine = [(row, s) for row in rows for s in row.get("sides") or [] if s["side"] == i]
    name = mine[0][1].get("name")
    wins = sum(1 for row, s in mine if row.get("outcome") == s.get("name"))
    low, high = wilson(wins, len(mine))
    attacks = sum(s.get("attacks") or 0 for _, s in mine)
    actual = sum(s.get("actual_damage") or 0 for _, s in mine)
    expected = sum(s.get("expected_damage") or 0.0 for _, s in mine)
    rolls = [(s["mean_percentile"], s["attacks"]) for _, s in mine if s.get("mean_percentile") is not None
             and s.get("attacks")]
    rolled = sum(k for _, k in rolls)
    mean_pct = sum(p * k for p, k in rolls) / rolled if rolled else None
    # (a row without either number, from a game that reports no luck or a stranger's folder, has no say)
    luck = [(row.get("outcome") == s.get("name"), s["actual_damage"] - s["expected_damage"]) for row, s in mine
            if s.get("attacks") and s.get("actual_damage") is not None and s.get("expected_damage") is not None]
    won = [d for winner, d in luck if winner]
    lost = [d for winner, d in luck if not winner]
    return {
        "side": i, "name": name, "games": len(mine), "wins": wins, "win_rate": _r(wins / len(mine)),
        "wilson_low": _r(low), "wilson_high": _r(high),
        "fleet_points": _r(_mean([s["fleet_points"] for _, s in mine if s.get("fleet_points") is not None]), 2),
        "points_scored": _r(_mean([s["points_scored"] for _, s in mine if s.get("points_scored") is not None]), 2),
        "attacks": attacks,
        "damage_per_attack": _r(actual / attacks) if attacks else None,
        "expected_per_attack": _r(expected / attacks) if attacks else None,
        "luck_per_attack": _r((actual - expected) / attacks) if attacks else None,
        "mean_percentile": _r(mean_pct),
        "luck_z": _r(percentile_z(mean_pct, rolled), 2) if mean_pct is not None else None,
        "luck_per_game_won": _r(_mean(won), 2), "luck_per_game_lost": _r(_mean(lost), 2),
    }


# --- writing -------------------------------------------------------------------------------------

def _arrow() -> tuple[Any, Any, Any]:
    try:
        import pyarrow as pa
        import pyarrow.csv as pcsv
        import pyarrow.parquet as pq
    except ImportError:
        raise BatchError(BATCH_MISSING) from None
    return pa, pcsv, pq


def write_tables(found: Tables, out: Path) -> list[Path]:
    """Each table as ``NAME.parquet`` and ``NAME.csv`` in ``out`` (written whole or not at all)."""
    pa, pcsv, pq = _arrow()
    written = []
    for name, table_rows in found.named().items():
        if not table_rows:
            continue
        columns = list(dict.fromkeys(k for r in table_rows for k in r))
        table = pa.Table.from_pylist([{c: r.get(c) for c in columns} for r in table_rows])
        for suffix, write in ((".parquet", pq.write_table), (".csv", pcsv.write_csv)):
            target = out / f"{name}{suffix}"
            with atomic_path(target) as tmp:
                write(table, str(tmp))
            written.append(target)
    return written


def write_plots(found: Tables, rows: Sequence[dict[str, Any]], out: Path) -> list[Path]:
    """outcomes.png (shares with their Wilson intervals), damage.png (damage per attack against
    the odds, each side), losses.png (where ships left play, over the table)."""
    try:
        from matplotlib.figure import Figure  # the object API: no pyplot, no display, Agg by default
    except ImportError:
        raise BatchError(BATCH_MISSING) from None
    title = _label(f"{rows[0].get('scenario')}: {len(rows)} games")
    written = []

    fig = Figure(figsize=(6.4, 3.6), dpi=100)
    ax = fig.add_subplot()
    labels = [_label(o["outcome"]) for o in found.outcomes]
    shares = [o["share"] for o in found.outcomes]
    errors = [[o["share"] - o["wilson_low"] for o in found.outcomes],
              [o["wilson_high"] - o["share"] for o in found.outcomes]]
    ax.bar(labels, shares, yerr=errors, capsize=6, color="#4c78a8")
    ax.set_ylim(0, 1)
    ax.set_ylabel("share of games")
    ax.set_title(f"{title}: outcomes, 95% Wilson intervals")
    written.append(_save(fig, out / "outcomes.png"))

    fig = Figure(figsize=(6.4, 3.6), dpi=100)
    ax = fig.add_subplot()
    sides = [s for s in found.sides if s["attacks"]]
    xs = range(len(sides))
    ax.bar([x - 0.2 for x in xs], [s["expected_per_attack"] for s in sides], width=0.4, label="expected (exact odds)",
           color="#bab0ac")
    ax.bar([x + 0.2 for x in xs], [s["damage_per_attack"] for s in sides], width=0.4, label="dealt", color="#e45756")
    ax.set_xticks(list(xs), [f"{_label(s['name'])}\nmean percentile " + (
        "unknown" if s["mean_percentile"] is None else f"{100 * s['mean_percentile']:.0f}") for s in sides])
    ax.set_ylabel("damage per attack")
    ax.set_title(f"{title}: damage against the odds")
    # room above the tallest bar for the legend in one row: in a corner it covered a side's bars
    top = max([s["expected_per_attack"] or 0.0 for s in sides] + [s["damage_per_attack"] or 0.0 for s in sides] + [0.1])
    ax.set_ylim(0, top * 1.3)
    ax.legend(loc="upper center", ncol=2, frameon=False)
    written.append(_save(fig, out / "damage.png"))

    fig = Figure(figsize=(5.2, 5.2), dpi=100)
    ax = fig.add_subplot()
    width, height = rows[0].get("table") or (914.4, 914.4)
    colours = ["#4c78a8", "#e45756", "#54a24b", "#b279a2"]
    names = {s["side"]: _label(s["name"]) for s in found.sides}
    for side in sorted({loss["side"] for loss in found.losses}):
        at = Counter((loss["x"], loss["y"]) for loss in found.losses if loss["side"] == side and loss["x"] is not None)
        # games that went the same way lose ships at the same spot: the area of a dot counts them
        ax.scatter([p[0] for p in at], [p[1] for p in at], s=[12 * k for k in at.values()], alpha=0.5,
                   color=colours[side % len(colours)], label=f"{names.get(side, f'side {side}')} ({at.total()})")
    ax.set_xlim(0, width)
    ax.set_ylim(0, height)
    ax.set_aspect("equal")
    ax.set_xlabel("mm (dot area: ships)")
    ax.set_title(f"{title}: where ships left play")
    if found.losses:
        legend = ax.legend(loc="upper right", fontsize="small")
        for handle in legend.legend_handles:  # one plain dot per side, whatever the dots' areas
            handle.set_sizes([20])  # type: ignore[union-attr]
    written.append(_save(fig, out / "losses.png"))
    return written


def _label(text: Any) -> str:
    """A name from a row as plot text: matplotlib reads text between two dollar signs as TeX, so a
    side named '$\\x$' would stop the plot; escaped, it is drawn as written."""
    return str(text).replace("$", r"\$")


def _save(fig: Any, target: Path) -> Path:
    fig.tight_layout()
    with atomic_path(target) as tmp:
        fig.savefig(tmp, format="png", metadata={"Software": None})
    return target

"""A fleet as plain text to read or paste into a message (not read back by the import)."""

from __future__ import annotations

from engine.rulesets.attack_wing.fleet import CardCost, ResolvedFleet


def _cost(cost: CardCost) -> str:
    parts = [f"+{cost.faction_penalty} faction penalty"] if cost.faction_penalty else []
    parts += [f"{m.amount:+d} {m.reason}" for m in cost.modifiers]
    return f"{cost.total} ({cost.printed} printed, {', '.join(parts)})" if parts else str(cost.total)


def export_text(fleet: ResolvedFleet) -> str:
    """Ship by ship, each card with its catalog id and its cost in this fleet, then the totals."""
    title = fleet.name + (f" ({fleet.faction})" if fleet.faction else "")
    lines = [title, ""]
    for i, s in enumerate(fleet.ships, 1):
        lines.append(f"Ship {i}: {s.ship.name} [{s.ship.id}]  {s.ship_class.name}, {s.ship.faction}  "
                     f"{_cost(s.ship_cost)}")
        if s.captain is not None:
            lines.append(f"  Captain  {s.captain.card.name} [{s.captain.card.id}]  {_cost(s.captain.cost)}")
        if s.admiral is not None:
            lines.append(f"  Admiral  {s.admiral.card.name} [{s.admiral.card.id}]  {_cost(s.admiral.cost)}")
        for u in s.upgrades:
            lines.append(f"  {u.card.type.capitalize():<8} {u.card.name} [{u.card.id}]  {_cost(u.cost)}")
        lines.append(f"  Ship total: {s.cost} SP")
        lines.append("")
    for r in fleet.resources:
        lines.append(f"Resource: {r.card.name} [{r.card.id}]  {_cost(r.cost)}")
    lines.append(f"Fleet total: {fleet.total_cost} SP")
    return "\n".join(lines) + "\n"

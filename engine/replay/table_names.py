"""The names a game played at a table gave itself in its notation (Event, Date, Site, Round, the
players), as the replay header keeps them, and the title and end cards with them on.

The notation's free tags are kept under the header's ``notation`` (Into the Unknown and Fleet Captains
keep the players' names there too; Attack Wing keeps them in ``players``). A replay without them says
nothing: no event, date or site is ever made up, and a seat that is no person (``ai``, ``table``,
``random``, ``human``) is no name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Final

from engine.view import CardView

MAX_NAME: Final = 200
NOT_NAMES: Final = frozenset({"", "ai", "table", "random", "human"})


@dataclass(frozen=True)
class TableNames:
    event: str = ""
    date: str = ""
    site: str = ""
    round: str = ""
    players: tuple[str, str] = ("", "")

    def __bool__(self) -> bool:
        return any((self.event, self.date, self.site, self.round, *self.players))

    def as_dict(self) -> dict[str, Any]:
        return {"event": self.event or None, "date": self.date or None, "site": self.site or None,
                "round": self.round or None, "players": [p or None for p in self.players]}

    @property
    def when_where(self) -> str:
        return " · ".join(x for x in (self.date, self.site) if x)


def _name(value: Any) -> str:
    if not isinstance(value, str):
        return ""
    text = " ".join(value.split())  # one line: a newline in a name is a space
    return text if len(text) <= MAX_NAME else text[: MAX_NAME - 3] + "..."


def table_names(header: Mapping[str, Any]) -> TableNames:
    """The table's names in a replay header (empty ones where it gives none)."""
    found = header.get("notation")
    tags: Mapping[str, Any] = found if isinstance(found, Mapping) else {}
    seats = header.get("players")
    players = []
    for i, letter in enumerate("AB"):
        name = _name(tags.get(f"Player {letter}"))
        if not name and isinstance(seats, list) and i < len(seats):
            name = _name(seats[i])
        players.append("" if name.lower() in NOT_NAMES else name)
    return TableNames(_name(tags.get("Event")), _name(tags.get("Date")), _name(tags.get("Site")),
                      _name(tags.get("Round")), (players[0], players[1]))


def with_names(title: CardView, end: CardView, header: Mapping[str, Any]) -> tuple[CardView, CardView]:
    """The cards with the table's names: the event as the title card's subtitle, date and site as its
    footer, each fleet's player; the end card's footer the event, date and site. Unchanged without them."""
    names = table_names(header)
    if not names:
        return title, end

    def fleets(card: CardView) -> tuple[Any, ...]:
        out = []
        for fleet in card.fleets:
            player = names.players[fleet.side] if fleet.side in (0, 1) else ""
            summary = f"played by {player}" + (f" · {fleet.summary}" if fleet.summary else "") if player \
                else fleet.summary
            out.append(replace(fleet, summary=summary))
        return tuple(out)

    event = names.event + (f", round {names.round}" if names.round else "")
    title = replace(title, subtitle=event or title.subtitle, footer=names.when_where or title.footer,
                    fleets=fleets(title))
    end_footer = " · ".join(x for x in (event, names.when_where) if x)
    end = replace(end, footer=end_footer or end.footer, fleets=fleets(end))
    return title, end

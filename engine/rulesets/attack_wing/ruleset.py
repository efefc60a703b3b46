"""The Attack Wing ruleset as the rest of the program sees it (registered in ``engine.rulesets.registry``)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from engine.rulesets.attack_wing.codec import RULESET as NAME
from engine.rulesets.attack_wing.codec import AttackWingCodec
from engine.rulesets.attack_wing.upgrades import EVENT_SCHEMA, UPGRADES
from engine.rulesets.base import GameMaker, Luck, Played, PlayRequest, Ruleset, with_people
from engine.rulesets.lazy import lazy

if TYPE_CHECKING:
    from engine.rulesets.attack_wing import events as ev
    from engine.rulesets.attack_wing.state import GameState
    from engine.timeline import TableGeometry


def table_geometry(header: dict[str, Any]) -> TableGeometry:
    """The play area, obstacles and planets from a replay header's scenario (validated)."""
    from pydantic import ValidationError

    from engine.geometry.shapes import Obstacle, Planet
    from engine.rulesets.attack_wing.scenario import parse_scenario
    from engine.timeline import TableGeometry

    try:
        spec = parse_scenario(header.get("scenario"))
    except (ValidationError, ValueError) as exc:
        raise ValueError(f"the replay header's scenario is not valid: {exc}".splitlines()[0]) from None
    return TableGeometry(
        (spec.play_area.width, spec.play_area.height),
        tuple(Obstacle(tuple((float(x), float(y)) for x, y in o.points), o.name) for o in spec.obstacles),
        tuple(Planet(p.x, p.y, p.radius, p.name) for p in spec.planets),
    )


# the game and its AI load only when a game is played (opening a replay needs neither)
def _bundled() -> tuple[str, ...]:
    from engine.rulesets.attack_wing.scenario import bundled_scenarios

    return bundled_scenarios()


def _plays(name: str) -> bool:
    from engine.rulesets.attack_wing.play import plays

    return plays(name)


def _play(request: PlayRequest) -> Played:
    if with_people(request):
        from engine.rulesets.attack_wing import people

        return people.play_command(request)
    from engine.rulesets.attack_wing.play import play_command

    return play_command(request)



def _seated(header: dict[str, Any]) -> Any:
    from engine.rulesets.attack_wing.people import seated_from_header

    return seated_from_header(header)


def _versus(fleets: Sequence[str], table: str | None) -> tuple[str, str]:
    from engine.rulesets.attack_wing.versus import versus_scenario

    return versus_scenario(fleets, table)


def _document(path: str) -> tuple[str, str]:
    from engine.rulesets.attack_wing.versus import scenario_document

    return scenario_document(path)


def _losses(header: dict[str, Any], events: Sequence[Any]) -> list[dict[str, Any]]:
    from engine.rulesets.attack_wing.losses import losses

    return losses(header, events)


def _luck(events: Iterable[Any]) -> list[dict[str, Any]] | None:
    from engine.rulesets.attack_wing.luck import luck

    sides = luck(events)
    return None if sides is None else [s.as_json() for s in sides]


# each side's damage against the damage expected before each roll (the recorded odds); a card's use
# in the damage step adds to an attack's damage (Quantum Torpedoes)
LUCK = Luck(frozenset({"game_started", "attack_odds", "attack_resolved", "ability_used"}), "attack_odds", _luck)


def _replay_check(header: dict[str, Any], events: Iterator[dict[str, Any]], result: dict[str, Any] | None,
                  complete: bool) -> list[str]:
    from engine.rulesets.attack_wing.replay_check import replay_game

    return replay_game(header, events, result, complete)

def _card_abilities(card_id: str) -> tuple[str, ...] | None:
    from engine.rulesets.attack_wing.abilities.registry import describe

    return describe(card_id)


RULESET: Ruleset[GameState, ev.Event] = Ruleset(
    name=NAME,
    codec=AttackWingCodec(),
    table=table_geometry,
    # the view loads when a replay is drawn, not when one is listed or checked
    presenter=lazy("engine.rulesets.attack_wing.presenter", "AttackWingPresenter"),
    seconds=lazy("engine.rulesets.attack_wing.presenter", "seconds"),
    maker=GameMaker(_bundled, _plays, _play, _versus, _document, seated=_seated),
    replay_check=_replay_check,
    luck=LUCK,
    losses=_losses,
    event_schema=EVENT_SCHEMA,
    upgrades=UPGRADES,
    cards=lazy("engine.rulesets.attack_wing.screen", "cards"),
    card_abilities=_card_abilities,
    notation=lazy("engine.rulesets.attack_wing.notation.seam", "notation"),
)

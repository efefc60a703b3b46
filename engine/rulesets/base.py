"""The seam every game plugs into: one ``Ruleset`` object per game.

Replay reading, the Timeline, the studio and the CLI reach a game only through its ``Ruleset``
(found by name in ``engine.rulesets.registry``). A ruleset is plain data: its name, its codec
(events and states to and from plain data, initial state, reducer), the version of its event
union with explicit upgrades from older versions, how a replay header becomes the table, its
presenter (the view at a moment) and playback seconds per event, and its state formatter.
See docs/architecture.md for how to add one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from engine.errors import TrekError

if TYPE_CHECKING:  # types only: the registry loads without the timeline, the view and their geometry
    from engine.replay.codec import ReplayCodec
    from engine.rulesets.notation import GameNotation
    from engine.timeline import Presenter, TableGeometry
    from engine.view import CardView, PlateView

S = TypeVar("S")
E = TypeVar("E")

Plain = dict[str, Any]
EVENT_SCHEMA_KEY = "event_schema"  # the header key naming the version of the ruleset's event union


def _same(raw: Plain) -> Plain:
    return raw


class Recorded(Protocol[S, E]):
    """What a game's replay is written with (``record.record_game``): the ruleset's name, its codec and
    its event schema. A ``Ruleset`` is one; a game's play module records with a ``Recording`` of its
    own parts, since the ``Ruleset`` record loads the play module to play (and so cannot be read back
    by it)."""

    @property
    def name(self) -> str: ...

    @property
    def codec(self) -> ReplayCodec[S, E]: ...

    @property
    def event_schema(self) -> int: ...


@dataclass(frozen=True)
class Recording(Generic[S, E]):
    """A ``Recorded`` of a game's own parts (its play module's): the same name, codec and event schema
    as its ``Ruleset`` record (tests/test_import_cycles.py checks each game's two agree)."""

    name: str
    codec: ReplayCodec[S, E]
    event_schema: int = 1


@dataclass(frozen=True)
class EventUpgrade:
    """Turns plain events (and keyframe states) of event schema ``from_version`` into ``from_version + 1``.

    ``event`` may raise ``ValueError`` for data it cannot upgrade; ``state`` defaults to no change.
    """

    from_version: int
    summary: str
    event: Callable[[Plain], Plain]
    state: Callable[[Plain], Plain] = _same


@dataclass(frozen=True)
class UpgradingCodec(Generic[S, E]):
    """A ruleset's codec reading a file of an older event schema: every event and keyframe is
    upgraded (as plain data) to the current schema before the codec validates it."""

    codec: ReplayCodec[S, E]
    steps: tuple[EventUpgrade, ...]

    @property
    def ruleset(self) -> str:
        return self.codec.ruleset

    def decode_event(self, raw: Plain) -> E:
        for step in self.steps:
            raw = step.event(raw)
        return self.codec.decode_event(raw)

    def encode_event(self, event: E) -> Plain:
        return self.codec.encode_event(event)

    def decode_state(self, raw: Plain) -> S:
        for step in self.steps:
            raw = step.state(raw)
        return self.codec.decode_state(raw)

    def encode_state(self, state: S) -> Plain:
        return self.codec.encode_state(state)

    def initial_state(self, header: Plain) -> S:
        return self.codec.initial_state(header)

    def apply(self, state: S, event: E) -> S:
        return self.codec.apply(state, event)


@dataclass(frozen=True)
class PlayRequest:
    """`trek play NAME`: a game to play with the engine's AI in every seat, and where to record it.

    ``players`` is the ruleset's own reading of ``--players`` (None: its default); ``front`` the
    front end (``engine.seats.decision.FrontEnd``) a person in a seat answers through; ``dice``
    ``--dice`` (engine: rolled from the seed; table: asked as rolled at a real table)."""

    name: str
    seed: int
    out: Path | None = None
    rounds: int | None = None
    players: str | None = None
    front: Any = None
    dice: str = "engine"  # "table": each roll's faces asked as they came up on physical dice


def with_people(request: PlayRequest) -> bool:
    """Whether a person sits in a seat (``human`` among ``--players``; an Alliance mission's ships after
    a colon, ``3:P1``) or keeps the table's dice: the game is played with the seats package's session."""
    players = request.players or ""
    return request.dice == "table" or ":" in players or "human" in [p.strip() for p in players.split(",")]


@dataclass(frozen=True)
class Played:
    """What `trek play` prints of a game it played: one JSON document, or these lines of text."""

    doc: dict[str, Any]
    lines: tuple[str, ...]


@dataclass(frozen=True)
class GameMaker:
    """How a ruleset plays a whole game from the command line: the names it plays (its bundled
    scenarios or missions, or a file of its own), and the play, recorded by ``record_game``;
    optionally, a scenario of two fleets against each other (``versus``)."""

    bundled: Callable[[], Sequence[str]]
    plays: Callable[[str], bool]
    play: Callable[[PlayRequest], Played]
    # fleet files against each other on a table (a name ``plays`` takes; None: the ruleset's
    # default): a file name and the text of one self-contained scenario that ``play`` plays
    # (`trek batch play FLEET_A FLEET_B`); None: the ruleset has no fleets to pit
    versus: Callable[[Sequence[str], str | None], tuple[str, str]] | None = None
    # a scenario file (a path ``plays`` takes) as one checked, self-contained document: a file
    # name and the text that ``play`` plays as the file would play, with nothing else on disk
    # (`trek batch play FILE` ships it to workers that have no copy); None: files are played
    # where they are
    document: Callable[[str], tuple[str, str]] | None = None
    # a replay header of a game with people in its seats, as the game to play again
    # (``engine.seats.session.Seated``): `trek play --resume` and `trek replay validate`; None: no people
    seated: Callable[[dict[str, Any]], Any] | None = None


@dataclass(frozen=True)
class Luck(Generic[E]):
    """Each side's luck for `trek replay info`, from the events of types ``reads`` (a file with no
    ``needs`` event has none to report): ``sides`` gives one JSON document per side (side, attacks,
    actual_damage, expected_damage, luck, mean_percentile), or None."""

    reads: frozenset[str]
    needs: str
    sides: Callable[[Iterable[E]], list[dict[str, Any]] | None]


@dataclass(frozen=True)
class Ruleset(Generic[S, E]):
    """One game, as everything outside its folder sees it.

    - ``codec``: events and states to and from plain data, the initial state from a replay
      header, and the one reducer (``apply``).
    - ``event_schema``: the version of the event union that this engine writes (in the replay
      header under ``event_schema``; a file without it is version 1); ``upgrades`` maps each
      older version to the step that brings its plain events to the next one, so old files keep
      opening (``reading``).
    - ``table``: the play area, obstacles and planets from a replay header (``ValueError`` when bad).
    - ``presenter``: built once per Timeline from its events and table; turns (state, event,
      progress) into what is on screen, narrates (log lines, captions, reasons).
    - ``seconds``: playback seconds of an event.
    - ``format_state``: the state as text (``trek replay state``); None: the generic outline.
    - ``maker``: how `trek play` plays one of its games (None: it has no scenarios to play).
    - ``luck``: each side's luck over a replay, for `trek replay info` (None: not reported).
    - ``replay_check``: plays a recorded game again from (header, plain events, result, complete)
      and gives the departures found, for `trek replay validate` (None: structure and reducer only).
    - ``cards``: a video's title and end cards from (header, final state, whether the replay is
      cut off, a fallback title); None: the title alone.
    - ``card_abilities``: what the game plays of a catalog card's printed ability (`trek catalog
      show`): lines saying so, or None when it does not support the card's ability.
    - ``losses``: where each ship out of play at the end left it, from (header, events) alone, as
      `trek batch` rows list them (``engine.batch.games.losses``); None: read through the view (a
      Timeline), which any game answers, at about a third of a game's own time.
    - ``teaching``: the game's teaching plate of a name (`trek teach plate GAME NAME`), as a
      :class:`engine.view.PlateView` (``ValueError`` for a name it has not); None: it has none.
    - ``round_key``: the field of its plain events that numbers the game's rounds (the replay
      index's last round, `trek replay info` and `dump`); ``round_name``: what the game calls one
      ("round"; Fleet Captains: "turn").
    - ``notation``: loads the game's notation (`trek notation check|import|export`: its grammar, the
      import through the game's own engine, the export); called only when a notation of the game is
      read or written, so listing rulesets loads no grammar; None: the game has no notation.
    """

    name: str
    codec: ReplayCodec[S, E]
    table: Callable[[Plain], TableGeometry]
    presenter: Callable[[Sequence[E], TableGeometry], Presenter[S, E]]
    seconds: Callable[[E], float]
    format_state: Callable[[S], str] | None = None
    maker: GameMaker | None = None
    luck: Luck[E] | None = None
    replay_check: Callable[[dict[str, Any], Iterator[dict[str, Any]], dict[str, Any] | None, bool], list[str]] | None \
        = None
    cards: Callable[[Plain, S, bool, str], tuple[CardView, CardView]] | None = None
    card_abilities: Callable[[str], tuple[str, ...] | None] | None = None
    losses: Callable[[Plain, Sequence[E]], list[dict[str, Any]]] | None = None
    teaching: Callable[[str], PlateView] | None = None
    notation: Callable[[], GameNotation] | None = None
    event_schema: int = 1
    upgrades: Mapping[int, EventUpgrade] = field(default_factory=dict)
    round_key: str = "round"
    round_name: str = "round"

    def __post_init__(self) -> None:
        if self.codec.ruleset != self.name:
            raise ValueError(f"ruleset {self.name!r} has the codec of {self.codec.ruleset!r}")
        missing = [v for v in range(1, self.event_schema) if v not in self.upgrades]
        if missing or any(u.from_version != v for v, u in self.upgrades.items()):
            raise ValueError(f"ruleset {self.name!r} needs one upgrade from each event schema below "
                             f"{self.event_schema} (missing: {missing})")

    def events_version(self, header: Mapping[str, Any]) -> int:
        """The event schema a replay header says its events were written with (1 when it says nothing)."""
        version = header.get(EVENT_SCHEMA_KEY, 1)
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            raise TrekError(f"the replay header's {EVENT_SCHEMA_KEY} is not a version number: {version!r}")
        if version > self.event_schema:
            raise TrekError(f"the replay's {self.name} events are of schema {version}, newer than this engine's "
                            f"{self.event_schema}: update the engine to read it")
        return version

    def reading(self, header: Mapping[str, Any]) -> ReplayCodec[S, E]:
        """The codec for a file with this header: the ruleset's own, upgrading older events first."""
        version = self.events_version(header)
        if version == self.event_schema:
            return self.codec
        return UpgradingCodec(self.codec, tuple(self.upgrades[v] for v in range(version, self.event_schema)))

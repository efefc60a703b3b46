"""The title and end cards of a clip (``trek render --rounds A-B`` short of the whole game).

The replay's own cards (``LoadedReplay.title_card``, ``end_card``) speak of the whole game; a clip
that stops before the end must not end on the game's result. :func:`clip_cards` words the cards
of a clip from what it shows, read off the Timeline's Moments (the view: no event of a ruleset is
read here), never from the result:

- the title card names the clip's span ("BATTLE REPORT - ROUNDS 3-4") and shows each fleet as
  it stands when the clip starts (ships already out greyed, "2 of 3 ships in play");
- the end card of a clip that stops mid-game: "The battle goes on" after the span (no winner),
  each fleet's damage dealt by its attacks in the clip (the shields and hull its attacks took off
  enemy ships' HUD panels), the damage each fleet took (by anything: 'N not by an attack'),
  the ships lost in the clip (and the round) and every ship as its HUD panel shows it on the
  clip's last frame (hull, shields, destroyed); the footer is that frame's round and "the game
  goes on";
- the end card of a clip that reaches the end of the game: the game's result card, naming the
  span and the ships lost in it.

A whole-game video keeps the replay's cards unchanged.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, replace

from engine.replay_timeline import LoadedReplay
from engine.timeline import Moment
from engine.view import CardView, FleetCardView, PanelView, ShipLineView
from engine.view_fleet_captains import ratings_of
from studio.frame_plan import VideoPlan

SEP = "  |  "


@dataclass(frozen=True)
class ClipFacts:
    """What a clip shows, worked out from its events: the span's name, each side's damage dealt
    (by its attacks, and to it by anything) and ships lost, and the HUD's panels at both ends."""

    span: str  # "ROUND 3", "ROUNDS 3-4" ("TURN 3" where the HUD counts turns)
    word: str  # "round" or "turn": what the HUD counts
    first_round: int  # the round the clip starts in
    first: int  # the clip's first event
    last: int  # its last event
    before: dict[str, PanelView]  # ship id -> panel as the clip starts (ships on the table)
    after: dict[str, PanelView]  # ... on the clip's last frame
    dealt: dict[int, int] | None  # side -> shields and hull its attacks took off enemy ships in the clip
    taken: dict[int, int] | None  # ... its ships lost to damage, from anything (None: a HUD without hull)
    lost: dict[int, tuple[str, ...]]  # side -> ids of its ships that went out of play in the clip
    lost_in: dict[str, int]  # ship id -> the round its panel went out of play in (in the clip)
    reaches_end: bool  # the clip's last frame is the game's end
    end: Moment  # what the clip's last frame shows


def span_name(first_round: int, last_round: int, word: str = "round") -> str:
    a, b = max(first_round, 1), max(last_round, 1)
    return f"{word.upper()} {a}" if a == b else f"{word.upper()}S {a}-{b}"


def round_word(label: str) -> str:
    """What the HUD's round label counts ("ROUND 3 / 8": round, "TURN 3": turn)."""
    head = label.split()[0].lower() if label.split() else ""
    return head if head in ("round", "turn") else "round"


def _left(panels: dict[str, PanelView], ship: str) -> int:
    p = panels.get(ship)
    return 0 if p is None else p.shields + p.hull


def clip_facts(loaded: LoadedReplay, plan: VideoPlan) -> ClipFacts:
    """The facts of ``plan``'s clip (its events are those that start in its span, up to ``plan.last``),
    read off the Timeline's Moments event by event, as the HUD shows them: a point of damage is a
    shield or hull an event took off a ship's panel (a Direct Hit two hull), dealt by the attacking
    side where the event belongs to an attack (``attack_of``; the attacker is the Moment's active
    ship) on a ship of another side; a ship is lost where its panel goes out of play."""
    tl = loaded.timeline
    last = plan.last if plan.last is not None else tl.index_at(plan.end)
    first = 0 if plan.start <= 0 else bisect.bisect_left(tl.starts, plan.start)
    start, end = tl.moment_after(first - 1), plan.moment_of(tl, plan.game_frames - 1)
    side = {p.id: p.player for p in tl.roster}
    dealt: dict[int, int] = {}
    taken: dict[int, int] = {}
    lost_in: dict[str, int] = {}
    mark_starts = [m[0] for m in tl.marks]
    attackers: dict[int, str | None] = {}  # attack event -> its attacker
    was = {p.id: p for p in start.panels}
    for i in range(first, last + 1):
        now = {p.id: p for p in tl.moment_after(i).panels}
        for ship, p in now.items():
            points = _left(was, ship) - _left(now, ship) if ship in was else 0
            if points > 0:
                taken[p.player] = taken.get(p.player, 0) + points
                a = tl.attack_of[i]
                if a >= 0:
                    if a not in attackers:
                        attackers[a] = tl.moment_after(a).active
                    attacker = attackers[a]
                    by = side.get(attacker or "", -1)
                    if by >= 0 and by != p.player:
                        dealt[by] = dealt.get(by, 0) + points
            if p.destroyed and not (ship in was and was[ship].destroyed) and \
                    (k := bisect.bisect_right(mark_starts, tl.starts[i])):
                lost_in[ship] = tl.marks[k - 1][1]
        was = now
    before = {p.id: p for p in start.panels}
    after = {p.id: p for p in end.panels}
    lost: dict[int, tuple[str, ...]] = {}
    for sid, p in after.items():
        if p.destroyed and not (sid in before and before[sid].destroyed):
            lost[p.player] = (*lost.get(p.player, ()), sid)
    first_round, word = max(tl.moment(plan.start).round, 1), round_word(end.round_label)
    # the HUD counts shields and hull in pips (Fleet Captains draws its ratings line in their place)
    counts = any(p.hull_max > 0 for p in tl.roster) and not any(ratings_of(p) for p in tl.roster)
    return ClipFacts(span_name(first_round, end.round, word), word, first_round, first, last, before, after,
                     dealt if counts else None, taken if counts else None, lost, lost_in, last >= len(tl) - 1, end)


def is_clip(loaded: LoadedReplay, plan: VideoPlan) -> bool:
    """Whether ``plan`` shows less than the whole game."""
    tl = loaded.timeline
    return plan.start > 0 or (plan.last is not None and plan.last < len(tl) - 1)


def clip_cards(loaded: LoadedReplay, plan: VideoPlan) -> tuple[CardView, CardView]:
    """The title and end cards of ``plan`` (the replay's own for the whole game)."""
    if not is_clip(loaded, plan) or not len(loaded.timeline):
        return loaded.title_card, loaded.end_card
    facts = clip_facts(loaded, plan)
    return title_card(loaded, facts), result_card(loaded, facts) if facts.reaches_end else goes_on_card(loaded, facts)


def _lines_by_id(loaded: LoadedReplay, side: int) -> list[tuple[str, ShipLineView | None]]:
    """Side ``side``'s ships (roster order) with their title-card line (cost, captain), matched by name."""
    fleet = next((f for f in loaded.title_card.fleets if f.side == side), None)
    spare = list(fleet.ships) if fleet is not None else []
    out: list[tuple[str, ShipLineView | None]] = []
    for p in loaded.timeline.roster:
        if p.player != side:
            continue
        line = next((s for s in spare if s.name == p.name), None)
        if line is not None:
            spare.remove(line)
        out.append((p.id, line))
    return out


def _sides(loaded: LoadedReplay) -> list[tuple[int, str]]:
    """(side, fleet name) of the cards' fleets, or of the roster's players."""
    if loaded.title_card.fleets:
        return [(f.side, f.name) for f in loaded.title_card.fleets[:2]]
    return [(p, f"Fleet {p + 1}") for p in sorted({s.player for s in loaded.timeline.roster})[:2]]


def panel_status(p: PanelView | None) -> str:
    """A ship as a HUD panel shows it: out of play, or its hull and shields left."""
    if p is None:
        return "not on the table"
    if p.destroyed:
        return p.status.replace("_", " ")
    if ratings_of(p):  # a game whose panel shows its own ratings line instead of shield and hull pips
        return ratings_of(p)
    return f"hull {p.hull}/{p.hull_max}, shields {p.shields}/{p.shields_max}"


def title_card(loaded: LoadedReplay, facts: ClipFacts) -> CardView:
    """The clip's title card: the game's, naming the span, with the fleets as the clip starts."""
    card = loaded.title_card
    first, word = facts.first_round, facts.word
    fleets = []
    for f in card.fleets:
        out = {id(line): facts.before[sid] for sid, line in _lines_by_id(loaded, f.side)
               if sid in facts.before and facts.before[sid].destroyed}
        ships = tuple(replace(s, gone=True, status=f"{panel_status(out[id(s)])} before {word} {first}")
                      if id(s) in out else s for s in f.ships)
        gone = len(out)
        summary = f"{len(ships) - gone} of {len(ships)} ships in play" if gone else f.summary
        fleets.append(replace(f, ships=ships, summary=summary))
    subtitle = card.subtitle if first == 1 else f"From the start of {word} {first}: the fleets as it begins"
    return replace(card, kicker=f"{card.kicker} - {facts.span}", subtitle=subtitle, fleets=tuple(fleets))


def losses(loaded: LoadedReplay, facts: ClipFacts, counted: bool = False) -> list[str]:
    """The ships out of play in the clip, per fleet and how they went ("Dominion: 2nd Division Cruiser
    destroyed"; ``counted``: "2 ships of the Dominion destroyed")."""
    out = []
    for side, name in _sides(loaded):
        by_status: dict[str, list[str]] = {}
        for sid in facts.lost.get(side, ()):
            p = facts.after[sid]
            by_status.setdefault(panel_status(p), []).append(p.name)
        for status, ships in by_status.items():
            n = len(ships)
            # "of the": a fleet's name may be a plural noun ("1 Players ship retreated" read wrong)
            out.append(f"{n} ship{'s' if n != 1 else ''} of the {name} {status}" if counted
                       else f"{name}: {', '.join(ships)} {status}")
    return out


def goes_on_card(loaded: LoadedReplay, facts: ClipFacts) -> CardView:
    """The end card of a clip that stops before the game ends: what happened in it, no result."""
    span = facts.span.lower()
    fleets = []
    for side, name in _sides(loaded):
        lines = []
        for sid, line in _lines_by_id(loaded, side):
            p = facts.after.get(sid)
            status = panel_status(p)
            if sid in facts.lost.get(side, ()):
                status += f" in {facts.word} {facts.lost_in[sid]}" if sid in facts.lost_in else " in this clip"
            base = line or ShipLineView(next(r.name for r in loaded.timeline.roster if r.id == sid))
            lines.append(replace(base, status=status, gone=p is not None and p.destroyed))
        on_table = [p for sid, _ in _lines_by_id(loaded, side) if (p := facts.after.get(sid)) is not None]
        left = sum(1 for p in on_table if not p.destroyed)  # as the HUD's panels count them
        where = "left" if len(on_table) == len(lines) else "on the table"
        summary = f"{left} of {len(lines)} ships {where}"
        if facts.taken is not None:
            taken = facts.taken.get(side, 0)
            summary += f"; took {taken} damage"
            # the other fleet's 'dealt' counts its attacks only: say what else did damage, so the two agree
            by_attacks = sum(v for s, v in (facts.dealt or {}).items() if s != side)
            if taken > by_attacks:
                summary += f", {taken - by_attacks} not by an attack"
        dealt = None if facts.dealt is None else facts.dealt.get(side, 0)
        fleets.append(FleetCardView(side, name, dealt, f"damage dealt in {span}", summary, tuple(lines)))
    lost = losses(loaded, facts)
    subtitle = "; ".join(lost) if lost else f"no ship was lost in {span}"
    footer = SEP.join(p for p in (facts.end.round_label.lower(), "the game goes on") if p)
    return CardView(f"END OF {facts.span}", "The battle goes on", subtitle, tuple(fleets), footer)


def result_card(loaded: LoadedReplay, facts: ClipFacts) -> CardView:
    """The end card of a clip that reaches the game's end: the game's result, naming the span and
    the ships lost in it."""
    card = loaded.end_card
    lost = losses(loaded, facts, counted=True)
    shown = f"{facts.span.lower()} shown: {', '.join(lost) if lost else 'no ship lost'}"
    return replace(card, kicker=f"{card.kicker} - {facts.span}", footer=SEP.join(p for p in (card.footer, shown) if p))

"""`trek teach drill NAME` and `trek teach drills`: teach by doing (issue 35).

The learner picks a maneuver from the ship's dial (numbered, written as the seat writes it: the
notation's ``A1 dial 2 bank-left``), the movement rules fly it, and the learner is told what
happened and which rule decided it, beside the ideal answers (every dial maneuver that meets the
goal). Several tries, hints (the drill's own, then the dial fan-out), a score, and progress kept in
a small JSON file. It reads any text stream, so piped input drives it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from engine.drill import (
    Drill,
    Outcome,
    Progress,
    bundled_drills,
    default_progress_path,
    load_drill,
    read_progress,
    score,
    write_progress,
)
from engine.rulesets.into_the_unknown.drills import ItuDrill, ItuOutcome
from engine.seats.decision import Choice, Decision, SeatClosed
from trek.output import print_json
from trek.render_cmd import RenderOptionError
from trek.seats.terminal import TerminalSeat, shown

HINT = "hint"
AnyDrill = Drill | ItuDrill
AnyOutcome = Outcome | ItuOutcome


def run_drills(args: argparse.Namespace) -> int:
    drills = bundled_drills()
    progress = read_progress(args.progress or default_progress_path())
    if args.json:
        print_json({"drills": [{"name": d.name, "game": d.doc.game, "skill": d.doc.skill,
                                "difficulty": d.doc.difficulty, "title": d.doc.title,
                                "stars": progress.drills[d.name].best if d.name in progress.drills else None}
                               for d in drills]})
        return 0
    heading = None
    for d in drills:
        if (d.game_title, d.doc.skill) != heading:
            heading = (d.game_title, d.doc.skill)
            print(f"{d.game_title}: {d.doc.skill}")
        done = progress.drills.get(d.name)
        stars = f"  [{'*' * done.best}{'.' * (3 - done.best)}]" if done else ""
        print(f"  {d.name:<18} difficulty {d.doc.difficulty}  {d.doc.title}{stars}")
    return 0


def run_drill(args: argparse.Namespace, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    if args.answer_png is not None:
        _check_png(args.answer_png)
    drill = load_drill(args.name)
    if args.answer_png is not None and not isinstance(drill, Drill):
        raise RenderOptionError(f"--answer-png draws Attack Wing drills; {drill.name} is {drill.game_title}'s")
    path = args.progress or default_progress_path()
    progress = read_progress(path)
    out = stdout if stdout is not None else sys.stdout
    last = fly_drill(drill, TerminalSeat(stdin, out, leave="save stops the drill (the tries so far are kept)"), out,
                     progress)
    write_progress(path, progress)
    print(f"progress saved in {path}", file=out)
    if args.answer_png is not None:
        from studio.snapshot import save_png
        from studio.teach_drills import draw_answer

        assert isinstance(drill, Drill) and (last is None or isinstance(last, Outcome))
        save_png(draw_answer(drill, last, drill.ideal()), args.answer_png)
        print(f"wrote {args.answer_png}", file=out)
    return 0


def _check_png(out: Path) -> None:
    from trek.commands import STUDIO_MISSING, studio_installed

    if not studio_installed():  # a drill at the terminal needs no studio; its picture does
        raise RenderOptionError(f"--answer-png: {STUDIO_MISSING}")
    if out.suffix.lower() != ".png":
        raise RenderOptionError(f"{out.name}: --answer-png must name a .png")
    if not out.parent.exists():
        raise RenderOptionError(f"{out.parent}: no such folder")


def fly_drill(drill: AnyDrill, seat: TerminalSeat, out: TextIO, progress: Progress) -> AnyOutcome | None:
    """The drill's tries at ``seat``; the progress recorded; the last outcome (None if none was flown)."""

    def say(line: str = "") -> None:
        print(shown(line), file=out)

    say(f"Drill {drill.name} ({drill.game_title}, {drill.doc.skill}, difficulty {drill.doc.difficulty}): "
        f"{drill.doc.title}")
    say(f"  {drill.doc.brief}")
    for line in drill.situation():
        say(f"  {line}")
    ideal = drill.ideal()
    hints = [*drill.doc.hints, "the fan-out, where each choice ends:\n    " + "\n    ".join(drill.fan_out())]
    choices = drill.choices()
    options = (*(Choice(text, details) for text, details in choices), Choice(HINT, "a hint (costs a star)"))
    tries = taken = 0
    last: AnyOutcome | None = None
    solved = False
    try:
        while tries < drill.doc.tries and not solved:
            pick = seat.ask(Decision(drill.doc.game, drill.doc.ship, "maneuver",
                                     f"choose the maneuver (try {tries + 1} of {drill.doc.tries})", options))
            if pick == len(choices):
                if taken < len(hints):
                    first, *more = hints[taken].split("\n")  # (the fan-out: one line per choice)
                    say(f"  hint {taken + 1}: {first}")
                    for line in more:
                        say(line)
                    taken += 1
                else:
                    say("  no more hints")
                continue
            tries += 1
            last = drill.judge(pick)
            solved = last.ok
            say(f"  you flew {last.said}: {last.flown}")
            for c in last.checks:
                say(f"   {'yes' if c.ok else 'NO '}  {c.text}")
            say(f"  {'right' if last.ok else 'wrong'}")
            if not solved and tries < drill.doc.tries:
                say(f"  not yet: {len(ideal)} of the {len(choices)} choices meet the goal; try again, or type hint")
    except SeatClosed:
        say("  (the drill is left)")
    if tries:
        stars = score(tries, taken, solved)
        say(("solved" if solved else "not solved") + f" in {tries} tr{'y' if tries == 1 else 'ies'}"
            f" with {taken} hint{'' if taken == 1 else 's'}: {stars} of 3 stars")
        assert last is not None
        mine = any(i.said == last.said for i in ideal)
        say(f"your answer: {last.said}; the ideal answers: " + (", ".join(o.said for o in ideal) or "none")
            + ("" if mine else " (yours is not among them)"))
        progress.record(drill.name, tries, taken, solved)
    return last

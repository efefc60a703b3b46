"""The heads-up display drawn over the table: round and phase, the active ship and the AI's
reason, the dice of the current attack, a panel per ship, and a caption line.

``Hud(parent, aspect)`` builds its nodes under ``parent``, a 2D node shaped like Panda3D's
``aspect2d`` (x from -aspect to +aspect, z from -1 at the bottom to +1 at the top, y ignored);
``update(moment, timeline)`` syncs them to a Timeline moment and touches only what changed, so
the viewer can call it every frame. No ShowBase globals, no font files (Panda3D's default font).

Layout (in aspect2d units; one unit is half the image height):

- top left: ``ROUND r / n`` and the phase; top centre: the active ship and the AI's reason; top
  right: the mission's act, scores, directives and track, when the ruleset gives them;
- left and right columns: a panel per ship of fleet 0 (left) and fleet 1 (right): name in the
  player colour, shields and hull as pips, tokens as badges, face-up damage cards as red tags;
  a destroyed ship's panel is greyed;
- bottom centre: the dice of the attack, face by face (attack red, defense green); rerolled dice
  are outlined white (R), converted gold (C), added cyan (+), and the dice the current event
  rolls or changes pulse as it happens; below them the caption line (the event as a sentence).

:meth:`Hud.safe_area` says which part of the image the HUD leaves clear (the director frames
the ships there).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from panda3d.core import NodePath, TransparencyAttrib

from engine.timeline import Moment, Timeline
from engine.view_fleet_captains import notes_of
from engine.view_into_the_unknown import mission_of
from studio import palette
from studio.hud2d import DIM, PANEL, WHITE, Label, Shapes, replace_children, short
from studio.hud_crew import crew_height
from studio.hud_dice import DICE_BOTTOM, DICE_TOP, DiceStrip, pulse_scale
from studio.hud_mission import MissionBox
from studio.hud_panels import COLUMN_W, ShipPanel

PIP_SCALE: Final = 1.5  # the dice inset of an attack clip
MARGIN: Final = 0.03
TOP_BOX_H: Final = 0.16
CAPTION_Z: Final = -0.935
CAPTION_SIZE: Final = 0.042
NOTE_SIZE: Final = 0.03
NOTE_LINES: Final = 3  # the room a fleet's note has over its panels (its head and three lines)
NOTE_BOTTOM: Final = -0.085 - 0.038 - NOTE_LINES * NOTE_SIZE * 1.05 - 0.012  # its back's bottom (column units)
PANEL_GAP: Final = 0.016


COMPACT_SCALE: Final = 1.25  # from this scale up the ship panels are left out (small images)
# below this half-width (HUD units) the active ship's box does not fit between the round box and the
# mission box or a fleet column: it takes a row of its own under them (square and portrait images)
NARROW_HALF_WIDTH: Final = 1.3
HEADER_ROW: Final = 0.2  # that row's height


def hud_scale(height: int) -> float:
    """A HUD scale that keeps its text readable in a small image (1 from 540 pixels high up)."""
    return 1.0 if height >= 540 else min(1.6, 540.0 / max(height, 1))


class Hud:
    """The HUD under ``parent`` (an aspect2d-like node) for an image of ``aspect`` = width / height.

    ``scale`` enlarges everything for small images (:func:`hud_scale`); at ``COMPACT_SCALE`` and
    above the ship panels are left out so the table stays visible.
    """

    def __init__(self, parent: NodePath, aspect: float, *, scale: float = 1.0, pip: bool = False) -> None:
        self.parent = parent
        self.aspect = aspect
        self.scale = scale
        self.root = parent.attachNewNode("hud")
        self.root.setScale(scale)
        self.root.setTransparency(TransparencyAttrib.MAlpha)
        self.root.setBin("unsorted", 0)
        self.root.setDepthTest(False)
        self.root.setDepthWrite(False)
        self.root.setLightOff(1)
        self.root.setTwoSided(True)
        self.fleet_names: list[str] = []
        # top left: round and phase
        self.top_left = self.root.attachNewNode("round")
        self.round_back = self.top_left.attachNewNode("back")
        self.round = Label(self.top_left, "round", 0.06)
        self.phase = Label(self.top_left, "phase", 0.042, colour=(0.75, 0.85, 1.0, 1.0))
        # top right: how the mission stands
        self.top_right = self.root.attachNewNode("mission-box")
        self.mission = MissionBox(self.top_right, COLUMN_W, TOP_BOX_H)
        # top centre: the active ship and the AI's reason
        self.top = self.root.attachNewNode("active")
        self.active_back = self.top.attachNewNode("back")
        self.active = Label(self.top, "active", 0.048)
        self.versus = Label(self.top, "versus", 0.036, colour=DIM)
        self.target = Label(self.top, "target", 0.048)
        self.reason = Label(self.top, "reason", 0.036, "center", (0.85, 0.88, 0.95, 1.0), wrap=44)
        # fleets
        self.columns = [self.root.attachNewNode("fleet-0"), self.root.attachNewNode("fleet-1")]
        self.fleet_labels = [Label(c, f"fleet-{k}", 0.036, colour=DIM) for k, c in enumerate(self.columns)]
        # under each fleet's name, its note (a score, the missions face up), when the game has one,
        # on a panel of its own so the table's big place names never show through it
        self.note_backs = [c.attachNewNode(f"note-back-{k}") for k, c in enumerate(self.columns)]
        self.heads = [Label(c, f"note-head-{k}", 0.044, colour=WHITE) for k, c in enumerate(self.columns)]
        self.notes = [Label(c, f"notes-{k}", NOTE_SIZE, colour=WHITE, wrap=(COLUMN_W - 0.02) / NOTE_SIZE)
                      for k, c in enumerate(self.columns)]
        self._noted = False  # whether the panels stand below the notes
        self.narrow = False  # the active ship's box on a row of its own (:data:`NARROW_HALF_WIDTH`)
        self.column_scale = 1.0  # the fleet columns, round box and mission box made narrower to fit (portrait)
        self.panels: dict[str, ShipPanel] = {}
        self._column_ends = [0.0, 0.0]  # the bottom of each column's last panel (HUD units, from the centre)
        # centre: ROUND n / the phase, big, while the round or phase starts
        self.banner = Label(self.root, "banner", 0.13, "center", WHITE)
        self.banner_sub = Label(self.root, "banner-sub", 0.06, "center", (0.75, 0.85, 1.0, 1.0))
        # bottom (positioned against the bottom edge by ``_layout``)
        self.bottom = self.root.attachNewNode("bottom")
        self.dice = DiceStrip(self.bottom)
        self.pip = pip
        if pip:  # an attack clip: the dice enlarged in a framed inset over the bottom edge
            self.dice.framed = True
        self._dice_scale = 0.0
        self._fit_dice()
        self.caption_back = self.bottom.attachNewNode("caption-back")
        self.caption = Label(self.bottom, "caption", CAPTION_SIZE, "center")
        self._timeline: Timeline | None = None
        self._order: list[tuple[str, int]] = []
        self._keys: dict[str, object] = {}
        self._look: object = None  # what the last update drew (:meth:`look`)
        self._layout()

    # --- layout ---------------------------------------------------------------------------------
    def set_aspect(self, aspect: float) -> None:
        """The image's width / height changed (a resized window): lay the HUD out again."""
        if aspect != self.aspect:
            self.aspect = aspect
            self._layout()
            self._place_panels()
            self._keys.clear()
            self._look = None

    def set_fleet_names(self, names: Sequence[str]) -> None:
        """Names for the two fleet columns (the replay header's fleet names); default: the factions."""
        self.fleet_names = list(names)
        self._keys.pop("fleets", None)
        self._look = None

    @property
    def compact(self) -> bool:
        return self.scale >= COMPACT_SCALE

    def safe_area(self) -> tuple[float, float, float, float]:
        """The part of the image the HUD leaves clear, as (left, right, bottom, top) in -1..1."""
        k = self.scale
        side = 0.04 if self.compact else min((COLUMN_W * self.column_scale + 2 * MARGIN) * k / self.aspect, 0.45)
        bottom = 0.4 if not self.pip else 0.4 + (DICE_TOP - DICE_BOTTOM) * (PIP_SCALE - 1)
        top = 0.24 + (HEADER_ROW if self.narrow else 0.0)
        return (-1.0 + side, 1.0 - side, -1.0 + bottom * k, 1.0 - top * k)  # the dice box reaches -1 + 0.38k

    def keep_out(self, timeline: Timeline) -> list[tuple[float, float, float, float]]:
        """The rectangles the HUD may cover while it shows ``timeline``, in -1..1 image units
        (left, right, bottom, top): the bands above and below :meth:`safe_area` (round box, header,
        mission box; dice and caption) and each fleet column down to its last ship panel. The parts
        of the side strips below the panels are clear: the director may put a ship there."""
        if timeline is not self._timeline:
            self._bind(timeline)
        left, right, bottom, top = self.safe_area()
        out = [(-1.0, 1.0, top, 1.0), (-1.0, 1.0, -1.0, bottom)]
        if self.compact:
            return out
        noted = self._noted
        self._noted = any(notes_of(timeline.moment(t)) for t in (0.0, timeline.duration))
        self._place_panels()
        ends = list(self._column_ends)
        self._noted = noted
        self._place_panels()
        k = self.scale
        out += [(-1.0, left, max(ends[0] * k, -1.0), 1.0), (right, 1.0, max(ends[1] * k, -1.0), 1.0)]
        return out

    def rects(self) -> list[tuple[float, float, float, float]]:
        """What the HUD covers now, as (left, right, bottom, top) rectangles in -1..1 image units:
        the round box, the active ship's box, each fleet label and ship panel, the dice, the caption."""
        parts = [self.top_left, self.top, self.mission.back, self.bottom.find("dice"), self.caption_back,
                 *(label.path for label in self.fleet_labels), *(label.path for label in (*self.heads, *self.notes)),
                 *self.note_backs,
                 *(p.root for p in self.panels.values())]
        out = []
        for node in parts:
            if node.isEmpty() or node.isHidden() or (not node.getNumChildren() and not node.node().isGeomNode()):
                continue
            bounds = node.getTightBounds(self.parent)
            if bounds is None:
                continue
            lo, hi = bounds
            out.append((lo[0] / self.aspect, hi[0] / self.aspect, lo[2], hi[2]))
        return out

    def _layout(self) -> None:
        a, top = self.aspect / self.scale, 1.0 / self.scale  # the image's edges in the HUD's units
        self.narrow = a < NARROW_HALF_WIDTH
        # two columns side by side across a portrait image's width (a 9:16 one has room for 1.8 of them)
        k = self.column_scale = min(1.0, (2 * a - 3 * MARGIN) / (2 * COLUMN_W))
        width = COLUMN_W * k
        row = HEADER_ROW if self.narrow else 0.0
        self.top_left.setPos(-a + MARGIN, 0, top - MARGIN)
        self.top.setPos(0, 0, top - MARGIN - (TOP_BOX_H + MARGIN if self.narrow else 0.0))
        self.top_right.setPos(a - MARGIN - width, 0, top - MARGIN)
        self.bottom.setPos(0, 0, 1.0 - top)  # DICE_Z and CAPTION_Z are measured from z = -1
        self.columns[0].setPos(-a + MARGIN, 0, top - MARGIN - TOP_BOX_H - 0.03 - row)
        self.columns[1].setPos(a - MARGIN - width, 0, top - MARGIN - TOP_BOX_H - 0.03 - row)
        for node in (self.top_left, self.top_right, *self.columns):
            node.setScale(k)
        for column in self.columns:
            if self.compact:
                column.hide()
            else:
                column.show()
        replace_children(self.round_back)
        s = Shapes()
        s.rounded(0, -TOP_BOX_H, COLUMN_W, 0, 0.02, PANEL)
        s.node(self.round_back, "back")
        self.round.set(self.round.text, pos=(0.03, -0.072))
        self.phase.set(self.phase.text, pos=(0.03, -0.128))

    def _place_panels(self) -> None:
        counts = [sum(1 for _, side in self._order if side == k) for k in (0, 1)]
        top = 1.0 / self.scale
        row = HEADER_ROW if self.narrow else 0.0
        # down to 0.6 of the way to the bottom, in the columns' own units
        avail = (top - MARGIN - TOP_BOX_H - 0.03 - row + 0.6 * top - 0.05) / self.column_scale
        gap = PANEL_GAP
        for side in (0, 1):
            n = max(counts[side], 1)
            tall = sum(self.panels[i].height + gap for i, k in self._order if k == side) or n * (ShipPanel.HEIGHT + gap)
            scale = min(1.0, (avail - 0.06) / tall)
            self.fleet_labels[side].set(self.fleet_labels[side].text, pos=(0.01, -0.035))
            self.heads[side].set(self.heads[side].text, pos=(0.01, -0.085))
            self.notes[side].set(self.notes[side].text, pos=(0.01, -0.085 - 0.038))
            # under the note's back (they overlapped by 0.03: a panel's top row under the note)
            z = NOTE_BOTTOM - gap if self._noted else -0.055
            for ship_id, s in self._order:
                if s != side:
                    continue
                panel = self.panels[ship_id]
                panel.root.setScale(scale)
                panel.root.setPos(0, 0, z)
                z -= (panel.height + gap) * scale
            self._column_ends[side] = self.columns[side].getZ() + (z + gap * scale) * self.column_scale - MARGIN

    def _bind(self, timeline: Timeline) -> None:
        """Build the panels for ``timeline``'s ships (once per timeline; each shows once its ship arrives)."""
        self._timeline = timeline
        for panel in self.panels.values():
            panel.root.removeNode()
        self.panels.clear()
        self._order = [(p.id, p.player % 2) for p in timeline.roster]
        extra = {p.id: crew_height(p) for p in timeline.roster}
        for ship_id, side in self._order:
            self.panels[ship_id] = ShipPanel(self.columns[side], ship_id, extra.get(ship_id, 0.0))
        self._keys.clear()
        self._look = None
        self._place_panels()

    # --- per frame ------------------------------------------------------------------------------
    @staticmethod
    def look(moment: Moment, captions: bool = True) -> tuple[object, ...]:
        """Everything of ``moment`` the HUD draws: two moments with equal looks draw the same HUD
        (:meth:`update` skips a moment whose look it drew last; videos reuse the last frame)."""
        text = moment.banner.title if moment.banner is not None else ""
        dice = moment.dice
        fresh = dice is not None and any(d.fresh for d in (*dice.attack, *dice.defense))
        return (moment.round_label, moment.phase_label, moment.banner, round(_banner_fade(moment), 3) if text else 0.0,
                moment.header, moment.panels, notes_of(moment), dice, pulse_scale(moment.progress) if fresh else 1.0,
                moment.caption if captions else "", mission_of(moment))

    def update(self, moment: Moment, timeline: Timeline, *, captions: bool = True) -> bool:
        """Show ``moment`` of ``timeline`` (``captions``: the event line at the bottom); False when
        it looks like the moment shown last (nothing to do)."""
        if timeline is not self._timeline:
            self._bind(timeline)
        look = self.look(moment, captions)
        if look == self._look:
            return False
        self._look = look
        self._update_round(moment)
        self.mission.update(mission_of(moment))
        self._update_banner(moment)
        self._update_active(moment)
        self._update_fleets()
        self._update_notes(moment)
        self._update_panels(moment)
        self.dice.update(moment.dice, moment.progress)
        self._fit_dice()
        self._update_caption(moment.caption if captions else "")
        return True

    def _fit_dice(self) -> None:
        """The dice strip at its scale (``PIP_SCALE`` in an attack clip's inset), made smaller when
        a long line (the odds and the cards used) would take it past the image's sides."""
        k = PIP_SCALE if self.pip else 1.0
        bounds = self.dice.backing.getTightBounds(self.dice.root)
        if bounds is not None:
            width = float(bounds[1][0] - bounds[0][0])
            room = 2 * (self.aspect / self.scale - MARGIN)  # the image's width in the HUD's units
            k = min(k, room / width) if width > 0 else k
        if k != self._dice_scale:
            self._dice_scale = k
            self.dice.root.setScale(k)
            self.dice.root.setPos(0, 0, DICE_BOTTOM * (1 - k))  # its bottom edge stays where it was

    def _changed(self, name: str, key: object) -> bool:
        if self._keys.get(name, ()) == key:
            return False
        self._keys[name] = key
        return True

    def _update_round(self, moment: Moment) -> None:
        if self._changed("round", (moment.round_label, moment.phase_label)):
            self.round.set(moment.round_label)
            self.phase.set(moment.phase_label)

    def _update_banner(self, moment: Moment) -> None:
        banner = moment.banner
        text, sub = (banner.title, banner.subtitle) if banner is not None else ("", "")
        if self._changed("banner", (text, sub)):
            self.banner.set(text, pos=(0.0, 0.12))
            self.banner_sub.set(sub, pos=(0.0, 0.0))
        fade = _banner_fade(moment) if text else 0.0
        if self._changed("banner-fade", round(fade, 3)):
            for label in (self.banner, self.banner_sub):
                label.path.setAlphaScale(fade)

    def _update_active(self, moment: Moment) -> None:
        header = moment.header
        if not self._changed("active", header):
            return
        replace_children(self.active_back)
        if header is None:
            for label in (self.active, self.versus, self.target, self.reason):
                label.set("")
            return
        self.active.set(header.name, palette.mix(palette.player_colour(header.player), WHITE, 0.3))
        self.versus.set(f"  {header.verb}  " if header.target else "")
        self.target.set(header.target_name if header.target else "",
                        palette.mix(palette.player_colour(header.target_player), WHITE, 0.3))
        head = self.active.width() + self.versus.width() + self.target.width()
        x = -head / 2
        for label in (self.active, self.versus, self.target):
            label.set(label.text, pos=(x, -0.07 if label is not self.versus else -0.068))
            x += label.width()
        reason = header.reason
        self.reason.set(reason, pos=(0.0, -0.125))
        lines = max(1, int(self.reason.node.getNumRows())) if reason else 0
        width = max(head, self.reason.width() if reason else 0.0) + 0.08
        # clear of the round box and the columns, or the image's width on a row of its own
        a = self.aspect / self.scale
        room = a - MARGIN if self.narrow else a - COLUMN_W * self.column_scale - 2 * MARGIN
        fit = min(1.0, (2 * room - 0.04) / width)  # what does not fit is made smaller, never cut or overlapped
        width = min(max(width, 0.5), (2 * room - 0.04) / fit)
        self.top.setScale(fit)
        s = Shapes()
        s.rounded(-width / 2, -0.095 - 0.045 * lines, width / 2, 0, 0.02, PANEL)
        s.node(self.active_back, "back")

    def _update_fleets(self) -> None:
        names = list(self.fleet_names)
        if not self._changed("fleets", tuple(names)):
            return
        for side in (0, 1):
            text = names[side] if side < len(names) and names[side] else f"Fleet {side + 1}"
            self.fleet_labels[side].set(short(text.upper(), 26), palette.mix(palette.player_colour(side), WHITE, 0.4),
                                        pos=(0.01, -0.035))

    def _update_notes(self, moment: Moment) -> None:
        """Each fleet's note under its name (its first line large: a score); the panels make room
        for the notes when there are some."""
        notes = notes_of(moment)
        if not self._changed("notes", notes):
            return
        for side in (0, 1):
            head, _, rest = (notes[side] if side < len(notes) else "").partition("\n")
            colour = palette.mix(palette.player_colour(side), WHITE, 0.6)
            self.heads[side].set(head, colour)
            self.notes[side].set(rest, colour)
            replace_children(self.note_backs[side])
            if head or rest:
                back = Shapes()
                back.rounded(0.0, NOTE_BOTTOM, COLUMN_W, -0.085 + 0.05, 0.018, PANEL)
                back.node(self.note_backs[side], "back")
        if bool(notes) != self._noted:
            self._noted = bool(notes)
            self._place_panels()

    def _update_panels(self, moment: Moment) -> None:
        shown = {p.id: p for p in moment.panels}
        for ship_id, panel in self.panels.items():
            view = shown.get(ship_id)
            if view is None:  # not on the table yet (an Alliance reinforcement)
                panel.root.hide()
                continue
            panel.root.show()
            panel.update(view)

    def _update_caption(self, text: str) -> None:
        if not self._changed("caption", text):
            return
        replace_children(self.caption_back)
        # a long line (a card's use with its reason) is set smaller first (to 3/4), then cut with an
        # ellipsis inside the image, never at its edges; the event log keeps the whole line
        room = 2 * (self.aspect / self.scale - MARGIN) - 0.08  # the back's padding
        self.caption.fit(text, room, pos=(0.0, CAPTION_Z))
        if text:
            w = min(self.caption.width() + 0.08, 2 * self.aspect / self.scale - 0.04)
            s = Shapes()
            s.rounded(-w / 2, CAPTION_Z - 0.03, w / 2, CAPTION_Z + 0.058, 0.018, PANEL)
            s.node(self.caption_back, "back")

    # --- visibility -----------------------------------------------------------------------------
    def show(self) -> None:
        self.root.show()

    def hide(self) -> None:
        self.root.hide()

    def destroy(self) -> None:
        self.root.removeNode()
        self.panels.clear()


def _banner_fade(moment: Moment) -> float:
    """The round/phase banner fades out over the last 35% of its event."""
    return min(1.0, max(0.0, (1.0 - moment.progress) / 0.35))

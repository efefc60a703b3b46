"""The campaign: player cards, experience, outfitting ships, and a file that persists between missions.

Player cards (rulebook "Player Card Anatomy", "Shading Numbered Boxes", "Shading White Boxes"):

- the Skill row is the numbers 2 2 3 3 4 4 5 5 6 6 7 7 8 8 9; Captain Skill is the leftmost
  unshaded number (2 with nothing shaded; 5 after six boxes), and 9 when all are shaded;
- shading an underlined Skill box unlocks an upgrade icon: of crew, weapon and tech, two are
  shaded and the one left is added to the ship's upgrade bar (our underlined boxes: the 3rd and 9th);
- the Talent row sits over the Skill row: a talent box may be shaded only over a shaded skill box;
  shading every box left of a "+" adds an Elite Talent icon (ours: after talent boxes 3, 7 and 12);
- the Crew, Weapon and Tech reputation rows run 0 to 10: the squad points a ship may spend on
  upgrades of that type; Elite Talents together may cost at most the Captain Skill.

Each XP shades one box (starting XP never on the Skill row) and all XP must be spent. Ship
card costs are ignored in a campaign; unique upgrades are limited to one between players.
Choices the rulebook text leaves open are in docs/rulings.md ("Alliance").
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Final, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from engine.catalog import Catalog, Upgrade, load_catalog
from engine.errors import TrekError
from engine.io.documents import read_document, validation_message
from engine.io.output import write_atomic
from engine.io.reading import confined_path, has_control, one_line, plain_text, show_path
from engine.rulesets.alliance.mission import MAX_PLAYERS, MIN_PLAYERS, Mission, is_bundled_mission, load_mission
from engine.rulesets.alliance.play import MissionResult, PlayerShip, play_mission
from engine.rulesets.attack_wing.loadout import weapon_setup

FORMAT: Final = "trek-alliance-campaign"
VERSION: Final = 1
SKILL_ROW: Final = (2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9)
UNLOCK_BOXES: Final = (3, 9)
TALENT_BOXES: Final = 12
TALENT_SLOT_AFTER: Final = (3, 7, 12)
REPUTATION_MAX: Final = 10
STARTING_XP: Final = 6
UpgradeKind = Literal["crew", "weapon", "tech"]
KINDS: Final[tuple[UpgradeKind, ...]] = ("crew", "weapon", "tech")
Row = Literal["skill", "talent", "crew", "weapon", "tech"]
ROWS: Final[tuple[Row, ...]] = ("skill", "talent", "crew", "weapon", "tech")
STARTING_SHIPS: Final = ("federation_starship_72008", "1045")  # Akira and Excelsior class Federation Starships
CAMPAIGN_MISSIONS: Final = ("alliance-act1",)  # the acts bundled so far, in order


class CampaignError(TrekError):
    """A campaign file or a campaign step that breaks the rules."""


class _M(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


NAME_MAX: Final = 80
Name = Annotated[str, Field(min_length=1, max_length=NAME_MAX), AfterValidator(plain_text)]  # printed on terminals


class PlayerCard(_M):
    name: Name
    faction: Name = "Federation"
    ship: Name = STARTING_SHIPS[0]  # the catalog ship of the player's current command
    skill_boxes: Annotated[int, Field(ge=0, le=len(SKILL_ROW))] = 0
    talent_boxes: Annotated[int, Field(ge=0, le=TALENT_BOXES)] = 0
    crew: Annotated[int, Field(ge=0, le=REPUTATION_MAX)] = 0
    weapon: Annotated[int, Field(ge=0, le=REPUTATION_MAX)] = 0
    tech: Annotated[int, Field(ge=0, le=REPUTATION_MAX)] = 0
    unlocked: tuple[UpgradeKind, ...] = ()  # upgrade icons added to the ship's upgrade bar
    xp_earned: Annotated[int, Field(ge=0, le=10_000)] = 0
    upgrades: tuple[Name, ...] = ()  # catalog upgrade ids equipped for the next mission

    @property
    def skill(self) -> int:
        return SKILL_ROW[self.skill_boxes] if self.skill_boxes < len(SKILL_ROW) else SKILL_ROW[-1]

    @property
    def talent_slots(self) -> int:
        return sum(1 for n in TALENT_SLOT_AFTER if self.talent_boxes >= n)

    def reputation(self, kind: str) -> int:
        value: int = getattr(self, kind)
        return value


class MissionRecord(_M):
    mission: Name
    seed: int
    players: Annotated[int, Field(ge=MIN_PLAYERS, le=MAX_PLAYERS)]
    success: bool
    reason: str
    returned: tuple[str, ...] = ()
    xp: dict[str, int] = Field(default_factory=dict)  # player name -> XP earned
    rounds: int = 0
    replay: str | None = None


class CampaignFile(_M):
    format: Literal["trek-alliance-campaign"] = FORMAT
    version: Literal[1] = VERSION
    name: Name
    campaign: Name = "Dominion War"
    players: tuple[PlayerCard, ...] = Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)
    missions: tuple[MissionRecord, ...] = ()
    next_mission: Name | None = CAMPAIGN_MISSIONS[0]
    log: tuple[str, ...] = ()


# --- shading boxes -------------------------------------------------------------------------------------

def shade(card: PlayerCard, row: Row, unlock: UpgradeKind | None = None, starting: bool = False) -> PlayerCard:
    """One XP: shade the next box of a row (CampaignError when the rules forbid it)."""
    if row == "skill":
        if starting:
            raise CampaignError("starting XP cannot be spent on the Skill row")
        if card.skill_boxes >= len(SKILL_ROW):
            raise CampaignError(f"{card.name}'s Skill row is full")
        boxes = card.skill_boxes + 1
        changes: dict[str, object] = {"skill_boxes": boxes}
        if boxes in UNLOCK_BOXES:
            pick = unlock or _unlock_choice(card)
            changes["unlocked"] = (*card.unlocked, pick)
        return card.model_copy(update=changes)
    if row == "talent":
        if card.talent_boxes >= TALENT_BOXES:
            raise CampaignError(f"{card.name}'s Talent row is full")
        if card.talent_boxes + 1 > card.skill_boxes:
            raise CampaignError(f"{card.name} may shade a talent box only over a shaded skill box")
        return card.model_copy(update={"talent_boxes": card.talent_boxes + 1})
    value = card.reputation(row)
    if value >= REPUTATION_MAX:
        raise CampaignError(f"{card.name}'s {row} reputation is full")
    return card.model_copy(update={row: value + 1})


def _unlock_choice(card: PlayerCard) -> UpgradeKind:
    """Policy: the upgrade icon the player has the most reputation for (weapon on a tie)."""
    return max(KINDS, key=lambda k: (card.reputation(k), k == "weapon", k == "crew"))


def auto_spend(card: PlayerCard, xp: int, starting: bool = False) -> tuple[PlayerCard, list[str]]:
    """Spend every XP by a simple policy: alternate weapon and crew reputation, Skill every third
    XP (not from starting XP), a talent box whenever it is allowed and the others are ahead."""
    notes: list[str] = []
    for _ in range(xp):
        order: list[Row]
        if not starting and card.skill_boxes < len(SKILL_ROW) and \
                card.skill_boxes <= (card.weapon + card.crew + card.tech) // 2:
            order = ["skill"]
        elif card.talent_boxes < card.skill_boxes and card.talent_boxes < (card.weapon + card.crew) // 3:
            order = ["talent"]
        else:
            order = sorted(("weapon", "crew", "tech"), key=lambda k: (card.reputation(k) - (1 if k == "weapon" else 0)
                                                                       + (1 if k == "tech" else 0)))
        order += [r for r in ROWS if r not in order]
        for row in order:
            try:
                card = shade(card, row, starting=starting)
            except CampaignError:
                continue
            notes.append(row)
            break
    return card, notes


# --- outfitting ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Outfit:
    upgrades: tuple[Upgrade, ...]
    problems: tuple[str, ...]


def slots_for(card: PlayerCard, catalog: Catalog) -> dict[str, int]:
    ship = catalog.ship(card.ship)
    slots = {"crew": ship.slots.crew, "weapon": ship.slots.weapon, "tech": ship.slots.tech,
             "talent": card.talent_slots}
    for kind in card.unlocked:
        slots[kind] += 1
    return slots


def check_outfit(card: PlayerCard, upgrades: Sequence[Upgrade], catalog: Catalog,
                 taken: set[str] | None = None) -> list[str]:
    """Every rule an outfit breaks: slots, squad points per type, talents, faction, uniqueness."""
    problems = []
    slots = slots_for(card, catalog)
    for kind in ("crew", "weapon", "tech", "talent"):
        chosen = [u for u in upgrades if u.type == kind]
        if len(chosen) > slots[kind]:
            problems.append(f"{len(chosen)} {kind} upgrades for {slots[kind]} {kind} slot(s)")
        limit = card.skill if kind == "talent" else card.reputation(kind)
        cost = sum(u.cost for u in chosen)
        if cost > limit:
            what = "Captain Skill" if kind == "talent" else f"{kind} reputation"
            problems.append(f"{kind} upgrades cost {cost} SP, more than the {what} of {limit}")
    for u in upgrades:
        if u.type not in ("crew", "weapon", "tech", "talent"):
            problems.append(f"{u.name}: a {u.type} upgrade cannot be equipped by a player ship")
        if u.faction != card.faction:
            problems.append(f"{u.name}: {u.faction} cards need a {u.faction} captain")
        if u.unique and taken is not None and u.name in taken:
            problems.append(f"{u.name} is unique and another player has it")
    return problems


def choose_outfit(card: PlayerCard, catalog: Catalog, taken: set[str]) -> Outfit:
    """Policy: per slot type, the dearest cards that fit the squad points left, weapons the engine
    fires first, non-unique or unclaimed unique cards only."""
    slots = slots_for(card, catalog)
    chosen: list[Upgrade] = []
    for kind in ("weapon", "crew", "tech", "talent"):
        budget = card.skill if kind == "talent" else card.reputation(kind)
        pool = [u for u in catalog.upgrades() if u.type == kind and u.faction == card.faction and u.cost <= budget
                and not (u.unique and u.name in taken)]
        pool.sort(key=lambda u: (weapon_setup(u) is not None, u.cost, u.id), reverse=True)
        for u in pool:
            if slots[kind] <= 0:
                break
            if u.cost <= budget and all(c.name != u.name for c in chosen):
                chosen.append(u)
                budget -= u.cost
                slots[kind] -= 1
                if u.unique:
                    taken.add(u.name)
    return Outfit(tuple(chosen), tuple(check_outfit(card, chosen, catalog)))


# --- the campaign file ----------------------------------------------------------------------------------

def new_campaign(name: str, players: Sequence[str], ships: Sequence[str] | None = None,
                 starting_xp: int = STARTING_XP) -> CampaignFile:
    """A new campaign: one player card per name, starting XP spent (never on Skill)."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise CampaignError(f"a campaign needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}")
    _check_name("the campaign's name", name)
    for i, who in enumerate(players):
        _check_name(f"player {i + 1}'s name", who)
    if len(set(players)) != len(players):
        raise CampaignError("player names repeat")
    cards = []
    log = []
    for i, who in enumerate(players):
        ship = ships[i] if ships else STARTING_SHIPS[i % len(STARTING_SHIPS)]
        card, spent = auto_spend(PlayerCard(name=who, ship=ship), starting_xp, starting=True)
        cards.append(card)
        log.append(f"{who}: starting XP {starting_xp} on {', '.join(spent)}")
    return CampaignFile(name=name, players=tuple(cards), log=tuple(log))


def _check_name(what: str, text: str) -> None:
    """A name given on the command line: 1 to NAME_MAX characters, no control characters."""
    if not text.strip():
        raise CampaignError(f"{what} is empty")
    if len(text) > NAME_MAX:
        raise CampaignError(f"{what} has {len(text)} characters; at most {NAME_MAX}")
    if has_control(text):
        raise CampaignError(f"{what} {one_line(text)!r} holds control characters")


def load_campaign(path: Path) -> CampaignFile:
    """A campaign file: a regular file within the size cap, bounded JSON, then the model."""
    raw = read_document(path, CampaignError, kind="campaign")
    try:
        return CampaignFile.model_validate(raw)
    except ValidationError as exc:
        fields = set(CampaignFile.model_fields) | set(PlayerCard.model_fields) | set(MissionRecord.model_fields)
        raise CampaignError(f"{show_path(path)}: {validation_message(exc, '', fields)}") from None


def save_campaign(campaign: CampaignFile, path: Path) -> None:
    """Write the campaign atomically (a full disk or an unwritable folder leave the old file as it was)."""
    write_atomic(path, json.dumps(campaign.model_dump(mode="json"), indent=2) + "\n")


def campaign_mission(name: str, folder: Path | None) -> Mission:
    """The mission a campaign file names: a bundled mission, or a mission file inside the campaign's folder."""
    if is_bundled_mission(name):
        return load_mission(name)
    if folder is None:
        raise CampaignError(f"the campaign names the mission {show_path(name)!r}, which is not bundled")
    return load_mission(confined_path(folder, name, what="the campaign's next mission", error=CampaignError))


@dataclass(frozen=True)
class CampaignRound:
    campaign: CampaignFile
    record: MissionRecord
    result: MissionResult


def play_next(campaign: CampaignFile, seed: int, out: Path | None = None, rounds: int | None = None,
              mission_name: str | None = None, catalog: Catalog | None = None,
              folder: Path | None = None) -> CampaignRound:
    """One Campaign Round: choose the mission, outfit the ships, play it, record progress, spend XP.

    The campaign's next mission is a bundled one or a file inside ``folder`` (the campaign file's).
    """
    if mission_name is not None:  # named on the command line by the user: any mission file
        mission: Mission = load_mission(mission_name)
    elif campaign.next_mission is None:
        raise CampaignError("no mission is available: the bundled acts are done (Act II is not bundled yet)")
    else:
        mission = campaign_mission(campaign.next_mission, folder)
    cat = catalog or load_catalog()
    taken: set[str] = set()
    ships = []
    cards = list(campaign.players)
    for i, card in enumerate(cards):
        outfit = choose_outfit(card, cat, taken)
        if outfit.problems:
            raise CampaignError(f"{card.name}'s outfit breaks the rules: {'; '.join(outfit.problems)}")
        cards[i] = card.model_copy(update={"upgrades": tuple(u.id for u in outfit.upgrades)})
        ships.append(PlayerShip(label=f"{card.name}: " + (", ".join(u.name for u in outfit.upgrades) or "no upgrades"),
                                ship=card.ship, upgrades=tuple(u.id for u in outfit.upgrades), skill=card.skill,
                                captain=card.name))
    result = play_mission(mission, len(cards), seed, out, rounds, ships)
    outcome = result.state.mission
    assert outcome is not None
    earned = dict(outcome.xp)
    log = list(campaign.log)
    xp_by_name = {}
    for i, card in enumerate(cards):
        xp = earned.get(f"P{i + 1}", 0)
        xp_by_name[card.name] = xp
        card, spent = auto_spend(card.model_copy(update={"xp_earned": card.xp_earned + xp}), xp)
        cards[i] = card
        if xp:
            log.append(f"{card.name}: {xp} XP on {', '.join(spent)} (Captain Skill {card.skill})")
    record = MissionRecord(mission=mission.name, seed=seed, players=len(cards), success=outcome.success,
                           reason=outcome.reason, returned=outcome.returned, xp=xp_by_name,
                           rounds=result.state.aw.round, replay=str(out) if out else None)
    log.append(f"{mission.spec.title}: {'success' if outcome.success else 'failure'} ({outcome.reason})")
    following = _next_after(mission.name, outcome.success)
    updated = campaign.model_copy(update={"players": tuple(cards), "missions": (*campaign.missions, record),
                                          "next_mission": following, "log": tuple(log)})
    return CampaignRound(updated, record, result)


def _next_after(mission: str, success: bool) -> str | None:
    """Act I: on success proceed to Act II; on failure replay it (or go on: we replay). Acts not
    bundled end the bundled campaign."""
    if not success:
        return mission
    order = list(CAMPAIGN_MISSIONS)
    i = order.index(mission) if mission in order else -1
    return order[i + 1] if 0 <= i < len(order) - 1 else None


def status(campaign: CampaignFile, catalog: Catalog | None = None) -> dict[str, object]:
    cat = catalog or load_catalog()
    won = sum(1 for m in campaign.missions if m.success)
    return {
        "name": campaign.name, "campaign": campaign.campaign,
        "missions_played": len(campaign.missions), "missions_won": won,
        "next_mission": campaign.next_mission,
        "players": [{"name": c.name, "ship": cat.ship(c.ship).class_name, "skill": c.skill,
                     "reputation": {k: c.reputation(k) for k in KINDS}, "talent_slots": c.talent_slots,
                     "unlocked": list(c.unlocked), "xp_earned": c.xp_earned,
                     "upgrades": [cat.upgrade(u).name for u in c.upgrades]} for c in campaign.players],
        "missions": [m.model_dump(mode="json") for m in campaign.missions],
    }

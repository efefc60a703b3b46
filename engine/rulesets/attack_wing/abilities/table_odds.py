"""`trek odds --attacker-card/--defender-card`: the exact odds of a primary weapon attack described by
its numbers, with the dice abilities of the cards named on either ship (``card_odds``).

The two ships are the table's (``odds.primary_odds``): no class and no faction unless given (a
catalog faction and ship class, for the cards whose abilities ask for one), Captain Skill 1, the
defender facing the attacker in its forward arc, each with the active shields given. Each card is
found by catalog id or name; the dice it adds or removes (steps 3 and 5) and its rerolls,
conversions, added results, cancels and added damage are counted as the engine's policy uses them.
A card that cannot be counted (not a card the engine plays, or none of its dice abilities applies
to this attack) is named with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.catalog import load_catalog
from engine.errors import TrekError
from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities import answer, dice_windows, windows
from engine.rulesets.attack_wing.abilities.card_odds import card_odds
from engine.rulesets.attack_wing.abilities.model import AttackContext, Cost, Window
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.odds import Odds, TableOdds, _table_ship, odds_for
from engine.rulesets.attack_wing.players import AbilityOffer
from engine.rulesets.attack_wing.state import AttackState, GameState, ShipState
from engine.rulesets.rng import Rng

MAX_CARDS = 12  # per side
_DICE_WINDOWS = ("attack_dice", "defense_dice", "modify_attack", "modify_defense", "compare", "damage")
# centre to centre, mm: well inside each range band, the defender straight ahead of the attacker
_GAP = {1: 60.0, 2: 150.0, 3: 250.0}


@dataclass(frozen=True)
class CardOdds:
    """The odds with the cards, which cards they count, and why any other is not counted."""

    table: TableOdds
    counted: tuple[str, ...]  # card names, as the attack_odds event names them
    not_counted: tuple[tuple[str, str], ...]  # (card name, why)

    @property
    def odds(self) -> Odds:
        return self.table.odds


def resolve_card(query: str) -> tuple[str, str]:
    """(catalog id, name) of the captain, admiral or upgrade a query names. A name printed on
    several cards is accepted when every one of them plays the same ability (or none does)."""
    catalog = load_catalog()
    found = catalog.find_cards(query)
    if not found:
        raise TrekError(f"no captain, admiral or upgrade card {query!r} in the catalog")
    if len(found) > 1 and len({id(CARDS.get(c.id)) for c in found}) > 1:
        listed = "; ".join(catalog.describe_card(c) for c in found[:12])
        raise TrekError(f"{query!r} names {len(found)} cards that play differently: {listed}; give its id")
    supported = [c for c in found if c.id in CARDS]
    card = (supported or found)[0]
    return card.id, card.name


def ship_kind(faction: str | None, ship_class: str | None) -> tuple[str, str]:
    """The faction and ship class a table ship takes, as the catalog spells them ("": none; a
    TrekError names a faction or class it does not know)."""
    catalog = load_catalog()
    name = ""
    if faction is not None:
        known = {f.casefold(): f for f in catalog.factions()}
        if faction.strip().casefold() not in known:
            raise TrekError(f"no faction {faction!r}; the factions are {', '.join(catalog.factions())}")
        name = known[faction.strip().casefold()]
    return name, catalog.ship_class(ship_class).name if ship_class is not None else ""


def _context(state: GameState, band: int) -> AttackContext:
    return AttackContext(state.ship("attacker"), state.ship("defender"), None, band, "front")


def _paid(state: GameState, owner: str, card_id: str, cost: Cost) -> GameState:
    """The state after a card's cost is paid (so a card's second ability sees the first one's)."""
    ship = state.ship(owner)
    changes: dict[str, object] = {}
    if cost.disable:
        changes["cards_disabled"] = (*ship.cards_disabled, card_id)
    if cost.discard:
        changes["cards_discarded"] = (*ship.cards_discarded, card_id)
    if cost.token:
        changes[cost.token] = getattr(ship, cost.token) - 1
    if cost.limit == "round":
        changes["used_round"] = (*ship.used_round, card_id)
    elif cost.limit == "game":
        changes["used_game"] = (*ship.used_game, card_id)
    return state.update(owner, **changes) if changes else state


def _dice_cards(state: GameState, band: int, kind: str
                ) -> tuple[GameState, int, list[str], list[tuple[str, str]]]:
    """Steps 3 and 5 without a game: the change to the ``kind`` roll the cards make (standing ones;
    optional ones as the policy answers), with the state after their costs, the cards that made it,
    and the ones the policy declined."""
    window: Window = "attack_dice" if kind == "attack" else "defense_dice"
    total, names, declined = 0, [], []
    for subject in ("attacker", "defender"):
        for found in list(windows.candidates(state, state.ship(subject), window, _context(state, band))):
            owner, card_id, card, i, ability = found
            amount = dice_windows.counts(ability, kind)
            if amount is None or not windows.ready(state.ship(owner.id), card_id, ability):
                continue
            if ability.optional:
                offer = AbilityOffer(owner.id, card_id, card.name, i, window, ability.summary, ability.cost.words(),
                                     subject)
                use = answer.default(state, state.ship(owner.id), ability, offer)
                if use is None:
                    declined.append((card.name, f"the policy keeps it ({ability.summary})"))
                    continue
            state = _paid(state, owner.id, card_id, ability.cost)
            total += amount
            names.append(card.name)
    return state, total, names, declined


def _marks_kept(state: GameState, context: AttackContext) -> list[tuple[str, str]]:
    """The defense-dice marks the policy does not take here (not in the odds), with why."""
    out = []
    for subject in (context.attacker, context.defender):
        for owner, card_id, card, i, ability in windows.candidates(state, state.ship(subject.id), "defense_dice",
                                                                    context):
            offer = AbilityOffer(owner.id, card_id, card.name, i, "defense_dice", ability.summary,
                                 ability.cost.words(), subject.id)
            if ability.effect.kind == "mark" and ability.optional \
                    and answer.default(state, owner, ability, offer) is None:
                out.append((card.name, f"the policy keeps it ({ability.summary})"))
    return out


def card_table_odds(attack: int, defense: int, band: int, attacker_cards: tuple[str, ...],
                    defender_cards: tuple[str, ...], *, obstructed: bool = False, target_lock: bool = False,
                    battle_stations_attack: bool = False, battle_stations_defense: bool = False, evade: int = 0,
                    scan: int = 0, cloaked: bool = False, shields: int = 3, attacker_faction: str | None = None,
                    attacker_class: str | None = None, defender_faction: str | None = None,
                    defender_class: str | None = None) -> CardOdds:
    """The odds of ``odds.primary_odds`` with these cards (catalog ids or names) on each ship, of
    these factions and ship classes (catalog names; none: no faction, no class)."""
    if band not in (1, 2, 3):
        raise TrekError(f"range must be 1, 2 or 3, not {band}")
    for side, cards in (("attacker", attacker_cards), ("defender", defender_cards)):
        if len(cards) > MAX_CARDS:
            raise TrekError(f"at most {MAX_CARDS} cards on the {side}, not {len(cards)}")
    a_kind, d_kind = ship_kind(attacker_faction, attacker_class), ship_kind(defender_faction, defender_class)
    a_cards = tuple(resolve_card(q) for q in attacker_cards)
    d_cards = tuple(resolve_card(q) for q in defender_cards)
    gap = _GAP[band]
    attacker: ShipState = replace(
        _table_ship("attacker", 0, attack, 0, scan=scan, battle_stations=int(battle_stations_attack),
                    target_lock="defender" if target_lock else None),
        cards=tuple(dict.fromkeys(c for c, _ in a_cards)), pose=Pose(400, 400, 0), shields=shields, shields_max=3,
        hull=3, faction=a_kind[0], class_name=a_kind[1])
    defender: ShipState = replace(
        _table_ship("defender", 1, 0, defense, evade=evade, battle_stations=int(battle_stations_defense),
                    cloak="green" if cloaked else "none"),
        cards=tuple(dict.fromkeys(c for c, _ in d_cards)), pose=Pose(400, 400 + gap, 180), shields=shields,
        shields_max=3, hull=3, faction=d_kind[0], class_name=d_kind[1])
    state = GameState(ships=(attacker, defender), rng=Rng(0), round=1, phase="combat", active="attacker",
                      attack=AttackState("attacker", "defender", "primary"))
    state, extra_attack, a_names, declined = _dice_cards(state, band, "attack")
    # the defense dice as the game predicts them for its odds: on the state after the attack dice
    _, extra_defense, d_names, d_declined = _dice_cards(state, band, "defense")
    context = _context(state, band)
    attacker, defender = state.ship("attacker"), state.ship("defender")
    marked, evades, scans = dice_windows.defense_preview(state, context)  # as combat.py's odds
    odds = odds_for(replace(attacker, scan=attacker.scan - scans), replace(defender, evade=defender.evade + evades),
                    None, band, obstructed, extra_attack=extra_attack, extra_defense=extra_defense + marked)
    modifiers = dice_windows.odds_cards(state, context)
    if modifiers:
        odds = card_odds(state, context, odds.attack_dice, odds.defense_dice, target_lock=odds.target_lock,
                         attack_battle_stations=odds.attack_battle_stations,
                         defense_battle_stations=odds.defense_battle_stations, evade_tokens=odds.evade_tokens)
    marks_kept = _marks_kept(state, context)
    counted = tuple(n for n in dict.fromkeys([*a_names, *d_names, *modifiers]) if n not in dict(marks_kept))
    skipped = dict([*declined, *d_declined, *marks_kept])
    not_counted: list[tuple[str, str]] = []
    kinds = "; ".join(f"the {side} of {ship.faction or 'no'} faction, {ship.class_name or 'no'} class"
                      for side, ship in (("attacker", attacker), ("defender", defender)))
    if not all(s.faction and s.class_name for s in (attacker, defender)):
        kinds += " -- --attacker-faction, --attacker-class, --defender-faction, --defender-class give them"
    for card_id, name in dict.fromkeys([*a_cards, *d_cards]):
        card = CARDS.get(card_id)
        if card is None:
            not_counted.append((name, f"{card_id}: the engine does not play its ability"))
        elif card.name not in counted:
            dice = [a for a in card.abilities if a.window in _DICE_WINDOWS]
            why = f"none of its dice abilities applies to this attack (a primary weapon attack: {kinds})" if dice else \
                "no ability of its acts on this attack's dice" + (f" ({card.abilities[0].summary})"
                                                                    if card.abilities else f" ({card.note})")
            not_counted.append((card.name, skipped.get(card.name, why)))
    n = rules.attack_dice(attacker, None, band)
    m = rules.defense_dice(defender, replace(attacker, scan=attacker.scan - scans), True, band, obstructed)
    more = extra_defense + marked
    words = (f", cards {extra_attack:+d}" if extra_attack else "",
             (f", cards {more:+d}" if more else "") + (", the scan token spent by a card" if scans else "")
             + (f"; {evades} evade token(s) from a card" if evades else ""))
    return CardOdds(TableOdds(odds, n.explanation + words[0], m.explanation + words[1]), counted,
                    tuple(not_counted))

"""Which supported cards the Attack Wing AI uses, over seeded AI-against-AI games (issue 16: "the AI
uses abilities when they help").

Test fleets are built so that every supported card of the scope (``--scope waves``: the Core set and
waves 0-2; ``all``: every supported card) is in some fleet: each card on a ship of its faction (of
the class or faction its abilities ask for), within the ship's upgrade slots and its captain's
elite talent slots, three ships a fleet. Each fleet plays ``--games`` seeded games on the duel
table against fleets of other factions. Per card it counts the games where the card was in play
and the games where an ``ability_used`` named it (an "Action:" card: its ``action_performed``
too), and the games where the AI was offered it (an "Action:" card among its actions, an optional
ability's offer), then prints the cards in play but never used: offered, the policy declined it;
never offered, its situation did not arise. Usage:
``python scripts/ai_card_uses.py [--scope waves|all] [--games N] [--json]``

``--worth CARD_ID ...``: does the AI's use of each card help the fleet that holds it? Every test
fleet that holds it plays ``--games`` seeded games against the same opponents twice: with the AI as
it is, and with the seat of the card's fleet declining that card whenever it is offered (its
"Action:" left out of the Perform Action step's options, an optional ability's offer answered no).
Everything else is the same, so a game where the card was never offered is the same game twice. Per
card: the games, those where the two differ, and the fleet's mean difference (using less declining)
in fleet points scored less conceded (destroyed ships' points), in hull damage dealt less taken and
in wins, each with a 95% interval (normal approximation over the paired games).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.catalog import load_catalog
from engine.catalog.lookup import Catalog
from engine.catalog.models import Ship
from engine.catalog.printed import prints_ability
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.abilities.windows import ACTION_PREFIX
from engine.rulesets.attack_wing.actions import ActionChoice, ActionOption
from engine.rulesets.attack_wing.ai import AiPlayer
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.play import setup_from_scenario
from engine.rulesets.attack_wing.players import AbilityOffer, AbilityUse
from engine.rulesets.attack_wing.scenario import Scenario, build_scenario
from engine.rulesets.attack_wing.state import GameState, ShipState

WAVES = ("Core", "Wave 0", "Wave 1", "Wave 2")
DUEL = Path(__file__).parents[1] / "replays" / "duel.json"
SHIPS_PER_FLEET = 3
# factions whose cards join another's fleets (Kira Nerys plays a Federation ship with no penalty)
MERGED = {"Independent": "Federation", "Bajoran": "Federation"}


@dataclass
class Host:
    """A ship of a test fleet being filled."""

    ship: Ship
    captain: str | None = None
    captain_talents: int = 0
    admiral: str | None = None
    upgrades: list[str] = field(default_factory=list)
    used: Counter[str] = field(default_factory=Counter)

    def entry(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ship": self.ship.id, "upgrades": list(self.upgrades)}
        if self.captain:
            out["captain"] = self.captain
        if self.admiral:
            out["admiral"] = self.admiral
        return out

    def free(self, slot: str) -> int:
        have = self.captain_talents if slot == "talent" else getattr(self.ship.slots, slot, 0)
        return have - self.used[slot]


def _wants(card_id: str) -> tuple[set[str], set[str]]:
    """The ship classes and factions the card's own abilities ask of its ship (empty: any)."""
    classes: set[str] = set()
    factions: set[str] = set()
    for ability in CARDS[card_id].abilities:
        if (ability.condition.scope == "own" and ability.condition.role != "defender") or ability.window == "action":
            classes |= set(ability.condition.classes)
            if ability.condition.scope == "own":
                factions |= set(ability.condition.factions)
    return classes, factions


def _in_scope(catalog: Catalog, card_id: str, scope: str) -> tuple[str, Any] | None:
    """(kind, catalog card) of a supported card in the scope, or None."""
    finders = (("ship", catalog.ships()), ("captain", catalog.captains()), ("admiral", catalog.admirals()),
               ("upgrade", catalog.upgrades()), ("resource", catalog.resources()))
    for kind, items in finders:
        for item in items:
            if item.id == card_id:
                if scope == "waves" and not any(catalog.card_set(s).name in WAVES for s in item.sets):
                    return None
                return kind, item
    return None


def _hosts_for(catalog: Catalog, faction: str) -> list[Ship]:
    """Ships of the faction that print no ability the engine would warn about, most slots first."""
    ships = [s for s in catalog.ships(faction) if not prints_ability(s) or s.id in CARDS]
    return sorted(ships, key=lambda s: (-(s.slots.crew + s.slots.weapon + s.slots.tech), s.cost, s.id))


def build_fleets(scope: str) -> tuple[list[tuple[str, list[dict[str, Any]], str | None]], dict[str, str]]:
    """The test fleets (faction, ship entries, resource) and every card placed (id -> name)."""
    catalog = load_catalog()
    by_faction: dict[str, dict[str, list[tuple[str, Any]]]] = defaultdict(lambda: defaultdict(list))
    placed: dict[str, str] = {}
    for card_id in sorted(CARDS):
        found = _in_scope(catalog, card_id, scope)
        if found is None:
            continue
        kind, item = found
        faction = getattr(item, "faction", None) or "Federation"
        faction = MERGED.get(faction, faction) if catalog.ships(faction) else "Federation"
        by_faction[faction][kind].append((card_id, item))
        placed[card_id] = item.name
    fleets: list[tuple[str, list[dict[str, Any]], str | None]] = []
    for faction in sorted(by_faction):
        cards = by_faction[faction]
        pool = _hosts_for(catalog, faction) or _hosts_for(catalog, "Federation")
        hosts: list[Host] = [Host(s) for _, s in cards["ship"]]
        spare = [s for s in pool if s.id not in CARDS or s.id not in {h.ship.id for h in hosts}]

        def new_host(classes: set[str], slot: str | None, hosts: list[Host] = hosts, spare: list[Ship] = spare,
                     pool: list[Ship] = pool) -> Host:
            fits = [s for s in spare if (not classes or s.class_name in classes)
                    and (slot is None or getattr(s.slots, slot, 1) > 0)]
            if not fits:  # a ship of another faction with the class or slot
                fits = [s for s in catalog.ships() if (not prints_ability(s) or s.id in CARDS)
                        and (not classes or s.class_name in classes)
                        and (slot is None or getattr(s.slots, slot, 1) > 0)]
            host = Host((fits or spare or pool)[0])
            hosts.append(host)
            return host

        for card_id, captain in cards["captain"]:
            classes, _ = _wants(card_id)
            host = next((h for h in hosts if h.captain is None and (not classes or h.ship.class_name in classes)),
                        None) or new_host(classes, None)
            host.captain, host.captain_talents = card_id, captain.talents
        while len(hosts) % SHIPS_PER_FLEET:  # whole fleets: three ships a side
            new_host(set(), None)
        for card_id, admiral in cards["admiral"]:
            host = min((h for h in hosts if h.admiral is None), key=lambda h: len(h.upgrades), default=None) \
                or new_host(set(), None)
            host.admiral = card_id
            host.captain_talents += admiral.talents
        for card_id, upgrade in cards["upgrade"]:  # on the least loaded ship with a free slot
            classes, _ = _wants(card_id)
            slot = upgrade.type if upgrade.type in ("crew", "weapon", "tech", "talent", "borg", "squadron") else None
            fitting = min((h for h in hosts if (not classes or h.ship.class_name in classes)
                           and (slot is None or h.free(slot) > 0)), key=lambda h: len(h.upgrades), default=None)
            if fitting is not None:
                host = fitting
            else:
                host = min((h for h in hosts if not classes or h.ship.class_name in classes),
                           key=lambda h: len(h.upgrades), default=None) or new_host(classes, slot)
                if slot == "talent":
                    host.captain_talents += 1  # a talent needs a captain with a slot: an open-format fleet
            host.upgrades.append(card_id)
            if slot:
                host.used[slot] += 1
        while len(hosts) % SHIPS_PER_FLEET:
            new_host(set(), None)
        resources = [card_id for card_id, _ in cards["resource"]]
        for start in range(0, len(hosts), SHIPS_PER_FLEET):
            chunk = hosts[start:start + SHIPS_PER_FLEET]
            resource = resources.pop(0) if resources else None
            fleets.append((faction, [h.entry() for h in chunk], resource))
        for resource in resources:  # more resources than fleets: one more fleet each
            fleets.append((faction, [h.entry() for h in hosts[:SHIPS_PER_FLEET]], resource))
    return fleets, placed


class CountingAi(AiPlayer):
    """The AI, noting each card whose ability it was offered (an "Action:" card among its Perform
    Action step's options, an optional ability's offer): offered and never taken is the policy's
    choice; never offered, the situation."""

    def __init__(self, scenario: Scenario, offered: set[str]) -> None:
        super().__init__(scenario.obstacles, scenario.planets, (scenario.play_area.width, scenario.play_area.height))
        self.offered = offered

    def act(self, state: GameState, ship: ShipState, options: list[ActionOption]) -> ActionChoice:
        self.offered.update(o.action[len(ACTION_PREFIX):].rpartition(":")[0] for o in options
                            if o.action.startswith(ACTION_PREFIX))
        return super().act(state, ship, options)

    def use_ability(self, state: GameState, ship: ShipState, offer: AbilityOffer) -> AbilityUse | None:
        self.offered.add(offer.card)
        return super().use_ability(state, ship, offer)


def play_counting(scenario: Scenario, seed: int) -> tuple[list[ev.Event], set[str]]:
    """One AI-against-AI game (as ``play`` plays it, not recorded): its events and the cards offered."""
    offered: set[str] = set()
    game = Game(setup_from_scenario(scenario), seed, [CountingAi(scenario, offered), CountingAi(scenario, offered)])
    game.play()
    return game.events, offered


def _scenario(a: tuple[str, list[dict[str, Any]], str | None], b: tuple[str, list[dict[str, Any]], str | None]
              ) -> Any:
    duel = json.loads(DUEL.read_text())
    for side, (faction, ships, resource) in zip(duel["sides"], (a, b), strict=True):
        side["name"] = faction
        side["fleet"] = {"name": faction, "faction": faction, "ships": ships,
                         **({"resource": resource} if resource else {})}
    return build_scenario(duel, source="ai_card_uses", base_dir=None)


def measure(scope: str, games: int) -> dict[str, Any]:
    fleets, placed = build_fleets(scope)
    in_play: Counter[str] = Counter()
    used: Counter[str] = Counter()
    offered: Counter[str] = Counter()
    abilities_used: Counter[str] = Counter()
    errors: list[str] = []
    played = 0
    started = time.perf_counter()
    for i, fleet in enumerate(fleets):
        others = [j for j in range(len(fleets)) if fleets[j][0] != fleet[0]] or \
            [j for j in range(len(fleets)) if j != i]
        for seed in range(games):
            other = fleets[others[(i * 7 + seed * 3) % len(others)]]
            sides = (fleet, other) if seed % 2 == 0 else (other, fleet)
            try:
                events, asked = play_counting(_scenario(*sides), seed)
            except Exception as exc:  # a fleet the engine refuses: say so, go on
                errors.append(f"{fleet[0]} fleet {i} seed {seed}: {type(exc).__name__}: {exc}"[:300])
                continue
            played += 1
            start = next(e for e in events if isinstance(e, ev.GameStarted))
            present = {c for s in start.ships for c in s.cards}
            present |= {r for r in (fleet[2], other[2]) if r}
            fired = {e.card for e in events if isinstance(e, ev.AbilityUsed)}
            fired |= {e.action.split(":")[1] for e in events
                      if isinstance(e, ev.ActionPerformed) and e.action.startswith("ability:")}
            which = {f"{e.card}#{e.ability}" for e in events if isinstance(e, ev.AbilityUsed)}
            for card_id in present & placed.keys():
                in_play[card_id] += 1
                used[card_id] += card_id in fired
                offered[card_id] += card_id in asked
            abilities_used.update(which)
    never = sorted((c for c in placed if in_play[c] and not used[c] and CARDS[c].abilities),
                   key=lambda c: (CARDS[c].kind, CARDS[c].name))
    unplaced = sorted(c for c in placed if not in_play[c])
    silent = sorted(f"{c}#{k}" for c in placed if used[c] for k, a in enumerate(CARDS[c].abilities)
                    if a.optional and f"{c}#{k}" not in abilities_used and a.window != "action")
    return {"scope": scope, "fleets": len(fleets), "games": played, "seconds": round(time.perf_counter() - started, 1),
            "cards": len(placed), "used": sum(1 for c in placed if used[c]),
            "per_card": {c: {"name": placed[c], "in_play": in_play[c], "offered": offered[c], "used": used[c]}
                         for c in sorted(placed)},
            "never_used": [{"card": c, "name": placed[c], "kind": CARDS[c].kind, "in_play": in_play[c],
                            "offered": offered[c]} for c in never],
            "no_ability": sorted(c for c in placed if not CARDS[c].abilities),
            "abilities_never_used": silent, "not_in_play": unplaced, "errors": errors}


class Declining(AiPlayer):
    """The AI, but a seat that never uses ``card`` (as the AI played before it learnt to)."""

    def __init__(self, scenario: Scenario, card: str) -> None:
        super().__init__(scenario.obstacles, scenario.planets, (scenario.play_area.width, scenario.play_area.height))
        self.card = card

    def act(self, state: GameState, ship: ShipState, options: list[ActionOption]) -> ActionChoice:
        kept = [o for o in options if not (o.action.startswith(ACTION_PREFIX)
                                           and o.action[len(ACTION_PREFIX):].rpartition(":")[0] == self.card)]
        return super().act(state, ship, kept)

    def use_ability(self, state: GameState, ship: ShipState, offer: AbilityOffer) -> AbilityUse | None:
        return None if offer.card == self.card else super().use_ability(state, ship, offer)


@dataclass
class Outcome:
    points: int  # fleet points scored less conceded
    damage: int  # hull damage dealt less taken
    won: float  # 1 a win, 0.5 a draw, 0 a loss


def _play(scenario: Scenario, seed: int, side: int, card: str | None) -> Outcome:
    def seat() -> AiPlayer:
        return AiPlayer(scenario.obstacles, scenario.planets, (scenario.play_area.width, scenario.play_area.height))
    players = [seat(), seat()]
    if card is not None:
        players[side] = Declining(scenario, card)
    game = Game(setup_from_scenario(scenario), seed, players)
    game.play()
    state = game.state
    result = state.result
    assert result is not None
    mine = sum(min(s.hull_damage, s.hull) for s in state.ships if s.side == side)
    theirs = sum(min(s.hull_damage, s.hull) for s in state.ships if s.side != side)
    won = 0.5 if result.winner is None else float(result.winner == side)
    return Outcome(result.points[side] - result.points[1 - side], theirs - mine, won)


def _interval(diffs: list[float]) -> str:
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    return f"{mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}]"


def worth(card: str, games: int, scope: str) -> str:
    fleets, _ = build_fleets(scope)
    diffs: list[tuple[int, int, float]] = []
    for i, fleet in enumerate(fleets):
        if not any(card in (e.get("captain"), e.get("admiral"), e["ship"], *e["upgrades"]) for e in fleet[1]):
            continue
        others = [j for j in range(len(fleets)) if fleets[j][0] != fleet[0]] or \
            [j for j in range(len(fleets)) if j != i]
        for seed in range(games):
            other = fleets[others[(i * 7 + seed * 3) % len(others)]]
            side = seed % 2
            scenario = _scenario(*((fleet, other) if side == 0 else (other, fleet)))
            using, declining = _play(scenario, seed, side, None), _play(scenario, seed, side, card)
            diffs.append((using.points - declining.points, using.damage - declining.damage,
                          using.won - declining.won))
    if not diffs:
        return f"{card} {CARDS[card].name}: in no test fleet"
    differ = sum(1 for d in diffs if any(d))
    return (f"{card} {CARDS[card].name}: {len(diffs)} games, {differ} differ; using less declining: points "
            f"{_interval([d[0] for d in diffs])}, hull damage {_interval([d[1] for d in diffs])}, "
            f"wins {_interval([d[2] for d in diffs])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scope", choices=("waves", "all"), default="waves")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--all-cards", action="store_true", help="print every card's figures")
    parser.add_argument("--worth", nargs="+", metavar="CARD_ID", help="using each card against declining it")
    args = parser.parse_args()
    if args.worth:
        for card in args.worth:
            print(worth(card, args.games, args.scope), flush=True)
        return
    result = measure(args.scope, args.games)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{result['cards']} supported cards ({result['scope']}), {result['fleets']} test fleets, "
          f"{result['games']} games in {result['seconds']} s; {result['used']} cards used at least once")
    if args.all_cards:
        for c, row in result["per_card"].items():
            print(f"  {c:32} {row['name'][:30]:30} in play {row['in_play']:3}  offered {row['offered']:3}  "
                  f"used {row['used']:3}")
    print(f"in play, never used ({len(result['never_used'])}):")
    for row in result["never_used"]:
        print(f"  {row['card']:32} {row['name']} ({row['kind']}), in play in {row['in_play']} games, "
              f"offered in {row['offered']}" + (" (a standing rule: never applied)" if not any(
                  a.optional for a in CARDS[row['card']].abilities) else ""))
    if result["abilities_never_used"]:
        print("optional abilities never used of cards otherwise used: " + ", ".join(result["abilities_never_used"]))
    if result["not_in_play"]:
        print("placed but never in play: " + ", ".join(result["not_in_play"]))
    for error in result["errors"]:
        print("error: " + error)


if __name__ == "__main__":
    main()

"""The toy game: ships that move (start and end poses, maneuvers), roll dice and take damage,
shaped like Attack Wing events but with a ten-line reducer. Events and states are plain dicts.

``toy_events`` plays a deterministic game for a seed; ``ToyCodec`` checks and folds its events.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

NAME = "toy"
ToyState = dict[str, Any]
ToyEvent = dict[str, Any]

SHIPS = ("r1", "r2", "b1", "b2")
EVENT_TYPES = ("game_started", "round_started", "ship_moved", "dice_rolled", "damage", "note", "game_ended")
KINDS = ("straight", "left-bank", "right-bank", "left-turn", "right-turn")
FACES = ("hit", "crit", "battle-stations", "blank")


def toy_header(seed: int = 1, **extra: Any) -> dict[str, Any]:
    return {
        "engine_version": "toy-1",
        "ruleset": NAME,
        "scenario": {"name": "toy skirmish", "area": [914.4, 914.4], "round_limit": 99},
        "fleets": [{"side": 0, "name": "red", "ships": ["r1", "r2"]},
                   {"side": 1, "name": "blue", "ships": ["b1", "b2"]}],
        "seed": seed,
        **extra,
    }


def toy_events(n: int, seed: int = 1) -> Iterator[ToyEvent]:
    """``n`` deterministic events of a toy game (the last one ends the game when n > 1)."""
    rng = random.Random(seed)
    poses = {s: {"x": 100.0 + 200.0 * i, "y": 100.0 if s[0] == "r" else 800.0, "heading": 0.0 if s[0] == "r" else 180.0}
             for i, s in enumerate(SHIPS)}
    rnd = 0
    for seq in range(n):
        base = {"seq": seq, "round": rnd, "phase": "setup"}
        if seq == 0:
            yield {**base, "type": "game_started", "ships": list(SHIPS)}
            continue
        if seq == n - 1:
            yield {**base, "phase": "over", "type": "game_ended", "winner": rng.choice([0, 1, None])}
            continue
        if seq % 12 == 1:
            rnd += 1
            yield {**base, "round": rnd, "phase": "planning", "type": "round_started"}
            continue
        ship = rng.choice(SHIPS)
        roll = rng.random()
        if roll < 0.5:
            start = dict(poses[ship])
            end = {"x": round(start["x"] + rng.uniform(-120, 120), 2),
                   "y": round(start["y"] + rng.uniform(-120, 120), 2),
                   "heading": round((start["heading"] + rng.choice([0.0, 45.0, -45.0, 90.0, -90.0])) % 360.0, 2)}
            poses[ship] = end
            yield {**base, "phase": "activation", "type": "ship_moved", "ship": ship,
                   "maneuver": {"kind": rng.choice(KINDS), "speed": rng.randint(1, 4), "color": "white"},
                   "start": start, "end": end, "stopped_by": rng.choice([None, None, None, "bump"])}
        elif roll < 0.75:
            faces = [rng.choice(FACES) for _ in range(rng.randint(1, 5))]
            yield {**base, "phase": "combat", "type": "dice_rolled", "ship": ship, "faces": faces,
                   "rerolled": [i for i in range(len(faces)) if rng.random() < 0.2]}
        elif roll < 0.95:
            yield {**base, "phase": "combat", "type": "damage", "ship": ship,
                   "to": rng.choice(["shields", "hull"]), "amount": rng.randint(1, 3), "critical": rng.random() < 0.2}
        else:
            yield {**base, "phase": "end", "type": "note", "text": f"note {seq}", "blob": bytes([seq % 256, 0, 255])}


class ToyCodec:
    """Codec of the toy ruleset: events and states are plain dicts, checked by hand."""

    ruleset = NAME

    def decode_event(self, raw: dict[str, Any]) -> ToyEvent:
        kind = raw.get("type")
        if kind not in EVENT_TYPES:
            raise ValueError(f"unknown toy event type {kind!r}")
        for key in ("seq", "round"):
            if type(raw.get(key)) is not int:
                raise ValueError(f"toy event needs an integer {key!r}")
        if kind in ("ship_moved", "dice_rolled", "damage") and raw.get("ship") not in SHIPS:
            raise ValueError(f"unknown ship {raw.get('ship')!r}")
        if kind == "ship_moved":
            end = raw.get("end")
            if not isinstance(end, dict) or not all(type(end.get(k)) is float for k in ("x", "y", "heading")):
                raise ValueError("ship_moved needs an end pose of three floats")
        if kind == "damage" and (type(raw.get("amount")) is not int or raw.get("to") not in ("shields", "hull")):
            raise ValueError("damage needs an integer amount to shields or hull")
        return raw

    def encode_event(self, event: ToyEvent) -> dict[str, Any]:
        return dict(event)

    def encode_state(self, state: ToyState) -> dict[str, Any]:
        return {**state, "ships": {k: {**v, "pose": dict(v["pose"])} for k, v in state["ships"].items()}}

    def decode_state(self, raw: dict[str, Any]) -> ToyState:
        ships = raw.get("ships")
        if not isinstance(ships, dict) or set(ships) != set(SHIPS):
            raise ValueError("a toy state needs the four ships")
        return self.encode_state(raw)

    def initial_state(self, header: dict[str, Any]) -> ToyState:
        ships = {s: {"pose": {"x": 0.0, "y": 0.0, "heading": 0.0}, "shields": 3, "hull": 4, "rolls": 0}
                 for s in SHIPS}
        return {"seq": -1, "round": 0, "phase": "setup", "ships": ships, "notes": 0, "winner": None, "over": False}

    def apply(self, state: ToyState, event: ToyEvent) -> ToyState:
        if event["seq"] != state["seq"] + 1:
            raise ValueError(f"event {event['seq']} does not follow event {state['seq']}")
        new = {**state, "seq": event["seq"], "round": event["round"], "phase": event["phase"]}
        kind = event["type"]
        if kind in ("ship_moved", "dice_rolled", "damage"):
            ships = dict(state["ships"])
            ship = dict(ships[event["ship"]])
            if kind == "ship_moved":
                ship["pose"] = dict(event["end"])
            elif kind == "dice_rolled":
                ship["rolls"] += 1
            elif event["to"] == "shields":
                ship["shields"] = max(0, ship["shields"] - event["amount"])
            else:
                ship["hull"] = max(0, ship["hull"] - event["amount"])
            ships[event["ship"]] = ship
            new["ships"] = ships
        elif kind == "note":
            new["notes"] = state["notes"] + 1
        elif kind == "game_ended":
            new["over"], new["winner"] = True, event["winner"]
        return new

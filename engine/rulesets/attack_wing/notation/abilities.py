"""Card abilities in the notation: which card a line names, the ``uses`` line a seat's decision comes
from on import, and the line an ``ability_used`` event becomes on export (docs/notation.md "Card
abilities"). Standing abilities (a card's +1 defense die) are not written: the rules apply them."""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.abilities.windows import action_name, parse_action
from engine.rulesets.attack_wing.notation import drawn
from engine.rulesets.attack_wing.notation import model as m
from engine.rulesets.attack_wing.players import AbilityOffer, AbilityUse, ActionOption
from engine.rulesets.attack_wing.state import ShipState


def card_on(ship: ShipState, text: str) -> str | None:
    """The catalog id of the ship's supported card that ``text`` names (its id or its name)."""
    if text in ship.cards:
        return text
    named = [c for c in ship.cards if c in CARDS and CARDS[c].name.casefold() == text.casefold()]
    return named[0] if len(set(named)) == 1 else None


def roll_of(ship: ShipState, text: str) -> str | None:
    """The cause of the dice roll of the ship's card that ``text`` names ("Kira Nerys roll")."""
    card_id = card_on(ship, text)
    return None if card_id is None else f"{CARDS[card_id].name} roll"


def label(ship: ShipState, card_id: str) -> str:
    """How the export names a card: its name when no other card of the ship has it, else its id
    (an admiral's Fleet Action performed by another ship: its id)."""
    name = CARDS[card_id].name if card_id in CARDS else card_id
    same = [c for c in ship.cards if c in CARDS and CARDS[c].name == name]
    return name if same == [card_id] else card_id


def action_of(ship: ShipState, text: str, options: Sequence[ActionOption] = ()) -> str | None:
    """The engine's action name for ``action card TEXT``: the card's first "Action:" ability (``NAME 2``:
    its second); a card not on the ship: an admiral's Fleet Action among the ship's ``options``, by its
    id or name."""
    card_id, nth = card_on(ship, text), 1
    numbered = re.fullmatch(r"(.+) ([1-9])", text)
    if card_id is None and numbered is not None and card_on(ship, numbered.group(1)) is not None:
        card_id, nth = card_on(ship, numbered.group(1)), int(numbered.group(2))  # the card's n-th Action: (Scott)
    if card_id is None:
        fleet = [p[0] for o in options if (p := parse_action(o.action)) is not None and p[0] not in ship.cards
                 and (p[0] == text or CARDS[p[0]].name.casefold() == text.casefold())]
        card_id = fleet[0] if len(set(fleet)) == 1 else None
    card = CARDS.get(card_id or "")
    if card_id is None or card is None:
        return None
    actions = [i for i, a in enumerate(card.abilities) if a.window == "action"]
    return action_name(card_id, actions[nth - 1]) if nth <= len(actions) else None


def action_label(ship: ShipState, card_id: str, index: int) -> str:
    """How the export names a card's Action: its label, and which of its Actions when it has two
    (``Montgomery Scott 2``)."""
    card = CARDS.get(card_id)
    actions = [i for i, a in enumerate(card.abilities) if a.window == "action"] if card is not None else []
    nth = actions.index(index) + 1 if index in actions else 1
    return label(ship, card_id) + (f" {nth}" if nth > 1 else "")


# windows whose offered options are the use's own choice (a free action; a card of its ship to spare),
# not the upgrade that pays its cost (``uses ... disabling CARD``)
CHOICE_WINDOWS = ("free_action", "after_move", "resist", "before_move")


def own_choice(card_id: str, index: int, window: str) -> bool:
    """The options a use offers are its own choice (a free action, a card to spare, the tokens an
    attack takes: Concussive Charges, the ship a planning card targets), not the upgrade that pays
    its cost."""
    card = CARDS.get(card_id)
    return window in CHOICE_WINDOWS or window in ("planning", "split_attack", "mines") or (
        card is not None and index < len(card.abilities) and card.abilities[index].effect.kind == "remove_token"
        and window == "damage")


def use_problem(line: m.Uses, offer: AbilityOffer) -> str | None:
    """Why the line cannot be the answer to the offer (dice or free action), or None."""
    if offer.window == drawn.WINDOW:  # the damage card placed of the two drawn (Joachim)
        return drawn.problem(line, offer)
    if offer.window == "transfer":  # how many points the card takes (``choosing N``): one of the offered numbers
        points = [o.action for o in offer.actions]
        return None if line.choice in points else f"{offer.card_name} takes {', '.join(points)} point(s) here, " \
            f"not {line.choice!r} (write choosing N)"
    dice = tuple(i - 1 for i in line.indices)
    if not set(dice) <= set(offer.dice) or len(set(dice)) != len(dice):
        allowed = " ".join(str(i + 1) for i in offer.dice) or "none"
        return f"{offer.card_name} may touch dice {allowed} here, not {' '.join(map(str, line.indices))}"
    if offer.dice and offer.pick == 0 and dice and dice != offer.dice:
        return f"{offer.card_name} touches all of dice {' '.join(str(i + 1) for i in offer.dice)} or none"
    if offer.dice and offer.pick and not 1 <= len(dice) <= offer.pick:
        return f"{offer.card_name} touches 1 to {offer.pick} dice"
    if offer.actions and not own_choice(offer.card, offer.ability, offer.window):  # which upgrade pays its cost
        if line.pays is not None and _paid_with(line, offer) is None:
            return f"{offer.card_name} is paid by disabling one of {', '.join(o.action for o in offer.actions)}, " \
                   f"not {line.pays!r}"
    elif offer.actions:
        option = _offered(line, offer)
        if option is None:
            return f"{offer.card_name} offers {', '.join(o.action for o in offer.actions)} here, " \
                   f"not {line.choice or line.action!r}"
        if option.targets and line.target not in option.targets:
            return f"{offer.card_name}'s free {line.action} takes one of {', '.join(option.targets)}"
    return None


def _offered(line: m.Uses, offer: AbilityOffer) -> ActionOption | None:
    """The offered option the line names: as the engine names it, or as a person writes it ("2
    straight", "3 left-bank" for a maneuver the engine calls "2_straight", "3_left_bank")."""
    written = free_action(line, offer) or ""
    plain = written.replace(" ", "_").replace("-", "_").lower()
    return next((o for o in offer.actions if o.action == written), None) \
        or next((o for o in offer.actions if o.action == plain), None)


def chosen(line: m.Uses, ship: ShipState) -> None:
    """A ``choosing CARD`` line: the card's id in its ``action`` (the offer's options are card ids)."""
    if line.choice is not None:
        line.action = card_on(ship, line.choice) or line.choice


def _paid_with(line: m.Uses, offer: AbilityOffer) -> str | None:
    """The offered upgrade the line's ``disabling`` names (by id or name), or None."""
    named = [o.action for o in offer.actions if line.pays is not None and (
        o.action == line.pays or (o.action in CARDS and CARDS[o.action].name.casefold() == line.pays.casefold())
        or _catalog_name(o.action).casefold() == line.pays.casefold())]
    return named[0] if len(named) == 1 else None


def _catalog_name(card_id: str) -> str:
    from engine.catalog import load_catalog

    found = load_catalog().find_cards(card_id)
    return found[0].name if found else card_id


def answer(line: m.Uses, offer: AbilityOffer) -> AbilityUse:
    dice = tuple(i - 1 for i in line.indices) or (offer.dice if offer.pick == 0 else ())
    if offer.window == drawn.WINDOW:  # the damage card placed of the two drawn (Joachim)
        return drawn.answer(line, offer)
    if offer.window == "transfer":  # its choice is a number of damage points (the Kraxon)
        return AbilityUse(dice, line.choice, None, line.reason)
    if offer.actions and not own_choice(offer.card, offer.ability, offer.window):  # the upgrade paying its cost
        paid = _paid_with(line, offer) if line.pays is not None else offer.actions[0].action
        return AbilityUse(dice, paid, line.target, line.reason)
    option = _offered(line, offer) if offer.actions else None
    return AbilityUse(dice, option.action if option is not None else free_action(line, offer), line.target, line.reason)


def free_action(line: m.Uses, offer: AbilityOffer) -> str | None:
    """The engine's name of the line's free action: ``free card NAME`` is the offered "Action:" of the
    card of that id or name (Leonard McCoy's crew card), else the action as written."""
    if line.action is None or not line.action.startswith(m.FREE_CARD):
        return line.action
    text, nth = line.action[len(m.FREE_CARD):], 1
    numbered = re.fullmatch(r"(.+) ([1-9])", text)
    if numbered is not None and not any(c.name.casefold() == text.casefold() for c in CARDS.values()):
        text, nth = numbered.group(1), int(numbered.group(2))  # the card's n-th Action: (Montgomery Scott 2)
    named = [o.action for o in offer.actions if (p := parse_action(o.action)) is not None
             and (p[0] == text or (p[0] in CARDS and CARDS[p[0]].name.casefold() == text.casefold()))]
    return named[nth - 1] if nth <= len(named) else line.action


def optional(event: ev.AbilityUsed) -> bool:
    """A use the player chose (written), not a standing ability (the rules apply it); a standing
    ability that rolls dice is written too, for its faces (Kira Nerys)."""
    card = CARDS.get(event.card)
    return card is not None and event.ability < len(card.abilities) and (card.abilities[event.ability].optional
                                                                          or event.window in ("resist", "destroyed",
                                                                                             "activation_end", "cloak")
                                                                          or own_choice(event.card, event.ability,
                                                                                        event.window))


def gives_free_action(event: ev.AbilityUsed) -> bool:
    """The use is a card's free action (its choice an action the ship then performs), not another
    after-move card (Mirok's repair: ``choosing hull``; Pavel Chekov: no choice)."""
    card = CARDS.get(event.card)
    return card is None or event.ability >= len(card.abilities) \
        or card.abilities[event.ability].effect.kind == "free_action"


def acts_now(event: ev.AbilityUsed) -> bool:
    """The use performs an action of the ship at once (a free action; Janice Rand's talent Action):
    its ``action_performed`` is said by the ``uses`` line, not an action line."""
    card = CARDS.get(event.card)
    return gives_free_action(event) or (card is not None and event.ability < len(card.abilities)
                                        and card.abilities[event.ability].effect.kind == "talent_action")


def uses_line(event: ev.AbilityUsed, ship: ShipState, faces: tuple[str, ...]) -> m.Uses:
    if event.window == "transfer":  # its choice is a number of damage points (the Kraxon)
        return m.Uses(0, event.ship, label(ship, event.card), reason=event.reason, choice=event.choice)
    if event.window in ("after_move", "before_move") and not gives_free_action(event):
        choice = label(ship, event.choice) if event.choice in CARDS and event.choice in ship.cards else event.choice
        return m.Uses(0, event.ship, label(ship, event.card), faces=faces, reason=event.reason, choice=choice)
    if event.window == "resist":  # its choice is a card of its ship (Weyoun 2034), not a free action
        return m.Uses(0, event.ship, label(ship, event.card), faces=faces, reason=event.reason,
                      choice=None if event.choice is None else label(ship, event.choice) if event.choice in CARDS
                      else event.choice)
    if event.window in ("damage", "planning", "split_attack", "mines") and own_choice(event.card, event.ability,
                                                                             event.window):
        # the tokens it takes (Concussive Charges), the ship it targets (Positron Beam), the division of
        # an attack's dice (Forward Weapons Grid: "2 at B1 3 at B2")
        return m.Uses(0, event.ship, label(ship, event.card), reason=event.reason, choice=event.choice)
    free = event.window in CHOICE_WINDOWS  # else the choice is the upgrade paying its cost
    pays = event.choice if not free and event.choice in ship.cards else None
    action = event.choice if free else None
    if action is not None and (card := parse_action(action)) is not None:  # a card's Action: as the free action
        action = m.FREE_CARD + action_label(ship, *card)
    return m.Uses(0, event.ship, label(ship, event.card), tuple(i + 1 for i in event.dice), faces,
                  action, event.target, event.reason, pays=pays)

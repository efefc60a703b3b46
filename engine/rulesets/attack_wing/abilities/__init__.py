"""Card abilities of Attack Wing (issue 16): ``model`` says what an ability is, ``cards/`` lists the
supported cards by type, ``registry`` finds them by catalog id, ``windows`` offers them to the
seats in the round's timing windows, ``policy`` is what the engine's own seats answer.

Loading this package plugs the cards into the hooks the rules and windows declare, before any of
its modules is used: the cards register in ``registry``, ``policy`` gives the windows the engine's
own answer to an offer (``answer``), ``cloak`` gives the Action rules the cards that cloak with no
active shield (``actions.CLOAKS_ANYWAY``)."""

from engine.rulesets.attack_wing.abilities import cards, cloak, policy
from engine.rulesets.attack_wing.abilities.registry import CARDS, card, supported

__all__ = ["CARDS", "card", "cards", "cloak", "policy", "supported"]

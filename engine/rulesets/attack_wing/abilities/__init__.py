"""Card abilities of Attack Wing (issue 16): ``model`` says what an ability is, ``cards/`` lists the
supported cards by type, ``registry`` finds them by catalog id, ``windows`` offers them to the
seats in the round's timing windows, ``policy`` is what the engine's own seats answer."""

from engine.rulesets.attack_wing.abilities.registry import CARDS, card, supported

__all__ = ["CARDS", "card", "supported"]

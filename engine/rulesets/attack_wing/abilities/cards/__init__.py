"""The supported cards, one module per card type (captains, admirals, talents: the abilities lane;
crew, weapons, tech, resources: the cards lane). Each module's ``CARDS`` lists its ``Card`` entries;
``abilities.registry`` gathers them. docs/abilities.md says how to add one."""

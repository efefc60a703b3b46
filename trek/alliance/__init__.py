"""Star Trek Alliance's own `trek` commands (mission, campaign), listed in `trek.commands` and
imported only when one of them runs."""

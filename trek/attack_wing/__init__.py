"""Attack Wing's own `trek` commands (maneuver, measure, fleet, scenario, odds, notation), listed in
`trek.commands` and imported only when one of them runs."""

"""Star Trek: Fleet Captains: a map of location tiles, alert-status dials, system tests on a d6,
command and mission cards (issue 18). Built from the setup and turn summary (seeds/004); every
choice the summary leaves open is written in docs/rulings.md, section "Fleet Captains"."""

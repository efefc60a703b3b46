"""Star Trek: Into the Unknown, the second game on the ruleset seam (issue 17).

Sources: the learn-to-play guide (`../shared/seeds/002_*.txt`) and its learning mission "At
Perdition's Gate". Every number the guide does not print is chosen in ``displays.py`` and
``table.py`` and written in docs/rulings.md ("Into the Unknown").
"""

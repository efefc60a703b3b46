"""People in the seats: a decision as plain data (``Decision``), the front end a person answers
through (``FrontEnd``: a terminal, a window), the journal of a person's answers that a saved game
keeps (``Journal``), and the session that plays, saves, resumes and checks such a game
(``session``). The engine side has no input or output of its own; each game's ``human`` module
turns its Player interface's questions into ``Decision``s offered from the game's one legality source.
"""

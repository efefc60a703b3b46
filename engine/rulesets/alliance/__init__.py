"""Star Trek Alliance: cooperative missions against the Enemy AI, built on the Attack Wing engine.

Player ships are Attack Wing ships flown by the Attack Wing AI, all on side 0; Enemy AI ships
are on side 1 and decide by their Enemy Logic cards (``logic``). The Alliance log is the Attack
Wing log plus Alliance events (``events``), folded by the Alliance reducer (``reducer``), which
hands every Attack Wing event to the Attack Wing reducer.
"""

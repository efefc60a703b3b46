"""Analysis of a recorded game (`trek analyze`): rollouts from its points, win probabilities,
turning points and luck."""

"""Ruleset-independent geometry: poses, shapely helpers and vectorized convex-polygon kernels."""

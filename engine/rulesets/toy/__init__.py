"""The toy ruleset: the worked example of docs/architecture.md and the replay layer's test game.

It is not in the production registry: ``engine.replay.testing`` (tests, benchmarks, golden
files) registers it with one line, ``register(RULESET)``.
"""

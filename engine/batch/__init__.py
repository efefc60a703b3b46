"""`trek batch`: many games at once on Ray (a local Ray by default, a cluster by address).

``games`` plays one game and turns its replay into a row of results (what a worker runs; it
needs only the engine); ``runner`` hands jobs to Ray workers and collects what they return;
``play`` and ``render`` are the two batch jobs; ``stats`` reads a folder of rows. See docs/batch.md.
"""

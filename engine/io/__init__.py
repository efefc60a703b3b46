"""Reading and writing files that come from outside: one layer for every input kind and every output.

Inputs (``engine.io.reading``, ``engine.io.documents``): regular files only, opened without blocking, a size cap
per kind, bounded decoding, every problem a one-line ``TrekError``. Outputs (``engine.io.output``):
written atomically (a temporary file in the same folder, flushed, fsynced, renamed; removed
on any error), with one-line errors for unwritable places and full disks.
"""

"""Measurements run by hand (``python -m sudokit.compare.bench.<name>``), never part of the test run.

Each module times something side by side in one run and prints a table: medians, never single
timings; ratios, never absolute claims across runs.
"""

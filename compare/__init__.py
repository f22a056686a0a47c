"""The harness, the reports, the puzzle workshop and the ``sudokit`` CLI, each in a room of its own.

- ``run/``: a comparison run: planning, executing (processes, isolation, Dask), the judge, the store.
- ``reports/``: what a stored run says: statistics, charts, pictures, report writers, diff, export,
  the notebook view, technique studies.
- ``workshop/``: puzzles made to order: the generator, givens removal, targeting, grading.
- ``commands/`` (with ``app.py`` and ``cli.py``): the typer CLI on top of all three.
- ``bench/``: measurements run by hand; ``sets/``: the bundled puzzle sets.

Arrows run one way: ``run`` imports neither ``reports`` nor ``workshop``; ``reports`` and
``workshop`` may import ``run`` (the store, the executors), not each other; ``commands`` and
``bench`` sit on top. Nothing in ``models/`` or ``solvers/`` imports ``compare``
(``tests/test_layers.py`` checks all of it).
"""

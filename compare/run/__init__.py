"""A comparison run: plan it (sets × backends), execute it (worker processes, isolation, Dask), judge
every answer, store every record.

May import ``sudokit.models``, ``sudokit.solvers`` and ``sudokit.compare.sets``; never the reports,
the workshop or the commands.
"""

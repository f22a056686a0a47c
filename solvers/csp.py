"""python-constraint: the AllDifferent problem searched by backtracking with forward checking."""

from __future__ import annotations

import time
from itertools import islice

from constraint import BacktrackingSolver, Problem

from models.csp import build_problem, decode
from models.grid import Grid
from solvers import isolate
from solvers.base import DEFAULT_LIMIT, SolveResult


class CSPSolver:
    """python-constraint's ``BacktrackingSolver``, chosen deliberately over the default solver.

    ``BacktrackingSolver`` picks the next cell afresh at each step, the one with the fewest
    values left after forward checking (MRV; every cell has the same three constraints). The
    default ``OptimizedBacktrackingSolver`` fixes the order once, before the search, and times out
    on most hard puzzles where this one is an order of magnitude faster. The search cannot be
    interrupted, so with a time limit it runs in a killable child process (``solvers.isolate``).
    python-constraint keeps no counters: ``stats`` is empty.
    """

    name = "csp"

    def solve(self, grid: Grid, *, limit: int = DEFAULT_LIMIT, time_limit: float | None = None) -> SolveResult:
        start = time.perf_counter()
        problem = build_problem(grid, BacktrackingSolver())
        build_seconds = time.perf_counter() - start
        result = isolate.search(_solutions, problem, limit=limit, time_limit=time_limit)
        result.build_seconds = build_seconds
        return result


def _solutions(problem: Problem, limit: int) -> list[Grid]:
    """Up to ``limit`` solutions of the problem, as grids."""
    return [decode(assignment) for assignment in islice(problem.getSolutionIter(), limit)]

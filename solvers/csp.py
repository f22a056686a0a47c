"""python-constraint: the AllDifferent problem searched by backtracking with forward checking."""

from __future__ import annotations

import time
from itertools import islice

from constraint import BacktrackingSolver

from sudokit.models.csp import build_problem, decode
from sudokit.models.grid import Grid
from sudokit.solvers.base import DEFAULT_LIMIT, SolveResult
from sudokit.solvers.isolate import Isolated, found


class CSPSolver:
    """python-constraint's ``BacktrackingSolver``, chosen deliberately over the default solver.

    ``BacktrackingSolver`` picks the next cell afresh at each step, the one with the fewest
    values left after forward checking (MRV; every cell has the same three constraints). The
    default ``OptimizedBacktrackingSolver`` fixes the order once, before the search: on top95 with
    1 s per puzzle it timed out on 86 of 95, this one on 28. The search cannot be interrupted:
    under a time limit it runs in a killable child process. python-constraint keeps no counters.
    """

    name = "csp"

    def __init__(self) -> None:
        self._isolated = Isolated(solve_csp)

    def solve(self, grid: Grid, *, limit: int = DEFAULT_LIMIT, time_limit: float | None = None) -> SolveResult:
        return self._isolated(grid, limit=limit, time_limit=time_limit)


def solve_csp(grid: Grid, limit: int) -> SolveResult:
    """Build the problem of ``grid`` and find up to ``limit`` solutions, with no time limit."""
    start = time.perf_counter()
    problem = build_problem(grid, BacktrackingSolver())
    built = time.perf_counter()
    solutions = [decode(assignment) for assignment in islice(problem.getSolutionIter(), limit)]
    return found(solutions, limit, build_seconds=built - start, solve_seconds=time.perf_counter() - built)

"""SAT: the extended CNF encoding solved by picosat through pycosat."""

from __future__ import annotations

import time
from itertools import islice

import pycosat

from sudokit.models.cnf import decode, encode
from sudokit.models.grid import Grid
from sudokit.solvers.base import DEFAULT_LIMIT, SolveResult
from sudokit.solvers.isolate import Isolated, found


class SATSolver:
    """picosat (via pycosat); each solution found is blocked by a clause to look for the next.

    pycosat cannot be interrupted: under a time limit it runs in a killable child process.
    Its only counters are the formula's size.
    """

    name = "sat"

    def __init__(self) -> None:
        self._isolated = Isolated(solve_cnf)

    def solve(self, grid: Grid, *, limit: int = DEFAULT_LIMIT, time_limit: float | None = None) -> SolveResult:
        return self._isolated(grid, limit=limit, time_limit=time_limit)


def solve_cnf(grid: Grid, limit: int) -> SolveResult:
    """Encode ``grid`` and find up to ``limit`` solutions with pycosat, with no time limit."""
    start = time.perf_counter()
    clauses = encode(grid)
    built = time.perf_counter()
    solutions = [decode(model, grid.size) for model in islice(pycosat.itersolve(clauses), limit)]
    return found(
        solutions,
        limit,
        build_seconds=built - start,
        solve_seconds=time.perf_counter() - built,
        stats={"variables": grid.size**3, "clauses": len(clauses)},
    )

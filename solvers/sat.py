"""SAT: the extended CNF encoding solved by picosat through pycosat."""

from __future__ import annotations

import time
from itertools import islice

import pycosat

from models.cnf import Clause, decode, encode
from models.grid import Grid
from solvers import isolate
from solvers.base import DEFAULT_LIMIT, SolveResult


class SATSolver:
    """picosat (via pycosat); each solution found is blocked by a clause to look for the next.

    pycosat cannot be interrupted, so with a time limit the search runs in a killable child
    process (see ``solvers.isolate``), and ``solve_seconds`` includes starting it.
    """

    name = "sat"

    def solve(self, grid: Grid, *, limit: int = DEFAULT_LIMIT, time_limit: float | None = None) -> SolveResult:
        start = time.perf_counter()
        clauses = encode(grid)
        build_seconds = time.perf_counter() - start
        result = isolate.search(_solutions, clauses, grid.size, limit=limit, time_limit=time_limit)
        result.build_seconds = build_seconds
        result.stats = {"variables": grid.size**3, "clauses": len(clauses)}
        return result


def _solutions(clauses: list[Clause], size: int, limit: int) -> list[Grid]:
    """Up to ``limit`` solutions of the clauses, as grids."""
    return [decode(model, size) for model in islice(pycosat.itersolve(clauses), limit)]

"""A template for a new backend: copy this module, rename the class, replace the search.

It is a complete, working backend (plain backtracking on the first empty cell, small grids only)
so the contract tests can run it as they run the registered ones; it is not registered itself.
To register a copy, add one ``Backend(...)`` line to ``sudokit.solvers.registry.BACKENDS``.

>>> from sudokit.models.grid import Grid
>>> TemplateSolver().solve(Grid.parse("1..." "..1." ".1.." "...1")).status.value
'multiple'
"""

from __future__ import annotations

import time

from sudokit.models.grid import Grid
from sudokit.solvers.base import DEFAULT_LIMIT, Deadline, SearchTimeout, SolveResult, Status, status_for


class TemplateSolver:
    """Backtracking over the empty cells in order, trying every digit the cell's peers allow."""

    name = "template"

    def solve(self, grid: Grid, *, limit: int = DEFAULT_LIMIT, time_limit: float | None = None) -> SolveResult:
        deadline = Deadline(time_limit)  # one budget for every phase of the solve
        start = time.perf_counter()
        if grid.conflicts():  # clashing givens: no solution, said at once
            return SolveResult(Status.UNSAT, message="the givens break a rule")
        values, peers = list(grid.values), grid.geometry.peers
        empty = [cell for cell, value in enumerate(values) if not value]
        built = time.perf_counter()
        solutions: list[Grid] = []
        nodes = 0

        def search(position: int) -> None:
            nonlocal nodes
            if len(solutions) >= limit:
                return
            if position == len(empty):
                solutions.append(Grid(tuple(values)))
                return
            nodes += 1
            if nodes % 1024 == 0 and deadline.passed():
                raise SearchTimeout
            cell = empty[position]
            taken = {values[p] for p in peers[cell]}
            for digit in range(1, grid.size + 1):
                if digit not in taken:
                    values[cell] = digit
                    search(position + 1)
            values[cell] = 0

        try:
            search(0)
            status = status_for(len(solutions), limit)
        except SearchTimeout:
            status = Status.TIMEOUT
        return SolveResult(
            status,
            solution=solutions[0] if solutions and status is not Status.TIMEOUT else None,
            solutions_found=len(solutions),
            build_seconds=built - start,
            solve_seconds=time.perf_counter() - built,
            stats={"nodes": nodes, "propagation": "none"},
        )

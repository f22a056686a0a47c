"""sudokit backends shipped in a distribution of their own: `pip install ./examples/plugin-package`.

`example-first` is a function (the minimal contract: a grid or None); `example-counting` a class
following sudokit's backend protocol (`solve(grid, *, limit, time_limit) -> SolveResult`), so it
counts solutions and reports its own statistics.
"""

from __future__ import annotations

import time

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"


def first_solution(puzzle: str) -> str | None:
    """Naive backtracking in cell order: the first solution, or None (uniqueness not claimed)."""
    found = _search([SYMBOLS.find(ch) + 1 for ch in puzzle.upper()], 1, None)[0]
    return found[0] if found else None


class CountingSolver:
    """Naive backtracking in cell order, counting solutions up to the limit."""

    name = "example-counting"

    def solve(self, grid, *, limit=2, time_limit=None):
        from sudokit.solvers.base import SolveResult, Status, status_for

        start = time.perf_counter()
        deadline = None if time_limit is None else start + time_limit
        try:
            found, nodes = _search(list(grid.values), limit, deadline)
        except TimeoutError:
            return SolveResult(Status.TIMEOUT, solve_seconds=time.perf_counter() - start)
        solution = type(grid)(tuple(SYMBOLS.index(ch) + 1 for ch in found[0])) if found else None
        return SolveResult(status_for(len(found), limit), solution, len(found),
                           solve_seconds=time.perf_counter() - start, stats={"nodes": nodes})


def _search(values: list[int], limit: int, deadline: float | None) -> tuple[list[str], int]:
    """Solutions (up to ``limit``) of a grid given as a list of values (0 blank), and the nodes visited."""
    size = int(len(values) ** 0.5)
    box = int(size**0.5)
    solutions: list[str] = []
    nodes = 0

    def allowed(cell: int, digit: int) -> bool:
        row, col = divmod(cell, size)
        top, left = row - row % box, col - col % box
        return all(values[row * size + c] != digit for c in range(size)) and \
            all(values[r * size + col] != digit for r in range(size)) and \
            all(values[(top + r) * size + left + c] != digit for r in range(box) for c in range(box))

    def search(cell: int) -> None:
        nonlocal nodes
        nodes += 1
        if deadline is not None and nodes % 1000 == 0 and time.perf_counter() > deadline:
            raise TimeoutError
        while cell < len(values) and values[cell]:
            cell += 1
        if cell == len(values):
            solutions.append("".join(SYMBOLS[v - 1] for v in values))
            return
        for digit in range(1, size + 1):
            if allowed(cell, digit):
                values[cell] = digit
                search(cell + 1)
                values[cell] = 0
                if len(solutions) >= limit:
                    return

    givens = [(c, v) for c, v in enumerate(values) if v]
    for cell, digit in givens:  # clashing givens: no solution
        values[cell] = 0
        ok = allowed(cell, digit)
        values[cell] = digit
        if not ok:
            return [], nodes
    search(0)
    return solutions, nodes

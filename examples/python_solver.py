"""A solver to compare with sudokit's own, written without sudokit: `sudokit compare --backend py:examples/python_solver.py:solve`.

A puzzle is N² symbols (`.` for a blank, `1`-`9`, then `A`-`P` above 9). ``solve`` is the minimal
contract: the solved grid in the same symbols, or None when there is no solution (it stops at the
first solution, so sudokit records it as a solution without a uniqueness claim). ``count`` is the
richer form: it takes ``limit`` and ``time_limit`` and returns the solutions it found, up to ``limit``.
"""

from __future__ import annotations

import math
import time

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"


def solve(puzzle: str) -> str | None:
    """Backtracking on the cell with the fewest candidates; the first solution found."""
    found = count(puzzle, limit=1)
    return found[0] if found else None


def count(puzzle: str, *, limit: int = 2, time_limit: float | None = None) -> list[str]:
    """Up to ``limit`` solutions (fewer: there are no more); TimeoutError past ``time_limit`` seconds."""
    size = math.isqrt(len(puzzle))
    box = math.isqrt(size)
    values = [SYMBOLS.find(ch) + 1 for ch in puzzle.upper()]  # 0: blank
    units = [[r * size + c for c in range(size)] for r in range(size)]
    units += [[r * size + c for r in range(size)] for c in range(size)]
    units += [[(top + r) * size + left + c for r in range(box) for c in range(box)]
              for top in range(0, size, box) for left in range(0, size, box)]
    peers = [sorted({p for u in units if cell in u for p in u} - {cell}) for cell in range(size * size)]
    deadline = None if time_limit is None else time.monotonic() + time_limit
    solutions: list[str] = []

    def search() -> None:
        if deadline is not None and time.monotonic() > deadline:
            raise TimeoutError("past the time limit")
        best, options = None, []
        for cell, value in enumerate(values):
            if not value:
                allowed = set(range(1, size + 1)) - {values[p] for p in peers[cell]}
                if best is None or len(allowed) < len(options):
                    best, options = cell, sorted(allowed)
                if not allowed:
                    return
        if best is None:
            solutions.append("".join(SYMBOLS[v - 1] for v in values))
            return
        for digit in options:
            values[best] = digit
            search()
            if len(solutions) >= limit:
                break
        values[best] = 0

    if all(values[c] not in {values[p] for p in peers[c]} for c in range(size * size) if values[c]):
        search()
    return solutions

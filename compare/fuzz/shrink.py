"""Shrinking: a failing puzzle reduced to a smallest one that still fails the same way.

``still_fails`` answers for a batch of candidate puzzles at once (they are solved in parallel), so
each pass tries every candidate of one granularity together:

1. the empty grid (a bug that needs no given shows so at once);
2. givens removed in blocks, halving the block size down to one given (as delta debugging does):
   the candidates that still fail are removed together when that still fails, else the first alone;
3. digits relabelled to the smallest, in order of first appearance (a bug tied to a digit keeps its).

The result is 1-minimal: removing any one of its givens makes the failure go away (within the budget).

>>> needs_two = lambda grids: [g.values[0] != 0 and g.values[5] != 0 for g in grids]
>>> shrink(Grid((4, 3, 2, 1, 2, 3) + (0,) * 10), needs_two).values[:6]
(1, 0, 0, 0, 0, 2)
>>> wrong_on_r1c1_is_4 = lambda grids: [g.values[0] == 4 for g in grids]
>>> shrink(Grid((4, 3, 2, 1, 2, 3) + (0,) * 10), wrong_on_r1c1_is_4).line()
'4...............'
"""

from __future__ import annotations

import time
from collections.abc import Callable

from sudokit.models.grid import Grid

StillFails = Callable[[list[Grid]], list[bool]]


def shrink(grid: Grid, still_fails: StillFails, seconds: float | None = None) -> Grid:
    """The smallest puzzle found that ``still_fails``, starting from the failing ``grid``."""
    deadline = None if seconds is None else time.monotonic() + seconds
    empty = Grid((0,) * len(grid.values))
    if grid.count_givens() and still_fails([empty])[0]:
        return empty
    grid = _remove_givens(grid, still_fails, deadline)
    relabelled = smallest_labels(grid)
    if relabelled != grid and not _late(deadline) and still_fails([relabelled])[0]:
        grid = relabelled
    return grid


def _remove_givens(grid: Grid, still_fails: StillFails, deadline: float | None) -> Grid:
    block = max(1, grid.count_givens() // 2)
    while not _late(deadline):
        givens = [c for c, v in enumerate(grid.values) if v]
        if not givens:
            return grid
        block = min(block, len(givens))
        blocks = [givens[i:i + block] for i in range(0, len(givens), block)]
        candidates = [without(grid, cells) for cells in blocks]
        verdicts = still_fails(candidates)
        failing = [cells for cells, fails in zip(blocks, verdicts, strict=True) if fails]
        if not failing:
            if block == 1:
                return grid
            block = max(1, block // 2)
            continue
        together = without(grid, [c for cells in failing for c in cells])
        if len(failing) > 1 and not _late(deadline) and still_fails([together])[0]:
            grid = together
        else:
            grid = without(grid, failing[0])
    return grid


def without(grid: Grid, cells: list[int]) -> Grid:
    """The grid with ``cells`` emptied."""
    values = list(grid.values)
    for cell in cells:
        values[cell] = 0
    return Grid(tuple(values))


def smallest_labels(grid: Grid) -> Grid:
    """The grid's digits renamed 1, 2, 3 … in order of first appearance."""
    names: dict[int, int] = {}
    for value in grid.values:
        if value and value not in names:
            names[value] = len(names) + 1
    return Grid(tuple(names.get(v, 0) for v in grid.values))


def _late(deadline: float | None) -> bool:
    return deadline is not None and time.monotonic() >= deadline

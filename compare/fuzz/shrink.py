"""Shrinking: a failing puzzle reduced to a smallest one that still fails the same way.

``still_fails`` answers for a batch of candidate puzzles at once (they are solved in parallel), so
each pass tries every candidate of one granularity together:

1. the empty grid (a bug that needs no given shows so at once);
2. givens removed in blocks, halving the block size down to one given (as delta debugging does): the
   blocks whose removal still fails are removed together when that still fails, else one by one;
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
from typing import TypeVar

from sudokit.models.grid import Grid

StillFails = Callable[[list[Grid]], list[bool]]
T = TypeVar("T")


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
    def grid_of(kept: list[tuple[int, int]]) -> Grid:
        values = [0] * len(grid.values)
        for cell, digit in kept:
            values[cell] = digit
        return Grid(tuple(values))

    givens = [(c, v) for c, v in enumerate(grid.values) if v]
    return grid_of(fewest(givens, lambda kept: still_fails([grid_of(k) for k in kept]), deadline))


def fewest(items: list[T], still_fails: Callable[[list[list[T]]], list[bool]], deadline: float | None) -> list[T]:
    """A smallest sublist of ``items`` that still fails: blocks removed, halving their size down to one item
    (``_removed`` says which of the blocks whose removal fails alone go)."""
    block = max(1, len(items) // 2)
    while items and not _late(deadline):
        block = min(block, len(items))
        blocks = [set(range(i, min(i + block, len(items)))) for i in range(0, len(items), block)]
        verdicts = still_fails([[x for i, x in enumerate(items) if i not in b] for b in blocks])
        failing = [b for b, fails in zip(blocks, verdicts, strict=True) if fails]
        if not failing:
            if block == 1:
                return items
            block = max(1, block // 2)
            continue
        items = _removed(items, failing, still_fails, deadline)
    return items


def _removed(items: list[T], failing: list[set[int]], still_fails: Callable[[list[list[T]]], list[bool]],
             deadline: float | None) -> list[T]:
    """``items`` without the blocks whose removal failed alone: all together when that still fails, else
    the first, then each of the others in turn while it still fails."""
    together = [x for i, x in enumerate(items) if i not in set().union(*failing)]
    if len(failing) > 1 and still_fails([together])[0]:
        return together
    gone = set(failing[0])
    for block in failing[1:]:
        if _late(deadline):
            break
        if still_fails([[x for i, x in enumerate(items) if i not in gone | block]])[0]:
            gone |= block
    return [x for i, x in enumerate(items) if i not in gone]


def smallest_labels(grid: Grid) -> Grid:
    """The grid's digits renamed 1, 2, 3 … in order of first appearance."""
    names: dict[int, int] = {}
    for value in grid.values:
        if value and value not in names:
            names[value] = len(names) + 1
    return Grid(tuple(names.get(v, 0) for v in grid.values))


def _late(deadline: float | None) -> bool:
    return deadline is not None and time.monotonic() >= deadline

"""Random complete grids: a depth-first fill with random choices.

The fill takes the empty cell with the fewest digits left (ties broken at random), tries its
digits in a random order, and backs up at a dead end. Every grid can come out, but not with equal
chances: a grid's chance depends on the dead ends met on the way to it. ``compare.workshop.generate``
follows the fill with a uniformly random relabelling, band/stack/row/column permutation and
transposition, which makes the grids of one equivalence class equally likely; what is left is the
fill's bias between classes. Meant for 4×4 to 16×16 grids: a 25×25 fill can wander among dead ends
for a long time.

>>> import random
>>> from sudokit.models.grid import is_solution
>>> grid = random_solution(9, random.Random(1))
>>> is_solution(grid, Grid.empty(9)), grid == random_solution(9, random.Random(1))
(True, True)
"""

from __future__ import annotations

import random

from sudokit.models.grid import Grid, geometry


def random_solution(size: int, rng: random.Random) -> Grid:
    """A random complete N×N grid; the same ``rng`` state gives the same grid."""
    geo = geometry(size)
    full = (1 << size) - 1
    units = geo.cell_units
    used = [0] * (3 * size)  # per unit: the digits placed in it, one bit each
    values = [0] * (size * size)
    empty = set(geo.cells)
    trail: list[tuple[int, list[int]]] = []  # per filled cell: the cell and the digits still to try there
    while empty:
        cell, left = _most_constrained(empty, units, used, full, size, rng)
        while not left:  # a dead end: back up to the last cell with a digit still to try
            cell, left = trail.pop()
            _unplace(cell, values, used, units)
            empty.add(cell)
        digit = left.pop()
        _place(cell, digit, values, used, units)
        empty.discard(cell)
        trail.append((cell, left))
    return Grid(tuple(values))


def _most_constrained(empty: set[int], units, used: list[int], full: int, size: int,
                      rng: random.Random) -> tuple[int, list[int]]:
    """An empty cell with the fewest digits left (a random one of those), and its digits in random order."""
    fewest, best = size + 1, []
    for cell in sorted(empty):
        row, col, box = units[cell]
        count = (full & ~(used[row] | used[col] | used[box])).bit_count()
        if count < fewest:
            fewest, best = count, [cell]
        elif count == fewest:
            best.append(cell)
    cell = rng.choice(best)
    row, col, box = units[cell]
    free = full & ~(used[row] | used[col] | used[box])
    digits = [d + 1 for d in range(size) if free >> d & 1]
    rng.shuffle(digits)
    return cell, digits


def _place(cell: int, digit: int, values: list[int], used: list[int], units) -> None:
    values[cell] = digit
    for unit in units[cell]:
        used[unit] |= 1 << (digit - 1)


def _unplace(cell: int, values: list[int], used: list[int], units) -> None:
    bit = 1 << (values[cell] - 1)
    for unit in units[cell]:
        used[unit] &= ~bit
    values[cell] = 0

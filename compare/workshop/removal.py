"""Givens removed while the puzzle stays unique: the exact backend's check, top-down removal, random grids.

Uniqueness is checked by ``bitx``, the fastest exact backend (``compare.bench.exact``), with a
solution limit of 2. Givens go in *groups*: single cells, or the orbits of a symmetry
(``models.symmetry``), so that a symmetric puzzle stays symmetric.

>>> import random
>>> from sudokit.models.symmetry import orbits
>>> rng = random.Random(3)
>>> solution = new_solution(9, rng)
>>> puzzle = top_down(solution, orbits(9, "none"), rng, Uniqueness())
>>> Uniqueness().unique(puzzle), Uniqueness().minimal(puzzle)
(True, True)
"""

from __future__ import annotations

import random

from sudokit.compare.run.transforms import random_transform
from sudokit.models.fill import random_solution
from sudokit.models.grid import Cell, Grid
from sudokit.solvers.base import DEFAULT_LIMIT, Status
from sudokit.solvers.registry import get_backend

EXACT_BACKEND = "bitx"


class Uniqueness:
    """Counts solutions up to two with the exact backend; also says when singles alone solve the puzzle.

    ``bitx`` places every row alone in its exact-cover column before it branches: a cell with one
    candidate (naked single) or a digit with one place in a unit (hidden single). A puzzle it solves
    without a branch point is solved by singles alone.
    """

    def __init__(self) -> None:
        self.solver = get_backend(EXACT_BACKEND).create()
        self.checks = 0

    def verdict(self, values: list[int]) -> tuple[bool, bool]:
        """(exactly one solution, singles alone find it)."""
        self.checks += 1
        result = self.solver.solve(Grid(tuple(values)), limit=DEFAULT_LIMIT)
        unique = result.status is Status.SOLVED
        return unique, unique and result.stats.get("guesses") == 0

    def unique(self, values: list[int]) -> bool:
        return self.verdict(values)[0]

    def minimal(self, values: list[int]) -> bool:
        """True when emptying any one given leaves more than one solution."""
        for cell, digit in enumerate(values):
            if digit:
                values[cell] = 0
                unique = self.unique(values)
                values[cell] = digit
                if unique:
                    return False
        return True


def top_down(solution: Grid, groups: tuple[tuple[Cell, ...], ...], rng: random.Random,
             uniqueness: Uniqueness) -> list[int]:
    """Empty the groups of cells in a random order, each one whose emptying keeps the puzzle unique.

    A lone cell whose peers still show every other digit is emptied without a search: its value
    is forced, so the puzzle keeps its one solution (most early removals are of this kind).
    """
    values = list(solution.values)
    peers = solution.geometry.peers
    order = list(groups)
    rng.shuffle(order)
    for group in order:
        if len(group) == 1 and len({values[p] for p in peers[group[0]]} - {0}) == solution.size - 1:
            values[group[0]] = 0
            continue
        empty(values, group)
        if not uniqueness.unique(values):
            fill(values, group, solution)
    return values


def empty(values: list[int], group: tuple[Cell, ...]) -> None:
    for cell in group:
        values[cell] = 0


def fill(values: list[int], group: tuple[Cell, ...], solution: Grid) -> None:
    for cell in group:
        values[cell] = solution.values[cell]


def new_solution(size: int, rng: random.Random) -> Grid:
    """A random solution grid: a random fill, then a uniformly random isomorph of it."""
    return random_transform(size, rng).apply(random_solution(size, rng))

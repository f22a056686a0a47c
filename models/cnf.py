"""The CNF encoding of a Sudoku for SAT solvers: the extended encoding (Lynce and Ouaknine, 2006).

Variable ``variable(cell, digit, N) = cell·N + digit`` is true when ``cell`` holds ``digit``.
Each cell holds at least one digit and at most one; in each unit each digit appears at least once
and at most once; each given is a unit clause. The minimal encoding would need only "at least one
digit per cell" and "at most once per unit"; the redundant clauses help propagation.
That is 4·N² clauses of N literals and 4·N²·C(N, 2) binary ones, plus one per given.

>>> formula = encode(Grid.parse("1..." "..1." ".1.." "...1"))
>>> len(formula), formula[-1]
(452, (61,))
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import combinations

from sudokit.models.grid import Cell, Digit, Grid, geometry

Clause = tuple[int, ...]


def variable(cell: Cell, digit: Digit, size: int) -> int:
    """The variable that is true when ``cell`` holds ``digit`` (1 … size³).

    >>> variable(0, 1, 9), variable(80, 9, 9)
    (1, 729)
    """
    return cell * size + digit


def encode(grid: Grid) -> list[Clause]:
    """The clauses of ``grid``: the rules of its size, then one unit clause per given."""
    size = grid.size
    givens = [(variable(cell, digit, size),) for cell, digit in enumerate(grid.values) if digit]
    return [*rules(size), *givens]


@cache
def rules(size: int) -> tuple[Clause, ...]:
    """The clauses every size×size solution satisfies (the extended encoding)."""
    digits = range(1, size + 1)
    groups = [[variable(cell, d, size) for d in digits] for cell in geometry(size).cells]
    groups += [[variable(cell, d, size) for cell in unit] for unit in geometry(size).units for d in digits]
    at_least_one = [tuple(group) for group in groups]
    at_most_one = [(-a, -b) for group in groups for a, b in combinations(group, 2)]
    return (*at_least_one, *at_most_one)


def decode(model: Iterable[int], size: int) -> Grid:
    """The grid whose cells hold the digits of a model's true variables.

    >>> decode([-1, 2, -3, -4, 5] + [-v for v in range(6, 65)], 4).values[:3]
    (2, 1, 0)
    """
    values = [0] * (size * size)
    for literal in model:
        if literal > 0:
            cell, digit = divmod(literal - 1, size)
            values[cell] = digit + 1
    return Grid(tuple(values))


def dimacs(grid: Grid) -> str:
    """The clauses of ``grid`` in DIMACS CNF, for any SAT solver."""
    clauses = encode(grid)
    lines = [
        f"c sudoku {grid.line()}",
        f"c extended encoding: variable cell*{grid.size}+digit (cell 0..{grid.size ** 2 - 1} row-major) "
        "is true when cell holds digit",
        f"p cnf {grid.size ** 3} {len(clauses)}",
    ]
    lines += [" ".join(map(str, clause)) + " 0" for clause in clauses]
    return "\n".join(lines) + "\n"

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

from collections.abc import Callable, Iterable, Iterator
from functools import cache
from itertools import combinations
from math import comb

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
    groups = _groups(size)
    at_least_one = [tuple(group) for group in groups]
    at_most_one = [(-a, -b) for group in groups for a, b in combinations(group, 2)]
    return (*at_least_one, *at_most_one)


def rule_count(size: int) -> int:
    """How many clauses ``rules(size)`` has.

    >>> rule_count(4) == len(rules(4)), rule_count(25)
    (True, 752500)
    """
    return 4 * size**2 * (1 + comb(size, 2))


def rule_batches(size: int) -> Iterator[list[Clause]]:
    """The clauses of ``rules(size)`` in the same order, in small batches: first every at-least-one
    clause, then each group's at-most-one pairs. A 25×25's 752,500 clauses take a second to make
    and load; between batches a builder can look at a clock (``Loading``)."""
    groups = _groups(size)
    yield [tuple(group) for group in groups]
    for group in groups:
        yield list(combinations([-v for v in group], 2))


@cache
def _groups(size: int) -> tuple[tuple[int, ...], ...]:
    """The variables of which exactly one is true: each cell's digits, each digit's places in a unit."""
    digits = range(1, size + 1)
    cells = [tuple(variable(cell, d, size) for d in digits) for cell in geometry(size).cells]
    places = [tuple(variable(cell, d, size) for cell in unit) for unit in geometry(size).units for d in digits]
    return (*cells, *places)


class Loading:
    """The rules of a size handed batch by batch to ``take``, until ``stop()`` says so after a batch;
    ``advance`` again resumes where it stopped.

    >>> taken = []
    >>> loading = Loading(4, taken.extend)
    >>> loading.advance(lambda: True), len(taken)  # stopped after the first batch
    (False, 64)
    >>> loading.advance(lambda: False), len(taken) == len(rules(4)), loading.done
    (True, True, True)
    """

    def __init__(self, size: int, take: Callable[[list[Clause]], object]):
        self._batches, self._take = rule_batches(size), take
        self.done = False

    def advance(self, stop: Callable[[], bool]) -> bool:
        """Hand over batches until all are (True) or ``stop()`` is true after one (False)."""
        for batch in self._batches:
            self._take(batch)
            if stop():
                return False
        self.done = True
        return True


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
    return "\n".join(lines) + "\n" + clause_text(clauses)


def clause_text(clauses: Iterable[Clause]) -> str:
    """DIMACS lines of ``clauses``, each ended by ``0`` and a newline (binary ones formatted fast:
    a 25×25's rules are 750,000 of them).

    >>> clause_text([(1, -2), (3, 4, 5)])
    '1 -2 0\\n3 4 5 0\\n'
    """
    return "".join([f"{c[0]} {c[1]} 0\n" if len(c) == 2 else " ".join(map(str, c)) + " 0\n" for c in clauses])

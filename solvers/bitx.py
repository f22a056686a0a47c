"""Algorithm X specialised to Sudoku: the whole matrix in N Python big integers.

Plane j holds one bit per column (bit = column id): set while the column's j-th row is still
in the matrix. A cell column's j-th row writes digit j + 1 there; a "unit holds digit" column's
j-th row writes the digit in the unit's j-th cell. Adding the N planes as bit-sliced binary
counters gives the size of every column at once; choosing a row clears the rows it rules out
with one mask per plane, into a new state, so backing up has nothing to undo.

>>> from models.grid import Grid
>>> BitXSolver().solve(Grid.parse("1..." "..1." ".1.." "...1")).status.value
'multiple'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from models.exact_cover import Choice, SudokuCover, column_count, unit_column
from models.grid import geometry
from solvers.algx import ExactCoverSolver, Search, SearchStats

Planes = list[int]


@dataclass(frozen=True)
class Masks:
    """What choosing a row clears, per cell (shift the unit columns by ``stride`` per digit)."""

    size: int
    stride: int  # 3N: from one digit's unit columns to the next digit's
    planes_of: tuple[tuple[int, int, int], ...]  # per cell: the plane it has in its row, column, box
    own_rows: tuple[tuple[int, ...], ...]  # per cell, per plane: unit columns of the cell's rows, any digit
    peer_rows: tuple[tuple[int, ...], ...]  # per cell, per plane: unit columns of the peers' rows, digit 1
    peer_cells: tuple[int, ...]  # per cell: the peers' cell columns
    unit_columns: tuple[int, ...]  # per cell: its row, column and box columns, digit 1
    rows: tuple[tuple[Choice, ...], ...]  # per column: its rows, by plane


@cache
def masks(size: int) -> Masks:
    """The masks of an N×N grid, computed once per size."""
    geo = geometry(size)
    digits = range(1, size + 1)
    planes_of = tuple(
        tuple(geo.units[u].index(cell) for u in units) for cell, units in enumerate(geo.cell_units)
    )

    def unit_rows(cell: int, units_digits) -> tuple[int, ...]:
        planes = [0] * size
        for u, plane in zip(geo.cell_units[cell], planes_of[cell]):
            planes[plane] |= sum(1 << unit_column(size, u, d) for d in units_digits)
        return tuple(planes)

    def peer_rows(cell: int) -> tuple[int, ...]:
        planes = [0] * size
        for peer in geo.peers[cell]:
            for plane, columns in enumerate(unit_rows(peer, (1,))):
                planes[plane] |= columns
        return tuple(planes)

    return Masks(
        size,
        3 * size,
        planes_of,
        tuple(unit_rows(cell, digits) for cell in geo.cells),
        tuple(peer_rows(cell) for cell in geo.cells),
        tuple(sum(1 << peer for peer in geo.peers[cell]) for cell in geo.cells),
        tuple(sum(1 << unit_column(size, u, 1) for u in units) for units in geo.cell_units),
        tuple(tuple((cell, d) for d in digits) for cell in geo.cells)
        + tuple(tuple((cell, d) for cell in geo.units[u]) for d in digits for u in range(3 * size)),
    )


class BitCover:
    """A puzzle's exact-cover state as planes of column bits, searched without undo."""

    def __init__(self, cover: SudokuCover):
        self.masks = masks(cover.grid.size)
        planes = [0] * cover.grid.size
        for (cell, digit), (cell_column, *unit_columns) in cover.rows.items():
            planes[digit - 1] |= 1 << cell_column
            for plane, column in zip(self.masks.planes_of[cell], unit_columns):
                planes[plane] |= 1 << column
        self.planes = planes
        self.open = sum(1 << column for column in cover.columns)

    def solutions(self, stats: SearchStats | None = None) -> Iterator[list[Choice]]:
        """Every exact cover, lazily, as the rows chosen (depth first, smallest column first)."""
        stats = stats or SearchStats()
        stack: list[tuple[Planes, int, tuple | None]] = [(self.planes, self.open, None)]
        while stack:
            planes, open_, path = stack.pop()
            if not open_:
                yield _unwind(path)
                continue
            column = _smallest_column(planes, open_)
            if column is None:
                continue
            rows = [self.masks.rows[column][j] for j, plane in enumerate(planes) if plane >> column & 1]
            if len(rows) > 1:
                stats.guesses += 1
            for choice in reversed(rows):
                stats.visit()
                stack.append((*self.select(planes, open_, choice), (choice, path)))

    def select(self, planes: Planes, open_: int, choice: Choice) -> tuple[Planes, int]:
        """The state after choosing a row: its columns covered, the rows meeting them gone."""
        cell, digit = choice
        m = self.masks
        shift = (digit - 1) * m.stride
        planes = [p & ~(own | peer << shift) for p, own, peer in zip(planes, m.own_rows[cell], m.peer_rows[cell])]
        planes[digit - 1] &= ~m.peer_cells[cell]
        return planes, open_ & ~(1 << cell | m.unit_columns[cell] << shift)


def _smallest_column(planes: Planes, open_: int) -> int | None:
    """The open column with fewest rows (lowest id among equals); None if one has no row."""
    counters: list[int] = []  # bit i of every column's size
    for carry in planes:
        for i, bits in enumerate(counters):
            counters[i], carry = bits ^ carry, bits & carry
            if not carry:
                break
        else:
            if carry:
                counters.append(carry)
    for size in range(1 << len(counters)):
        columns = open_
        for i, bits in enumerate(counters):
            columns &= bits if size >> i & 1 else ~bits
        if columns:
            return (columns & -columns).bit_length() - 1 if size else None
    raise AssertionError("an open column has some size")


def _unwind(path: tuple | None) -> list[Choice]:
    """The rows of a linked path (choice, parent), first chosen first."""
    rows = []
    while path:
        choice, path = path
        rows.append(choice)
    return rows[::-1]


class BitXSolver(ExactCoverSolver):
    """Algorithm X on bit planes, all column sizes counted at once."""

    name = "bitx"

    def prepare(self, cover: SudokuCover) -> Search:
        return BitCover(cover).solutions

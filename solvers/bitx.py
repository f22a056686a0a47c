"""Algorithm X specialised to Sudoku: the whole matrix in one big integer, a field of bits per column.

Column k owns the N + 1 bits from k·(N + 1): the low N say which of its rows are still in the
matrix (a cell column's j-th row writes digit j + 1 there, a "unit holds digit" column's j-th
row writes the digit in the unit's j-th cell) and the top one, the guard, is set while the
column is open. A row is thus four bits, and choosing it is one AND with a mask that clears
every row meeting it and its columns' guards; backing up has nothing to undo.

Subtracting 1 from every field at once (the guards stop the borrows) clears each column's
lowest row: the guards left say which columns had a row, and repeating it says which had two,
and so on. One such count finds a dead end (an open column without rows), or every column with a
single row, whose forced rows are all chosen before counting again, or else the first of the
smallest columns to branch on (a "node" is still one row tried).

Where the time goes (cProfile, top95, solution limit 2; 0.8 ms a puzzle, ~114 calls of ``force``
each): three quarters in ``force``, the counting and the ANDs on the 3,240-bit integer (about
6 µs a call); 14 % in the branching loop of ``solutions``; 4 % building the puzzle's cover; the
rest decoding and bookkeeping. A cheaper node would need fewer or narrower integer operations;
fewer nodes need more propagation than exact cover's singles (the ``prop`` backend).

>>> from sudokit.models.grid import Grid
>>> BitXSolver().solve(Grid.parse("1..." "..1." ".1.." "...1")).status.value
'multiple'
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass
from functools import cache

from sudokit.models.exact_cover import Choice, SudokuCover, choice_columns, column_count
from sudokit.models.grid import geometry
from sudokit.solvers.exact_cover import ExactCoverSolver, Search, SearchStats

Path = tuple | None  # the rows chosen so far, linked: (last choice, earlier path)


@dataclass(frozen=True)
class Layout:
    """Where the rows and guards of an N×N grid's matrix lie in the integer."""

    size: int
    ones: int  # the lowest bit of every column's field
    guards: int  # the guard (top) bit of every column's field
    full: int  # the whole matrix: every row in, every column open
    place: tuple[tuple[int, ...], ...]  # per cell: its index in its row, column and box
    choice_at: tuple[Choice | None, ...]  # per bit: the row it stands for (None for a guard)

    def bits(self, choice: Choice) -> Iterator[int]:
        """The four bits of a row: in its cell column, then in its unit columns."""
        cell, digit = choice
        planes = (digit - 1, *self.place[cell])
        return (column * (self.size + 1) + plane for column, plane in zip(choice_columns(self.size, choice), planes))

    def mask(self, choice: Choice) -> int:
        """The AND that chooses a row: it clears every row meeting the row's columns, and their guards."""
        width = self.size + 1
        columns = choice_columns(self.size, choice)
        meeting = {row for c in columns for row in self.choice_at[c * width : c * width + self.size] if row is not None}
        return self.full ^ _integer([*(bit for row in meeting for bit in self.bits(row)),
                                     *(c * width + self.size for c in columns)])


@cache
def layout(size: int) -> Layout:
    """The layout of an N×N grid, made once per size."""
    geo = geometry(size)
    by_column = [tuple((cell, d) for d in range(1, size + 1)) for cell in geo.cells] + [
        tuple((cell, d) for cell in geo.units[u]) for d in range(1, size + 1) for u in range(3 * size)
    ]
    ones = _integer(range(0, column_count(size) * (size + 1), size + 1))
    return Layout(
        size,
        ones,
        ones << size,
        (ones << size + 1) - ones,
        tuple(tuple(geo.units[u].index(cell) for u in units) for cell, units in enumerate(geo.cell_units)),
        tuple(row for rows in by_column for row in (*rows, None)),
    )


def _integer(bits: Iterable[int]) -> int:
    """The integer with the given bits set (built in a bytearray, in one pass whatever its width)."""
    bits = list(bits)
    flags = bytearray(max(bits, default=0) // 8 + 1)
    for bit in bits:
        flags[bit >> 3] |= 1 << (bit & 7)
    return int.from_bytes(flags, "little")


class Masks(dict):
    """Per row, the mask that chooses it, made when first asked for."""

    LIMIT = 4096  # every row of a 9x9 or 16x16 grid; a 25x25 grid's 15625 would take 125 MB

    def __init__(self, lay: Layout):
        super().__init__()
        self.layout = lay

    def __missing__(self, choice: Choice) -> int:
        if len(self) >= self.LIMIT:
            self.clear()
        mask = self[choice] = self.layout.mask(choice)
        return mask


@cache
def row_masks(size: int) -> Masks:
    """The masks of an N×N grid's rows, shared by every search in the process."""
    return Masks(layout(size))


class BitCover:
    """A puzzle's exact-cover matrix as one integer, searched without undo."""

    def __init__(self, cover: SudokuCover):
        """The full matrix with the givens chosen like any other row (which leaves ``cover.rows``)."""
        self.layout, self.masks = layout(cover.grid.size), row_masks(cover.grid.size)
        self.matrix = self.layout.full
        for given in enumerate(cover.grid.values):
            if given[1]:
                self.matrix &= self.masks[given]

    def solutions(self, stats: SearchStats | None = None) -> Generator[list[Choice], None, None]:
        """Every exact cover, lazily, as the rows chosen (depth first, smallest column first)."""
        stats = stats or SearchStats()
        size, choice_at, masks = self.layout.size, self.layout.choice_at, self.masks
        stack: list[tuple[int, Path]] = [(self.matrix, None)]
        while stack:
            matrix, path, fewest, least = self.force(*stack.pop(), stats)
            if not fewest:
                yield _unwind(path)
            elif least:  # branch on the first smallest column, its rows pushed last first
                stats.guesses += 1
                stats.visit(least)
                first = fewest & -fewest
                rows = matrix & (first - (first >> size))
                while rows:
                    bit = rows.bit_length() - 1
                    rows ^= 1 << bit
                    choice = choice_at[bit]
                    stack.append((matrix & masks[choice], (choice, path)))

    def force(self, matrix: int, path: Path, stats: SearchStats) -> tuple[int, Path, int, int]:
        """Choose every row alone in its column, count after count, until a real choice remains.

        Returns the matrix, its path, the guards of the smallest open columns (0 once all is
        covered) and their number of rows (0 at a dead end).
        """
        size, guards, ones = self.layout.size, self.layout.guards, self.layout.ones
        choice_at, masks = self.layout.choice_at, self.masks
        forced = 0
        while open_ := matrix & guards:
            least, rows = 0, matrix
            while True:  # strip every column's lowest row until some open column runs out
                more = (rows | guards) - ones  # guards of the columns with more than `least` rows
                fewest = open_ & ~more
                if fewest:
                    break
                rows &= more
                least += 1
            if least != 1:
                stats.nodes += forced  # counted, not polled: the branch that follows polls the deadline
                return matrix, path, fewest, least
            rows = matrix & (fewest - (fewest >> size))
            while rows:  # the forced rows, each cleared from `rows` with every row it rules out
                choice = choice_at[(rows & -rows).bit_length() - 1]
                mask = masks[choice]
                matrix &= mask
                rows &= mask
                path = (choice, path)
                forced += 1
        stats.nodes += forced
        return matrix, path, 0, 0


def _unwind(path: Path) -> list[Choice]:
    """The rows of a linked path, first chosen first."""
    rows = []
    while path:
        choice, path = path
        rows.append(choice)
    return rows[::-1]


class BitXSolver(ExactCoverSolver):
    """Algorithm X on one big integer, all column sizes counted at once."""

    name = "bitx"
    propagation = "forced rows: every column with one row is chosen, all at once, before branching"

    def prepare(self, cover: SudokuCover) -> Search:
        return BitCover(cover).solutions

"""Algorithm X specialised to Sudoku: the matrix as N planes of column bits in big integers.

Plane j has one bit per column (bit = column id), set while the column's j-th row is still in
the matrix: a cell column's j-th row writes digit j + 1 there, a "unit holds digit" column's
j-th row writes the digit in the unit's j-th cell. Two running ORs over the planes find every
column with no row or a single row at once; a carry-save adder over the planes gives every
column's exact size when the search must branch. Choosing a row is one AND per plane into a
new state, so backing up has nothing to undo. All the rows forced by single-row columns are
chosen before the planes are counted again (a "node" is still one row tried).

>>> from models.grid import Grid
>>> BitXSolver().solve(Grid.parse("1..." "..1." ".1.." "...1")).status.value
'multiple'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from operator import and_

from models.exact_cover import Choice, SudokuCover, choice_columns, column_count, digit_shift
from models.grid import geometry
from solvers.algx import ExactCoverSolver, Search, SearchStats

Planes = Sequence[int]
State = tuple[Planes, int]  # (the planes, the open columns)
Path = tuple | None  # the rows chosen so far, linked: (last choice, earlier path)


@dataclass(frozen=True)
class Layout:
    """The planes of an N×N grid: where each row's bits are, and the per-cell masks."""

    size: int
    full: Planes  # the whole matrix: every column holds N rows
    rows: tuple[tuple[Choice, ...], ...]  # per column: its rows, by plane
    own_rows: tuple[Planes, ...]  # per cell: the bits of its rows, any digit
    peer_rows: tuple[Planes, ...]  # per cell: the unit-column bits of its peers' digit-1 rows
    peer_cells: tuple[int, ...]  # per cell: its peers' cell columns


@cache
def layout(size: int) -> Layout:
    """The layout of an N×N grid, made once per size."""
    geo = geometry(size)
    digits = range(1, size + 1)
    place = [tuple(geo.units[u].index(cell) for u in units) for cell, units in enumerate(geo.cell_units)]

    def bits(choice: Choice) -> list[tuple[int, int]]:
        """The (plane, column) of a row's four bits: its cell column, then its unit columns."""
        cell, digit = choice
        return list(zip((digit - 1, *place[cell]), choice_columns(size, choice)))

    def planes(found: Iterable[tuple[int, int]]) -> Planes:
        masks = [0] * size
        for plane, column in found:
            masks[plane] |= 1 << column
        return tuple(masks)

    return Layout(
        size,
        ((1 << column_count(size)) - 1,) * size,
        tuple(tuple((cell, d) for d in digits) for cell in geo.cells)
        + tuple(tuple((cell, d) for cell in geo.units[u]) for d in digits for u in range(3 * size)),
        tuple(planes(b for d in digits for b in bits((cell, d))) for cell in geo.cells),
        tuple(planes(b for peer in geo.peers[cell] for b in bits((peer, 1))[1:]) for cell in geo.cells),
        tuple(sum(1 << peer for peer in geo.peers[cell]) for cell in geo.cells),
    )


@lru_cache(maxsize=4096)  # every row of a 9x9 or 16x16 grid
def choosing(size: int, choice: Choice) -> tuple[Planes, int]:
    """What choosing a row does: the mask it keeps of each plane, and the columns it covers."""
    lay = layout(size)
    cell, digit = choice
    shift = digit_shift(size, digit)
    keep = [~(own | peer << shift) for own, peer in zip(lay.own_rows[cell], lay.peer_rows[cell])]
    keep[digit - 1] &= ~lay.peer_cells[cell]
    return tuple(keep), sum(1 << column for column in choice_columns(size, choice))


class BitCover:
    """A puzzle's exact-cover matrix as planes of column bits, searched without undo."""

    def __init__(self, cover: SudokuCover):
        """The full matrix with the givens chosen like any other row (which leaves ``cover.rows``)."""
        self.layout = layout(cover.grid.size)
        self.state: State = (self.layout.full, sum(1 << column for column in cover.columns))
        for given in enumerate(cover.grid.values):
            if given[1]:
                self.state = self.select(self.state, given)

    def solutions(self, stats: SearchStats | None = None) -> Iterator[list[Choice]]:
        """Every exact cover, lazily, as the rows chosen (depth first, smallest column first)."""
        stats = stats or SearchStats()
        stack: list[tuple[State, Path]] = [(self.state, None)]
        while stack:
            outcome = self.force(*stack.pop(), stats)
            if outcome is None:
                continue
            state, path, column = outcome
            if column is None:
                yield _unwind(path)
                continue
            stats.guesses += 1
            for choice in reversed(self.rows_in(state[0], 1 << column)):
                stats.visit()
                stack.append((self.select(state, choice), (choice, path)))

    def force(self, state: State, path: Path, stats: SearchStats) -> tuple[State, Path, int | None] | None:
        """Choose every row alone in its column, pass after pass, until a real choice remains.

        Returns the state, its path and the column to branch on (None once all is covered);
        None at a dead end.
        """
        planes, open_ = state
        while open_:
            one = two = 0  # the columns with at least one row, with at least two
            for plane in planes:
                two |= one & plane
                one |= plane
            if open_ & ~one:
                return None
            singles = open_ & ~two
            if not singles:
                columns = _smallest_columns(planes, open_)
                return (planes, open_), path, (columns & -columns).bit_length() - 1
            forced = self.rows_in(planes, singles)
            covered = 0
            for row in forced:
                keep, columns = choosing(self.layout.size, row)
                if covered & columns:  # two forced rows meet: no cover
                    return None
                covered |= columns
                planes = list(map(and_, planes, keep))
                path = (row, path)
            open_ &= ~covered
            stats.visit(len(forced))
        return (planes, open_), path, None

    def rows_in(self, planes: Planes, columns: int) -> list[Choice]:
        """The rows still in the given columns, each once, plane by plane."""
        table = self.layout.rows
        found = {}
        for j, plane in enumerate(planes):
            hits = plane & columns
            while hits:
                low = hits & -hits
                found[table[low.bit_length() - 1][j]] = None
                hits ^= low
        return list(found)

    def select(self, state: State, choice: Choice) -> State:
        """The state after choosing a row: its columns covered, every row meeting them gone."""
        keep, covered = choosing(self.layout.size, choice)
        return list(map(and_, state[0], keep)), state[1] & ~covered


def _smallest_columns(planes: Planes, open_: int) -> int:
    """The open columns of the smallest size."""
    digits = _sizes(planes)
    size = 0
    while True:
        columns = open_
        for i, bits in enumerate(digits):
            columns &= bits if size >> i & 1 else ~bits
        if columns:
            return columns
        size += 1


def _sizes(planes: Planes) -> list[int]:
    """How many planes have each bit, as binary digits (least significant first).

    A carry-save adder: three bits of one weight make a sum bit of that weight and a carry of
    the next.
    """
    digits = []
    level = list(planes)
    while level:
        carries = []
        while len(level) > 2:
            a, b, c = level.pop(), level.pop(), level.pop()
            half = a ^ b
            level.append(half ^ c)
            carries.append(a & b | half & c)
        if len(level) == 2:
            a, b = level
            level = [a ^ b]
            carries.append(a & b)
        digits.append(level[0])
        level = carries
    return digits


def _unwind(path: Path) -> list[Choice]:
    """The rows of a linked path, first chosen first."""
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

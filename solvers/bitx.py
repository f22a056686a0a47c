"""Algorithm X specialised to Sudoku: the whole matrix in one Python big integer.

Every column owns a lane of F bits (F the power of two ≥ N): bit j of a column's lane is set
while the column's j-th row is still in the matrix. A cell column's j-th row writes digit
j + 1 there; a "unit holds digit" column's j-th row writes the digit in the unit's j-th cell.
A SWAR population count turns every lane into its column's size in log2(F) steps, so all
4·N² sizes cost a few dozen big-integer operations. Choosing a row clears every row it meets
with one mask and makes a new state, so backing up has nothing to undo; the rows forced by
columns of size 1 are all chosen before the sizes are counted again.

>>> from models.grid import Grid
>>> BitXSolver().solve(Grid.parse("1..." "..1." ".1.." "...1")).status.value
'multiple'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from models.exact_cover import Choice, SudokuCover, choice_columns, column_count, unit_column
from models.grid import geometry
from solvers.algx import ExactCoverSolver, Search, SearchStats

State = tuple[int, int]  # (the rows still in the matrix, the top bit of every open column's lane)
Path = tuple | None  # the rows chosen so far, linked: (last choice, earlier path)


@dataclass(frozen=True)
class Layout:
    """The lanes of an N×N grid: where each row's bits are, and the masks that clear them."""

    size: int
    lane: int  # F, bits per column
    digit_shift: int  # from one digit's unit-column lanes to the next digit's: 3N lanes
    steps: tuple[tuple[int, int], ...]  # the popcount's (width w, the low w of every 2w bits)
    ones: int  # 1 in every lane
    low: int  # the F − 1 low bits of every lane
    full: int  # every row of the matrix
    own_rows: tuple[int, ...]  # per cell: the bits of its rows, any digit
    peer_rows: tuple[int, ...]  # per cell: the unit-column bits of its peers' digit-1 rows
    peer_cells: tuple[int, ...]  # per cell: the cell-column bits of its peers' digit-1 rows
    cell_top: tuple[int, ...]  # per cell: the top bit of its cell column's lane
    units_top: tuple[int, ...]  # per cell: the top bits of its digit-1 unit columns' lanes
    rows: tuple[tuple[Choice, ...], ...]  # per column: its rows, by place in the lane

    def top(self, column: int) -> int:
        return 1 << (column * self.lane + self.lane - 1)


@cache
def layout(size: int) -> Layout:
    """The layout of an N×N grid, made once per size."""
    geo = geometry(size)
    lane = 1 << (size - 1).bit_length()
    every_lane = sum(1 << c * lane for c in range(column_count(size)))
    positions = [tuple(geo.units[u].index(cell) for u in units) for cell, units in enumerate(geo.cell_units)]

    def bits(choice: Choice, columns: slice = slice(None)) -> int:
        """A row's bits (all four, or some of them)."""
        cell, digit = choice
        planes = (digit - 1, *positions[cell])
        return sum(1 << c * lane + j for j, c in list(zip(planes, choice_columns(size, choice)))[columns])

    def tops(columns) -> int:
        return sum(1 << c * lane + lane - 1 for c in columns)

    digits = range(1, size + 1)
    return Layout(
        size,
        lane,
        3 * size * lane,
        tuple((w, every_lane * sum(((1 << w) - 1) << s for s in range(0, lane, 2 * w))) for w in _powers(lane)),
        every_lane,
        every_lane * ((1 << lane - 1) - 1),
        every_lane * ((1 << size) - 1),
        tuple(sum(bits((cell, d)) for d in digits) for cell in geo.cells),
        tuple(sum(bits((peer, 1), slice(1, None)) for peer in geo.peers[cell]) for cell in geo.cells),
        tuple(sum(bits((peer, 1), slice(1)) for peer in geo.peers[cell]) for cell in geo.cells),
        tuple(tops([cell]) for cell in geo.cells),
        tuple(tops(unit_column(size, u, 1) for u in units) for units in geo.cell_units),
        tuple(tuple((cell, d) for d in digits) for cell in geo.cells)
        + tuple(tuple((cell, d) for cell in geo.units[u]) for d in digits for u in range(3 * size)),
    )


def _powers(lane: int) -> Iterator[int]:
    """1, 2, 4, … up to half the lane."""
    width = 1
    while width < lane:
        yield width
        width *= 2


class BitCover:
    """A puzzle's exact-cover matrix as lanes of row bits, searched without undo."""

    def __init__(self, cover: SudokuCover):
        """The full matrix with the givens chosen like any other row (which leaves ``cover.rows``)."""
        self.layout = lay = layout(cover.grid.size)
        self.state: State = (lay.full, sum(lay.top(column) for column in cover.columns))
        for given in enumerate(cover.grid.values):
            if given[1]:
                self.state = (self.state[0] & ~self.ruled_out(given), self.state[1])

    def solutions(self, stats: SearchStats | None = None) -> Iterator[list[Choice]]:
        """Every exact cover, lazily, as the rows chosen (depth first, smallest column first)."""
        stats = stats or SearchStats()
        lay = self.layout
        stack: list[tuple[State, Path]] = [(self.state, None)]
        while stack:
            outcome = self.force(*stack.pop(), stats)
            if outcome is None:
                continue
            (rows, open_), path, column = outcome
            if column is None:
                yield _unwind(path)
                continue
            stats.guesses += 1
            lane = rows >> column * lay.lane
            for j in reversed(range(lay.size)):
                if lane >> j & 1:
                    choice = lay.rows[column][j]
                    stats.visit()
                    stack.append(((rows & ~self.ruled_out(choice), open_ & ~self.covered(choice)), (choice, path)))

    def force(self, state: State, path: Path, stats: SearchStats) -> tuple[State, Path, int | None] | None:
        """Choose every row alone in its column, pass after pass, until a real choice remains.

        Returns the state, its path and the column to branch on (None once all is covered);
        None at a dead end.
        """
        lay = self.layout
        rows, open_ = state
        while open_:
            sizes = rows
            for width, mask in lay.steps:
                sizes = (sizes & mask) + (sizes >> width & mask)
            at_most_one = open_ & ~((sizes & ~lay.ones) + lay.low)  # the top bits of lanes of size 0 or 1
            if not at_most_one:
                lanes = _lanes_of_smallest(sizes, open_, lay)
                return (rows, open_), path, ((lanes & -lanes).bit_length() - 1) // lay.lane
            singles = at_most_one & sizes << lay.lane - 1
            if at_most_one != singles:  # a column no row can cover
                return None
            covered = ruled_out = 0
            forced = rows & (singles >> lay.lane - 1) * ((1 << lay.lane) - 1)
            for choice in dict.fromkeys(lay.rows[bit // lay.lane][bit % lay.lane] for bit in _bits(forced)):
                columns = self.covered(choice)
                if covered & columns:  # two forced rows meet: no cover
                    return None
                covered |= columns
                ruled_out |= self.ruled_out(choice)
                path = (choice, path)
                stats.visit()
            rows &= ~ruled_out
            open_ &= ~covered
        return (rows, open_), path, None

    def ruled_out(self, choice: Choice) -> int:
        """The bits of every row that meets this one (itself included)."""
        cell, digit = choice
        lay = self.layout
        return lay.own_rows[cell] | lay.peer_rows[cell] << (digit - 1) * lay.digit_shift | lay.peer_cells[cell] << digit - 1

    def covered(self, choice: Choice) -> int:
        """The top bits of the row's four columns."""
        cell, digit = choice
        return self.layout.cell_top[cell] | self.layout.units_top[cell] << (digit - 1) * self.layout.digit_shift


def _lanes_of_smallest(sizes: int, open_: int, lay: Layout) -> int:
    """The top bits of the open lanes of the smallest size (all sizes are 2 or more)."""
    size = 2
    while True:
        other = sizes ^ lay.ones * size  # zero in the lanes of that size
        lanes = open_ & ~((other & lay.low) + lay.low | other)
        if lanes:
            return lanes
        size += 1


def _bits(mask: int) -> Iterator[int]:
    """The positions of the set bits, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _unwind(path: Path) -> list[Choice]:
    """The rows of a linked path, first chosen first."""
    rows = []
    while path:
        choice, path = path
        rows.append(choice)
    return rows[::-1]


class BitXSolver(ExactCoverSolver):
    """Algorithm X on column lanes in one big integer, all column sizes counted at once."""

    name = "bitx"

    def prepare(self, cover: SudokuCover) -> Search:
        return BitCover(cover).solutions

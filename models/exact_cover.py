"""Sudoku as an exact-cover problem: rows are (cell, digit) choices, columns are constraints.

An N×N grid has N³ rows and 4·N² columns. Column ids put the cells first, so a search that
takes the smallest column and breaks ties by id prefers a two-candidate cell:

- ``cell`` (0 … N²−1): the cell holds a digit;
- ``N² + (digit − 1)·3N + unit``: the unit holds the digit (units as in ``Geometry.units``:
  N rows, N columns, N boxes), so the columns of one digit are the next 3N ids.

>>> cover = sudoku_cover(Grid.parse("1..." "..1." ".1.." "...1"))
>>> len(cover.rows), len(cover.columns), choice_columns(4, (5, 2))
(36, 48, (5, 29, 33, 36))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, cached_property

from sudokit.models.grid import Cell, Digit, Grid, geometry

Choice = tuple[Cell, Digit]  # a row of the matrix: the digit written in the cell
Column = int


def column_count(size: int) -> int:
    """Number of columns of an N×N grid's matrix: 4·N²."""
    return 4 * size * size


def unit_column(size: int, unit: int, digit: Digit) -> Column:
    """The column "``unit`` holds ``digit``"."""
    return size * size + digit_shift(size, digit) + unit


def digit_shift(size: int, digit: Digit) -> int:
    """How far a digit's unit columns lie from digit 1's."""
    return (digit - 1) * 3 * size


@cache
def _columns_by_choice(size: int) -> tuple[tuple[tuple[Column, ...], ...], ...]:
    """Per cell, per digit − 1: the four columns that choice covers."""
    return tuple(
        tuple((cell, *(unit_column(size, u, digit) for u in units)) for digit in range(1, size + 1))
        for cell, units in enumerate(geometry(size).cell_units)
    )


def choice_columns(size: int, choice: Choice) -> tuple[Column, ...]:
    """The four columns a choice covers: its cell, then its row, column and box with the digit."""
    cell, digit = choice
    return _columns_by_choice(size)[cell][digit - 1]


@dataclass(frozen=True)
class SudokuCover:
    """A puzzle's matrix with its givens already chosen: the rows and columns left to cover.

    Rows and columns are derived on first use (the bit-parallel solver needs neither).
    """

    grid: Grid
    covered: frozenset[Column]  # the columns the givens cover

    @cached_property
    def rows(self) -> dict[Choice, tuple[Column, ...]]:
        """The choices of blank cells that no given rules out, with their columns."""
        covered = self.covered
        return {
            (cell, digit): columns
            for cell, given in enumerate(self.grid.values)
            if not given
            for digit, columns in enumerate(_columns_by_choice(self.grid.size)[cell], 1)
            if covered.isdisjoint(columns)
        }

    @cached_property
    def columns(self) -> tuple[Column, ...]:
        """The columns no given covers, in id order."""
        return tuple(c for c in range(column_count(self.grid.size)) if c not in self.covered)

    def decode(self, chosen: Iterable[Choice]) -> Grid:
        """The grid with the chosen rows written in."""
        return self.grid.with_values(dict(chosen))


def sudoku_cover(grid: Grid) -> SudokuCover | None:
    """The exact-cover matrix of a puzzle; None when its givens break a rule (no cover exists).

    >>> sudoku_cover(Grid((1, 1) + (0,) * 14)) is None
    True
    """
    size = grid.size
    columns_by_choice = _columns_by_choice(size)
    covered: set[Column] = set()
    for cell, digit in enumerate(grid.values):
        if digit:
            if not 0 < digit <= size:
                return None
            columns = columns_by_choice[cell][digit - 1]
            if not covered.isdisjoint(columns):
                return None
            covered.update(columns)
    return SudokuCover(grid, frozenset(covered))

"""Sudoku Explainer's singles: a hidden single rated by where it is found.

SE rates the last open cell of a unit 1.0, a hidden single in a box 1.2 and one in a row or
column 1.5, and looks for them in that order: last cells (boxes, columns, rows), then hidden
singles in boxes, in columns, in rows; within a unit, digits 1 to 9. Its naked single (2.3) is the
engine's ``naked_single`` (cells in row-major order, as SE scans them). ``hidden_single`` is the
reference of ``head_compiled``'s compiled search.

>>> from sudokit.models.candidates import Candidates
>>> from sudokit.models.grid import Grid
>>> view = View(Candidates.from_grid(Grid.parse(
...     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")))
>>> step = next(hidden_single(view))
>>> step.explanation, step.difficulty
('Hidden Single: 6 in b1 => r2c2=6', 1.2)
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from operator import itemgetter

from sudokit.models.grid import Cell, Digit, Geometry, geometry, symbol
from sudokit.solvers.human.steps import Step
from sudokit.solvers.human.view import View

LAST_CELL, IN_BOX, IN_LINE = 1.0, 1.2, 1.5


def se_units(geo: Geometry) -> tuple[int, ...]:
    """The units in SE's order: boxes, then columns, then rows (each by number)."""
    n = geo.size
    return (*range(2 * n, 3 * n), *range(n, 2 * n), *range(n))


@cache
def unit_bits(size: int) -> tuple[int, ...]:
    """Per unit of a size×size grid, its cells as a bitset."""
    return tuple(sum(1 << c for c in cells) for cells in geometry(size).units)


def is_box(geo: Geometry, unit: int) -> bool:
    return unit >= 2 * geo.size


def hidden_single(view: View) -> Iterator[Step]:
    """Every hidden single, SE's order and rating: last cells first, then boxes, columns, rows."""
    geo, values, marks = view.geometry, view.values, view.marks
    singles = []  # per unit (SE's order) with a digit of one place: whether it has one open cell, those digits
    for unit, cells, of_unit in _se_units_read(view.size):
        once = twice = 0
        for m in of_unit(marks):
            twice |= once & m
            once |= m
        single = once & ~twice
        if single:
            placed = 0  # (a placed digit has no place: ``View.places``)
            for v in of_unit(values):
                if v:
                    placed |= 1 << (v - 1)
            if single & ~placed:
                singles.append((unit, cells, sum(1 for v in of_unit(values) if not v) == 1, single & ~placed))
    for alone in (True, False):
        for unit, cells, last, single in singles:
            if last != alone:
                continue
            while single:
                low = single & -single
                single ^= low
                digit = low.bit_length()
                yield single_step(geo, unit, next(c for c in cells if marks[c] & low), digit, alone)


def single_step(geo: Geometry, unit: int, cell: Cell, digit: Digit, alone: bool) -> Step:
    """The hidden single of ``digit`` at ``cell`` in ``unit`` (``alone``: the unit's last open cell)."""
    rating = LAST_CELL if alone else IN_BOX if is_box(geo, unit) else IN_LINE
    where = "last cell of" if alone else f"{symbol(digit)} in"
    return Step("se_hidden_single", geo.size, (digit,), placements=((cell, digit),), cells=(cell,), units=(unit,),
                pattern=f"{where} {geo.unit_name(unit)}", difficulty=rating)


@cache
def _se_units_read(size: int) -> tuple[tuple[int, tuple[int, ...], itemgetter], ...]:
    """The units in SE's order, each with its cells and what reads their entries of a grid's tuple."""
    geo = geometry(size)
    return tuple((unit, geo.units[unit], itemgetter(*geo.units[unit])) for unit in se_units(geo))

"""Sudoku Explainer's singles: a hidden single rated by where it is found.

SE rates the last open cell of a unit 1.0, a hidden single in a box 1.2 and one in a row or
column 1.5, and looks for them in that order: last cells (boxes, columns, rows), then hidden
singles in boxes, in columns, in rows; within a unit, digits 1 to 9. Its naked single (2.3) is the
engine's ``naked_single`` (cells in row-major order, as SE scans them).

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

from sudokit.models.grid import Geometry, symbol
from sudokit.solvers.human.steps import Step
from sudokit.solvers.human.view import View

LAST_CELL, IN_BOX, IN_LINE = 1.0, 1.2, 1.5


def se_units(geo: Geometry) -> tuple[int, ...]:
    """The units in SE's order: boxes, then columns, then rows (each by number)."""
    n = geo.size
    return (*range(2 * n, 3 * n), *range(n, 2 * n), *range(n))


def is_box(geo: Geometry, unit: int) -> bool:
    return unit >= 2 * geo.size


def hidden_single(view: View) -> Iterator[Step]:
    """Every hidden single, SE's order and rating: last cells first, then boxes, columns, rows."""
    geo, values = view.geometry, view.values
    for alone in (True, False):
        for unit in se_units(geo):
            if (sum(1 for c in geo.units[unit] if not values[c]) == 1) != alone:
                continue
            for digit, cells in sorted(view.places(unit).items()):
                if len(cells) == 1:
                    rating = LAST_CELL if alone else IN_BOX if is_box(geo, unit) else IN_LINE
                    where = "last cell of" if alone else f"{symbol(digit)} in"
                    yield Step("se_hidden_single", view.size, (digit,), placements=((cells[0], digit),),
                               cells=(cells[0],), units=(unit,), pattern=f"{where} {geo.unit_name(unit)}",
                               difficulty=rating)

"""Singles: a digit that is the only one left for a cell, or a cell the only one left for a digit.

>>> from sudokit.models.candidates import Candidates
>>> from sudokit.models.grid import Grid
>>> pm = View(Candidates.from_grid(Grid.parse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")))
>>> next(naked_single(pm)).explanation
'Naked Single: r5c6=4'
"""

from __future__ import annotations

from collections.abc import Iterator

from sudokit.solvers.human.steps import Step
from sudokit.solvers.human.view import View


def full_house(view: View) -> Iterator[Step]:
    """The last open cell of a unit takes the unit's last digit."""
    values, marks, seen = view.values, view.marks, set()
    for unit, cells in enumerate(view.geometry.units):
        open_cells = [c for c in cells if not values[c]]
        if len(open_cells) == 1 and open_cells[0] not in seen:
            cell = open_cells[0]
            mask = marks[cell]
            if mask and not mask & (mask - 1):
                seen.add(cell)
                digit = mask.bit_length()
                yield Step("full_house", view.size, (digit,), placements=((cell, digit),), cells=(cell,), units=(unit,))


def naked_single(view: View) -> Iterator[Step]:
    """A cell with one candidate left takes it."""
    for cell, mask in enumerate(view.marks):
        if mask and not mask & (mask - 1):
            digit = mask.bit_length()
            yield Step("naked_single", view.size, (digit,), placements=((cell, digit),), cells=(cell,))


def hidden_single(view: View) -> Iterator[Step]:
    """A digit with one place left in a unit goes there."""
    marks, seen = view.marks, set()
    for unit, cells in enumerate(view.geometry.units):
        once = twice = 0
        for cell in cells:
            twice |= once & marks[cell]
            once |= marks[cell]
        alone = once & ~twice
        while alone:
            bit = alone & -alone
            alone ^= bit
            cell = next(c for c in cells if marks[c] & bit)
            digit = bit.bit_length()
            if (cell, digit) not in seen:
                seen.add((cell, digit))
                yield Step("hidden_single", view.size, (digit,), placements=((cell, digit),), cells=(cell,),
                           units=(unit,))

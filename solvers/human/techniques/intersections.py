"""Intersections of a box with a row or column: what is locked in one is removed from the other."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from sudokit.models.candidates import digits_of
from sudokit.models.grid import Cell, Digit, Geometry, geometry, symbol
from sudokit.solvers.human.steps import Candidate, Step, removable
from sudokit.solvers.human.techniques.subsets import subset_step
from sudokit.solvers.human.view import View


def locked_candidates_pointing(view: View) -> Iterator[Step]:
    """A digit confined to one line within a box leaves the rest of that line."""
    geo = view.geometry
    for box in range(2 * view.size, 3 * view.size):
        for digit, cells in view.places(box).items():
            line = _common_line(geo, cells)
            if len(cells) > 1 and line is not None:
                targets = set(geo.units[line]) - set(geo.units[box])
                yield from _locked("locked_candidates_pointing", view, digit, cells, box, line, targets)


def locked_candidates_claiming(view: View) -> Iterator[Step]:
    """A digit confined to one box within a line leaves the rest of that box."""
    geo = view.geometry
    for line in range(2 * view.size):
        for digit, cells in view.places(line).items():
            boxes = {geo.cell_units[c][2] for c in cells}
            if len(cells) > 1 and len(boxes) == 1:
                box = boxes.pop()
                targets = set(geo.units[box]) - set(geo.units[line])
                yield from _locked("locked_candidates_claiming", view, digit, cells, line, box, targets)


def locked_pair(view: View) -> Iterator[Step]:
    """Two cells of a box-line intersection holding only the same two digits: both houses lose them."""
    return _locked_subsets(view, 2, "locked_pair")


def locked_triple(view: View) -> Iterator[Step]:
    """Three cells of a box-line intersection holding only the same three digits."""
    return _locked_subsets(view, 3, "locked_triple")


def _common_line(geo: Geometry, cells: list[int]) -> int | None:
    """The row or column unit holding all ``cells``, if there is one."""
    for kind in (0, 1):
        lines = {geo.cell_units[c][kind] for c in cells}
        if len(lines) == 1:
            return lines.pop()
    return None


def _locked(name: str, view: View, digit: int, cells, house: int, other: int, targets) -> Iterator[Step]:
    eliminations = removable(view, targets, 1 << (digit - 1))
    if eliminations:
        yield locked_step(name, view.size, digit, tuple(cells), house, other, eliminations)


def locked_step(name: str, size: int, digit: Digit, cells: tuple[Cell, ...], house: int, other: int,
                eliminations: tuple[Candidate, ...]) -> Step:
    """The step of a digit locked in ``house`` (its ``cells`` there), removed from the rest of ``other``."""
    return Step(name, size, (digit,), eliminations=eliminations, cells=cells, units=(house, other),
                pattern=f"{symbol(digit)} in {geometry(size).unit_name(house)}")


def _locked_subsets(view: View, size: int, name: str) -> Iterator[Step]:
    geo, marks = view.geometry, view.marks
    for box in range(2 * view.size, 3 * view.size):
        box_cells = geo.units[box]
        lines = sorted({u for c in box_cells for u in geo.cell_units[c][:2]})
        for line in lines:
            inside = [c for c in box_cells if line in geo.cell_units[c] and 1 < marks[c].bit_count() <= size]
            for group in combinations(inside, size):
                union = 0
                for c in group:
                    union |= marks[c]
                if union.bit_count() != size:
                    continue
                targets = (set(box_cells) | set(geo.units[line])) - set(group)
                eliminations = removable(view, targets, union)
                if eliminations:
                    yield subset_step(name, view.size, digits_of(union), group, (box, line), eliminations)

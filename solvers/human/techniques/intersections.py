"""Intersections of a box with a row or column: what is locked in one is removed from the other."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from sudokit.models.candidates import Candidates, digits_of
from sudokit.models.grid import Geometry, symbol
from sudokit.solvers.human.steps import Step, cells_text, digits_text, removable


def locked_candidates_pointing(state: Candidates) -> Iterator[Step]:
    """A digit confined to one line within a box leaves the rest of that line."""
    geo = state.geometry
    for box in range(2 * state.size, 3 * state.size):
        for digit, cells in state.places(box).items():
            line = _common_line(geo, cells)
            if len(cells) > 1 and line is not None:
                targets = set(geo.units[line]) - set(geo.units[box])
                yield from _locked("locked_candidates_pointing", state, digit, cells, box, line, targets)


def locked_candidates_claiming(state: Candidates) -> Iterator[Step]:
    """A digit confined to one box within a line leaves the rest of that box."""
    geo = state.geometry
    for line in range(2 * state.size):
        for digit, cells in state.places(line).items():
            boxes = {geo.cell_units[c][2] for c in cells}
            if len(cells) > 1 and len(boxes) == 1:
                box = boxes.pop()
                targets = set(geo.units[box]) - set(geo.units[line])
                yield from _locked("locked_candidates_claiming", state, digit, cells, line, box, targets)


def locked_pair(state: Candidates) -> Iterator[Step]:
    """Two cells of a box-line intersection holding only the same two digits: both houses lose them."""
    return _locked_subsets(state, 2, "locked_pair")


def locked_triple(state: Candidates) -> Iterator[Step]:
    """Three cells of a box-line intersection holding only the same three digits."""
    return _locked_subsets(state, 3, "locked_triple")


def _common_line(geo: Geometry, cells: list[int]) -> int | None:
    """The row or column unit holding all ``cells``, if there is one."""
    for kind in (0, 1):
        lines = {geo.cell_units[c][kind] for c in cells}
        if len(lines) == 1:
            return lines.pop()
    return None


def _locked(name: str, state: Candidates, digit: int, cells, house: int, other: int, targets) -> Iterator[Step]:
    eliminations = removable(state, targets, 1 << (digit - 1))
    if eliminations:
        pattern = f"{symbol(digit)} in {state.geometry.unit_name(house)}"
        yield Step(name, state.size, (digit,), eliminations=eliminations, cells=tuple(cells), units=(house, other),
                   pattern=pattern)


def _locked_subsets(state: Candidates, size: int, name: str) -> Iterator[Step]:
    geo, marks = state.geometry, state.marks
    for box in range(2 * state.size, 3 * state.size):
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
                eliminations = removable(state, targets, union)
                if eliminations:
                    pattern = f"{digits_text(digits_of(union))} in {cells_text(group, state.size)}"
                    yield Step(name, state.size, digits_of(union), eliminations=eliminations, cells=group,
                               units=(box, line), pattern=pattern)

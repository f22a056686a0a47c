"""Subsets: k cells of a unit that hold only k digits (naked), or k digits that fit only k cells (hidden)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from sudokit.models.candidates import digits_of, mask_of
from sudokit.models.grid import Cell, Digit
from sudokit.solvers.human.steps import Candidate, Step, cells_text, digits_text, removable
from sudokit.solvers.human.view import View


def naked_pair(view: View) -> Iterator[Step]:
    """Two cells of a unit with the same two candidates: the rest of the unit loses them."""
    return _naked(view, 2, "naked_pair")


def naked_triple(view: View) -> Iterator[Step]:
    """Three cells of a unit holding only three digits between them."""
    return _naked(view, 3, "naked_triple")


def naked_quad(view: View) -> Iterator[Step]:
    """Four cells of a unit holding only four digits between them."""
    return _naked(view, 4, "naked_quad")


def hidden_pair(view: View) -> Iterator[Step]:
    """Two digits with the same two places in a unit: those cells lose their other candidates."""
    return _hidden(view, 2, "hidden_pair")


def hidden_triple(view: View) -> Iterator[Step]:
    """Three digits confined to the same three cells of a unit."""
    return _hidden(view, 3, "hidden_triple")


def hidden_quad(view: View) -> Iterator[Step]:
    """Four digits confined to the same four cells of a unit."""
    return _hidden(view, 4, "hidden_quad")


def _naked(view: View, size: int, name: str) -> Iterator[Step]:
    for unit, cells in enumerate(view.geometry.units):
        yield from view.per_cells(_naked_in, cells, unit, size, name)


def _naked_in(view: View, unit: int, size: int, name: str) -> list[Step]:
    """The naked subsets of one unit (a function of its cells' candidates)."""
    marks, cells = view.marks, view.geometry.units[unit]
    found = []
    small = [c for c in cells if 1 < marks[c].bit_count() <= size]
    for group in combinations(small, size):
        union = 0
        for c in group:
            union |= marks[c]
        if union.bit_count() == size:
            eliminations = removable(view, set(cells) - set(group), union)
            if eliminations:
                found.append(subset_step(name, view.size, digits_of(union), group, (unit,), eliminations))
    return found


def _hidden(view: View, size: int, name: str) -> Iterator[Step]:
    units = view.geometry.units
    for unit in range(3 * view.size):
        yield from view.per_cells(_hidden_in, units[unit], unit, size, name)


def _hidden_in(view: View, unit: int, size: int, name: str) -> list[Step]:
    """The hidden subsets of one unit (a function of its cells' candidates)."""
    found = []
    places = {d: cells for d, cells in view.places(unit).items() if 1 < len(cells) <= size}
    for digits in combinations(places, size):
        group = sorted({c for d in digits for c in places[d]})
        if len(group) == size:
            eliminations = removable(view, group, ~mask_of(digits))
            if eliminations:
                found.append(subset_step(name, view.size, digits, tuple(group), (unit,), eliminations))
    return found


def subset_step(name: str, size: int, digits: tuple[Digit, ...], cells: tuple[Cell, ...], units: tuple[int, ...],
                eliminations: tuple[Candidate, ...]) -> Step:
    """The step of a subset (naked, hidden, or locked in a box-line intersection): ``3,7 in r1c2,r1c8``."""
    return Step(name, size, digits, eliminations=eliminations, cells=cells, units=units,
                pattern=f"{digits_text(digits)} in {cells_text(cells, size)}")

"""Sudoku Explainer's Bivalue Universal Grave, types 1 to 4, with its ratings (5.6, 5.7, 5.7+).

A BUG state is one where removing a few candidates (the BUG digits of the BUG cells) would leave
every open cell bivalue and every digit twice in each unit it is open in: such a state has two
solutions or none, so in a unique puzzle one BUG digit is true. SE finds the BUG cells unit by unit:
a digit open in a unit neither zero nor two times must have exactly one cell with three or more
candidates among its places there (that cell is a BUG cell for it; none such: no BUG).

- type 1 (5.6): one BUG cell: it keeps only its BUG digits;
- type 2 (5.7): one BUG digit over several cells: it leaves every cell seeing them all;
- type 3 (5.7, +0.1 per digit of the set beyond two): the BUG cells share a unit, and their BUG
  digits, as one cell, form a naked set with other cells seeing them all there: its digits leave
  the unit's other cells;
- type 4 (5.7): two BUG cells in a unit sharing one other digit (so a conjugate pair there): each
  keeps only its BUG digits and that digit.

SE reports type 1, else type 2 then type 4, else type 4 then type 3 (the first found wins).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations

from sudokit.models.candidates import digits_of
from sudokit.models.grid import Cell
from sudokit.solvers.human.steps import Step, cells_text, digits_text, removable
from sudokit.solvers.human.view import View

_KINDS = (2, 0, 1)  # box, row, column: SE's order of unit kinds


@dataclass(frozen=True)
class Grave:
    """The BUG cells, the BUG digits of each (bitmasks), and the cells seeing every BUG cell."""

    cells: tuple[Cell, ...]
    digits: dict[Cell, int]
    seeing: frozenset[Cell]

    @property
    def all_digits(self) -> int:
        found = 0
        for mask in self.digits.values():
            found |= mask
        return found


def bug_1(view: View) -> Iterator[Step]:
    """One BUG cell: it keeps only its BUG digits."""
    grave = view.shared(grave_of)
    if grave and len(grave.cells) == 1:
        cell = grave.cells[0]
        keep = grave.all_digits
        yield _step(view, "se_bug_1", grave, removable(view, (cell,), view.marks[cell] & ~keep), 5.6,
                    f"{cells_text((cell,), view.size)}={digits_text(digits_of(keep))}")


def bug_2(view: View) -> Iterator[Step]:
    """One BUG digit in several cells: it leaves the cells seeing them all."""
    grave = view.shared(grave_of)
    if grave and len(grave.cells) > 1 and grave.all_digits.bit_count() == 1:
        eliminations = removable(view, grave.seeing, grave.all_digits)
        if eliminations:
            yield _step(view, "se_bug_2", grave, eliminations, 5.7,
                        f"{digits_text(digits_of(grave.all_digits))} in {cells_text(grave.cells, view.size)}")


def bug_3(view: View) -> Iterator[Step]:
    """BUG digits completing a naked set in a unit the BUG cells share."""
    grave = view.shared(grave_of)
    if not grave or len(grave.cells) < 2 or grave.all_digits.bit_count() < 2 or not grave.seeing:
        return
    marks, geo, bug = view.marks, view.geometry, grave.all_digits
    for kind in _KINDS:
        units = {geo.cell_units[c][kind] for c in grave.cells}
        if len(units) != 1:
            continue
        unit = units.pop()
        pool = [c for c in geo.units[unit] if c in grave.seeing]
        for degree in range(2, 7):
            for others in combinations(pool, degree - 1):
                union = 0
                for c in others:
                    union |= marks[c]
                if union.bit_count() != degree or any(marks[c].bit_count() < 2 for c in others):
                    continue
                if (union | bug).bit_count() != degree:
                    continue
                targets = [c for c in pool if c not in others]
                eliminations = removable(view, targets, union | bug)
                if eliminations:
                    naked = digits_of(union | bug)
                    yield _step(view, "se_bug_3", grave, eliminations, round(5.7 + 0.1 * (len(naked) - 1), 1),
                                f"{cells_text(grave.cells, view.size)} + naked {digits_text(naked)} in "
                                f"{cells_text(others, view.size)}")


def bug_4(view: View) -> Iterator[Step]:
    """Two BUG cells in a unit sharing one other digit: each keeps its BUG digits and that digit."""
    grave = view.shared(grave_of)
    if not grave or len(grave.cells) != 2 or (grave.all_digits.bit_count() > 1 and not grave.seeing):
        return
    first, second = grave.cells
    marks, geo = view.marks, view.geometry
    common = marks[first] & marks[second] & ~grave.all_digits
    if common.bit_count() != 1:
        return
    for kind in _KINDS:
        if geo.cell_units[first][kind] == geo.cell_units[second][kind]:
            eliminations = tuple(e for c in (first, second)
                                 for e in removable(view, (c,), marks[c] & ~grave.digits[c] & ~common))
            if not eliminations:
                return
            yield _step(view, "se_bug_4", grave, eliminations, 5.7,
                        f"{cells_text(grave.cells, view.size)}, {digits_text(digits_of(common))} locked in "
                        f"{geo.unit_name(geo.cell_units[first][kind])}")


def grave_of(view: View) -> Grave | None:
    """The BUG cells and digits of a state, as SE finds them, or None when it is no BUG state."""
    return _grave(view) if _may_be_grave(view) else None


def _grave(view: View) -> Grave | None:
    """``grave_of``, SE's search."""
    marks, geo = view.marks, view.geometry
    digits: dict[Cell, int] = {}
    order: list[Cell] = []
    seeing: set[Cell] | None = None
    for kind in _KINDS:
        for unit in range(kind * view.size, (kind + 1) * view.size):
            for digit, places in sorted(view.places(unit).items()):
                if len(places) in (0, 2):
                    continue
                wide = [c for c in places if marks[c].bit_count() >= 3]
                if not wide:
                    return None
                if len(wide) > 1:
                    continue
                cell = wide[0]
                if cell not in digits:
                    order.append(cell)
                digits[cell] = digits.get(cell, 0) | 1 << (digit - 1)
                seeing = set(geo.peers[cell]) if seeing is None else seeing & geo.peers[cell]
                seeing -= set(order)
                every = 0
                for mask in digits.values():
                    every |= mask
                if len(order) > 1 and every.bit_count() > 1 and not seeing:
                    return None
    if not order:
        return None
    left = [m & ~digits.get(c, 0) for c, m in enumerate(marks)]
    if any(m and m.bit_count() != 2 for m in left) or any(
            not view.values[c] and not left[c] for c in range(len(marks))):
        return None
    for cells in geo.units:
        for digit in range(1, view.size + 1):
            if sum(1 for c in cells if left[c] >> (digit - 1) & 1) not in (0, 2):
                return None
    return Grave(tuple(order), digits, frozenset(seeing or ()))


def _may_be_grave(view: View) -> bool:
    """False where SE's search (``_grave``) surely finds no BUG state: its BUG cells are then the cells with three
    candidates or more (each keeps two), so with two of them or more, some cell sees them all (none of
    them), unless they share their one BUG digit (each has three candidates, one shared)."""
    wide = [c for c, m in enumerate(view.marks) if m.bit_count() >= 3]
    if not wide:
        return False
    if len(wide) == 1:
        return True
    peers = view.geometry.peers
    seeing = set(peers[wide[0]]).intersection(*(peers[c] for c in wide[1:])).difference(wide)
    if seeing:
        return True
    shared = (1 << view.size) - 1
    for c in wide:
        shared &= view.marks[c]
    return bool(shared) and all(view.marks[c].bit_count() == 3 for c in wide)


def _step(view: View, name: str, grave: Grave, eliminations, rating: float, pattern: str) -> Step:
    return Step(name, view.size, digits_of(grave.all_digits), eliminations=tuple(eliminations),
                cells=grave.cells, pattern=pattern, difficulty=rating)

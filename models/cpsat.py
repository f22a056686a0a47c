"""The OR-Tools CP-SAT model of a Sudoku: one integer variable per cell, each unit all different.

"All different" is written one of three ways (``VARIANTS``, as in ``models/cpmpy_model.py``):
``alldiff`` one AllDifferent per unit; ``pairwise`` a ≠ between every two peers; ``dual`` the
AllDifferent plus a channelled dual view: per unit and digit, the digit's position in the unit
(0 … N−1), positions all different, ``cells_of_unit[position] == digit`` (an Element constraint).
Variable ``i`` of the model is cell ``i`` (the dual view's variables come after the N² cells), so a
solution's first N² values are the grid in row-major order.
``build_model`` copies the blank model of a size (built once) and narrows the givens' domains;
a solver that solves many puzzles keeps one ``PuzzleModel`` per size instead and only re-narrows
the domains that change (about 20 µs a 9×9 puzzle against 50 µs for a copy). OR-Tools is
imported inside the functions: importing this module never needs it.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING

from sudokit.models.cpmpy_model import peer_pairs
from sudokit.models.grid import Grid, cell_name, geometry

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import CpModel


VARIANTS = ("alldiff", "pairwise", "dual")


def build_model(grid: Grid, variant: str = "alldiff") -> CpModel:
    """A new CP-SAT model of ``grid``: cells range over 1..N, givens are fixed, units all different."""
    model = _lean_model_class()()
    model.proto.copy_from(_blank_model(grid.size, variant).proto)
    variables = model.proto.variables
    for cell, digit in enumerate(grid.values):
        if digit:
            domain = variables[cell].domain
            domain.clear()
            domain.extend((digit, digit))
    return model


class PuzzleModel:
    """One size's model, reused from puzzle to puzzle: only the narrowed domains change."""

    def __init__(self, size: int, variant: str = "alldiff"):
        self.size = size
        self.model = build_model(Grid.empty(size), variant)
        self._domains = [variable.domain for variable in self.model.proto.variables]
        self._narrowed: list[int] = []  # the cells whose domain is not 1..N for the current puzzle

    def set_givens(self, grid: Grid) -> CpModel:
        """The model of ``grid``: the last puzzle's domains widened again, this one's givens fixed."""
        self._widen()
        domains = self._domains
        self._narrowed = [cell for cell, digit in enumerate(grid.values) if digit]
        for cell in self._narrowed:
            domain, digit = domains[cell], grid.values[cell]
            domain[0], domain[1] = digit, digit
        return self.model

    def set_candidates(self, candidates: list[int]) -> CpModel:
        """The model whose cells range over the given candidates (bit d-1 set: digit d allowed)."""
        self._widen()
        full = (1 << self.size) - 1
        self._narrowed = [cell for cell, mask in enumerate(candidates) if mask != full]
        for cell in self._narrowed:
            domain = self._domains[cell]
            domain.clear()
            domain.extend(_intervals(candidates[cell]))
        return self.model

    def _widen(self) -> None:
        for cell in self._narrowed:
            domain = self._domains[cell]
            domain.clear()
            domain.extend((1, self.size))


def _intervals(mask: int) -> list[int]:
    """A candidate mask as CP-SAT's flat domain: sorted [lo, hi] runs of allowed digits.

    >>> _intervals(0b1101)  # digits 1, 3 and 4
    [1, 1, 3, 4]
    """
    flat: list[int] = []
    digit = 1
    while mask:
        if mask & 1:
            start = digit
            while mask & 2:
                mask >>= 1
                digit += 1
            flat += (start, digit)
        mask >>= 1
        digit += 1
    return flat


def decode(values: Iterable[int], cells: int | None = None) -> Grid:
    """The grid given by a solution's variable values (variable i = cell i; the first ``cells`` of them).

    OR-Tools' repeated field hands out its items one call at a time (~0.4 µs each); its text form
    (``[4, 1, 7, …]``) comes in one call and reads three times faster, so it is read when it has
    that form.
    """
    text = str(values)
    if text.startswith("[") and text.endswith("]"):
        return Grid(tuple(map(int, text[1:-1].split(",")[:cells])))
    return Grid(tuple(values)[:cells])


@cache
def _blank_model(size: int, variant: str = "alldiff") -> CpModel:
    """The model of an empty size×size grid, built once and copied for each puzzle."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown model variant {variant!r}; choose from {', '.join(VARIANTS)}")
    model = _lean_model_class()()
    cells = [model.new_int_var(1, size, cell_name(cell, size)) for cell in range(size * size)]
    units = geometry(size).units
    if variant == "pairwise":
        for a, b in peer_pairs(size):
            model.add(cells[a] != cells[b])
        return model
    for unit in units:
        model.add_all_different([cells[cell] for cell in unit])
    if variant == "dual":
        for number, unit in enumerate(units):
            positions = [model.new_int_var(0, size - 1, f"u{number}d{digit}") for digit in range(1, size + 1)]
            model.add_all_different(positions)
            for digit, position in enumerate(positions, start=1):
                model.add_element(position, [cells[cell] for cell in unit], digit)
    return model


@cache
def _lean_model_class() -> type[CpModel]:
    """``CpModel`` without its per-instance camelCase aliases, which cost ~0.3 ms per model."""
    from ortools.sat.python.cp_model import CpModel

    class LeanModel(CpModel):
        def _add_pre_pep8_methods(self) -> None:
            pass

    return LeanModel

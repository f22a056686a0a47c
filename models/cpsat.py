"""The OR-Tools CP-SAT model of a Sudoku: one integer variable per cell, AllDifferent per unit.

Variable ``i`` of the model is cell ``i``, so a solution's values are the grid in row-major order.
The blank model of each size is built once; a puzzle's model is a copy with its givens' domains
narrowed to one value (about ten times cheaper than building anew). OR-Tools is imported inside
the functions: importing this module never needs it.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING

from sudokit.models.grid import Grid, cell_name, geometry

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import CpModel


def build_model(grid: Grid) -> CpModel:
    """A new CP-SAT model of ``grid``: cells range over 1..N, givens are fixed, units all different."""
    model = _lean_model_class()()
    model.proto.copy_from(_blank_model(grid.size).proto)
    variables = model.proto.variables
    for cell, digit in enumerate(grid.values):
        if digit:
            domain = variables[cell].domain
            domain.clear()
            domain.extend((digit, digit))
    return model


def decode(values: Iterable[int]) -> Grid:
    """The grid given by a solution's variable values (variable i = cell i)."""
    return Grid(tuple(values))


@cache
def _blank_model(size: int) -> CpModel:
    """The model of an empty size×size grid, built once and copied for each puzzle."""
    model = _lean_model_class()()
    cells = [model.new_int_var(1, size, cell_name(cell, size)) for cell in range(size * size)]
    for unit in geometry(size).units:
        model.add_all_different([cells[cell] for cell in unit])
    return model


@cache
def _lean_model_class() -> type[CpModel]:
    """``CpModel`` without its per-instance camelCase aliases, which cost ~0.3 ms per model."""
    from ortools.sat.python.cp_model import CpModel

    class LeanModel(CpModel):
        def _add_pre_pep8_methods(self) -> None:
            pass

    return LeanModel

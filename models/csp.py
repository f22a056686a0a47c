"""The python-constraint problem of a Sudoku: a variable per cell, AllDifferent per unit.

Variables are the cells; a blank's domain is 1..N, a given's is its one digit. The problem is
built around a given search strategy (a python-constraint ``Solver``); python-constraint is
imported inside the functions, so importing this module never needs it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from sudokit.models.grid import Cell, Digit, Grid

if TYPE_CHECKING:
    from constraint import Problem, Solver


def build_problem(grid: Grid, solver: Solver) -> Problem:
    """The constraint problem of ``grid``, to be searched by ``solver``."""
    from constraint import AllDifferentConstraint, Problem

    problem = Problem(solver)
    digits = range(1, grid.size + 1)
    for cell, digit in enumerate(grid.values):
        problem.addVariable(cell, [digit] if digit else digits)
    for unit in grid.geometry.units:
        problem.addConstraint(AllDifferentConstraint(), unit)
    return problem


def decode(assignment: Mapping[Cell, Digit]) -> Grid:
    """The grid of a solution (cell → digit)."""
    return Grid(tuple(assignment[cell] for cell in range(len(assignment))))

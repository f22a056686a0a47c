"""The SAT backend against exact solution counts and the judge, in process and isolated."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("pycosat")

from sudokit.compare.sets import load_set  # noqa: E402
from sudokit.models.grid import Grid, is_solution  # noqa: E402
from sudokit.solvers.base import Status  # noqa: E402
from sudokit.solvers.sat import SATSolver  # noqa: E402

LIMIT = 10


@pytest.fixture(scope="module")
def solver() -> SATSolver:
    return SATSolver()


def test_fills_an_empty_25x25(solver):
    result = solver.solve(Grid.empty(25), limit=1)
    assert result.status is Status.SOLVED
    assert is_solution(result.solution, Grid.empty(25))


def test_reports_the_formula_size(solver):
    puzzle = load_set("top95").puzzles[0].grid
    assert solver.solve(puzzle).stats == {"variables": 729, "clauses": 11988 + puzzle.count_givens()}


def test_a_time_limit_that_suffices_changes_nothing(solver):
    multiple = next(p for p in load_set("tdoku-tests").puzzles if p.meta["count"] == 3)
    result = solver.solve(multiple.grid, limit=LIMIT, time_limit=60)  # run in a child process
    assert (result.status, result.solutions_found) == (Status.MULTIPLE, 3)
    assert is_solution(result.solution, multiple.grid)


def test_time_limit_gives_timeout(solver):
    start = time.perf_counter()
    result = solver.solve(load_set("gecode-16x16").puzzles[0].grid, time_limit=0.001)
    assert result.status is Status.TIMEOUT
    assert result.solution is None
    assert time.perf_counter() - start < 1

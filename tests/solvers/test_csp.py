"""The python-constraint backend on quick cases: exact counts, the judge, and its time limit."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("constraint")

from compare.sets import load_set  # noqa: E402
from models.grid import Grid, is_solution  # noqa: E402
from solvers.base import Status  # noqa: E402
from solvers.csp import CSPSolver  # noqa: E402

LIMIT = 10
EXPECTED = {0: Status.UNSAT, 1: Status.SOLVED}  # else MULTIPLE
# Plain backtracking takes seconds on the 21..23-given puzzles: keep the ones with 33 or more givens.
EASY = [p for p in load_set("tdoku-tests").puzzles if p.meta["count"] <= LIMIT and p.grid.count_givens() >= 33]
UNSAT = [p for p in load_set("sudopedia", skip_invalid=True).puzzles if p.meta["solution_count_capped_1000"] == 0]


@pytest.fixture(scope="module")
def solver() -> CSPSolver:
    return CSPSolver()


@pytest.mark.parametrize("puzzle", EASY, ids=lambda p: f"tdoku{p.index}-count{p.meta['count']}")
def test_counts_match_tdoku(solver, puzzle):
    count = puzzle.meta["count"]
    result = solver.solve(puzzle.grid, limit=LIMIT)
    assert result.status is EXPECTED.get(count, Status.MULTIPLE)
    assert result.solutions_found == count
    assert is_solution(result.solution, puzzle.grid)
    if count == 1:
        assert result.solution.line() == puzzle.meta["solution"]


@pytest.mark.parametrize("puzzle", UNSAT, ids=lambda p: p.meta["name"])
def test_unsolvable(solver, puzzle):
    result = solver.solve(puzzle.grid)
    assert (result.status, result.solution, result.solutions_found) == (Status.UNSAT, None, 0)


def test_every_4x4_grid_is_found(solver):
    result = solver.solve(Grid.empty(4), limit=1000)
    assert (result.status, result.solutions_found) == (Status.MULTIPLE, 288)  # the known number of 4x4 grids
    assert is_solution(result.solution, Grid.empty(4))


def test_a_time_limit_that_suffices_changes_nothing(solver):
    puzzle = EASY[0]
    result = solver.solve(puzzle.grid, time_limit=60)  # run in a child process
    assert result.status is Status.SOLVED
    assert result.solution.line() == puzzle.meta["solution"]


def test_time_limit_stops_a_long_search(solver):
    hard = load_set("top95").puzzles[3].grid  # seconds of search for this backend
    start = time.perf_counter()
    result = solver.solve(hard, time_limit=0.2)
    assert result.status is Status.TIMEOUT
    assert time.perf_counter() - start < 0.2 + 1

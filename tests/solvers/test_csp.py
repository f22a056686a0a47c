"""The python-constraint backend on quick cases: exact counts, the judge, and its time limit."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("constraint")

from sudokit.compare.sets import load_set
from sudokit.solvers.base import Status
from sudokit.solvers.csp import CSPSolver

LIMIT = 10
# Plain backtracking takes seconds on the 21..23-given puzzles: keep the ones with 33 or more givens.
EASY = [p for p in load_set("tdoku-tests").puzzles if p.meta["count"] <= LIMIT and p.grid.count_givens() >= 33]


@pytest.fixture(scope="module")
def solver() -> CSPSolver:
    return CSPSolver()


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

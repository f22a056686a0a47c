"""Solving under a time limit in a warm child process that is killed at the deadline."""

from __future__ import annotations

import os
import time

import pytest

from sudokit.models.grid import Grid
from sudokit.solvers.base import SolveResult, Status
from sudokit.solvers.isolate import Isolated

GRID = Grid.empty(4)


def report_pid(grid: Grid, limit: int) -> SolveResult:
    return SolveResult(Status.SOLVED, stats={"pid": os.getpid()})


def sleep_when_asked_for_many(grid: Grid, limit: int) -> SolveResult:
    time.sleep(30 if limit > 2 else 0)
    return report_pid(grid, limit)


def fail(grid: Grid, limit: int) -> SolveResult:
    raise ValueError("no such digit")


def die(grid: Grid, limit: int) -> SolveResult:
    os._exit(3)


@pytest.fixture
def isolated(request):
    """An ``Isolated`` of the function named by the test's parameter, stopped afterwards."""
    runner = Isolated(request.param)
    yield runner
    runner.stop()


@pytest.mark.parametrize("isolated", [report_pid], indirect=True)
def test_without_a_time_limit_it_solves_here(isolated):
    assert isolated(GRID).stats["pid"] == os.getpid()


@pytest.mark.parametrize("isolated", [report_pid], indirect=True)
def test_with_a_time_limit_one_child_solves_each_puzzle(isolated):
    first, second = (isolated(GRID, time_limit=30).stats["pid"] for _ in range(2))
    assert first == second != os.getpid()


@pytest.mark.parametrize("isolated", [sleep_when_asked_for_many], indirect=True)
def test_the_child_is_killed_at_the_deadline_and_replaced(isolated):
    before = isolated(GRID, time_limit=30).stats["pid"]
    start = time.perf_counter()
    assert isolated(GRID, limit=3, time_limit=0.2).status is Status.TIMEOUT
    assert time.perf_counter() - start < 1.2
    assert isolated(GRID, time_limit=30).stats["pid"] not in (before, os.getpid())


@pytest.mark.parametrize("isolated", [fail], indirect=True)
def test_an_exception_in_the_child_is_an_error_result(isolated):
    result = isolated(GRID, time_limit=30)
    assert (result.status, result.message) == (Status.ERROR, "ValueError: no such digit")


@pytest.mark.parametrize("isolated", [die], indirect=True)
def test_a_child_that_dies_is_an_error_result(isolated):
    for _ in range(2):  # and the next call starts a new child
        result = isolated(GRID, time_limit=30)
        assert (result.status, result.message) == (Status.ERROR, "the search process died (exit code 3)")

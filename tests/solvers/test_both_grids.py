"""sudokit's own exact backends return both grids of a ``multiple`` answer, so the judge can settle a rival's
false claim of uniqueness with the second (``also_found``), in process and in an isolated child alike."""

from __future__ import annotations

import pytest

from sudokit.compare.sets import load_set
from sudokit.models.grid import Grid, is_solution
from sudokit.solvers.base import ALSO_FOUND, Status
from sudokit.solvers.registry import get_backend

TDOKU = load_set("tdoku-tests").puzzles
THREE = next(p.grid for p in TDOKU if p.meta["count"] == 3)  # three solutions, by the set's own count
UNIQUE = next(p.grid for p in TDOKU if p.meta["count"] == 1)
EXACT = ["algx", "dlx", "bitx", "prop", "sat-picosat", "csp"]  # sat-picosat and csp through isolate.found()


def solver(name: str):
    backend = get_backend(name)
    if reason := backend.why_unavailable():
        pytest.skip(f"{name} {reason}")
    return backend.create()


@pytest.mark.parametrize("time_limit", [None, 30.0], ids=["in-process", "with-a-deadline"])
@pytest.mark.parametrize("name", EXACT)
def test_a_multiple_answer_carries_two_different_valid_grids(name, time_limit):
    result = solver(name).solve(THREE, limit=2, time_limit=time_limit)
    assert result.status is Status.MULTIPLE and result.solutions_found == 2
    (second,) = result.stats[ALSO_FOUND]
    assert is_solution(result.solution, THREE) and is_solution(Grid.parse(second), THREE)
    assert second != result.solution.line()


@pytest.mark.parametrize("name", EXACT)
def test_a_unique_answer_carries_no_second_grid(name):
    result = solver(name).solve(UNIQUE)
    assert result.status is Status.SOLVED and ALSO_FOUND not in result.stats

"""The CP-SAT backend against exact solution counts, the judge, and its status mapping."""

from __future__ import annotations

import pytest

pytest.importorskip("ortools")

from ortools.sat.python import cp_model

from sudokit.compare.sets import load_set
from sudokit.models.grid import Grid, is_solution
from sudokit.solvers.base import Status
from sudokit.solvers.cpsat import CPSATSolver, _status
from sudokit.solvers.registry import get_backend


@pytest.fixture(scope="module")
def solver() -> CPSATSolver:
    return CPSATSolver()


def test_reports_its_counters_and_timings(solver):
    result = solver.solve(load_set("top95").puzzles[0].grid)
    assert set(result.stats) == {"branches", "conflicts", "wall_time", "propagation"}
    assert 0 < result.stats["wall_time"] < result.solve_seconds
    assert result.build_seconds > 0


def test_time_limit_gives_timeout(solver):
    result = solver.solve(load_set("top95").puzzles[3].grid, time_limit=0)
    assert result.status is Status.TIMEOUT
    assert result.solution is None


def test_a_time_limit_that_suffices_changes_nothing(solver):
    puzzle = load_set("top95").puzzles[0].grid
    assert solver.solve(puzzle, time_limit=60).solution == solver.solve(puzzle).solution


@pytest.mark.parametrize(
    "cp_status, found, status",
    [
        (cp_model.MODEL_INVALID, 0, Status.ERROR),
        (cp_model.UNKNOWN, 0, Status.TIMEOUT),
        (cp_model.FEASIBLE, 1, Status.TIMEOUT),  # stopped by the clock before uniqueness was shown
        (cp_model.FEASIBLE, 2, Status.MULTIPLE),  # stopped by us at the limit
        (cp_model.OPTIMAL, 1, Status.SOLVED),
        (cp_model.INFEASIBLE, 0, Status.UNSAT),
    ],
)
def test_cpsat_statuses_map_to_ours(cp_status, found, status):
    assert _status(cp_status, found, limit=2) is status


@pytest.mark.parametrize("narrow", ["singles", "locked", "alldiff"])
def test_narrowed_domains_keep_the_answers(narrow):
    """Propagation before CP-SAT cuts no solution: counts and grids as without it."""
    from sudokit.solvers.registry import get_backend

    narrowed = get_backend(f"cpsat:narrow={narrow}").create()
    plain = CPSATSolver()
    tdoku = load_set("tdoku-tests").puzzles
    for puzzle in tdoku[:25] + load_set("top95").puzzles[:5]:
        limit = puzzle.meta.get("count", 1) + 1
        a, b = narrowed.solve(puzzle.grid, limit=limit), plain.solve(puzzle.grid, limit=limit)
        assert (a.status, a.solutions_found) == (b.status, b.solutions_found), puzzle.grid.line()
        if a.status is Status.SOLVED:
            assert a.solution == b.solution


def test_a_narrowed_model_forgets_the_last_puzzles_domains():
    from sudokit.solvers.registry import get_backend

    narrowed = get_backend("cpsat:narrow=locked").create()
    for puzzle in load_set("top95").puzzles[:3] + load_set("easy50").puzzles[:3]:
        result = narrowed.solve(puzzle.grid)
        assert result.status is Status.SOLVED and is_solution(result.solution, puzzle.grid)


def test_several_workers_count_each_solution_once_and_prove_uniqueness():
    """Two workers enumerating with a callback counted one solution twice (proper puzzles came out
    ``multiple``) or ended FEASIBLE with no time limit; each solution is now a solve of its own."""
    solver = get_backend("cpsat:num_workers=2").create()
    for puzzle in load_set("top95").puzzles[:15]:
        result = solver.solve(puzzle.grid)
        assert result.status is Status.SOLVED and result.solutions_found == 1, puzzle.index
        assert is_solution(result.solution, puzzle.grid)
    empty = solver.solve(Grid.empty(9), limit=3)
    assert (empty.status, empty.solutions_found) == (Status.MULTIPLE, 3)
    for puzzle in load_set("tdoku-tests").puzzles[:20]:
        assert solver.solve(puzzle.grid).status is get_backend("cpsat").create().solve(puzzle.grid).status, puzzle.index


@pytest.mark.parametrize("puzzle", ["." * 81, "1" + "." * 80, "....1" + "." * 76, "." * 16],
                         ids=["empty", "one-given", "one-given-r1c5", "empty-4x4"])
def test_the_two_grids_of_a_multiple_answer_are_two_solutions(puzzle):
    """The final response holds the last solution found: read as the first, it made both grids one."""
    grid = Grid.parse(puzzle)
    result = CPSATSolver().solve(grid, limit=2)
    second = Grid.parse(result.stats["also_found"][0])
    assert result.status is Status.MULTIPLE and result.solution != second
    assert is_solution(result.solution, grid) and is_solution(second, grid)

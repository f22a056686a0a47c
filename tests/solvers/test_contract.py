"""The contract every registered backend keeps, run over the whole registry.

Each backend gets its own test ids; a backend whose optional package is missing is skipped with
the install hint. Expected answers come from the data (tdoku's exact solution counts, Sudopedia's
cases) and from the independent judge, never from another backend.
"""

from __future__ import annotations

import time

import pytest

from sudokit.compare.sets import load_set
from sudokit.models.grid import Grid, is_solution
from sudokit.solvers.base import Solver, SolveResult, Status
from sudokit.solvers.registry import BACKENDS, Backend, get_backend

TDOKU = load_set("tdoku-tests").puzzles
UNIQUE = [p for p in TDOKU if p.meta["count"] == 1][:3]
UNSAT = [p for p in TDOKU if p.meta["count"] == 0][:3] + [
    p for p in load_set("sudopedia", skip_invalid=True).puzzles if p.meta["solution_count_capped_1000"] == 0
]
MULTIPLE = [p for p in TDOKU if 2 <= p.meta["count"] <= 140]
EASY = load_set("easy50").puzzles[0].grid


# Family members whose per-puzzle cost (a fresh CPMpy hand-over, a process per solution) makes the
# full contract (hundreds of solutions counted) take minutes: run by hand (`pytest -m manual`);
# tests/solvers/test_field.py gives every member a short contract by default.
SLOW_MEMBERS = {"cpmpy:solver=pumpkin", "cpmpy:solver=exact", "cpmpy:solver=z3", "cpmpy:solver=pindakaas",
                "cpmpy:solver=pysat", "minizinc:solver=gecode", "dimacs:solver=minisat", "dimacs:solver=picosat",
                "dimacs:solver=cryptominisat", "dimacs:solver=cadical"}


def backend_params():
    """Every registered backend, a family member by member (each with its own id)."""
    for backend in (get_backend(spec) for b in BACKENDS.values() for spec in (b.members or (b.name,))):
        reason = backend.why_unavailable()
        marks = [pytest.mark.skip(reason=f"{backend.name} {reason}")] if reason else []
        if backend.name in SLOW_MEMBERS:
            marks.append(pytest.mark.manual)
        yield pytest.param(backend, id=backend.name, marks=marks)


@pytest.fixture(scope="module", params=list(backend_params()))
def backend(request) -> Backend:
    return request.param


@pytest.fixture(scope="module")
def solver(backend) -> Solver:
    return backend.create()


def expect(backend: Backend, result: SolveResult, status: Status) -> None:
    """A logic-only backend may also stop ``stuck``; nothing else may differ."""
    allowed = {status, Status.STUCK} if backend.logic_only else {status}
    assert result.status in allowed, result.message


def test_is_a_solver(backend, solver):
    assert isinstance(solver, Solver)
    assert backend.version()


def test_unique(backend, solver):
    for puzzle in [EASY] + [p.grid for p in UNIQUE]:
        result = solver.solve(puzzle)
        expect(backend, result, Status.SOLVED)
        if result.status is Status.SOLVED:
            assert result.solutions_found == 1
            assert is_solution(result.solution, puzzle)
        assert result.build_seconds >= 0 and result.solve_seconds >= 0


def test_known_solutions(backend, solver):
    """tdoku's unique puzzles come with their solution: the backend must find exactly it."""
    for puzzle in UNIQUE:
        result = solver.solve(puzzle.grid)
        expect(backend, result, Status.SOLVED)
        if result.status is Status.SOLVED:
            assert result.solution.line() == puzzle.meta["solution"]


def test_the_easy_puzzle_is_solved_by_everyone(solver):
    result = solver.solve(EASY)
    assert result.status is Status.SOLVED and is_solution(result.solution, EASY)


def test_multiple_stops_at_the_limit(backend, solver):
    for puzzle in MULTIPLE[:3]:
        result = solver.solve(puzzle.grid, limit=2)
        expect(backend, result, Status.MULTIPLE)
        if result.status is Status.MULTIPLE:
            assert result.solutions_found == 2
            assert is_solution(result.solution, puzzle.grid)


def test_exact_solution_counts(backend, solver):
    if backend.logic_only:
        pytest.skip("a logic-only backend does not enumerate solutions")
    for puzzle in MULTIPLE:
        count = puzzle.meta["count"]
        result = solver.solve(puzzle.grid, limit=count + 1)
        assert (result.status, result.solutions_found) == (Status.MULTIPLE, count), puzzle.grid.line()


def test_every_4x4_grid_is_counted(backend, solver):
    if backend.logic_only:
        pytest.skip("a logic-only backend does not enumerate solutions")
    result = solver.solve(Grid.empty(4), limit=1000)
    assert (result.status, result.solutions_found) == (Status.MULTIPLE, 288)  # the known number of 4x4 grids
    assert is_solution(result.solution, Grid.empty(4))


def test_unsat(backend, solver):
    for puzzle in UNSAT:
        result = solver.solve(puzzle.grid)
        expect(backend, result, Status.UNSAT)
        assert result.solution is None or backend.logic_only


def test_invalid_givens_are_unsat_not_a_crash(backend, solver):
    values = list(EASY.values)
    first_blank = values.index(0)
    row_start = first_blank - first_blank % 9
    values[first_blank] = next(v for v in values[row_start : row_start + 9] if v)  # repeat a row's digit
    result = solver.solve(Grid(tuple(values)))
    expect(backend, result, Status.UNSAT)


def test_4x4(backend, solver):
    puzzle = Grid.parse("..4..2.131....1.")  # unique; solution 1342423131242413
    result = solver.solve(puzzle)
    expect(backend, result, Status.SOLVED)
    assert result.status is Status.STUCK or is_solution(result.solution, puzzle)


def test_time_limit_is_honoured(backend, solver):
    """Enumerating the empty grid's solutions never ends; the deadline must stop it."""
    rates_proper_only = backend.options.get("mode") in ("se", "hodoku")
    # those modes say at once that they rate proper puzzles only (about 10 ms); a limit of 0.3 s
    # would make that answer race a busy machine, so they get room and must still be quick
    start = time.perf_counter()
    result = solver.solve(Grid.empty(9), limit=10**9, time_limit=2.5 if rates_proper_only else 0.3)
    elapsed = time.perf_counter() - start
    if rates_proper_only:
        assert result.status is Status.MULTIPLE, result.message
    else:
        expect(backend, result, Status.TIMEOUT)
    assert elapsed < 3.0

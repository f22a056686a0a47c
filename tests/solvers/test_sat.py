"""The SAT backends against exact solution counts and the judge: python-sat's incremental solvers
(givens as assumptions) and picosat (a fresh formula in a killable child)."""

from __future__ import annotations

import time

import pytest

from sudokit.compare.sets import load_set
from sudokit.models.grid import Grid, is_solution
from sudokit.solvers.base import Status
from sudokit.solvers.registry import get_backend

LIMIT = 10
TDOKU = load_set("tdoku-tests").puzzles


@pytest.fixture(scope="module", params=["sat", "sat:solver=glucose4", "sat:solver=cadical195", "sat-picosat"])
def solver(request):
    backend = get_backend(request.param)
    if reason := backend.why_unavailable():
        pytest.skip(reason)
    return backend.create()


def test_fills_an_empty_25x25(solver):
    result = solver.solve(Grid.empty(25), limit=1)
    assert result.status is Status.SOLVED
    assert is_solution(result.solution, Grid.empty(25))


def test_one_solver_counts_every_tdoku_puzzle_exactly_in_turn(solver):
    """Incremental: earlier puzzles' blocking clauses must never cut a later puzzle's solutions."""
    for puzzle in TDOKU:
        result = solver.solve(puzzle.grid, limit=LIMIT, time_limit=60)
        assert result.solutions_found == min(puzzle.meta["count"], LIMIT), puzzle.grid.line()
        if result.solution is not None:
            assert is_solution(result.solution, puzzle.grid)
    again = solver.solve(TDOKU[0].grid, limit=LIMIT)  # the same puzzle twice: the same count
    assert again.solutions_found == min(TDOKU[0].meta["count"], LIMIT)


def test_a_time_limit_gives_timeout(solver):
    start = time.perf_counter()
    result = solver.solve(load_set("gecode-16x16").puzzles[0].grid, time_limit=0.001)
    if result.status is not Status.TIMEOUT and "cadical" in str(getattr(solver, "solver_name", "")):
        pytest.skip("CaDiCaL cannot be interrupted through python-sat (the harness kills its worker)")
    assert result.status is Status.TIMEOUT and result.solution is None
    assert time.perf_counter() - start < 1


def test_counters_and_propagation_level_are_reported():
    backend = get_backend("sat")
    if reason := backend.why_unavailable():
        pytest.skip(reason)
    stats = backend.create().solve(load_set("top95").puzzles[0].grid).stats
    assert stats["solver"] == "minisat22" and stats["propagations"] > 0 and "propagation" in stats


def test_backend_options_from_the_command_line_are_checked():
    from sudokit.models.errors import UnknownName, UserError

    assert get_backend("sat:solver=glucose4").name == "sat:solver=glucose4"
    with pytest.raises(UnknownName, match="takes solver="):
        get_backend("sat:colour=blue")
    with pytest.raises(UnknownName, match="takes no options"):
        get_backend("dlx:solver=x")
    if get_backend("sat").is_available():  # the solver's name is checked with the spec, before anything runs
        with pytest.raises(UserError, match="unknown solver 'nonesuch'"):
            get_backend("sat:solver=nonesuch")


def test_options_ride_in_a_comma_separated_list_of_backends(tmp_path):
    from typer.testing import CliRunner

    import sudokit.compare.cli  # noqa: F401  (registers the commands)
    from sudokit.compare.app import app

    if get_backend("sat").why_unavailable():
        pytest.skip("python-sat is not installed")
    result = CliRunner().invoke(app, ["compare", "easy50", "--backends", "sat:solver=glucose4,bitx",
                                      "--db", str(tmp_path / "r.sqlite"), "--no-report", "--json", "--quiet"])
    assert result.exit_code == 0, result.output
    import json

    assert sorted(json.loads(result.stdout)["ranking"]) == ["bitx", "sat:solver=glucose4"]

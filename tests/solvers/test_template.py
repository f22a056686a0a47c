"""The backend template of CONTRIBUTING.md keeps the contract, as a registered backend must."""

from __future__ import annotations

from sudokit.compare.sets import load_set
from sudokit.models.grid import Grid, is_solution
from sudokit.solvers.base import Solver, Status
from sudokit.solvers.template import TemplateSolver

TDOKU = load_set("tdoku-tests").puzzles


def test_the_template_is_a_solver_that_counts_exactly():
    solver = TemplateSolver()
    assert isinstance(solver, Solver)
    for puzzle in [p for p in TDOKU if p.meta["count"] <= 10][:6]:
        result = solver.solve(puzzle.grid, limit=10, time_limit=30)
        assert result.solutions_found == puzzle.meta["count"]
        if result.solution is not None:
            assert is_solution(result.solution, puzzle.grid)


def test_the_template_keeps_its_time_limit_and_says_unsat_for_clashing_givens():
    assert TemplateSolver().solve(load_set("top95").puzzles[0].grid, time_limit=0.05).status is Status.TIMEOUT
    assert TemplateSolver().solve(Grid((1, 1) + (0,) * 14)).status is Status.UNSAT

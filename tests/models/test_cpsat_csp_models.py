"""The CP-SAT and python-constraint models: their shape, and that their solutions are the true ones."""

from __future__ import annotations

import pytest

from sudokit.compare.sets import load_set
from sudokit.models.grid import Grid

SUDOPEDIA = {p.meta["name"]: p for p in load_set("sudopedia", skip_invalid=True).puzzles}
NEARLY_DONE = SUDOPEDIA["Naked Singles"]  # 62 givens, one solution


def test_cpsat_model_shape():
    pytest.importorskip("ortools")
    from sudokit.models.cpsat import build_model

    grid = NEARLY_DONE.grid
    model = build_model(grid)  # kept: the proto's parts live as long as the model
    assert len(model.proto.variables) == 81 and len(model.proto.constraints) == 27
    domains = [tuple(v.domain) for v in model.proto.variables]
    assert domains == [(d, d) if d else (1, 9) for d in grid.values]


def test_cpsat_models_do_not_share_givens():
    pytest.importorskip("ortools")
    from sudokit.models.cpsat import build_model

    build_model(NEARLY_DONE.grid)
    blank = build_model(Grid.empty(9))
    assert all(tuple(v.domain) == (1, 9) for v in blank.proto.variables)


def test_cpsat_model_has_the_true_solution():
    pytest.importorskip("ortools")
    from ortools.sat.python import cp_model

    from sudokit.models.cpsat import build_model, decode

    solver = cp_model.CpSolver()
    assert solver.solve(build_model(NEARLY_DONE.grid)) == cp_model.OPTIMAL
    assert decode(solver.response_proto.solution).line() == NEARLY_DONE.meta["expected_solution"]


def test_csp_problem_has_exactly_the_true_solution():
    pytest.importorskip("constraint")
    from constraint import BacktrackingSolver

    from sudokit.models.csp import build_problem, decode

    solutions = build_problem(NEARLY_DONE.grid, BacktrackingSolver()).getSolutions()
    assert [decode(s).line() for s in solutions] == [NEARLY_DONE.meta["expected_solution"]]


def test_a_reused_cpsat_model_forgets_the_last_puzzles_givens():
    pytest.importorskip("ortools")
    from sudokit.models.cpsat import PuzzleModel

    reused = PuzzleModel(9)
    reused.set_givens(NEARLY_DONE.grid)
    other = load_set("top95").puzzles[0].grid
    model = reused.set_givens(other)
    assert [tuple(v.domain) for v in model.proto.variables] == [(d, d) if d else (1, 9) for d in other.values]


def test_decode_reads_a_plain_sequence_too():
    from sudokit.models.cpsat import decode

    line = NEARLY_DONE.meta["expected_solution"]
    assert decode([int(c) for c in line]).line() == line

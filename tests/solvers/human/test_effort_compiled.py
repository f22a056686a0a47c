"""The compiled counts of a path's effort give the effort the pure-Python walk gives."""

from __future__ import annotations

import pytest

from sudokit.compare.sets import load_set
from sudokit.models.grid import Grid
from sudokit.models.puzzles import Puzzle
from sudokit.solvers.base import Status
from sudokit.solvers.human import effort, singles_compiled
from sudokit.solvers.human.engine import solve_logically
from sudokit.solvers.human.se.jit import available
from tests.solvers.human.test_singles_compiled import RARER

pytestmark = pytest.mark.skipif(not available(), reason="numba is not installed (the fast extra), or SUDOKIT_PURE is set")

PATHS = load_set("se-sample").puzzles[7::300] + load_set("tdoku-tests").puzzles[:3] + load_set("gecode-16x16").puzzles[:1]
# paths through the compiled loop's rarer rungs (``test_singles_compiled.RARER``), whose pattern parts it counts
RUNGS = [Puzzle(0, Grid.parse(line)) for line in RARER.values()]


@pytest.mark.parametrize("puzzle", PATHS, ids=lambda p: p.grid.line()[:12])
def test_the_effort_is_the_same(monkeypatch, puzzle):
    result = solve_logically(puzzle.grid, allow_guess=True, time_limit=20)  # (guesses, and their refutations, too)
    compiled = singles_compiled.LOADER.now()
    monkeypatch.setattr(singles_compiled.LOADER, "thread", object())
    monkeypatch.setattr(singles_compiled.LOADER, "value", None)
    pure, pure_total = list(effort._counts(result.start, result.steps)), effort.effort(result.start, result.steps)
    monkeypatch.setattr(singles_compiled.LOADER, "value", compiled)
    assert [tuple(c) for c in effort._counts(result.start, result.steps)] == pure
    assert effort.effort(result.start, result.steps) == pure_total > 0  # (not path_effort: it sums the recorded counts)


@pytest.mark.parametrize("puzzle", PATHS[:8] + PATHS[-1:] + RUNGS, ids=lambda p: p.grid.line()[:12])
def test_the_inspections_a_solve_records_are_the_walks(monkeypatch, puzzle):
    """The steps' inspections the compiled loop and the engine record on the way (``HumanResult.efforts``)
    are those the pure-Python walk of the path gives, and so is the effort summed from them."""
    singles_compiled.LOADER.now()
    result = solve_logically(puzzle.grid, time_limit=20)
    if result.status is not Status.SOLVED:
        pytest.skip("stuck: no effort")
    assert result.efforts is not None and len(result.efforts) == len(result.steps)
    monkeypatch.setattr(singles_compiled.LOADER, "thread", object())
    monkeypatch.setattr(singles_compiled.LOADER, "value", None)
    walked = [effort._inspections(step, *counts) for step, counts in zip(result.steps, effort._counts(result.start, result.steps), strict=True)]
    assert result.efforts == walked
    assert effort.path_effort(result) == effort.effort(result.start, result.steps) > 0

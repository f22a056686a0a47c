"""The compiled search of finned and sashimi fish finds the fish the pure-Python search finds, in its order."""

from __future__ import annotations

import pytest

from sudokit.compare.sets import load_set
from sudokit.models.candidates import Candidates
from sudokit.solvers.human import singles_compiled
from sudokit.solvers.human.engine import apply_step, solve_logically
from sudokit.solvers.human.se.jit import available
from sudokit.solvers.human.techniques import fish
from sudokit.solvers.human.view import View

pytestmark = pytest.mark.skipif(not available(), reason="numba is not installed (the fast extra), or SUDOKIT_PURE is set")

HARD = [p for p in load_set("se-sample").puzzles if p.meta["se_rating"] >= 6.0][::150]


def states(puzzle) -> list[Candidates]:
    """The states along the puzzle's default path (every third)."""
    state, found = Candidates.from_grid(puzzle.grid), []
    for step in solve_logically(puzzle.grid).steps:
        found.append(state.copy())
        apply_step(state, step)
    return found[::3]


@pytest.mark.parametrize("puzzle", HARD, ids=lambda p: f"{p.meta['se_rating']}-{p.grid.line()[:10]}")
def test_the_finned_fish_are_the_same(monkeypatch, puzzle):
    compiled = singles_compiled.LOADER.now()
    monkeypatch.setattr(singles_compiled.LOADER, "thread", object())
    found = 0
    for state in states(puzzle):
        view = View(state)
        for size in (2, 3, 4, 5):
            for digit in range(1, 10):
                monkeypatch.setattr(singles_compiled.LOADER, "value", None)
                pure = fish._finned_steps(view, digit, size)
                monkeypatch.setattr(singles_compiled.LOADER, "value", compiled)
                assert fish._finned_steps(view, digit, size) == pure
                found += len(pure)
    assert found  # the comparison saw fish


def test_a_16x16_state_gives_the_same_fish(monkeypatch):
    compiled = singles_compiled.LOADER.now()
    monkeypatch.setattr(singles_compiled.LOADER, "thread", object())
    view = View(Candidates.from_grid(load_set("gecode-16x16").puzzles[1].grid))
    found = 0
    for digit in range(1, 17):
        monkeypatch.setattr(singles_compiled.LOADER, "value", None)
        pure = fish._finned_steps(view, digit, 3)
        monkeypatch.setattr(singles_compiled.LOADER, "value", compiled)
        assert fish._finned_steps(view, digit, 3) == pure
        found += len(pure)
    assert found

"""The view of a state: what it derives matches the pencil marks, and what a solve carries from one
state to the next (the memo) changes no step."""

from __future__ import annotations

import pytest

from sudokit.compare.sets import load_set
from sudokit.models.candidates import Candidates
from sudokit.models.graph import almost_locked_sets
from sudokit.solvers.human.engine import apply_step, find_steps, solve_logically
from sudokit.solvers.human.registry import PRESETS
from sudokit.solvers.human.view import Memo, View

HARD = [p.grid for p in load_set("se-sample").puzzles if p.meta["se_rating"] >= 8.3][::120]


@pytest.fixture(scope="module")
def paths() -> list[tuple[list[Candidates], list]]:
    """The states of a few hard puzzles' full-preset paths, and the steps taken from them."""
    found = []
    for puzzle in HARD:
        state, states = Candidates.from_grid(puzzle), []
        steps = solve_logically(puzzle, PRESETS["full"]).steps
        for step in steps:
            states.append(state.copy())
            apply_step(state, step)
        found.append((states, steps))
    return found


def test_a_view_reads_the_marks(paths):
    states, _ = paths[0]
    for state in states[::5]:
        view = View(state)
        assert all(view.places(u) == state.places(u) for u in range(27))
        assert all(view.holding[d] == sum(1 << c for c in range(81) if state.has(c, d)) for d in range(1, 10))
        assert view.bivalue == tuple(c for c in range(81) if len(state.digits(c)) == 2)
        assert [s.cells for s in view.als] == [s.cells for s in almost_locked_sets(9, state.marks)]


def test_each_step_is_what_a_fresh_view_finds_first(paths):
    """The engine's views share a memo from state to state; a view without one must find the same."""
    for states, steps in paths:
        assert len(steps) > 20
        for state, step in zip(states, steps):
            assert find_steps(state, step.technique)[0] == step


def test_a_memo_keeps_a_value_while_its_content_holds():
    memo, made = Memo(), []

    def make() -> int:
        made.append(1)
        return len(made)

    assert memo.get("slot", (1, 2), make) == 1 and memo.get("slot", (1, 2), make) == 1
    assert memo.get("slot", (1,), make) == 2 and memo.get("other", (1,), make) == 3


def test_a_value_of_some_cells_is_kept_while_their_candidates_stay_the_same(paths):
    state = paths[0][0][0]
    cell = next(c for c in range(9) if len(state.digits(c)) > 1)  # in row 1 and column cell+1, not in row 9
    later = state.copy()
    later.eliminate(cell, state.digits(cell)[0])
    memo, calls = Memo(), []

    def count(view: View, unit: int) -> int:
        calls.append(unit)
        return sum(view.marks[c].bit_count() for c in view.geometry.units[unit])

    for view in (View(state, memo), View(later, memo)):
        for unit in (0, 8):
            assert view.per_cells(count, view.geometry.units[unit], unit) == count(view, unit)
    assert calls == [0, 0, 8, 8, 0, 0, 8]  # row 1 counted afresh once its candidates changed, row 9 kept

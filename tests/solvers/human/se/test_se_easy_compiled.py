"""SE's first producers as one compiled loop (``head_compiled``) take the steps the Python finders take
(``mode.choose`` over ``mode.HEAD``'s finders): the first step in every state of SE paths (and those
states with candidates removed at random, where more of the techniques fire), whole runs from a
puzzle's start, and whole SE paths of the engine with the loop and without it (numba installed: the
``fast`` extra)."""

from __future__ import annotations

import csv
import random
from collections.abc import Iterator
from unittest.mock import patch

import numpy as np
import pytest

from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid
from sudokit.solvers.human.engine import HumanResult, apply_step, solve_logically
from sudokit.solvers.human.registry import TECHNIQUES
from sudokit.solvers.human.se import jit, mode
from sudokit.solvers.human.steps import Step
from sudokit.solvers.human.view import View
from tests.conftest import REPO

if not jit.available():
    pytest.skip("numba is not installed (or SUDOKIT_PURE is set)", allow_module_level=True)

from sudokit.solvers.human.se import head_compiled
from sudokit.solvers.human.singles_compiled import geometry_arrays

SAMPLE = REPO / "compare" / "sets" / "se-sample.csv"
FINDERS = [TECHNIQUES[name].find for name in mode.HEAD]


def _puzzles(count: int, below: float, seed: int, above: float = 0.0) -> list[str]:
    with open(SAMPLE) as f:
        rows = [r["puzzle"] for r in csv.DictReader(f) if above <= float(r["se_rating"]) < below]
    return random.Random(seed).sample(rows, count)


def _python_first(state: Candidates, head: int) -> Step | None:
    """The first step of the first of HEAD's first ``head`` finders that fires, in Python."""
    view = View(state)
    for find in FINDERS[:head]:
        for step in find(view):
            return step
    return None


def _states() -> Iterator[Candidates]:
    """The states of SE paths of 14 puzzles (SE up to 6.5, pure Python), and each with a quarter of the
    candidates of its cells of three or more removed at random."""
    chooser = random.Random(44)
    for puzzle in _puzzles(14, 6.5, 44):
        grid = Grid.parse(puzzle)
        state = Candidates.from_grid(grid)
        for step in _pure(grid).steps:
            yield state
            reduced = state.copy()
            for cell, mask in enumerate(reduced.marks):
                if mask.bit_count() > 2 and chooser.random() < 0.25:
                    reduced.marks[cell] &= ~(1 << chooser.choice([d for d in range(9) if mask >> d & 1]))
            yield reduced
            state = state.copy()
            apply_step(state, step)


def _pure(grid: Grid) -> HumanResult:
    """SE mode's solve with its finders only."""
    with patch.object(mode.HEAD_RUN, "get", lambda start=True: None):
        return solve_logically(grid, mode="se")


def _compiled_first(state: Candidates, technique: int) -> Step | None:
    """The first step of HEAD's technique ``technique`` by the compiled code."""
    units, cell_units, _ = geometry_arrays(state.size)
    found = np.empty((1, head_compiled.WIDTH), dtype=np.int64)
    removed = np.empty((len(state.marks) * state.size, 2), dtype=np.int64)
    scratch = np.empty((6, len(state.marks)), dtype=np.int64)
    values, marks = np.array(state.values, dtype=np.int64), np.array(state.marks, dtype=np.int64)
    end = head_compiled._first(technique, values, marks, units, cell_units, found, 0, removed, 0, scratch)
    return None if end < 0 else head_compiled._step(state.geometry, found[0].tolist(), removed[:end].tolist())


def test_each_technique_finds_its_finders_first_step():
    fired = dict.fromkeys(mode.HEAD, 0)
    for state in _states():
        view = View(state)
        for technique, find in enumerate(FINDERS):
            expected = next(iter(find(view)), None)
            assert _compiled_first(state, technique) == expected, (mode.HEAD[technique], state)
            if expected is not None:
                fired[expected.technique] += 1
    assert all(fired.values()), fired  # each technique met states where it fires


def test_first_step_of_a_head_as_choose_finds_it():
    for state in _states():
        if state.contradiction() or state.is_solved():
            continue
        for head in (len(mode.HEAD), 6, 1):
            steps, _ = head_compiled.run(state, head)
            assert (steps[0] if steps else None) == _python_first(state, head), (state, head)


def _python_run(state: Candidates) -> tuple[list, Candidates]:
    """The head's finders' path from ``state`` until none fires, a contradiction shows or the grid is
    full, and the state it ends in."""
    path, python = [], state.copy()
    while not python.contradiction() and not python.is_solved() and (step := _python_first(python, len(mode.HEAD))):
        path.append(step)
        apply_step(python, step)
    return path, python


def test_a_run_is_the_finders_path_until_none_fires():
    for puzzle in _puzzles(20, 4.5, 7):
        state = Candidates.from_grid(Grid.parse(puzzle))
        steps, end = head_compiled.run(state, len(mode.HEAD))
        expected, python = _python_run(state)
        assert steps == expected
        assert end is not python.is_solved()  # none fires where it stopped, unless the grid is full


def test_a_run_stops_where_a_contradiction_shows():
    """From puzzles' starts with candidates removed at random (true ones too), a run is the finders'
    path up to the first state with a contradiction (a cell or a unit left without a digit)."""
    chooser, stopped = random.Random(8), 0
    for puzzle in _puzzles(30, 4.5, 8):
        state = Candidates.from_grid(Grid.parse(puzzle))
        for cell, mask in enumerate(state.marks):
            if mask and chooser.random() < 0.1:
                state.marks[cell] &= ~(1 << chooser.choice([d for d in range(9) if mask >> d & 1]))
        steps, end = head_compiled.run(state, len(mode.HEAD))
        expected, python = _python_run(state)
        assert steps == expected
        assert end is not (python.is_solved() or bool(python.contradiction()))
        stopped += bool(python.contradiction())
    assert stopped > 5, stopped


def test_se_paths_with_the_compiled_head_are_the_pure_ones(monkeypatch):
    run = head_compiled.load()
    monkeypatch.setattr(mode.HEAD_RUN, "get", lambda start=True: run)
    for puzzle in [*_puzzles(6, 4.0, 3), *_puzzles(4, 9.0, 5, above=4.0)]:
        grid = Grid.parse(puzzle)
        compiled, pure = solve_logically(grid, mode="se"), _pure(grid)
        assert compiled.steps == pure.steps
        assert compiled.rating == pure.rating

"""Uniqueness techniques: sound on unique puzzles, true rectangles, and switched off by a preset."""

from __future__ import annotations

from sudokit.compare.sets import load_set
from sudokit.models.candidates import digits_of
from sudokit.models.grid import is_solution
from sudokit.solvers.base import Status
from sudokit.solvers.human.backend import HumanSolver
from sudokit.solvers.human.engine import solve_logically
from sudokit.solvers.human.registry import PRESETS, technique
from sudokit.solvers.human.view import View
from tests.solvers.human.pattern_cases import SAMPLE, family, hard_states, sound_instances

RECTANGLES = ["unique_rectangle_1", "unique_rectangle_2", "unique_rectangle_3", "unique_rectangle_4",
              "hidden_rectangle"]


def test_uniqueness_steps_in_unique_puzzles_are_sound():
    found = sound_instances(family("uniqueness"))
    assert found["unique_rectangle_1"] and found["unique_rectangle_4"] and found["hidden_rectangle"], found


def test_rectangles_span_two_rows_two_columns_and_two_boxes():
    states = [state for puzzle in SAMPLE for state in hard_states(puzzle)[0]]
    steps = [(state, step) for state in states for name in RECTANGLES for step in technique(name).find(View(state))]
    assert steps
    for state, step in steps:
        geo, pair = state.geometry, set(step.digits)
        assert len(step.cells) == 4 and len(pair) == 2
        for kind in (geo.row, geo.col, geo.box_of):
            assert len({kind(c) for c in step.cells}) == 2
        assert all(pair & set(digits_of(state.marks[c])) for c in step.cells)
        assert any(set(digits_of(state.marks[c])) == pair for c in step.cells)  # a corner holds only the pair


def test_a_preset_switches_them_off_and_ratings_say_when_a_path_used_them():
    assert not set(PRESETS["no-uniqueness"]) & set(family("uniqueness"))
    assert set(PRESETS["full"]) - set(PRESETS["no-uniqueness"]) == set(family("uniqueness"))
    puzzle = next(p for p in SAMPLE if solve_logically(p, PRESETS["full"]).rating.uniqueness)
    without = solve_logically(puzzle, PRESETS["no-uniqueness"])
    assert not without.rating.uniqueness
    assert not {s.technique for s in without.steps} & set(family("uniqueness"))
    assert HumanSolver().solve(puzzle).stats["uniqueness"]
    assert not HumanSolver("no-uniqueness").solve(puzzle).stats["uniqueness"]


def test_a_puzzle_with_two_solutions_is_not_called_solved_when_a_path_assumed_one():
    puzzle = load_set("multi-200").puzzles[177].grid  # tdoku: two or more solutions
    path = solve_logically(puzzle, PRESETS["full"])
    assert path.status is Status.SOLVED and path.rating.uniqueness  # the assumption picked one of them
    result = HumanSolver().solve(puzzle)
    assert (result.status, result.solutions_found) == (Status.MULTIPLE, 2) and is_solution(result.solution, puzzle)
    assert HumanSolver("no-uniqueness").solve(puzzle).status is Status.STUCK

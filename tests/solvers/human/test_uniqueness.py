"""Uniqueness techniques: sound on unique puzzles, true rectangles, and switched off by a preset."""

from __future__ import annotations

import pytest

from sudokit.compare.sets import load_set
from sudokit.models.candidates import digits_of
from sudokit.models.grid import is_solution
from sudokit.solvers.base import Status
from sudokit.solvers.human.backend import HumanSolver
from sudokit.solvers.human.engine import solve_logically
from sudokit.solvers.human.registry import PRESETS, technique
from sudokit.solvers.human.reglib import parse_case
from sudokit.solvers.human.techniques.uniqueness import remember_givens
from sudokit.solvers.human.view import Memo, View
from tests.conftest import shared_file
from tests.solvers.human.pattern_cases import SAMPLE, family, hard_states, sound_instances
from tests.solvers.human.test_templates import cell_of, state_of

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


# ---- HoDoKu's Uniqueness Test 5 and 6 and Avoidable Rectangles (issue 13), on hand-made states


def _found(name: str, state, givens=()) -> list[set]:
    return [set(s.eliminations) for s in technique(name).find(View(state, _memo(givens)))]


def test_uniqueness_test_5_removes_the_extra_seen_by_every_corner_holding_it():
    # r1c1, r2c4 hold 1,2; the diagonal r1c4, r2c1 add 3: one is 3, so r1c2 (row 1, box 1) and
    # r2c5 (row 2, box 2) lose it; r5c1 sees r2c1 only
    state = state_of({}, {"r1c1": (1, 2), "r2c4": (1, 2), "r1c4": (1, 2, 3), "r2c1": (1, 2, 3),
                          "r1c2": (3, 9), "r2c5": (3, 8), "r5c1": (3, 7)})
    assert _found("unique_rectangle_5", state) == [{(cell_of("r1c2"), 3), (cell_of("r2c5"), 3)}]
    assert _found("unique_rectangle_2", state) == []  # the extras are not on one side


def test_uniqueness_test_6_keeps_a_digit_locked_in_the_rectangle_off_the_other_diagonal():
    # 1 lies only in the rectangle in rows 1, 2 and columns 1, 4: r1c4=1 would force r1c1=2, r2c1=1,
    # r2c4=2, the deadly pattern; so neither r1c4 nor r2c1 is 1. Row 1 has a 2 outside (r1c7).
    state = state_of({}, {"r1c1": (1, 2), "r2c4": (1, 2), "r1c4": (1, 2, 5), "r2c1": (1, 2, 6),
                          "r1c7": (2, 7)})
    assert _found("unique_rectangle_6", state) == [{(cell_of("r1c4"), 1), (cell_of("r2c1"), 1)}]


def test_avoidable_rectangle_1_needs_three_solved_corners_none_a_given():
    # r1c1=1, r1c4=2, r2c1=2 were solved: r2c4=1 would complete a swappable rectangle
    state = state_of({"r1c1": 1, "r1c4": 2, "r2c1": 2}, {"r2c4": (1, 3)})
    assert _found("avoidable_rectangle_1", state) == [{(cell_of("r2c4"), 1)}]
    given = [0] * 81
    given[cell_of("r1c1")] = 1
    assert _found("avoidable_rectangle_1", state, given) == []  # a given cannot be swapped


def test_avoidable_rectangle_2_removes_the_shared_extra_from_cells_seeing_both_open_corners():
    # r1c1=1, r1c4=2 solved; r2c1 (2 or 7) and r2c4 (1 or 7) cannot be 2 and 1: one is 7
    state = state_of({"r1c1": 1, "r1c4": 2}, {"r2c1": (2, 7), "r2c4": (1, 7), "r2c7": (7, 8), "r5c1": (7, 9)})
    assert _found("avoidable_rectangle_2", state) == [{(cell_of("r2c7"), 7)}]


def test_without_a_record_of_the_givens_every_solved_cell_counts_as_one():
    state = state_of({"r1c1": 1, "r1c4": 2, "r2c1": 2}, {"r2c4": (1, 3)})
    assert list(technique("avoidable_rectangle_1").find(View(state))) == []


@pytest.mark.parametrize("code", ["0607", "0608"])
def test_hodoku_library_avoidable_rectangles_are_found_with_their_givens(code):
    """The library's cases (test_reglib runs them without givens: a strict xfail there)."""
    lines = shared_file("hodoku/reglib-1.3-dev.txt").read_text().splitlines()
    cases = [(line, parse_case(line)) for line in lines if line.startswith(f":{code}-")]
    assert cases
    for line, case in cases:
        givens_field = line.split(":")[3]
        givens = [int(ch) if ch.isdigit() and prev != "+" else 0
                  for prev, ch in zip("." + givens_field, givens_field) if ch != "+"]
        steps = [s for s in technique(case.technique).find(View(case.state, _memo(givens)))
                 if s.digits == case.digits]
        assert case.eliminations in [set(s.eliminations) for s in steps], line


def _memo(givens) -> Memo:
    memo = Memo()
    remember_givens(memo, givens)
    return memo

"""Wings on real puzzles: every instance sound, and each one the pattern it names."""

from __future__ import annotations

import re

import pytest

from sudokit.models.candidates import digits_of
from sudokit.solvers.human.techniques.wings import w_wing, xy_wing, xyz_wing
from sudokit.solvers.human.view import View
from tests.solvers.human.pattern_cases import SAMPLE, family, hard_states, sound_instances


@pytest.fixture(scope="module")
def states() -> list:
    """The hard states of half the sample's solves (built by the first test that needs them)."""
    return [state for puzzle in SAMPLE[::2] for state in hard_states(puzzle)[0]]


def test_wings_in_real_puzzles_are_sound():
    found = sound_instances(family("wings"))
    assert all(found[name] for name in family("wings")), found


def test_xy_and_xyz_wings_are_a_pivot_seeing_two_pincers(states):
    for finder, pivot_size in ((xy_wing, 2), (xyz_wing, 3)):
        steps = [(state, step) for state in states for step in finder(View(state))]
        assert steps
        for state, step in steps:
            pivot, a, b = step.cells
            peers, marks = state.geometry.peers, state.marks
            assert marks[pivot].bit_count() == pivot_size and marks[a].bit_count() == marks[b].bit_count() == 2
            assert {a, b} <= peers[pivot] and len(digits_of(marks[pivot] | marks[a] | marks[b])) == 3
            (z,) = digits_of(marks[a] & marks[b])
            seen_by = (a, b, pivot) if pivot_size == 3 else (a, b)
            assert all(d == z and all(cell in peers[c] for c in seen_by) for cell, d in step.eliminations)
            assert re.fullmatch(r"XYZ?-Wing: \d/\d/\d in (r\dc\d,){2}r\dc\d => .+", step.explanation)


def test_a_w_wing_is_two_equal_cells_joined_by_a_conjugate_pair(states):
    steps = [(state, step) for state in states for step in w_wing(View(state))]
    assert steps
    for state, step in steps:
        p, q, a, b = step.cells
        peers, marks = state.geometry.peers, state.marks
        assert marks[p] == marks[q] and marks[p].bit_count() == 2 and q not in peers[p]
        (x,) = [d for d in digits_of(marks[p]) if f"connected by {d} " in step.explanation]
        assert a in peers[p] and b in peers[q]
        assert any(set(state.places(u).get(x, ())) == {a, b} for u in range(27))  # a conjugate pair
        assert all(d != x and d in digits_of(marks[p]) and cell in peers[p] & peers[q] for cell, d in step.eliminations)

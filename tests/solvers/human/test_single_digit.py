"""Single-digit patterns on real puzzles: every instance sound, and each chain made of conjugate pairs."""

from __future__ import annotations

import pytest

from sudokit.solvers.human.registry import technique
from sudokit.solvers.human.view import View
from tests.solvers.human.pattern_cases import SAMPLE, family, hard_states, sound_instances

STATES = [state for puzzle in SAMPLE[::2] for state in hard_states(puzzle)[0]]


def test_single_digit_patterns_in_real_puzzles_are_sound():
    found = sound_instances(family("single_digit"))
    assert all(found[name] for name in family("single_digit")), found


def conjugate(state, digit, a, b) -> bool:
    return any(set(state.places(u).get(digit, ())) == {a, b} for u in range(3 * state.size))


@pytest.mark.parametrize("name", ["skyscraper", "two_string_kite", "turbot_fish"])
def test_each_is_two_conjugate_pairs_joined_by_a_weak_link(name):
    steps = [(state, step) for state in STATES for step in technique(name).find(View(state))]
    assert steps
    for state, step in steps:
        (digit,), (a1, a2, b1, b2) = step.digits, step.cells
        peers = state.geometry.peers
        assert conjugate(state, digit, a1, a2) and conjugate(state, digit, b1, b2) and b1 in peers[a2]
        assert all(d == digit and cell in peers[a1] & peers[b2] for cell, d in step.eliminations)


def test_an_empty_rectangle_box_holds_the_digit_on_one_row_and_one_column():
    steps = [(state, step) for state in STATES for step in technique("empty_rectangle").find(View(state))]
    assert steps
    for state, step in steps:
        (digit,), geo = step.digits, state.geometry
        *box_cells, p1, p2 = step.cells
        assert conjugate(state, digit, p1, p2) and len({geo.box_of(c) for c in box_cells}) == 1
        assert any(all(geo.row(c) == r or geo.col(c) == k for c in box_cells) for r in range(9) for k in range(9))

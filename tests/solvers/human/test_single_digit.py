"""Single-digit patterns on real puzzles: every instance sound, and each chain made of conjugate pairs."""

from __future__ import annotations

import pytest

from sudokit.solvers.human.registry import PRESETS, technique
from sudokit.solvers.human.view import View
from tests.solvers.human.pattern_cases import SAMPLE, family, hard_states, sound_instances
from tests.solvers.human.test_templates import cell_of, state_of


@pytest.fixture(scope="module")
def states() -> list:
    """The hard states of half the sample's solves (built by the first test that needs them)."""
    return [state for puzzle in SAMPLE[::2] for state in hard_states(puzzle)[0]]


def test_single_digit_patterns_in_real_puzzles_are_sound():
    found = sound_instances(family("single_digit"))
    duals = {"dual_two_string_kite", "dual_empty_rectangle"}  # rarer: test_templates finds them on more puzzles
    assert all(found[name] for name in family("single_digit") if name not in duals), found


def conjugate(state, digit, a, b) -> bool:
    return any(set(state.places(u).get(digit, ())) == {a, b} for u in range(3 * state.size))


@pytest.mark.parametrize("name", ["skyscraper", "two_string_kite", "turbot_fish"])
def test_each_is_two_conjugate_pairs_joined_by_a_weak_link(name, states):
    steps = [(state, step) for state in states for step in technique(name).find(View(state))]
    assert steps
    for state, step in steps:
        (digit,), (a1, a2, b1, b2) = step.digits, step.cells
        peers = state.geometry.peers
        assert conjugate(state, digit, a1, a2) and conjugate(state, digit, b1, b2) and b1 in peers[a2]
        assert all(d == digit and cell in peers[a1] & peers[b2] for cell, d in step.eliminations)


def test_an_empty_rectangle_box_holds_the_digit_on_one_row_and_one_column(states):
    steps = [(state, step) for state in states for step in technique("empty_rectangle").find(View(state))]
    assert steps
    for state, step in steps:
        (digit,), geo = step.digits, state.geometry
        *box_cells, p1, p2 = step.cells
        assert conjugate(state, digit, p1, p2) and len({geo.box_of(c) for c in box_cells}) == 1
        assert any(all(geo.row(c) == r or geo.col(c) == k for c in box_cells) for r in range(9) for k in range(9))


# ---- HoDoKu's duals (issue 13), on hand-made states of digit 1 alone


def _eliminations(name: str, state) -> list[set]:
    return [set(s.eliminations) for s in technique(name).find(View(state))]


def test_a_dual_2_string_kite_is_two_kites_through_the_same_box_cells():
    # box 1 holds 1 at r1c2 and r2c1. Kite 1: row 1 (r1c2=r1c7), column 1 (r2c1=r8c1): r8c7 goes.
    # Kite 2: row 2 (r2c1=r2c5), column 2 (r1c2=r7c2): r7c5 goes.
    ones = ("r1c2", "r1c7", "r2c1", "r2c5", "r8c1", "r7c2", "r8c7", "r7c5")
    state = state_of({}, {name: (1,) for name in ones})
    assert {(cell_of("r8c7"), 1), (cell_of("r7c5"), 1)} in _eliminations("dual_two_string_kite", state)
    assert {(cell_of("r8c7"), 1)} in _eliminations("two_string_kite", state)


def test_a_dual_empty_rectangle_is_two_on_the_same_box_candidates():
    # box 5 holds 1 at r5c4, r5c5, r4c5 (row 5 and column 5). Column 8's pair r5c8=r1c8 removes
    # r1c5; row 9's pair r9c5=r9c2 removes r5c2.
    ones = ("r5c4", "r5c5", "r4c5", "r5c8", "r1c8", "r9c5", "r9c2", "r1c5", "r5c2")
    state = state_of({}, {name: (1,) for name in ones})
    assert {(cell_of("r1c5"), 1), (cell_of("r5c2"), 1)} in _eliminations("dual_empty_rectangle", state)


def test_duals_stay_out_of_the_full_preset_as_in_hodoku():
    assert not {"dual_two_string_kite", "dual_empty_rectangle"} & set(PRESETS["full"])

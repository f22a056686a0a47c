"""Singles on the states of real solve paths: every placement is the true digit, and is the pattern it names."""

from __future__ import annotations

from collections import Counter

from tests.solvers.human.pattern_cases import family, instances, states_using

SINGLES = tuple(family("singles"))
STATES = states_using(SINGLES, (2.5, 3.0), every=25)


def test_every_single_places_the_true_digit_and_is_the_pattern_it_names():
    found = instances(SINGLES, STATES, most=200)
    assert set(Counter(step.technique for _, step, _ in found)) == set(SINGLES)
    for state, step, _ in found:
        geo, marks, values = state.geometry, state.marks, state.values
        ((cell, digit),) = step.placements
        assert not step.eliminations and marks[cell] >> (digit - 1) & 1
        if step.technique == "naked_single":
            assert marks[cell] == 1 << (digit - 1)
        elif step.technique == "hidden_single":
            (unit,) = step.units
            assert [c for c in geo.units[unit] if marks[c] >> (digit - 1) & 1] == [cell]
        else:  # full house: the unit's last open cell, and its last digit
            (unit,) = step.units
            assert [c for c in geo.units[unit] if not values[c]] == [cell]
            assert {values[c] for c in geo.units[unit]} | {digit} == set(range(1, 10)) | {0}

"""Box-line intersections on the states of real solve paths: every elimination keeps the true digit,
and each step is the pattern it names, with exactly the eliminations that pattern allows."""

from __future__ import annotations

from collections import Counter

from tests.solvers.human.pattern_cases import family, instances, states_using

INTERSECTIONS = tuple(family("intersections"))
STATES = states_using(INTERSECTIONS, (2.6, 3.2), every=5)


def holding(state, cells, digit) -> set[int]:
    return {c for c in cells if state.marks[c] >> (digit - 1) & 1}


def test_locked_candidates_are_confined_and_leave_the_other_house():
    found = instances(("locked_candidates_pointing", "locked_candidates_claiming"), STATES)
    assert Counter(step.technique for _, step, _ in found).keys() == {"locked_candidates_pointing",
                                                                     "locked_candidates_claiming"}
    for state, step, _ in found:
        geo = state.geometry
        (digit,) = step.digits
        house, other = (set(geo.units[u]) for u in step.units)  # pointing: (box, line); claiming: (line, box)
        assert set(step.cells) == holding(state, house, digit) and len(step.cells) > 1
        assert set(step.cells) <= other
        assert set(step.eliminations) == {(c, digit) for c in holding(state, other - house, digit)}
        assert (geo.unit_name(step.units[0]).startswith("b")) == (step.technique == "locked_candidates_pointing")


def test_locked_pairs_and_triples_lock_their_digits_in_box_and_line():
    found = instances(("locked_pair", "locked_triple"), STATES)
    assert Counter(step.technique for _, step, _ in found).keys() == {"locked_pair", "locked_triple"}
    for state, step, _ in found:
        geo, size = state.geometry, 2 if step.technique == "locked_pair" else 3
        box, line = (set(geo.units[u]) for u in step.units)
        mask = 0
        for c in step.cells:
            mask |= state.marks[c]
        assert len(step.cells) == size and set(step.cells) <= box & line
        assert mask.bit_count() == size and set(step.digits) == {d for d in range(1, 10) if mask >> (d - 1) & 1}
        expected = {(c, d) for d in step.digits for c in holding(state, (box | line) - set(step.cells), d)}
        assert set(step.eliminations) == expected

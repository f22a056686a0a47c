"""Naked and hidden subsets on the states of real solve paths: every elimination keeps the true digit,
and each step is k cells of a unit locked with k digits, removing exactly what that allows."""

from __future__ import annotations

from collections import Counter

from tests.solvers.human.pattern_cases import family, instances, states_using

SUBSETS = tuple(family("subsets"))
SIZES = {"pair": 2, "triple": 3, "quad": 4}


def test_subsets_lock_k_digits_in_k_cells_of_a_unit():
    found = instances(SUBSETS, states_using(SUBSETS, (3.0, 5.4), every=8))
    assert set(Counter(step.technique for _, step, _ in found)) == set(SUBSETS)
    for state, step, _ in found:
        kind, size = step.technique.split("_")[0], SIZES[step.technique.split("_")[1]]
        (unit,) = step.units
        cells, digits = set(step.cells), set(step.digits)
        unit_cells = set(state.geometry.units[unit])
        assert len(cells) == len(digits) == size and cells <= unit_cells
        marks = state.marks

        def has(c: int, d: int, marks: list[int] = marks) -> bool:
            return bool(marks[c] >> (d - 1) & 1)

        if kind == "naked":  # the cells hold only those digits; the rest of the unit loses them
            assert all(has(c, d) <= (d in digits) for c in cells for d in range(1, 10))
            expected = {(c, d) for c in unit_cells - cells for d in digits if has(c, d)}
        else:  # the digits fit only those cells; the cells lose their other digits
            assert {c for c in unit_cells for d in digits if has(c, d)} == cells
            expected = {(c, d) for c in cells for d in set(range(1, 10)) - digits if has(c, d)}
        assert expected and set(step.eliminations) == expected

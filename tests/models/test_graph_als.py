"""A unit's almost locked sets (``unit_sets``) against their definition: every subset of the unit's
open cells holding one digit more than it has cells (and at most ``MAX_ALS_DIGITS``), in
``unit_subsets``'s depth-first order, the order ``View.als`` lists them in."""

from __future__ import annotations

import random
from itertools import combinations

from sudokit.models.graph import MAX_ALS_DIGITS, unit_sets


def plainly(marks: list[int], unit: list[int]) -> list[tuple[tuple[int, ...], int]]:
    """Every subset of the open cells with one digit more than cells, sorted as depth first: by the
    cells' positions in the unit, a subset before its extensions."""
    open_cells = [c for c in unit if marks[c]]
    found = []
    for n in range(1, len(open_cells) + 1):
        for cells in combinations(open_cells, n):
            mask = 0
            for c in cells:
                mask |= marks[c]
            if mask.bit_count() == n + 1 and mask.bit_count() <= MAX_ALS_DIGITS:
                found.append((cells, mask))
    position = {c: k for k, c in enumerate(unit)}
    return sorted(found, key=lambda found: [position[c] for c in found[0]])


def test_a_units_sets_are_those_of_the_definition_in_depth_first_order():
    rng = random.Random(44)
    for size, most in ((9, 9), (16, 11), (4, 4)):
        for _ in range(400):
            unit = rng.sample(range(size * size), most)
            marks = [0] * (size * size)
            for c in unit:  # some cells solved (no marks), the others one to three of a few digits
                if rng.random() < 0.8:
                    marks[c] = sum(1 << d for d in rng.sample(range(min(size, rng.choice((4, 6, size)))), rng.randint(1, 3)))
            assert unit_sets(marks, unit) == plainly(marks, unit)


def test_a_units_sets_on_a_hand_made_unit():
    # r1c1 {1,2}, r1c2 {2,3}, r1c3 {3,4}, r1c4 solved: three singles with two digits, two pairs with
    # three, the triple with four
    marks = [0b11, 0b110, 0b1100, 0] + [0] * 77
    assert [cells for cells, _ in unit_sets(marks, [0, 1, 2, 3])] == [(0,), (0, 1), (0, 1, 2), (1,), (1, 2), (2,)]

"""Aligned exclusion's search (each value looks for one possible combination; excluders that can
never be emptied are skipped) checked against trying every combination, on random base cells."""

from __future__ import annotations

import random
from itertools import product

from sudokit.models.candidates import Candidates, digits_of
from sudokit.models.graph import peer_bits
from sudokit.models.grid import Grid
from sudokit.solvers.human.se.exclusion import _kept

PUZZLE = "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"


def every_combination(marks: list[int], cells: tuple[int, ...], excluders: list[int], sees) -> list[tuple[int, int]]:
    """The eliminations: the base cells' values that no possible combination holds."""
    allowed = [0] * len(cells)
    for values in product(*(digits_of(marks[c]) for c in cells)):
        if any(values[i] == values[j] and sees(cells[i], cells[j])
               for i in range(len(cells)) for j in range(i + 1, len(cells))):
            continue
        taken = set(values)
        if any(set(digits_of(marks[e])) <= taken for e in excluders):
            continue
        for i, v in enumerate(values):
            allowed[i] |= 1 << (v - 1)
    return [(c, d) for i, c in enumerate(sorted(cells)) for d in digits_of(marks[c] & ~allowed[cells.index(c)])]


def test_search_finds_what_every_combination_finds():
    state = Candidates.from_grid(Grid.parse(PUZZLE))
    rng = random.Random(5)
    marks = [m if not m else m & ~(1 << rng.randrange(9)) or m for m in state.marks]  # some smaller cells
    geo = state.geometry
    several = [c for c in range(81) if marks[c].bit_count() >= 2]
    few = [c for c in several if marks[c].bit_count() <= 3]
    found = 0
    for _ in range(400):
        cells = tuple(sorted(rng.sample(several, rng.choice((2, 3)))))
        excluders = rng.sample([c for c in few if c not in cells], 3)
        allowed = _kept(marks, cells, excluders, peer_bits(9))
        eliminated = [(c, d) for i, c in enumerate(cells) for d in digits_of(marks[c] & ~allowed[i])] if allowed else []
        assert eliminated == every_combination(marks, cells, excluders, geo.sees)
        found += bool(eliminated)
    assert found  # some draws eliminate something

"""Transformations preserve validity and map solutions back (checked by the judge and true solutions)."""

from __future__ import annotations

import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sudokit.compare.run.transforms import random_transform, transform_for
from sudokit.compare.sets import load_set
from sudokit.models.grid import Grid, is_solution
from sudokit.solvers.registry import BACKENDS

KNOWN = [p for p in load_set("tdoku-tests") if p.meta.get("count") == 1 and "solution" in p.meta]


def pattern_solution(size: int) -> Grid:
    """A valid size×size solution by the shifted-rows pattern (independent of the code under test)."""
    n = math.isqrt(size)
    return Grid(tuple((n * (r % n) + r // n + c) % size + 1 for r in range(size) for c in range(size)))


@settings(max_examples=60, deadline=None)
@given(size=st.sampled_from([4, 9, 16, 25]), seed=st.integers(0, 2**32), blanks=st.floats(0, 1))
def test_a_transformed_solution_solves_the_transformed_puzzle(size, seed, blanks):
    solution = pattern_solution(size)
    rng = random.Random(seed)
    puzzle = Grid(tuple(0 if rng.random() < blanks else v for v in solution.values))
    t = random_transform(size, rng)
    assert is_solution(t.apply(solution), t.apply(puzzle))
    assert t.undo(t.apply(solution)) == solution
    assert t.undo(t.apply(puzzle)) == puzzle
    assert t.apply(puzzle).count_givens() == puzzle.count_givens()


def test_transforms_are_seeded_and_vary():
    assert transform_for(1, "s", 0, 9) == transform_for(1, "s", 0, 9)
    assert len({transform_for(1, "s", i, 9) for i in range(20)}) == 20


@settings(max_examples=15, deadline=None)
@given(known=st.sampled_from(KNOWN), seed=st.integers(0, 10**6))
def test_a_backend_solution_of_the_transformed_puzzle_maps_back_to_the_true_solution(known, seed):
    t = transform_for(seed, "tdoku-tests", known.index, 9)
    result = BACKENDS["dlx"].create().solve(t.apply(known.grid))
    assert t.undo(result.solution) == Grid.parse(known.meta["solution"])

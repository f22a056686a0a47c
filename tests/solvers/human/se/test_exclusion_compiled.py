"""The compiled aligned exclusions find the same base cells, excluders and kept values, in the same
order, as the Python search (``exclusion._combinations``), on hard puzzles' pencil marks with a
share of their false candidates removed (numba installed: the ``fast`` extra)."""

from __future__ import annotations

import random

import pytest

from sudokit.models.candidates import Candidates
from sudokit.solvers.human.se.exclusion import _combinations
from sudokit.solvers.human.view import View

from .test_chain_static import states

exclusion_compiled = pytest.importorskip("sudokit.solvers.human.se.exclusion_compiled")
if exclusion_compiled.aligned is None:
    pytest.skip("numba is not installed (or SUDOKIT_PURE is set)", allow_module_level=True)


def test_same_combinations_as_in_python():
    found = {2: 0, 3: 0}
    for marks in states():
        view = View(Candidates(9, marks, [0] * 81))
        for degree in (2, 3):
            expected = list(_combinations(view, degree))
            assert exclusion_compiled.aligned(marks, degree) == expected
            found[degree] += len(expected)
    assert all(found.values()), found  # pairs and triplets that eliminate were met


def test_same_combinations_on_thinned_marks():
    """Many more eliminating triplets, some met first by their second or third pair of base cells."""
    rng = random.Random(4)
    found = {2: 0, 3: 0}
    grids = states()
    for _ in range(250):
        marks = list(rng.choice(grids))
        share = rng.choice((0.2, 0.3, 0.4))
        for cell, m in enumerate(marks):
            for bit in (1 << d for d in range(9)):
                if m & bit and m & ~bit and rng.random() < share:
                    m &= ~bit
            marks[cell] = m
        view = View(Candidates(9, marks, [0] * 81))
        for degree in (2, 3):
            expected = list(_combinations(view, degree))
            assert exclusion_compiled.aligned(marks, degree) == expected
            found[degree] += len(expected)
    assert min(found.values()) > 100, found

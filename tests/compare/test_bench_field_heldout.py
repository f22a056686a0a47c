"""The held-out maker: a proper, minimal puzzle from a seed, the same one again from the same seed."""

from __future__ import annotations

import pytest

from sudokit.compare.bench import field_heldout
from sudokit.models.grid import Grid
from sudokit.solvers.base import Status
from sudokit.solvers.registry import get_backend

pytest.importorskip("pysat")


def test_a_seed_makes_a_minimal_proper_puzzle_of_its_own_solution_grid():
    made = field_heldout.make(7, size=9, check_limit=5.0)
    again = field_heldout.make(7, size=9, check_limit=5.0)
    assert made.puzzle == again.puzzle and made.timeouts == 0
    dlx = get_backend("dlx").create()  # an independent judge of uniqueness
    answer = dlx.solve(made.puzzle, limit=2)
    assert answer.status is Status.SOLVED
    givens = [cell for cell, digit in enumerate(made.puzzle.values) if digit]
    assert 17 <= len(givens) < 40
    for cell in givens:  # minimal: every given is needed
        values = list(made.puzzle.values)
        values[cell] = 0
        assert dlx.solve(Grid(tuple(values)), limit=2).status is Status.MULTIPLE

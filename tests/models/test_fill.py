"""Random solution grids: valid, reproducible from the generator's state, and varied."""

from __future__ import annotations

import random

import pytest

from sudokit.models.fill import random_solution
from sudokit.models.grid import Grid, is_solution


@pytest.mark.parametrize("size", [4, 9, 16])
def test_grids_are_complete_and_valid(size):
    for seed in range(5):
        assert is_solution(random_solution(size, random.Random(seed)), Grid.empty(size))


def test_the_same_state_gives_the_same_grid_and_others_differ():
    grids = [random_solution(9, random.Random(seed)) for seed in range(20)]
    assert grids[3] == random_solution(9, random.Random(3))
    assert len(set(grids)) == 20


def test_every_digit_appears_in_the_first_cell():
    """The random choices reach every digit (a fill that always starts the same way would not)."""
    assert {random_solution(9, random.Random(seed)).values[0] for seed in range(200)} == set(range(1, 10))

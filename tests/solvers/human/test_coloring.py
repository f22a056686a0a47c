"""Colouring on real puzzles, checked against their solutions (the exact patterns are the library's)."""

from __future__ import annotations

import pytest

from tests.solvers.human.chain_cases import check_solve_uses


@pytest.mark.parametrize("name", ["simple_colors", "multi_colors_1"])
def test_solves_that_need_colouring_are_sound(name):
    check_solve_uses(name)

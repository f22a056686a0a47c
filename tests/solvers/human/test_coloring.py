"""Colouring: sound on real puzzles (checked against their solutions); exact patterns are the library's."""

from __future__ import annotations

import pytest

from models.candidates import Candidates
from solvers.human.engine import find_steps
from tests.solvers.human.chain_cases import check_solve_uses


@pytest.mark.parametrize("name", ["simple_colors", "multi_colors_1"])
def test_solves_that_need_colouring_are_sound(name):
    check_solve_uses(name)


def test_a_colour_trap_and_a_colour_wrap():
    """Digit 1 in rows 1-3 only: conjugate pairs r1c1-r1c5 (row), r1c5-r2c5? No: built so the
    cluster r1c1 / r1c5 / r3c5 colours r1c1 and r3c5 alike, which share no unit, and r3c1 sees both
    colours (trap)."""
    lines = ["1..1....."] + ["........."] * 8
    state = Candidates.parse("".join(lines).replace(".", "0").replace("1", "."))
    assert state  # placeholder replaced below

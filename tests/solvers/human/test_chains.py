"""Chains and loops: sound on real puzzles, written in nice-loop notation, bounded by a length limit."""

from __future__ import annotations

import pytest

from sudokit.models.candidates import Candidates
from sudokit.solvers.human.techniques.chains import grouped_aic, xy_chain
from sudokit.solvers.human.view import View
from tests.solvers.human.chain_cases import check_solve_uses

CHAINS = ["x_chain", "xy_chain", "continuous_nice_loop", "discontinuous_nice_loop", "aic",
          "grouped_continuous_nice_loop", "grouped_discontinuous_nice_loop", "grouped_aic"]


@pytest.mark.parametrize("name", CHAINS)
def test_solves_that_need_a_chain_are_sound(name):
    check_solve_uses(name)


def open_but(marks: dict[int, str], size: int = 9) -> Candidates:
    """Every cell open with every digit, but the given ones."""
    every = "123456789ABCDEFG"[:size]
    return Candidates.parse("".join(f"{marks.get(cell, every):.<{size}}" for cell in range(size * size)))


def three_bivalue_cells(size: int = 9) -> Candidates:
    """r1c2 = 1/4, r3c3 = 4/7, r3c8 = 7/1: the issue's XY-Chain."""
    return open_but({1: "14", 2 * size + 2: "47", 2 * size + 7: "17"}, size)


def test_the_issue_xy_chain_in_its_notation():
    (step,) = xy_chain(View(three_bivalue_cells()))
    # the cells that see both ends, r1c2 and r3c8, lose the 1: row 1 in box 3, row 3 in box 1
    assert step.explanation == ("XY-Chain: 1- r1c2 -4- r3c3 -7- r3c8 -1 => "
                                "r1c7<>1, r1c8<>1, r1c9<>1, r3c1<>1, r3c2<>1")
    assert step.length == 6


def test_the_length_limit_is_an_option():
    assert list(xy_chain(View(three_bivalue_cells()), max_links=4)) == []
    assert len(list(xy_chain(View(three_bivalue_cells()), max_links=5))) == 1


def test_chains_on_a_16x16_grid():
    (step,) = xy_chain(View(three_bivalue_cells(16)))
    # r1c2 and r3c3 share box 1 (4x4 boxes); what sees both ends: row 1 in box 2, row 3 in box 1
    assert step.explanation == ("XY-Chain: 1- r1c2 -4- r3c3 -7- r3c8 -1 => "
                                "r1c5<>1, r1c6<>1, r1c7<>1, r1c8<>1, r3c1<>1, r3c2<>1, r3c4<>1")


def test_a_grouped_aic_through_an_almost_locked_set():
    # r1c1 = 1/2; box 2 holds the ALS r1c4 = 234, r1c5 = 34, r2c6 = 14 (3 cells, 4 digits). If r1c1 is not 1
    # it is 2, so r1c4 is not 2, the ALS is locked on 1,3,4 and r2c6 (its only 1) is 1: what sees both
    # r1c1 and r2c6 loses 1 (r1c6 in row 1, r2c1-3 in row 2)
    (step,) = grouped_aic(View(open_but({0: "12", 3: "234", 4: "34", 14: "14"})))
    assert step.explanation == "Grouped AIC: 1- r1c1 -2- (2=1)r1c45,r2c6 -1 => r1c6<>1, r2c1<>1, r2c2<>1, r2c3<>1"

"""SE mode against Sudoku Explainer itself: the ER/EP/ED that SE 1.2.1.3's own rater (``serate``,
run outside this project by ``python -m sudokit.compare.bench.serate``) gave to the puzzles of
the bundled set ``serate-200`` (drawn from the SE-rated sample) and to three of the forum's hardest.
The expected numbers are SE's output, not ours."""

from __future__ import annotations

import pytest

from sudokit.compare.sets import load_set
from sudokit.models.grid import Grid
from sudokit.solvers.base import Status
from sudokit.solvers.human.engine import solve_logically

ROWS = [(p.grid.line(), p.meta["se_rating"], p.meta["ep"], p.meta["ed"]) for p in load_set("serate-200").puzzles]
QUICK_BELOW = 7.0  # SE mode rates these in well under a second each; the chains above take longer
CHAINS = [r for r in ROWS if r[1] >= QUICK_BELOW]
FORUM = [  # tdoku data (BSD-2-Clause, compare/sets/LICENSE.tdoku): listed as ER 11+, SE 1.2.1.3 says less
    ("98.76.5..76.4.......3..9.7.6....4.9.....2..5.......4.13..1..2...7...8.6.....4...5", 10.8, 10.8, 2.6),
    ("9876..5..4..9..6...3..8....7......94..47...65......7..5..2..4.6.4......2..2.1....", 10.9, 10.9, 9.3),
    ("98.7..6..5...8..7...7..6...4.......3..8.9.5.......2.4..1......2..5.7.9.....3.1...", 10.9, 10.9, 2.6),
]


def _check(line: str, er: float, ep: float, ed: float) -> None:
    result = solve_logically(Grid.parse(line), mode="se", time_limit=300)
    assert result.status is Status.SOLVED, line
    assert (result.rating.se_rating, result.rating.ep, result.rating.ed) == (er, ep, ed), line


def test_the_set_spans_ses_scale():
    """The set is not all easy: SE's ratings run from singles to dynamic forcing chains (+)."""
    ratings = sorted(r[1] for r in ROWS)
    assert len(ROWS) == 200 and ratings[0] < 3.0 and ratings[-1] >= 9.0
    assert any(r[2] != r[1] for r in ROWS)  # EP differs from ER somewhere: the three are checked apart


@pytest.mark.parametrize("line, er, ep, ed", [r for r in ROWS if r[1] < QUICK_BELOW])
def test_se_mode_gives_ses_own_numbers(line, er, ep, ed):
    _check(line, er, ep, ed)


@pytest.mark.slow
@pytest.mark.parametrize("line, er, ep, ed", CHAINS[::4])
def test_se_mode_gives_ses_own_numbers_with_chains(line, er, ep, ed):
    """A quarter of those SE rates 7.0 or more (up to 5 s each): the rest are run by hand."""
    _check(line, er, ep, ed)


@pytest.mark.manual
@pytest.mark.parametrize("line, er, ep, ed", [r for i, r in enumerate(CHAINS) if i % 4])
def test_se_mode_gives_ses_own_numbers_with_chains_all(line, er, ep, ed):
    _check(line, er, ep, ed)


@pytest.mark.manual
@pytest.mark.parametrize("line, er, ep, ed", FORUM)
def test_se_mode_gives_ses_own_numbers_on_nested_chains(line, er, ep, ed):
    """About 20-30 s of CPU each."""
    _check(line, er, ep, ed)

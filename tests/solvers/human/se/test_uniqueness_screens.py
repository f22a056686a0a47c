"""The quick screens in front of SE's unique loops (``uniqueness._room``) and BUG (``bug._may_be_grave``),
and the loops kept from state to state, change nothing: on the states of SE paths, and on those
states with a share of their candidates removed, the loops and the BUG are those of SE's full
searches, and the screens do cut searches short."""

from __future__ import annotations

import random

from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid
from sudokit.solvers.human.engine import apply_step, solve_logically
from sudokit.solvers.human.se import bug, uniqueness
from sudokit.solvers.human.view import Memo, View

PUZZLES = (
    ".3.....8....791.....5...7....4.8.5....12.43..2..3.5..8..25.86...........5.3.1.8.9",  # a unique loop
    "...1......48.53.1...19..46..5.6.28.7.6.....2.2.47.5.3..26..91...1.42.58......6...",  # BUG 1, 3
    ".3..6.9....69...7....3..8649....6..74.3...6.81..7....9317..2....2...73....8.3..5.",  # BUG 2, 4
)


def states() -> list[Candidates]:
    """The states of SE mode's paths on PUZZLES, each also thinned."""
    grids = [Grid.parse(p) for p in PUZZLES]
    rng = random.Random(3)
    found = []
    for grid in grids:
        state = Candidates.from_grid(grid)
        for step in solve_logically(grid, mode="se").steps:
            found.append(state.copy())
            thinned = state.copy()
            for cell, m in enumerate(thinned.marks):
                for bit in (1 << d for d in range(9)):
                    if m & bit and m & ~bit & (m & ~bit) - 1 and rng.random() < 0.15:  # each keeps two
                        m &= ~bit
                thinned.marks[cell] = m
            found.append(thinned)
            apply_step(state, step)
    return found


def test_the_screens_change_nothing(monkeypatch):
    seen = {"loops": 0, "loops screened": 0, "graves": 0, "graves screened": 0}
    everywhere = (1 << 81) - 1
    cases = states()
    memo = Memo()  # one for all: each pair's loops are kept from state to state where they still hold
    for state in cases:
        view = View(state)
        grave = bug._grave(view)
        assert bug.grave_of(view) == grave
        seen["graves"] += grave is not None
        seen["graves screened"] += not bug._may_be_grave(view)
        screened = uniqueness.unique_loops(View(state, memo))
        with monkeypatch.context() as patched:  # SE's walk, everywhere, afresh
            patched.setattr(uniqueness, "_room", lambda size, cells: everywhere)
            assert uniqueness.unique_loops(View(state)) == screened
        seen["loops"] += len(screened)
        pairs = {m for m in state.marks if m.bit_count() == 2}
        seen["loops screened"] += any(uniqueness._room(9, held) != held for held in (_holding(view, p) for p in pairs))
    assert min(seen.values()) > 5, seen


def test_the_bug_screen_lets_through_wide_cells_sharing_their_one_extra_digit():
    """r1c1, r5c5 and r9c9 have no common peer: with three candidates each and 9 among them, they can be
    the BUG cells of one BUG digit (9); with a fourth candidate, or no digit in common, they cannot."""
    marks = [0b11] * 81
    marks[0], marks[40], marks[80] = 0b100000011, 0b100000011, 0b100000101
    assert bug._may_be_grave(View(Candidates(9, marks, [0] * 81)))
    marks[80] = 0b100001101
    assert not bug._may_be_grave(View(Candidates(9, marks, [0] * 81)))
    marks[80] = 0b11100
    assert not bug._may_be_grave(View(Candidates(9, marks, [0] * 81)))


def _holding(view: View, pair: int) -> int:
    """The cells holding both digits of ``pair``."""
    return sum(1 << cell for cell, m in enumerate(view.marks) if m & pair == pair)

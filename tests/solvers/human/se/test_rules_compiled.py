"""The compiled simple techniques inside nested chains give the first technique's hints exactly as
the Python ones (``chain_rules.simple_rules``) do, on grids dynamic chains reduce hard puzzles' pencil
marks to, whole and with half their removals (numba installed: the ``fast`` extra)."""

from __future__ import annotations

import random

import pytest

from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid
from sudokit.solvers.human.se.chain_rules import simple_rules

from .test_chain_static import PUZZLES, states
from .test_chain_unary import reduced

rules_compiled = pytest.importorskip("sudokit.solvers.human.se.rules_compiled")
if rules_compiled.first_rules is None:
    pytest.skip("numba is not installed (or SUDOKIT_PURE is set)", allow_module_level=True)


def test_first_technique_hints_as_in_python():
    rng = random.Random(5)
    sources = [list(Candidates.from_grid(Grid.parse(p)).marks) for p in PUZZLES[:3]] + [list(m) for m in states()[3:6]]
    by_technique = [0] * 5  # none, locking, hidden pair, naked pair, X-wing
    for source in sources:
        for marks in reduced(source, 3):
            gone = [(c, d) for c in range(81) for d in range(9) if (source[c] & ~marks[c]) >> d & 1]
            half = source[:]
            for c, d in rng.sample(gone, len(gone) // 2):
                half[c] &= ~(1 << d)
            for grid in (marks, half):
                groups = list(simple_rules(grid, source))
                technique = next((i + 1 for i, hints in enumerate(groups) if hints), 0)
                expected = groups[technique - 1] if technique else []
                got = rules_compiled.first_rules(grid, source)
                assert [(h.removable, h.parents) for h in got] == [(h.removable, h.parents) for h in expected]
                by_technique[technique] += 1
    assert all(by_technique), by_technique  # every technique's hints met, and grids with none


def test_locking_segments_are_the_crossings():
    """Each locking pair's segments (``rule_tables``), as ``_first_rules`` finds their cells: the
    crossing of base and cover, the base's other two along the cover, the cover's other two."""
    from sudokit.solvers.human.se.chain_core import UNITS

    def cells(seg: int) -> set[int]:
        line, third = seg % 27 // 3, seg % 3
        first, step = (line * 9 + third * 3, 1) if seg < 27 else (third * 27 + line, 9)
        return {first, first + step, first + 2 * step}

    locking = rules_compiled.rule_tables()[3]
    assert len(locking) == 108
    for base, cover, _, _, shared, base_1, base_2, cover_1, cover_2 in locking.tolist():
        b, c = set(UNITS[base]), set(UNITS[cover])
        assert cells(shared) == b & c
        assert cells(base_1) | cells(base_2) == b - c and len(cells(base_1) | cells(base_2)) == 6
        assert cells(cover_1) | cells(cover_2) == c - b and len(cells(cover_1) | cells(cover_2)) == 6

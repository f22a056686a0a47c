"""The techniques SE's (+) and nested chains apply inside a chain, on the grid the chain has reduced.

When a dynamic chain of level 1 or more has nothing left to follow, SE tries, in order and up to
the first that removes something: pointing and claiming, hidden pairs, naked pairs, X-wings, then
(nested levels) whole chaining techniques. Each hint becomes "off" potentials whose parents are
the chain's removals the hint needs (``rule_parents``); a hint needing none is left out (it holds
without the chain). This module has the four simple techniques, as SE finds them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations

from sudokit.solvers.human.se.chain_core import BITS, UNITS

BLOCKS, ROWS, COLUMNS = range(0, 9), range(9, 18), range(18, 27)
CELL_SETS = tuple(frozenset(cells) for cells in UNITS)


@dataclass(frozen=True)
class RuleHint:
    """A simple technique's hint: what it removes, and the base cells whose removals it needs."""

    removable: tuple[tuple[int, int], ...]
    needs: tuple[tuple[int, int], ...]  # (cell, digit) that must be gone (SE's parents)

    def rule_parents(self, initial: list[int], current: list[int]) -> list[int]:
        return [(c * 9 + d - 1) * 2 for c, d in self.needs if initial[c] >> (d - 1) & 1 and not current[c] >> (d - 1) & 1]


def simple_rules(marks: list[int], initial: list[int]) -> Iterator[list[RuleHint]]:
    """Each simple technique's hints that need a removal of ``initial``'s candidates, in turn (SE's
    order: locking, hidden pair, naked pair, X-wing); the others, which SE leaves out, are not
    looked for: only units where the chain removed a candidate can hold one."""
    gone = [a & ~b for a, b in zip(initial, marks, strict=True)]
    unit_gone = [0] * 27  # per unit, the digits removed from its cells
    for unit, cells in enumerate(UNITS):
        for c in cells:
            unit_gone[unit] |= gone[c]
    if not any(unit_gone):
        return
    yield list(_locking(marks, unit_gone))
    yield list(_hidden_pairs(marks, unit_gone))
    yield list(_naked_pairs(marks, gone))
    yield list(_x_wings(marks, unit_gone))


def _locking(marks: list[int], unit_gone: list[int]) -> Iterator[RuleHint]:
    for bases, covers in ((BLOCKS, COLUMNS), (BLOCKS, ROWS), (COLUMNS, BLOCKS), (ROWS, BLOCKS)):
        for base in bases:
            if not unit_gone[base]:
                continue
            base_cells = UNITS[base]
            for cover in covers:
                cover_cells = CELL_SETS[cover]
                if cover_cells.isdisjoint(base_cells):
                    continue
                for d0 in BITS[unit_gone[base]]:
                    bit = 1 << d0
                    places = [c for c in base_cells if marks[c] & bit]
                    if len(places) > 1 and all(c in cover_cells for c in places):
                        removable = tuple((c, d0 + 1) for c in sorted(cover_cells)
                                          if marks[c] & bit and c not in base_cells)
                        if removable:
                            needs = tuple((c, d0 + 1) for c in base_cells if c not in cover_cells)
                            yield RuleHint(removable, needs)


def _hidden_pairs(marks: list[int], unit_gone: list[int]) -> Iterator[RuleHint]:
    for unit in range(27):
        if not unit_gone[unit]:
            continue
        cells = UNITS[unit]
        if sum(1 for c in cells if marks[c]) <= 4:
            continue
        places = [frozenset(c for c in cells if marks[c] >> d0 & 1) for d0 in range(9)]
        for a, b in combinations(range(9), 2):
            if not unit_gone[unit] >> a & 1 and not unit_gone[unit] >> b & 1:
                continue
            both = places[a] | places[b]
            if len(both) != 2 or not places[a] or not places[b]:
                continue
            keep = 1 << a | 1 << b
            removable = tuple((c, d + 1) for c in sorted(both) for d in BITS[marks[c] & ~keep])
            if removable:
                needs = tuple((c, d + 1) for c in cells if c not in both for d in (a, b))
                yield RuleHint(removable, needs)


def _naked_pairs(marks: list[int], gone: list[int]) -> Iterator[RuleHint]:
    for unit in range(27):
        cells = UNITS[unit]
        if not any(gone[c] for c in cells) or sum(1 for c in cells if marks[c]) < 4:
            continue
        for p, q in combinations([c for c in cells if marks[c]], 2):
            if not gone[p] and not gone[q]:
                continue
            union = marks[p] | marks[q]
            if union.bit_count() != 2:
                continue
            removable = tuple((c, d + 1) for c in sorted(cells) if c not in (p, q) for d in BITS[marks[c] & union])
            if removable:
                needs = tuple((c, d + 1) for c in (p, q) for d in range(9) if not union >> d & 1)
                yield RuleHint(removable, needs)


def _x_wings(marks: list[int], unit_gone: list[int]) -> Iterator[RuleHint]:
    for d0 in range(9):
        bit = 1 << d0
        for bases, covers in ((ROWS, COLUMNS), (COLUMNS, ROWS)):
            if not any(unit_gone[b] & bit for b in bases):
                continue
            lines = []
            for base in bases:
                spots = [i for i, c in enumerate(UNITS[base]) if marks[c] & bit]
                if 2 <= len(spots) <= 2:
                    lines.append((base, spots))
            for (b1, s1), (b2, s2) in combinations(lines, 2):
                if s1 != s2:
                    continue
                if not (unit_gone[b1] | unit_gone[b2]) & bit:
                    continue
                base_cells = set(UNITS[b1]) | set(UNITS[b2])
                cover_cells = set(UNITS[covers[s1[0]]]) | set(UNITS[covers[s1[1]]])
                removable = tuple((c, d0 + 1) for c in sorted(cover_cells - base_cells) if marks[c] & bit)
                if removable:
                    needs = tuple((c, d0 + 1) for c in sorted(base_cells - cover_cells))
                    yield RuleHint(removable, needs)

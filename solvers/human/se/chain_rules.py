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


@dataclass(frozen=True)
class RuleHint:
    """A simple technique's hint: what it removes, and the base cells whose removals it needs."""

    removable: tuple[tuple[int, int], ...]
    needs: tuple[tuple[int, int], ...]  # (cell, digit) that must be gone (SE's parents)

    def rule_parents(self, initial: list[int], current: list[int]) -> list[int]:
        return [(c * 9 + d - 1) * 2 for c, d in self.needs if initial[c] >> (d - 1) & 1 and not current[c] >> (d - 1) & 1]


def simple_rules(marks: list[int]) -> Iterator[list[RuleHint]]:
    """Each simple technique's hints in turn (SE's order: locking, hidden pair, naked pair, X-wing)."""
    yield list(_locking(marks))
    yield list(_hidden_pairs(marks))
    yield list(_naked_pairs(marks))
    yield list(_x_wings(marks))


def _locking(marks: list[int]) -> Iterator[RuleHint]:
    for bases, covers in ((BLOCKS, COLUMNS), (BLOCKS, ROWS), (COLUMNS, BLOCKS), (ROWS, BLOCKS)):
        for base in bases:
            base_cells = UNITS[base]
            for cover in covers:
                cover_cells = set(UNITS[cover])
                if cover_cells.isdisjoint(base_cells):
                    continue
                for d0 in range(9):
                    bit = 1 << d0
                    places = [c for c in base_cells if marks[c] & bit]
                    if len(places) > 1 and all(c in cover_cells for c in places):
                        removable = tuple((c, d0 + 1) for c in sorted(cover_cells)
                                          if marks[c] & bit and c not in base_cells)
                        if removable:
                            needs = tuple((c, d0 + 1) for c in base_cells if c not in cover_cells)
                            yield RuleHint(removable, needs)


def _hidden_pairs(marks: list[int]) -> Iterator[RuleHint]:
    for unit in range(27):
        cells = UNITS[unit]
        if sum(1 for c in cells if marks[c]) <= 4:
            continue
        places = [frozenset(c for c in cells if marks[c] >> d0 & 1) for d0 in range(9)]
        for a, b in combinations(range(9), 2):
            both = places[a] | places[b]
            if len(both) != 2 or not places[a] or not places[b]:
                continue
            keep = 1 << a | 1 << b
            removable = tuple((c, d + 1) for c in sorted(both) for d in BITS[marks[c] & ~keep])
            if removable:
                needs = tuple((c, d + 1) for c in cells if c not in both for d in (a, b))
                yield RuleHint(removable, needs)


def _naked_pairs(marks: list[int]) -> Iterator[RuleHint]:
    for unit in range(27):
        cells = UNITS[unit]
        if sum(1 for c in cells if marks[c]) < 4:
            continue
        for p, q in combinations([c for c in cells if marks[c]], 2):
            union = marks[p] | marks[q]
            if union.bit_count() != 2:
                continue
            removable = tuple((c, d + 1) for c in sorted(cells) if c not in (p, q) for d in BITS[marks[c] & union])
            if removable:
                needs = tuple((c, d + 1) for c in (p, q) for d in range(9) if not union >> d & 1)
                yield RuleHint(removable, needs)


def _x_wings(marks: list[int]) -> Iterator[RuleHint]:
    for d0 in range(9):
        bit = 1 << d0
        for bases, covers in ((ROWS, COLUMNS), (COLUMNS, ROWS)):
            lines = []
            for base in bases:
                spots = [i for i, c in enumerate(UNITS[base]) if marks[c] & bit]
                if 2 <= len(spots) <= 2:
                    lines.append((base, spots))
            for (b1, s1), (b2, s2) in combinations(lines, 2):
                if s1 != s2:
                    continue
                base_cells = set(UNITS[b1]) | set(UNITS[b2])
                cover_cells = set(UNITS[covers[s1[0]]]) | set(UNITS[covers[s1[1]]])
                removable = tuple((c, d0 + 1) for c in sorted(cover_cells - base_cells) if marks[c] & bit)
                if removable:
                    needs = tuple((c, d0 + 1) for c in sorted(base_cells - cover_cells))
                    yield RuleHint(removable, needs)

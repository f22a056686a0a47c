"""The techniques SE's (+) and nested chains apply inside a chain, on the grid the chain has reduced.

When a dynamic chain of level 1 or more has nothing left to follow, SE tries, in order and up to
the first that removes something: pointing and claiming, hidden pairs, naked pairs, X-wings, then
(nested levels) whole chaining techniques. Each hint becomes "off" potentials whose parents are
the chain's removals the hint needs (SE's rule parents: the base cells' lost candidates); a hint
needing none holds without the chain, and SE leaves it out. Such hints are not even looked for
here: only a unit where the chain removed something can hold one. Cells and digits are bitsets
over the 81 cells.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations

from sudokit.models.graph import cells_of
from sudokit.solvers.human.se.chain_core import BITS, UNIT_BITS, UNITS, digit_cells

BLOCKS, ROWS, COLUMNS = range(0, 9), range(9, 18), range(18, 27)
# SE's order of (base, cover) pairs: block/column, block/row, column/block, row/block
LOCKING = tuple((base, cover) for bases, covers in ((BLOCKS, COLUMNS), (BLOCKS, ROWS), (COLUMNS, BLOCKS),
                                                    (ROWS, BLOCKS))
                for base in bases for cover in covers if UNIT_BITS[base] & UNIT_BITS[cover])
CROSSING: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((order, cover) for order, (b, cover) in enumerate(LOCKING) if b == base) for base in range(27))


SPREAD = tuple(sum(1 << c * 9 for c in range(9) if spots >> c & 1) for spots in range(512))  # bit c -> bit 9c


@dataclass(frozen=True)
class RuleHint:
    """A simple technique's hint: what it removes, and the chain's removals it needs (off keys)."""

    removable: tuple[tuple[int, int], ...]
    parents: tuple[int, ...]

    def rule_parents(self, initial: list[int], current: list[int], initial_have: list[int],
                     current_have: list[int]) -> list[int]:
        return list(self.parents)




def simple_rules(marks: list[int], initial: list[int], have: list[int] | None = None,
                 initial_have: list[int] | None = None) -> Iterator[list[RuleHint]]:
    """Each simple technique's hints that need the removals from ``initial`` to ``marks``, in turn
    (SE's order: locking, hidden pair, naked pair, X-wing); ``have`` and ``initial_have``, when
    given, are the two grids' ``digit_cells``."""
    have = have if have is not None else digit_cells(marks)
    initial_have = initial_have if initial_have is not None else digit_cells(initial)
    lost = [a & ~b for a, b in zip(initial_have, have, strict=True)]
    if not any(lost):
        return
    filled = lost_cells = 0  # the cells with a candidate, with a lost one
    for bits in have:
        filled |= bits
    for bits in lost:
        lost_cells |= bits
    yield list(_locking(have, lost))
    yield list(_hidden_pairs(marks, have, lost, filled, lost_cells))
    yield list(_naked_pairs(marks, [a & ~b for a, b in zip(initial, marks, strict=True)], filled, lost_cells))
    yield list(_x_wings(have, lost))


def _in_unit_order(unit: int, bits: int) -> list[int]:
    return [c for c in UNITS[unit] if bits >> c & 1]


def _locking(have: list[int], lost: list[int]) -> Iterable[RuleHint]:
    found = []
    for d0 in range(9):
        if not lost[d0]:
            continue
        for base in range(27):
            base_bits = UNIT_BITS[base]
            places = have[d0] & base_bits
            if not lost[d0] & base_bits or places.bit_count() < 2:
                continue
            for order, cover in CROSSING[base]:
                cover_bits = UNIT_BITS[cover]
                if places & ~cover_bits:
                    continue
                needed = lost[d0] & base_bits & ~cover_bits
                removable = have[d0] & cover_bits & ~base_bits
                if needed and removable:
                    found.append((order, d0, RuleHint(tuple((c, d0 + 1) for c in cells_of(removable)),
                                                      tuple((c * 9 + d0) * 2 for c in _in_unit_order(base, needed)))))
    found.sort(key=lambda item: item[:2])
    return (hint for _, _, hint in found)


def _hidden_pairs(marks: list[int], have: list[int], lost: list[int], filled: int,
                  lost_cells: int) -> Iterator[RuleHint]:
    for unit in range(27):
        unit_bits = UNIT_BITS[unit]
        if not lost_cells & unit_bits or (filled & unit_bits).bit_count() <= 4:
            continue
        few = [d0 for d0 in range(9) if 0 < (have[d0] & unit_bits).bit_count() <= 2]
        for a, b in combinations(few, 2):
            pa, pb = have[a] & unit_bits, have[b] & unit_bits
            both = pa | pb
            if both.bit_count() != 2 or not (lost[a] | lost[b]) & unit_bits & ~both:
                continue
            keep = 1 << a | 1 << b
            removable = tuple((c, d + 1) for c in cells_of(both) for d in BITS[marks[c] & ~keep])
            if removable:
                parents = tuple((c * 9 + d) * 2 for c in UNITS[unit] if not both >> c & 1 for d in (a, b)
                                if lost[d] >> c & 1)
                yield RuleHint(removable, parents)


def _naked_pairs(marks: list[int], gone: list[int], filled: int, lost_cells: int) -> Iterator[RuleHint]:
    for unit in range(27):
        unit_bits = UNIT_BITS[unit]
        if not lost_cells & unit_bits or (filled & unit_bits).bit_count() < 4:
            continue
        cells = UNITS[unit]
        # a pair's two cells have two values between them: cells with more take no part
        for p, q in combinations([c for c in cells if 0 < marks[c].bit_count() <= 2], 2):
            union = marks[p] | marks[q]
            if (not gone[p] and not gone[q]) or union.bit_count() != 2:
                continue
            removable = tuple((c, d + 1) for c in cells if c not in (p, q) for d in BITS[marks[c] & union])
            if removable:
                parents = tuple(c * 18 + d * 2 for c in (p, q) for d in BITS[gone[c] & ~union])
                if parents:
                    yield RuleHint(removable, parents)


def _x_wings(have: list[int], lost: list[int]) -> Iterator[RuleHint]:
    for d0 in range(9):
        if not lost[d0]:
            continue
        places = have[d0]
        row_spots = [places >> row * 9 & 0x1FF for row in range(9)]  # per row, its columns with the digit
        turned = 0  # the places transposed: row r's columns c at bits c * 9 + r
        for row, columns in enumerate(row_spots):
            turned |= SPREAD[columns] << row
        column_spots = [turned >> column * 9 & 0x1FF for column in range(9)]
        for bases, covers, spots in ((ROWS, COLUMNS, row_spots), (COLUMNS, ROWS, column_spots)):
            lines = [(base, spots[i]) for i, base in enumerate(bases) if spots[i].bit_count() == 2]
            for (b1, s1), (b2, s2) in combinations(lines, 2):
                base_bits = UNIT_BITS[b1] | UNIT_BITS[b2]
                if s1 != s2 or not lost[d0] & base_bits:
                    continue
                first, second = (i for i in range(9) if s1 >> i & 1)
                cover_bits = UNIT_BITS[covers[first]] | UNIT_BITS[covers[second]]
                removable = have[d0] & cover_bits & ~base_bits
                needed = lost[d0] & base_bits & ~cover_bits
                if removable and needed:
                    yield RuleHint(tuple((c, d0 + 1) for c in cells_of(removable)),
                                   tuple((c * 9 + d0) * 2 for c in cells_of(needed)))

"""The simple techniques inside (+) and nested chains (``chain_rules``), compiled with numba.

A (+) or nested chain asks them every time it has nothing left to follow: tens of thousands of
times per search on the hardest puzzles. Only the first technique with a hint matters there (each
of its hints needs the chain's removals, and SE takes that technique's hints and goes on), so this
gives that technique's hints alone: the same hints, in the same order, as the first non-empty list
``chain_rules.simple_rules`` yields (``tests/solvers/human/se/test_rules_compiled.py`` compares
them). None without numba (``jit.available``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection

import numpy as np

from sudokit.solvers.human.se.chain_core import CELL_UNITS, UNITS
from sudokit.solvers.human.se.chain_rules import LOCKING, RuleHint
from sudokit.solvers.human.se.jit import available, compiled

FirstRules = Callable[[list[int], list[int]], list[RuleHint]]


def rule_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The tables ``_first_rules`` takes: the units' cells, each cell's units and its place in each,
    and SE's (base, cover) pairs of locking with the base's places in the cover and the cover's
    outside the base."""
    units = np.array(UNITS, dtype=np.int64)
    cell_units = np.array(CELL_UNITS, dtype=np.int64)
    cell_places = np.array([[UNITS[unit].index(cell) for unit in CELL_UNITS[cell]] for cell in range(81)],
                           dtype=np.int64)
    locking = np.array([(base, cover, _places(base, UNITS[cover]), _places(cover, set(range(81)) - set(UNITS[base])))
                        for base, cover in LOCKING], dtype=np.int64)
    return units, cell_units, cell_places, locking


def _load() -> FirstRules | None:
    if not available():
        return None
    units, cell_units, cell_places, locking = rule_tables()
    search = rule_hints
    source: list[tuple[list[int], np.ndarray]] = []  # the last ``initial``, and as an array

    def first_rules(marks: list[int], initial: list[int]) -> list[RuleHint]:
        """The hints of the first simple technique (SE's order) that has any needing the removals
        from ``initial`` to ``marks`` (as ``chain_rules.simple_rules``), or []."""
        if not source or source[0][0] != initial:  # a search's chains all begin from its grid
            source[:] = [(initial[:], np.array(initial, dtype=np.int64))]
        removals, removal_ends, parents, parent_ends = search(
            np.fromiter(marks, np.int64, 81), source[0][1], units, cell_units, cell_places, locking)
        if not len(removal_ends):
            return []
        flat, keys = removals.tolist(), parents.tolist()
        hints, r0, p0 = [], 0, 0
        for r1, p1 in zip(removal_ends.tolist(), parent_ends.tolist(), strict=True):
            hints.append(RuleHint(tuple((flat[i], flat[i + 1]) for i in range(r0, r1, 2)), tuple(keys[p0:p1])))
            r0, p0 = r1, p1
        return hints

    first_rules([511] * 81, [511] * 81)  # compiled (or read from numba's cache) now
    return first_rules


def _places(unit: int, cells: Collection[int]) -> int:
    """The unit's places that are among ``cells`` (bits by the unit's order)."""
    return sum(1 << i for i, cell in enumerate(UNITS[unit]) if cell in cells)


def _first_rules(marks: np.ndarray, initial: np.ndarray, units: np.ndarray, cell_units: np.ndarray,
                 cell_places: np.ndarray, locking: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:  # pragma: no cover
    """The first technique's hints: (cell, digit) removals flat, where each hint's end there, its
    parents ("off" keys) flat, where each hint's end there."""
    places = np.zeros((9, 27), np.int64)  # per digit and unit, its places there (bits by the unit's order)
    lost = np.zeros((9, 27), np.int64)  # and those the chain removed
    gone = np.zeros(81, np.int64)  # per cell, its lost candidates (mask)
    touched = np.zeros(27, np.bool_)  # per unit, whether it lost a candidate
    filled = np.zeros(27, np.int64)  # and its cells with any
    for cell in range(81):
        m = marks[cell]
        g = gone[cell] = initial[cell] & ~m
        for u in range(3):
            unit, bit = cell_units[cell, u], 1 << cell_places[cell, u]
            filled[unit] += m != 0
            touched[unit] |= g != 0
            for d in range(9):
                if m >> d & 1:
                    places[d, unit] |= bit
                elif g >> d & 1:
                    lost[d, unit] |= bit
    removals: list[int] = []
    removal_ends: list[int] = []
    parents: list[int] = []
    parent_ends: list[int] = []
    # locking (pointing and claiming): SE's (base, cover) order, then digit
    for order in range(len(locking)):
        base, cover, shared, beyond = locking[order, 0], locking[order, 1], locking[order, 2], locking[order, 3]
        for d in range(9):
            spots = places[d, base]
            needed = lost[d, base] & ~shared
            if spots & ~shared or not spots & (spots - 1) or not needed:
                continue
            removed = places[d, cover] & beyond
            if not removed:
                continue
            for i in range(9):
                if removed >> i & 1:
                    removals.append(units[cover, i])
                    removals.append(d + 1)
            for i in range(9):
                if needed >> i & 1:
                    parents.append((units[base, i] * 9 + d) * 2)
            removal_ends.append(len(removals))
            parent_ends.append(len(parents))
    if removal_ends:
        return _arrays(removals, removal_ends, parents, parent_ends)
    # hidden pairs
    for unit in range(27):
        if not touched[unit] or filled[unit] <= 4:
            continue
        for a in range(9):
            na = bit_count(places[a, unit])
            if na == 0 or na > 2:
                continue
            for b in range(a + 1, 9):
                nb = bit_count(places[b, unit])
                if nb == 0 or nb > 2:
                    continue
                both = places[a, unit] | places[b, unit]
                if bit_count(both) != 2 or not (lost[a, unit] | lost[b, unit]) & ~both:
                    continue
                start = len(removals)
                keep = 1 << a | 1 << b
                for i in range(9):
                    if both >> i & 1:
                        cell = units[unit, i]
                        for d in range(9):
                            if (marks[cell] & ~keep) >> d & 1:
                                removals.append(cell)
                                removals.append(d + 1)
                if len(removals) == start:
                    continue
                for i in range(9):
                    if not both >> i & 1:
                        cell = units[unit, i]
                        if lost[a, unit] >> i & 1:
                            parents.append((cell * 9 + a) * 2)
                        if lost[b, unit] >> i & 1:
                            parents.append((cell * 9 + b) * 2)
                removal_ends.append(len(removals))
                parent_ends.append(len(parents))
    if removal_ends:
        return _arrays(removals, removal_ends, parents, parent_ends)
    # naked pairs
    for unit in range(27):
        if not touched[unit] or filled[unit] < 4:
            continue
        for i in range(9):
            p = units[unit, i]
            if marks[p] == 0 or bit_count(marks[p]) > 2:
                continue
            for j in range(i + 1, 9):
                q = units[unit, j]
                if marks[q] == 0 or bit_count(marks[q]) > 2:
                    continue
                union = marks[p] | marks[q]
                if (not gone[p] and not gone[q]) or bit_count(union) != 2:
                    continue
                start = len(removals)
                for k in range(9):
                    cell = units[unit, k]
                    if cell != p and cell != q:
                        for d in range(9):
                            if (marks[cell] & union) >> d & 1:
                                removals.append(cell)
                                removals.append(d + 1)
                if len(removals) == start:
                    continue
                first = len(parents)
                for cell in (p, q):
                    for d in range(9):
                        if (gone[cell] & ~union) >> d & 1:
                            parents.append(cell * 18 + d * 2)
                if len(parents) == first:
                    del removals[start:]
                    continue
                removal_ends.append(len(removals))
                parent_ends.append(len(parents))
    if removal_ends:
        return _arrays(removals, removal_ends, parents, parent_ends)
    # X-wings: rows as bases (units 9-17: a place's bit is its column), then columns (18-26), per digit
    for d in range(9):
        if not lost[d, 9:18].any():
            continue
        for lines in (9, 18):
            for one in range(9):
                spots = places[d, lines + one]
                if bit_count(spots) != 2:
                    continue
                for two in range(one + 1, 9):
                    if places[d, lines + two] != spots:
                        continue
                    base_lost = lost[d, lines + one] | lost[d, lines + two]
                    if not base_lost:
                        continue
                    start = len(removals)
                    for major in range(9):  # cells ascending: (row, column) as (line, cross) or (cross, line)
                        for minor in range(9):
                            line, cross = (major, minor) if lines == 9 else (minor, major)
                            if line != one and line != two and spots >> cross & 1 and places[d, lines + line] >> cross & 1:
                                removals.append(major * 9 + minor)
                                removals.append(d + 1)
                    if len(removals) == start or not base_lost & ~spots:
                        del removals[start:]
                        continue
                    for major in range(9):
                        for minor in range(9):
                            line, cross = (major, minor) if lines == 9 else (minor, major)
                            if (line == one or line == two) and lost[d, lines + line] >> cross & 1 and not spots >> cross & 1:  # noqa: SIM109
                                parents.append(((major * 9 + minor) * 9 + d) * 2)
                    removal_ends.append(len(removals))
                    parent_ends.append(len(parents))
    return _arrays(removals, removal_ends, parents, parent_ends)


@compiled
def bit_count(m: int) -> int:  # pragma: no cover - compiled
    """How many bits ``m`` (not negative) has set."""
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n


@compiled
def _arrays(removals: list[int], removal_ends: list[int], parents: list[int], parent_ends: list[int]
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:  # pragma: no cover - compiled
    out = (np.empty(len(removals), np.int64), np.empty(len(removal_ends), np.int64),
           np.empty(len(parents), np.int64), np.empty(len(parent_ends), np.int64))
    for i in range(len(removals)):
        out[0][i] = removals[i]
    for i in range(len(removal_ends)):
        out[1][i] = removal_ends[i]
    for i in range(len(parents)):
        out[2][i] = parents[i]
    for i in range(len(parent_ends)):
        out[3][i] = parent_ends[i]
    return out


rule_hints = compiled(_first_rules)
"""``_first_rules`` compiled, for kernels that ask it inside a chain (``propagate_compiled``)."""

first_rules: FirstRules | None = _load()

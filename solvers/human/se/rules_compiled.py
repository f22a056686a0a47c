"""The simple techniques inside (+) and nested chains (``chain_rules``), compiled with numba.

A (+) or nested chain asks them every time it has nothing left to follow: tens of thousands of
times per search on the hardest puzzles. Only the first technique with a hint matters there (each
of its hints needs the chain's removals, and SE takes that technique's hints and goes on), so this
gives that technique's hints alone: the same hints, in the same order, as the first non-empty list
``chain_rules.simple_rules`` yields (``tests/solvers/human/se/test_rules_compiled.py`` compares
them). None without numba (``jit.available``).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from sudokit.solvers.human.se.chain_core import UNITS
from sudokit.solvers.human.se.chain_rules import LOCKING, RuleHint
from sudokit.solvers.human.se.jit import available, compiled

FirstRules = Callable[[list[int], list[int]], list[RuleHint]]


def _load() -> FirstRules | None:
    if not available():
        return None
    units = np.array(UNITS, dtype=np.int64)
    inside = np.zeros((27, 81), dtype=np.bool_)
    for unit, cells in enumerate(UNITS):
        inside[unit, list(cells)] = True
    locking = np.array(LOCKING, dtype=np.int64)
    search = compiled(_first_rules)
    source: list[tuple[list[int], np.ndarray]] = []  # the last ``initial``, and as an array

    def first_rules(marks: list[int], initial: list[int]) -> list[RuleHint]:
        """The hints of the first simple technique (SE's order) that has any needing the removals
        from ``initial`` to ``marks`` (as ``chain_rules.simple_rules``), or []."""
        if not source or source[0][0] != initial:  # a search's chains all begin from its grid
            source[:] = [(initial[:], np.array(initial, dtype=np.int64))]
        removals, removal_ends, parents, parent_ends = search(
            np.array(marks, dtype=np.int64), source[0][1], units, inside, locking)
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


def _first_rules(marks: np.ndarray, initial: np.ndarray, units: np.ndarray, inside: np.ndarray,
                 locking: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:  # pragma: no cover
    """The first technique's hints: (cell, digit) removals flat, where each hint's end there, its
    parents ("off" keys) flat, where each hint's end there."""
    has = np.zeros((9, 81), np.bool_)
    lost = np.zeros((9, 81), np.bool_)
    gone = np.zeros(81, np.int64)  # per cell, its lost candidates (mask)
    any_lost = False
    for cell in range(81):
        gone[cell] = initial[cell] & ~marks[cell]
        for d in range(9):
            has[d, cell] = marks[cell] >> d & 1
            lost[d, cell] = gone[cell] >> d & 1
        if gone[cell]:
            any_lost = True
    removals: list[int] = []
    removal_ends: list[int] = []
    parents: list[int] = []
    parent_ends: list[int] = []
    if not any_lost:
        return _arrays(removals, removal_ends, parents, parent_ends)
    # locking (pointing and claiming): SE's (base, cover) order, then digit
    for order in range(len(locking)):
        base, cover = locking[order, 0], locking[order, 1]
        for d in range(9):
            places = 0
            outside = False
            needed = False
            for i in range(9):
                cell = units[base, i]
                if has[d, cell]:
                    places += 1
                    if not inside[cover, cell]:
                        outside = True
                if lost[d, cell] and not inside[cover, cell]:
                    needed = True
            if places < 2 or outside or not needed:
                continue
            start = len(removals)
            for cell in range(81):
                if has[d, cell] and inside[cover, cell] and not inside[base, cell]:
                    removals.append(cell)
                    removals.append(d + 1)
            if len(removals) == start:
                continue
            for i in range(9):
                cell = units[base, i]
                if lost[d, cell] and not inside[cover, cell]:
                    parents.append((cell * 9 + d) * 2)
            removal_ends.append(len(removals))
            parent_ends.append(len(parents))
    if removal_ends:
        return _arrays(removals, removal_ends, parents, parent_ends)
    touched = np.zeros(27, np.bool_)  # per unit, whether it lost a candidate, and its cells with any
    filled = np.zeros(27, np.int64)
    for unit in range(27):
        for i in range(9):
            cell = units[unit, i]
            touched[unit] |= gone[cell] != 0
            filled[unit] += marks[cell] != 0
    # hidden pairs
    for unit in range(27):
        if not touched[unit] or filled[unit] <= 4:
            continue
        spots = np.zeros(9, np.int64)  # per digit, its places in the unit (bits by unit index)
        for d in range(9):
            for i in range(9):
                if has[d, units[unit, i]]:
                    spots[d] |= 1 << i
        for a in range(9):
            na = bit_count(spots[a])
            if na == 0 or na > 2:
                continue
            for b in range(a + 1, 9):
                nb = bit_count(spots[b])
                if nb == 0 or nb > 2:
                    continue
                both = spots[a] | spots[b]
                if bit_count(both) != 2:
                    continue
                needed = False
                for i in range(9):
                    cell = units[unit, i]
                    if not both >> i & 1 and (lost[a, cell] or lost[b, cell]):
                        needed = True
                if not needed:
                    continue
                start = len(removals)
                keep = 1 << a | 1 << b
                for cell in range(81):  # ascending
                    if inside[unit, cell] and both >> _index(units, unit, cell) & 1:
                        for d in range(9):
                            if (marks[cell] & ~keep) >> d & 1:
                                removals.append(cell)
                                removals.append(d + 1)
                if len(removals) == start:
                    continue
                for i in range(9):
                    cell = units[unit, i]
                    if not both >> i & 1:
                        if lost[a, cell]:
                            parents.append((cell * 9 + a) * 2)
                        if lost[b, cell]:
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
    # X-wings: rows as bases, then columns, per digit
    for d in range(9):
        any_digit_lost = False
        for cell in range(81):
            any_digit_lost |= lost[d, cell]
        if not any_digit_lost:
            continue
        for by_rows in (True, False):
            spots = np.zeros(9, np.int64)  # per base line, its places' cross lines (bits)
            for line in range(9):
                for k in range(9):
                    cell = line * 9 + k if by_rows else k * 9 + line
                    if has[d, cell]:
                        spots[line] |= 1 << k
            for one in range(9):
                if bit_count(spots[one]) != 2:
                    continue
                for two in range(one + 1, 9):
                    if spots[two] != spots[one]:
                        continue
                    needed_any = False
                    removable_any = False
                    for k in range(9):
                        for line in (one, two):
                            cell = line * 9 + k if by_rows else k * 9 + line
                            if lost[d, cell] and not spots[one] >> k & 1:
                                needed_any = True
                    base_lost = False
                    for k in range(9):
                        for line in (one, two):
                            cell = line * 9 + k if by_rows else k * 9 + line
                            base_lost |= lost[d, cell]
                    if not base_lost:
                        continue
                    start = len(removals)
                    for cell in range(81):  # ascending
                        line, cross = (cell // 9, cell % 9) if by_rows else (cell % 9, cell // 9)
                        if has[d, cell] and spots[one] >> cross & 1 and line != one and line != two:
                            removals.append(cell)
                            removals.append(d + 1)
                            removable_any = True
                    if not (removable_any and needed_any):
                        del removals[start:]
                        continue
                    for cell in range(81):  # ascending
                        line, cross = (cell // 9, cell % 9) if by_rows else (cell % 9, cell // 9)
                        if lost[d, cell] and (line == one or line == two) and not spots[one] >> cross & 1:  # noqa: SIM109
                            parents.append((cell * 9 + d) * 2)
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
def _index(units: np.ndarray, unit: int, cell: int) -> int:  # pragma: no cover - compiled
    for i in range(9):
        if units[unit, i] == cell:
            return i
    return -1


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


first_rules: FirstRules | None = _load()

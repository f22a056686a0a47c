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
    and SE's (base, cover) pairs of locking with the base's places in the cover, the cover's outside
    the base, and the segments (a box's crossing with a line, numbered as in ``_segment``) of the
    crossing, of the base's other two, of the cover's other two."""
    units = np.array(UNITS, dtype=np.int64)
    cell_units = np.array(CELL_UNITS, dtype=np.int64)
    cell_places = np.array([[UNITS[unit].index(cell) for unit in CELL_UNITS[cell]] for cell in range(81)],
                           dtype=np.int64)
    locking = np.array([(base, cover, _places(base, UNITS[cover]), _places(cover, set(range(81)) - set(UNITS[base])),
                         *_segments(base, cover)) for base, cover in LOCKING], dtype=np.int64)
    return units, cell_units, cell_places, locking


def _segment(box: int, line: int) -> int:
    """The number of a box's crossing with a line (unit numbers): a row's three (by box) as 0-26,
    then a column's as 27-53 (``_first_rules`` finds their cells from that)."""
    if line < 18:
        return (line - 9) * 3 + box % 3
    return 27 + (line - 18) * 3 + box // 3


def _segments(base: int, cover: int) -> tuple[int, ...]:
    """The segments of the crossing of ``base`` and ``cover``, of the base's other two along it, and
    of the cover's other two."""
    box, line = (base, cover) if base < 9 else (cover, base)
    shared = _segment(box, line)
    kind = range(9, 18) if line < 18 else range(18, 27)
    along_box = [_segment(box, other) for other in kind if other != line and set(UNITS[other]) & set(UNITS[box])]
    along_line = [_segment(other, line) for other in range(9) if other != box and set(UNITS[other]) & set(UNITS[line])]
    base_others, cover_others = (along_box, along_line) if base == box else (along_line, along_box)
    return (shared, *base_others, *cover_others)


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
        found = search(np.fromiter(marks, np.int64, 81), source[0][1], units, cell_units, cell_places, locking)
        if not len(found):
            return []
        flat = found.tolist()  # (one array, read at once: ``_arrays``)
        count = flat[0]
        removals = 1 + 2 * count
        parents = removals + flat[count]
        hints, r0, p0 = [], removals, parents
        for r1, p1 in zip(flat[1:1 + count], flat[1 + count:removals], strict=True):
            hints.append(RuleHint(tuple((flat[i], flat[i + 1]) for i in range(r0, removals + r1, 2)),
                                  tuple(flat[p0:parents + p1])))
            r0, p0 = removals + r1, parents + p1
        return hints

    first_rules([511] * 81, [511] * 81)  # compiled (or read from numba's cache) now
    return first_rules


def _places(unit: int, cells: Collection[int]) -> int:
    """The unit's places that are among ``cells`` (bits by the unit's order)."""
    return sum(1 << i for i, cell in enumerate(UNITS[unit]) if cell in cells)


def _first_rules(marks: np.ndarray, initial: np.ndarray, units: np.ndarray, cell_units: np.ndarray,
                 cell_places: np.ndarray, locking: np.ndarray) -> np.ndarray:  # pragma: no cover
    """The first technique's hints in one array (``_arrays``; empty: none): how many, where each
    one's removals end, where its parents end, the (cell, digit) removals flat, the parents ("off"
    keys) flat. The tests run on digit masks (all digits at once), each digit's places made only
    where a hint may be."""
    gone = np.empty(81, np.int64)  # per cell, its lost candidates (mask)
    lost_digits = 0
    for cell in range(81):
        g = gone[cell] = initial[cell] & ~marks[cell]
        lost_digits |= g
    if not lost_digits:
        return np.empty(0, np.int64)
    # per box and line crossing ("segment", as ``rule_tables``: the rows' then the columns'), the
    # digits in its cells, in two of them or more, and those they lost
    seg_any = np.empty(54, np.int64)
    seg_two = np.empty(54, np.int64)
    seg_lost = np.empty(54, np.int64)
    for seg in range(54):
        line, third = seg % 27 // 3, seg % 3
        first, step = (line * 9 + third * 3, 1) if seg < 27 else (third * 27 + line, 9)
        a, b, c = marks[first], marks[first + step], marks[first + 2 * step]
        seg_any[seg] = a | b | c
        seg_two[seg] = a & b | a & c | b & c
        seg_lost[seg] = gone[first] | gone[first + step] | gone[first + 2 * step]
    removals: list[int] = []
    removal_ends: list[int] = []
    parents: list[int] = []
    parent_ends: list[int] = []
    # locking (pointing and claiming): SE's (base, cover) order, then digit; a digit locks when in
    # two places or more of the crossing, none in the base's other segments, where it lost some,
    # and some in the cover's other segments
    for order in range(len(locking)):
        shared, base_1, base_2, cover_1, cover_2 = (locking[order, 4], locking[order, 5], locking[order, 6],
                                                    locking[order, 7], locking[order, 8])
        found = (seg_two[shared] & ~(seg_any[base_1] | seg_any[base_2]) & (seg_lost[base_1] | seg_lost[base_2])
                 & (seg_any[cover_1] | seg_any[cover_2]))
        if not found:
            continue
        base, cover, inside, beyond = locking[order, 0], locking[order, 1], locking[order, 2], locking[order, 3]
        for d in range(9):
            if not found >> d & 1:
                continue
            for i in range(9):
                if beyond >> i & 1 and marks[units[cover, i]] >> d & 1:
                    removals.append(units[cover, i])
                    removals.append(d + 1)
            for i in range(9):
                if not inside >> i & 1 and gone[units[base, i]] >> d & 1:
                    parents.append((units[base, i] * 9 + d) * 2)
            removal_ends.append(len(removals))
            parent_ends.append(len(parents))
    if removal_ends:
        return _arrays(removals, removal_ends, parents, parent_ends)
    # per unit: how many of its cells have a candidate, its lost digits, its digits in one place or two
    filled = np.zeros(27, np.int64)
    unit_lost = np.zeros(27, np.int64)
    few = np.zeros(27, np.int64)
    pairs = np.zeros(27, np.int64)  # and those in two places
    small = np.zeros(27, np.int64)  # and its places with one candidate or two
    small_lost = np.zeros(27, np.int64)  # and those of them that lost some
    for unit in range(27):
        one = two = three = 0  # the digits in one place or more, two or more, three or more
        for i in range(9):
            cell = units[unit, i]
            m, g = marks[cell], gone[cell]
            filled[unit] += m != 0
            unit_lost[unit] |= g
            three |= two & m
            two |= one & m
            one |= m
            pair = (m != 0) & (m & (m - 1) & (m & (m - 1)) - 1 == 0)
            small[unit] |= pair << i
            small_lost[unit] |= (pair & (g != 0)) << i
        few[unit] = one & ~three
        pairs[unit] = two & ~three
    # hidden pairs
    places = np.zeros(9, np.int64)  # per digit, its places in the unit (bits by the unit's order)
    lost = np.zeros(9, np.int64)  # and those the chain removed
    for unit in range(27):
        digits = few[unit]
        if not unit_lost[unit] or filled[unit] <= 4 or not digits & (digits - 1) or not digits & unit_lost[unit]:
            continue
        for d in range(9):
            if digits >> d & 1:
                spots = missing = 0
                for i in range(9):
                    cell = units[unit, i]
                    spots |= (marks[cell] >> d & 1) << i
                    missing |= (gone[cell] >> d & 1) << i
                places[d], lost[d] = spots, missing
        for a in range(9):
            if not digits >> a & 1:
                continue
            for b in range(a + 1, 9):
                if not digits >> b & 1:
                    continue
                both = places[a] | places[b]
                if _many(both) or not both & (both - 1) or not (lost[a] | lost[b]) & ~both:
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
                        if lost[a] >> i & 1:
                            parents.append((cell * 9 + a) * 2)
                        if lost[b] >> i & 1:
                            parents.append((cell * 9 + b) * 2)
                removal_ends.append(len(removals))
                parent_ends.append(len(parents))
    if removal_ends:
        return _arrays(removals, removal_ends, parents, parent_ends)
    # naked pairs
    pair_cells = np.empty(9, np.int64)  # the unit's cells with one candidate or two
    for unit in range(27):
        cells = small[unit]
        if not small_lost[unit] or filled[unit] < 4 or not cells & (cells - 1):
            continue
        count = 0
        for i in range(9):
            if cells >> i & 1:
                pair_cells[count] = units[unit, i]
                count += 1
        for i in range(count):
            p = pair_cells[i]
            for j in range(i + 1, count):
                q = pair_cells[j]
                if not gone[p] and not gone[q]:
                    continue
                union = marks[p] | marks[q]
                if _many(union) or not union & (union - 1):
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
    # X-wings: rows as bases (a place's bit is its column), then columns, per digit
    line_places = np.empty(18, np.int64)  # the digit's places per row, then per column
    line_lost = np.empty(18, np.int64)  # and those the chain removed
    for d in range(9):
        if not lost_digits >> d & 1:
            continue
        rows = columns = rows_lost = columns_lost = 0  # the lines where the digit has two places, and lost some
        for line in range(9):
            rows |= (pairs[9 + line] >> d & 1) << line
            columns |= (pairs[18 + line] >> d & 1) << line
            rows_lost |= ((pairs[9 + line] & unit_lost[9 + line]) >> d & 1) << line
            columns_lost |= ((pairs[18 + line] & unit_lost[18 + line]) >> d & 1) << line
        if not (rows_lost and rows & (rows - 1)) and not (columns_lost and columns & (columns - 1)):
            continue
        line_places[:] = 0
        line_lost[:] = 0
        for cell in range(81):
            row, column = cell // 9, cell % 9
            on, off = marks[cell] >> d & 1, gone[cell] >> d & 1
            line_places[row] |= on << column
            line_places[9 + column] |= on << row
            line_lost[row] |= off << column
            line_lost[9 + column] |= off << row
        for lines in (0, 9):
            for one in range(9):
                spots = line_places[lines + one]
                if not spots or _many(spots) or not spots & (spots - 1):
                    continue
                for two in range(one + 1, 9):
                    if line_places[lines + two] != spots:
                        continue
                    base_lost = line_lost[lines + one] | line_lost[lines + two]
                    if not base_lost:
                        continue
                    start = len(removals)
                    for major in range(9):  # cells ascending: (row, column) as (line, cross) or (cross, line)
                        for minor in range(9):
                            line, cross = (major, minor) if lines == 0 else (minor, major)
                            if line != one and line != two and spots >> cross & 1 and line_places[lines + line] >> cross & 1:
                                removals.append(major * 9 + minor)
                                removals.append(d + 1)
                    if len(removals) == start or not base_lost & ~spots:
                        del removals[start:]
                        continue
                    for major in range(9):
                        for minor in range(9):
                            line, cross = (major, minor) if lines == 0 else (minor, major)
                            if (line == one or line == two) and line_lost[lines + line] >> cross & 1 and not spots >> cross & 1:  # noqa: SIM109
                                parents.append(((major * 9 + minor) * 9 + d) * 2)
                    removal_ends.append(len(removals))
                    parent_ends.append(len(parents))
    return _arrays(removals, removal_ends, parents, parent_ends)


@compiled
def _many(m: int) -> bool:  # pragma: no cover - compiled
    """Whether ``m`` has more than two bits set."""
    m &= m - 1
    m &= m - 1
    return m != 0


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
            ) -> np.ndarray:  # pragma: no cover - compiled
    """The hints in one array (one to return, one to read): how many, where each one's removals
    end, where its parents end (each counted from the first of its kind), the removals, the
    parents; empty when none."""
    count = len(removal_ends)
    if not count:
        return np.empty(0, np.int64)
    out = np.empty(1 + 2 * count + len(removals) + len(parents), np.int64)
    out[0] = count
    for i in range(count):
        out[1 + i], out[1 + count + i] = removal_ends[i], parent_ends[i]
    at = 1 + 2 * count
    for i in range(len(removals)):
        out[at + i] = removals[i]
    at += len(removals)
    for i in range(len(parents)):
        out[at + i] = parents[i]
    return out


rule_hints = compiled(_first_rules)
"""``_first_rules`` compiled, for kernels that ask it inside a chain (``propagate_compiled``)."""

first_rules: FirstRules | None = _load()

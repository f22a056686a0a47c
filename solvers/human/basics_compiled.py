"""The head of the default ladder as one compiled loop (numba): singles, locked pairs and triples,
locked candidates, naked and hidden subsets, basic fish.

``ladder`` applies the first step of the first rung that fires (rungs in ``singles_compiled.LADDER``'s
order, as many as the caller's ladder shares) and starts again from the singles, as the engine does
with its finders, until a contradiction shows, the grid is full or no rung fires. Each rung looks
where its pure-Python finder looks, in the same order (units, digits, cells, combinations), so the
first step it finds is the finder's first; ``singles_compiled`` turns the rows recorded here into
the finders' ``Step`` objects. Imported only when the compiled loop is built (it loads numba).

A recorded step is one row of ``found``: its rung, its digits (a mask), its units, its cells, and
where its eliminations lie in ``removed`` (rows of cell, digit); a single places its one digit.
"""

from __future__ import annotations

import numpy as np

from sudokit.solvers.human.se.jit import compiled
from sudokit.solvers.human.singles_compiled import (
    CELL_COUNT,
    CELLS,
    CONTRADICTION,
    DIGITS,
    FROM,
    KEY,
    NONE_FIRES,
    RUNG,
    RUNGS,
    SOLVED,
    TO,
    UNIT_COUNT,
    UNITS,
)

# the rungs, by index into singles_compiled.LADDER
FULL_HOUSE, NAKED_SINGLE, HIDDEN_SINGLE, LOCKED_PAIR, LOCKED_TRIPLE, POINTING, CLAIMING = range(7)
NAKED_PAIR, NAKED_TRIPLE, HIDDEN_PAIR, HIDDEN_TRIPLE, NAKED_QUAD, HIDDEN_QUAD = range(7, 13)
X_WING, SWORDFISH, JELLYFISH = range(13, 16)
_NO_UNIT, _ONE, _NO_STAMP = np.int64(-1), np.int64(1), np.int64(0)  # typed constants: literals would compile a callee once per value
_SUBSET_SIZE = (2, 3, 2, 3, 4, 4)  # naked pair, naked triple, hidden pair, ... hidden quad: how many cells


@compiled
def popcount(mask):
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


@compiled
def next_combination(index, k, n):
    """The next k-combination of range(n) after ``index`` (changed in place), in itertools' order;
    False after the last."""
    i = k - 1
    while i >= 0 and index[i] == n - k + i:
        i -= 1
    if i < 0:
        return False
    index[i] += 1
    for j in range(i + 1, k):
        index[j] = index[j - 1] + 1
    return True


@compiled
def first_combination(index, k, n):
    """Set ``index`` to the first k-combination of range(n); False when there is none."""
    for j in range(k):
        index[j] = j
    return n >= k


@compiled
def _remove(marks, targets, count, mask, removed, at):
    """Record the candidates of ``mask`` that ``targets[:count]`` hold, cells ascending and each
    cell's digits ascending (``steps.removable``), from row ``at`` of ``removed``; the row after.
    (``targets`` is scratch: its first ``count`` are sorted in place when one holds some of ``mask``.)"""
    held = False
    for i in range(count):
        held = held or marks[targets[i]] & mask != 0
    if not held:
        return at
    ordered = targets[:count]
    ordered.sort()
    for i in range(count):
        cell = ordered[i]
        left = marks[cell] & mask
        digit = 1
        while left:
            if left & 1:
                removed[at, 0], removed[at, 1] = cell, digit
                at += 1
            left >>= 1
            digit += 1
    return at


@compiled
def single_key(size, rung, cell, digit, unit):
    """A single's number among the kept steps (``singles_compiled._kept``): from its rung, cell, digit and
    the kind of its unit (0 for none: a naked single; 1, 2, 3 for a row, a column, a box); below
    ``3 * size**3 * 4``."""
    return ((rung * size * size + cell) * size + digit - 1) * 4 + (0 if unit < 0 else unit // size + 1)


@compiled
def _record(found, row, rung, digits, unit_a, unit_b, cells, cell_count, start, end):
    found[row, RUNG], found[row, DIGITS] = rung, digits
    found[row, UNIT_COUNT] = 0 if unit_a < 0 else (1 if unit_b < 0 else 2)
    found[row, UNITS], found[row, UNITS + 1] = unit_a, unit_b
    found[row, CELL_COUNT], found[row, FROM], found[row, TO] = cell_count, start, end
    for i in range(cell_count):
        found[row, CELLS + i] = cells[i]


@compiled
def start_marks(values, cell_units, marks):
    """The full pencil marks of a puzzle's ``values`` into ``marks`` (``Candidates.from_grid``): every
    digit its cell's units do not already hold."""
    size = cell_units[-1, 0] + 1  # (the last cell's row is the last)
    held = np.zeros(3 * size, dtype=np.int64)
    for cell in range(values.shape[0]):
        if values[cell]:
            bit = 1 << (values[cell] - 1)
            for kind in range(3):
                held[cell_units[cell, kind]] |= bit
    full = (1 << size) - 1
    for cell in range(values.shape[0]):
        row, column, box = cell_units[cell, 0], cell_units[cell, 1], cell_units[cell, 2]
        marks[cell] = 0 if values[cell] else full & ~(held[row] | held[column] | held[box])


# what ``_survey`` finds in a state, by index into its ``seen``: -1 where there is none
HOUSE_CELL, HOUSE_UNIT, NAKED_CELL, HIDDEN_UNIT, HIDDEN_BIT, OPEN_CELLS, AVAILABLE = range(7)


@compiled
def _count_hidden(marks, cells, alone, size, stamps, stamp):
    """How many of the hidden singles of a unit's ``cells`` (its digits ``alone``, a mask) have a
    (cell, digit) slot not yet marked ``stamp`` in ``stamps``, each marked now (``_survey``)."""
    added = 0
    while alone:
        bit = alone & -alone
        alone ^= bit
        for i in range(size):
            cell = cells[i]
            if marks[cell] & bit:
                slot = cell * size + popcount(bit - 1)
                if stamps[slot] != stamp:
                    stamps[slot] = stamp
                    added += 1
                break
    return added


@compiled
def _survey(values, marks, units, seen, stamps, stamp):
    """One look at a state, cells then units: whether it plainly has no solution (a cell without a
    candidate, a unit without a place for a digit), its open cells, and where its first full house
    (units in order), naked single (cells in order) and hidden single (units in order, the lowest
    digit) are, in ``seen``; whether it has a contradiction. With ``stamp`` > 0, also how many
    distinct placements the singles offer (``effort.available_singles``: a naked single's cell and
    digit, and each hidden one's, the first cell of its unit holding the digit), ``seen[AVAILABLE]``,
    the (cell, digit) slots counted marked ``stamp`` in ``stamps`` (a state's own number)."""
    size = units.shape[1]
    full = (1 << size) - 1
    broken = False
    open_cells, naked, available = 0, -1, 0
    for cell in range(values.shape[0]):
        mask = marks[cell]
        empty = values[cell] == 0  # (without branching on what a cell holds: such branches mispredict)
        open_cells += empty
        broken |= empty & (mask == 0)
        if mask and not mask & (mask - 1):
            if naked < 0:
                naked = cell
            if stamp > 0:
                stamps[cell * size + popcount(mask - 1)] = stamp
                available += 1
    house_cell = house_unit = hidden_unit = -1
    hidden_bit = 0
    for unit in range(units.shape[0]):
        placed = once = twice = open_mask = 0
        open_here, last = 0, -1
        for i in range(size):
            cell = units[unit, i]
            mask, value = marks[cell], values[cell]
            twice |= once & mask
            once |= mask
            placed |= (1 << value) >> 1  # (the value's bit; none for 0)
            empty = value == 0
            open_mask |= mask if empty else 0
            open_here += empty
            last = cell if empty else last
        broken = broken or placed | open_mask != full
        if house_unit < 0 and open_here == 1 and marks[last] and not marks[last] & (marks[last] - 1):
            house_cell, house_unit = last, unit
        alone = once & ~twice
        if hidden_unit < 0 and alone:
            hidden_unit, hidden_bit = unit, alone & -alone
        if stamp > 0:
            available += _count_hidden(marks, units[unit], alone & ~placed, size, stamps, stamp)
    seen[HOUSE_CELL], seen[HOUSE_UNIT], seen[NAKED_CELL] = house_cell, house_unit, naked
    seen[HIDDEN_UNIT], seen[HIDDEN_BIT], seen[OPEN_CELLS] = hidden_unit, hidden_bit, open_cells
    seen[AVAILABLE] = available
    return broken


@compiled
def _glance(values, marks, units, placed, open_counts, seen, stamps, stamp):
    """``_survey``, in a state whose placed cells hold no candidate, from each unit's placed digits and
    open cells as the caller keeps them (``placed``, ``open_counts``): what a unit's open cells hold
    is then what all its cells hold, so one pass over the units reads the candidates alone (the rows,
    every cell once and in order, stand for the cells' part of the look)."""
    size = units.shape[1]
    full = (1 << size) - 1
    broken = False
    open_cells, naked, available = 0, -1, 0
    house_cell = house_unit = hidden_unit = -1
    hidden_bit = 0
    for unit in range(units.shape[0]):
        row = unit < size
        once = twice = without = 0
        for i in range(size):
            cell = units[unit, i]
            mask = marks[cell]
            twice |= once & mask
            once |= mask
            if row:
                without += mask == 0
                if mask and not mask & (mask - 1):  # a naked single
                    if naked < 0:
                        naked = cell
                    if stamp > 0:
                        stamps[cell * size + popcount(mask - 1)] = stamp
                        available += 1
        if row:  # (a row's cells without candidates are its placed ones, unless one is open)
            open_cells += open_counts[unit]
            broken = broken or without != size - open_counts[unit]
        broken = broken or placed[unit] | once != full
        if house_unit < 0 and open_counts[unit] == 1:
            for i in range(size):
                cell = units[unit, i]
                if values[cell] == 0:
                    if marks[cell] and not marks[cell] & (marks[cell] - 1):
                        house_cell, house_unit = cell, unit
                    break
        alone = once & ~twice
        if hidden_unit < 0 and alone:
            hidden_unit, hidden_bit = unit, alone & -alone
        if stamp > 0:
            available += _count_hidden(marks, units[unit], alone & ~placed[unit], size, stamps, stamp)
    seen[HOUSE_CELL], seen[HOUSE_UNIT], seen[NAKED_CELL] = house_cell, house_unit, naked
    seen[HIDDEN_UNIT], seen[HIDDEN_BIT], seen[OPEN_CELLS] = hidden_unit, hidden_bit, open_cells
    seen[AVAILABLE] = available
    return broken


@compiled
def _unit_tallies(values, marks, units, placed, open_counts):
    """Each unit's placed digits (a mask) and open cells, into ``placed`` and ``open_counts``; whether
    every placed cell is without candidates (as ``_glance`` needs)."""
    clean = True
    for unit in range(units.shape[0]):
        placed[unit] = open_counts[unit] = 0
        for i in range(units.shape[1]):
            cell = units[unit, i]
            placed[unit] |= (1 << values[cell]) >> 1
            open_counts[unit] += values[cell] == 0
            clean = clean and (values[cell] == 0 or marks[cell] == 0)
    return clean


@compiled
def candidate_count(marks):
    """How many candidates a state has."""
    count = 0
    for cell in range(marks.shape[0]):
        count += popcount(marks[cell])
    return count


@compiled
def _single(rung, marks, units, seen, found, row, at, scratch):
    """Record the first full house, naked single or hidden single (``techniques.singles``) that
    ``_survey`` saw; whether there is one."""
    cells = scratch[0]
    if rung == FULL_HOUSE and seen[HOUSE_UNIT] >= 0:
        cells[0] = seen[HOUSE_CELL]
        _record(found, row, rung, marks[cells[0]], seen[HOUSE_UNIT], _NO_UNIT, cells, _ONE, at, at)
        return True
    if rung == NAKED_SINGLE and seen[NAKED_CELL] >= 0:
        cells[0] = seen[NAKED_CELL]
        _record(found, row, rung, marks[cells[0]], _NO_UNIT, _NO_UNIT, cells, _ONE, at, at)
        return True
    if rung == HIDDEN_SINGLE and seen[HIDDEN_UNIT] >= 0:
        unit, bit = seen[HIDDEN_UNIT], seen[HIDDEN_BIT]
        for i in range(units.shape[1]):
            if marks[units[unit, i]] & bit:
                cells[0] = units[unit, i]
                _record(found, row, rung, bit, unit, _NO_UNIT, cells, _ONE, at, at)
                return True
    return False


@compiled
def _locked_sets(k, rung, marks, units, cell_units, found, row, removed, at, scratch):
    """The first locked pair or triple (``intersections._locked_subsets``): k cells of a box-line
    intersection holding k digits between them, removed from the rest of both; the row after its
    eliminations in ``removed``, or -1."""
    size = units.shape[1]
    box_side = 1
    while box_side * box_side < size:
        box_side += 1
    inside = scratch[0]
    group = scratch[1]
    targets = scratch[2]
    index = scratch[3]
    lines = scratch[4]
    for box in range(2 * size, 3 * size):
        box_cells = units[box]
        for i in range(box_side):  # its rows, then its columns: sorted unit ids
            lines[i] = cell_units[box_cells[i * box_side], 0]
            lines[box_side + i] = cell_units[box_cells[i], 1]
        for li in range(2 * box_side):
            line = lines[li]
            n = 0
            for i in range(box_side):  # the box's cells on the line (the box's cells run row by row)
                cell = box_cells[li * box_side + i] if li < box_side else box_cells[i * box_side + li - box_side]
                if 1 < popcount(marks[cell]) <= k:
                    inside[n] = cell
                    n += 1
            more = first_combination(index, k, n)
            while more:
                union = 0
                for j in range(k):
                    union |= marks[inside[index[j]]]
                    group[j] = inside[index[j]]
                if popcount(union) == k:
                    count = 0
                    for cell in box_cells:
                        if not member(cell, group, k):
                            targets[count] = cell
                            count += 1
                    for cell in units[line]:
                        if cell_units[cell, 2] != box and not member(cell, group, k):
                            targets[count] = cell
                            count += 1
                    end = _remove(marks, targets, count, union, removed, at)
                    if end > at:
                        _record(found, row, rung, union, box, line, group, k, at, end)
                        return end
                more = next_combination(index, k, n)
    return -1


@compiled
def member(cell, cells, count):
    """Whether ``cell`` is among the first ``count`` of ``cells``."""
    for i in range(count):  # noqa: SIM110 - numba compiles no generator expressions
        if cells[i] == cell:
            return True
    return False


@compiled
def _placed(values, cells):
    """The digits placed in ``cells``, as a mask."""
    mask = 0
    for cell in cells:
        if values[cell]:
            mask |= 1 << (values[cell] - 1)
    return mask


@compiled
def _locked_candidates(rung, values, marks, units, cell_units, found, row, removed, at, scratch):
    """The first pointing (a digit of a box confined to one line) or claiming (a digit of a line
    confined to one box) step (``intersections``); the row after its eliminations, or -1."""
    size = units.shape[1]
    cells = scratch[0]
    targets = scratch[2]
    first, last = (2 * size, 3 * size) if rung == POINTING else (0, 2 * size)
    for house in range(first, last):
        house_cells = units[house]
        placed = _placed(values, house_cells)
        for digit in range(1, size + 1):
            bit = 1 << (digit - 1)
            if placed & bit:
                continue
            n = 0
            for cell in house_cells:
                if marks[cell] & bit:
                    cells[n] = cell
                    n += 1
            if n < 2:
                continue
            other = -1
            if rung == POINTING:  # its row, else its column
                for kind in range(2):
                    unit = cell_units[cells[0], kind]
                    same = True
                    for i in range(1, n):
                        same = same and cell_units[cells[i], kind] == unit
                    if same:
                        other = unit
                        break
            else:
                unit = cell_units[cells[0], 2]
                same = True
                for i in range(1, n):
                    same = same and cell_units[cells[i], 2] == unit
                if same:
                    other = unit
            if other < 0:
                continue
            count = 0
            inside = house // size  # (a cell is in ``house`` when its unit of that kind is)
            for cell in units[other]:
                if cell_units[cell, inside] != house:
                    targets[count] = cell
                    count += 1
            end = _remove(marks, targets, count, bit, removed, at)
            if end > at:
                _record(found, row, rung, bit, house, other, cells, n, at, end)
                return end
    return -1


@compiled
def _naked(k, rung, marks, units, found, row, removed, at, scratch):
    """The first naked subset of k cells (``subsets._naked``); the row after its eliminations, or -1."""
    small = scratch[0]
    group = scratch[1]
    targets = scratch[2]
    index = scratch[3]
    for unit in range(units.shape[0]):
        n = 0
        for cell in units[unit]:
            bits = popcount(marks[cell])
            if 1 < bits <= k:
                small[n] = cell
                n += 1
        more = first_combination(index, k, n)
        while more:
            union = 0
            for j in range(k):
                group[j] = small[index[j]]
                union |= marks[group[j]]
            if popcount(union) == k:
                count = 0
                for cell in units[unit]:
                    if not member(cell, group, k):
                        targets[count] = cell
                        count += 1
                end = _remove(marks, targets, count, union, removed, at)
                if end > at:
                    _record(found, row, rung, union, unit, _NO_UNIT, group, k, at, end)
                    return end
            more = next_combination(index, k, n)
    return -1


@compiled
def _hidden(k, rung, values, marks, units, found, row, removed, at, scratch):
    """The first hidden subset of k digits (``subsets._hidden``); the row after its eliminations, or -1."""
    size = units.shape[1]
    digits = scratch[0]
    group = scratch[1]
    index = scratch[3]
    spots = scratch[4]  # per digit of ``digits``: its places in the unit (bits by the unit's order)
    for unit in range(units.shape[0]):
        unit_cells = units[unit]
        placed = _placed(values, unit_cells)
        n = 0
        for digit in range(1, size + 1):
            bit = 1 << (digit - 1)
            if placed & bit:
                continue
            where = 0
            for i in range(size):
                if marks[unit_cells[i]] & bit:
                    where |= 1 << i
            if 1 < popcount(where) <= k:
                digits[n] = digit
                spots[n] = where
                n += 1
        more = first_combination(index, k, n)
        while more:
            where = 0
            mask = 0
            for j in range(k):
                where |= spots[index[j]]
                mask |= 1 << (digits[index[j]] - 1)
            if popcount(where) == k:
                count = 0
                for i in range(size):
                    if where >> i & 1:
                        group[count] = unit_cells[i]
                        count += 1
                end = _remove(marks, group, count, ~mask, removed, at)
                if end > at:
                    _record(found, row, rung, mask, unit, _NO_UNIT, group, k, at, end)
                    return end
            more = next_combination(index, k, n)
    return -1


@compiled
def _fish(k, rung, marks, found, row, removed, at, scratch):
    """The first basic fish of k base lines (``fish._fish_steps``): digits ascending, rows as base
    lines before columns; the row after its eliminations, or -1."""
    size = 1
    while size * size < marks.shape[0]:
        size += 1
    lines = scratch[0]
    base = scratch[1]
    targets = scratch[2]
    index = scratch[3]
    cells = scratch[5]
    for digit in range(1, size + 1):
        bit = 1 << (digit - 1)
        for by_rows in (True, False):
            for line in range(size):
                lines[line] = 0
                for cross in range(size):
                    cell = line * size + cross if by_rows else cross * size + line
                    if marks[cell] & bit:
                        lines[line] |= 1 << cross
            n = 0
            for line in range(size):
                if 1 < popcount(lines[line]) <= k:
                    base[n] = line
                    n += 1
            more = first_combination(index, k, n)
            while more:
                cover = chosen = 0
                for j in range(k):
                    cover |= lines[base[index[j]]]
                    chosen |= 1 << base[index[j]]
                if popcount(cover) == k:
                    count = 0
                    for line in range(size):
                        if lines[line] & cover and not chosen >> line & 1:
                            for cross in range(size):
                                if (lines[line] & cover) >> cross & 1:
                                    targets[count] = line * size + cross if by_rows else cross * size + line
                                    count += 1
                    end = _remove(marks, targets, count, bit, removed, at)
                    if end > at:
                        named = 0
                        for j in range(k):
                            line = base[index[j]]
                            for cross in range(size):
                                if lines[line] >> cross & 1:
                                    cells[named] = line * size + cross if by_rows else cross * size + line
                                    named += 1
                        _record(found, row, rung, bit, _NO_UNIT, _NO_UNIT, cells, named, at, end)
                        found[row, UNIT_COUNT] = 2 * k
                        crosses = 0
                        for j in range(k):
                            found[row, UNITS + j] = base[index[j]] + (0 if by_rows else size)
                        for cross in range(size):
                            if cover >> cross & 1:
                                found[row, UNITS + k + crosses] = cross + (size if by_rows else 0)
                                crosses += 1
                        return end
                more = next_combination(index, k, n)
    return -1


@compiled
def _rung(rung, values, marks, units, cell_units, found, row, removed, at, scratch):
    """Rung ``rung``'s first step, recorded in row ``row``: the row of ``removed`` after its
    eliminations, or -1 when it finds none."""
    if rung <= HIDDEN_SINGLE:
        seen = np.empty(AVAILABLE + 1, dtype=np.int64)
        _survey(values, marks, units, seen, seen, _NO_STAMP)
        return at if _single(rung, marks, units, seen, found, row, at, scratch) else -1
    if rung <= LOCKED_TRIPLE:
        return _locked_sets(rung - LOCKED_PAIR + 2, rung, marks, units, cell_units, found, row, removed, at, scratch)
    if rung <= CLAIMING:
        return _locked_candidates(rung, values, marks, units, cell_units, found, row, removed, at, scratch)
    if rung == NAKED_PAIR or rung == NAKED_TRIPLE or rung == NAKED_QUAD:  # noqa: SIM109 - a tuple per call in numba
        return _naked(_SUBSET_SIZE[rung - NAKED_PAIR], rung, marks, units, found, row, removed, at, scratch)
    if rung == HIDDEN_PAIR or rung == HIDDEN_TRIPLE or rung == HIDDEN_QUAD:  # noqa: SIM109
        return _hidden(_SUBSET_SIZE[rung - NAKED_PAIR], rung, values, marks, units, found, row, removed, at, scratch)
    return _fish(rung - X_WING + 2, rung, marks, found, row, removed, at, scratch)


@compiled
def _parts(found, row, removed, at, end, touched, stamp):
    """A recorded step's pattern parts (``effort.pattern_parts``): its cells and the cells it removes
    candidates from, each once (a rung's step has no fins, ALSs, placements or chain); ``touched``
    marks the cells counted with ``stamp``."""
    parts = 0
    for i in range(found[row, CELL_COUNT]):
        cell = found[row, CELLS + i]
        if touched[cell] != stamp:
            touched[cell] = stamp
            parts += 1
    for i in range(at, end):
        cell = removed[i, 0]
        if touched[cell] != stamp:
            touched[cell] = stamp
            parts += 1
    return max(1, parts)


@compiled
def ladder(values, marks, units, cell_units, peers, rungs, found, removed, scratch, efforts):
    """Apply the first step of the first of the first ``rungs`` rungs that fires, again and again,
    to ``values``/``marks`` (changed in place), recording each step, and its inspections for the
    effort at the same index of ``efforts`` (``effort.step_effort``: from the state's open cells, and
    the singles available for a single, else the candidates); (steps recorded, how it ended)."""
    count, at = np.int64(0), np.int64(0)  # (typed: a literal 0 would compile every callee twice)
    seen = np.empty(AVAILABLE + 1, dtype=np.int64)
    stamps = np.zeros(values.shape[0] * units.shape[1], dtype=np.int64)
    touched = np.zeros(values.shape[0], dtype=np.int64)
    placed, open_counts = np.empty(units.shape[0], dtype=np.int64), np.empty(units.shape[0], dtype=np.int64)
    kept = _unit_tallies(values, marks, units, placed, open_counts)  # (kept up to date as cells are placed)
    while True:
        if kept:
            broken = _glance(values, marks, units, placed, open_counts, seen, stamps, count + 1)
        else:
            broken = _survey(values, marks, units, seen, stamps, count + 1)
        if broken:
            return count, CONTRADICTION
        if seen[OPEN_CELLS] == 0:
            return count, SOLVED
        end = -1
        for rung in range(rungs):
            if rung <= HIDDEN_SINGLE:
                end = at if _single(rung, marks, units, seen, found, count, at, scratch) else -1
            else:
                end = _rung(rung, values, marks, units, cell_units, found, count, removed, at, scratch)
            if end >= 0:
                break
        if end < 0:
            return count, NONE_FIRES
        if found[count, RUNG] <= HIDDEN_SINGLE:
            efforts[count] = (seen[OPEN_CELLS] + 1) / (seen[AVAILABLE] + 1)
            cell, bit = found[count, CELLS], found[count, DIGITS]
            digit = 0
            while bit >> digit != 1:
                digit += 1
            found[count, KEY] = single_key(units.shape[1], found[count, RUNG], cell, digit + 1, found[count, UNITS])
            values[cell], marks[cell] = digit + 1, 0
            for i in range(peers.shape[1]):
                marks[peers[cell, i]] &= ~bit
            for kind in range(3):
                placed[cell_units[cell, kind]] |= bit
                open_counts[cell_units[cell, kind]] -= 1
        else:
            parts = _parts(found, count, removed, at, end, touched, count + 1)
            efforts[count] = seen[OPEN_CELLS] + candidate_count(marks) * parts
            found[count, KEY] = -1
            for i in range(at, end):
                marks[removed[i, 0]] &= ~(1 << (removed[i, 1] - 1))
        at = end
        count += 1


@compiled
def _report(found, removed, count, report, at):
    """What the engine reads of the ladder's ``count`` steps, written into ``report`` from ``at`` on:
    how many steps each rung took (``RUNGS`` numbers: the rating counts them), each step's kept
    single's number (``single_key``; -1 for another rung's step), then each other step in order as
    [rung, digits (a mask), units' count, units..., cells' count, cells..., eliminations' count,
    (cell, digit)...]; where it ends."""
    report[at:at + RUNGS] = 0
    for i in range(count):
        report[at + found[i, RUNG]] += 1
    at += RUNGS
    for i in range(count):
        report[at + i] = found[i, KEY]
    at += count
    for i in range(count):
        if found[i, KEY] >= 0:
            continue
        report[at], report[at + 1], report[at + 2] = found[i, RUNG], found[i, DIGITS], found[i, UNIT_COUNT]
        at += 3
        for j in range(found[i, UNIT_COUNT]):
            report[at + j] = found[i, UNITS + j]
        at += found[i, UNIT_COUNT]
        report[at] = found[i, CELL_COUNT]
        for j in range(found[i, CELL_COUNT]):
            report[at + 1 + j] = found[i, CELLS + j]
        at += 1 + found[i, CELL_COUNT]
        report[at] = found[i, TO] - found[i, FROM]
        at += 1
        for j in range(found[i, FROM], found[i, TO]):
            report[at], report[at + 1] = removed[j, 0], removed[j, 1]
            at += 2
    return at


@compiled
def begin(givens, units, cell_units, peers, rungs, found, removed, scratch, efforts, report):
    """A puzzle's start state and the ladder's run from it (``ladder``), in one call (each call costs
    when the caches are cold): into ``report``, the start's marks (``start_marks``: its values are
    ``givens``), the values and marks the ladder leaves, then its steps (``_report``); (steps
    recorded, how it ended, where ``report`` ends)."""
    cells = givens.shape[0]
    start_marks(givens, cell_units, report[:cells])
    values, marks = report[cells:2 * cells], report[2 * cells:3 * cells]
    values[:] = givens
    marks[:] = report[:cells]
    count, end = ladder(values, marks, units, cell_units, peers, rungs, found, removed, scratch, efforts)
    return count, end, _report(found, removed, count, report, 3 * cells)


@compiled
def resume(state, units, cell_units, peers, rungs, found, removed, scratch, efforts, report):
    """The ladder's run from ``state`` (its values, then its marks), as ``begin`` reports it (the
    start's marks left out)."""
    cells = state.shape[0] // 2
    values, marks = report[cells:2 * cells], report[2 * cells:3 * cells]
    values[:] = state[:cells]
    marks[:] = state[cells:]
    count, end = ladder(values, marks, units, cell_units, peers, rungs, found, removed, scratch, efforts)
    return count, end, _report(found, removed, count, report, 3 * cells)

"""SE mode's first producers as one compiled loop (numba, the ``fast`` extra): its hidden singles,
direct techniques and the basic techniques up to hidden triplet (4.0), which solve the easiest puzzles
whole and begin every other.

Each of these producers reports its first hint, so SE's step is the first hint of the first of them
that has one. ``run`` applies that step and looks again, as the engine does, until none of them
fires, the grid is full or a contradiction shows, and records the path; ``se.mode.choose`` then hands
the engine these steps one at a time while each state it is asked about is the one the step was found
in (a state it did not foresee, or the end of the run, and it asks again or goes on to the later
producers in Python). Each technique looks where its finder looks, in the same order: SE's own
(``singles``, ``direct``) here, the others (naked single, pointing and claiming, naked, hidden
subsets, X-Wing, Swordfish) by the default ladder's compiled rungs (``basics_compiled``), which find
their finders' first steps. The finders stay the reference: ``tests/solvers/human/test_se_easy_compiled.py``
compares both on the states of SE paths. Imported only when the loop is built (``mode.HEAD_RUN``): it
loads numba.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import numpy as np

from sudokit.models.candidates import Candidates, digits_of
from sudokit.models.grid import Geometry
from sudokit.solvers.human.basics_compiled import _rung as ladder_rung
from sudokit.solvers.human.basics_compiled import first_combination, next_combination, popcount
from sudokit.solvers.human.se.direct import (
    CLAIMING,
    HIDDEN_PAIR,
    HIDDEN_TRIPLET,
    POINTING,
    hidden_set_step,
    locking_step,
)
from sudokit.solvers.human.se.jit import compiled
from sudokit.solvers.human.se.mode import HEAD
from sudokit.solvers.human.se.singles import single_step
from sudokit.solvers.human.singles_compiled import (
    CELL_COUNT,
    CELLS,
    CONTRADICTION,
    DIGITS,
    LADDER,
    NONE_FIRES,
    SOLVED,
    UNIT_COUNT,
    UNITS,
    geometry_arrays,
)
from sudokit.solvers.human.singles_compiled import WIDTH as LADDER_WIDTH
from sudokit.solvers.human.singles_compiled import _step as ladder_step
from sudokit.solvers.human.steps import Step

_SINGLE, _POINTING, _CLAIMING, _PAIR, _TRIPLET = (HEAD.index(f"se_{name}") for name in (
    "hidden_single", "direct_pointing", "direct_claiming", "direct_hidden_pair", "direct_hidden_triplet"))
_RUNG_OF = tuple(LADDER.index(name) if name in LADDER else -1 for name in HEAD)  # -1: SE's own technique
_PLACES = tuple(rung < 0 or LADDER[rung] == "naked_single" for rung in _RUNG_OF)  # whether its step is a placement
# a recorded step: a row of the default ladder's (``singles_compiled``) and these columns after it
# which of HEAD; its placement; a last cell; a hidden single's number (of its unit, cell, digit and ALONE)
TECHNIQUE, PLACE, DIGIT, ALONE, SINGLE = range(LADDER_WIDTH, LADDER_WIDTH + 5)
WIDTH = LADDER_WIDTH + 5


@compiled
def _se_unit(k, size):
    """The k-th unit in SE's order: boxes, then columns, then rows."""
    if k < size:
        return 2 * size + k
    return k if k < 2 * size else k - 2 * size


@compiled
def _hidden_single(values, marks, units, found, row):  # pragma: no cover - compiled
    """SE's first hidden single (``singles.hidden_single``), recorded in row ``row``: whether there is one."""
    return _scan(values, marks, units, found, row)[1]


@compiled
def _scan(values, marks, units, found, row):  # pragma: no cover - compiled
    """One pass over the units, in SE's order (boxes, columns, rows): whether one has lost every place
    of a digit (a contradiction), and whether SE's first hidden single is found (``singles.hidden_single``:
    in the first unit with one open cell if any has a digit of one place, else in the first unit with
    one; the unit's lowest such digit, its first cell), then recorded in row ``row``."""
    size = units.shape[1]
    full = (1 << size) - 1
    lost = False
    chosen, chosen_bit, chosen_alone = -1, 0, False
    for k in range(3 * size):
        unit = _se_unit(k, size)
        once = twice = placed = seen = 0
        open_cells = 0
        for cell in units[unit]:
            mask, value = marks[cell], values[cell]
            twice |= once & mask
            once |= mask
            if value:
                placed |= 1 << (value - 1)
                seen |= 1 << (value - 1)
            else:
                open_cells += 1
                seen |= mask
        lost = lost or seen != full
        single = once & ~twice & ~placed
        if single and not chosen_alone and (chosen < 0 or open_cells == 1):  # (a unit with one open cell first)
            chosen, chosen_bit, chosen_alone = unit, single & -single, open_cells == 1
    if chosen < 0:
        return lost, False
    for cell in units[chosen]:
        if marks[cell] & chosen_bit:
            found[row, UNITS], found[row, UNIT_COUNT], found[row, ALONE] = chosen, 1, chosen_alone
            _place(found, row, cell, chosen_bit)
            found[row, SINGLE] = ((chosen * values.shape[0] + cell) * (size + 1) + found[row, DIGIT]) * 2 + chosen_alone
            break
    return lost, True


@compiled
def _place(found, row, cell, bit):
    """Record the placement of ``bit``'s digit at ``cell``."""
    digit = 1
    while bit >> digit:
        digit += 1
    found[row, PLACE], found[row, DIGIT] = cell, digit


@compiled
def _crossing(units, cell_units, unit, kind):
    """The units of a kind that share a cell with ``unit``, as bits of their numbers within the kind."""
    found = 0
    for cell in units[unit]:
        found |= 1 << (cell_units[cell, kind] - kind * units.shape[1])
    return found


@compiled
def _direct_locking(claiming, marks, units, cell_units, found, row):  # pragma: no cover - compiled
    """The first direct pointing (boxes against columns, then rows) or claiming (columns, then rows,
    against boxes) (``direct._direct_locking``): a digit with two places or more in the first unit, all
    where it crosses the second, leaving one place in a third unit of the first's kind through the second."""
    size = units.shape[1]
    for pair in range(2):
        line = 1 - pair  # columns, then rows
        first_kind, second_kind = line, 2
        if not claiming:
            first_kind, second_kind = 2, line
        for first in range(first_kind * size, (first_kind + 1) * size):
            seconds = _crossing(units, cell_units, first, second_kind)
            for second in range(second_kind * size, (second_kind + 1) * size):
                if not seconds >> (second - second_kind * size) & 1:
                    continue
                once = twice = outside = 0
                for cell in units[first]:
                    if cell_units[cell, second_kind] == second:
                        twice |= once & marks[cell]
                        once |= marks[cell]
                    else:
                        outside |= marks[cell]
                locked = twice & ~outside  # the digits with two places or more in first, all in second
                if not locked:
                    continue
                thirds = _crossing(units, cell_units, second, first_kind)
                for digit in range(1, size + 1):
                    bit = 1 << (digit - 1)
                    if not locked & bit:
                        continue
                    for third in range(first_kind * size, (first_kind + 1) * size):
                        if third == first or not thirds >> (third - first_kind * size) & 1:
                            continue
                        held = rest = 0
                        left = -1
                        for cell in units[third]:
                            if marks[cell] & bit:
                                held += 1
                                if cell_units[cell, second_kind] != second:
                                    rest += 1
                                    left = cell
                        if held >= 2 and rest == 1:
                            found[row, UNITS], found[row, UNITS + 1], found[row, UNITS + 2] = first, second, third
                            found[row, UNIT_COUNT], found[row, DIGITS] = 3, bit
                            count = 0
                            for cell in units[first]:
                                if marks[cell] & bit:
                                    found[row, CELLS + count] = cell
                                    count += 1
                            found[row, CELL_COUNT] = count
                            _place(found, row, left, bit)
                            return True
    return False


@compiled
def _direct_hidden_set(degree, values, marks, units, found, row, scratch):  # pragma: no cover - compiled
    """The first direct hidden pair or triplet (``direct._direct_hidden_set``): units in SE's order with
    more open cells than ``degree``, subsets of the digits with two places or more in the unit (their
    combinations in order) confined to ``degree`` cells, leaving another such digit one place."""
    size = units.shape[1]
    digits, spots, index, few = scratch[0], scratch[1], scratch[3], scratch[4]
    for k in range(3 * size):
        unit = _se_unit(k, size)
        unit_cells = units[unit]
        open_cells = 0
        for cell in unit_cells:
            if not values[cell]:
                open_cells += 1
        if open_cells <= degree:
            continue
        n = m = 0  # the digits with two places or more; those of them with at most ``degree`` (``few``)
        for digit in range(1, size + 1):
            where = 0
            for i in range(size):
                if marks[unit_cells[i]] >> (digit - 1) & 1:
                    where |= 1 << i
            if where & (where - 1):
                digits[n], spots[n] = digit, where
                if popcount(where) <= degree:  # (a subset with any other digit covers too many cells)
                    few[m] = n
                    m += 1
                n += 1
        more = first_combination(index, degree, m)
        while more:
            held = mask = 0
            for j in range(degree):
                held |= spots[few[index[j]]]
                mask |= 1 << (digits[few[index[j]]] - 1)
            if popcount(held) == degree:
                for j in range(n):
                    rest = spots[j] & ~held
                    if mask >> (digits[j] - 1) & 1 or not rest or rest & (rest - 1):
                        continue
                    found[row, UNITS], found[row, UNIT_COUNT], found[row, DIGITS] = unit, 1, mask
                    count = 0
                    for i in range(size):
                        if held >> i & 1:
                            found[row, CELLS + count] = unit_cells[i]
                            count += 1
                    found[row, CELL_COUNT] = count
                    i = 0
                    while rest >> (i + 1):
                        i += 1
                    found[row, PLACE], found[row, DIGIT] = unit_cells[i], digits[j]
                    return True
            more = next_combination(index, degree, m)
    return False


@compiled
def _first(technique, values, marks, units, cell_units, found, row, removed, at, scratch):  # pragma: no cover
    """Technique ``technique`` of HEAD's first step, recorded in row ``row``: the row of ``removed``
    after its eliminations, or -1 when it finds none."""
    found[row, TECHNIQUE] = technique
    if technique == _SINGLE:
        fired = _hidden_single(values, marks, units, found, row)
    elif technique == _POINTING or technique == _CLAIMING:  # noqa: SIM109 - a tuple per call in numba
        fired = _direct_locking(technique == _CLAIMING, marks, units, cell_units, found, row)
    elif technique == _PAIR or technique == _TRIPLET:  # noqa: SIM109
        fired = _direct_hidden_set(2 if technique == _PAIR else 3, values, marks, units, found, row, scratch)
    else:
        return ladder_rung(_RUNG_OF[technique], values, marks, units, cell_units, found, row, removed, at, scratch)
    return at if fired else -1


@compiled
def _run(values, marks, units, cell_units, peers, head, found, removed, scratch):  # pragma: no cover - compiled
    """Apply the first step of the first of HEAD's first ``head`` techniques that fires, again and
    again, to ``values``/``marks`` (changed in place), recording each step; (steps recorded, how it
    ended, the rows of ``removed`` used)."""
    count, at = np.int64(0), np.int64(0)
    while True:
        placed = 0
        for cell in range(values.shape[0]):
            if values[cell]:
                placed += 1
            elif marks[cell] == 0:  # a cell left without a digit
                return count, CONTRADICTION, at
        lost, single = _scan(values, marks, units, found, count)  # (SE's hidden single, while at it)
        if lost:  # a unit left without a place for a digit
            return count, CONTRADICTION, at
        if placed == values.shape[0]:
            return count, SOLVED, at
        end = -1
        for technique in range(head):
            if technique == _SINGLE:
                found[count, TECHNIQUE] = technique
                end = at if single else -1
            else:
                end = _first(technique, values, marks, units, cell_units, found, count, removed, at, scratch)
            if end >= 0:
                break
        if end < 0:
            return count, NONE_FIRES, at
        technique = found[count, TECHNIQUE]
        if _PLACES[technique]:
            if _RUNG_OF[technique] >= 0:  # the default ladder's naked single
                _place(found, count, found[count, CELLS], found[count, DIGITS])
            cell, digit = found[count, PLACE], found[count, DIGIT]
            values[cell], marks[cell] = digit, 0
            for peer in peers[cell]:
                marks[peer] &= ~(1 << (digit - 1))
        else:
            for i in range(at, end):
                marks[removed[i, 0]] &= ~(1 << (removed[i, 1] - 1))
        at = end
        count += 1


def run(state: Candidates, head: int) -> tuple[list[Step], bool]:
    """SE's steps from ``state`` (unchanged) by the first ``head`` techniques of HEAD, until none fires,
    the grid is full or a contradiction shows; whether it ended where none fires."""
    units, cell_units, peers = geometry_arrays(state.size)
    values = np.array(state.values, dtype=np.int64)
    marks = np.array(state.marks, dtype=np.int64)
    found, removed, scratch = _buffers(len(values), state.size)
    count, end, at = _run(values, marks, units, cell_units, peers, head, found, removed, scratch)
    geo, rows = state.geometry, found[:count]
    numbers = rows[:, SINGLE].tolist()
    steps: list[Step] = []
    taken: list[list[int]] | None = None
    for i, technique in enumerate(rows[:, TECHNIQUE].tolist()):
        if technique == _SINGLE:  # (most steps are hidden singles: made once, found by their number)
            steps.append(_SINGLES.get((geo.size, numbers[i])) or _step(geo, rows[i].tolist(), []))
        else:
            taken = removed[:at].tolist() if taken is None else taken
            steps.append(_step(geo, rows[i].tolist(), taken))
    return steps, end == NONE_FIRES


def _step(geo: Geometry, row: list[int], removed: list[list[int]]) -> Step:
    """The step a recorded row is, as its finder builds it."""
    technique = row[TECHNIQUE]
    if technique == _SINGLE:
        key = (geo.size, row[SINGLE])
        if (single := _SINGLES.get(key)) is None:
            single = _SINGLES[key] = single_step(geo, row[UNITS], row[PLACE], row[DIGIT], bool(row[ALONE]))
        return single
    cells = tuple(row[CELLS:CELLS + row[CELL_COUNT]])
    if technique in (_POINTING, _CLAIMING):
        name, rating = POINTING if technique == _POINTING else CLAIMING
        first, second, third = row[UNITS:UNITS + 3]
        return locking_step(geo, name, rating, (first, second, third), row[DIGIT], cells, row[PLACE])
    if technique in (_PAIR, _TRIPLET):
        name, rating = HIDDEN_PAIR if technique == _PAIR else HIDDEN_TRIPLET
        return hidden_set_step(geo, name, rating, row[UNITS], digits_of(row[DIGITS]), cells, row[DIGIT], row[PLACE])
    return ladder_step(geo.size, row, removed)


# each hidden single met, by grid size and number, kept: a step is immutable, and easy paths are mostly singles
_SINGLES: dict[tuple[int, int], Step] = {}
_SCRATCH = threading.local()  # per thread, per size: the compiled loop's buffers (read at once, so reused)


def _buffers(cells: int, size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The steps recorded (a step places or removes something), their eliminations, scratch rows."""
    kept = getattr(_SCRATCH, "by_size", None)
    if kept is None:
        kept = _SCRATCH.by_size = {}
    if size not in kept:
        kept[size] = (np.zeros((cells * (size + 1), WIDTH), dtype=np.int64),
                      np.zeros((cells * size, 2), dtype=np.int64), np.zeros((6, cells), dtype=np.int64))
    return kept[size]


def load() -> Callable[[Candidates, int], tuple[list[Step], bool]]:
    """``run``, compiled now (or read from numba's cache)."""
    from sudokit.models.grid import Grid

    run(Candidates.from_grid(Grid((0,) * 16)), len(HEAD))
    return run

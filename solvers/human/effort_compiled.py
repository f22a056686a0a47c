"""The counts a path's effort (``effort.effort``) is made of, compiled (numba): per step, the open
cells of the state it is taken in and either the singles available there (a single's step) or the
candidates left (any other step), the state moving on by the step's placements and eliminations as
``effort.effort`` moves it. Imported only when the compiled code is built (it loads numba).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate

import numpy as np

from sudokit.models.candidates import Candidates
from sudokit.solvers.human.basics_compiled import popcount
from sudokit.solvers.human.se.jit import compiled
from sudokit.solvers.human.singles_compiled import geometry_arrays
from sudokit.solvers.human.steps import Step

PLACE, ELIMINATE = 0, 1


@compiled
def _counts(values, marks, units, peers, moves, ends, singles, out):
    """Fill ``out`` (per step: open cells, then available singles or candidates), applying each step's
    ``moves`` (rows of kind, cell, digit; step i's end at ``ends[i]``) to ``values``/``marks``."""
    cells, size = values.shape[0], units.shape[1]
    stamps = np.zeros(cells * size, dtype=np.int64)  # (cell, digit) counted in the state numbered so
    start = 0
    for i in range(ends.shape[0]):
        open_cells = 0
        for cell in range(cells):
            if values[cell] == 0:
                open_cells += 1
        out[i, 0] = open_cells
        count = 0
        if singles[i]:  # the distinct placements of naked and hidden singles (``effort.available_singles``)
            for cell in range(cells):
                mask = marks[cell]
                if mask and not mask & (mask - 1):
                    slot = cell * size + popcount(mask - 1)
                    if stamps[slot] != i + 1:
                        stamps[slot] = i + 1
                        count += 1
            for unit in range(units.shape[0]):
                once = twice = placed = 0
                for k in range(size):
                    cell = units[unit, k]
                    twice |= once & marks[cell]
                    once |= marks[cell]
                    if values[cell]:
                        placed |= 1 << (values[cell] - 1)
                alone = once & ~twice & ~placed
                while alone:
                    bit = alone & -alone
                    alone ^= bit
                    for k in range(size):
                        cell = units[unit, k]
                        if marks[cell] & bit:
                            slot = cell * size + popcount(bit - 1)
                            if stamps[slot] != i + 1:
                                stamps[slot] = i + 1
                                count += 1
                            break
        else:
            for cell in range(cells):
                count += popcount(marks[cell])
        out[i, 1] = count
        for j in range(start, ends[i]):
            kind, cell, digit = moves[j, 0], moves[j, 1], moves[j, 2]
            bit = 1 << (digit - 1)
            if marks[cell] & bit:  # (as ``effort.effort``: only what the state still holds)
                if kind == PLACE:
                    values[cell], marks[cell] = digit, 0
                    for k in range(peers.shape[1]):
                        marks[peers[cell, k]] &= ~bit
                else:
                    marks[cell] &= ~bit
        start = ends[i]


def _moves(step: Step) -> list[int]:
    """A step's placements, then its eliminations, as (kind, cell, digit) flat."""
    if not step.eliminations and len(step.placements) == 1:  # (a single: most steps of a path)
        (cell, digit), = step.placements
        return [PLACE, cell, digit]
    return [*(x for c, d in step.placements for x in (PLACE, c, d)), *(x for c, d in step.eliminations for x in (ELIMINATE, c, d))]


def counts(start: Candidates, steps: Sequence[Step], singles: frozenset[str]) -> list[list[int]]:
    """Per step of ``steps`` from ``start``: [open cells, available singles (a step of ``singles``) or
    candidates]."""
    units, _, peers = geometry_arrays(start.size)
    moves = [move for step in steps for move in _moves(step)]  # kind, cell, digit: three a move
    ends = list(accumulate([len(step.placements) + len(step.eliminations) for step in steps]))
    single = [step.technique in singles for step in steps]
    out = np.empty((len(steps), 2), dtype=np.int64)
    _counts(np.array(start.values, dtype=np.int64), np.array(start.marks, dtype=np.int64), units, peers,
            np.array(moves, dtype=np.int64).reshape(-1, 3), np.array(ends, dtype=np.int64),
            np.array(single, dtype=np.bool_), out)
    return out.tolist()

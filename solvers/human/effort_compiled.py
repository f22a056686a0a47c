"""The counts a path's effort (``effort.effort``) is made of, compiled (numba): per step, the open
cells of the state it is taken in and either the singles available there (a single's step) or the
candidates left (any other step), the state moving on by the step's placements and eliminations as
``effort.effort`` moves it. Imported only when the compiled code is built (it loads numba).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import accumulate, chain
from operator import attrgetter

import numpy as np

from sudokit.models.candidates import Candidates
from sudokit.solvers.human.basics_compiled import AVAILABLE, _survey, candidate_count
from sudokit.solvers.human.se.jit import compiled
from sudokit.solvers.human.singles_compiled import geometry_arrays
from sudokit.solvers.human.steps import Step


@compiled
def _apply(values, marks, peers, moves, start, end, place):
    """Apply ``moves[start:end]`` (rows of cell, digit): placements (``place``) or eliminations, only
    of candidates the state still holds (as ``effort.effort`` moves it); how many cells were placed."""
    placed = 0
    for j in range(start, end):
        cell, digit = moves[j, 0], moves[j, 1]
        bit = 1 << (digit - 1)
        if marks[cell] & bit:
            if place:
                placed += values[cell] == 0
                values[cell], marks[cell] = digit, 0
                for k in range(peers.shape[1]):
                    marks[peers[cell, k]] &= ~bit
            else:
                marks[cell] &= ~bit
    return placed


@compiled
def _counts(data, cells, placements, eliminations, steps, units, peers):
    """Per step, [open cells, available singles or candidates] into the end of ``data``, and the path's
    inspections (``effort.effort``'s sum), returned. ``data`` holds, one after another: the start's
    values and marks (``cells`` each), each step's placements then its eliminations as (cell, digit)
    pairs (``placements`` and ``eliminations`` of them in all), where each step's placements and
    eliminations end (``steps`` each), each step's pattern parts (0 for a single: its available
    singles are counted), and room for the counts (2 a step). The state moves on by each step's
    placements, then its eliminations."""
    size = units.shape[1]
    values, marks = data[:cells], data[cells:2 * cells]
    placed = data[2 * cells:2 * cells + 2 * placements].reshape(-1, 2)
    at = 2 * cells + 2 * placements
    removed = data[at:at + 2 * eliminations].reshape(-1, 2)
    at += 2 * eliminations
    placed_ends, removed_ends, parts = data[at:at + steps], data[at + steps:at + 2 * steps], data[at + 2 * steps:at + 3 * steps]
    out = data[at + 3 * steps:].reshape(-1, 2)
    stamps = np.zeros(cells * size, dtype=np.int64)  # (cell, digit) counted in the state numbered so
    seen = np.empty(AVAILABLE + 1, dtype=np.int64)
    total = 0.0
    open_cells = 0
    for cell in range(cells):
        if values[cell] == 0:
            open_cells += 1
    for i in range(steps):
        if parts[i] == 0:  # the distinct placements of naked and hidden singles (``effort.available_singles``)
            _survey(values, marks, units, seen, stamps, i + 1)
            count = seen[AVAILABLE]
            total += (open_cells + 1) / (count + 1)
        else:
            count = candidate_count(marks)
            total += open_cells + count * parts[i]
        out[i, 0], out[i, 1] = open_cells, count
        open_cells -= _apply(values, marks, peers, placed, placed_ends[i - 1] if i else 0, placed_ends[i], True)
        _apply(values, marks, peers, removed, removed_ends[i - 1] if i else 0, removed_ends[i], False)
    return total


def counts(start: Candidates, steps: Sequence[Step], singles: frozenset[str],
           parts: Callable[[Step], int]) -> tuple[np.ndarray, float]:
    """Per step of ``steps`` from ``start``: [open cells, available singles (a step of ``singles``) or
    candidates], as rows of an array; and the path's inspections (``effort.effort``'s sum, unrounded;
    ``parts``: a step's pattern parts). (One array in: each numpy call costs when the caches are cold.)"""
    units, _, peers = geometry_arrays(start.size)
    placements = list(map(attrgetter("placements"), steps))
    eliminations = list(map(attrgetter("eliminations"), steps))
    placed = list(chain.from_iterable(chain.from_iterable(placements)))
    removed = list(chain.from_iterable(chain.from_iterable(eliminations)))
    data = np.array([*start.values, *start.marks, *placed, *removed, *accumulate(map(len, placements)),
                     *accumulate(map(len, eliminations)),
                     *[0 if step.technique in singles else parts(step) for step in steps], *[0] * (2 * len(steps))],
                    dtype=np.int64)
    cells = len(start.values)
    total = _counts(data, cells, len(placed) // 2, len(removed) // 2, len(steps), units, peers)
    return data[len(data) - 2 * len(steps):].reshape(-1, 2), total

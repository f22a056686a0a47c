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
from sudokit.solvers.human.basics_compiled import popcount
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
def _counts(values, marks, units, peers, placed, placed_ends, removed, removed_ends, parts, out):
    """Fill ``out`` (per step: open cells, then available singles or candidates), applying each step's
    placements (rows of ``placed``, step i's end at ``placed_ends[i]``), then its eliminations
    (``removed``, ``removed_ends``) to ``values``/``marks``; the path's inspections (``effort.effort``'s
    sum: ``parts[i]`` is step i's pattern parts, 0 for a single)."""
    cells, size = values.shape[0], units.shape[1]
    stamps = np.zeros(cells * size, dtype=np.int64)  # (cell, digit) counted in the state numbered so
    total = 0.0
    open_cells = 0
    for cell in range(cells):
        if values[cell] == 0:
            open_cells += 1
    for i in range(parts.shape[0]):
        count = 0
        if parts[i] == 0:  # the distinct placements of naked and hidden singles (``effort.available_singles``)
            for cell in range(cells):
                mask = marks[cell]
                if mask and not mask & (mask - 1):
                    slot = cell * size + popcount(mask - 1)
                    if stamps[slot] != i + 1:
                        stamps[slot] = i + 1
                        count += 1
            for unit in range(units.shape[0]):
                once = twice = held = 0
                for k in range(size):
                    cell = units[unit, k]
                    twice |= once & marks[cell]
                    once |= marks[cell]
                    if values[cell]:
                        held |= 1 << (values[cell] - 1)
                alone = once & ~twice & ~held
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
            total += (open_cells + 1) / (count + 1)
        else:
            for cell in range(cells):
                count += popcount(marks[cell])
            total += open_cells + count * parts[i]
        out[i, 0], out[i, 1] = open_cells, count
        open_cells -= _apply(values, marks, peers, placed, placed_ends[i - 1] if i else 0, placed_ends[i], True)
        _apply(values, marks, peers, removed, removed_ends[i - 1] if i else 0, removed_ends[i], False)
    return total


def counts(start: Candidates, steps: Sequence[Step], singles: frozenset[str],
           parts: Callable[[Step], int]) -> tuple[list[list[int]], float]:
    """Per step of ``steps`` from ``start``: [open cells, available singles (a step of ``singles``) or
    candidates]; and the path's inspections (``effort.effort``'s sum, unrounded; ``parts``: a step's
    pattern parts)."""
    units, _, peers = geometry_arrays(start.size)
    placements = list(map(attrgetter("placements"), steps))
    eliminations = list(map(attrgetter("eliminations"), steps))
    out = np.empty((len(steps), 2), dtype=np.int64)
    total = _counts(np.array(start.values, dtype=np.int64), np.array(start.marks, dtype=np.int64), units, peers,
                    _flat(placements), np.array(list(accumulate(map(len, placements))), dtype=np.int64),
                    _flat(eliminations), np.array(list(accumulate(map(len, eliminations))), dtype=np.int64),
                    np.array([0 if step.technique in singles else parts(step) for step in steps], dtype=np.int64),
                    out)
    return out.tolist(), total


def _flat(moves: list[tuple[tuple[int, int], ...]]):
    """Each step's (cell, digit) pairs, one after another, as rows of an array."""
    return np.array(list(chain.from_iterable(chain.from_iterable(moves))), dtype=np.int64).reshape(-1, 2)

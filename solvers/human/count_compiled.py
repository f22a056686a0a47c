"""A puzzle's solutions counted, up to a limit, as compiled code (numba): singles, then a guess.

SE's and HoDoKu's modes rate a proper puzzle only, and count its solutions before they rate it; the
default engine's last rung asks whether its start has one. The engine's own count (a solve with the
singles and guesses, ``solve_logically``) makes every step of the way as a ``Step``, which an easy
puzzle pays for as much as for its rating. ``count`` searches the same states without steps: it
places naked and hidden singles until none is left, then tries each candidate of a cell with the
fewest, depth first, and stops at ``limit`` solutions or after ``budget`` guesses (then the caller
counts in Python, where a deadline is polled). Imported only when the compiled loop is built
(``singles_compiled``); ``tests/solvers/human/test_count_compiled.py`` compares it with the engine's
count.
"""

from __future__ import annotations

import numpy as np

from sudokit.solvers.human.se.jit import compiled
from sudokit.solvers.human.singles_compiled import OVER_BUDGET


@compiled
def _place(values: np.ndarray, marks: np.ndarray, peers: np.ndarray, cell: int, digit: int) -> bool:  # pragma: no cover - compiled
    """Place ``digit`` in ``cell`` and remove it from its peers; False where a peer holds it."""
    values[cell] = digit
    marks[cell] = 0
    bit = np.int64(1) << (digit - 1)
    for i in range(peers.shape[1]):
        other = peers[cell, i]
        if values[other] == digit:
            return False
        marks[other] &= ~bit
    return True


@compiled
def _digit(bit: int) -> int:  # pragma: no cover - compiled
    digit = 1
    while bit > 1:
        bit >>= 1
        digit += 1
    return digit


@compiled
def _settle(values: np.ndarray, marks: np.ndarray, units: np.ndarray, peers: np.ndarray, full: int) -> bool:  # pragma: no cover - compiled
    """Place every naked and hidden single until none is left; False at a contradiction (a cell
    without a candidate, a digit without a place in a unit)."""
    changed = True
    while changed:
        changed = False
        for cell in range(values.shape[0]):
            if values[cell] == 0:
                m = marks[cell]
                if m == 0:
                    return False
                if m & (m - 1) == 0:
                    if not _place(values, marks, peers, cell, _digit(m)):
                        return False
                    changed = True
        for unit in range(units.shape[0]):
            once = twice = placed = 0
            for i in range(units.shape[1]):
                cell = units[unit, i]
                if values[cell]:
                    placed |= np.int64(1) << (values[cell] - 1)
                else:
                    m = marks[cell]
                    twice |= once & m
                    once |= m
            if (once | placed) != full:
                return False
            single = once & ~twice & ~placed
            if single:
                bit = single & -single
                for i in range(units.shape[1]):
                    cell = units[unit, i]
                    if values[cell] == 0 and marks[cell] & bit:
                        if not _place(values, marks, peers, cell, _digit(bit)):
                            return False
                        changed = True
                        break
    return True


@compiled
def count(values: np.ndarray, marks: np.ndarray, units: np.ndarray, peers: np.ndarray, limit: int, budget: int,
          solution: np.ndarray) -> int:  # pragma: no cover - compiled
    """How many solutions the state (``values``, ``marks``: left unchanged) has, up to ``limit``, the
    first written to ``solution``; ``OVER_BUDGET`` after ``budget`` guesses."""
    cells, size = values.shape[0], units.shape[1]
    full = (np.int64(1) << size) - 1
    vs = np.empty((cells + 1, cells), np.int64)
    ms = np.empty((cells + 1, cells), np.int64)
    branch = np.empty(cells + 1, np.int64)
    left = np.zeros(cells + 1, np.int64)
    vs[0] = values
    ms[0] = marks
    found = guesses = 0
    depth = -1  # the deepest state being branched on; the state to settle is the next one
    settle = True
    while True:
        if settle:
            level = depth + 1
            if _settle(vs[level], ms[level], units, peers, full):
                cell, fewest = -1, size + 1
                for c in range(cells):
                    if vs[level, c] == 0:
                        n = 0
                        m = ms[level, c]
                        while m:
                            m &= m - 1
                            n += 1
                        if n < fewest:
                            cell, fewest = c, n
                if cell < 0:
                    found += 1
                    if found == 1:
                        solution[:] = vs[level]
                    if found >= limit:
                        return found
                else:
                    depth = level
                    branch[depth] = cell
                    left[depth] = ms[depth, cell]
        settle = False
        while depth >= 0 and left[depth] == 0:
            depth -= 1
        if depth < 0:
            return found
        guesses += 1
        if guesses > budget:
            return OVER_BUDGET
        bit = left[depth] & -left[depth]
        left[depth] ^= bit
        vs[depth + 1] = vs[depth]
        ms[depth + 1] = ms[depth]
        settle = _place(vs[depth + 1], ms[depth + 1], peers, branch[depth], _digit(bit))

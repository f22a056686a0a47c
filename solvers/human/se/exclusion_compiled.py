"""SE's aligned exclusions (``exclusion``) on a 9×9 grid, compiled with numba.

Aligned Triplet Exclusion (7.5) is asked at every step of a hard puzzle before its chains, and on
those grids it tries thousands of triplets and finds nothing: tens of milliseconds a step in Python.
This tries the same base cells in the same order and returns every combination that eliminates
something, as ``exclusion._combinations`` yields them (``tests/solvers/human/se/test_exclusion_compiled.py``
compares them). None without numba (``jit.available``).

A set of cells is two words: cells 0-40 in the first, 41-80 in the second (no sign bit used).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from sudokit.solvers.human.se.chain_core import PEERS
from sudokit.solvers.human.se.jit import available, compiled
from sudokit.solvers.human.se.rules_compiled import bit_count

Combination = tuple[tuple[int, ...], list[int], list[int]]  # base cells, excluders, allowed values
Aligned = Callable[[list[int], int], list[Combination]]
SPLIT = 41


def _load() -> Aligned | None:
    if not available():
        return None
    sees = np.zeros((81, 81), np.bool_)
    for cell in range(81):
        sees[cell, list(PEERS[cell])] = True
    search = compiled(_aligned)

    def aligned(marks: list[int], degree: int) -> list[Combination]:
        """The base cells (two or three) with their common excluders and what remains allowed,
        wherever something is eliminated, in SE's order (as ``exclusion._combinations``)."""
        cells, allowed, excluders, ends = search(np.array(marks, dtype=np.int64), degree, sees)
        flat, start, found = excluders.tolist(), 0, []
        for row, values, end in zip(cells.tolist(), allowed.tolist(), ends.tolist(), strict=True):
            found.append((tuple(row[:degree]), flat[start:end], values[:degree]))
            start = end
        return found

    aligned([511] * 81, 3)  # compiled (or read from numba's cache) now
    return aligned


def _aligned(marks: np.ndarray, degree: int, sees: np.ndarray
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:  # pragma: no cover - compiled
    """Every eliminating combination: its cells (rows of 3, sorted), allowed values (rows of 3),
    its common excluders (flat) and where each combination's end there."""
    count = np.zeros(81, np.int64)
    for cell in range(81):
        count[cell] = bit_count(marks[cell])
    excluders = np.zeros((81, 2), np.int64)
    base = np.zeros(81, np.int64)
    n = 0
    base_bits = np.zeros(2, np.int64)
    for cell in range(81):
        if count[cell] < 2:
            continue
        ok = True
        for other in range(81):
            if sees[cell, other] and count[other] == 1:
                ok = False
                break
        if not ok:
            continue
        for other in range(81):
            if sees[cell, other] and 2 <= count[other] <= degree:
                excluders[cell, other // SPLIT] |= 1 << (other % SPLIT)
        if excluders[cell, 0] or excluders[cell, 1]:
            base[n] = cell
            n += 1
            base_bits[cell // SPLIT] |= 1 << (cell % SPLIT)
    seen = np.zeros((81, 81, 81), np.bool_) if degree == 3 else np.zeros((1, 1, 1), np.bool_)
    cells_out: list[int] = []
    allowed_out: list[int] = []
    ends: list[int] = []
    common_out: list[int] = []
    cells = np.zeros(3, np.int64)
    allowed = np.zeros(3, np.int64)
    for i in range(n):
        first = base[i]
        for j in range(i + 1, n):
            second = base[j]
            pair0 = excluders[first, 0] & excluders[second, 0]
            pair1 = excluders[first, 1] & excluders[second, 1]
            if bit_count(pair0) + bit_count(pair1) < 2:
                continue
            if degree == 2:
                thirds = np.full(1, -1, np.int64)
            else:
                twins = np.zeros(2, np.int64)
                for w in range(2):
                    twins[w] = (excluders[first, w] | excluders[second, w]) & base_bits[w]
                twins[first // SPLIT] &= ~(1 << (first % SPLIT))
                twins[second // SPLIT] &= ~(1 << (second % SPLIT))
                thirds = np.empty(bit_count(twins[0]) + bit_count(twins[1]), np.int64)
                k = 0
                for cell in range(81):
                    if twins[cell // SPLIT] >> (cell % SPLIT) & 1:
                        thirds[k] = cell
                        k += 1
            for third in thirds:
                common0, common1 = pair0, pair1
                if third >= 0:
                    common0 &= excluders[third, 0]
                    common1 &= excluders[third, 1]
                if bit_count(common0) + bit_count(common1) < 2:
                    continue
                cells[0], cells[1], cells[2] = first, second, third
                if third >= 0:
                    cells.sort()
                    if seen[cells[0], cells[1], cells[2]]:
                        continue
                    seen[cells[0], cells[1], cells[2]] = True
                if not _exclude(marks, cells, degree, common0, common1, sees, allowed):
                    continue
                for k in range(3):
                    cells_out.append(cells[k] if k < degree else -1)
                    allowed_out.append(allowed[k] if k < degree else 0)
                for cell in range(81):
                    if (common0 if cell < SPLIT else common1) >> (cell % SPLIT) & 1:
                        common_out.append(cell)
                ends.append(len(common_out))
    return (np.array(cells_out, np.int64).reshape((-1, 3)), np.array(allowed_out, np.int64).reshape((-1, 3)),
            np.array(common_out, np.int64), np.array(ends, np.int64))


@compiled
def _exclude(marks: np.ndarray, cells: np.ndarray, degree: int, common0: int, common1: int, sees: np.ndarray,
             allowed: np.ndarray) -> bool:  # pragma: no cover - compiled
    """Whether the base cells lose a value to their excluders (``common``): ``allowed`` is then
    what each keeps (as ``exclusion._allowed``)."""
    held = 0
    for k in range(degree):
        held |= marks[cells[k]]
    blockers = np.empty(81, np.int64)
    nb = 0
    for cell in range(81):
        if (common0 if cell < SPLIT else common1) >> (cell % SPLIT) & 1 and not marks[cell] & ~held:
            blockers[nb] = marks[cell]
            nb += 1
    s01 = sees[cells[0], cells[1]]
    s02 = degree == 3 and sees[cells[0], cells[2]]
    s12 = degree == 3 and sees[cells[1], cells[2]]
    if nb == 0 and not (s01 and (degree == 2 or (s02 and s12))):
        return False
    third = marks[cells[2]] if degree == 3 else 1
    allowed[0], allowed[1], allowed[2] = 0, 0, 0
    for x0 in range(9):
        x = 1 << x0
        if not marks[cells[0]] & x:
            continue
        done = False
        for y0 in range(9):
            y = 1 << y0
            if not marks[cells[1]] & y or (s01 and x == y):
                continue
            for z0 in range(9):
                z = 1 << z0 if degree == 3 else 0
                if degree == 3 and (not third & z or (s02 and z == x) or (s12 and z == y)):
                    continue
                taken = x | y | z
                possible = True
                for b in range(nb):
                    if not blockers[b] & ~taken:
                        possible = False
                        break
                if possible:
                    allowed[0] |= x
                    allowed[1] |= y
                    allowed[2] |= z
                    if allowed[1] == marks[cells[1]] and allowed[2] == (third if degree == 3 else 0):
                        done = True
                        break
                if degree == 2:
                    break
            if done:
                break
    for k in range(degree):  # noqa: SIM110 - numba compiles no generator expressions
        if allowed[k] != marks[cells[k]]:
            return True
    return False


aligned: Aligned | None = _load()

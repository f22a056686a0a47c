"""SE's aligned exclusions (``exclusion``) on a 9×9 grid, compiled with numba.

Aligned Triplet Exclusion (7.5) is asked at every step of a hard puzzle before its chains, and on
those grids it tries thousands of triplets and finds nothing: tens of milliseconds a step in Python.
This tries the same base cells in the same order and returns every combination that eliminates
something, as ``exclusion._combinations`` yields them (``tests/solvers/human/se/test_exclusion_compiled.py``
compares them). None without numba (``jit.available``).

A set of cells is two words: cells 0-40 in the first, 41-80 in the second (no sign bit used). The
triplets are deduplicated without a table (``_first_time``), and a triplet's combinations are tried a
pair of values at a time (``_exclude``); the inner loop calls only functions of plain numbers (a call
with arrays costs numba a reference count on each).
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
    peers = np.array([sorted(PEERS[cell]) for cell in range(81)], np.int64)
    search = compiled(_aligned)

    def aligned(marks: list[int], degree: int) -> list[Combination]:
        """The base cells (two or three) with their common excluders and what remains allowed,
        wherever something is eliminated, in SE's order (as ``exclusion._combinations``)."""
        cells, allowed, excluders, ends = search(np.array(marks, dtype=np.int64), degree, sees, peers)
        flat, start, found = excluders.tolist(), 0, []
        for row, values, end in zip(cells.tolist(), allowed.tolist(), ends.tolist(), strict=True):
            found.append((tuple(row[:degree]), flat[start:end], values[:degree]))
            start = end
        return found

    aligned([511] * 81, 3)  # compiled (or read from numba's cache) now
    return aligned


def _aligned(marks: np.ndarray, degree: int, sees: np.ndarray, peers: np.ndarray
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:  # pragma: no cover - compiled
    """Every eliminating combination: its cells (rows of 3, sorted), allowed values (rows of 3),
    its common excluders (flat) and where each combination's end there (``sees``: whether two cells
    see each other; ``peers``: each cell's)."""
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
        for other in peers[cell]:
            if count[other] == 1:
                ok = False
                break
        if not ok:
            continue
        for other in peers[cell]:
            if 2 <= count[other] <= degree:
                excluders[cell, other // SPLIT] |= 1 << (other % SPLIT)
        if excluders[cell, 0] or excluders[cell, 1]:
            base[n] = cell
            n += 1
            base_bits[cell // SPLIT] |= 1 << (cell % SPLIT)
    cells_out: list[int] = []
    allowed_out: list[int] = []
    ends: list[int] = []
    common_out: list[int] = []
    cells = np.zeros(3, np.int64)
    allowed = np.zeros(3, np.int64)
    blockers = np.empty(81, np.int64)
    for i in range(n):
        first = base[i]
        first0, first1 = excluders[first, 0], excluders[first, 1]
        for j in range(i + 1, n):
            second = base[j]
            second0, second1 = excluders[second, 0], excluders[second, 1]
            pair0, pair1 = first0 & second0, first1 & second1
            if not _two(pair0, pair1):
                continue
            for word in range(2):  # the third cells, in order: base cells excluding either (a pair: one pass, none)
                if degree == 2:
                    left = 1 - word
                else:
                    left = (first0 | second0 if word == 0 else first1 | second1) & base_bits[word]
                while left:
                    low = left & -left
                    left ^= low
                    third = _index(low) + word * SPLIT if degree == 3 else -1
                    common0, common1 = pair0, pair1
                    if third >= 0:
                        if third == first or third == second:  # noqa: SIM109 - a tuple per call in numba
                            continue
                        third0, third1 = excluders[third, 0], excluders[third, 1]
                        common0 &= third0
                        common1 &= third1
                        if not _two(common0, common1) or not _first_time(
                                first, second, third, first0, first1, second0, second1, third0, third1):
                            continue
                    cells[0], cells[1], cells[2] = _sorted(first, second, third)
                    if not _exclude(marks, cells, degree, common0, common1, sees, allowed, blockers):
                        continue
                    for k in range(3):
                        cells_out.append(cells[k] if k < degree else -1)
                        allowed_out.append(allowed[k] if k < degree else 0)
                    for w, bits in ((0, common0), (1, common1)):
                        while bits:
                            low = bits & -bits
                            bits ^= low
                            common_out.append(_index(low) + w * SPLIT)
                    ends.append(len(common_out))
    return (np.array(cells_out, np.int64).reshape((-1, 3)), np.array(allowed_out, np.int64).reshape((-1, 3)),
            np.array(common_out, np.int64), np.array(ends, np.int64))


@compiled
def _two(word0: int, word1: int) -> bool:  # pragma: no cover - compiled
    """Whether a set of cells has two or more."""
    return bool((word0 and word1) or word0 & (word0 - 1) or word1 & (word1 - 1))


@compiled
def _has(word0: int, word1: int, cell: int) -> bool:  # pragma: no cover - compiled
    """Whether a set of cells holds ``cell``."""
    return ((word0 if cell < SPLIT else word1) >> (cell % SPLIT)) & 1 == 1


@compiled
def _sorted(first: int, second: int, third: int) -> tuple[int, int, int]:  # pragma: no cover - compiled
    """Two base cells (in order) and a third (-1 for none), sorted (the third last when -1)."""
    if third < 0 or third > second:
        return first, second, third
    if third > first:
        return first, third, second
    return third, first, second


@compiled
def _index(bit: int) -> int:  # pragma: no cover - compiled
    """The position of a word's one set bit."""
    index = 0
    if bit >> 32:
        bit, index = bit >> 32, 32
    if bit >> 16:
        bit, index = bit >> 16, index + 16
    if bit >> 8:
        bit, index = bit >> 8, index + 8
    if bit >> 4:
        bit, index = bit >> 4, index + 4
    if bit >> 2:
        bit, index = bit >> 2, index + 2
    return index + (bit >> 1)


@compiled
def _first_time(first: int, second: int, third: int, first0: int, first1: int, second0: int, second1: int,
                third0: int, third1: int) -> bool:  # pragma: no cover - compiled
    """Whether the pair (first, second) with ``third`` is the first time the search meets these three
    cells (their excluders: two words each; they share two excluders or more). The search takes pairs
    in order, each with the base cells excluding either as thirds, in order, so (p, q, r), sorted, comes
    with the pair (p, q) if r excludes p or q, else with (p, r) if q excludes p or r, else with (q, r)."""
    if third > second:  # (first, second) is (p, q)
        return True
    second_with_first = _has(first0, first1, second) or _has(third0, third1, second)  # r with (p, q)?
    if third > first:  # (p, r) with q
        return not second_with_first
    # (q, r) with p: neither r with (p, q) nor q with (p, r)
    return not (second_with_first or _has(third0, third1, first) or _has(second0, second1, first))


@compiled
def _exclude(marks: np.ndarray, cells: np.ndarray, degree: int, common0: int, common1: int, sees: np.ndarray,
             allowed: np.ndarray, blockers: np.ndarray) -> bool:  # pragma: no cover - compiled
    """Whether the base cells lose a value to their excluders (``common``): ``allowed`` is then
    what each keeps (as ``exclusion._allowed``). A combination is impossible when a blocker's values
    are all among its own; for each value of the first two cells, the values of the third that no
    blocker and no base cell seeing it rules out are taken at once."""
    held = 0
    for k in range(degree):
        held |= marks[cells[k]]
    nb = 0
    for word, bits in ((0, common0), (1, common1)):
        while bits:
            low = bits & -bits
            bits ^= low
            mask = marks[_index(low) + word * SPLIT]
            if not mask & ~held:
                blockers[nb] = mask
                nb += 1
    s01 = sees[cells[0], cells[1]]
    s02 = degree == 3 and sees[cells[0], cells[2]]
    s12 = degree == 3 and sees[cells[1], cells[2]]
    if nb == 0 and not (s01 and (degree == 2 or (s02 and s12))):
        return False
    one, two = marks[cells[0]], marks[cells[1]]
    three = marks[cells[2]] if degree == 3 else 0
    allowed[0], allowed[1], allowed[2] = 0, 0, 0
    xs = one
    while xs:
        x = xs & -xs
        xs ^= x
        ys = two & ~x if s01 else two
        while ys:
            y = ys & -ys
            ys ^= y
            taken = x | y
            ruled_out = 0  # the third cell's values some blocker rules out with x and y
            possible = True
            for b in range(nb):
                rest = blockers[b] & ~taken
                if not rest:
                    possible = False
                    break
                if not rest & (rest - 1):
                    ruled_out |= rest
            if not possible:
                continue
            if degree == 3:
                zs = three & ~ruled_out
                if s02:
                    zs &= ~x
                if s12:
                    zs &= ~y
                if not zs:
                    continue
                allowed[2] |= zs
            allowed[0] |= x
            allowed[1] |= y
            if allowed[1] == two and allowed[2] == three:
                break  # every value of the other cells is allowed: x is, and nothing else follows from x
    return allowed[0] != one or allowed[1] != two or allowed[2] != three


aligned: Aligned | None = _load()

"""``chain_core.propagate`` without inner techniques, compiled with numba.

Every chaining producer follows each assumption of a search (every candidate of the grid, on and
off) to its end: the dynamic producers of a nested search do it tens of thousands of times per
puzzle on the hardest ones, and the inner cell and region chains as often. This follows one
assumption, static or dynamic, as ``propagate`` does with no ``advanced`` (the same potentials
with the same parents, in the same order, and the same contradiction) and gives them as
``propagate``'s ``to_on``/``to_off`` dictionaries of ``Pot``; a (+) or nested chain goes on from
there in Python (``propagate``'s ``resume``). ``tests/solvers/human/se/test_propagate_compiled.py``
compares them. None without numba (``jit.available``).

The potentials are numbered as they are found: per number, its key, its cause, the potential it
is reached from and its other parents (the removals that made its cell or unit a pair); per key,
its number once it is kept (-1: none).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from sudokit.solvers.human.se.chain_core import CELL, Pot, Run
from sudokit.solvers.human.se.chain_screen import link_tables
from sudokit.solvers.human.se.jit import available, compiled
from sudokit.solvers.human.se.rules_compiled import bit_count

ASSUMED = -3  # the cause of the assumption itself (None in a ``Pot``)
Walk = Callable[[int, bool, bool], Run]  # (key, y_links, dynamic)
Walks = Callable[[list[int]], Walk]


def _load() -> Walks | None:
    if not available():
        return None
    units, cell_units, order_cells, order_units = link_tables()
    follow = compiled(_propagate)

    def walks(marks: list[int]) -> Walk:
        """The walks in ``marks`` (81 candidate masks)."""
        grid = np.array(marks, dtype=np.int64)

        def walk(key: int, y_links: bool, dynamic: bool) -> Run:
            """What assuming ``key`` implies, as ``propagate(marks, to_on, to_off, y_links=y_links,
            dynamic=dynamic)`` from the one potential ``Pot(key)`` (static chains: as with the
            grid's ``StaticLinks``)."""
            table, extra, count, absurd_on, absurd_off = follow(
                grid, key, y_links, dynamic, units, cell_units, order_cells, order_units)
            rows, more = table[:count].tolist(), extra.tolist()
            start = Pot(key)
            pots = [start]
            to_on: dict[int, Pot] = {key: start} if key & 1 else {}
            to_off: dict[int, Pot] = {} if key & 1 else {key: start}
            for k, cause, parent, first, last in rows[1:count - 1 if absurd_on >= 0 else count]:
                q = Pot(k, [pots[parent], *[pots[i] for i in more[first:last]]] if last > first else [pots[parent]],
                        cause)
                pots.append(q)
                (to_on if k & 1 else to_off)[k] = q
            if absurd_on < 0:
                return to_on, to_off, None
            k, cause, parent, first, last = rows[-1]  # the contradiction's new potential: not kept
            new = Pot(k, [pots[parent], *[pots[i] for i in more[first:last]]], cause)
            return to_on, to_off, (new, pots[absurd_off]) if k & 1 else (pots[absurd_on], new)

        return walk

    walks([511] * 81)(1, True, True)  # compiled (or read from numba's cache) now
    return walks


def _propagate(marks: np.ndarray, start: int, y_links: bool, dynamic: bool, units: np.ndarray,
               cell_units: np.ndarray, order_cells: np.ndarray, order_units: np.ndarray
               ) -> tuple[np.ndarray, np.ndarray, int, int, int]:  # pragma: no cover - compiled
    """The potentials found from ``start``, numbered as found: a row each (key, cause, the number
    of the potential it is reached from, where its other parents begin and end in the second
    array); how many (the last one is the contradiction's new potential when there is one); the
    contradiction's "on" and "off" potentials (-1 when none)."""
    grid = marks.copy()  # as the chain reduces it (dynamic chains)
    number = np.full(1458, -1, np.int64)  # per key, its kept potential
    table = np.empty((1460, 5), np.int64)
    extra = np.empty(1460 * 16, np.int64)
    pending_on = np.empty(730, np.int64)
    pending_off = np.empty(730, np.int64)
    made_keys = np.empty(28, np.int64)
    made_causes = np.empty(28, np.int64)
    table[0, 0], table[0, 1], table[0, 2], table[0, 3], table[0, 4] = start, ASSUMED, -1, 0, 0
    number[start] = 0
    count, filled = 1, 0
    on_first = on_last = off_first = off_last = 0
    if start & 1:
        pending_on[0] = 0
        on_last = 1
    else:
        pending_off[0] = 0
        off_last = 1
    while True:
        if on_first < on_last:  # "on" potentials first: what each turns off
            p = pending_on[on_first]
            on_first += 1
            cand = table[p, 0] >> 1
            cell, d0 = cand // 9, cand % 9
            bit = 1 << d0
            made = 0
            if y_links:
                for d in range(9):
                    if d != d0 and grid[cell] >> d & 1:
                        made_keys[made], made_causes[made] = (cell * 9 + d) * 2, CELL
                        made += 1
            for i in range(20):
                other = order_cells[cell, i]
                if grid[other] & bit:
                    made_keys[made], made_causes[made] = (other * 9 + d0) * 2, order_units[cell, i]
                    made += 1
            for i in range(made):
                key = made_keys[i]
                if number[key | 1] >= 0 or number[key] < 0:
                    table[count, 0], table[count, 1], table[count, 2] = key, made_causes[i], p
                    table[count, 3] = table[count, 4] = filled
                    count += 1
                    if number[key | 1] >= 0:
                        return table, extra[:filled], count, number[key | 1], count - 1
                    number[key] = count - 1
                    pending_off[off_last] = count - 1
                    off_last += 1
        elif off_first == off_last:
            return table, extra[:filled], count, -1, -1
        else:  # then an "off": what it turns on, in the grid before it is removed
            p = pending_off[off_first]
            off_first += 1
            cand = table[p, 0] >> 1
            cell, d0 = cand // 9, cand % 9
            bit = 1 << d0
            first = count
            m = grid[cell]
            if y_links and bit_count(m) == 2:
                other_digit = 0
                while other_digit == d0 or not m >> other_digit & 1:
                    other_digit += 1
                key = (cell * 9 + other_digit) * 2 + 1
                if number[key] < 0 or number[key - 1] >= 0:
                    table[count, 0], table[count, 1], table[count, 2], table[count, 3] = key, CELL, p, filled
                    gone = marks[cell] & ~m
                    for d in range(9):
                        if gone >> d & 1:
                            extra[filled] = number[(cell * 9 + d) * 2]
                            filled += 1
                    table[count, 4] = filled
                    count += 1
            for u in range(3):
                unit = cell_units[cell, u]
                places = 0
                other = -1
                for i in range(9):
                    c = units[unit, i]
                    if grid[c] & bit:
                        places += 1
                        if c != cell:
                            other = c
                if places != 2:
                    continue
                key = (other * 9 + d0) * 2 + 1
                if number[key] >= 0 and number[key - 1] < 0:
                    continue
                if (count > first and table[first, 0] == key) or (count > first + 1 and table[first + 1, 0] == key):
                    continue  # only the block's other place can be a line's too
                table[count, 0], table[count, 1], table[count, 2], table[count, 3] = key, unit, p, filled
                for i in range(9):  # the places the chain removed, in the unit's order
                    c = units[unit, i]
                    if marks[c] & bit and not grid[c] & bit:
                        extra[filled] = number[(c * 9 + d0) * 2]
                        filled += 1
                table[count, 4] = filled
                count += 1
            if dynamic:
                grid[cell] &= ~bit
            for q in range(first, count):
                key = table[q, 0]
                if number[key - 1] >= 0:
                    return table, extra[:filled], q + 1, q, number[key - 1]
                if number[key] < 0:
                    number[key] = q
                    pending_on[on_last] = q
                    on_last += 1


walks: Walks | None = _load()

"""The singles at the head of a ladder, run as compiled code (numba, the ``fast`` extra).

Where a ladder starts with full house, naked single and hidden single, in that order, the engine takes
singles for as long as one fires: the first full house (units in order), else the first naked single
(cells in order), else the first hidden single (units in order, the lowest digit first). The loop here
does the same in one compiled loop and gives the same steps (the engine's ``_Search.deduce`` uses it), so an easy puzzle costs what its singles
cost, without a view, a finder's generator and a contradiction scan in Python per step. It stops where
a contradiction shows (the caller names it), when the grid is full, or when no single fires.

The pure-Python finders (``techniques/singles.py``) stay the reference: a test compares the paths.
numba is imported only once a process has solved ``WARM_AFTER`` puzzles, in a thread of its own (a
single ``sudokit solve`` never waits for it); until the code is ready the engine runs the finders.

"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import cache

from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid, geometry
from sudokit.solvers.human.se.jit import available
from sudokit.solvers.human.steps import Step

HEAD = ("full_house", "naked_single", "hidden_single")  # the ladder's head this module runs (a step's kind: its index)
NONE_FIRES, SOLVED, CONTRADICTION = 0, 1, 2
WARM_AFTER = 8  # solves in a process before the compiled loop is built


def _singles(values, marks, units, peers, found):
    """Apply singles to ``values``/``marks`` (arrays, changed in place) until none fires; record each in
    ``found`` (rows of kind, cell, digit, unit); return (steps recorded, how it ended)."""
    size = units.shape[1]
    full = (1 << size) - 1
    count = 0
    while True:
        for cell in range(values.shape[0]):  # a cell left without a digit
            if values[cell] == 0 and marks[cell] == 0:
                return count, CONTRADICTION
        for unit in range(units.shape[0]):  # a unit left without a place for a digit
            seen = 0
            for cell in units[unit]:
                seen |= (1 << (values[cell] - 1)) if values[cell] else marks[cell]
            if seen != full:
                return count, CONTRADICTION
        placed = 0
        for cell in range(values.shape[0]):
            if values[cell]:
                placed += 1
        if placed == values.shape[0]:
            return count, SOLVED
        kind, at, bit, where = -1, -1, 0, -1
        for unit in range(units.shape[0]):  # full house
            open_cells, last = 0, -1
            for cell in units[unit]:
                if values[cell] == 0:
                    open_cells += 1
                    last = cell
            if open_cells == 1:
                mask = marks[last]
                if mask and not mask & (mask - 1):
                    kind, at, bit, where = 0, last, mask, unit
                    break
        if kind < 0:  # naked single
            for cell in range(values.shape[0]):
                mask = marks[cell]
                if mask and not mask & (mask - 1):
                    kind, at, bit = 1, cell, mask
                    break
        if kind < 0:  # hidden single
            for unit in range(units.shape[0]):
                once = twice = 0
                for cell in units[unit]:
                    twice |= once & marks[cell]
                    once |= marks[cell]
                alone = once & ~twice
                if alone:
                    bit = alone & -alone
                    for cell in units[unit]:
                        if marks[cell] & bit:
                            kind, at, where = 2, cell, unit
                            break
                    break
        if kind < 0:
            return count, NONE_FIRES
        digit = 0
        while bit >> digit != 1:
            digit += 1
        found[count, 0], found[count, 1], found[count, 2], found[count, 3] = kind, at, digit + 1, where
        count += 1
        values[at], marks[at] = digit + 1, 0
        for peer in peers[at]:
            marks[peer] &= ~bit


def _step(size: int, kind: int, cell: int, digit: int, unit: int) -> Step:
    """The step a recorded single is, as its finder builds it."""
    units = () if kind == 1 else (unit,)
    return Step(HEAD[kind], size, (digit,), placements=((cell, digit),), cells=(cell,), units=units)


Singles = Callable[[Candidates, list[Step]], int]  # applies singles to a state, appends their steps: how it ended


@cache
def _arrays(size: int):
    import numpy as np

    shape = geometry(size)
    peers = np.array([sorted(p) for p in shape.peers], dtype=np.int64)
    return np.array(shape.units, dtype=np.int64), peers


def _build() -> Singles:
    """The compiled loop, wrapped to read and write a ``Candidates``."""
    import numpy as np
    from numba import njit

    kernel = njit(cache=True, nogil=True)(_singles)

    def singles(state: Candidates, steps: list[Step]) -> int:
        units, peers = _arrays(state.size)
        values = np.array(state.values, dtype=np.int64)
        marks = np.array(state.marks, dtype=np.int64)
        found = np.empty((len(values), 4), dtype=np.int64)
        count, end = kernel(values, marks, units, peers, found)
        if count:
            state.values[:], state.marks[:] = values.tolist(), marks.tolist()
            size = state.size
            steps.extend(_step(size, *row) for row in found[:count].tolist())
        return end

    singles(Candidates.from_grid(Grid((0,) * 16)), [])  # compiled, or read from numba's cache, in this thread
    return singles


class _Loader:
    """The compiled loop once ready, built in a thread after ``WARM_AFTER`` solves; None until then
    and without numba (or with ``SUDOKIT_PURE=1``)."""

    def __init__(self) -> None:
        self.solves = 0
        self.value: Singles | None = None
        self.thread: threading.Thread | None = None

    def get(self) -> Singles | None:
        if self.value is None and self.thread is None:
            self.solves += 1
            if self.solves >= WARM_AFTER and available():
                self.thread = threading.Thread(target=self._run, name="sudokit-singles-jit", daemon=True)
                self.thread.start()
        return self.value

    def _run(self) -> None:
        self.value = _build()

    def now(self) -> Singles | None:
        """Build it at once (a bench's warm-up, the tests): the compiled loop, or None without numba."""
        if self.value is None and available():
            self.value = _build()
        return self.value


LOADER = _Loader()


def compiled_singles() -> Singles | None:
    """The compiled loop if it is ready (counting this call as a solve toward building it)."""
    return LOADER.get()

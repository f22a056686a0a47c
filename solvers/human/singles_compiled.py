"""The head of a ladder, run as compiled code (numba, the ``fast`` extra): the singles, then the default
ladder's next rungs (locked pairs and triples, locked candidates, naked and hidden subsets, basic fish).

Where a ladder starts with full house, naked single and hidden single, in that order, the engine
takes the first step of the first rung that fires, again and again: the first full house (units in
order), else the first naked single (cells in order), else the first hidden single (units in order,
the lowest digit first), else the first locked pair, and so on. The compiled loop
(``basics_compiled.ladder``) does the same for as many of ``LADDER``'s rungs as the ladder starts
with, and this module turns what it records into the finders' own steps (the engine's
``_Search.deduce`` uses it), so an easy puzzle costs what its singles and intersections cost,
without a view, a finder's generator and a contradiction scan in Python per step. It stops where a
contradiction shows (the caller names it), when the grid is full, or when none of its rungs fires
(the ladder's later finders go on from there).

The pure-Python finders (``techniques/``) stay the reference: tests compare the paths. numba is
imported only once a process has solved ``WARM_AFTER`` puzzles, in a thread of its own (a single
``sudokit solve`` never waits for it); until the code is ready the engine runs the finders.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, NamedTuple, cast

from sudokit.models.candidates import Candidates, digits_of
from sudokit.models.grid import SYMBOLS, Grid, cell_name, geometry
from sudokit.solvers.human.se.jit import available
from sudokit.solvers.human.steps import Candidate, Step

HEAD = ("full_house", "naked_single", "hidden_single")  # the singles, which the compiled loop needs first
LADDER = (*HEAD, "locked_pair", "locked_triple", "locked_candidates_pointing", "locked_candidates_claiming",
          "naked_pair", "naked_triple", "hidden_pair", "hidden_triple", "naked_quad", "hidden_quad",
          "x_wing", "swordfish", "jellyfish")  # the rungs it runs (the default ladder's head), in this order
RUNGS = len(LADDER)
NONE_FIRES, SOLVED, CONTRADICTION = 0, 1, 2
WARM_AFTER = 8  # solves in a process before the compiled loop is built
OVER_BUDGET = -1  # the compiled count's answer when it gave up
GUESS_BUDGET = 20_000  # guesses the compiled count of a puzzle's solutions may make before the engine's count takes over
# a recorded step (a row of the loop's ``found``): its rung, digits (a mask), units, cells, eliminations
RUNG, DIGITS, UNIT_COUNT, UNITS, CELL_COUNT, FROM, TO, CELLS = 0, 1, 2, 3, 11, 12, 13, 14
KEY = CELLS + 16  # a jellyfish names at most 16 cells, every other step fewer; then a single's key
WIDTH = KEY + 1
_SUBSETS = frozenset((3, 4, *range(7, 13)))  # the rungs whose steps are subsets' (``subset_step``)
_LOCKED = frozenset((5, 6))  # locked candidates' (``locked_step``); the rest are fish (``fish_step``)

# runs a ladder's first rungs on a state, appends their steps (and, to a list given, their inspections for
# the effort, ``effort.step_effort``): how it ended
Singles = Callable[[Candidates, list[Step], int, "list[float] | None"], int]


def _step(size: int, row: list[int], removed: list[list[int]]) -> Step:
    """The step a recorded row is, as its finder builds it."""
    if row[RUNG] < len(HEAD):
        return _kept_single(size, single_key(size, row[RUNG], row[CELLS], digits_of(row[DIGITS])[0], row[UNITS]))
    eliminations = cast("tuple[Candidate, ...]", tuple(map(tuple, removed[row[FROM]:row[TO]])))
    return _built(size, row[RUNG], row[DIGITS], tuple(row[UNITS:UNITS + row[UNIT_COUNT]]),
                  tuple(row[CELLS:CELLS + row[CELL_COUNT]]), eliminations)


def _built(size: int, rung: int, digits: int, units: tuple[int, ...], cells: tuple[int, ...],
           eliminations: tuple[Candidate, ...]) -> Step:
    """The step of a rung after the singles, as its finder builds it (``subset_step``, ``locked_step``,
    ``fish_step``: their fields and pattern, made here from tables of names, as each function called
    costs when the caches are cold; ``test_singles_compiled`` compares them)."""
    name, shown = LADDER[rung], digits_of(digits)
    cell_names, unit_names = _names(size)
    if rung in _SUBSETS:
        pattern = f"{','.join(map(_SYMBOL.__getitem__, shown))} in {','.join(map(cell_names.__getitem__, cells))}"
    elif rung in _LOCKED:
        pattern = f"{_SYMBOL[shown[0]]} in {unit_names[units[0]]}"
    else:
        base = len(units) // 2
        pattern = (f"{_SYMBOL[shown[0]]} {','.join(map(unit_names.__getitem__, units[:base]))} "
                   f"{','.join(map(unit_names.__getitem__, units[base:]))}")
    return Step(name, size, shown, eliminations=eliminations, cells=cells, units=units, pattern=pattern)


_SYMBOL = "." + SYMBOLS  # each digit's symbol (``symbol``), by the digit


@cache
def _names(size: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Each cell's name (``cell_name``) and each unit's (``Geometry.unit_name``) in a grid of a size."""
    shape = geometry(size)
    return tuple(cell_name(cell, size) for cell in shape.cells), tuple(map(shape.unit_name, range(len(shape.units))))


def single_key(size: int, rung: int, cell: int, digit: int, unit: int) -> int:
    """A single's number among the kept steps (``_kept``), as the compiled loop records it
    (``basics_compiled.single_key``): from its rung, cell, digit and the kind of its unit."""
    return ((rung * size * size + cell) * size + digit - 1) * 4 + (0 if unit < 0 else unit // size + 1)


# Each single step met, kept: a step is immutable, easy paths are mostly singles, and building one (a
# frozen dataclass) costs as much as the compiled loop's whole look at a state. Per size, a list by
# ``single_key``, with one more slot, always None, at the end: the one the loop's -1 (another rung's
# step) reads.
_SINGLES: dict[int, list[Step | None]] = {}


def _kept(size: int) -> list[Step | None]:
    """The single steps kept for a grid size, by ``single_key`` (None: not built yet)."""
    if (kept := _SINGLES.get(size)) is None:
        kept = _SINGLES[size] = [None] * (3 * size**3 * 4 + 1)
    return kept


def _kept_single(size: int, key: int) -> Step:
    """The single numbered ``key`` (``single_key``), built and kept the first time."""
    kept = _kept(size)
    if (single := kept[key]) is None:
        rest, kind = divmod(key, 4)
        rest, digit = divmod(rest, size)
        rung, cell = divmod(rest, size * size)
        unit = geometry(size).cell_units[cell][kind - 1] if kind else -1
        single = kept[key] = Step(LADDER[rung], size, (digit + 1,), placements=((cell, digit + 1),), cells=(cell,),
                                  units=() if unit < 0 else (unit,))
    return single


_ALL_KEPT: set[int] = set()  # the sizes whose singles are all kept


def _keep_singles(size: int) -> None:
    """Build every single step of a grid size now (5,103 for 9x9, some milliseconds), so that no solve,
    the first of a new puzzle included, pays for building them (``_SINGLES``)."""
    for cell, units in enumerate(geometry(size).cell_units):
        for digit in range(1, size + 1):
            for rung, unit in ((1, -1), *((rung, unit) for rung in (0, 2) for unit in units)):
                _kept_single(size, single_key(size, rung, cell, digit, unit))
    _ALL_KEPT.add(size)


def _steps(size: int, out: list[int], at: int, count: int) -> list[Step]:
    """The steps the compiled loop reports (``basics_compiled._report``) in ``out`` from ``at`` on: its
    rungs' counts, its ``count`` numbers, then its other rungs' steps. (The steps are not read: each
    is a cache miss when the caches are cold.)"""
    kept, keys = _SINGLES.get(size) or _kept(size), out[at + RUNGS:at + RUNGS + count]
    steps = list(map(kept.__getitem__, keys))
    if sum(out[at:at + len(HEAD)]) < count or size not in _ALL_KEPT:  # another rung's step, or a single not kept yet
        at += RUNGS + count
        for i, step in enumerate(steps):
            if step is not None:
                continue
            if (key := keys[i]) >= 0:
                steps[i] = _kept_single(size, key)
                continue
            rung, digits, unit_count = out[at:at + 3]
            at += 3 + unit_count
            units = tuple(out[at - unit_count:at])
            cells = tuple(out[at + 1:at + 1 + out[at]])
            at += 1 + out[at]
            flat = iter(out[at + 1:at + 1 + 2 * out[at]])
            at += 1 + 2 * out[at]
            steps[i] = _built(size, rung, digits, units, cells, tuple(zip(flat, flat)))
    return steps  # type: ignore[return-value]  # (no None left)


@cache
def geometry_arrays(size: int):
    import numpy as np

    shape = geometry(size)
    peers = np.array([sorted(p) for p in shape.peers], dtype=np.int64)
    return np.array(shape.units, dtype=np.int64), np.array(shape.cell_units, dtype=np.int64), peers


_SCRATCH = threading.local()  # per thread, per size: the compiled loop's buffers (what it records, read at once)


def _buffers(cells: int, size: int):
    """The compiled loop's buffers for a grid of ``cells`` cells, made once per thread and size: the
    steps it records (a step places or removes something), their eliminations, its scratch rows, each
    step's inspections for the effort, and its report (``basics_compiled.begin``: the states, then the
    steps in a few numbers each, the other rungs' in full); the last two also as memoryviews (read
    through them, by Python's own code, with no numpy call: each costs when the caches are cold)."""
    import numpy as np

    kept = getattr(_SCRATCH, "by_size", None)
    if kept is None:
        kept = _SCRATCH.by_size = {}
    if size not in kept:
        rows = cells * (size + 1)
        inspections = np.empty(rows, dtype=np.float64)
        report = np.empty(3 * cells + RUNGS + rows * (1 + 5 + 8 + 16) + 2 * cells * size, dtype=np.int64)
        kept[size] = (np.empty((rows, WIDTH), dtype=np.int64), np.empty((cells * size, 2), dtype=np.int64),
                      np.empty((6, cells), dtype=np.int64), inspections, report, inspections.data, report.data)
    return kept[size]


class Kernels(NamedTuple):
    """The compiled parts of the default ladder: a puzzle's start state (alone, or with the loop's
    first run), its head's loop, the finned fish's search (``fish._finned_patterns`` asks for it), the
    effort's counts and a count of a state's solutions (``count_compiled``: how many up to a limit, or
    ``OVER_BUDGET``, and the first)."""

    start: Callable[[Grid], Candidates]  # as ``Candidates.from_grid``
    # a puzzle's start state and the ladder's run from it (on a copy), at once: as ``start`` then ``ladder``
    # (with as many rungs, recording inspections), (start, state, steps, inspections, how it ended, the
    # steps counted by technique, 0 for a rung that took none)
    begin: Callable[[Grid, int], tuple[Candidates, Candidates, list[Step], list[float], int, dict[str, int]]]
    ladder: Singles
    finned: Callable[..., list]
    effort: Callable[[Candidates, Sequence[Step], frozenset[str], Callable[[Step], int]], tuple[Any, float]]  # (``effort`` asks)
    solutions: Callable[[Candidates, int], tuple[int, list[int]]]  # (the engine's counts)


def _build() -> Kernels:
    """The compiled loop, wrapped to read and write a ``Candidates``, the finned fish's search and the
    effort's counts."""
    import numpy as np

    from sudokit.solvers.human import count_compiled, effort_compiled, fish_compiled
    from sudokit.solvers.human.basics_compiled import begin, resume, start_marks

    def start(grid: Grid) -> Candidates:
        values = np.array(grid.values, dtype=np.int64)
        marks = np.empty_like(values)
        start_marks(values, geometry_arrays(grid.size)[1], marks)
        return Candidates(grid.size, marks.tolist(), list(grid.values))

    def began(grid: Grid, rungs: int) -> tuple[Candidates, Candidates, list[Step], list[float], int, dict[str, int]]:
        size, cells = grid.size, len(grid.values)
        found, removed, scratch, inspections, report, inspected, reported = (
            getattr(_SCRATCH, "by_size", {}).get(size) or _buffers(cells, size))
        count, end, length = begin(np.array(grid.values, dtype=np.int64), *geometry_arrays(size), rungs, found, removed,
                                   scratch, inspections, report)
        out = reported[:length].tolist()  # (one array out: each numpy call costs when the caches are cold)
        return (Candidates(size, out[:cells], list(grid.values)), Candidates(size, out[2 * cells:3 * cells], out[cells:2 * cells]),
                _steps(size, out, 3 * cells, count), inspected[:count].tolist(), end,
                dict(zip(LADDER, out[3 * cells:3 * cells + RUNGS], strict=True)))

    def run(state: Candidates, steps: list[Step], rungs: int, efforts: list[float] | None) -> int:
        size, cells = state.size, len(state.values)
        found, removed, scratch, inspections, report, inspected, reported = _buffers(cells, size)
        count, end, length = resume(np.array(state.values + state.marks, dtype=np.int64), *geometry_arrays(size),
                                    rungs, found, removed, scratch, inspections, report)
        if count:
            out = reported[cells:length].tolist()
            state.values[:], state.marks[:] = out[:cells], out[cells:2 * cells]
            steps += _steps(size, out, 2 * cells, count)
            if efforts is not None:
                efforts += inspected[:count].tolist()
        return end

    def count(state: Candidates, limit: int) -> tuple[int, list[int]]:
        units, _, peers = geometry_arrays(state.size)
        solution = np.zeros(len(state.values), dtype=np.int64)
        found = count_compiled.count(np.array(state.values, dtype=np.int64), np.array(state.marks, dtype=np.int64),
                                     units, peers, limit, GUESS_BUDGET, solution)
        return found, solution.tolist()

    began(Grid((0,) * 16), len(LADDER))  # compiled, or read from numba's cache, in this thread
    run(start(Grid((0,) * 16)), [], len(LADDER), None)
    count(start(Grid((0,) * 16)), 2)
    fish_compiled.finned(np.zeros((2, 4), dtype=np.int64), 2, 2, np.empty((1, fish_compiled.BASE + 2), dtype=np.int64))
    effort_compiled.counts(Candidates.from_grid(Grid((0,) * 16)), [], frozenset(), lambda step: 1)
    _keep_singles(9)
    return Kernels(start, began, run, fish_compiled.search, effort_compiled.counts, count)


class _Loader:
    """The compiled parts once ready, built in a thread after ``WARM_AFTER`` solves; None until then
    and without numba (or with ``SUDOKIT_PURE=1``)."""

    def __init__(self) -> None:
        self.solves = 0
        self.value: Kernels | None = None
        self.thread: threading.Thread | None = None

    def get(self) -> Kernels | None:
        if self.value is None and self.thread is None:
            self.solves += 1
            if self.solves >= WARM_AFTER and available():
                self.thread = threading.Thread(target=self._run, name="sudokit-singles-jit", daemon=True)
                self.thread.start()
        return self.value

    def _run(self) -> None:
        self.value = _build()

    def now(self) -> Kernels | None:
        """Build them at once (a bench's warm-up, the tests): the compiled parts, or None without numba."""
        if self.value is None and available():
            self.value = _build()
        return self.value


LOADER = _Loader()


def compiled_singles() -> Singles | None:
    """The compiled loop if it is ready (counting this call as a solve toward building it)."""
    kernels = LOADER.get()
    return kernels.ladder if kernels else None

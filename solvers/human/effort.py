"""A human-effort estimate of a solve path: how much looking a person does to follow it.

SE's rating (ER) and HoDoKu's level say how hard the hardest step is; a person's solving time
depends on the whole path: how many steps, and above all how long each takes to *find*. Pelánek
("Difficulty rating of Sudoku puzzles by a computational model", FLAIRS 2011, and "Difficulty
rating of Sudoku puzzles: an overview and evaluation", 2014) models a solver who repeatedly
searches the grid for an applicable technique; what predicts human times is not the hardest
technique but how hard the next step is to find, chiefly how many easy steps are available at
each point (a state with many singles is quick to progress in; a state with one hidden single
needs a long scan). This module counts that search, from the path alone, with no fitted weight:

- **A single** (full house, naked or hidden single), in a state with ``k`` distinct single
  placements available among ``n`` open cells: a person scanning the open cells in no particular
  order inspects on average ``(n + 1) / (k + 1)`` of them before meeting the first of the ``k``
  (the expected position of the first of ``k`` marked items in a random order of ``n``). Many
  singles: about one inspection each; one single in a nearly empty grid: about ``n / 2``.
- **Any other step**: the person first scans every open cell for a single and finds none (``n``
  inspections), then searches the pencil marks: each of the ``c`` candidates of the state may
  anchor the pattern, and checking a pattern means looking at each of its ``m`` parts (the cells
  it names, plus its chain's nodes, plus the cells it places or eliminates in), so ``c * m`` more.
  Bigger patterns and fuller grids cost more, in proportion.
- **A guess** is a step of one part (a cell and a digit chosen): ``n + c``, plus the steps of the
  branches it leads to, which are in the path.

The sum is in *inspections* (looks at a cell or a candidate). It is an estimate of effort, not a
time: turning it into minutes would need measured times to calibrate one constant, which this
project does not have. Its only check is that it rises with the graded sets' grades (SE's bands on
the SE-rated sample and the unbiased collection; see ``tests/solvers/human/test_effort.py``).

>>> from sudokit.models.grid import Grid
>>> from sudokit.solvers.human.engine import solve_logically
>>> easy = solve_logically(Grid.parse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."))
>>> 50 < path_effort(easy) < 500
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import reduce
from operator import add
from typing import TYPE_CHECKING

from sudokit.models.candidates import Candidates
from sudokit.solvers.human.steps import Step

if TYPE_CHECKING:
    from sudokit.solvers.human.engine import HumanResult

SINGLES = frozenset({"full_house", "naked_single", "hidden_single", "se_hidden_single"})
GUESS = "guess"


def path_effort(result: HumanResult) -> float:
    """The effort of a solve's path, from the state it began in (``HumanResult.start``); from the steps'
    inspections the solve recorded on its way when it did (``HumanResult.efforts``, what walking the path
    gives)."""
    if result.efforts is not None:
        return round(reduce(add, result.efforts, 0.0), 1)  # (``_summed``, without a call: it costs when the caches are cold)
    if result.start is None:
        raise ValueError("the solve does not say where it began (HumanResult.start)")
    return effort(result.start, result.steps)


def effort(start: Candidates, steps: Sequence[Step]) -> float:
    """The inspections a person makes to follow ``steps`` from ``start`` (see the module's docstring)."""
    from sudokit.solvers.human.singles_compiled import LOADER

    if LOADER.value is not None:  # the compiled counts, summed as ``_summed`` sums them
        return round(LOADER.value.effort(start, steps, SINGLES, pattern_parts)[1], 1)
    return _summed(_inspections(step, *counts) for step, counts in zip(steps, _walk(start, steps), strict=True))


def _summed(inspections: Iterable[float]) -> float:
    """A path's effort: its steps' inspections added one by one, in order, then rounded."""
    return round(reduce(add, inspections, 0.0), 1)


def step_effort(state: Candidates, step: Step) -> float:
    """The inspections needed to find and check ``step`` in ``state``."""
    return _inspections(step, *state_counts(state, step))


def _inspections(step: Step, open_cells: int, seen: int) -> float:
    """A step's inspections from its state's open cells and ``seen``: the singles available (a single)
    or the candidates left (any other step)."""
    if step.technique in SINGLES:
        return (open_cells + 1) / (seen + 1)
    return open_cells + seen * pattern_parts(step)


def state_counts(state: Candidates, step: Step) -> tuple[int, int]:
    """A state's open cells, and its available singles (for a single's step) or candidates."""
    seen = available_singles(state) if step.technique in SINGLES else sum(m.bit_count() for m in state.marks)
    return state.values.count(0), seen


def _counts(start: Candidates, steps: Sequence[Step]) -> Iterable[Sequence[int]]:
    """``state_counts`` of each step's state along the path: compiled when the engine's compiled parts
    are ready (``singles_compiled``), else step by step here (the reference)."""
    from sudokit.solvers.human.singles_compiled import LOADER

    if LOADER.value is not None:
        return LOADER.value.effort(start, steps, SINGLES, pattern_parts)[0].tolist()
    return _walk(start, steps)


def _walk(start: Candidates, steps: Sequence[Step]) -> Iterator[tuple[int, int]]:
    state = start.copy()
    for step in steps:
        yield state_counts(state, step)
        for cell, digit in step.placements:
            if state.has(cell, digit):
                state.place(cell, digit)
        for cell, digit in step.eliminations:
            if state.has(cell, digit):
                state.eliminate(cell, digit)


def pattern_parts(step: Step) -> int:
    """What checking a step means looking at: its cells, its chain's nodes, the cells it changes."""
    if step.technique == GUESS:
        return 1
    named = set(step.cells) | set(step.fins) | {c for group in step.als for c in group}
    changed = {c for c, _ in step.placements} | {c for c, _ in step.eliminations}
    return max(1, len(named | changed) + max(step.length, len(step.chain)))


def available_singles(state: Candidates) -> int:
    """How many distinct placements singles offer in a state (naked and hidden, full houses included)."""
    marks, values = state.marks, state.values
    found = {(c, m) for c, m in enumerate(marks) if m and not m & (m - 1)}  # (cell, digit's bit)
    for cells in state.geometry.units:
        once = twice = placed = 0
        for cell in cells:
            mask = marks[cell]
            twice |= once & mask
            once |= mask
            if values[cell]:
                placed |= 1 << (values[cell] - 1)
        alone = once & ~twice & ~placed  # a digit not placed in the unit, with one place left
        while alone:
            bit = alone & -alone
            alone ^= bit
            found.add((next(c for c in cells if marks[c] & bit), bit))
    return len(found)

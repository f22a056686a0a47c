"""Fuzzing the human engine's techniques: reachable pencil-mark states given to each technique, every
step checked against the state's one solution, every explanation checked to name cells that exist.

A state is a unique puzzle (``corners.Pool``) with some of its blanks filled with their true digits
and some false candidates eliminated at random: every such elimination is sound, so the state keeps
the puzzle's one solution. Each technique gets the state (through one ``View``, as the engine gives
it, the placed cells remembered as givens) and its first ``STEPS`` steps are checked:

- ``unsound``: a step places a wrong digit or eliminates the true one;
- ``bad-explanation``: a step names a cell, unit or candidate outside the grid, or a cell its explanation
  names (``r10c1``) does not exist;
- ``error``: the technique raised.

An unsound step is shrunk (``shrink.fewest``) over the state's false candidates: fewer candidates (so
more cells placed: in the N³-character form a placed cell and a cell with one candidate read alike),
the technique still unsound on it; each removal keeps the state's one solution. The state is reported
in its N³-character form (one character per cell and digit), with the step and the pencil-mark grid.
"""

from __future__ import annotations

import multiprocessing
import random
import re
import signal
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from itertools import islice
from typing import TypeVar

from sudokit.compare.fuzz.corners import Pool
from sudokit.compare.fuzz.findings import Finding
from sudokit.compare.fuzz.shrink import fewest
from sudokit.models.candidates import Candidates
from sudokit.models.errors import UserError
from sudokit.models.grid import Grid
from sudokit.solvers.base import Status
from sudokit.solvers.human.engine import solve_logically
from sudokit.solvers.human.registry import MODE_ONLY, PRESETS, TECHNIQUES, preset, technique
from sudokit.solvers.human.steps import Step
from sudokit.solvers.human.techniques.uniqueness import remember_givens
from sudokit.solvers.human.view import Memo, View

T = TypeVar("T")
STEPS = 20  # steps of one technique checked per state
CELL_NAME = re.compile(r"\br(\d+)c(\d+)")  # a cell, or a group: r3c45 is r3c4 and r3c5 (up to 9x9)
SIZES = (4, 9)  # the sizes states are drawn at when none is chosen (9 mostly)


def chosen_techniques(spec: str) -> list[str]:
    """Technique names from ``NAME,NAME``, a preset name, or ``all`` (every technique but the modes' own)."""
    names: list[str] = []
    for part in (p.strip() for p in spec.split(",") if p.strip()):
        if part == "all":
            names += [n for n, t in TECHNIQUES.items() if t.family not in MODE_ONLY]
        elif part in PRESETS:
            names += preset(part)
        else:
            names.append(technique(part).name)
    if not names:
        raise UserError("--techniques needs names, a preset or all")
    return list(dict.fromkeys(names))


@dataclass(frozen=True)
class State:
    """A pencil-mark state: the solution, and the candidates left beside its digits (a cell with none is placed)."""

    solution: Grid
    placed: frozenset[int]  # cells shown placed whatever false candidates are listed for them
    false: frozenset[tuple[int, int]]  # (cell, digit) candidates that are not the cell's digit

    def line(self) -> str:
        """The N³-character line: per cell and digit, the digit where it is a candidate."""
        marks = [1 << (v - 1) for v in self.solution.values]
        for cell, digit in self.false:
            if cell not in self.placed:
                marks[cell] |= 1 << (digit - 1)
        return Candidates(self.solution.size, marks, [0] * len(marks)).line()

    def candidates(self) -> Candidates:
        """The pencil marks as ``--replay`` reads the line: a cell with one candidate is placed."""
        return Candidates.parse(self.line())

    def describe(self) -> str:
        open_cells = len({cell for cell, _ in self.false} - self.placed)
        return f"{open_cells} open cells, {len(self.false)} candidates beside the solution's"


def random_state(size: int, rng: random.Random, pool: Pool) -> State:
    """A unique puzzle solved partway: some blanks filled with their digits, some false candidates gone."""
    puzzle = pool.minimal_puzzle(size)
    solution = pool.uniqueness_solver().solve(puzzle, limit=1).solution
    assert solution is not None  # a minimal puzzle has its one solution
    start = Candidates.from_grid(puzzle)
    blanks = [c for c, v in enumerate(puzzle.values) if not v]
    filled = rng.sample(blanks, rng.randint(0, len(blanks) * 3 // 5))
    for cell in filled:
        start.place(cell, solution.values[cell])
    false = [(c, d) for c in range(len(start.marks)) for d in start.digits(c) if d != solution.values[c]]
    kept = rng.sample(false, len(false) - rng.randint(0, len(false) * 2 // 5))
    return State(solution, frozenset(), frozenset(kept))


def view_of(state: Candidates) -> View:
    """The view the engine would give techniques for ``state``, its placed cells taken as the givens."""
    memo = Memo()
    remember_givens(memo, state.values)
    return View(state, memo)


def check(name: str, view: View, solution: Grid) -> tuple[str, str, Step | None] | None:
    """The first failure of technique ``name`` on a state's view: (kind, detail, step), or None."""
    try:
        steps = list(islice(technique(name).steps(view), STEPS))
    except Exception as exc:  # the technique's bug is what we look for
        return "error", f"{type(exc).__name__}: {exc}", None
    for step in steps:
        if wrong := unsound(step, solution):
            return "unsound", wrong, step
        if bad := bad_names(step, view.size):
            return "bad-explanation", bad, step
    return None


def unsound(step: Step, solution: Grid) -> str:
    """What the step gets wrong against the solution ('' when nothing)."""
    values = solution.values
    wrong = [f"{step.name(c)}<>{d} but it is {d}" for c, d in step.eliminations if values[c] == d]
    wrong += [f"{step.name(c)}={d} but it is {values[c]}" for c, d in step.placements if values[c] != d]
    return "; ".join(wrong)


def bad_names(step: Step, size: int) -> str:
    """What in the step names something outside a size×size grid ('' when nothing)."""
    cells = size * size
    named = [c for c, _ in (*step.placements, *step.eliminations)] + list(step.cells) + list(step.fins)
    named += [c for group in step.als for c in group]
    if outside := [c for c in named if not 0 <= c < cells]:
        return f"cell number {outside[0]} outside the grid"
    if digits := [d for _, d in (*step.placements, *step.eliminations) if not 1 <= d <= size] + \
            [d for d in step.digits if not 1 <= d <= size]:
        return f"digit {digits[0]} outside 1..{size}"
    if units := [u for u in step.units if not 0 <= u < 3 * size]:
        return f"unit number {units[0]} outside the grid"
    for row, col in CELL_NAME.findall(step.explanation):
        lines = [int(row), int(col)] if size > 9 else [int(x) for x in row + col]
        if not all(1 <= line <= size for line in lines):
            return f"the explanation names r{row}c{col}"
    return ""


def check_all(names: list[str], state: State) -> list[tuple[str, str, str]]:
    """Every technique's failure on one state, as (technique, kind, detail); one view shared by them all."""
    view = view_of(state.candidates())
    return [(name, found[0], found[1]) for name in names if (found := check(name, view, state.solution))]


def _worker_signals() -> None:
    """A checking process ignores Ctrl-C (the parent stops it) and ends quietly on SIGTERM (the parent's
    ``terminate``), not as the command it was forked from takes SIGTERM (as Ctrl-C: ``app.main``)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


@contextmanager
def _checking(jobs: int) -> Iterator[Callable[[Callable[[State], T], list[State]], Iterable[T]]]:
    """A map over states: here with one job, else over ``jobs`` forked processes (which ignore Ctrl-C: the
    parent stops them)."""
    if jobs <= 1:
        yield map
        return
    workers = multiprocessing.get_context("fork").Pool(jobs, initializer=_worker_signals)
    try:
        yield lambda function, states: workers.imap(function, states)
    finally:
        workers.terminate()
        workers.join()


def shrunk_state(name: str, kind: str, state: State, seconds: float) -> State:
    """The state with fewest placed cells and false candidates on which the technique still fails the same way."""
    items = sorted(state.false)  # (fewer false candidates keep the one solution: no check needed)

    def state_of(kept: list[tuple[int, int]]) -> State:
        return State(state.solution, frozenset(), frozenset(kept))

    def still_fails(candidates: list[list[tuple[int, int]]]) -> list[bool]:
        verdicts = []
        for kept in candidates:
            smaller = state_of(kept)
            found = check(name, view_of(smaller.candidates()), state.solution)
            verdicts.append(found is not None and found[0] == kind)
        return verdicts

    return state_of(fewest(items, still_fails, time.monotonic() + seconds))


@dataclass
class TechniqueSummary:
    seed: int
    states: int = 0
    seconds: float = 0.0
    findings: int = 0
    interrupted: bool = False
    checked: int = 0  # (state, technique) pairs

    what = "states"

    @property
    def puzzles(self) -> int:  # the states are what a technique campaign tries
        return self.states

    def to_json(self) -> dict:
        per_minute = 60 * self.states / self.seconds if self.seconds else 0.0
        return {"summary": True, "states": self.states, "states_per_minute": round(per_minute, 1),
                "checks": self.checked, "seconds": round(self.seconds, 2), "seed": self.seed,
                "findings": self.findings, "interrupted": self.interrupted}

    def lines(self) -> list[str]:
        data = self.to_json()
        return [f"{self.states} states ({data['states_per_minute']:.0f} a minute), {self.checked} technique checks "
                f"in {self.seconds:.1f} s, seed {self.seed}: {self.findings} finding(s)"]


@dataclass
class TechniqueCampaign:
    names: list[str]
    seed: int = 0
    size: int | None = None
    shrink_seconds: float = 30.0
    jobs: int = 1
    on_puzzles: Callable[[int], None] = lambda count: None

    def run(self, seconds: float, summary: TechniqueSummary) -> Iterator[Finding]:
        """States for ``seconds``, every technique checked on each; yield each (technique, kind) found first.

        States are drawn here (so a seed gives the same states whatever ``jobs``) and checked in batches
        over ``jobs`` worker processes; shrinking runs here.
        """
        rng = random.Random(self.seed)
        pool = Pool(rng)
        began = time.monotonic()
        seen: dict[tuple[str, str], Finding] = {}
        try:
            with _checking(self.jobs) as each:
                while time.monotonic() - began < seconds:
                    batch = [random_state(self.size or rng.choices(SIZES, (1, 8))[0], rng, pool)
                             for _ in range(2 * self.jobs)]
                    for state, found in zip(batch, each(partial(check_all, self.names), batch), strict=True):
                        summary.states += 1
                        summary.checked += len(self.names)
                        self.on_puzzles(1)
                        for name, kind, detail in found:
                            if (name, kind) in seen:
                                seen[name, kind].seen += 1
                                continue
                            seen[name, kind] = finding = self.finding(name, kind, detail, state)
                            summary.findings += 1
                            yield finding
        finally:
            summary.seconds = time.monotonic() - began

    def finding(self, name: str, kind: str, detail: str, state: State) -> Finding:
        small = shrunk_state(name, kind, state, self.shrink_seconds) if kind == "unsound" else state
        again = check(name, view_of(small.candidates()), state.solution)
        step = None
        if again is not None:
            kind, detail, step = again
        line = small.line()
        command = f"sudokit fuzz --techniques {name} --replay {line}"
        return Finding(name, kind, f"{detail}; {small.describe()}", line, state.line(), command,
                       step=step.explanation if step else "", picture=small.candidates().picture())


def replay(name: str, state: Candidates) -> list[str]:
    """Check one technique on one state that has one solution: its failures, as lines (none when it is sound)."""
    solved = solve_logically(state, PRESETS["singles"], allow_guess=True, limit=2)
    if solved.status is not Status.SOLVED:
        raise UserError(f"the state has {'no solution' if solved.status is Status.UNSAT else 'several solutions'}: "
                        "a technique is checked on a state with one")
    found = check(name, view_of(state), solved.state.to_grid())
    if found is None:
        return []
    kind, detail, step = found
    return [f"FAILS {name}: {kind} ({detail})" + (f"\n  step: {step.explanation}" if step else "")]

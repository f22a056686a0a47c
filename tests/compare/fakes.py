"""Fake backends for the harness tests: one honest, and some that misbehave on chosen puzzles.

They are never registered; tests wrap them in ``Backend`` objects. Run as a script, this module
solves a small set with the honest fake into a database (the kill-and-resume test's victim).
"""

from __future__ import annotations

import os
import signal
import sys
import time

from sudokit.models.grid import Grid
from sudokit.models.puzzles import PuzzleSet
from sudokit.solvers.base import DEFAULT_LIMIT, SolveResult, status_for
from sudokit.solvers.registry import Backend

MISBEHAVING_GIVENS = 30  # the fakes misbehave on puzzles with this many givens (#2 and #4 of easy50)


def count_solutions(grid: Grid, limit: int) -> list[Grid]:
    """Up to ``limit`` solutions, by plain backtracking on the fewest-candidates cell."""
    values, geo, found = list(grid.values), grid.geometry, []

    def candidates(cell: int) -> set[int]:
        return set(range(1, grid.size + 1)) - {values[p] for p in geo.peers[cell]}

    def search() -> None:
        blanks = [c for c in geo.cells if not values[c]]
        if not blanks:
            found.append(Grid(tuple(values)))
            return
        cell = min(blanks, key=lambda c: len(candidates(c)))
        for digit in candidates(cell):
            values[cell] = digit
            search()
            values[cell] = 0
            if len(found) >= limit:
                return

    search()
    return found


class HonestSolver:
    name = "honest"

    def __init__(self, delay: float = 0.0):
        self.delay = delay

    def solve(self, grid: Grid, *, limit: int = DEFAULT_LIMIT, time_limit: float | None = None) -> SolveResult:
        start = time.perf_counter()
        time.sleep(self.delay)
        found = count_solutions(grid, limit)
        return SolveResult(status_for(len(found), limit), found[0] if found else None, len(found),
                           solve_seconds=time.perf_counter() - start, stats={"guesses": 0})


class SlowStartSolver(HonestSolver):
    """Honest, but slow to create (as a worker starting under heavy load)."""

    def __init__(self, start: float = 0.0):
        time.sleep(start)
        super().__init__()


class WarmingSolver(HonestSolver):
    """Honest, with CPU-heavy preparation the harness asks for before the first puzzle (``warm``)."""

    warmed = False

    def warm(self) -> None:
        until = time.process_time() + 0.5
        while time.process_time() < until:
            pass
        self.warmed = True

    def solve(self, grid: Grid, *, limit: int = DEFAULT_LIMIT, time_limit: float | None = None) -> SolveResult:
        if not self.warmed:  # (as a first puzzle would be charged for it)
            self.warm()
        return super().solve(grid, limit=limit, time_limit=time_limit)


class _Misbehaving(HonestSolver):
    """Honest, except on the chosen puzzles."""

    def solve(self, grid: Grid, **options) -> SolveResult:
        result = super().solve(grid, **options)
        return self.misbehave(result) if grid.count_givens() == MISBEHAVING_GIVENS else result

    def misbehave(self, result: SolveResult) -> SolveResult:
        raise NotImplementedError


class WrongSolver(_Misbehaving):
    """Returns the solution with its first two cells swapped."""

    def misbehave(self, result: SolveResult) -> SolveResult:
        values = result.solution.values
        result.solution = Grid((values[1], values[0], *values[2:]))
        return result


class HangingSolver(_Misbehaving):
    """Never returns, whatever the time limit."""

    def misbehave(self, result: SolveResult) -> SolveResult:
        while True:
            time.sleep(1)


class RaisingSolver(_Misbehaving):
    def misbehave(self, result: SolveResult) -> SolveResult:
        raise RuntimeError("fake backend bug")


class KillingSolver(_Misbehaving):
    """Kills its own process, as a segfaulting extension would."""

    def misbehave(self, result: SolveResult) -> SolveResult:
        os.kill(os.getpid(), signal.SIGKILL)
        raise AssertionError("unreachable")


def fake(name: str, cls: str, **options) -> Backend:
    return Backend(name, f"tests.compare.fakes:{cls}", f"fake: {cls}", options=options)


HONEST = fake("honest", "HonestSolver")


def first(puzzle_set: PuzzleSet, count: int) -> PuzzleSet:
    """A set of the first ``count`` puzzles of another."""
    return PuzzleSet(f"{puzzle_set.name}-{count}", puzzle_set.puzzles[:count], puzzle_set.sha256)


if __name__ == "__main__":  # python -m tests.compare.fakes DB RUN: a slow run to be killed
    from sudokit.compare.run.executors import ProcessExecutor, Settings
    from sudokit.compare.run.harness import Plan, run
    from sudokit.compare.run.store import Store
    from sudokit.compare.sets import load_set

    slow = [fake("slow-a", "HonestSolver", delay=0.05), fake("slow-b", "HonestSolver", delay=0.05)]
    plan = Plan([first(load_set("easy50"), 24)], slow, Settings(timeout=5), seed=3)
    with Store.open(sys.argv[1]) as store:
        run(store, sys.argv[2], plan, ProcessExecutor(2))

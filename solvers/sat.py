"""SAT: the extended CNF encoding (``models/cnf.py``) on an incremental solver from python-sat.

One solver per grid size lives as long as the backend: the rules of the size are loaded once, each
puzzle's givens are *assumptions*, and a further solution is looked for under a blocking clause
guarded by an activation literal that only this puzzle assumes (then switched off for good). So a
puzzle costs a few hundred propagations, not a formula's worth of parsing: where the time goes is
the SAT search itself (and, at 9x9, Python's call overhead around it). A size's rules are loaded
batch by batch under the first puzzle's deadline (a 25×25's 752,500 clauses take a second or
more): a puzzle whose deadline comes first is a timeout, and the next one loads on from there.

The solver is an option (``sat:solver=glucose4``; MiniSat 2.2 by default, any name python-sat
knows: ``cadical195``, ``glucose4``, ``maplechrono``, …). Time limits are kept by the solver: a
timer interrupts the search at the deadline (``solve_limited``), so no child process is needed
(CaDiCaL cannot be interrupted: there the harness's worker kill is the only limit).
``sat-picosat`` keeps the first form (pycosat, a fresh formula per puzzle, in a killable child).
"""

from __future__ import annotations

import threading
import time
from itertools import islice
from typing import TYPE_CHECKING

from sudokit.models.cnf import Loading, decode, encode, variable
from sudokit.models.grid import Grid
from sudokit.solvers.base import DEFAULT_LIMIT, Deadline, SolveResult, Status
from sudokit.solvers.isolate import Isolated, found

if TYPE_CHECKING:  # an optional package, imported by the backend only when it is used
    from pysat.solvers import Solver

RENEW_AFTER = 5000  # puzzles before a size's solver is rebuilt (each leaves a dead blocking clause)
COUNTERS = ("propagations", "conflicts", "decisions")


def solver_names() -> list[str]:
    """The SAT solvers python-sat has, by their main names (imports python-sat)."""
    from pysat.solvers import SolverNames

    return sorted(name for name in vars(SolverNames) if not name.startswith("_"))


class SATSolver:
    """An incremental python-sat solver per grid size; givens as assumptions, blocking clauses per puzzle."""

    name = "sat"

    def __init__(self, solver: str = "minisat22") -> None:
        if solver not in (known := solver_names()):
            raise ValueError(f"unknown SAT solver {solver!r}; python-sat has {', '.join(known)}")
        self.solver_name = solver
        self._solvers: dict[int, tuple[Solver, Loading, list[int]]] = {}  # size -> (…, [next variable, puzzles])

    def solve(self, grid: Grid, *, limit: int = DEFAULT_LIMIT, time_limit: float | None = None) -> SolveResult:
        deadline = Deadline(time_limit)  # one budget: loading the size's rules spends it too
        began = time.perf_counter()
        size = grid.size
        solver, loading, counts = self._solver(size)
        if not loading.done and not loading.advance(deadline.passed):
            return SolveResult(Status.TIMEOUT, build_seconds=time.perf_counter() - began,
                               stats={"solver": self.solver_name, "propagation": "unit propagation (CDCL)"},
                               message="the deadline passed while the rules were loaded (the next puzzle "
                                       "of this size loads on)")
        built = time.perf_counter()
        givens = [variable(cell, digit, size) for cell, digit in enumerate(grid.values) if digit]
        given = set(givens)
        guard = counts[0]  # this puzzle's activation literal: its blocking clauses hold only while assumed
        counts[0] += 1
        counts[1] += 1
        before = solver.accum_stats()
        solutions: list[Grid] = []
        timed_out = False
        while len(solutions) < limit:
            answer = _solve_until(solver, [*givens, guard], deadline)
            if answer is None:
                timed_out = True
                break
            if not answer:
                break
            model = [lit for lit in solver.get_model() if abs(lit) <= size**3]  # the guards are not cells
            solutions.append(decode(model, size))
            open_cells = [lit for lit in model if lit > 0 and lit not in given]
            solver.add_clause([-guard, *(-lit for lit in open_cells)])
        solver.add_clause([-guard])  # this puzzle's blocking clauses are dead from now on
        after = solver.accum_stats()
        stats = {"solver": self.solver_name, "propagation": "unit propagation (CDCL)",
                 **{k: after.get(k, 0) - before.get(k, 0) for k in COUNTERS}}
        solve_seconds = time.perf_counter() - built
        if timed_out:
            return SolveResult(Status.TIMEOUT, build_seconds=built - began, solve_seconds=solve_seconds,
                               stats=stats, message="the SAT search was interrupted at the deadline")
        return found(solutions, limit, build_seconds=built - began, solve_seconds=solve_seconds, stats=stats)

    def _solver(self, size: int) -> tuple[Solver, Loading, list[int]]:
        """This size's solver, the loading of its rules (done or under way) and its counts (renewed
        after ``RENEW_AFTER`` puzzles)."""
        from pysat.solvers import Solver

        kept = self._solvers.get(size)
        if kept is None or kept[2][1] >= RENEW_AFTER:
            if kept is not None:
                kept[0].delete()
            solver = Solver(name=self.solver_name)
            kept = self._solvers[size] = (solver, Loading(size, solver.append_formula), [size**3 + 1, 0])
        return kept


def _solve_until(solver: Solver, assumptions: list[int], deadline: Deadline) -> bool | None:
    """Solve under ``assumptions``; None when the deadline interrupted the search.

    CaDiCaL (and Lingeling) cannot be interrupted through python-sat: they run to the end, and the
    harness's worker kill at the deadline is the safety net.
    """
    remaining = deadline.remaining()
    if remaining is not None and remaining <= 0:
        return None
    if deadline.at is None or not _interruptible(solver):
        return solver.solve(assumptions=assumptions)
    WATCHDOG.arm(solver, deadline.at)
    try:
        return solver.solve_limited(assumptions=assumptions, expect_interrupt=True)
    finally:
        WATCHDOG.disarm()
        solver.clear_interrupt()


class _Watchdog:
    """One thread that interrupts the solver it is armed for when its deadline passes.

    Arming costs a lock and a notify; a thread (``threading.Timer``) per solve cost ~2 ms of wall time.
    """

    def __init__(self) -> None:
        self.condition = threading.Condition()
        self.solver: Solver | None = None
        self.at = 0.0
        self.thread: threading.Thread | None = None

    def arm(self, solver: Solver, at: float) -> None:
        with self.condition:
            if self.thread is None or not self.thread.is_alive():  # (after a fork, the thread is gone)
                self.thread = threading.Thread(target=self._watch, name="sat-deadline", daemon=True)
                self.thread.start()
            self.solver, self.at = solver, at
            self.condition.notify()

    def disarm(self) -> None:
        with self.condition:
            self.solver = None

    def _watch(self) -> None:
        with self.condition:
            while True:
                if self.solver is None:
                    self.condition.wait()
                elif (remaining := self.at - time.perf_counter()) > 0:
                    self.condition.wait(remaining)
                else:
                    self.solver.interrupt()
                    self.solver = None


WATCHDOG = _Watchdog()


def _interruptible(solver: Solver) -> bool:
    name = type(solver.solver).__name__.lower()
    return not name.startswith(("cadical", "lingeling"))


class PicoSATSolver:
    """picosat (via pycosat), a fresh formula per puzzle; each solution found is blocked to find the next.

    pycosat cannot be interrupted: under a time limit it runs in a killable child process.
    Its only counters are the formula's size.
    """

    name = "sat-picosat"

    def __init__(self) -> None:
        self._isolated = Isolated(solve_cnf)

    def solve(self, grid: Grid, *, limit: int = DEFAULT_LIMIT, time_limit: float | None = None) -> SolveResult:
        return self._isolated(grid, limit=limit, time_limit=time_limit)


def solve_cnf(grid: Grid, limit: int) -> SolveResult:
    """Encode ``grid`` and find up to ``limit`` solutions with pycosat, with no time limit."""
    import pycosat

    start = time.perf_counter()
    clauses = encode(grid)
    built = time.perf_counter()
    solutions = [decode(model, grid.size) for model in islice(pycosat.itersolve(clauses), limit)]
    return found(
        solutions,
        limit,
        build_seconds=built - start,
        solve_seconds=time.perf_counter() - built,
        stats={"variables": grid.size**3, "clauses": len(clauses), "propagation": "unit propagation (CDCL)"},
    )

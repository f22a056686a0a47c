"""Backends whose search cannot be interrupted from inside, run in a child process killed at a deadline.

A C extension (pycosat) or a library's closed loop (python-constraint) never looks at a clock.
Without a time limit such a backend solves here. With one, it solves in a warm child process: the
child is forked once (spawned where fork is missing), solves puzzle after puzzle with its imports
and caches ready, and is killed when a deadline passes (with every process below it: it is a child
subreaper, so what it starts stays below it), to be replaced at the next call. Timings are measured
where the work runs, so they are the same in either place. Its CPU time is the caller's to count, as
part of the caller's process tree (``solvers.processes``).
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable
from contextlib import suppress
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

from sudokit.models.grid import Grid
from sudokit.solvers import processes
from sudokit.solvers.base import DEFAULT_LIMIT, SolveResult, Status, also_found, status_for

Solve = Callable[[Grid, int], SolveResult]  # solve(grid, limit), run to its end


class Isolated:
    """``solve(grid, limit)`` under a time limit it cannot watch itself."""

    def __init__(self, solve: Solve):
        self.solve = solve
        self._child: tuple[BaseProcess, Connection] | None = None

    def __call__(self, grid: Grid, *, limit: int = DEFAULT_LIMIT, time_limit: float | None = None) -> SolveResult:
        if time_limit is None:
            return self.solve(grid, limit)
        start = time.perf_counter()
        process, connection = self._ready_child()
        connection.send((grid, limit))
        try:
            if connection.poll(max(0.0, time_limit - (time.perf_counter() - start))):  # (a fresh child's fork counts)
                return connection.recv()
            result = SolveResult(Status.TIMEOUT, solve_seconds=time.perf_counter() - start)
        except EOFError:
            process.join()
            result = SolveResult(Status.ERROR, message=f"the search process died (exit code {process.exitcode})")
        self.stop()
        return result

    def stop(self) -> None:
        """Kill the child process and every process below it, if there is one."""
        if self._child:
            process, connection = self._child
            if process.pid is not None:
                processes.kill_tree(process.pid)
            process.join()
            connection.close()
            self._child = None

    def _ready_child(self) -> tuple[BaseProcess, Connection]:
        if self._child and not self._child[0].is_alive():
            self.stop()
        if not self._child:
            methods = multiprocessing.get_all_start_methods()
            # one literal method per call, so the context's type is known (a BaseContext has no Process)
            context = multiprocessing.get_context("fork") if "fork" in methods else multiprocessing.get_context("spawn")
            here, there = context.Pipe()
            process = context.Process(target=_serve, args=(there, here, self.solve), daemon=True)
            process.start()
            there.close()
            self._child = process, here
        return self._child


def found(solutions: list[Grid], limit: int, *, stats: dict | None = None, **timings) -> SolveResult:
    """The result of a search that ran to its end or to ``limit``, finding ``solutions``: the first as
    its solution, the second (when there is one) in ``stats`` (``ALSO_FOUND``) for the judge."""
    return SolveResult(
        status_for(len(solutions), limit),
        solution=solutions[0] if solutions else None,
        solutions_found=len(solutions),
        stats={**(stats or {}), **also_found(solutions)},
        **timings,
    )


def _serve(connection: Connection, parents_end: Connection, solve: Solve) -> None:
    """The child: solve each ``(grid, limit)`` received, until the parent hangs up."""
    parents_end.close()  # a forked child holds both ends; with this one open it would never see EOF
    processes.become_subreaper()
    processes.die_with_parent()
    with suppress(EOFError, BrokenPipeError):
        while True:
            grid, limit = connection.recv()
            try:
                result = solve(grid, limit)
            except Exception as error:  # the parent gets an error result, as from a backend that failed
                result = SolveResult(Status.ERROR, message=f"{type(error).__name__}: {error}")
            connection.send(result)

"""Executors: take chunks of work (one backend, some puzzles) and yield one outcome per puzzle.

The harness only sees the ``Executor`` protocol, so another way of running (a Dask cluster, say)
is one more module and one more line in ``EXECUTORS``. The local one keeps warm worker
processes: each imports and creates its backend once, solves chunk after chunk, and is killed
and replaced when a puzzle overruns its timeout or the process dies.
"""

from __future__ import annotations

import gc
import importlib
import multiprocessing
import os
import resource
import signal
import statistics
import sys
import time
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Protocol

from models.grid import Grid
from solvers.base import DEFAULT_LIMIT, SolveResult, Solver, Status
from solvers.registry import Backend

GRACE_SECONDS = 1.0  # a backend that honours time_limit gets this long to return before it is killed
PARENT_CHECK_SECONDS = 0.5  # how often an idle worker checks that its parent is alive


@dataclass(frozen=True)
class Settings:
    """How each puzzle is solved: the solution limit, the timeout and the repetitions for timing."""

    limit: int = DEFAULT_LIMIT
    timeout: float | None = 10.0
    repeat: int = 1
    grace: float = GRACE_SECONDS

    @property
    def budget(self) -> float | None:
        """Wall-clock seconds a worker may spend on one puzzle before it is killed."""
        return None if self.timeout is None else self.timeout * self.repeat + self.grace


@dataclass(frozen=True)
class Task:
    """One puzzle to solve: where it comes from, and the grid the backend sees."""

    set_name: str
    index: int
    grid: Grid


@dataclass(frozen=True)
class Chunk:
    """Puzzles for one backend, solved in order by one worker."""

    backend: Backend
    tasks: tuple[Task, ...]


@dataclass(frozen=True)
class Outcome:
    """A backend's result for one task, with the peak memory of the process that solved it."""

    backend: str
    task: Task
    result: SolveResult
    peak_kb: int = 0


class Executor(Protocol):
    def run(self, chunks: Iterable[Chunk], settings: Settings) -> Iterator[Outcome]:
        """Solve every task of every chunk; yield outcomes as they finish (in any order)."""
        ...


EXECUTORS = {
    "local": "compare.executors:ProcessExecutor",
    "dask": "compare.dask_executor:DaskExecutor",
}


def make_executor(name: str, jobs: int, **options) -> Executor:
    """The executor registered as ``name``, running ``jobs`` workers (and its own ``options``)."""
    if name not in EXECUTORS:
        raise KeyError(f"unknown executor {name!r}; choose from {', '.join(EXECUTORS)}")
    module, _, attr = EXECUTORS[name].partition(":")
    return getattr(importlib.import_module(module), attr)(jobs, **options)


# ---------------------------------------------------------------------------- solving


def solve_repeated(solver: Solver, grid: Grid, settings: Settings) -> SolveResult:
    """Solve ``settings.repeat`` times; the first result, with the median build and solve times.

    A backend that raises gives an ``error`` result; a timeout or an error is not repeated.
    """
    results = []
    for _ in range(settings.repeat):
        try:
            result = solver.solve(grid, limit=settings.limit, time_limit=settings.timeout)
        except Exception as exc:  # the backend's bug is data: record it, keep going
            return SolveResult(Status.ERROR, message=f"{type(exc).__name__}: {exc}")
        results.append(result)
        if result.status in (Status.TIMEOUT, Status.ERROR):
            break
    first = results[0]
    first.build_seconds = statistics.median(r.build_seconds for r in results)
    first.solve_seconds = statistics.median(r.solve_seconds for r in results)
    return first


def peak_kb() -> int:
    """Peak resident memory of this process, in KiB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


# ---------------------------------------------------------------------------- local processes


class ProcessExecutor:
    """``jobs`` warm worker processes, each bound to one backend for as long as it has work."""

    def __init__(self, jobs: int | None = None):
        self.jobs = max(1, jobs or os.cpu_count() or 1)
        self.context = multiprocessing.get_context("fork" if sys.platform == "linux" else "spawn")

    def run(self, chunks: Iterable[Chunk], settings: Settings) -> Iterator[Outcome]:
        queue = _Queue(chunks)
        workers: list[SolvingProcess] = []
        try:
            while queue or workers:
                self._assign(queue, workers, settings)
                if not workers:
                    break
                ready = wait([w.connection for w in workers], timeout=earliest_deadline(workers))
                for worker in list(workers):
                    if worker.connection in ready:
                        outcome = worker.receive()
                    elif worker.overdue():
                        outcome = worker.expire()
                    else:
                        continue
                    if not worker.alive:
                        workers.remove(worker)
                        queue.push_front(worker.backend, worker.outstanding)
                    yield outcome
        finally:
            for worker in workers:
                worker.kill()

    def _assign(self, queue: _Queue, workers: list[SolvingProcess], settings: Settings) -> None:
        """Give idle workers more of their backend's work; retire them when there is none."""
        for worker in [w for w in workers if not w.outstanding]:
            chunk = queue.take(worker.backend)
            if chunk:
                worker.give(chunk)
            else:
                worker.stop()
                workers.remove(worker)
        while len(workers) < self.jobs and queue:
            chunk = queue.take()
            worker = SolvingProcess(chunk.backend, settings, self.context)
            worker.give(chunk)
            workers.append(worker)


class _Queue:
    """Pending chunks, grouped by backend, in first-seen order."""

    def __init__(self, chunks: Iterable[Chunk]):
        self.by_backend: dict[str, deque[Chunk]] = {}
        for chunk in chunks:
            self.by_backend.setdefault(chunk.backend.name, deque()).append(chunk)

    def __bool__(self) -> bool:
        return any(self.by_backend.values())

    def take(self, backend: Backend | None = None) -> Chunk | None:
        """The next chunk of ``backend`` (of any backend when None), or None."""
        names = [backend.name] if backend else list(self.by_backend)
        for name in names:
            if self.by_backend.get(name):
                return self.by_backend[name].popleft()
        return None

    def push_front(self, backend: Backend, tasks: Iterable[Task]) -> None:
        if tasks := tuple(tasks):
            self.by_backend.setdefault(backend.name, deque()).appendleft(Chunk(backend, tasks))


class SolvingProcess:
    """One worker process and the tasks it has been given but not answered yet."""

    def __init__(self, backend: Backend, settings: Settings, context):
        self.backend, self.settings = backend, settings
        self.connection, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child, backend, settings))
        self.process.start()
        child.close()
        self.outstanding: deque[Task] = deque()
        self.deadline: float | None = None
        self.alive = True

    def give(self, chunk: Chunk) -> None:
        self.outstanding.extend(chunk.tasks)
        self.connection.send(chunk.tasks)
        self._restart_clock()

    def receive(self) -> Outcome:
        """The answer to the oldest outstanding task (an error if the process died)."""
        try:
            result, peak = self.connection.recv()
        except (EOFError, OSError):
            self.kill()
            code = self.process.exitcode
            return self._finish(SolveResult(Status.ERROR, message=f"the worker process died (exit code {code})"))
        self._restart_clock()
        return self._finish(result, peak)

    def overdue(self) -> bool:
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def expire(self) -> Outcome:
        """Kill the stuck worker; its current task timed out."""
        self.kill()
        return self._finish(SolveResult(Status.TIMEOUT, solve_seconds=self.settings.budget or 0.0,
                                        message="killed after the timeout"))

    def stop(self) -> None:
        self.connection.send(None)
        self.process.join()
        self.connection.close()

    def kill(self) -> None:
        """Kill the worker and whatever it started (its own process group)."""
        if self.process.is_alive():
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:  # it has just exited
                pass
        self.process.join()
        self.connection.close()
        self.alive = False

    def _finish(self, result: SolveResult, peak: int = 0) -> Outcome:
        return Outcome(self.backend.name, self.outstanding.popleft(), result, peak)

    def _restart_clock(self) -> None:
        budget = self.settings.budget
        self.deadline = None if budget is None else time.perf_counter() + budget


def earliest_deadline(workers: list[SolvingProcess]) -> float | None:
    """Seconds until the first deadline of a busy worker (None: no deadline)."""
    deadlines = [w.deadline for w in workers if w.outstanding and w.deadline is not None]
    return max(0.0, min(deadlines) - time.perf_counter()) if deadlines else None


def _serve(connection: Connection, backend: Backend, settings: Settings) -> None:
    """A worker's life: create the backend once, then solve the chunks it is sent until ``None``.

    The worker leads its own process group, so killing it kills the processes a backend starts;
    it ignores Ctrl-C (the parent decides when to stop) and exits when the parent is gone.
    """
    os.setpgrp()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    gc.freeze()  # what the parent left behind is never collected here: no scans, no copy-on-write
    parent = os.getppid()
    try:
        solver = backend.create()
    except Exception as exc:  # every puzzle of this backend will say why
        solver, failure = None, f"cannot create backend {backend.name}: {type(exc).__name__}: {exc}"
    try:
        while (tasks := _next_chunk(connection, parent)) is not None:
            for task in tasks:
                if solver is None:
                    result = SolveResult(Status.ERROR, message=failure)
                else:
                    result = solve_repeated(solver, task.grid, settings)
                connection.send((result, peak_kb()))
    except (EOFError, OSError):  # the parent is gone
        return


def _next_chunk(connection: Connection, parent: int) -> tuple[Task, ...] | None:
    """The next chunk to solve; None when told to stop, or when the parent has died."""
    while not connection.poll(PARENT_CHECK_SECONDS):
        if os.getppid() != parent:
            return None
    return connection.recv()

"""Executors: take chunks of work (one backend, some puzzles) and yield one outcome per puzzle.

The harness only sees the ``Executor`` protocol, so another way of running (a Dask cluster, say)
is one more module and one more line in ``EXECUTORS``. The local one keeps warm worker
processes: each imports and creates its backend once, solves chunk after chunk, and is killed
and replaced when a puzzle overruns its timeout or the process dies.

What is measured, in the worker around the backend's call: wall time (the backend's own build and
solve split), CPU time of the worker's whole process tree over build and solve (``solvers.processes``:
every thread, every descendant however it left the worker's group or session, exited ones too), and
the tree's peak resident memory so far (a high-water mark over the worker's life, not per puzzle).
Every worker is a child subreaper, in a cgroup of its own where the system allows; killing it kills
its whole tree.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import math
import mmap
import multiprocessing
import os
import signal
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from collections import deque
from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Protocol

from sudokit.compare.run.agreement import judged
from sudokit.models.errors import UnknownName, UserError
from sudokit.models.grid import Grid
from sudokit.solvers import processes
from sudokit.solvers.base import DEFAULT_LIMIT, Solver, SolveResult, Status
from sudokit.solvers.registry import Backend

GRACE_SECONDS = 1.0  # a backend that honours time_limit gets this long to return before it is killed
PARENT_CHECK_SECONDS = 0.5  # how often an idle worker checks that its parent is alive
SEND_SECONDS = 0.05  # a busy worker sends its answers this often
HOLD_SECONDS = 0.25  # a worker takes more chunks while it holds less work than this (at its pace)
HOLD_TASKS = 2048  # and fewer tasks than this
STARTUP_SECONDS = 180.0  # more time for a worker's first task while it is not ready yet (numba compiling on a fresh install)
STARTING_CHECK_SECONDS = 0.05  # how often the parent looks at a worker that is starting
STOP_SECONDS = 5.0  # how long a worker told to stop may take to clean up before it is killed
RETRIES = 2  # times a task is tried again when its worker dies under it (a kill from outside, or a crash)


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
    """One puzzle to solve: where it comes from, the grid the backend sees, and which attempt this is."""

    set_name: str
    index: int
    grid: Grid
    attempt: int = 0  # a task whose worker died under it is tried once more (the kill may not be its doing)
    puzzle: str = ""  # the puzzle as given (before any transformation), for its record

    def __reduce__(self):
        """Pickled compactly (the grid's values as bytes): tasks cross a pipe by the thousand a second."""
        return _task, (self.set_name, self.index, _packed_values(self.grid), self.attempt, self.puzzle)


def _task(set_name: str, index: int, values: bytes | tuple[int, ...], attempt: int, puzzle: str) -> Task:
    return Task(set_name, index, Grid(tuple(values)), attempt, puzzle)


def _packed_values(grid: Grid) -> bytes | tuple[int, ...]:
    """A grid's values as bytes (as a tuple when one is over 255)."""
    try:
        return bytes(grid.values)
    except ValueError:
        return grid.values


Packed = tuple  # a SolveResult, a peak memory and a CPU time as plain values: see ``packed``


def packed(result: SolveResult, peak: int, cpu: float | None = None) -> Packed:
    """A result as plain values, to cross a pipe or the network: pickled several times faster than the
    dataclasses (answers go by the thousand a second)."""
    solution = None if result.solution is None else _packed_values(result.solution)
    return (result.status.value, solution, result.solutions_found, result.build_seconds, result.solve_seconds,
            result.stats, result.message, peak, cpu)


def unpacked(values: Packed) -> tuple[SolveResult, int, float | None]:
    """The result, peak memory and CPU time ``packed`` made plain."""
    status, solution, found, build, solve, stats, message, peak, cpu = values
    grid = None if solution is None else Grid(tuple(solution))
    return SolveResult(Status(status), grid, found, build, solve, stats, message), peak, cpu


@dataclass(frozen=True)
class Chunk:
    """Puzzles for one backend, solved in order by one worker."""

    backend: Backend
    tasks: tuple[Task, ...]


@dataclass(frozen=True)
class Outcome:
    """A backend's result for one task, with the peak memory of the process that solved it, its CPU
    time (None: not measured, as for a task its worker died on) and the core it was pinned to."""

    backend: str
    task: Task
    result: SolveResult
    peak_kb: int = 0
    cpu_seconds: float | None = None
    core: int | None = None


class Executor(Protocol):
    def run(self, chunks: Iterable[Chunk], settings: Settings) -> Generator[Outcome, None, None]:
        """Solve every task of every chunk; yield outcomes as they finish (in any order). Closing the
        generator early stops the workers."""
        ...


EXECUTORS = {
    "local": "sudokit.compare.run.executors:ProcessExecutor",
    "dask": "sudokit.compare.run.dask_executor:DaskExecutor",
}


def make_executor(name: str, jobs: int, **options) -> Executor:
    """The executor registered as ``name``, running ``jobs`` workers (and its own ``options``)."""
    if options.get("pin") and name != "local":
        raise UserError(f"--pin needs the local executor (not {name})")
    options = {k: v for k, v in options.items() if k != "pin" or v}
    if name not in EXECUTORS:
        raise UnknownName(f"unknown executor {name!r}; choose from {', '.join(EXECUTORS)}")
    module, _, attr = EXECUTORS[name].partition(":")
    return getattr(importlib.import_module(module), attr)(jobs, **options)


# ---------------------------------------------------------------------------- solving


def cpu_clock() -> float:
    """CPU seconds used so far by this process's whole tree (``solvers.processes.Tree``)."""
    return processes.this_tree().cpu_seconds()


def solve_measured(solver: Solver, grid: Grid, settings: Settings,
                   start: float | None = None) -> tuple[SolveResult, float]:
    """One solve and the CPU time of this process's tree over it (every thread, every descendant), from
    ``start`` (a reading of the tree's CPU just taken) or from now.

    A backend that raises gives an ``error`` result.
    """
    tree = processes.this_tree()
    start = tree.cpu_seconds(own_last=True) if start is None else start
    try:
        result = solver.solve(grid, limit=settings.limit, time_limit=settings.timeout)
    except Exception as exc:  # the backend's bug is data: record it, keep going
        return SolveResult(Status.ERROR, message=f"{type(exc).__name__}: {exc}"), tree.cpu_seconds() - start
    return result, tree.cpu_seconds() - start


def solve_repeated(solver: Solver, grid: Grid, settings: Settings,
                   start: float | None = None) -> tuple[SolveResult, float]:
    """Solve ``settings.repeat`` times: the first result with the median build, solve and CPU times,
    and every repeat's own wall and CPU times in its stats (``repeat_seconds``, ``repeat_cpu_seconds``).
    The first is measured from ``start`` when given (see ``solve_measured``).

    A timeout or an error is not repeated.
    """
    results, cpus = [], []
    for repeat in range(settings.repeat):
        result, cpu = solve_measured(solver, grid, settings, start if repeat == 0 else None)
        results.append(result)
        cpus.append(cpu)
        if result.status in (Status.TIMEOUT, Status.ERROR):
            break
    walls = [r.seconds for r in results]  # each repeat's own, before the first is given the medians
    first = results[0]
    if len(results) > 1:  # every repeat's time, so reports can state the noise
        first.build_seconds = statistics.median(r.build_seconds for r in results)
        first.solve_seconds = statistics.median(r.solve_seconds for r in results)
        first.stats["repeat_seconds"] = [round(w, 9) for w in walls]
        first.stats["repeat_cpu_seconds"] = [round(c, 9) for c in cpus]
    return first, statistics.median(cpus)


def peak_kb() -> int:
    """Peak resident memory of this process's tree, in KiB (``solvers.processes.Tree.peak_kb``)."""
    return processes.this_tree().peak_kb()


# ---------------------------------------------------------------------------- local processes


class ProcessExecutor:
    """``jobs`` warm worker processes, each bound to one backend for as long as it has work."""

    def __init__(self, jobs: int | None = None, *, pin: bool = False):
        self.jobs = max(1, jobs or os.cpu_count() or 1)
        self.context = multiprocessing.get_context("fork" if sys.platform == "linux" else "spawn")
        self.cores: list[int] | None = None
        if pin:
            self.cores = sorted(os.sched_getaffinity(0))
            if len(self.cores) < self.jobs:
                raise UserError(f"--pin needs a core per worker: {self.jobs} jobs, {len(self.cores)} cores allowed")

    def _core(self, workers: list[SolvingProcess]) -> int | None:
        """With ``pin``, the first allowed core no live worker is on."""
        if self.cores is None:
            return None
        busy = {w.core for w in workers}
        return next(core for core in self.cores if core not in busy)

    def run(self, chunks: Iterable[Chunk], settings: Settings) -> Generator[Outcome, None, None]:
        processes.sweep_cgroups()  # what an earlier run killed outright left behind
        with processes.subreaping():  # what a dead worker leaves behind comes here, to be killed
            yield from self._run(chunks, settings)

    def _run(self, chunks: Iterable[Chunk], settings: Settings) -> Generator[Outcome, None, None]:
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
                        outcomes = worker.collect()
                    elif worker.overdue():
                        outcomes = [worker.expire()]
                    else:
                        continue
                    if not worker.alive:
                        workers.remove(worker)
                        queue.push_front(worker.backend, worker.outstanding)
                        processes.kill_children({w.process.pid for w in workers if w.process.pid})
                    yield from outcomes
        finally:
            for worker in workers:
                worker.kill()

    def _assign(self, queue: _Queue, workers: list[SolvingProcess], settings: Settings) -> None:
        """Give workers on their last chunk another of their backend's; retire idle ones.

        A worker serves one backend for a slice of its work (``ROTATIONS`` slices a backend) while
        other backends have work waiting, then makes way for the backend with the most work left:
        the backends take turns through the run, so a change of machine load falls on all of them
        rather than on the one running then.
        """
        for worker in [w for w in workers if w.hungry]:
            turn_over = worker.chunks >= queue.slice(worker.backend) and queue.others_waiting(worker.backend)
            chunk = None if turn_over else queue.take(worker.backend)
            if chunk:
                worker.give(chunk)
            elif not worker.outstanding:
                worker.stop()
                workers.remove(worker)
        while len(workers) < self.jobs and (chunk := queue.take()) is not None:
            worker = SolvingProcess(chunk.backend, settings, self.context, self._core(workers))
            worker.give(chunk)
            workers.append(worker)


ROTATIONS = 4  # turns each backend's work is split into, so backends alternate through a run
LOOKAHEAD = 256  # chunks read ahead of the workers (a run's chunks are streamed, never all held)


class _Queue:
    """Pending chunks, read ahead from a stream and grouped by backend; a new worker takes the backend
    with the largest share left."""

    def __init__(self, chunks: Iterable[Chunk], lookahead: int = LOOKAHEAD):
        self.source: Iterator[Chunk] | None = iter(chunks)
        self.lookahead, self.held = lookahead, 0
        self.by_backend: dict[str, deque[Chunk]] = {}
        self.totals: dict[str, int] = {}
        self._fill()

    def __bool__(self) -> bool:
        return self.held > 0

    def _fill(self) -> None:
        while self.source is not None and self.held < self.lookahead:
            chunk = next(self.source, None)
            if chunk is None:
                self.source = None
                return
            self.by_backend.setdefault(chunk.backend.name, deque()).append(chunk)
            self.totals[chunk.backend.name] = self.totals.get(chunk.backend.name, 0) + 1
            self.held += 1

    def slice(self, backend: Backend) -> int:
        """How many chunks one worker of ``backend`` takes before making way (of those seen so far)."""
        return max(1, -(-self.totals.get(backend.name, 1) // ROTATIONS))

    def others_waiting(self, backend: Backend) -> bool:
        """Whether another backend has work waiting."""
        return any(queued for name, queued in self.by_backend.items() if name != backend.name)

    def take(self, backend: Backend | None = None) -> Chunk | None:
        """The next chunk of ``backend`` (of the backend with the largest share left when None), or None."""
        if backend is None:
            left = [(len(q) / self.totals[name], -order, name)
                    for order, (name, q) in enumerate(self.by_backend.items()) if q]
            if not left:
                return None
            backend_name = max(left)[2]
        else:
            backend_name = backend.name
        queued = self.by_backend.get(backend_name)
        if not queued:
            return None
        self.held -= 1
        chunk = queued.popleft()
        self._fill()
        return chunk

    def push_front(self, backend: Backend, tasks: Iterable[Task]) -> None:
        if tasks := tuple(tasks):
            self.by_backend.setdefault(backend.name, deque()).appendleft(Chunk(backend, tasks))
            self.totals.setdefault(backend.name, 1)
            self.held += 1


SUBPROCESS = "subprocess"  # start solving processes as plain subprocesses (allowed in daemonic processes)


class _Shared:
    """A number in memory shared with another process (``.value``, as multiprocessing's RawValue)."""

    def __init__(self, memory: mmap.mmap, offset: int, kind: str):
        self.memory, self.offset, self.kind = memory, offset, kind

    @property
    def value(self):
        return struct.unpack_from(self.kind, self.memory, self.offset)[0]

    @value.setter
    def value(self, value) -> None:
        struct.pack_into(self.kind, self.memory, self.offset, value)


class Progress:
    """Which task a worker is on, in memory shared with its parent: no message per task needed."""

    def __init__(self, context):
        self.started = context.RawValue("q", 0)  # tasks begun
        self.since = context.RawValue("d", 0.0)  # when (time.monotonic) the last one was begun
        self.cpu = context.RawValue("d", 0.0)  # the worker tree's CPU seconds then

    def begin(self, cpu: float) -> None:
        self.since.value = time.monotonic()
        self.cpu.value = cpu
        self.started.value += 1

    def ready(self) -> None:
        """The worker has started and created its backend: the clock of its first task runs from now."""
        self.since.value = time.monotonic()


class MappedProgress(Progress):
    """``Progress`` in a small memory-mapped file, for a solving process started by ``subprocess``."""

    SIZE = 24

    def __init__(self, fd: int):
        self.memory = mmap.mmap(fd, self.SIZE)
        self.started, self.since = _Shared(self.memory, 0, "q"), _Shared(self.memory, 8, "d")
        self.cpu = _Shared(self.memory, 16, "d")


class _Child:
    """A ``subprocess.Popen`` with the little of ``multiprocessing.Process`` the executors use."""

    def __init__(self, popen: subprocess.Popen):
        self.popen, self.pid = popen, popen.pid

    def is_alive(self) -> bool:
        return self.popen.poll() is None

    def join(self, timeout: float | None = None) -> None:
        self.popen.wait(timeout)

    @property
    def exitcode(self) -> int | None:
        return self.popen.poll()


def _start_subprocess(backend: Backend, settings: Settings) -> tuple[MappedProgress, Connection, _Child]:
    """A solving process started as ``python -m sudokit.compare.run.executors``: a daemonic process (a Dask
    worker under its nanny) may start these, where it may not start ``multiprocessing`` children.

    It leads its own process group (so killing it kills what its backend starts), talks over a socket
    pair, and shares its progress through a memory-mapped file.
    """
    ours, theirs = socket.socketpair()
    with tempfile.TemporaryFile() as shared:
        shared.truncate(MappedProgress.SIZE)
        popen = subprocess.Popen(
            [sys.executable, "-m", "sudokit.compare.run.executors", str(theirs.fileno()), str(shared.fileno())],
            pass_fds=(theirs.fileno(), shared.fileno()), process_group=0, stdin=subprocess.DEVNULL)
        progress = MappedProgress(shared.fileno())
    theirs.close()
    connection = Connection(ours.detach())
    connection.send((backend, settings))
    return progress, connection, _Child(popen)


def _serve_subprocess(argv: list[str]) -> None:
    """The entry point of a solving process started by ``_start_subprocess``."""
    connection = Connection(int(argv[0]))
    progress = MappedProgress(int(argv[1]))
    os.close(int(argv[1]))  # the mapping keeps the memory
    backend, settings = connection.recv()
    _serve(connection, backend, settings, progress)


class SolvingProcess:
    """One worker process and the tasks it has been given but not answered yet.

    A worker holds up to two chunks, so it starts the next while the parent takes in the answers
    to the last, and it sends its answers in batches (a pipe write costs tens of microseconds
    here). The parent times the task the worker is on from ``Progress``; when it kills a worker
    (timeout) or the worker dies, that task gets the verdict and the others stay outstanding, to
    be solved again: those answered but not yet sent among them.
    """

    def __init__(self, backend: Backend, settings: Settings, context, core: int | None = None):
        self.backend, self.settings, self.core = backend, settings, core
        self.progress: Progress | MappedProgress
        self.process: BaseProcess | _Child
        if context is SUBPROCESS:
            self.progress, self.connection, self.process = _start_subprocess(backend, settings)
        else:
            self.progress = Progress(context)
            self.connection, child = context.Pipe()
            process = context.Process(target=_serve, args=(child, backend, settings, self.progress, core))
            process.start()
            self.process = process
            child.close()
        self.outstanding: deque[Task] = deque()
        self.answered = 0  # tasks answered since the worker started
        self.waiting_since = 0.0  # when it was last given work while idle, or last answered
        self.last_chunk = 0  # tasks in the chunk given last
        self.chunks = 0  # chunks given
        self.began = self.answered_at = time.monotonic()  # when started; when it last answered
        self.alive = True

    @property
    def hungry(self) -> bool:
        """True when the worker may take one more chunk: it is on its last one (or idle), or what it
        holds is less than ``HOLD_SECONDS`` of work at its pace so far. So a fast backend's worker
        never waits for a parent slow to be scheduled, and a slow one's holds two chunks only."""
        held = len(self.outstanding)
        if held <= self.last_chunk:
            return True
        pace = (self.answered_at - self.began) / self.answered if self.answered else math.inf
        return held * pace < HOLD_SECONDS and held < HOLD_TASKS

    @property
    def deadline(self) -> float | None:
        """When (time.monotonic) the task the worker is on overruns its budget; None when idle.

        Until the worker says it has begun the next task, the clock runs from when it was given work
        or last answered, or from when it became ready if that was later; a worker not ready yet
        (starting a Python process under load, or stuck creating its backend) gets
        ``STARTUP_SECONDS`` more.
        """
        budget = self.settings.budget
        if budget is None or not self.outstanding:
            return None
        since = self.progress.since.value
        if self.progress.started.value > self.answered:  # on a task
            return since + budget
        if self.starting:
            return self.waiting_since + budget + STARTUP_SECONDS
        return max(self.waiting_since, since) + budget

    @property
    def starting(self) -> bool:
        """True until the worker is ready (started, its backend created)."""
        return self.progress.since.value == 0.0

    def give(self, chunk: Chunk) -> None:
        if not self.outstanding:
            self.waiting_since = time.monotonic()
        self.outstanding.extend(chunk.tasks)
        self.last_chunk = len(chunk.tasks)
        self.chunks += 1
        with contextlib.suppress(OSError):  # it has just died: the next read says so, the tasks go elsewhere
            self.connection.send(chunk.tasks)

    def collect(self) -> list[Outcome]:
        """The next batch of answers (an error for the task the worker was on if it died)."""
        try:
            answers = self.connection.recv()
        except (EOFError, OSError):
            used = time.monotonic() - self.progress.since.value
            self.kill()
            on = self._current()
            task = self.outstanding[on]
            timeout = self.settings.timeout
            if timeout is not None and self.progress.started.value > self.answered and \
                    used >= timeout:  # past its time: a timeout anyway
                return [self._verdict(SolveResult(Status.TIMEOUT, solve_seconds=used,
                                                  message="still running at the timeout when its worker died"))]
            if task.attempt < RETRIES:  # killed from outside, or a crash: again, in a fresh worker
                self.outstanding[on] = replace(task, attempt=task.attempt + 1)
                return []
            message = f"the worker process died (exit code {self.process.exitcode})"
            return [self._verdict(SolveResult(Status.ERROR, message=message))]
        self.answered += len(answers)
        self.waiting_since = self.answered_at = time.monotonic()
        return [Outcome(self.backend.name, self.outstanding.popleft(), *unpacked(answer), self.core)
                for answer in answers]

    def overdue(self) -> bool:
        deadline = self.deadline
        return deadline is not None and time.monotonic() >= deadline

    def expire(self) -> Outcome:
        """Kill the stuck worker; the task it was on timed out, after the wall and CPU time it used
        (the tree's CPU read from outside: clock-tick precision; None when not on a task yet)."""
        on_task = self.progress.started.value > self.answered
        used = time.monotonic() - self.progress.since.value if on_task else self.settings.budget or 0.0
        tree = processes.tree_seconds(self.process.pid) if on_task and self.process.pid else None
        self.kill()
        cpu = None if tree is None else max(0.0, tree - self.progress.cpu.value)
        message = "killed after the timeout" if on_task else \
            "killed: its worker was still creating or warming up the backend at the timeout"
        return self._verdict(SolveResult(Status.TIMEOUT, solve_seconds=used, message=message), cpu)

    def stop(self) -> None:
        """Tell the worker to finish (it kills what its backends left running, and leaves its cgroup);
        kill its tree unless it ends so, cleanly, within ``STOP_SECONDS``."""
        with contextlib.suppress(OSError):  # (a worker that has died needs no telling)
            self.connection.send(None)
        if processes.exited_cleanly(self.process.pid or 0, STOP_SECONDS):
            self.process.join()
            processes.forget(self.process.pid or 0)
            self.connection.close()
            self.alive = False
        else:
            self.kill()

    def kill(self) -> None:
        """Kill the worker and every process below it (its cgroup, or its tree, stopped then killed)."""
        pid = self.process.pid  # (never None: the worker was started)
        if pid is not None:
            processes.kill_tree(pid)
        self.process.join()
        if pid is not None:
            processes.forget(pid)
        self.connection.close()
        self.alive = False

    def _current(self) -> int:
        """Where in ``outstanding`` the task the worker is on (or died on) stands."""
        return max(0, self.progress.started.value - self.answered - 1)

    def _verdict(self, result: SolveResult, cpu: float | None = None) -> Outcome:
        """The outcome of the task the (dead) worker was on; it is no longer outstanding."""
        on = self._current()
        task = self.outstanding[on]
        del self.outstanding[on]
        return Outcome(self.backend.name, task, result, cpu_seconds=cpu, core=self.core)


def earliest_deadline(workers: list[SolvingProcess]) -> float | None:
    """Seconds until the parent must look at its workers again: the first deadline of a busy worker
    (None: no deadline), and soon while a worker is starting (its deadline moves nearer once ready)."""
    now = time.monotonic()
    deadlines = [min(w.deadline, now + STARTING_CHECK_SECONDS) if w.starting else w.deadline
                 for w in workers if w.deadline is not None]
    return max(0.0, min(deadlines) - now) if deadlines else None


def _serve(connection: Connection, backend: Backend, settings: Settings, progress: Progress | MappedProgress,
           core: int | None = None) -> None:
    """A worker's life: create the backend once, then solve the chunks it is sent until ``None``.

    Given a ``core``, the worker (and what it starts) runs on that core only.

    Answers go back in batches: every ``SEND_SECONDS``, and whenever no more work is waiting.
    The worker leads its own process group and is a child subreaper (in a cgroup of its own where
    allowed), so its tree holds every process a backend starts, to be measured and killed; it
    ignores Ctrl-C (the parent decides when to stop), dies with a forking parent and exits when the
    parent is gone, killing what its backends left running.
    """
    os.setpgrp()
    if isinstance(progress, Progress):  # forked by the parent's main thread: die with it
        processes.die_with_parent()
    tree = processes.this_tree(worker=True)
    if core is not None:
        os.sched_setaffinity(0, {core})
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # (not the parent's handler: a SIGTERM kills a worker)
    try:
        _solve_chunks(connection, backend, settings, progress)
    finally:
        tree.close()


def _solve_chunks(connection: Connection, backend: Backend, settings: Settings,
                  progress: Progress | MappedProgress) -> None:
    """Create the backend, then solve the chunks sent until ``None`` (see ``_serve``)."""
    gc.freeze()  # what the parent left behind is never collected here: no scans, no copy-on-write
    parent = os.getppid()
    tree = processes.this_tree()
    try:
        solver = backend.create()
    except Exception as exc:  # every puzzle of this backend will say why
        solver, failure = None, f"cannot create backend {backend.name}: {type(exc).__name__}: {exc}"
    if solver is not None and callable(warm := getattr(solver, "warm", None)):
        warm()  # what a backend builds once (compiled code), before any puzzle's clock runs
    progress.ready()
    answers: list[Packed] = []
    sent = time.monotonic()
    try:
        while (tasks := _next_chunk(connection, parent)) is not None:
            for done, task in enumerate(tasks, 1):
                start = tree.cpu_seconds(own_last=True)
                progress.begin(start)
                if solver is None:
                    result, cpu = SolveResult(Status.ERROR, message=failure), None
                else:
                    result, cpu = solve_repeated(solver, task.grid, settings, start)
                    result = judged(result, task.grid)
                answers.append(packed(result, peak_kb(), cpu))
                idle = done == len(tasks) and not connection.poll()
                if idle or time.monotonic() - sent >= SEND_SECONDS:
                    connection.send(answers)
                    answers, sent = [], time.monotonic()
    except (EOFError, OSError):  # the parent is gone
        return


def _next_chunk(connection: Connection, parent: int) -> tuple[Task, ...] | None:
    """The next chunk to solve; None when told to stop, or when the parent has died."""
    while not connection.poll(PARENT_CHECK_SECONDS):
        if os.getppid() != parent:
            return None
    return connection.recv()


if __name__ == "__main__":  # a solving process started by _start_subprocess
    _serve_subprocess(sys.argv[1:])

"""Run a comparison on a Dask cluster: chunks grouped into Dask tasks, their outcomes streamed back to the client.

On a Dask worker, each thread keeps one solving process per backend: the local executor's worker,
started as a plain subprocess (Dask's default workers are daemonic processes, which may not start
``multiprocessing`` children), which creates its backend once and is killed and replaced when a
puzzle overruns its timeout or the process dies. Clusters need no special settings. So backends
stay warm between tasks, and timeouts are enforced there, per puzzle, exactly as on one machine.
A task's outcomes reach the harness only once it has finished: when a Dask worker is lost, Dask
re-runs its unfinished tasks elsewhere, and no record is lost or duplicated. The client submits a
few tasks per worker thread ahead of the workers, never the whole run, so its memory stays flat."""

from __future__ import annotations

import atexit
import itertools
import logging
import multiprocessing.util
import sys
import threading
from collections import deque
from collections.abc import Generator, Iterable, Iterator
from contextlib import contextmanager

from sudokit.compare.run.errors import ExecutorLost
from sudokit.compare.run.executors import (
    SUBPROCESS,
    Chunk,
    Outcome,
    Packed,
    Settings,
    SolvingProcess,
    earliest_deadline,
    packed,
    unpacked,
)
from sudokit.models.errors import UserError
from sudokit.solvers.registry import Backend

INSTALL = "--executor dask needs dask and distributed: pip install 'sudokit[dask]'"


class DaskExecutor:
    """Chunks as Dask tasks, on the cluster at ``scheduler`` or else on a local one of ``workers`` processes."""

    def __init__(self, jobs: int | None = None, *, scheduler: str | None = None, workers: int | None = None):
        if scheduler and workers:
            raise UserError("give --scheduler (an existing cluster) or --workers (a local one), not both")
        try:
            import distributed  # noqa: F401  (imported here to fail early, used in run)
        except ImportError:
            raise UserError(INSTALL) from None
        self.scheduler, self.workers = scheduler, workers or jobs or 1

    def run(self, chunks: Iterable[Chunk], settings: Settings) -> Generator[Outcome, None, None]:
        """Chunks grouped into Dask tasks of about a second's work (``grouped``), a few tasks per worker thread in flight.

        A task's puzzles all go to the worker's solving process at once, so it never waits between
        chunks; and only the tasks in flight are held here, so a run's length costs the client nothing.
        """
        from distributed import CancelledError, as_completed

        source = iter(chunks)
        if (first := next(source, None)) is None:  # nothing to do: start no cluster
            return
        with self._client() as client:
            threads = max(1, sum(client.nthreads().values()))
            pace = Pace()
            groups = grouped(itertools.chain([first], source), threads, pace)
            running = as_completed()
            try:
                submitted: dict[str, Chunk] = {}  # by the future's key: the tasks it holds

                def submit(group: Chunk) -> None:
                    future = client.submit(solve_packed, group, settings=settings, pure=False)
                    submitted[future.key] = group
                    running.add(future)

                for group in itertools.islice(groups, IN_FLIGHT_PER_THREAD * threads):
                    submit(group)
                for future in running:
                    answers = future.result()  # (a chunk that raised is a bug: its exception goes on)
                    group = submitted.pop(future.key)
                    done = list(outcomes_of(group, answers))
                    pace.add(done)  # before the next task is made up: its size follows the pace
                    if (more := next(groups, None)) is not None:
                        submit(more)
                    yield from done
            except (OSError, TimeoutError, CancelledError) as err:  # the connection, or the futures, lost
                raise ExecutorLost(f"sudokit: the Dask scheduler went away ({type(err).__name__})") from None

    @contextmanager
    def _client(self) -> Iterator:
        """A client of the given scheduler, or of a local cluster with Dask's default workers.

        Dask's own log lines (a lost connection's retries and their tracebacks) are kept off the
        terminal: what went wrong reaches the user as one line (``ExecutorLost``).
        """
        import distributed  # noqa: F401  (its loggers exist once it is imported)

        names = [n for n in logging.root.manager.loggerDict if n.split(".")[0] in ("distributed", "tornado")]
        loggers = [logging.getLogger(n) for n in ("distributed", "asyncio", "tornado", *names)]
        levels = [logger.level for logger in loggers]
        for logger in loggers:
            logger.setLevel(logging.CRITICAL + 1)
        with self._connected() as client:
            yield client
        for logger, level in zip(loggers, levels):  # (not after a lost scheduler: its retries would still log)
            logger.setLevel(level)

    @contextmanager
    def _connected(self) -> Iterator:
        from distributed import Client, LocalCluster

        if self.scheduler:
            try:
                client = Client(self.scheduler)
            except OSError as err:
                raise UserError(f"cannot reach the Dask scheduler at {self.scheduler}: {err}") from None
            with client:
                yield client
            return
        with LocalCluster(n_workers=self.workers, threads_per_worker=1) as cluster, Client(cluster) as client:
            print(f"sudokit: Dask dashboard at {client.dashboard_link}", file=sys.stderr)
            yield client


TASK_PUZZLES = 256  # puzzles in one Dask task at most: a few hundred ms of a fast backend's work
TASK_SECONDS = 1.0  # a long run's task: about this much of its backend's work, once its pace is known
TASKS_PER_THREAD = 8  # a short run's tasks: small enough that the last ones end together
IN_FLIGHT_PER_THREAD = 2  # tasks submitted ahead per worker thread (one solving, one waiting)
LOOKAHEAD = 64  # chunks read ahead to tell a short run (spread thin over the threads) from a long one


class Pace:
    """Each backend's seconds per puzzle so far, from the outcomes that came back."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self.puzzles: dict[str, int] = {}

    def add(self, outcomes: Iterable[Outcome]) -> None:
        for outcome in outcomes:
            self.seconds[outcome.backend] = self.seconds.get(outcome.backend, 0.0) + outcome.result.seconds
            self.puzzles[outcome.backend] = self.puzzles.get(outcome.backend, 0) + 1

    def task_size(self, backend: str) -> int:
        """Puzzles in a long run's next task of ``backend``: about ``TASK_SECONDS`` of its work, one
        while its pace is unknown (a backend taking seconds a puzzle, as ``rate`` and ``generate``
        are, would otherwise hold ``TASK_PUZZLES`` of them on one thread)."""
        if not self.puzzles.get(backend):
            return 1
        each = self.seconds[backend] / self.puzzles[backend]
        return max(1, min(TASK_PUZZLES, int(TASK_SECONDS / each) if each > 0 else TASK_PUZZLES))


def grouped(chunks: Iterable[Chunk], threads: int, pace: Pace | None = None) -> Iterator[Chunk]:
    """Consecutive chunks of one backend merged into Dask tasks: in a long run, of about ``TASK_SECONDS``
    of the backend's work by its ``pace`` (up to ``TASK_PUZZLES``; without a pace, ``TASK_PUZZLES``); a
    short run's tasks are smaller, so every thread gets a few."""
    source = iter(chunks)
    ahead = deque(itertools.islice(source, LOOKAHEAD))
    short = len(ahead) < LOOKAHEAD  # the whole run is in sight
    even = max(1, min(TASK_PUZZLES, sum(len(c.tasks) for c in ahead) // (TASKS_PER_THREAD * threads)))
    merged: Chunk | None = None
    size = 0
    for chunk in itertools.chain(_drained(ahead), source):
        if merged and (chunk.backend != merged.backend or len(merged.tasks) + len(chunk.tasks) > size):
            yield merged
            merged = None
        if merged is None:
            size = even if short else pace.task_size(chunk.backend.name) if pace else TASK_PUZZLES
        merged = Chunk(chunk.backend, merged.tasks + chunk.tasks) if merged else chunk
    if merged:
        yield merged


def _drained(queued: deque[Chunk]) -> Iterator[Chunk]:
    """The chunks read ahead, each let go of as it is taken."""
    while queued:
        yield queued.popleft()


# ---------------------------------------------------------------------------- on a Dask worker

_kept: dict[tuple[int, Backend], SolvingProcess] = {}  # this process's solving processes, by thread and backend


def solve_chunk(chunk: Chunk, settings: Settings) -> list[Outcome]:
    """Solve a chunk in this thread's solving process for its backend; one outcome per task."""
    outcomes: list[Outcome] = []
    tasks = chunk.tasks
    while tasks:
        process = kept_process(chunk.backend, settings)
        process.give(Chunk(chunk.backend, tasks))
        while process.alive and process.outstanding:
            if process.connection.poll(earliest_deadline([process])):
                outcomes += process.collect()
            elif process.overdue():
                outcomes.append(process.expire())
        tasks = tuple(process.outstanding)  # those a dead process left
    return outcomes


def solve_packed(chunk: Chunk, settings: Settings) -> list[tuple[str, int, Packed]]:
    """``solve_chunk``'s outcomes as plain values, for the client to match to the tasks it sent."""
    return [(o.task.set_name, o.task.index, packed(o.result, o.peak_kb, o.cpu_seconds))
            for o in solve_chunk(chunk, settings)]


def outcomes_of(chunk: Chunk, answers: list[tuple[str, int, Packed]]) -> Iterator[Outcome]:
    """The outcomes of a chunk from ``solve_packed``'s answers."""
    tasks = {(t.set_name, t.index): t for t in chunk.tasks}
    for set_name, index, values in answers:
        result, peak, cpu = unpacked(values)  # (the CPU time measured in the Dask worker's solving process)
        yield Outcome(chunk.backend.name, tasks[set_name, index], result, peak, cpu)


def kept_process(backend: Backend, settings: Settings) -> SolvingProcess:
    """This thread's live solving process for ``backend`` with these settings, started if need be."""
    key = threading.get_ident(), backend
    process = _kept.get(key)
    if process and process.alive and process.settings == settings:
        return process
    if process:
        process.kill()
    _kept[key] = SolvingProcess(backend, settings, SUBPROCESS)
    return _kept[key]


def _kill_kept() -> None:
    """Kill the (idle) kept processes as this one exits; multiprocessing would wait for them forever."""
    for process in _kept.values():
        process.kill()


# not atexit alone: a process started by multiprocessing (as under a Dask nanny) exits through its finalizers
multiprocessing.util.Finalize(None, _kill_kept, exitpriority=0)
atexit.register(_kill_kept)

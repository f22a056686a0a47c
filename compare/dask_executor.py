"""Run a comparison on a Dask cluster: each chunk is a Dask task, its outcomes stream back to the client.

On a Dask worker, each thread keeps one solving process per backend: the local executor's worker,
started as a plain subprocess (Dask's default workers are daemonic processes, which may not start
``multiprocessing`` children), which creates its backend once and is killed and replaced when a
puzzle overruns its timeout or the process dies. Clusters need no special settings. So backends stay warm between tasks, and timeouts are enforced there, per
puzzle, exactly as on one machine. A chunk's outcomes reach the harness only once its task has
finished: when a Dask worker is lost, Dask re-runs its unfinished chunks elsewhere, and no record is
lost or duplicated.
"""

from __future__ import annotations

import atexit
import logging
import multiprocessing.util
import sys
import threading
from collections.abc import Generator, Iterable, Iterator
from contextlib import contextmanager

from sudokit.compare.errors import ExecutorLost
from sudokit.compare.executors import SUBPROCESS, Chunk, Outcome, Settings, SolvingProcess, earliest_deadline
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
        from distributed import CancelledError, as_completed

        if not (chunks := list(chunks)):  # nothing to do: start no cluster
            return
        with self._client() as client:
            tasks = client.map(solve_chunk, chunks, settings=settings, pure=False)
            try:
                for _, outcomes in as_completed(tasks, with_results=True, raise_errors=False):
                    if isinstance(outcomes, CancelledError):  # the scheduler dropped the task: it is gone
                        raise outcomes
                    if isinstance(outcomes, BaseException):
                        raise outcomes  # a chunk that raised: a bug, shown as one
                    yield from outcomes
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

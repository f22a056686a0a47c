"""Run a comparison on a Dask cluster: each chunk is a Dask task, its outcomes stream back to the client.

On the workers, each thread keeps one solving process per backend (the local executor's worker:
it creates the backend once, and is killed and replaced when a puzzle overruns its timeout or it
dies), so backends stay warm between tasks and timeouts are enforced there, per puzzle. A chunk's
outcomes reach the harness only when its task has finished: when a Dask worker is lost, Dask re-runs
its unfinished chunks elsewhere and no record is lost or duplicated.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.util
import sys
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from compare.executors import Chunk, Outcome, ProcessExecutor, Settings, _earliest, _Worker
from models.grid import PuzzleError
from solvers.registry import Backend

INSTALL = "--executor dask needs dask and distributed: pip install 'sudokit[dask]'"
DAEMONIC = ("this Dask worker may not start solving processes: start workers with "
            "DASK_DISTRIBUTED__WORKER__DAEMON=False (or --no-nanny)")


class DaskExecutor:
    """Chunks as Dask tasks, on the cluster at ``scheduler`` or else on a local one of ``workers`` processes."""

    def __init__(self, jobs: int | None = None, *, scheduler: str | None = None, workers: int | None = None):
        if scheduler and workers:
            raise PuzzleError("give --scheduler (an existing cluster) or --workers (a local one), not both")
        try:
            import distributed  # noqa: F401  (imported here to fail early, used in run)
        except ImportError:
            raise PuzzleError(INSTALL) from None
        self.scheduler, self.workers = scheduler, workers or jobs or 1

    def run(self, chunks: Iterable[Chunk], settings: Settings) -> Iterator[Outcome]:
        from distributed import as_completed

        with self._client() as client:
            tasks = client.map(solve_chunk, list(chunks), settings=settings, pure=False)
            for _, outcomes in as_completed(tasks, with_results=True):
                yield from outcomes

    @contextmanager
    def _client(self):
        """A client of the given scheduler, or of a local cluster whose workers may start processes."""
        import dask
        from distributed import Client, LocalCluster

        if self.scheduler:
            try:
                client = Client(self.scheduler)
            except OSError as err:
                raise PuzzleError(f"cannot reach the Dask scheduler at {self.scheduler}: {err}") from None
            with client:
                yield client
            return
        with dask.config.set({"distributed.worker.daemon": False}), \
                LocalCluster(n_workers=self.workers, threads_per_worker=1) as cluster, Client(cluster) as client:
            print(f"sudokit: Dask dashboard at {client.dashboard_link}", file=sys.stderr)
            yield client


# ---------------------------------------------------------------------------- on a Dask worker

_kept: dict[tuple[int, Backend], _Worker] = {}  # this process's solving processes, by thread and backend


def solve_chunk(chunk: Chunk, settings: Settings) -> list[Outcome]:
    """Solve a chunk in this thread's solving process for its backend; one outcome per task, in order."""
    outcomes: list[Outcome] = []
    while len(outcomes) < len(chunk.tasks):
        worker = kept_worker(chunk.backend, settings)
        worker.give(Chunk(chunk.backend, chunk.tasks[len(outcomes):]))
        while worker.alive and worker.outstanding:
            answered = worker.connection.poll(_earliest([worker]))
            outcomes.append(worker.receive() if answered else worker.expire())
    return outcomes


def kept_worker(backend: Backend, settings: Settings) -> _Worker:
    """This thread's live solving process for ``backend`` with these settings, started if need be."""
    if multiprocessing.current_process().daemon:
        raise PuzzleError(DAEMONIC)
    key = threading.get_ident(), backend
    worker = _kept.get(key)
    if worker and worker.alive and worker.settings == settings:
        return worker
    if worker:
        worker.kill()
    _kept[key] = _Worker(backend, settings, ProcessExecutor(1).context)
    return _kept[key]


def _end_kept() -> None:
    """Kill the kept solving processes (idle by then) as this process exits, so it need not wait for them."""
    for worker in _kept.values():
        worker.kill()


multiprocessing.util.Finalize(None, _end_kept, exitpriority=0)

"""``--measure runexec``: each puzzle solved in a process of its own under BenchExec's runexec.

BenchExec puts each run in its own cgroups, so the CPU time (every thread and child of the solving
process) and the peak memory are the kernel's accounting, and a memory limit is enforced. A run is a
fresh Python process (``python -m sudokit.compare.run.runexec SPEC ...``): its CPU time and memory
include starting the interpreter and creating the backend, as a competition measures a solver's whole
process; the in-process figure (build and solve only) is kept beside it, in the record's
``inprocess_cpu_seconds``. This suits puzzles that take seconds; for sub-millisecond puzzles the
default in-process measurement is the one to read.

BenchExec is the optional extra ``sudokit[measure]``; it needs cgroups it may write to (root, or
cgroups delegated to the user) and runs without its container (``use_namespaces=False``).
"""

from __future__ import annotations

import base64
import math
import os
import pickle
import sys
import tempfile
import threading
from collections.abc import Generator, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from pathlib import Path

from sudokit.compare.run.agreement import judged
from sudokit.compare.run.executors import Chunk, Outcome, Settings, Task, packed, solve_repeated, unpacked
from sudokit.models.errors import UserError
from sudokit.models.grid import Grid
from sudokit.solvers.base import SolveResult, Status
from sudokit.solvers.registry import Backend, get_backend

MARK = "sudokit-result "  # the line of the solving process's output that carries its answer
STARTUP_SECONDS = 20  # wall time allowed beyond the puzzle's budget: the interpreter, imports, the backend
WHAT_TO_DO = ("install it with pip install 'sudokit[measure]' and run as root or with cgroups delegated "
              "(see BenchExec's installation guide), or leave out --measure runexec")


def run_executor():
    """A BenchExec ``RunExecutor`` (no container), or a ``UserError`` saying why there is none and what to do."""
    try:
        from benchexec.runexecutor import RunExecutor
    except ImportError:
        raise UserError(f"--measure runexec: BenchExec is not installed; {WHAT_TO_DO}") from None
    import logging

    logging.getLogger().setLevel(logging.ERROR)  # (BenchExec logs its cgroup checks at INFO and WARNING)
    try:
        return RunExecutor(use_namespaces=False)
    except (SystemExit, Exception) as err:  # BenchExec exits or raises when cgroups are missing
        raise UserError(f"--measure runexec: BenchExec cannot measure here ({err}); {WHAT_TO_DO}") from None


class RunexecExecutor:
    """``jobs`` threads, each running one puzzle at a time as a runexec run."""

    def __init__(self, jobs: int | None = None, *, memory_limit: int | None = None, pin: bool = False):
        self.jobs = max(1, jobs or os.cpu_count() or 1)
        self.memory_limit = memory_limit
        run_executor()  # fails here, before anything is stored, when runexec cannot work
        self.cores = sorted(os.sched_getaffinity(0)) if pin else None
        if self.cores is not None and len(self.cores) < self.jobs:
            raise UserError(f"--pin needs a core per worker: {self.jobs} jobs, {len(self.cores)} cores allowed")
        self.local = threading.local()
        self.free_cores: list[int] = list(self.cores or [])
        self.lock = threading.Lock()

    def run(self, chunks: Iterable[Chunk], settings: Settings) -> Generator[Outcome, None, None]:
        tasks = ((chunk.backend, task) for chunk in chunks for task in chunk.tasks)
        with ThreadPoolExecutor(self.jobs) as pool:
            running: set[Future] = set()
            try:
                while True:
                    while len(running) < 2 * self.jobs and (item := next(tasks, None)) is not None:
                        running.add(pool.submit(self._solve, *item, settings))
                    if not running:
                        return
                    done, running = wait(running, return_when=FIRST_COMPLETED)
                    yield from (future.result() for future in done)
            finally:
                for future in running:
                    future.cancel()

    def _solve(self, backend: Backend, task: Task, settings: Settings) -> Outcome:
        if not hasattr(self.local, "executor"):
            self.local.executor = run_executor()
            with self.lock:
                self.local.core = self.free_cores.pop(0) if self.free_cores else None
        core = self.local.core
        args = [sys.executable, "-m", "sudokit.compare.run.runexec", backend.name, task.grid.line(),
                str(settings.limit), repr(settings.timeout), str(settings.repeat)]
        budget = settings.budget
        with tempfile.TemporaryDirectory(prefix="sudokit-runexec-") as folder:
            output = Path(folder) / "output.txt"
            measured = self.local.executor.execute_run(
                args, str(output), walltimelimit=None if budget is None else math.ceil(budget) + STARTUP_SECONDS,
                memlimit=self.memory_limit * 1024 * 1024 if self.memory_limit else None,
                cores=None if core is None else [core], write_header=False)
            text = output.read_text(encoding="utf-8", errors="replace") if output.exists() else ""
        result, inprocess_cpu = _answer(text, measured, settings, self.memory_limit)
        result.stats["inprocess_cpu_seconds"] = inprocess_cpu
        result.stats["measured_by"] = "runexec"
        return Outcome(backend.name, task, result, int(measured.get("memory", 0)) // 1024,
                       float(measured.get("cputime", math.nan)), core)


def _answer(text: str, measured: dict, settings: Settings, memory_limit: int | None) -> tuple[SolveResult, float | None]:
    """The solving process's answer from its output, or what its end says (a limit, a crash)."""
    lines = [line for line in text.splitlines() if line.startswith(MARK)]
    if lines:
        result, _, cpu = unpacked(pickle.loads(base64.b64decode(lines[-1][len(MARK):])))
        return result, cpu
    reason = measured.get("terminationreason")
    if reason == "memory":
        return SolveResult(Status.ERROR, message=f"over the memory limit of {memory_limit} MB"), None
    if reason in ("walltime", "cputime", "cputime-soft"):  # the time it used: runexec's wall time
        return SolveResult(Status.TIMEOUT, solve_seconds=float(measured.get("walltime", settings.timeout or 0.0)),
                           message=f"killed by runexec ({reason} limit)"), None
    tail = " | ".join(text.strip().splitlines()[-2:])[:300]
    return SolveResult(Status.ERROR, message=f"the solving process ended without an answer "
                                             f"(exit code {measured.get('exitcode')}): {tail}"), None


def _main(argv: list[str]) -> None:
    """A runexec run: solve one puzzle with one backend, print the packed answer on one line."""
    spec, line, limit, timeout, repeat = argv
    settings = Settings(int(limit), None if timeout == "None" else float(timeout), int(repeat))
    grid = Grid.parse(line)
    try:
        solver = get_backend(spec).create()
    except Exception as exc:
        result, cpu = SolveResult(Status.ERROR, message=f"cannot create backend {spec}: {type(exc).__name__}: {exc}"), 0.0
    else:
        result, cpu = solve_repeated(solver, grid, settings)
        result = judged(result, grid)
    print(MARK + base64.b64encode(pickle.dumps(packed(result, 0, cpu))).decode(), flush=True)


if __name__ == "__main__":
    _main(sys.argv[1:])

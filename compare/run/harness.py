"""The comparison harness: plan a run (sets × backends), execute what is not done yet, store records.

The harness is the store's single writer. Records are written in small transactions as outcomes
arrive, so an interrupted run keeps everything finished and a rerun of the same name resumes it.
"""

from __future__ import annotations

import hashlib
import os
import platform
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from importlib import metadata
from itertools import islice
from pathlib import Path

from sudokit.compare.run.executors import Chunk, Executor, Outcome, Settings, Task
from sudokit.compare.run.store import Record, Run, Store
from sudokit.compare.run.transforms import Transform, transform_for
from sudokit.models.grid import SYMBOLS, Grid, PuzzleError
from sudokit.models.puzzles import Puzzle, Puzzles
from sudokit.solvers.base import CLAIMS_UNIQUE, Status
from sudokit.solvers.registry import Backend

REPO = Path(__file__).resolve().parents[1]
FLUSH_SECONDS = 0.5  # how often finished records are committed
BLOCK = 2048  # puzzles read (and stored) at a time
TOP_LEVEL_STATS = ("guesses", "steps", "hardest")  # the backend counters with their own column


@dataclass(frozen=True)
class Plan:
    """What a run solves: puzzle sets × backends, how, and whether puzzles are transformed first.

    ``select`` (backend name -> puzzle keys) restricts a backend to some puzzles;
    ``purpose`` is kept in the run's configuration (a study says what it measures there);
    ``execution`` is how the work is run (jobs, executor, workers, pinning, measurement), kept in the
    configuration because it shapes the timings; ``sources`` says how to give each set again (a
    bundled set's name, a file's absolute path), for the command that repeats the run; ``unavailable``
    names the backends left out because they cannot run here, with the reason (kept with those skipped
    for size under ``skipped``, for the report to name).
    """

    sets: Sequence[Puzzles]
    backends: list[Backend]
    settings: Settings = field(default_factory=Settings)
    seed: int | None = None
    select: dict[str, set[tuple[str, int]]] | None = None
    purpose: dict = field(default_factory=dict)
    execution: dict = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)
    unavailable: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        names = [s.name for s in self.sets]
        if twice := sorted({n for n in names if names.count(n) > 1}):
            raise PuzzleError(f"puzzle set {twice[0]!r} given twice")

    def description(self) -> dict:
        """The run's environment, sets and configuration, as stored."""
        config = {
            "limit": self.settings.limit,
            "timeout": self.settings.timeout,
            "repeat": self.settings.repeat,
            "transform_seed": self.seed,
            **({"execution": self.execution} if self.execution else {}),
            **self.purpose,
            "backends": {b.name: b.summary for b in self.backends},
            **({"skipped": skipped} if (skipped := self.skipped()) else {}),
        }
        sets = [
            {"name": s.name, "sha256": _sha256(s), "puzzles": len(s), "skipped": [str(e) for e in s.skipped],
             **({"source": self.sources[s.name]} if s.name in self.sources else {})}
            for s in self.sets
        ]
        return {"environment": environment(self.backends), "sets": sets, "config": config}

    def wanted(self, backend: Backend, set_name: str, puzzle: Puzzle) -> bool:
        """Whether ``backend`` should solve this puzzle (its size, and the plan's selection)."""
        if puzzle.grid.size > backend.max_size:
            return False
        return self.select is None or (set_name, puzzle.index) in self.select.get(backend.name, ())

    def skipped(self) -> dict[str, str]:
        """Per backend skipped in whole or in part, why: not available here, or puzzles larger than it handles."""
        largest = {b.name: b.max_size for b in self.backends}
        return {**{name: f"not available: {why}" for name, why in self.unavailable.items()},
                **{name: f"skipped {n} puzzle{'s' if n != 1 else ''} larger than it handles "
                         f"({largest[name]}x{largest[name]} at most)" for name, n in self.too_large().items()}}

    def too_large(self) -> dict[str, int]:
        """Per backend, how many puzzles it skips because they exceed its ``max_size``."""
        counts = {b.name: sum(n for s in self.sets for size, n in s.sizes.items() if size > b.max_size)
                  for b in self.backends}
        return {name: n for name, n in counts.items() if n}

    def wanted_count(self, backend: Backend) -> int:
        """How many puzzles ``backend`` solves in the whole run."""
        if self.select is None:
            return sum(n for s in self.sets for size, n in s.sizes.items() if size <= backend.max_size)
        return sum(self.wanted(backend, s.name, p) for s in self.sets for p in s)

    def transform(self, set_name: str, index: int, grid: Grid) -> Transform | None:
        if self.seed is None:
            return None
        return transform_for(self.seed, set_name, index, grid.size)

    def task(self, set_name: str, puzzle: Puzzle, line: str) -> Task:
        """The puzzle as a backend sees it (transformed when the plan says so), with its ``line``."""
        transform = self.transform(set_name, puzzle.index, puzzle.grid)
        grid = transform.apply(puzzle.grid) if transform else puzzle.grid
        return Task(set_name, puzzle.index, grid, puzzle=line)

    def chunks(self, store: Store, stored: Run, due: dict[str, int]) -> Iterator[Chunk]:
        """The work not done yet, streamed: block by block of puzzles, each backend's in chunks of a few.

        Each block's puzzles are stored as it is reached, and only its records are looked up, so a set
        of any length is never held whole; ``due`` (records due per backend) sets the chunk sizes.
        """
        sizes = {name: max(1, min(32, count // 16)) for name, count in due.items()}  # to share out, yet busy
        for puzzle_set in self.sets:
            largest = max(puzzle_set.sizes, default=0)
            for block in batched(puzzle_set, BLOCK):
                lines = [line_of(p.grid) for p in block]
                store.add_puzzles(stored, ((puzzle_set.name, p.index, line, p.meta) for p, line in zip(block, lines)))
                done = store.done_between(stored, puzzle_set.name, block[0].index, block[-1].index)
                tasks = [(p, self.task(puzzle_set.name, p, line)) for p, line in zip(block, lines)]
                for backend in self.backends:
                    every = self.select is None and largest <= backend.max_size
                    todo = [task for p, task in tasks if (p.index, backend.name) not in done
                            and (every or self.wanted(backend, puzzle_set.name, p))]
                    size = sizes.get(backend.name, 1)
                    yield from (Chunk(backend, tuple(todo[i : i + size])) for i in range(0, len(todo), size))

    def record(self, outcome: Outcome) -> Record:
        """The stored record of an outcome (judged where it was solved), mapped back to the puzzle given."""
        task, result = outcome.task, outcome.result
        transform = self.transform(task.set_name, task.index, task.grid)
        solution = result.solution
        if transform and solution is not None and len(solution.values) == len(task.grid.values):
            solution = transform.undo(solution)
        stats = result.stats
        extra = {k: v for k, v in stats.items() if k not in TOP_LEVEL_STATS}
        if self.settings.limit < 2 and result.status is Status.SOLVED:
            extra.setdefault(CLAIMS_UNIQUE, False)  # a search stopped at its first solution proved no more
        extra["peak_kb"] = outcome.peak_kb
        if outcome.core is not None:
            extra["core"] = outcome.core
        return Record(
            task.set_name, task.index, task.puzzle or line_of(task.grid), outcome.backend, result.status.value,
            line_of(solution) if solution else None, result.solutions_found,
            result.build_seconds, result.solve_seconds,
            stats.get("guesses"), stats.get("steps"), stats.get("hardest"),
            result.message, extra, outcome.cpu_seconds,
        )


def run(
    store: Store,
    name: str,
    plan: Plan,
    executor: Executor,
    on_start: Callable[[int], None] = lambda total: None,
    on_record: Callable[[Record], None] = lambda record: None,
) -> Run:
    """Solve what the run ``name`` has not recorded yet; returns the stored run.

    ``on_start`` hears how many records are due, ``on_record`` each one as it is stored.
    Puzzles stream from their sets to the executor and records to the store in batches, so the
    client's memory does not grow with the run. Interrupted (Ctrl-C), every finished record is
    kept and the exception goes on.
    """
    before = machine_state()
    stored = store.start_run(name, plan.description())
    done = store.done_counts(stored)
    due = {b.name: max(0, plan.wanted_count(b) - done.get(b.name, 0)) for b in plan.backends}
    on_start(sum(due.values()))
    batch: list[Record] = []
    flushed = time.perf_counter()
    try:
        with closing(executor.run(plan.chunks(store, stored, due), plan.settings)) as outcomes:
            for outcome in outcomes:
                record = plan.record(outcome)
                batch.append(record)
                on_record(record)
                if time.perf_counter() - flushed > FLUSH_SECONDS:
                    store.add(stored, batch)
                    batch, flushed = [], time.perf_counter()
    finally:
        store.add(stored, batch)
    store.finish_run(stored, {"machine_end": machine_state(), "machine_busy": busy_share(before, machine_state())})
    return store.run(name)


_LINE = bytes.maketrans(bytes(range(len(SYMBOLS) + 1)), ("." + SYMBOLS).encode())


def line_of(grid: Grid) -> str:
    """``grid.line()``, several times faster (a line for every puzzle and every answer of a run)."""
    try:
        return bytes(grid.values).translate(_LINE).decode()
    except (ValueError, UnicodeDecodeError):  # a value past the symbols
        return grid.line()


def batched(items: Iterable[Puzzle], size: int) -> Iterator[list[Puzzle]]:
    """Consecutive lists of ``size`` items (the last may be shorter)."""
    iterator = iter(items)
    while block := list(islice(iterator, size)):
        yield block


def environment(backends: list[Backend]) -> dict:
    """What a reader needs to reproduce a run: code version, machine, Python, backend versions."""
    commit, dirty = _git_state()
    return {
        "sudokit": _version("sudokit"),
        "commit": commit,
        "dirty": dirty,
        "machine": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "processor_model": processor_model(),
        "cpus": os.cpu_count(),
        "cpus_allowed": len(os.sched_getaffinity(0)),
        "machine_start": machine_state(),
        "python": sys.version.split()[0],
        "backends": {b.name: b.version() for b in backends},
    }


def processor_model() -> str | None:
    """The processor's model name as the kernel reports it (None where it does not)."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                key, _, value = line.partition(":")
                if key.strip() in ("model name", "Processor", "cpu model"):
                    return value.strip()
    except OSError:
        pass
    return None


def machine_state() -> dict:
    """The machine's load now: the 1-minute load average and the kernel's CPU counters (busy, total ticks)."""
    state: dict = {"load": round(os.getloadavg()[0], 2)}
    try:
        with open("/proc/stat", encoding="utf-8") as stat:
            ticks = [int(v) for v in stat.readline().split()[1:]]
        idle = ticks[3] + (ticks[4] if len(ticks) > 4 else 0)  # idle and iowait
        state.update(busy_ticks=sum(ticks) - idle, total_ticks=sum(ticks))
    except (OSError, ValueError, IndexError):
        pass
    return state


def busy_share(before: dict, after: dict) -> float | None:
    """The share of the machine's CPU capacity that was busy between two ``machine_state``s (every
    process, this run's included); None where the counters cannot be read."""
    try:
        total = after["total_ticks"] - before["total_ticks"]
        return round((after["busy_ticks"] - before["busy_ticks"]) / total, 3) if total > 0 else None
    except KeyError:
        return None


def _git_state() -> tuple[str | None, bool | None]:
    """The checkout's commit and whether its code differs from it (None outside git).

    Files under ``results/`` (databases, reports being written) do not make a tree dirty.
    """
    try:
        head = subprocess.run(["git", "-C", str(REPO), "rev-parse", "HEAD"], capture_output=True, text=True)
        status = subprocess.run(["git", "-C", str(REPO), "status", "--porcelain", "--", ".", ":!results"],
                                capture_output=True, text=True)  # results/ holds outputs, not the code
    except OSError:
        return None, None
    if head.returncode:
        return None, None
    return head.stdout.strip(), bool(status.stdout.strip())


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "dev"


def _sha256(puzzle_set: Puzzles) -> str:
    """The set's file hash, or for puzzles given inline, the hash of their lines."""
    if puzzle_set.sha256:
        return puzzle_set.sha256
    return hashlib.sha256("\n".join(p.grid.line() for p in puzzle_set).encode()).hexdigest()


ARGUMENT = "argument"  # the name of a set given as puzzle text on the command line
NAMED_CHARS = 12  # characters of such a puzzle that name its run


def run_name(sets: Sequence[Puzzles]) -> str:
    """A fresh run name: the sets and the time, e.g. ``top95-20250101-120000``; a puzzle given on the command
    line by its first characters (blanks as 0), e.g. ``puzzle-400000805030-20250101-120000``."""
    return "+".join(_set_label(s) for s in sets) + time.strftime("-%Y%m%d-%H%M%S")


def _set_label(puzzle_set: Puzzles) -> str:
    if puzzle_set.name != ARGUMENT or not (first := next(iter(puzzle_set), None)):
        return puzzle_set.name
    return "puzzle-" + line_of(first.grid)[:NAMED_CHARS].replace(".", "0")

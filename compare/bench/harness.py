"""The harness's own cost, measured by hand: ``python -m sudokit.compare.bench.harness MODE [options]``.

- ``overhead``: a one-worker run's wall time minus the time its backend reports (build + solve), as a
  share of the wall time; and, for reference, the same share for a plain loop calling the backend
  in this process (what the backend itself does outside its timers, which no harness can save);
- ``scaling``: the throughput of ``--jobs 2`` over that of ``--jobs 1`` (one line: the ratio);
- ``dask``: a Dask cluster of two default workers (``dask scheduler`` + ``dask worker``, one thread
  each, started here; or the one at ``--scheduler``) against the local executor with ``--jobs 2``;
- ``memory``: the peak resident memory of the ``sudokit compare`` client process against the set's size.

Runs are interleaved (a round of each, then again) and figures are medians of the rounds, so a change
of machine load falls on every side alike. The load average at the start and the end is printed.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from pathlib import Path

from sudokit.compare.run.executors import Executor, ProcessExecutor, Settings
from sudokit.compare.run.harness import Plan, run
from sudokit.compare.run.store import Store
from sudokit.compare.sets import load_set
from sudokit.models.puzzles import PuzzleSet
from sudokit.solvers.registry import get_backend

SEVENTEEN = Path(__file__).resolve().parents[2].parent / "shared/data/tdoku/17_clue_49158.txt"


CPU: dict[str, list[float]] = {"parent": [], "workers": []}  # CPU seconds of each local run, by side


def harness_run(plan: Plan, executor: Executor) -> tuple[float, float, list[tuple]]:
    """Wall seconds of a whole run, the seconds its backend reports, and its (key, status, solution)s.

    The CPU seconds of this process and of its (reaped) workers go to ``CPU``.
    """
    with tempfile.TemporaryDirectory() as folder, Store.open(Path(folder) / "bench.sqlite") as store:
        start, cpu, children = time.perf_counter(), time.process_time(), _children_cpu()
        stored = run(store, "bench", plan, executor)
        wall = time.perf_counter() - start
        CPU["parent"].append(time.process_time() - cpu)
        CPU["workers"].append(_children_cpu() - children)
        records = store.records(stored)
        return wall, sum(r.seconds for r in records), [(r.key, r.status, r.solution) for r in records]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def wall_of(plan: Plan, executor: Executor, answers: dict | None = None, name: str = "") -> float:
    """A run's wall seconds (its records kept in ``answers[name]`` when given)."""
    wall, _, found = harness_run(plan, executor)
    if answers is not None:
        answers[name] = found
    return wall


def plain_loop(plan: Plan) -> tuple[float, float]:
    """Wall seconds of solving every puzzle in a loop in this process, and the seconds reported."""
    solver, reported = plan.backends[0].create(), 0.0
    start = time.perf_counter()
    for puzzle in plan.sets[0]:
        reported += solver.solve(puzzle.grid, limit=plan.settings.limit, time_limit=plan.settings.timeout).seconds
    return time.perf_counter() - start, reported


def outside(runs: Sequence[tuple[float, float]]) -> float:
    """The median share of the wall time outside the backend's timers."""
    return statistics.median((wall - backend) / wall for wall, backend in runs)


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg()) + f" on {os.cpu_count()} CPUs"


def puzzles(source: str, count: int | None) -> PuzzleSet:
    """The first ``count`` puzzles of a bundled set or a file."""
    found = load_set(source)
    return PuzzleSet(found.name, found.puzzles[:count], found.sha256) if count else found


def interleaved(measures: dict[str, Callable[[], float]], rounds: int) -> dict[str, list[float]]:
    """Wall seconds of each measure, a round of each at a time."""
    walls: dict[str, list[float]] = {name: [] for name in measures}
    for _ in range(rounds):
        for name, measure in measures.items():
            walls[name].append(measure())
    return walls


def overhead(options: argparse.Namespace) -> None:
    plan = Plan([puzzles(options.set, options.puzzles)], [get_backend(options.backends[0])], Settings(timeout=10))
    loop, one = [], []
    for _ in range(options.rounds):
        loop.append(plain_loop(plan))
        one.append(harness_run(plan, ProcessExecutor(1))[:2])
    print(f"{plan.backends[0].name} on {plan.sets[0].name} ({len(plan.sets[0])} puzzles), medians of "
          f"{options.rounds} interleaved rounds; {load()}")
    print(f"  plain loop: {statistics.median(w for w, _ in loop):.2f} s wall, {outside(loop):.1%} outside the "
          "backend's timers")
    print(f"  --jobs 1:   {statistics.median(w for w, _ in one):.2f} s wall, {outside(one):.1%} outside the "
          "backend's timers (wall minus backend time)")


def spin(count: int) -> int:
    """Pure CPU work: a Python loop."""
    total = 0
    for number in range(count):
        total += number
    return total


def machine_ratio(count: int = 10_000_000) -> float:
    """What two processes of pure Python get done now, over what one does: the ceiling of any --jobs 2
    ratio at this moment (2.0 on an idle machine of two cores or more)."""
    rates = {}
    for processes in (1, 2):
        start = time.perf_counter()
        with multiprocessing.get_context("fork").Pool(processes) as pool:
            pool.map(spin, [count] * processes)
        rates[processes] = processes / (time.perf_counter() - start)
    return rates[2] / rates[1]


def scaling(options: argparse.Namespace) -> None:
    """One line per backend: --jobs 2 throughput over --jobs 1's; and the machine's own ratio now."""
    print(f"{load()} (start); two processes of pure Python loop do {machine_ratio():.2f}x the work of one")
    found = puzzles(options.set, options.puzzles)
    for backend in options.backends:
        for side in CPU.values():
            side.clear()
        plan = Plan([found], [get_backend(backend)], Settings(timeout=10))
        walls = interleaved({"1": partial(wall_of, plan, ProcessExecutor(1)),
                             "2": partial(wall_of, plan, ProcessExecutor(2))}, options.rounds)
        one, two = statistics.median(walls["1"]), statistics.median(walls["2"])
        ratios = [a / b for a, b in zip(walls["1"], walls["2"])]
        print(f"{backend} on {found.name} ({len(found)} puzzles), {options.rounds} rounds: --jobs 1 "
              f"{len(found) / one:,.0f} puzzles/s, --jobs 2 {len(found) / two:,.0f} puzzles/s: "
              f"ratio {one / two:.2f}x (rounds: {', '.join(f'{r:.2f}' for r in ratios)})")
        parent, workers = (statistics.median(CPU[side]) / len(found) for side in ("parent", "workers"))
        print(f"  CPU per puzzle: parent {parent * 1e6:.0f} us, workers {workers * 1e6:.0f} us; with the parent "
              f"sharing {os.cpu_count()} cores with two workers, --jobs 2 can reach at most "
              f"{_bound(parent, workers):.2f}x")
    print(f"{load()} (end); two processes of pure Python loop do {machine_ratio():.2f}x the work of one")


def _bound(parent: float, workers: float) -> float:
    """The best --jobs 2 / --jobs 1 ratio when the parent needs ``parent`` CPU seconds a puzzle and the
    workers ``workers``: with one job the parent runs beside the worker; with two it shares the cores."""
    cores = os.cpu_count() or 1
    if cores >= 3:  # the parent has a core of its own
        return max(workers, parent) / max(workers / 2, parent)
    return 2 * workers / (workers + parent)


@contextmanager
def default_cluster(workers: int = 2) -> Iterator[str]:
    """A scheduler and ``workers`` workers started with Dask's own commands (nanny on), one thread each."""
    from distributed import Client

    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / "scheduler.json"
        dask = [sys.executable, "-m", "dask"]
        started = [_quiet([*dask, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                           "--scheduler-file", str(file)], folder)]
        try:
            started += [_quiet([*dask, "worker", "--scheduler-file", str(file), "--host", "127.0.0.1",
                                "--nthreads", "1", "--no-dashboard"], folder) for _ in range(workers)]
            while not file.exists():
                time.sleep(0.1)
            with Client(scheduler_file=str(file)) as client:
                client.wait_for_workers(workers, timeout=60)
                address = client.scheduler.address
            yield address
        finally:
            for process in reversed(started):
                process.terminate()
                process.wait()


def dask(options: argparse.Namespace) -> None:
    """Per backend: the Dask cluster's throughput against --jobs 2 local, same puzzles, and the same records."""
    from sudokit.compare.run.dask_executor import DaskExecutor

    print(f"{load()} (start)")
    found = puzzles(options.set, options.puzzles)
    with (default_cluster() if options.scheduler is None else _given(options.scheduler)) as address:
        for backend in options.backends:
            plan = Plan([found], [get_backend(backend)], Settings(timeout=10))
            answers: dict[str, list] = {}
            walls = interleaved({"local": partial(wall_of, plan, ProcessExecutor(2), answers, "local"),
                                 "dask": partial(wall_of, plan, DaskExecutor(scheduler=address), answers, "dask")},
                                options.rounds)
            local, cluster = statistics.median(walls["local"]), statistics.median(walls["dask"])
            same = "identical" if answers["local"] == answers["dask"] else "DIFFERENT"
            print(f"{backend} on {found.name} ({len(found)} puzzles), {options.rounds} rounds: local --jobs 2 "
                  f"{len(found) / local:,.0f} puzzles/s, Dask (2 workers x 1 thread) {len(found) / cluster:,.0f} "
                  f"puzzles/s: Dask takes {cluster / local:.2f}x the local time; records {same}")
    print(f"{load()} (end)")


def _quiet(command: list[str], folder: str) -> subprocess.Popen:
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=folder)


@contextmanager
def _given(address: str) -> Iterator[str]:
    yield address


def client_peak_kb(path: Path, backend: str, records: int, jobs: int = 2) -> tuple[int, float]:
    """Peak resident KiB of a ``sudokit compare`` client (its own process, not its workers) solving the
    ``records`` puzzles of ``path``, and its wall time."""
    code = ("import resource, sys\n"
            "from sudokit.compare.cli import main\n"
            "try:\n    main(sys.argv[1:])\n"
            "except SystemExit:\n    pass\n"
            "print('peak_kb', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n")
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", code, "compare", str(path), "--backends", backend,
                               "--jobs", str(jobs), "--db", str(Path(folder) / "m.sqlite"), "--quiet",
                               "--out", str(Path(folder) / "report")],
                              capture_output=True, text=True, cwd=folder)
        wall = time.perf_counter() - start
    lines = [ln for ln in done.stderr.splitlines() if ln.startswith("peak_kb ")]
    if not lines or f": {records} records" not in done.stdout:
        raise RuntimeError(f"the compare run failed: {done.stdout[-1000:]} {done.stderr[-2000:]}")
    return int(lines[-1].split()[1]), wall


def memory(options: argparse.Namespace) -> None:
    """The client's peak RSS for the first N lines of a file, for each N of --sizes."""
    print(f"{load()} (start)")
    lines = Path(options.set if Path(options.set).exists() else SEVENTEEN).read_text().splitlines()
    with tempfile.TemporaryDirectory() as folder:
        for size in options.sizes:
            path = Path(folder) / f"first-{size}.txt"
            path.write_text("\n".join((lines * (1 + size // len(lines)))[:size]) + "\n")
            peak, wall = client_peak_kb(path, options.backends[0], size)
            print(f"{size:>8,} puzzles: client peak RSS {peak / 1024:,.0f} MB, wall {wall:,.1f} s "
                  f"({size / wall:,.0f} puzzles/s with the report)")
    print(f"{load()} (end)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m sudokit.compare.bench.harness", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=("overhead", "scaling", "dask", "memory"))
    parser.add_argument("--set", default=str(SEVENTEEN), help="bundled set or puzzle file (default: tdoku's 17-clue)")
    parser.add_argument("--puzzles", type=int, default=10_000, help="use the first N puzzles (0: all)")
    parser.add_argument("--backends", type=lambda s: s.split(","), default=["bitx"])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--scheduler", help="dask: an existing cluster's scheduler (default: start one)")
    parser.add_argument("--sizes", type=lambda s: [int(n) for n in s.split(",")], default=[1000, 10_000, 49_158],
                        help="memory: set sizes (lines of the file, repeated when it is shorter)")
    options = parser.parse_args(argv)
    {"overhead": overhead, "scaling": scaling, "dask": dask, "memory": memory}[options.mode](options)


if __name__ == "__main__":
    main()

"""The harness's own cost, measured by hand: ``python -m sudokit.compare.bench.harness [SET] [BACKEND]``.

- overhead: a one-worker run's wall time minus the time its backend reports (build + solve), as a
  share of the wall time; and, for reference, the same share for a plain loop calling the backend
  in this process (what the backend itself does outside its timers, which no harness can save);
- scaling: the throughput of two workers over that of one.

Each figure is the median of a few runs into fresh databases; run it on an otherwise idle machine.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from sudokit.compare.executors import ProcessExecutor, Settings
from sudokit.compare.harness import Plan, run
from sudokit.compare.sets import load_set
from sudokit.compare.store import Store
from sudokit.solvers.registry import get_backend


def harness_run(plan: Plan, jobs: int) -> tuple[float, float]:
    """Wall seconds of a whole run, and the seconds its backend reports."""
    with tempfile.TemporaryDirectory() as folder, Store.open(Path(folder) / "bench.sqlite") as store:
        start = time.perf_counter()
        stored = run(store, "bench", plan, ProcessExecutor(jobs))
        wall = time.perf_counter() - start
        return wall, sum(r.seconds for r in store.records(stored))


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


def main(set_name: str = "17clue-1000", backend: str = "dlx", *, rounds: int = 5) -> None:
    plan = Plan([load_set(set_name)], [get_backend(backend)], Settings(timeout=10))
    measures = (lambda: plain_loop(plan), lambda: harness_run(plan, 1), lambda: harness_run(plan, 2))
    loop, one, two = zip(*([measure() for measure in measures] for _ in range(rounds)))  # interleaved
    wall_one, wall_two = statistics.median(w for w, _ in one), statistics.median(w for w, _ in two)
    print(f"{backend} on {set_name} ({len(plan.sets[0])} puzzles), medians of {rounds} interleaved rounds")
    print(f"  plain loop: {statistics.median(w for w, _ in loop):.2f} s wall, {outside(loop):.1%} "
          "outside the backend's timers")
    print(f"  --jobs 1:   {wall_one:.2f} s wall, {outside(one):.1%} outside the backend's timers "
          "(wall minus backend time)")
    print(f"  --jobs 2:   {wall_two:.2f} s wall, throughput {wall_one / wall_two:.2f}x that of --jobs 1 "
          f"(median of the rounds' ratios: {statistics.median(a[0] / b[0] for a, b in zip(one, two)):.2f}x)")


if __name__ == "__main__":
    main(*sys.argv[1:3])

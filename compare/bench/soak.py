"""A soak test, run by hand: a long comparison under random worker kills, with a backend that
sometimes hangs or crashes, must end with exactly the records of a clean run.

    python -m sudokit.compare.bench.soak [--puzzles 3000] [--kill-every 2.0] [--jobs 2] [--seed 1]

Two runs of the same plan: a clean one, and one during which a thread SIGKILLs a random solving
process every few seconds. The ``flaky`` backend (registered here only) hangs on some puzzles and
kills itself on others, always the same ones, so a clean run knows their verdicts (``timeout``,
``error``). At the end every (puzzle, backend) must have exactly one record, and the statuses and
solutions must equal the clean run's: a task whose worker was killed is tried again.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import tempfile
import threading
import time
import zlib
from pathlib import Path

from sudokit.compare.run.executors import ProcessExecutor, Settings
from sudokit.compare.run.harness import Plan, run
from sudokit.compare.run.store import Store
from sudokit.compare.sets import load_set
from sudokit.models.grid import Grid
from sudokit.models.puzzles import Puzzle, PuzzleSet
from sudokit.solvers.base import DEFAULT_LIMIT, SolveResult
from sudokit.solvers.registry import Backend, get_backend

HANG_SHARE, CRASH_SHARE = 0.01, 0.01  # of puzzles, chosen by the puzzle's checksum


class FlakySolver:
    """bitx, except that it hangs on some puzzles and kills its own process on others (always the same)."""

    name = "flaky"

    def __init__(self) -> None:
        self.inner = get_backend("bitx").create()

    def solve(self, grid: Grid, *, limit: int = DEFAULT_LIMIT, time_limit: float | None = None) -> SolveResult:
        draw = zlib.crc32(grid.line().encode()) / 2**32
        if draw < HANG_SHARE:
            while True:
                time.sleep(1)
        if draw < HANG_SHARE + CRASH_SHARE:
            os.kill(os.getpid(), signal.SIGKILL)
        return self.inner.solve(grid, limit=limit, time_limit=time_limit)


FLAKY = Backend("flaky", "sudokit.compare.bench.soak:FlakySolver", "bitx that sometimes hangs or crashes")


def solving_processes() -> list[int]:
    """The pids of this process's children (the executor's solving processes), from /proc."""
    children = []
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        try:
            children += [int(pid) for pid in (task / "children").read_text().split()]
        except OSError:
            continue
    return children


class Killer(threading.Thread):
    """SIGKILLs a random solving process every ``every`` seconds (on average) until stopped."""

    def __init__(self, every: float, seed: int):
        super().__init__(daemon=True)
        self.every, self.rng, self.kills = every, random.Random(seed), 0
        self.stopped = threading.Event()

    def run(self) -> None:
        while not self.stopped.wait(self.rng.expovariate(1 / self.every)):
            if pids := solving_processes():
                try:
                    os.kill(self.rng.choice(pids), signal.SIGKILL)
                    self.kills += 1
                except ProcessLookupError:
                    pass


def answers(db: Path) -> tuple[int, dict]:
    with Store.open(db) as store:
        records = store.records(store.run("soak"))
    return len(records), {r.key: (r.status, r.solution) for r in records}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=2465, help="puzzles from the 17-clue and magictour sets")
    parser.add_argument("--kill-every", type=float, default=2.0, help="mean seconds between two kills")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    pool = load_set("17clue-1000").puzzles + load_set("magictour").puzzles
    puzzles = PuzzleSet("soak", [Puzzle(i, p.grid) for i, p in enumerate(pool[: options.puzzles])])
    plan = Plan([puzzles], [FLAKY, get_backend("dlx")], Settings(timeout=1.0, grace=0.5))
    expected = 2 * len(puzzles)
    with tempfile.TemporaryDirectory() as folder:
        clean, soaked = Path(folder) / "clean.sqlite", Path(folder) / "soak.sqlite"
        began = time.perf_counter()
        with Store.open(clean) as store:
            run(store, "soak", plan, ProcessExecutor(options.jobs))
        clean_seconds = time.perf_counter() - began
        killer = Killer(options.kill_every, options.seed)
        killer.start()
        began = time.perf_counter()
        with Store.open(soaked) as store:
            run(store, "soak", plan, ProcessExecutor(options.jobs))
        killer.stopped.set()
        soak_seconds = time.perf_counter() - began
        (clean_count, clean_answers), (soak_count, soak_answers) = answers(clean), answers(soaked)
    statuses = {s: sum(1 for st, _ in clean_answers.values() if st == s) for s in ("solved", "timeout", "error")}
    differing = [k for k in clean_answers if clean_answers[k] != soak_answers.get(k)]
    print(f"puzzles {len(puzzles)} x 2 backends = {expected} records expected")
    print(f"clean run: {clean_count} records in {clean_seconds:.1f} s; statuses {statuses} "
          f"(the flaky backend's hangs and crashes)")
    print(f"soak run: {soak_count} records in {soak_seconds:.1f} s, {killer.kills} worker kills")
    print(f"records lost: {expected - soak_count}; answers differing from the clean run: {len(differing)}")
    for key in differing:
        print(f"  {key}: clean {clean_answers[key][0]}, soak {soak_answers.get(key, ('missing',))[0]}")
    raise SystemExit(0 if soak_count == clean_count == expected and not differing else 1)


if __name__ == "__main__":
    main()

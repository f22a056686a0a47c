"""Time the exact backends side by side:
``python -m sudokit.compare.bench.exact [--sets top95,17clue-1000,…] [--backends …] [--cap 60] [--repeat 1]``.

Every puzzle is solved by every backend in turn (interleaved, so machine load hits all alike),
each backend in a warm process of its own that is killed when a solve has used the cap in CPU
seconds, as ``/proc`` counts them (so a backend that cannot be interrupted, such as a compiled
library, is capped like the others, and a loaded machine does not shorten the cap; Linux only). Times
are the CPU seconds of that process for one ``solve`` with solution limit 2 (the uniqueness proof
included), after a 4×4 warm-up solve (a size's tables are built in its first solve, as a user's would be); every answer is checked by the judge. A set is a bundled set's
name or a file (``index puzzle`` lines are read too).

``exact-cover`` is the compiled exact-cover library from PyPI (``pip install exact-cover`` in the
environment that runs this script; it is not a sudokit dependency): the same matrix as ``algx``,
handed to its C search with ``max_count=2``. It is left out, saying so, when it is not installed.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from statistics import mean, median

from sudokit.compare.sets import load_set
from sudokit.models.exact_cover import Choice, sudoku_cover
from sudokit.models.grid import Grid, is_solution
from sudokit.solvers.base import DEFAULT_LIMIT, Status
from sudokit.solvers.registry import get_backend

SETS = ("top95", "17clue-1000", "gecode-16x16", "gecode-25x25")
BACKENDS = ("algx", "dlx", "bitx", "prop:level=singles", "prop", "prop:level=alldiff", "exact-cover", "cpsat", "sat")
COMPILED = "exact-cover"
SAFETY = 20  # × the cap: the wall-clock wait before a process that does not compute is killed
POLL = 0.05  # seconds between two looks at a solving process's CPU time
WARM_UP = "..4..2.131....1."  # a 4×4 puzzle
MAX_SIZE = {"algx": 16, "dlx": 16}  # beyond, the plain searches only time out: the cap × every puzzle


def compiled_solver() -> Callable[[Grid], tuple[str, Grid | None]]:
    """The compiled library as a solver of grids (imported here: it is optional)."""
    import exact_cover
    import numpy as np

    def solve(grid: Grid) -> tuple[str, Grid | None]:
        cover = sudoku_cover(grid)
        if cover is None:
            return Status.UNSAT.value, None
        choices: list[Choice] = list(cover.rows)
        index = {column: i for i, column in enumerate(cover.columns)}
        matrix = np.zeros((len(choices), len(index)), dtype=np.int32)
        for row, choice in enumerate(choices):
            for column in cover.rows[choice]:
                matrix[row, index[column]] = 1
        try:
            found = exact_cover.get_all_solutions(matrix, max_count=DEFAULT_LIMIT)
        except exact_cover.error.NoSolution:
            return Status.UNSAT.value, None
        first = cover.decode(choices[row] for row in sorted(found)[0])
        return (Status.SOLVED if len(found) == 1 else Status.MULTIPLE).value, first

    return solve


def _serve(name: str, pipe: Connection) -> None:
    """A benchmark process: solve the grids it is sent, answer (status, solution line, CPU seconds)."""
    if name == COMPILED:
        solve = compiled_solver()
    else:
        solver = get_backend(name).create()

        def solve(grid: Grid) -> tuple[str, Grid | None]:
            result = solver.solve(grid, limit=DEFAULT_LIMIT)
            return result.status.value, result.solution

    while (line := pipe.recv()) is not None:
        grid = Grid.parse(line)
        start = time.process_time()
        status, solution = solve(grid)
        pipe.send((status, solution.line() if solution else None, time.process_time() - start))


def cpu_seconds(pid: int | None) -> float:
    """The CPU seconds a process has used (user and system), read from ``/proc`` (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Runner:
    """One backend's warm process; restarted after it is killed at the cap."""

    name: str
    process: mp.process.BaseProcess | None = None
    pipe: Connection | None = None

    def solve(self, grid: Grid, cap: float) -> tuple[str, float]:
        """(status, CPU seconds) of one solve; ``timeout`` at the cap (the process is then restarted)."""
        if self.process is None or self.pipe is None:
            self.pipe, child = mp.Pipe()
            self.process = mp.get_context("spawn").Process(target=_serve, args=(self.name, child), daemon=True)
            self.process.start()
            child.close()  # the child's end lives in the child only: its death is then an EOF here
            self.pipe.send(WARM_UP)  # imports; a size's own tables are built in its first solve
            self.pipe.recv()
        used = cpu_seconds(self.process.pid)
        self.pipe.send(grid.line())
        waited = 0.0
        while not self.pipe.poll(POLL):  # the cap is CPU seconds: a loaded machine does not shorten it
            waited += POLL
            if cpu_seconds(self.process.pid) - used >= cap or waited >= SAFETY * cap:
                self.close(kill=True)
                return Status.TIMEOUT.value, cap
        status, line, seconds = self.pipe.recv()
        if status == Status.SOLVED.value and not is_solution(Grid.parse(line), grid):
            raise AssertionError(f"{self.name} returned a wrong solution for {grid.line()}")
        return status, seconds

    def close(self, kill: bool = False) -> None:
        if self.process is not None and self.pipe is not None:
            if kill:
                self.process.kill()
            else:
                self.pipe.send(None)
            self.process.join()
        self.process = self.pipe = None


@dataclass
class Row:
    """One backend's figures on one set."""

    seconds: list[float] = field(default_factory=list)
    statuses: dict[str, int] = field(default_factory=dict)

    def cells(self) -> str:
        ms = [1000 * s for s in self.seconds]
        timeouts = self.statuses.get(Status.TIMEOUT.value, 0)
        other = ", ".join(f"{k} {v}" for k, v in sorted(self.statuses.items()) if k not in ("solved", "timeout"))
        mark = "≥ " if timeouts * 2 >= len(ms) else ""  # the median itself is a timeout
        return (f"{mark}{median(ms):.2f} | {mean(ms):.2f} | {max(ms):.1f} | {timeouts}"
                + (f" ({other})" if other else ""))


def bench(sets: list[str], names: list[str], cap: float, out: Callable[[str], None] = print) -> None:
    """Run every set through every backend, printing one Markdown table per set."""
    for source in sets:
        grids = [puzzle.grid for puzzle in load_set(source).puzzles]
        size = grids[0].size
        runnable = [n for n in names if size <= MAX_SIZE.get(n.partition(":")[0], 25)]
        rows = {name: Row() for name in runnable}
        runners = {name: Runner(name) for name in runnable}
        for grid in grids:
            for name, runner in runners.items():
                status, seconds = runner.solve(grid, cap)
                rows[name].seconds.append(seconds)
                rows[name].statuses[status] = rows[name].statuses.get(status, 0) + 1
        for runner in runners.values():
            runner.close()
        out(f"\n{source}: {len(grids)} puzzles {size}×{size}, solution limit {DEFAULT_LIMIT}, cap {cap:g} s (CPU ms)\n")
        out("| backend | median | mean | max | timeouts |\n|---|---:|---:|---:|---:|")
        for name, row in rows.items():
            out(f"| `{name}` | {row.cells()} |")
        skipped = [n for n in names if n not in runnable]
        if skipped:
            out(f"\nnot run at {size}×{size}: {', '.join(skipped)} (every puzzle would reach the cap)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default=",".join(SETS))
    parser.add_argument("--backends", default=",".join(BACKENDS))
    parser.add_argument("--cap", type=float, default=60.0, help="seconds per solve before the process is killed")
    args = parser.parse_args(argv)
    names = args.backends.split(",")
    if COMPILED in names:
        try:
            compiled_solver()
        except ImportError:
            print(f"{COMPILED} is not installed here (pip install exact-cover): left out")
            names.remove(COMPILED)
    bench(args.sets.split(","), names, args.cap)


if __name__ == "__main__":
    main()

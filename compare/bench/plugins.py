"""What entering as a plug-in costs: bitx directly, bitx as a ``py:`` callable, and bitx as a ``cmd:`` program,
in one run of the harness.

    python -m sudokit.compare.bench.plugins --out results/plugins.md

The same search (bitx, solution limit 2) runs four ways: as sudokit's backend; as a ``py:`` callable
that takes the puzzle as text and returns text, with ``limit`` and ``time_limit`` (in the worker's
process); as the minimal five-line form, which takes no time limit and so runs in a warm child process
killed at the deadline; and as a program speaking the line protocol (``python -m
sudokit.compare.bench.plugins --serve``). One run, one worker, the backends taking turns (the
harness's rotation), so a change of machine load falls on all of them alike. The extra cost per
puzzle is the median of the per-puzzle differences from bitx direct (a wrapped time minus bitx's own
time for the same puzzle), with the ratio of medians.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from functools import cache
from pathlib import Path

from sudokit.compare.reports.stats import percentile
from sudokit.compare.run import harness
from sudokit.compare.run.executors import ProcessExecutor, Settings
from sudokit.compare.run.store import Store
from sudokit.compare.sets import load_set
from sudokit.models.grid import Grid
from sudokit.models.puzzles import PuzzleSet
from sudokit.solvers.base import Solver
from sudokit.solvers.registry import get_backend

BITX = get_backend("bitx")
MODULE = "sudokit.compare.bench.plugins"
SPECS = {
    "bitx": "bitx",
    "py: (limit, time_limit)": f"py:{MODULE}:bitx_counting",
    "py: (minimal, isolated)": f"py:{MODULE}:bitx_minimal",
    "cmd: (line protocol)": f"cmd:{sys.executable} -m {MODULE} --serve",
}


def _answer(puzzle: str, limit: int = 2, time_limit: float | None = None) -> str:
    """bitx's answer to a puzzle line, in the plug-in grammar."""
    result = _solver().solve(Grid.parse(puzzle), limit=limit, time_limit=time_limit)
    if result.status.value in ("unsat", "multiple"):
        return result.status.value
    return f"unique {result.solution.line()}" if result.solution else "unknown"


def bitx_counting(puzzle: str, *, limit: int = 2, time_limit: float | None = None) -> str:
    """bitx behind the text interface, honouring limit and time_limit."""
    return _answer(puzzle, limit, time_limit)


def bitx_minimal(puzzle: str) -> str:
    """bitx behind the minimal interface (no limit, no time limit: run in a child process)."""
    return _answer(puzzle)


@cache
def _solver() -> Solver:
    """One bitx per process, as a backend keeps one."""
    return BITX.create()


def serve() -> None:
    """The line protocol on stdin and stdout, bitx answering."""
    for line in sys.stdin:
        sys.stdout.write(_answer(line.strip()) + "\n")
        sys.stdout.flush()


def measure(sets: list[PuzzleSet], repeat: int) -> dict[str, dict[str, list[float]]]:
    """Per set and way, the seconds per puzzle (in puzzle order), from one harness run."""
    backends = [get_backend(spec) for spec in SPECS.values()]
    plan = harness.Plan(sets, backends, Settings(timeout=10.0, repeat=repeat))
    with tempfile.TemporaryDirectory() as folder, Store.open(Path(folder) / "bench.sqlite") as store:
        stored = harness.run(store, "plugins", plan, ProcessExecutor(1))
        times: dict[str, dict[str, dict[int, float]]] = defaultdict(lambda: defaultdict(dict))
        for r in store.records(stored):
            assert r.status in ("solved", "multiple", "unsat"), (r.backend, r.status, r.message)
            times[r.set_name][r.backend][r.puzzle_index] = r.seconds
    return {s: {way: [times[s][spec][i] for i in sorted(times[s][spec])] for way, spec in SPECS.items()}
            for s in times}


def table(results: dict[str, dict[str, list[float]]]) -> list[str]:
    rows = ["| set | backend | puzzles | median ms | p95 ms | extra per puzzle, median µs | × bitx (medians) |",
            "| --- | --- | --- | --- | --- | --- | --- |"]
    for set_name, ways in results.items():
        base = ways["bitx"]
        for way, seconds in ways.items():
            extra = [w - b for w, b in zip(seconds, base)]
            shown = "–" if way == "bitx" else f"{statistics.median(extra) * 1e6:,.0f}"
            ratio = statistics.median(seconds) / statistics.median(base)
            rows.append(f"| {set_name} | {way} | {len(seconds)} | {statistics.median(seconds) * 1000:.3f} | "
                        f"{percentile(seconds, 95) * 1000:.3f} | {shown} | {ratio:.2f} |")
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serve", action="store_true", help="Speak the line protocol (the cmd: form).")
    parser.add_argument("--sample", type=int, default=None, help="Puzzles of 17clue-1000 (default: all).")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    if args.serve:
        serve()
        return
    clues = load_set("17clue-1000")
    if args.sample:
        clues = PuzzleSet(clues.name, clues.puzzles[: args.sample])
    began = time.monotonic()
    results = measure([load_set("top95"), clues], args.repeat)
    text = "\n".join(table(results)) + f"\n\n(one run, {time.monotonic() - began:.0f} s, repeat {args.repeat})\n"
    print(text)
    if args.out:
        args.out.write_text(text)


if __name__ == "__main__":
    main()

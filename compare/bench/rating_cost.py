"""What plain ``sudokit rate`` costs per puzzle, before and after a change, run by hand (not in the tests).

    python -m sudokit.compare.bench.rating_cost OLD_TREE [--per-band N] [--hardest N] [--timeout S] [--seed K]

``OLD_TREE`` is a checkout of the older commit (``git archive COMMIT | tar -x -C OLD_TREE``). Two
warm worker processes, one importing the older tree's code and one this tree's, rate the same puzzles
of the bundled ``serate-200`` set (SE 1.2.1.3's own ER), ``--per-band`` drawn at random from each
whole-number SE band, the two alternating puzzle by puzzle; each puzzle is rated as plain ``rate``
rates it (the uniqueness check included) and its CPU seconds are measured in the worker. Prints, per
band, the median and maximum CPU seconds of each and the ratio of the medians, as Markdown. With
``--hardest N``, N puzzles drawn from the forum's ER 11+ list (``tdoku/forum_hardest_1905_11plus.txt``
of ../shared/data) make a band of their own, "11+" (the older code stopped stuck on most of them).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

from sudokit.compare.sets import load_set

# The worker: rates each puzzle line of stdin as plain ``rate`` does and prints its CPU seconds.
WORKER = """
import inspect, json, sys, time
from sudokit.compare.commands import human
from sudokit.models.puzzles import Puzzle
from sudokit.models.grid import Grid
new = "modes" in inspect.signature(human._rate_one).parameters
timeout = float(sys.argv[1]) if len(sys.argv) > 1 else None
for line in sys.stdin:
    puzzle = Puzzle(0, Grid.parse(line.strip()), 1)
    began = time.process_time()
    if new:
        row = human._rate_one(puzzle, modes=human.CITED, techniques=None, allow_guess=False, timeout=timeout)
    else:
        row = human._rate_one(puzzle, techniques=human.chosen_techniques("default", None), mode="default",
                              allow_guess=False, timeout=timeout)
    print(json.dumps({"cpu": time.process_time() - began, "status": row["status"]}), flush=True)
"""


def worker(tree: Path | None, timeout: float) -> subprocess.Popen:
    """A warm process rating with the code of ``tree`` (this tree's when None)."""
    env = None
    if tree is not None:
        import os

        package = tree / ".bench-path" / "sudokit"
        package.mkdir(parents=True, exist_ok=True)
        for room in ("models", "solvers", "compare"):
            link = package / room
            if not link.exists():
                link.symlink_to(tree / room)
        env = {**os.environ, "PYTHONPATH": str(package.parent)}
    return subprocess.Popen([sys.executable, "-c", WORKER, str(timeout)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, env=env)


def ask(process: subprocess.Popen, line: str) -> float:
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(line + "\n")
    process.stdin.flush()
    return json.loads(process.stdout.readline())["cpu"]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("--per-band", type=int, default=4)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hardest", type=int, default=0)
    args = parser.parse_args(argv)
    bands: dict[int, list[str]] = defaultdict(list)
    for p in load_set("serate-200").puzzles:
        bands[int(p.meta["se_rating"])].append(p.grid.line())
    if args.hardest:
        forum = Path(__file__).resolve().parents[2].parent / "shared/data/tdoku/forum_hardest_1905_11plus.txt"
        lines = [line.split()[0] for line in forum.read_text().splitlines() if line and not line.startswith("#")]
        bands[11] = random.Random(args.seed).sample(lines, args.hardest)
    chosen = random.Random(args.seed)
    old, new = worker(args.old.resolve(), args.timeout), worker(None, args.timeout)
    times: dict[int, tuple[list[float], list[float]]] = {}
    for band in sorted(bands):
        sample = bands[band] if band == 11 else chosen.sample(bands[band], min(args.per_band, len(bands[band])))
        if not sample:
            continue
        times[band] = ([], [])
        for line in sample:
            times[band][0].append(ask(old, line))
            times[band][1].append(ask(new, line))
        print(f"band {band}: done", file=sys.stderr, flush=True)
    print("| SE band | puzzles | before: median (max) CPU s | after: median (max) CPU s | ratio of medians |")
    print("|---|---:|---:|---:|---:|")
    for band, (before, after) in times.items():
        ratio = statistics.median(after) / statistics.median(before)
        print(f"| {'11+ (forum)' if band == 11 else f'{band}.x'} | {len(before)} | {statistics.median(before):.3f} ({max(before):.2f}) | "
              f"{statistics.median(after):.3f} ({max(after):.2f}) | {ratio:.2f} |")
    every_old = [t for before, _ in times.values() for t in before]
    every_new = [t for _, after in times.values() for t in after]
    print(f"| all | {len(every_old)} | {statistics.median(every_old):.3f} ({max(every_old):.2f}) | "
          f"{statistics.median(every_new):.3f} ({max(every_new):.2f}) | "
          f"{statistics.median(every_new) / statistics.median(every_old):.2f} |")


if __name__ == "__main__":
    main()

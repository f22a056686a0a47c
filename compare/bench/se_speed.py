"""SE mode's speed against an older commit's, old and new timed alternately per puzzle (by hand).

    python -m sudokit.compare.bench.se_speed --old ROOT [--new ROOT] [--old-python PY] [--hardest N]
                                             [--per-band N] [--easy N] [--timeout S] [--seed K]
                                             [--jsonl PATH] [--data DIR]
    python -m sudokit.compare.bench.se_speed --report PATH

``ROOT`` is a checkout of sudokit (``git worktree add --detach /tmp/old 9c3e6da``); ``--new``
defaults to this checkout. Each side runs in a worker process of its own that imports its
checkout's code as ``sudokit`` (the project's three folders linked under a temporary ``sudokit``
folder put first on ``sys.path``), the old one with ``--old-python`` (the interpreter of the old
checkout's own environment; default: this one); both workers get each puzzle in turn, the first one to go
alternating from puzzle to puzzle, and report the CPU time (``process_time``) of
``solve_logically(grid, mode="se")`` with the whole path it took. Before the timed puzzles each
worker rates one untimed, the forum list's second (never among ``--hardest``'s): what a rating run
pays once (imports; the compiled parts, loaded from numba's cache) is not put on the first puzzle
that needs it.

The puzzles: ``--hardest`` (40) of the forum's hardest (``tdoku/forum_hardest_1905_11plus.txt``,
listed as ER 11 and up, so all ER >= 10.5; an even spread over the file) and ``--per-band`` (5)
puzzles per ER band of the SE-rated sample (``se_rated/se_rated_dev.csv``, drawn at random with
``--seed``), and ``--easy`` (0) more of its easiest band (ER 1.0-4.0). Printed as Markdown: per group, the CPU median, p90 and max of each side and the ratio
new/old of the medians (and the median of the per-puzzle ratios); then every puzzle whose path
differs between the two sides (technique, conclusions, cells, pattern, chain, length, difficulty of
every step, and ER/EP/ED): with an ``--old`` whose other code paths match, there must be none.
``--jsonl`` writes one line per puzzle (both sides' CPU seconds and whether their paths agree);
``--report PATH`` prints the tables of such a file (a run stopped part way).
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import statistics
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data"
HERE = Path(__file__).resolve().parents[2]  # this checkout
BANDS = ((1.0, 4.0), (4.0, 6.5), (6.5, 7.5), (7.5, 8.5), (8.5, 9.0), (9.0, 10.5))  # SE-rated sample, by ER

WORKER = r"""
import json, os, sys, tempfile, time
root = sys.argv[1]
top = tempfile.mkdtemp(prefix="se-speed-")
os.mkdir(os.path.join(top, "sudokit"))
for folder in ("models", "solvers", "compare"):
    os.symlink(os.path.join(root, folder), os.path.join(top, "sudokit", folder))
sys.path.insert(0, top)
import sudokit.solvers.human.engine as engine
from sudokit.models.grid import Grid
assert engine.__file__.startswith(top), engine.__file__
print(json.dumps({"ready": root}), flush=True)
for line in sys.stdin:
    job = json.loads(line)
    grid = Grid.parse(job["puzzle"])
    began = time.process_time()
    result = engine.solve_logically(grid, mode="se", time_limit=job["timeout"])
    cpu = time.process_time() - began
    r = result.rating
    path = [repr(s) for s in result.steps] + [repr((result.status.value, r.se_rating, r.ep, r.ed, r.guessed,
                                                    r.uniqueness))]
    print(json.dumps({"cpu": cpu, "path": path, "er": r.se_rating}), flush=True)
"""


class Worker:
    """A process rating puzzles in SE mode with one checkout's code."""

    def __init__(self, root: Path, python: str = sys.executable):
        self.root = root
        self.process = subprocess.Popen([python, "-c", WORKER, str(root)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, cwd="/")
        json.loads(self._line())

    def rate(self, puzzle: str, timeout: float) -> dict:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"puzzle": puzzle, "timeout": timeout}) + "\n")
        self.process.stdin.flush()
        return json.loads(self._line())

    def _line(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the worker of {self.root} stopped")
        return line

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


@dataclass(frozen=True)
class Timed:
    """One puzzle's group, both sides' CPU seconds, and whether their paths agree."""

    group: str
    puzzle: str
    old: float
    new: float
    same: bool
    er: float


def _forum(data: Path) -> list[str]:
    return [x.strip() for x in (data / "tdoku" / "forum_hardest_1905_11plus.txt").read_text().splitlines()
            if x.strip() and not x.startswith("#")]


def hardest(data: Path, count: int) -> list[str]:
    """``count`` puzzles spread evenly over the forum's hardest list."""
    lines = _forum(data)
    step = max(2, len(lines) // count) if count else 1
    return lines[::step][:count]


def warm_up(data: Path) -> str:
    """The puzzle each worker rates untimed first: the forum hardest list's second, which needs
    nested chains (``hardest`` never picks it: it takes every n-th from the first)."""
    return _forum(data)[1]


def by_band(data: Path, count: int, seed: int, bands: tuple[tuple[float, float], ...] = BANDS
            ) -> list[tuple[str, str]]:
    """``count`` puzzles drawn per ER band of the SE-rated sample, with their band's name."""
    with open(data / "se_rated" / "se_rated_dev.csv") as f:
        rows = [(r["puzzle"], float(r["se_rating"])) for r in csv.DictReader(f)]
    chooser = random.Random(seed)
    found: list[tuple[str, str]] = []
    for low, high in bands:
        band = [p for p, er in rows if low <= er < high]
        found.extend((f"ER {low}-{high}", p) for p in chooser.sample(band, min(count, len(band))))
    return found


def run(puzzles: list[tuple[str, str]], old: Worker, new: Worker, timeout: float,
        jsonl: Path | None) -> list[Timed]:
    """Each puzzle rated by both workers, which goes first alternating."""
    found = []
    for i, (group, puzzle) in enumerate(puzzles):
        if i % 2:
            b, a = new.rate(puzzle, timeout), old.rate(puzzle, timeout)
        else:
            a, b = old.rate(puzzle, timeout), new.rate(puzzle, timeout)
        timed = Timed(group, puzzle, a["cpu"], b["cpu"], a["path"] == b["path"], b["er"])
        found.append(timed)
        print(f"{i + 1}/{len(puzzles)} {group} ER {timed.er}: old {timed.old:.2f} s, new {timed.new:.2f} s"
              f"{'' if timed.same else '  PATHS DIFFER'}", file=sys.stderr, flush=True)
        if jsonl is not None:
            with open(jsonl, "a") as f:
                f.write(json.dumps(timed.__dict__) + "\n")
    return found


def report(timed: list[Timed]) -> str:
    """The Markdown table per group, then the puzzles whose paths differ."""
    lines = ["| group | n | old median | old p90 | old max | new median | new p90 | new max | ratio of medians "
             "| median ratio | max ratio |", "|---|---|---|---|---|---|---|---|---|---|---|"]
    for group in dict.fromkeys(t.group for t in timed):
        rows = [t for t in timed if t.group == group]
        old, new = [t.old for t in rows], [t.new for t in rows]
        ratios = [t.new / t.old for t in rows if t.old > 0]
        lines.append(f"| {group} | {len(rows)} | {_spread(old)} | {_spread(new)} | "
                     f"{statistics.median(new) / statistics.median(old):.3f} | {statistics.median(ratios):.3f} | "
                     f"{max(ratios):.3f} |")
    differ = [t for t in timed if not t.same]
    lines.append("")
    lines.append(f"Paths identical on {len(timed) - len(differ)} of {len(timed)} puzzles.")
    lines.extend(f"- differs: {t.puzzle} ({t.group})" for t in differ)
    return "\n".join(lines)


def _spread(values: list[float]) -> str:
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
    return f"{statistics.median(ordered):.2f} | {p90:.2f} | {ordered[-1]:.2f}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path)
    parser.add_argument("--report", type=Path)
    parser.add_argument("--new", type=Path, default=HERE)
    parser.add_argument("--hardest", type=int, default=40)
    parser.add_argument("--per-band", type=int, default=5)
    parser.add_argument("--easy", type=int, default=0)
    parser.add_argument("--old-python", default=sys.executable)
    parser.add_argument("--timeout", type=float, default=600.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jsonl", type=Path)
    parser.add_argument("--data", type=Path, default=DATA)
    args = parser.parse_args(argv)
    if args.report is not None:
        print(report([Timed(**json.loads(line)) for line in args.report.read_text().splitlines() if line.strip()]))
        return
    if args.old is None:
        parser.error("--old ROOT (a checkout of the commit to compare with) is needed")
    for option, root in (("--old", args.old), ("--new", args.new)):
        if not (root / "solvers" / "human" / "engine.py").is_file():
            parser.error(f"{option} {root}: not a checkout of sudokit (no solvers/human/engine.py there)")
    easiest = [(f"{group} (easy)", p) for group, p in by_band(args.data, args.easy, args.seed + 1, BANDS[:1])]
    puzzles = by_band(args.data, args.per_band, args.seed) + easiest + [("forum hardest (ER >= 10.5)", p)
                                                                        for p in hardest(args.data, args.hardest)]
    old, new = Worker(args.old.resolve(), args.old_python), Worker(args.new.resolve())
    try:
        first = warm_up(args.data)
        old.rate(first, args.timeout), new.rate(first, args.timeout)
        timed = run(puzzles, old, new, args.timeout, args.jsonl)
    finally:
        old.close()
        new.close()
    print(report(timed))


if __name__ == "__main__":
    main()

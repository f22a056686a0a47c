"""Measure the generator: ``python -m sudokit.compare.bench.generator speed|ladder …``.

``speed [COUNT] [TECHNIQUE …]``: COUNT puzzles (default 20) for each spec: plain minimal, minimal
with rotational symmetry, then each technique with ``filter``, ``targeted``, and ``targeted`` minimal, made in this one process with the specs
interleaved task by task (machine load falls on all alike). Per spec: puzzles per second, the
median seconds per puzzle, attempts, acceptance (puzzles kept per candidate made) and repairs.

``ladder [COUNT] [JOBS]``: COUNT puzzles (default 2000) from ``--unbiased`` and from plain top-down
removal, and COUNT puzzles drawn (seeded) from Berthier's controlled-bias sample in ``../shared/data``
(read there, never copied); for each puzzle the lowest rung of ``sudokit study``'s technique ladder
whose techniques solve it, found on the harness's executors; then the share of puzzles per rung,
by clue count, and both reweighted to the reference's clue counts (post-stratification).
"""

from __future__ import annotations

import csv
import math
import random
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterable
from pathlib import Path
from statistics import median

from sudokit.compare.reports.study import ladder_rungs
from sudokit.compare.run.executors import Chunk, ProcessExecutor, Settings, Task
from sudokit.compare.workshop.generate import Spec, make, maker_backend, start_grid
from sudokit.compare.workshop.grading import grade, ladder
from sudokit.models.grid import Grid
from sudokit.solvers.base import DEFAULT_LIMIT, SolveResult, Status
from sudokit.solvers.registry import Backend

REFERENCE = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "unbiased" / "cbg001_21695_ratings.csv"
TECHNIQUES = ("hidden_pair", "x_wing", "xy_wing", "skyscraper", "aic")


# ---------------------------------------------------------------------------- speed


def speed(count: int, techniques: Iterable[str]) -> list[dict]:
    """Per spec: puzzles, seconds, attempts, repairs and SE ratings, specs interleaved task by task."""
    specs = {"plain minimal": Spec(), "rotational minimal": Spec(symmetry="rotational", minimal=True)}
    for name in techniques:
        specs[f"{name} filter"] = Spec(technique=name, strategy="filter")
        specs[f"{name} targeted"] = Spec(technique=name)
        specs[f"{name} targeted minimal"] = Spec(technique=name, minimal=True)
    rows: dict[str, dict] = {label: {"spec": label, "seconds": [], "attempts": 0, "repaired": 0, "ratings": [],
                                     "gave_up": 0} for label in specs}
    for number in range(count):
        for label, spec in specs.items():
            began = time.perf_counter()
            made = make(spec, start_grid(spec, 1, label.split()[0], number))
            row = rows[label]
            row["seconds"].append(time.perf_counter() - began)
            row["attempts"] += made.attempts
            row["repaired"] += made.repaired
            row["gave_up"] += made.puzzle is None
            if made.graded is not None and made.graded.se_rating is not None:
                row["ratings"].append(made.graded.se_rating)
        print(f"{number + 1}/{count}", file=sys.stderr, flush=True)
    return list(rows.values())


def speed_table(rows: list[dict]) -> str:
    lines = ["| spec | puzzles | puzzles/s | median s/puzzle | attempts | acceptance | repaired | SE |",
             "|---|---:|---:|---:|---:|---:|---:|---|"]
    for row in rows:
        made = len(row["seconds"]) - row["gave_up"]
        total = sum(row["seconds"])
        ratings = row["ratings"]
        span = f"{min(ratings):.1f}–{max(ratings):.1f}" if ratings else "–"
        lines.append(f"| {row['spec']} | {made} | {made / total:.2f} | {median(row['seconds']):.2f} | "
                     f"{row['attempts']} | {100 * made / row['attempts']:.2f} % | {row['repaired']} | {span} |")
    return "\n".join(lines)


# ---------------------------------------------------------------------------- the technique ladder


class RungFinder:
    """A backend for the executors: a puzzle's lowest ladder rung whose techniques solve it (``stats["rung"]``)."""

    name = "rung"

    def __init__(self) -> None:
        rungs, _ = ladder_rungs({r.name: r for r in ladder()})
        self.rungs = [(rung.key, rung.techniques) for rung in rungs]

    def solve(self, grid: Grid, *, limit: int = DEFAULT_LIMIT, time_limit: float | None = None) -> SolveResult:
        for key, techniques in self.rungs:
            if grade(grid, techniques).solved:
                return SolveResult(Status.SOLVED, stats={"rung": key})
        return SolveResult(Status.STUCK, stats={"rung": "beyond"})


RUNG_FINDER = Backend("rung", "sudokit.compare.bench.generator:RungFinder", "lowest ladder rung that solves")


def rungs_of(grids: dict[str, list[Grid]], jobs: int) -> dict[str, list[str]]:
    """Per named list of puzzles, each puzzle's rung (in the list's order)."""
    chunks = []
    for name, puzzles in grids.items():
        tasks = [Task(name, i, grid) for i, grid in enumerate(puzzles)]
        chunks += [Chunk(RUNG_FINDER, tuple(tasks[i:i + 16])) for i in range(0, len(tasks), 16)]
    found: dict[str, dict[int, str]] = defaultdict(dict)
    for done, outcome in enumerate(ProcessExecutor(jobs).run(chunks, Settings(timeout=None)), 1):
        found[outcome.task.set_name][outcome.task.index] = outcome.result.stats.get("rung", outcome.result.status.value)
        if done % 200 == 0:
            print(f"rungs: {done}", file=sys.stderr, flush=True)
    return {name: [found[name][i] for i in range(len(puzzles))] for name, puzzles in grids.items()}


def generated(spec: Spec, count: int, jobs: int, label: str) -> list[Grid]:
    """``count`` puzzles to ``spec`` made on the executors (seed 1)."""
    chunks = [Chunk(maker_backend(spec, label), (Task(label, n, start_grid(spec, 1, label, n)),)) for n in range(count)]
    made: dict[int, Grid] = {}
    began = time.perf_counter()
    for outcome in ProcessExecutor(jobs).run(chunks, Settings(timeout=None)):
        made[outcome.task.index] = Grid.parse(outcome.result.stats["puzzle"])
        if len(made) % 200 == 0:
            print(f"{label}: {len(made)} in {time.perf_counter() - began:.0f} s", file=sys.stderr, flush=True)
    return [made[n] for n in range(count)]


def reference(count: int) -> list[Grid]:
    """``count`` puzzles drawn (seeded) from the controlled-bias sample."""
    with open(REFERENCE, newline="") as stream:
        rows = list(csv.DictReader(stream))
    return [Grid.parse(row["puzzle"]) for row in random.Random(1).sample(rows, count)]


def shares(rungs: list[str], weights: list[float] | None = None) -> dict[str, float]:
    weights = weights or [1.0] * len(rungs)
    total: dict[str, float] = defaultdict(float)
    for rung, weight in zip(rungs, weights):
        total[rung] += weight
    whole = sum(weights)
    return {rung: 100 * n / whole for rung, n in total.items()}


def stratified(rungs: list[str], clues: list[int], target: dict[int, float]) -> list[float]:
    """Weights that give the puzzles the clue-count distribution ``target`` (post-stratification)."""
    have = Counter(clues)
    return [target.get(n, 0.0) / have[n] for n in clues]


def chi_square(a: list[str], b: list[str], rare: tuple[str, ...] = ("uniqueness", "full", "beyond")) -> str:
    """Pearson's test that two lists of rungs come from one distribution (the rare top rungs pooled)."""
    pooled = [[rung if rung not in rare else "+".join(rare) for rung in rungs] for rungs in (a, b)]
    counts = [Counter(rungs) for rungs in pooled]
    keys = sorted(set(counts[0]) | set(counts[1]))
    sizes = [len(a), len(b)]
    statistic = 0.0
    for key in keys:
        both = counts[0][key] + counts[1][key]
        for count, size in zip((counts[0][key], counts[1][key]), sizes):
            expected = both * size / sum(sizes)
            statistic += (count - expected) ** 2 / expected
    df = len(keys) - 1
    return f"chi-square {statistic:.1f} on {df} degrees of freedom, p = {_chi2_survival(statistic, df):.2g}"


def _chi2_survival(x: float, df: int) -> float:
    """P(X > x) for a chi-square variable with ``df`` degrees of freedom (the lower gamma's series)."""
    k, half = df / 2, x / 2
    term = math.exp(k * math.log(half) - half - math.lgamma(k + 1)) if x > 0 else 0.0
    total, i = 0.0, 0
    while term > 1e-17 * max(total, 1e-300) and i < 10_000:
        total += term
        i += 1
        term *= half / (k + i)
    return max(0.0, 1.0 - total)


def ladder_report(count: int, jobs: int) -> str:
    sets = {"unbiased": generated(Spec(unbiased=True), count, jobs, "unbiased"),
            "top-down": generated(Spec(), count, jobs, "top-down"),
            "reference": reference(count)}
    rungs = rungs_of(sets, jobs)
    clues = {name: [g.count_givens() for g in grids] for name, grids in sets.items()}
    target = {n: c / count for n, c in Counter(clues["reference"]).items()}
    keys = [key for key, _ in RungFinder().rungs] + ["beyond"]
    raw = {name: shares(rungs[name]) for name in sets}
    weighted = {name: shares(rungs[name], stratified(rungs[name], clues[name], target)) for name in sets}
    lines = [f"{count} puzzles each; rung = the lowest rung of the study ladder whose techniques solve it", "",
             "| rung | unbiased % | top-down % | reference % | unbiased − reference (95 % CI) | "
             "top-down reweighted % | unbiased reweighted % |", "|---|---:|---:|---:|---:|---:|---:|"]
    for key in keys:
        a, b, r = (raw[name].get(key, 0.0) for name in ("unbiased", "top-down", "reference"))
        half = 196 * math.sqrt(a / 100 * (1 - a / 100) / count + r / 100 * (1 - r / 100) / count)
        lines.append(f"| {key} | {a:.1f} | {b:.1f} | {r:.1f} | {a - r:+.1f} ± {half:.1f} | "
                     f"{weighted['top-down'].get(key, 0.0):.1f} | {weighted['unbiased'].get(key, 0.0):.1f} |")
    lines += ["", "| clues | " + " | ".join(sets) + " |", "|---|" + "---:|" * len(sets)]
    for n in sorted({c for cs in clues.values() for c in cs}):
        lines.append(f"| {n} | " + " | ".join(f"{100 * clues[name].count(n) / count:.1f}" for name in sets) + " |")
    means = ", ".join(f"{name} {sum(cs) / count:.2f}" for name, cs in clues.items())
    tests = [f"{name} vs reference: {chi_square(rungs[name], rungs['reference'])}" for name in ("unbiased", "top-down")]
    return "\n".join([*lines, "", f"mean clues: {means}", *tests])


def main(argv: list[str]) -> None:
    what, *rest = argv or ["speed"]
    if what == "speed":
        count = int(rest[0]) if rest else 20
        print(speed_table(speed(count, rest[1:] or TECHNIQUES)))
    elif what == "ladder":
        print(ladder_report(int(rest[0]) if rest else 2000, int(rest[1]) if len(rest) > 1 else 2))
    else:
        raise SystemExit("usage: python -m sudokit.compare.bench.generator speed [COUNT] [TECHNIQUE …] | "
                         "ladder [COUNT] [JOBS]")


if __name__ == "__main__":
    main(sys.argv[1:])

"""The default measurement beside BenchExec's, record by record: ``results/measurements.md``.

    python -m sudokit.compare.bench.tree_cpu DB DEFAULT_RUN[,…] RUNEXEC_RUN[,…] [--set top95] [--baseline solved8]

Both runs solve the same puzzles with the same backends, one with the default measurement, one with
``--measure runexec``. A runexec record's CPU time is a whole fresh process's: besides the solve, it
starts Python, imports sudokit and creates the backend. That start-up is estimated per backend from
the runs' BASELINE puzzles (grids already solved): the median, over the runexec run's records of
them, of runexec's CPU less sudokit's own figure for the solve in that process
(``extra.inprocess_cpu_seconds``). Then per record, ``ours / (runexec − start-up)`` where ours is
either the default run's figure (as the user sees it: a warm worker) or, with ``--same-process``,
sudokit's figure inside the process runexec measured (the same work, cold alike). Printed per
backend: the records answered in both, the median of those ratios, the ratio of the totals, the
Theil–Sen slope (median of pairwise slopes: independent of any start-up), the start-up, and the
median runexec CPU. With ``--repeat R`` a record's figure is the sum of its R repeats. Several runs
on each side (comma-separated names) are taken together: short runs alternating between the two
measurements, so that a change of the machine's load falls on both (``results/measurements.md``).
"""

from __future__ import annotations

import argparse
import itertools
import statistics
from pathlib import Path

from sudokit.compare.run.store import Record, Store

ANSWERED = ("solved", "multiple", "unsat")


def ours(record: Record, inside: bool) -> float | None:
    """sudokit's figure for a record's solves: its own (the default run), or the one taken inside the
    process runexec measured; summed over repeats."""
    repeats = record.extra.get("repeat_cpu_seconds")
    if repeats:
        return sum(repeats)
    return record.extra.get("inprocess_cpu_seconds") if inside else record.cpu_seconds


def by_key(store: Store, runs: str, set_name: str) -> dict[tuple[str, str], Record]:
    """The measured records of SET_NAME in RUNS (names, comma-separated), by backend and puzzle."""
    return {(r.backend, r.puzzle): r for run in runs.split(",") for r in store.records(store.run(run))
            if r.set_name == set_name and r.cpu_seconds is not None}


def theil_sen(points: list[tuple[float, float]]) -> float | None:
    """The median slope of the lines through two points (y over x) whose x differ."""
    slopes = [(y2 - y1) / (x2 - x1) for (x1, y1), (x2, y2) in itertools.combinations(points, 2) if x2 != x1]
    return statistics.median(slopes) if slopes else None


def compared(db: Path, default: str, runexec: str, set_name: str, baseline: str,
             same_process: bool = False) -> list[tuple]:
    """Per backend: records in both, median ratio, ratio of totals, 1/slope, start-up, median runexec CPU."""
    with Store.open(db, create=False) as store:
        mine = by_key(store, runexec if same_process else default, set_name)
        theirs = by_key(store, runexec, set_name)
        base = by_key(store, runexec, baseline)
    rows = []
    for backend in sorted({b for b, _ in theirs}):
        gaps = [r.cpu_seconds - inner for (b, _), r in base.items()
                if b == backend and r.cpu_seconds is not None and (inner := ours(r, True)) is not None]
        start = statistics.median(gaps) if gaps else 0.0
        pairs = [(a, t.cpu_seconds) for k, t in theirs.items()
                 if k[0] == backend and k in mine and t.status in ANSWERED and mine[k].status == t.status
                 and (a := ours(mine[k], same_process)) is not None and t.cpu_seconds is not None]
        ratios = [a / (t - start) for a, t in pairs if t > start]
        total = sum(a for a, _ in pairs) / sum(t - start for _, t in pairs) if pairs else None
        slope = theil_sen(pairs)
        rows.append((backend, len(pairs), statistics.median(ratios) if ratios else None, total,
                     1 / slope if slope else None, start, statistics.median(t for _, t in pairs) if pairs else None))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("db", type=Path)
    parser.add_argument("default")
    parser.add_argument("runexec")
    parser.add_argument("--set", default="top95")
    parser.add_argument("--baseline", default="solved8")
    parser.add_argument("--same-process", action="store_true")
    args = parser.parse_args()

    def shown(value: float | None, digits: int = 3) -> str:
        return "–" if value is None else f"{value:.{digits}f}"

    print("| backend | records in both | median of ratios | ratio of totals | 1 / slope | start-up (s) "
          "| median runexec CPU (s) |")
    print("|---|---|---|---|---|---|---|")
    for backend, count, ratio, total, slope, start, median in compared(
            args.db, args.default, args.runexec, args.set, args.baseline, args.same_process):
        print(f"| `{backend}` | {count} | {shown(ratio)} | {shown(total)} | {shown(slope)} | {shown(start, 4)} "
              f"| {shown(median, 4)} |")


if __name__ == "__main__":
    main()

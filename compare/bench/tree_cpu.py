"""The default measurement beside BenchExec's, record by record: ``results/measurements.md``.

    python -m sudokit.compare.bench.tree_cpu DB DEFAULT_RUN RUNEXEC_RUN [--set top95] [--baseline solved8]

Both runs solve the same puzzles with the same backends, one with the default measurement, one with
``--measure runexec``. A runexec record's CPU time includes a fresh process's start (Python, sudokit,
the backend, a program's start-up): the runs also solve the puzzles of BASELINE, grids already
solved, whose records measure what every record pays besides its search, in either mode. Each
record's work is its CPU time less its mode's median baseline; per backend this prints the number of
records answered in both runs, the median of their ratios default / runexec (work), the same for
the raw figures, and the ratio of the totals.
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

from sudokit.compare.run.store import Record, Store

ANSWERED = ("solved", "multiple", "unsat")


def records(store: Store, run: str, set_name: str) -> dict[tuple[str, int], Record]:
    return {(r.backend, r.puzzle_index): r for r in store.records(store.run(run))
            if r.set_name == set_name and r.cpu_seconds is not None}


def baselines(store: Store, run: str, set_name: str) -> dict[str, float]:
    """Per backend, the median CPU time of its records of the already-solved grids."""
    by_backend: dict[str, list[float]] = {}
    for (backend, _), record in records(store, run, set_name).items():
        by_backend.setdefault(backend, []).append(record.cpu_seconds or 0.0)
    return {backend: statistics.median(cpus) for backend, cpus in by_backend.items()}


def compared(db: Path, default: str, runexec: str, set_name: str, baseline: str) -> list[tuple]:
    """Per backend: records in both, median work ratio, median raw ratio, total work ratio, baselines."""
    with Store.open(db, create=False) as store:
        ours, theirs = records(store, default, set_name), records(store, runexec, set_name)
        our_base, their_base = baselines(store, default, baseline), baselines(store, runexec, baseline)
    rows = []
    for backend in sorted({b for b, _ in ours}):
        keys = [k for k in ours if k[0] == backend and k in theirs
                and ours[k].status in ANSWERED and theirs[k].status == ours[k].status]
        work = [((ours[k].cpu_seconds or 0.0) - our_base.get(backend, 0.0),
                 (theirs[k].cpu_seconds or 0.0) - their_base.get(backend, 0.0)) for k in keys]
        ratios = [a / b for a, b in work if b > 0]
        raw = [(ours[k].cpu_seconds or 0.0) / (theirs[k].cpu_seconds or 1.0) for k in keys]
        total = sum(a for a, _ in work) / sum(b for _, b in work) if work and sum(b for _, b in work) > 0 else None
        rows.append((backend, len(keys), statistics.median(ratios) if ratios else None,
                     statistics.median(raw) if raw else None, total,
                     our_base.get(backend), their_base.get(backend),
                     statistics.median(b for _, b in work) if work else None))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("db", type=Path)
    parser.add_argument("default")
    parser.add_argument("runexec")
    parser.add_argument("--set", default="top95")
    parser.add_argument("--baseline", default="solved8")
    args = parser.parse_args()

    def shown(value: float | None, digits: int = 3) -> str:
        return "–" if value is None else f"{value:.{digits}f}"

    print("| backend | records in both | median ratio of work | median raw ratio | ratio of total work "
          "| baseline default (s) | baseline runexec (s) | median work, runexec (s) |")
    print("|---|---|---|---|---|---|---|---|")
    for backend, count, work, raw, total, ours, theirs, median_work in compared(
            args.db, args.default, args.runexec, args.set, args.baseline):
        print(f"| `{backend}` | {count} | {shown(work)} | {shown(raw)} | {shown(total)} | {shown(ours, 4)} "
              f"| {shown(theirs, 4)} | {shown(median_work, 4)} |")


if __name__ == "__main__":
    main()

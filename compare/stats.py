"""Per-backend statistics of a run: statuses, time per puzzle, throughput, guessing, memory.

Times are taken over the puzzles a backend answered (a timeout or an error has no meaningful
time); the status counts show how many those are.

>>> percentile([1.0, 2.0, 3.0, 4.0], 50)
2.5
"""

from __future__ import annotations

import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import asdict, dataclass

from sudokit.compare.store import Record
from sudokit.solvers.base import Status

UNTIMED = {Status.TIMEOUT.value, Status.ERROR.value}


@dataclass(frozen=True)
class BackendStats:
    """One backend's figures over a run (seconds per puzzle unless named otherwise)."""

    backend: str
    puzzles: int
    statuses: dict[str, int]
    median: float
    mean: float
    p90: float
    p99: float
    max: float
    puzzles_per_second: float
    build_median: float
    solve_median: float
    build_share: float  # build time / (build + solve), summed over puzzles
    guesses_per_puzzle: float | None  # None: the backend does not count guesses
    no_guess_percent: float | None  # puzzles solved without guessing, % of all its puzzles
    peak_mb: float  # the largest peak resident memory of a worker process

    def to_dict(self) -> dict:
        return asdict(self)


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile, interpolating linearly between order statistics (NaN when empty)."""
    if not values:
        return math.nan
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low, high = math.floor(position), math.ceil(position)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def backend_stats(records: Iterable[Record]) -> list[BackendStats]:
    """Statistics for every backend of the records, in order of first appearance."""
    grouped: dict[str, list[Record]] = defaultdict(list)
    for record in records:
        grouped[record.backend].append(record)
    return [_stats(name, rows) for name, rows in grouped.items()]


def _stats(backend: str, records: list[Record]) -> BackendStats:
    timed = [r for r in records if r.status not in UNTIMED]
    seconds = [r.seconds for r in timed]
    total = sum(seconds)
    counted = [r for r in records if r.guesses is not None]
    return BackendStats(
        backend=backend,
        puzzles=len(records),
        statuses=dict(Counter(r.status for r in records).most_common()),
        median=percentile(seconds, 50),
        mean=statistics.fmean(seconds) if seconds else math.nan,
        p90=percentile(seconds, 90),
        p99=percentile(seconds, 99),
        max=max(seconds, default=math.nan),
        puzzles_per_second=len(timed) / total if total else math.nan,
        build_median=percentile([r.build_seconds for r in timed], 50),
        solve_median=percentile([r.solve_seconds for r in timed], 50),
        build_share=sum(r.build_seconds for r in timed) / total if total else math.nan,
        guesses_per_puzzle=statistics.fmean(r.guesses for r in counted) if counted else None,
        no_guess_percent=(100 * sum(r.status == Status.SOLVED.value and r.guesses == 0 for r in counted)
                          / len(counted)) if counted else None,
        peak_mb=max((r.extra.get("peak_kb", 0) for r in records), default=0) / 1024,
    )

"""Per-backend statistics of a run: statuses, time per puzzle, throughput, noise, guessing, memory.

Every figure is over all the puzzles a backend attempted, so no backend looks fast by giving up:
a timeout counts at the timeout (its figures are then lower bounds, flagged ``censored``), a stuck,
unsat or error answer at the time it took. Which backends answered everything is the first thing
a ranking looks at; speed only orders backends that did the same work.

>>> percentile([1.0, 2.0, 3.0, 4.0], 50)
2.5
"""

from __future__ import annotations

import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Iterable, Set
from dataclasses import asdict, dataclass

from sudokit.compare.store import Record
from sudokit.solvers.base import Status

UNTIMED = {Status.TIMEOUT.value, Status.ERROR.value}
ANSWERS = (Status.SOLVED.value, Status.MULTIPLE.value, Status.UNSAT.value)  # what a claim about a puzzle is
STATUSES = tuple(s.value for s in Status)
BOOTSTRAP_RESAMPLES = 200  # for intervals with no closed form (``sudokit diff``'s ratios)


@dataclass(frozen=True)
class BackendStats:
    """One backend's figures over a run (seconds per puzzle unless named otherwise)."""

    backend: str
    attempted: int
    statuses: dict[str, int]  # every status, zeros included
    answered: int  # solved + multiple + unsat
    median: float
    p95: float
    mean: float
    p90: float
    p99: float
    max: float
    censored: bool  # some puzzles timed out: the figures above are lower bounds (">=")
    median_interval: tuple[float, float]  # a 95 % confidence interval of the median (over puzzles)
    repeat_spread: tuple[float, float] | None  # min and max of the per-repeat medians (with --repeat)
    puzzles_per_second: float  # attempted puzzles per second of one worker, timeouts at the timeout
    build_median: float
    solve_median: float
    build_share: float  # build time / (build + solve), summed over puzzles
    guesses_per_puzzle: float | None  # None: the backend does not count guesses
    no_guess_percent: float | None  # puzzles solved without guessing, % of all its puzzles
    peak_mb: float  # the largest peak resident memory of a worker process
    counters: dict[str, float]  # medians of the backend's own numeric counters (nodes, propagations, …)
    propagation: str | None  # the propagation level the backend reports, if any

    @property
    def answered_share(self) -> float:
        return self.answered / self.attempted if self.attempted else 0.0

    def to_dict(self) -> dict:
        return {**asdict(self), "puzzles": self.attempted, "median_ms": self.median * 1000,
                "p95_ms": self.p95 * 1000, **{s: self.statuses.get(s, 0) for s in STATUSES}}


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile, interpolating linearly between order statistics (NaN when empty)."""
    if not values:
        return math.nan
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low, high = math.floor(position), math.ceil(position)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def percent(part: int, whole: int) -> str:
    """``part`` of ``whole`` as a percentage that never rounds to 100 % (or 0 %) unless it is.

    >>> percent(998, 1000), percent(1000, 1000), percent(1, 1000), percent(451, 1000)
    ('99.8 %', '100 %', '0.1 %', '45 %')
    """
    share = 100 * part / whole if whole else 0.0
    text = f"{share:.0f}"
    if part not in (0, whole) and text in ("0", "100"):
        text = f"{share:.1f}" if f"{share:.1f}" not in ("0.0", "100.0") else f"{share:.2g}"
    return f"{text} %"


def backend_stats(records: Iterable[Record], timeout: float | None = None) -> list[BackendStats]:
    """Statistics for every backend of the records, in order of first appearance."""
    grouped: dict[str, list[Record]] = defaultdict(list)
    for record in records:
        grouped[record.backend].append(record)
    return [_stats(name, rows, timeout) for name, rows in grouped.items()]


def charged_seconds(record: Record, timeout: float | None) -> float:
    """A record's time as the figures count it: a timeout at the timeout (at least)."""
    if record.status == Status.TIMEOUT.value and timeout is not None:
        return max(timeout, record.seconds)
    return record.seconds


def median_interval(values: list[float]) -> tuple[float, float]:
    """A distribution-free 95 % confidence interval of the median: the order statistics n/2 ± 0.98·√n.

    >>> median_interval([float(v) for v in range(100)])
    (39.0, 60.0)

    (The number of values below the true median is binomial(n, 1/2); no resampling, so it costs one
    sort however many puzzles a run has.)
    """
    if not values:
        return math.nan, math.nan
    ordered = sorted(values)
    n, half_width = len(ordered), 0.98 * math.sqrt(len(ordered))
    low = max(0, math.floor(n / 2 - half_width) - 1)  # the ranks, 1-based, less one
    high = min(n - 1, math.ceil(1 + n / 2 + half_width) - 1)
    return ordered[low], ordered[high]


def _stats(backend: str, records: list[Record], timeout: float | None) -> BackendStats:
    seconds = [charged_seconds(r, timeout) for r in records]
    total = sum(seconds)
    timed = [r for r in records if r.status not in UNTIMED]
    timed_total = sum(r.seconds for r in timed)
    guessed = [(r.status, r.guesses) for r in records if r.guesses is not None]
    counts = Counter(r.status for r in records)
    return BackendStats(
        backend=backend,
        attempted=len(records),
        statuses={s: counts.get(s, 0) for s in STATUSES},
        answered=sum(counts.get(s, 0) for s in ANSWERS),
        median=percentile(seconds, 50),
        p95=percentile(seconds, 95),
        mean=statistics.fmean(seconds) if seconds else math.nan,
        p90=percentile(seconds, 90),
        p99=percentile(seconds, 99),
        max=max(seconds, default=math.nan),
        censored=counts.get(Status.TIMEOUT.value, 0) > 0,
        median_interval=median_interval(seconds),
        repeat_spread=_repeat_spread(records, timeout),
        puzzles_per_second=len(records) / total if total else math.nan,
        build_median=percentile([r.build_seconds for r in timed], 50),
        solve_median=percentile([r.solve_seconds for r in timed], 50),
        build_share=sum(r.build_seconds for r in timed) / timed_total if timed_total else math.nan,
        guesses_per_puzzle=statistics.fmean(guesses for _, guesses in guessed) if guessed else None,
        no_guess_percent=(100 * sum(status == Status.SOLVED.value and guesses == 0 for status, guesses in guessed)
                          / len(guessed)) if guessed else None,
        peak_mb=max((r.extra.get("peak_kb", 0) for r in records), default=0) / 1024,
        counters=_counters(records),
        propagation=next((r.extra["propagation"] for r in records if isinstance(r.extra.get("propagation"), str)),
                         None),
    )


def _repeat_spread(records: list[Record], timeout: float | None) -> tuple[float, float] | None:
    """The smallest and largest of the medians of each repeat round (None: no repeats recorded)."""
    rounds: dict[int, list[float]] = defaultdict(list)
    for record in records:
        repeats = record.extra.get("repeat_seconds")
        if not repeats:
            if record.status in UNTIMED:
                continue  # not repeated: it counts alike in every round
            return None
        for number, seconds in enumerate(repeats):
            rounds[number].append(seconds)
    if len(rounds) < 2:
        return None
    medians = [statistics.median(values) for values in rounds.values()]
    return min(medians), max(medians)


COUNTERS = ("nodes", "guesses", "propagations", "steps", "conflicts", "decisions")


def _counters(records: list[Record]) -> dict[str, float]:
    """Medians of the numeric counters backends report (guesses and steps are record columns)."""
    values: dict[str, list[float]] = defaultdict(list)
    for record in records:
        if record.guesses is not None:
            values["guesses"].append(record.guesses)
        if record.steps is not None:
            values["steps"].append(record.steps)
        for key, value in record.extra.items():
            if key in COUNTERS and isinstance(value, int | float) and not isinstance(value, bool):
                values[key].append(value)
    return {key: statistics.median(found) for key, found in values.items() if found}


def ranking(stats: list[BackendStats], wrong: Set[str] = frozenset()) -> list[str]:
    """Backends that answered every puzzle and were never wrong, fastest (median) first; then the
    rest by share answered (most first), then speed."""
    complete = sorted((s for s in stats if s.answered == s.attempted and s.backend not in wrong),
                      key=lambda s: (s.median, s.mean))
    rest = sorted((s for s in stats if s not in complete), key=lambda s: (-s.answered_share, s.median))
    return [s.backend for s in [*complete, *rest]]

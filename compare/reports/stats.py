"""Per-backend statistics of a run: statuses, time per puzzle, throughput, noise, guessing, memory.

Every figure is over all the puzzles a backend attempted, so no backend looks fast by giving up:
a timeout counts at the timeout (its figures are then lower bounds, flagged ``censored``), a stuck,
unsat or error answer at the time it took. Which backends answered everything is the first thing
a ranking looks at; speed only orders backends that did the same work.

Only answers that passed the judge count as answered: one the judge refuted (``refuted``: a false ``unsat``
beside a valid grid, a false claim of uniqueness) counts like no answer, here, in the ranking and in PAR-k.

Two clocks: wall time (build + solve) and CPU time of the solving process (``Record.cpu_seconds``, None
where it could not be measured). The ranking, PAR-k and the virtual best use one of them (``measure``:
``cpu`` by default, wall when some backend's answers lack their CPU time: ``ranked_measure`` says which
and why). As SAT competitions score solvers: PAR-k counts an unanswered puzzle at k times the timeout;
the virtual best solver takes each puzzle's fastest correct answer; a backend's marginal contribution is
what the virtual best loses without it. Backends that return a solution without claiming it is the only
one do less work than a uniqueness proof: they are ranked apart (``apart``) and left out of the virtual best.

>>> percentile([1.0, 2.0, 3.0, 4.0], 50)
2.5
"""

from __future__ import annotations

import math
import random
import statistics
from array import array
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence, Set
from dataclasses import asdict, dataclass

import numpy

from sudokit.compare.run.agreement import rejected
from sudokit.compare.run.store import Key, Record
from sudokit.solvers.base import Status

UNTIMED = {Status.TIMEOUT.value, Status.ERROR.value}
ANSWERS = (Status.SOLVED.value, Status.MULTIPLE.value, Status.UNSAT.value)  # what a claim about a puzzle is
STATUSES = tuple(s.value for s in Status)
BOOTSTRAP_RESAMPLES = 200  # for intervals with no closed form (``sudokit diff``'s ratios)
MEASURES = ("cpu", "wall")


@dataclass(frozen=True)
class BackendStats:
    """One backend's figures over a run (seconds per puzzle unless named otherwise)."""

    backend: str
    attempted: int
    statuses: dict[str, int]  # every status, zeros included
    answered: int  # solved + multiple + unsat, less the refuted: the answers that passed the judge
    median: float
    p95: float
    mean: float
    p90: float
    p99: float
    max: float
    censored: bool  # some puzzles timed out: the figures above are lower bounds (">=")
    median_interval: tuple[float, float]  # a 95 % confidence interval of the median (over puzzles)
    repeat_spread: tuple[float, float] | None  # min and max of the per-repeat medians (with --repeat), wall
    puzzles_per_second: float  # attempted puzzles per second of one worker, timeouts at the timeout
    build_median: float
    solve_median: float
    build_share: float  # build time / (build + solve), summed over puzzles
    guesses_per_puzzle: float | None  # None: the backend does not count guesses
    no_guess_percent: float | None  # puzzles solved without guessing, % of all its puzzles
    peak_mb: float  # the largest peak resident memory of a worker process (a high-water mark per worker)
    cpu_median: float  # the median CPU time per puzzle (NaN when no record has one)
    cpu_median_interval: tuple[float, float]
    cpu_measured: bool  # every record has its CPU time
    cpu_per_wall: float  # CPU time over wall time, summed over the timed records (> 1: several threads busy)
    cpu_repeat_spread: tuple[float, float] | None  # as ``repeat_spread``, of CPU times
    counters: dict[str, float]  # medians of the backend's own numeric counters (nodes, propagations, …)
    propagation: str | None  # the propagation level the backend reports, if any
    refuted: int = 0  # answers the judge refuted (not counted as answered)
    cpu_unmeasured: int = 0  # answers whose CPU time could not be measured

    @property
    def answered_share(self) -> float:
        return self.answered / self.attempted if self.attempted else 0.0

    def to_dict(self) -> dict:
        return {**asdict(self), "puzzles": self.attempted, "median_ms": self.median * 1000,
                "p95_ms": self.p95 * 1000, "cpu_median_ms": self.cpu_median * 1000, **{s: self.statuses.get(s, 0) for s in STATUSES}}


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile, interpolating linearly between order statistics (NaN when empty)."""
    return _ranked(sorted(values), q)


def _sorted(values: array) -> numpy.ndarray:
    return numpy.sort(numpy.frombuffer(values)) if values else numpy.empty(0)


def _ranked(ordered: Sequence[float] | numpy.ndarray, q: float) -> float:
    """The q-th percentile of values already in order."""
    if not len(ordered):
        return math.nan
    position = (len(ordered) - 1) * q / 100
    low, high = math.floor(position), math.ceil(position)
    return float(ordered[low] + (ordered[high] - ordered[low]) * (position - low))


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


def backend_stats(records: Iterable[Record], timeout: float | None = None,
                  refuted: Set[Key] = frozenset()) -> list[BackendStats]:
    """Statistics for every backend of the records, in order of first appearance; ``refuted`` (set, puzzle
    index, backend) are the answers the judge refuted, not counted as answered.

    One pass over the records, which may be streamed from the store: per backend only its times (and
    counters) are kept, as arrays of floats, never the records themselves.
    """
    tallies: dict[str, _Tally] = {}
    for record in records:
        if (tally := tallies.get(record.backend)) is None:
            tally = tallies[record.backend] = _Tally(timeout)
        tally.add(record, record.key in refuted if refuted else False)
    return [tally.stats(name) for name, tally in tallies.items()]


class _Tally:
    """What one backend's figures need of its records, gathered one record at a time."""

    def __init__(self, timeout: float | None):
        self.timeout = timeout
        self.seconds = array("d")  # charged, every record
        self.cpus = array("d")  # charged CPU time, every record that has one
        self.cpu_timed, self.wall_timed = 0.0, 0.0  # sums over the records timed (not timeouts or errors)
        self.builds, self.solves = array("d"), array("d")  # the records not timed out or failed
        self.counts: Counter[str] = Counter()
        self.guesses, self.guessed, self.no_guess = 0, 0, 0
        self.peak_kb = 0
        self.rounds: dict[int, array] | None = defaultdict(lambda: array("d"))
        self.cpu_rounds: dict[int, array] | None = defaultdict(lambda: array("d"))
        self.counters: dict[str, array] = defaultdict(lambda: array("d"))
        self.propagation: str | None = None
        self.refuted, self.cpu_unmeasured = 0, 0

    def add(self, record: Record, refuted: bool = False) -> None:
        self.seconds.append(charged_seconds(record, self.timeout))
        self.counts[record.status] += 1
        self.refuted += refuted and record.status in ANSWERS
        if record.cpu_seconds is not None or (record.status == Status.TIMEOUT.value and self.timeout is not None):
            self.cpus.append(charged_seconds(record, self.timeout, "cpu"))  # (a timeout counts at the timeout)
        elif record.status in ANSWERS:
            self.cpu_unmeasured += 1
        if record.status not in UNTIMED:
            self.builds.append(record.build_seconds)
            self.solves.append(record.solve_seconds)
            if record.cpu_seconds is not None:
                self.cpu_timed += record.cpu_seconds
                self.wall_timed += record.seconds
        if record.guesses is not None:
            self.guessed += 1
            self.guesses += record.guesses
            self.no_guess += record.status == Status.SOLVED.value and record.guesses == 0
        extra = record.extra
        self.peak_kb = max(self.peak_kb, extra.get("peak_kb", 0))
        self._add_repeats(record)
        for key, value in (("guesses", record.guesses), ("steps", record.steps), *extra.items()):
            if key in COUNTERS and isinstance(value, int | float) and not isinstance(value, bool):
                self.counters[key].append(value)
        if self.propagation is None and isinstance(extra.get("propagation"), str):
            self.propagation = extra["propagation"]

    def _add_repeats(self, record: Record) -> None:
        """Each repeat round's wall and CPU time; no spread at all once a timed record was not repeated."""
        self.rounds = _add_round(self.rounds, record, "repeat_seconds")
        self.cpu_rounds = _add_round(self.cpu_rounds, record, "repeat_cpu_seconds")

    def stats(self, backend: str) -> BackendStats:
        seconds = _sorted(self.seconds)  # (8 bytes a record: no list of floats)
        total, timed_total = math.fsum(seconds), math.fsum(self.builds) + math.fsum(self.solves)
        counts = self.counts
        cpus = _sorted(self.cpus)
        return BackendStats(
            backend=backend,
            attempted=len(seconds),
            statuses={s: counts.get(s, 0) for s in STATUSES},
            answered=sum(counts.get(s, 0) for s in ANSWERS) - self.refuted,
            median=_ranked(seconds, 50),
            p95=_ranked(seconds, 95),
            mean=total / len(seconds) if len(seconds) else math.nan,
            p90=_ranked(seconds, 90),
            p99=_ranked(seconds, 99),
            max=float(seconds[-1]) if len(seconds) else math.nan,
            censored=counts.get(Status.TIMEOUT.value, 0) > 0,
            median_interval=_interval(seconds),
            repeat_spread=_spread(self.rounds),
            puzzles_per_second=len(seconds) / total if total else math.nan,
            build_median=_ranked(_sorted(self.builds), 50),
            solve_median=_ranked(_sorted(self.solves), 50),
            build_share=math.fsum(self.builds) / timed_total if timed_total else math.nan,
            guesses_per_puzzle=self.guesses / self.guessed if self.guessed else None,
            no_guess_percent=100 * self.no_guess / self.guessed if self.guessed else None,
            peak_mb=self.peak_kb / 1024,
            cpu_median=_ranked(cpus, 50),
            cpu_median_interval=_interval(cpus),
            cpu_measured=len(cpus) == len(seconds) > 0,
            cpu_per_wall=self.cpu_timed / self.wall_timed if self.wall_timed else math.nan,
            cpu_repeat_spread=_spread(self.cpu_rounds),
            counters={key: _ranked(_sorted(found), 50) for key, found in self.counters.items() if found},
            propagation=self.propagation,
            refuted=self.refuted,
            cpu_unmeasured=self.cpu_unmeasured,
        )


def _add_round(rounds: dict[int, array] | None, record: Record, key: str) -> dict[int, array] | None:
    """``rounds`` with the record's repeats (``extra[key]``) added; None once a timed record has none."""
    if rounds is None:
        return None
    if not (repeats := record.extra.get(key)):
        # (a timeout or an error is not repeated: alike in every round)
        return rounds if record.status in UNTIMED else None
    for number, seconds in enumerate(repeats):
        rounds[number].append(seconds)
    return rounds


def _spread(rounds: dict[int, array] | None) -> tuple[float, float] | None:
    """The lowest and highest of the rounds' medians (None without two rounds)."""
    if rounds is None or len(rounds) < 2:
        return None
    medians = [statistics.median(values) for values in rounds.values()]
    return min(medians), max(medians)


def charged_seconds(record: Record, timeout: float | None, measure: str = "wall") -> float:
    """A record's time (``measure``: wall, or cpu where measured) as the figures count it: a timeout
    at the timeout (at least)."""
    seconds = record.measure(measure)
    if record.status == Status.TIMEOUT.value and timeout is not None:
        return max(timeout, seconds)
    return seconds


def median_interval(values: Sequence[float]) -> tuple[float, float]:
    """A distribution-free 95 % confidence interval of the median: the order statistics n/2 ± 0.98·√n.

    >>> median_interval([float(v) for v in range(100)])
    (39.0, 60.0)

    (The number of values below the true median is binomial(n, 1/2); no resampling, so it costs one
    sort however many puzzles a run has.)
    """
    return _interval(sorted(values))


def _interval(ordered: Sequence[float] | numpy.ndarray) -> tuple[float, float]:
    """``median_interval`` of values already in order."""
    if not len(ordered):
        return math.nan, math.nan
    n, half_width = len(ordered), 0.98 * math.sqrt(len(ordered))
    low = max(0, math.floor(n / 2 - half_width) - 1)  # the ranks, 1-based, less one
    high = min(n - 1, math.ceil(1 + n / 2 + half_width) - 1)
    return float(ordered[low]), float(ordered[high])


COUNTERS = ("nodes", "guesses", "propagations", "steps", "conflicts", "decisions")


def ranked_measure(stats: list[BackendStats], measure: str = "cpu") -> str:
    """The clock a ranking uses: ``measure``, but wall time when some backend's answers lack their CPU time
    (a backend that answered nothing does not count: its figures rank nothing)."""
    return measure if measure == "wall" or not unmeasured(stats) else "wall"


def unmeasured(stats: list[BackendStats]) -> dict[str, int]:
    """The backends with answers whose CPU time was not measured, and how many such answers each has."""
    return {s.backend: s.cpu_unmeasured for s in stats if s.cpu_unmeasured}


def ranking(stats: list[BackendStats], wrong: Set[str] = frozenset(), measure: str = "wall",
            apart: Set[str] = frozenset()) -> list[str]:
    """Backends that answered every puzzle (every answer passing the judge) and are not among ``wrong``,
    fastest (median by ``measure``, see ``ranked_measure``) first, those that prove uniqueness before those
    ``apart`` (which return a solution without claiming it is the only one: less work); then the rest by
    share answered (most first), then speed."""
    by = ranked_measure(stats, measure)

    def median(s: BackendStats) -> float:
        return s.cpu_median if by == "cpu" else s.median

    complete = sorted((s for s in stats if s.answered == s.attempted and s.backend not in wrong),
                      key=lambda s: (s.backend in apart, median(s), s.mean))
    rest = sorted((s for s in stats if s not in complete), key=lambda s: (-s.answered_share, median(s)))
    return [s.backend for s in [*complete, *rest]]


# ---------------------------------------------------------------------------- competition figures


@dataclass(frozen=True)
class VirtualBest:
    """PAR-k per backend and the virtual best solver over them (times by one ``measure``).

    ``best_share`` is each backend's count of puzzles where it is the fastest correct answer (a tie
    shared equally); ``unique`` the puzzles only it answered; ``marginal`` how much the virtual best's
    PAR-k grows (seconds per puzzle) without it. ``cactus`` holds each backend's (and ``VBS``'s)
    answered times in order, for the cactus plot.
    """

    measure: str
    k: float
    penalty: float  # k × timeout: what an unanswered puzzle counts (NaN without a timeout)
    puzzles: int
    par: dict[str, float]
    answered: dict[str, int]
    vbs_answered: int
    vbs_par: float
    best_share: dict[str, float]
    unique: dict[str, int]
    marginal: dict[str, float]
    cactus: dict[str, list[float]]

    def to_dict(self) -> dict:
        return {k: v for k, v in asdict(self).items() if k != "cactus"}


VBS = "virtual best"


def virtual_best(records: Iterable[Record], timeout: float | None, measure: str = "cpu", k: float = 2,
                 wrong: Set[str] = frozenset(), refuted: Set[Key] = frozenset(),
                 apart: Set[str] = frozenset()) -> VirtualBest:
    """PAR-k, the virtual best and marginal contributions, in one pass over records ordered by puzzle.

    A puzzle counts as answered by a backend when it claimed solved, multiple or unsat, the judge neither
    rejected nor refuted it (``refuted``: set, index, backend), and the backend is not among ``wrong``;
    anything else counts ``k × timeout``. Only the puzzles a backend attempted count for its PAR-k. The
    backends ``apart`` (no uniqueness claimed) get their PAR-k but take no part in the virtual best.
    """
    penalty = k * timeout if timeout is not None else math.nan
    sums: dict[str, float] = defaultdict(float)
    attempted: Counter[str] = Counter()
    answered: Counter[str] = Counter()
    cactus: dict[str, array] = defaultdict(lambda: array("d"))
    best_share: dict[str, float] = defaultdict(float)
    unique: Counter[str] = Counter()
    loss: dict[str, float] = defaultdict(float)
    vbs_sum, vbs_answered, puzzles = 0.0, 0, 0
    for times in answers_by_puzzle(records, timeout, measure, wrong, refuted):
        puzzles += 1
        for backend, seconds in times.items():
            attempted[backend] += 1
            sums[backend] += penalty if seconds is None else seconds
            if seconds is not None:
                answered[backend] += 1
                cactus[backend].append(seconds)
        solved = {b: t for b, t in times.items() if t is not None and b not in apart}
        if not solved:
            vbs_sum += penalty
            continue
        best = min(solved.values())
        winners = [b for b, t in solved.items() if t == best]
        vbs_sum += best
        vbs_answered += 1
        cactus[VBS].append(best)
        for backend in winners:
            best_share[backend] += 1 / len(winners)
        if len(solved) == 1:
            unique[winners[0]] += 1
        if len(winners) == 1:  # without the sole winner, the next best (or the penalty)
            rest = [t for b, t in solved.items() if b != winners[0]]
            loss[winners[0]] += (min(rest) if rest else penalty) - best
    backends = list(attempted)
    return VirtualBest(
        measure, k, penalty, puzzles,
        par={b: sums[b] / attempted[b] for b in backends},
        answered={b: answered[b] for b in backends},
        vbs_answered=vbs_answered,
        vbs_par=vbs_sum / puzzles if puzzles else math.nan,
        best_share={b: best_share[b] for b in backends},
        unique={b: unique[b] for b in backends},
        marginal={b: loss[b] / puzzles if puzzles else math.nan for b in backends},
        cactus={name: sorted(values) for name, values in cactus.items()},
    )


def answers_by_puzzle(records: Iterable[Record], timeout: float | None, measure: str, wrong: Set[str],
                      refuted: Set[Key] = frozenset()) -> Iterable[dict[str, float | None]]:
    """Per puzzle (records come grouped by puzzle), each backend's charged time, None when unanswered (or
    refuted)."""
    key: tuple[str, int] | None = None
    times: dict[str, float | None] = {}
    for record in records:
        if (record.set_name, record.puzzle_index) != key:
            if times:
                yield times
            key, times = (record.set_name, record.puzzle_index), {}
        ok = record.status in ANSWERS and not rejected(record) and record.backend not in wrong and \
            record.key not in refuted
        times[record.backend] = charged_seconds(record, timeout, measure) if ok else None
    if times:
        yield times


def ratio_interval(pairs: Sequence[tuple[float, float]], seed: int = 0) -> tuple[float, float, float]:
    """The ratio of medians b/a over paired times (a, b) of the same puzzles, with a seeded 95 %
    bootstrap interval resampling the puzzles (pairs stay together).

    >>> ratio_interval([(1.0, 2.0)] * 5)
    (2.0, 2.0, 2.0)
    """
    ratio = _ratio_of_medians(pairs)
    if len(pairs) < 2:
        return ratio, ratio, ratio
    rng = random.Random(seed)
    ratios = sorted(_ratio_of_medians(rng.choices(pairs, k=len(pairs))) for _ in range(BOOTSTRAP_RESAMPLES))
    return ratio, percentile(ratios, 2.5), percentile(ratios, 97.5)


def _ratio_of_medians(pairs: Sequence[tuple[float, float]]) -> float:
    old = statistics.median(a for a, _ in pairs) if pairs else 0.0
    return statistics.median(b for _, b in pairs) / old if old else math.nan

"""Per-backend statistics against figures computed by hand and by the statistics module."""

from __future__ import annotations

import math
import statistics

import pytest

from sudokit.compare.reports.stats import backend_stats, median_interval, percentile, ranked_measure, ranking
from sudokit.compare.run.store import Record


def record(status: str, seconds: float, guesses: int | None = None, peak_kb: int = 1024) -> Record:
    return Record("s", 0, "." * 81, "b", status, None, 1, seconds / 4, seconds * 3 / 4, guesses=guesses,
                  extra={"peak_kb": peak_kb})


def test_percentiles_agree_with_the_statistics_module():
    values = [5.0, 1.0, 4.0, 2.0, 3.0, 9.0]
    assert percentile(values, 50) == statistics.median(values)
    assert percentile(values, 90) == statistics.quantiles(values, n=10, method="inclusive")[-1]
    assert percentile(values, 100) == 9.0 and math.isnan(percentile([], 50))


def test_backend_figures_count_every_attempt_and_a_timeout_at_the_timeout():
    rows = [record("solved", 1.0, 0), record("solved", 3.0, 2), record("unsat", 2.0, 0),
            record("timeout", 10.0, peak_kb=4096), record("error", 0.0)]
    (s,) = backend_stats(rows, timeout=12.0)
    assert s.statuses == {"solved": 2, "multiple": 0, "unsat": 1, "stuck": 0, "timeout": 1, "error": 1}
    assert (s.attempted, s.answered) == (5, 3)
    assert s.median == 2.0 and s.max == 12.0 and s.mean == (1 + 3 + 2 + 12 + 0) / 5  # the timeout at 12 s
    assert s.censored
    assert s.puzzles_per_second == 5 / 18.0
    assert s.build_share == 0.25
    assert s.guesses_per_puzzle == 2 / 3 and s.no_guess_percent == 100 / 3
    assert s.peak_mb == 4.0


def test_a_backend_that_answered_nothing_never_ranks_first():
    fast_but_stuck = [Record("s", i, "." * 81, "stuck", "stuck", None, 0, 0.0, 0.001) for i in range(4)]
    slow_but_right = [Record("s", i, "." * 81, "right", "solved", "1" * 81, 1, 0.0, 0.5) for i in range(4)]
    partly = [Record("s", i, "." * 81, "partly", "solved" if i else "timeout", "1" * 81, 1, 0.0, 0.1)
              for i in range(4)]
    stats = backend_stats([*fast_but_stuck, *slow_but_right, *partly], timeout=1.0)
    assert ranking(stats) == ["right", "partly", "stuck"]
    fast_but_wrong = [Record("s", i, "." * 81, "wrong", "solved", "2" * 81, 1, 0.0, 0.01) for i in range(4)]
    stats = backend_stats([*slow_but_right, *fast_but_wrong])
    assert ranking(stats, wrong={"wrong"}) == ["right", "wrong"]


def test_repeats_give_a_spread_and_the_median_a_confidence_interval():
    rows = [Record("s", i, "." * 81, "b", "solved", "1" * 81, 1, 0.0, t, extra={"repeat_seconds": [t, 2 * t]})
            for i, t in enumerate([1.0, 2.0, 3.0])]
    (s,) = backend_stats(rows)
    assert s.repeat_spread == (2.0, 4.0)  # the medians of round 1 (1, 2, 3) and round 2 (2, 4, 6)
    low, high = s.median_interval
    assert 1.0 <= low <= s.median <= high <= 3.0
    assert median_interval([5.0]) == (5.0, 5.0)


def test_the_median_interval_covers_the_true_median_about_95_percent_of_the_time():
    import random

    rng = random.Random(5)
    covered = 0
    for _ in range(400):
        low, high = median_interval([rng.expovariate(1.0) for _ in range(101)])
        covered += low <= math.log(2) <= high  # the median of an exponential distribution of rate 1
    assert 0.92 <= covered / 400 <= 0.99


def test_cpu_time_not_measured_is_counted_apart_and_a_timeout_counts_at_the_timeout_whatever():
    rows = [Record("s", 0, "." * 81, "b", "solved", "1" * 81, 1, 0.0, 0.5, cpu_seconds=0.4),
            Record("s", 1, "." * 81, "b", "solved", "1" * 81, 1, 0.0, 0.5),  # its CPU time could not be measured
            Record("s", 2, "." * 81, "b", "timeout", None, 0, 0.0, 2.0),
            Record("s", 3, "." * 81, "b", "error", None, 0, 0.0, 0.1)]
    (s,) = backend_stats(rows, timeout=2.0)
    assert s.cpu_unmeasured == 1 and not s.cpu_measured
    assert s.cpu_median == pytest.approx((0.4 + 2.0) / 2)  # the measured answer and the timeout (at the timeout)
    assert ranked_measure([s], "cpu") == "wall" and ranked_measure([s], "wall") == "wall"
    (measured,) = backend_stats(rows[:1] + rows[2:], timeout=2.0)
    assert ranked_measure([measured], "cpu") == "cpu"  # an error's missing CPU time ranks nothing

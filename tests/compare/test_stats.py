"""Per-backend statistics against figures computed by hand and by the statistics module."""

from __future__ import annotations

import math
import statistics

from sudokit.compare.stats import backend_stats, percentile
from sudokit.compare.store import Record


def record(status: str, seconds: float, guesses: int | None = None, peak_kb: int = 1024) -> Record:
    return Record("s", 0, "." * 81, "b", status, None, 1, seconds / 4, seconds * 3 / 4, guesses=guesses,
                  extra={"peak_kb": peak_kb})


def test_percentiles_agree_with_the_statistics_module():
    values = [5.0, 1.0, 4.0, 2.0, 3.0, 9.0]
    assert percentile(values, 50) == statistics.median(values)
    assert percentile(values, 90) == statistics.quantiles(values, n=10, method="inclusive")[-1]
    assert percentile(values, 100) == 9.0 and math.isnan(percentile([], 50))


def test_backend_figures():
    rows = [record("solved", 1.0, 0), record("solved", 3.0, 2), record("unsat", 2.0, 0),
            record("timeout", 10.0, peak_kb=4096), record("error", 0.0)]
    (s,) = backend_stats(rows)
    assert s.statuses == {"solved": 2, "unsat": 1, "timeout": 1, "error": 1}
    assert (s.median, s.mean, s.max) == (2.0, 2.0, 3.0)
    assert s.puzzles_per_second == 3 / 6.0
    assert s.build_share == 0.25
    assert s.guesses_per_puzzle == 2 / 3 and s.no_guess_percent == 100 / 3
    assert s.peak_mb == 4.0

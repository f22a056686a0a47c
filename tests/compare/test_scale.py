"""A run's client keeps its memory flat: six times the puzzles, about the same peak resident memory."""

from __future__ import annotations

import pytest

from sudokit.compare.bench.harness import client_peak_kb
from sudokit.compare.sets import load_set

GROWTH_KB = 8 * 1024  # allowed: SQLite's page cache, the report's time lists (tens of bytes a record)


@pytest.mark.slow
def test_six_times_the_puzzles_cost_the_client_no_more_memory(tmp_path):
    """1,000 and 6,000 puzzles (the bundled 17-clue set, repeated) through ``sudokit compare``, report
    included: a client holding every puzzle and every record (over a kilobyte each) grows by some
    17 MB (the code before streaming did); one that streams them by 1–2 MB."""
    lines = [p.grid.line() for p in load_set("17clue-1000")]
    peaks = {}
    for size in (1000, 6000):
        path = tmp_path / f"{size}.txt"
        path.write_text("".join(f"{line}\n" for line in (lines * 6)[:size]))
        peaks[size], _ = client_peak_kb(path, "bitx", size)
    assert peaks[6000] - peaks[1000] < GROWTH_KB, peaks

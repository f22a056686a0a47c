"""Two stored runs compared backend by backend, as asv's ``compare`` does: what got faster, what changed.

The time ratio is new/old of the median time over the puzzles both runs attempted (a timeout at
its run's timeout), with a seeded bootstrap 95 % interval resampling those puzzles; a ratio whose
interval does not contain 1 is a change, not noise.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from dataclasses import dataclass

from sudokit.compare.reports.stats import BOOTSTRAP_RESAMPLES, charged_seconds, percentile
from sudokit.compare.run.agreement import claim
from sudokit.compare.run.store import Record, Run

PuzzleKey = tuple[str, int]


@dataclass(frozen=True)
class BackendDiff:
    """One backend in two runs."""

    backend: str
    puzzles: int  # attempted in both runs
    old_median: float
    new_median: float
    ratio: float  # new / old
    interval: tuple[float, float]  # 95 % bootstrap interval of the ratio
    status_changes: dict[str, int]  # "timeout -> solved": count
    changed_answers: list[PuzzleKey]  # puzzles whose claim (status and solution) differs

    @property
    def verdict(self) -> str:
        low, high = self.interval
        if low > 1:
            return "slower"
        if high < 1:
            return "faster"
        return "same (within noise)"

    def to_dict(self) -> dict:
        return {"backend": self.backend, "puzzles": self.puzzles, "old_median_ms": self.old_median * 1000,
                "new_median_ms": self.new_median * 1000, "ratio": self.ratio, "interval": list(self.interval),
                "verdict": self.verdict, "status_changes": self.status_changes,
                "changed_answers": [{"set": s, "index": i} for s, i in self.changed_answers]}


def diff_runs(old: tuple[Run, list[Record]], new: tuple[Run, list[Record]], seed: int = 0) -> list[BackendDiff]:
    """Every backend both runs have, in the new run's order."""
    (old_run, old_records), (new_run, new_records) = old, new
    before = _by_backend(old_records)
    after = _by_backend(new_records)
    return [_compare(name, before[name], after[name], old_run.config.get("timeout"),
                     new_run.config.get("timeout"), seed) for name in after if name in before]


def _by_backend(records: list[Record]) -> dict[str, dict[PuzzleKey, Record]]:
    grouped: dict[str, dict[PuzzleKey, Record]] = {}
    for record in records:
        grouped.setdefault(record.backend, {})[record.set_name, record.puzzle_index] = record
    return grouped


def _compare(backend: str, before: dict[PuzzleKey, Record], after: dict[PuzzleKey, Record],
             old_timeout: float | None, new_timeout: float | None, seed: int) -> BackendDiff:
    keys = sorted(before.keys() & after.keys())
    pairs = [(charged_seconds(before[k], old_timeout), charged_seconds(after[k], new_timeout)) for k in keys]
    old_median = statistics.median(o for o, _ in pairs) if pairs else float("nan")
    new_median = statistics.median(n for _, n in pairs) if pairs else float("nan")
    changes = Counter(f"{before[k].status} -> {after[k].status}" for k in keys if before[k].status != after[k].status)
    changed = [k for k in keys if claim(before[k]) != claim(after[k])]
    return BackendDiff(backend, len(keys), old_median, new_median, _ratio(pairs), _interval(pairs, seed),
                       dict(changes), changed)


def _ratio(pairs: list[tuple[float, float]]) -> float:
    old = statistics.median(o for o, _ in pairs) if pairs else 0.0
    return statistics.median(n for _, n in pairs) / old if old else float("nan")


def _interval(pairs: list[tuple[float, float]], seed: int) -> tuple[float, float]:
    """A 95 % bootstrap interval of the ratio of medians, resampling puzzles (pairs stay together)."""
    if len(pairs) < 2:
        ratio = _ratio(pairs)
        return ratio, ratio
    rng = random.Random(seed)
    ratios = sorted(_ratio(rng.choices(pairs, k=len(pairs))) for _ in range(BOOTSTRAP_RESAMPLES))
    return percentile(ratios, 2.5), percentile(ratios, 97.5)

"""Two stored runs compared backend by backend, as asv's ``compare`` does: what got faster, what changed.

The time ratio is new/old of the median time over the puzzles both runs attempted (a timeout at
its run's timeout), with a seeded bootstrap 95 % interval resampling those puzzles; a ratio whose
interval does not contain 1 is a change, otherwise the two are not distinguishable on these puzzles.
The time is CPU time where both runs measured it for the backend, else wall time (``measure``).
Before the ratios: every setting that differs between the runs (``settings_changed``), the backends only
one run has (``only_in``), and which run was on a busy machine (``load``): a change measured beside other
work is said to be possibly the load's.
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass

from sudokit.compare.reports.report import busy_machine
from sudokit.compare.reports.stats import charged_seconds, ratio_interval
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
    measure: str  # cpu or wall
    interval: tuple[float, float]  # 95 % bootstrap interval of the ratio
    status_changes: dict[str, int]  # "timeout -> solved": count
    changed_answers: list[PuzzleKey]  # puzzles whose claim (status and solution) differs
    busy: str = ""  # which run was on a busy machine ("both runs were", "the old run was", …), "" for neither

    @property
    def verdict(self) -> str:
        low, high = self.interval
        if low <= 1 <= high:
            return "not distinguishable on these puzzles"
        change = "slower" if low > 1 else "faster"
        return f"{change}, but {self.busy} on a busy machine: the difference may be load" if self.busy else change

    def to_dict(self) -> dict:
        return {"backend": self.backend, "puzzles": self.puzzles, "old_median_ms": self.old_median * 1000,
                "new_median_ms": self.new_median * 1000, "ratio": self.ratio, "measure": self.measure, "interval": list(self.interval),
                "verdict": self.verdict, "busy": self.busy or None, "status_changes": self.status_changes,
                "changed_answers": [{"set": s, "index": i} for s, i in self.changed_answers]}


def diff_runs(old: tuple[Run, list[Record]], new: tuple[Run, list[Record]], seed: int = 0) -> list[BackendDiff]:
    """Every backend both runs have, in the new run's order."""
    (old_run, old_records), (new_run, new_records) = old, new
    before = _by_backend(old_records)
    after = _by_backend(new_records)
    busy = busy_runs(old_run, new_run)
    return [_compare(name, before[name], after[name], old_run.config.get("timeout"),
                     new_run.config.get("timeout"), seed, busy) for name in after if name in before]


def load(old: Run, new: Run) -> dict[str, str | None]:
    """Why each run counts as on a busy machine (None: it did not, or it recorded nothing of its load)."""
    return {"old": busy_machine(old), "new": busy_machine(new)}


def busy_runs(old: Run, new: Run) -> str:
    """Which of the two runs was on a busy machine, as words ("both runs were", …), "" for neither."""
    was = load(old, new)
    return {(True, True): "both runs were", (True, False): "the old run was",
            (False, True): "the new run was"}.get((bool(was["old"]), bool(was["new"])), "")


def _by_backend(records: list[Record]) -> dict[str, dict[PuzzleKey, Record]]:
    grouped: dict[str, dict[PuzzleKey, Record]] = {}
    for record in records:
        grouped.setdefault(record.backend, {})[record.set_name, record.puzzle_index] = record
    return grouped


def _compare(backend: str, before: dict[PuzzleKey, Record], after: dict[PuzzleKey, Record],
             old_timeout: float | None, new_timeout: float | None, seed: int, busy: str = "") -> BackendDiff:
    keys = sorted(before.keys() & after.keys())
    measure = "cpu" if all(r.cpu_seconds is not None for r in (*before.values(), *after.values())) else "wall"
    pairs = [(charged_seconds(before[k], old_timeout, measure), charged_seconds(after[k], new_timeout, measure))
             for k in keys]
    old_median = statistics.median(o for o, _ in pairs) if pairs else float("nan")
    new_median = statistics.median(n for _, n in pairs) if pairs else float("nan")
    changes = Counter(f"{before[k].status} -> {after[k].status}" for k in keys if before[k].status != after[k].status)
    changed = [k for k in keys if claim(before[k]) != claim(after[k])]
    ratio, low, high = ratio_interval(pairs, seed)
    return BackendDiff(backend, len(keys), old_median, new_median, ratio, measure, (low, high), dict(changes), changed,
                       busy)


SETTINGS = ("limit", "timeout", "repeat", "transform_seed")  # the configuration that shapes answers and times
MACHINE = ("machine", "processor_model", "cpus", "python", "commit")  # the environment that shapes times


def settings_changed(old: Run, new: Run) -> dict[str, tuple]:
    """Every setting (configuration, how it was executed, the machine) that differs: name -> (old, new)."""
    def flat(run: Run) -> dict:
        config = run.config
        found = {key: config.get(key) for key in SETTINGS}
        found.update({key: value for key, value in (config.get("execution") or {}).items()})
        found.update({key: run.environment.get(key) for key in MACHINE})
        found["sets"] = [(s.get("name"), s.get("sha256")) for s in run.sets]
        if config.get("resumed_with"):
            found["resumed_with"] = config["resumed_with"]
        return found

    before, after = flat(old), flat(new)
    return {key: (before.get(key), after.get(key)) for key in dict.fromkeys([*before, *after])
            if before.get(key) != after.get(key)}


def only_in(old: list[Record], new: list[Record]) -> tuple[list[str], list[str]]:
    """The backends only the old run has, and those only the new run has."""
    before, after = dict.fromkeys(r.backend for r in old), dict.fromkeys(r.backend for r in new)
    return [b for b in before if b not in after], [b for b in after if b not in before]

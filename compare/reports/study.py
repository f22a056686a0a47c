"""Which technique solves what: the technique ladder, technique usage, and ablation.

A study is an ordinary run whose backends are the human engine with chosen technique sets:
one per rung of the ladder (cumulative), one per named preset, and — for the ablation — the
full set minus one technique, run only on the puzzles whose full solution path used it (a
technique that never fired cannot change the path when it is switched off). Everything the
harness gives a run (workers, timeouts, resume, the store, reports) a study gets too.
"""

from __future__ import annotations

import importlib
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from types import ModuleType

from sudokit.compare.reports.stats import percentile
from sudokit.compare.run.executors import Executor, Settings
from sudokit.compare.run.harness import Plan, run
from sudokit.compare.run.store import Record, Run, Store
from sudokit.models.errors import UnknownName
from sudokit.models.grid import PuzzleError
from sudokit.models.puzzles import PuzzleSet
from sudokit.solvers.base import Status
from sudokit.solvers.human.stats import HumanStats
from sudokit.solvers.registry import BACKENDS, Backend

NAKED_SINGLES = ("full_house", "naked_single")
# Each rung adds the techniques of these families to the one before; the last rung takes everything.
RUNGS: tuple[tuple[str, str, frozenset[str]], ...] = (
    ("naked_singles", "naked singles", frozenset()),
    ("singles", "+ hidden singles", frozenset({"singles"})),
    ("intersections", "+ intersections", frozenset({"intersections"})),
    ("subsets", "+ subsets", frozenset({"subsets"})),
    ("fish", "+ fish", frozenset({"fish"})),
    ("wings", "+ wings and single-digit patterns", frozenset({"wings", "single_digit", "coloring"})),
    ("chains", "+ chains", frozenset({"chains"})),
    ("uniqueness", "+ uniqueness and ALS", frozenset({"uniqueness", "als"})),
    ("full", "full", frozenset()),
)


@dataclass(frozen=True)
class Rung:
    """One rung of the ladder: the techniques added to the rung below, and all of them."""

    key: str
    label: str
    adds: tuple[str, ...]
    techniques: tuple[str, ...]

    @property
    def backend(self) -> str:
        return f"ladder/{self.key}"


def human_registry() -> ModuleType:
    """The human engine's registry (``TECHNIQUES``, ``PRESETS``); a clear error when it is not there."""
    try:
        return importlib.import_module("sudokit.solvers.human.registry")
    except ImportError as err:
        raise PuzzleError(f"the human engine is not available ({err})") from None


def ladder_rungs(techniques: dict) -> tuple[list[Rung], list[str]]:
    """The rungs that add something, in order, and the labels of those that add nothing yet."""
    from sudokit.solvers.human.registry import PRESETS

    # every rung's techniques come from the full preset (not those only a mode uses, nor those
    # HoDoKu leaves off by default: they are used by name)
    full = set(PRESETS["full"])
    rungs, missing, so_far = [], [], ()
    for key, label, families in RUNGS:
        if key == "naked_singles":
            wanted = set(NAKED_SINGLES)
        elif key == "full":
            wanted = full
        else:
            wanted = {name for name, t in techniques.items() if t.family in families and name in full}
        adds = tuple(name for name in techniques if name in wanted and name not in so_far)
        if not adds:  # (a full rung adding nothing: the rung below already has every technique)
            missing += [] if key == "full" else [label]
            continue
        so_far = tuple(name for name in techniques if name in so_far or name in adds)
        rungs.append(Rung(key, label, adds, so_far))
    return rungs, missing


def human(name: str, summary: str, **options) -> Backend:
    """The registered human backend under another name, with other options."""
    return replace(BACKENDS["human"], name=name, summary=summary, options=options)


def rung_backend(rung: Rung) -> Backend:
    return human(rung.backend, f"human: {rung.label}", techniques=rung.techniques)


def without(technique: str, full: Rung) -> Backend:
    rest = tuple(t for t in full.techniques if t != technique)
    return human(f"without/{technique}", f"human: full without {technique}", techniques=rest)


def study(
    store: Store,
    name: str,
    sets: list[PuzzleSet],
    executor: Executor,
    settings: Settings,
    presets: tuple[str, ...] = (),
    ablation: bool = True,
    **progress: Callable,
) -> Run:
    """Run the ladder (and the named presets), then the ablation; returns the stored run."""
    registry = human_registry()
    if unknown := [p for p in presets if p not in registry.PRESETS]:
        raise UnknownName(f"unknown preset {unknown[0]!r}; choose from {', '.join(registry.PRESETS)}")
    rungs, missing = ladder_rungs(registry.TECHNIQUES)
    full = rungs[-1]
    description = {
        "study": {
            "ladder": [{"backend": r.backend, "label": r.label, "adds": list(r.adds)} for r in rungs],
            "missing": missing,
            "full": full.backend,
            "presets": list(presets),
            "ablation": ablation,
        }
    }
    backends = [rung_backend(r) for r in rungs] + [human(f"preset/{p}", f"human preset {p}", preset=p) for p in presets]
    stored = run(store, name, Plan(sets, backends, settings, purpose=description), executor, **progress)
    if not ablation:
        return stored
    used = _used_by_full(store.records(stored), full.backend)
    select = {f"without/{t}": used.get(t, set()) for t in full.techniques}
    ablated = [without(t, full) for t in full.techniques]
    return run(store, name, Plan(sets, ablated, settings, select=select, purpose=description), executor, **progress)


def human_stats(record: Record) -> HumanStats | None:
    """A stored answer's human-engine statistics, typed (None for another backend's answer)."""
    return HumanStats.from_stored(record.steps, record.guesses, record.hardest, record.extra)


def _used_by_full(records: list[Record], full: str) -> dict[str, set[tuple[str, int]]]:
    """For each technique, the puzzles the full set solved using it."""
    used: dict[str, set[tuple[str, int]]] = {}
    for r in records:
        if r.backend == full and r.status == Status.SOLVED.value:
            for technique in stats.techniques if (stats := human_stats(r)) else ():
                used.setdefault(technique, set()).add((r.set_name, r.puzzle_index))
    return used


# ---------------------------------------------------------------------------- analysis


def ladder(records: list[Record], config: dict) -> list[dict]:
    """Per rung: the techniques it adds and the share of puzzles solved without guessing."""
    solved = Counter(r.backend for r in records if r.status == Status.SOLVED.value)
    total = Counter(r.backend for r in records)
    return [
        {**rung, "solved": solved[rung["backend"]], "puzzles": total[rung["backend"]],
         "percent": 100 * solved[rung["backend"]] / total[rung["backend"]] if total[rung["backend"]] else 0.0}
        for rung in config["ladder"]
    ]


def technique_usage(records: list[Record], backend: str) -> list[tuple[str, int, int]]:
    """Per technique: puzzles whose solution path used it, and puzzles where it was the hardest."""
    solved = [r for r in records if r.backend == backend and r.status == Status.SOLVED.value]
    used = Counter(t for r in solved if (stats := human_stats(r)) for t in set(stats.techniques))
    hardest = Counter(r.hardest for r in solved if r.hardest)
    return [(t, n, hardest[t]) for t, n in used.most_common()]


def ablation(records: list[Record], config: dict) -> list[tuple[str, int, list[str]]]:
    """Per technique: puzzles tried without it, and those no longer solved without guessing."""
    rows = []
    for technique in rung_techniques(config):
        tried = [r for r in records if r.backend == f"without/{technique}"]
        lost = [f"{r.set_name} #{r.puzzle_index + 1}" for r in tried if r.status != Status.SOLVED.value]
        rows.append((technique, len(tried), lost))
    return sorted(rows, key=lambda row: -len(row[2])) if config.get("ablation") else []


def variant_order(backends: Iterable[str], config: dict) -> list[str]:
    """A study's variants in the study's order (the ladder's rungs, the presets, then the ablation
    variants in the ladder's order): no ranking, since they solve different puzzles."""
    wanted = [r["backend"] for r in config.get("ladder", [])] + [f"preset/{p}" for p in config.get("presets", [])]
    wanted += [f"without/{t}" for t in rung_techniques(config)]
    place = {name: i for i, name in enumerate(wanted)}
    return sorted(backends, key=lambda name: (place.get(name, len(place)), name))


def shortened(names: list[str], width: int = 60) -> str:
    """Names joined with commas, cut to about ``width`` characters with how many more there are.

    >>> shortened(["x_wing", "swordfish", "jellyfish", "finned_x_wing"], 20)
    'x_wing, swordfish, … (+2 more)'
    """
    shown: list[str] = []
    for name in names:
        if shown and len(", ".join([*shown, name])) > width:
            return f"{', '.join(shown)}, … (+{len(names) - len(shown)} more)"
        shown.append(name)
    return ", ".join(shown)


def rung_techniques(config: dict) -> list[str]:
    """Every technique of the study's ladder, in order."""
    return [t for rung in config["ladder"] for t in rung["adds"]]


@dataclass(frozen=True)
class Ratings:
    """What one human backend rated in a run: its mode and, over the puzzles it solved, the
    distribution of each figure; ``exact`` counts ERs equal to the puzzle set's own SE rating."""

    backend: str
    mode: str
    rated: int
    er: tuple[float, ...]
    ep: tuple[float, ...]
    effort: tuple[float, ...]
    score: tuple[int, ...]  # empty in a mode without HoDoKu's figures
    levels: Counter[str]
    compared: int  # puzzles with the set's own rating
    exact: int

    def to_dict(self) -> dict:
        """Medians (and the effort's 90th percentile) in place of the distributions."""
        def median(values: tuple[float, ...] | tuple[int, ...]) -> float | None:
            return statistics.median(values) if values else None

        return {"backend": self.backend, "mode": self.mode, "rated": self.rated, "er_median": median(self.er),
                "er_max": max(self.er, default=None), "ep_median": median(self.ep),
                "effort_median": median(self.effort),
                "effort_p90": percentile(self.effort, 90) if self.effort else None,
                "score_median": median(self.score), "levels": dict(self.levels),
                "compared": self.compared, "exact": self.exact}


def ratings(records: Iterable[Record], known: Mapping[tuple[str, int], float]) -> list[Ratings]:
    """Each human backend's ratings of the puzzles it solved (``known``: the set's own SE ratings)."""
    found: dict[str, list[tuple[Record, HumanStats]]] = {}
    for r in records:
        if r.status == Status.SOLVED.value and (stats := human_stats(r)) and \
                (stats.se_rating is not None or stats.score is not None):  # (HoDoKu's mode gives no ER)
            found.setdefault(r.backend, []).append((r, stats))
    summaries = []
    for backend, rows in found.items():
        compared = [(theirs, s.se_rating) for r, s in rows
                    if (theirs := known.get((r.set_name, r.puzzle_index))) is not None and s.se_rating is not None]
        summaries.append(Ratings(
            backend=backend, mode=rows[0][1].mode, rated=len(rows),
            er=tuple(s.se_rating for _, s in rows if s.se_rating is not None),
            ep=tuple(s.ep for _, s in rows if s.ep is not None),
            effort=tuple(s.effort for _, s in rows if s.effort is not None),
            score=tuple(s.score for _, s in rows if s.score is not None),
            levels=Counter(s.level for _, s in rows if s.level is not None),
            compared=len(compared), exact=sum(abs(theirs - ours) < 0.05 for theirs, ours in compared)))
    return summaries

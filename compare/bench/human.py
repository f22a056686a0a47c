"""Measurements of the human engine, run by hand (too long for the tests); figures go to reports.

    python -m sudokit.compare.bench.human soundness   # every step of every solve checked against the truth
    python -m sudokit.compare.bench.human sample      # rate the SE-rated sample with the full preset (guessing
                                              # allowed): solved without guessing per SE rating, Spearman
                                              # correlation with SE's ratings, puzzles/s, median, p99, max,
                                              # the 10 slowest puzzles
    python -m sudokit.compare.bench.human ladder      # solved without guessing per SE rating: basic, chains presets
    python -m sudokit.compare.bench.human exemplars   # HoDoKu's exemplars solved without guessing, per section
    python -m sudokit.compare.bench.human graphs      # the share of the time spent building graph views
    python -m sudokit.compare.bench.human profile [N] # the N (10) slowest puzzles of the sample: CPU time per
                                              # technique, and the functions that take it (cProfile)

The soundness run takes the SE-rated sample, 1,000 17-clue puzzles, the first 1,500 of the
unbiased collection when ../shared/data is beside the checkout (it is GPL: read from there, never
copied; the exemplars come from there too) and magictour: 6,558 puzzles in all.
"""

from __future__ import annotations

import cProfile
import io
import pstats
import re
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from sudokit.compare.sets import load_set
from sudokit.models.grid import Grid, is_solution
from sudokit.models.puzzles import Puzzle, read_puzzles
from sudokit.solvers.base import Status
from sudokit.solvers.human.engine import solve_logically
from sudokit.solvers.human.rating import Rating
from sudokit.solvers.human.registry import PRESETS
from sudokit.solvers.human.steps import Step

SHARED_DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data"
UNBIASED = SHARED_DATA / "unbiased" / "cbg001_21695_ratings.csv"
EXEMPLARS = SHARED_DATA / "hodoku" / "exemplars-1.0-dev.txt"


def truth(grid: Grid) -> Grid:
    """The solution of a puzzle known to be unique, found by guessing and accepted by the judge."""
    solution = solve_logically(grid, PRESETS["singles"], allow_guess=True, limit=1).state.to_grid()
    assert is_solution(solution, grid), "the judge rejected the solution"
    return solution


def unsound(steps: Iterable[Step], solution: Grid) -> list[Step]:
    """The steps that eliminate a true digit or place a wrong one."""
    values = solution.values
    return [s for s in steps
            if any(values[c] == d for c, d in s.eliminations) or any(values[c] != d for c, d in s.placements)]


def soundness(puzzles: Iterable[Puzzle], preset: str = "full") -> tuple[Counter, list[tuple[Puzzle, Step]]]:
    """Logical solves of unique puzzles (no guessing), every step checked: (steps per technique, violations)."""
    used: Counter[str] = Counter()
    violations: list[tuple[Puzzle, Step]] = []
    for puzzle in puzzles:
        result = solve_logically(puzzle.grid, PRESETS[preset])
        violations += [(puzzle, step) for step in unsound(result.steps, truth(puzzle.grid))]
        used.update(step.technique for step in result.steps)
    return used, violations


@dataclass(frozen=True)
class Rated:
    """One puzzle rated by the engine (guessing allowed), and how long that took."""

    puzzle: Puzzle
    rating: Rating
    seconds: float


def rate_all(puzzles: Iterable[Puzzle], preset: str = "full") -> list[Rated]:
    """Rate every puzzle with a preset, guessing allowed when the techniques are not enough."""
    rated = []
    for puzzle in puzzles:
        began = time.perf_counter()
        rating = solve_logically(puzzle.grid, PRESETS[preset], allow_guess=True).rating
        rated.append(Rated(puzzle, rating, time.perf_counter() - began))
    return rated


def ladder(rated: Iterable[Rated]) -> dict[float, tuple[int, int]]:
    """Per SE rating: (puzzles solved without guessing, puzzles)."""
    counts: dict[float, list[int]] = defaultdict(lambda: [0, 0])
    for r in rated:
        counts[r.puzzle.meta["se_rating"]][0] += not r.rating.guessed
        counts[r.puzzle.meta["se_rating"]][1] += 1
    return {rating: (s, n) for rating, (s, n) in sorted(counts.items())}


def agreement(rated: Sequence[Rated], key: str = "se_rating") -> float:
    """Spearman's correlation between our SE-style ratings and the puzzles' ``meta[key]``."""
    return spearman([r.rating.se_rating for r in rated], [r.puzzle.meta[key] for r in rated])


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation: Pearson's on the ranks, tied values sharing their mean rank.

    >>> spearman([1, 2, 3, 4], [1, 5, 7, 9]), spearman([1, 2, 2, 3], [3, 2, 2, 1])
    (1.0, -1.0)
    """
    return statistics.correlation(_ranks(xs), _ranks(ys))


def _ranks(values: Sequence[float]) -> list[float]:
    first: dict[float, int] = {}
    last: dict[float, int] = {}
    for rank, value in enumerate(sorted(values)):
        first.setdefault(value, rank)
        last[value] = rank
    return [(first[v] + last[v]) / 2 for v in values]


def speed(rated: Sequence[Rated]) -> dict[str, float]:
    """Puzzles/s, and the median, p99 and longest time per puzzle in ms."""
    seconds = sorted(r.seconds for r in rated)
    return {"puzzles": len(seconds), "per_second": len(seconds) / sum(seconds),
            "median_ms": statistics.median(seconds) * 1000, "p99_ms": seconds[int(0.99 * (len(seconds) - 1))] * 1000,
            "max_ms": seconds[-1] * 1000}


def read_exemplars(path: str | Path) -> dict[str, list[Puzzle]]:
    """HoDoKu's exemplar file: the puzzles of each section (``0100 Locked Candidate Type 1``).

    A puzzle line is the puzzle then ``# `` and the steps of HoDoKu's solution (``s lc1(6) s``),
    kept as ``meta["path"]``; the odd library-format line (``:0604:...``) is skipped.
    """
    sections: dict[str, list[Puzzle]] = {}
    for number, line in enumerate(Path(path).read_text().splitlines(), 1):
        if header := re.match(r"#(\d{4}):?\s*(.*)", line):
            section = sections.setdefault(f"{header[1]} {header[2].strip()}", [])
        elif line[:1] not in ("", "#", ":"):
            puzzle, _, steps = line.partition("#")
            section.append(Puzzle(len(section), Grid.parse(puzzle), number, {"path": steps.strip()}))
    return sections


def exemplar_coverage(sections: dict[str, list[Puzzle]], preset: str = "full") -> dict[str, tuple[int, int]]:
    """Per section with puzzles: (solved without guessing, puzzles)."""
    return {name: (sum(solve_logically(p.grid, PRESETS[preset]).status is Status.SOLVED for p in puzzles),
                   len(puzzles))
            for name, puzzles in sections.items() if puzzles}


def graph_share(puzzles: list[Puzzle]) -> float:
    """The share of the rating time spent building graph views (measured under the profiler)."""
    profile = cProfile.Profile()
    profile.runcall(lambda: [solve_logically(p.grid, PRESETS["full"], allow_guess=True) for p in puzzles])
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]  # (typeshed leaves out the raw table)
    graph = Path("models", "graph.py")

    def inside(function) -> bool:
        return Path(function[0]).match(str(graph))

    entered = sum(ct for function, (*_, callers) in stats.items() if inside(function)
                  for caller, (_, _, _, ct) in callers.items() if not inside(caller))
    return entered / pstats.Stats(profile).total_tt  # type: ignore[attr-defined]  # (nor its total)


def technique_times(puzzles: Iterable[Puzzle], preset: str = "full") -> dict[str, float]:
    """CPU seconds spent in each technique while rating the puzzles (guessing allowed), as the engine
    asks: until a technique's first step."""
    from dataclasses import replace

    from sudokit.solvers.human import registry

    spent: dict[str, float] = defaultdict(float)

    def timed(name: str, find: Callable) -> Callable:
        def first(view) -> list[Step]:
            began = time.process_time()
            step = next(iter(find(view)), None)
            spent[name] += time.process_time() - began
            return [step] if step is not None else []
        return first

    saved = dict(registry.TECHNIQUES)
    try:
        for name, t in saved.items():
            registry.TECHNIQUES[name] = replace(t, find=timed(name, t.find))
        for puzzle in puzzles:
            solve_logically(puzzle.grid, PRESETS[preset], allow_guess=True)
    finally:
        registry.TECHNIQUES.clear()
        registry.TECHNIQUES.update(saved)
    return spent


def profile_slowest(sample: Sequence[Puzzle], count: int = 10) -> str:
    """The slowest puzzles of a sample (timed one by one), where their time goes by technique, and the
    functions that take most of it under the profiler."""
    timed = sorted(((seconds_of(p), p) for p in sample), key=lambda tp: -tp[0])[:count]
    lines = [f"{seconds:6.2f} s  SE {p.meta.get('se_rating')}  {p.grid.line()}" for seconds, p in timed]
    spent = technique_times(p for _, p in timed)
    total = sum(spent.values())
    lines += ["", "CPU time by technique (until each one's first step):"]
    ranked = sorted(spent.items(), key=lambda item: -item[1])[:12]
    lines += [f"{name:<34} {seconds:6.2f} s  {seconds / total:5.1%}" for name, seconds in ranked]
    profile = cProfile.Profile()
    profile.runcall(lambda: [solve_logically(p.grid, PRESETS["full"], allow_guess=True) for _, p in timed])
    out = io.StringIO()
    pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(15)
    lines += ["", "Functions by own time (cProfile):", *_table(out.getvalue())]
    return "\n".join(lines)


def seconds_of(puzzle: Puzzle) -> float:
    """CPU seconds to rate one puzzle with the full preset, guessing allowed."""
    began = time.process_time()
    solve_logically(puzzle.grid, PRESETS["full"], allow_guess=True)
    return time.process_time() - began


def _table(report: str) -> list[str]:
    """The rows of a pstats listing, paths shortened to the package."""
    rows = report.splitlines()
    start = next(i for i, row in enumerate(rows) if row.lstrip().startswith("ncalls"))
    root = str(Path(__file__).resolve().parents[2]) + "/"
    return [re.sub(r"\S*/site-packages/", "", row.replace(root, "")) for row in rows[start:] if row.strip()]


def main(what: str) -> None:
    sample = load_set("se-sample").puzzles
    if what == "soundness":
        puzzles = sample + load_set("17clue-1000").puzzles
        if UNBIASED.exists():
            puzzles += read_puzzles(UNBIASED).puzzles[:1500]
        puzzles += load_set("magictour").puzzles
        used: Counter[str] = Counter()
        violations: list[tuple[Puzzle, Step]] = []
        for start in range(0, len(puzzles), 500):
            more_used, more_violations = soundness(puzzles[start : start + 500])
            used, violations = used + more_used, violations + more_violations
            print(f"{min(start + 500, len(puzzles))} puzzles, {len(violations)} violations", flush=True)
        print(f"{len(puzzles)} puzzles, {sum(used.values())} steps, {len(violations)} violations")
        print(", ".join(f"{name} {count}" for name, count in used.most_common()))
        for puzzle, step in violations[:20]:
            print(puzzle.grid.line(), step.explanation)
    elif what == "ladder":
        for preset in ("basic", "chains"):
            for rating, (solved, total) in ladder(rate_all(sample, preset)).items():
                print(f"{preset:<6} SE {rating}: {solved}/{total} = {solved / total:.0%}")
    elif what == "sample":
        rated = rate_all(sample)
        for rating, (solved, total) in ladder(rated).items():
            print(f"SE {rating}: {solved}/{total} solved without guessing")
        print(f"Spearman with SE: {agreement(rated):.3f}; speed: {speed(rated)}")
        print("slowest:")
        for r in sorted(rated, key=lambda r: r.seconds, reverse=True)[:10]:
            print(f"{r.seconds:6.1f} s  SE {r.puzzle.meta['se_rating']}  {r.rating.hardest:<32} {r.puzzle.grid.line()}")
    elif what == "exemplars":
        for name, (solved, total) in exemplar_coverage(read_exemplars(EXEMPLARS)).items():
            print(f"{name}: {solved}/{total}")
    elif what == "graphs":
        print(f"graph building: {graph_share(sample[::10]):.1%} of the time (profiled, every 10th puzzle)")
    elif what == "profile":
        print(profile_slowest([p for p in sample if p.meta["se_rating"] >= 8.0],
                              int(sys.argv[2]) if len(sys.argv) > 2 else 10))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "")

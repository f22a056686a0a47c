"""The HoDoKu mode beside HoDoKu's own verdicts, run by hand (not in the tests); figures go to reports.

    python -m sudokit.compare.bench.hodoku VERDICTS [--limit N] [--default]

``VERDICTS`` holds one JSON object a line: ``puzzle`` (81 characters), and HoDoKu's ``level``
(easy … extreme), ``score``, ``hardest`` (the title of its hardest step: highest level, then highest
base score) and ``hardest_code`` (that step's row of HoDoKu's step table, ``nl`` for any nice loop);
an optional ``se`` (the puzzle's SE rating) groups the disagreements. Such verdicts come from
HoDoKu or a port of it (GPL: make them outside the project and keep them out of it). The run
prints aggregates only: level, hardest-step and score agreement, the level confusion, the time
per puzzle, and which puzzles differ and why. ``--default`` rates them with the default mode too.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from sudokit.models.grid import Grid
from sudokit.solvers.base import Status
from sudokit.solvers.human import hodoku
from sudokit.solvers.human.engine import solve_logically
from sudokit.solvers.human.registry import LEVELS, technique


@dataclass(frozen=True)
class Verdict:
    """HoDoKu's verdict on a puzzle."""

    puzzle: str
    level: str
    score: int
    hardest: str | None  # the title of HoDoKu's hardest step
    hardest_code: str | None  # its step-table row
    se: str = ""


@dataclass(frozen=True)
class Ours:
    """The mode's verdict on the same puzzle."""

    status: str
    level: str | None
    score: int | None  # None for a mode without HoDoKu's figures (SE's)
    hardest: str | None  # a technique of the registry
    hardest_code: str | None
    base_level: str | None  # the hardest step's level, before the score raises it
    seconds: float


def read_verdicts(path: Path) -> list[Verdict]:
    """The reference verdicts, one JSON object a line."""
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return [Verdict(r["puzzle"], r["level"].lower(), int(r["score"]), r.get("hardest"), r.get("hardest_code"),
                    str(r.get("se", ""))) for r in rows]


def judge(puzzle: str, mode: str) -> Ours:
    """The mode's verdict (guessing when stuck, as HoDoKu falls back on brute force)."""
    began = time.perf_counter()
    result = solve_logically(Grid.parse(puzzle), mode=mode, allow_guess=True, limit=1)
    seconds = time.perf_counter() - began
    if result.status is not Status.SOLVED:
        return Ours(result.status.value, None, 0, None, None, None, seconds)
    if mode == "hodoku":
        top = hodoku.hardest(result.steps)
        score, level = result.rating.score, result.rating.level
    else:
        top, score, level = None, result.rating.score, result.rating.level
    name = top.technique if top else result.rating.hardest
    row = hodoku.row_of(name) if name else None
    return Ours(result.status.value, level, score, name, row.code if row else None,
                technique(name).level if name else None, seconds)


def same_kind(ours: str | None, theirs: str | None) -> bool:
    """Whether our technique is HoDoKu's kind of step (titles compared without spaces, hyphens and
    HoDoKu's trap/wrap split of Simple Colors)."""
    def plain(title: str) -> str:
        return re.sub(r"(trap|wrap)$", "", re.sub(r"[^a-z0-9+]", "", title.lower()))

    return ours is not None and theirs is not None and plain(technique(ours).title) == plain(theirs)


def report(verdicts: Sequence[Verdict], ours: Sequence[Ours], label: str) -> None:
    n = len(verdicts)
    pairs = list(zip(verdicts, ours))

    def share(count: int) -> str:
        return f"{count}/{n} ({100 * count / n:.1f} %)"

    print(f"## {label}: {n} puzzles")
    print(f"level agreement:            {share(sum(v.level == o.level for v, o in pairs))}")
    print(f"hardest row agreement:      {share(sum(v.hardest_code == o.hardest_code for v, o in pairs))}")
    print(f"hardest kind agreement:     {share(sum(same_kind(o.hardest, v.hardest) for v, o in pairs))}")
    print(f"score agreement (exact):    {share(sum(v.score == o.score for v, o in pairs))}")
    scored = [(v.score, o.score) for v, o in pairs if o.score is not None]
    if scored:
        print(f"score difference (ours - HoDoKu): mean {statistics.mean(b - a for a, b in scored):+.1f}, "
              f"median |diff| {statistics.median(abs(b - a) for a, b in scored):.0f}, "
              f"within 5 %: {sum(abs(b - a) <= 0.05 * a for a, b in scored)}/{len(scored)}")
    times = [o.seconds for o in ours]
    print(f"time per puzzle: median {statistics.median(times):.3f} s, mean {statistics.mean(times):.3f} s, "
          f"max {max(times):.1f} s; not solved: {sum(o.level is None for o in ours)}")
    print("\nlevel confusion (rows HoDoKu, columns ours):")
    columns = [*LEVELS, None]
    print("          " + "".join(f"{c or 'none':>9}" for c in columns))
    for level in LEVELS:
        counts = Counter(o.level for v, o in pairs if v.level == level)
        if counts:
            print(f"{level:<10}" + "".join(f"{counts[c]:>9}" for c in columns))
    level_off = [(v, o) for v, o in pairs if v.level != o.level]
    by_score = sum(o.base_level is not None and hodoku.raised_level(o.base_level, v.score) == v.level
                   for v, o in level_off)
    print(f"\nlevel disagreements: {len(level_off)}; of these, {by_score} would agree with HoDoKu's score "
          "(the path's score, not its techniques, differs)")
    print("by SE rating band: " + ", ".join(f"{band}: {count}" for band, count in sorted(
        Counter(_band(v.se) for v, _ in level_off).items())))
    print("\nhardest-step disagreements (HoDoKu's row -> ours), most frequent:")
    for (theirs, mine), count in Counter(
            (v.hardest_code, o.hardest_code) for v, o in pairs if v.hardest_code != o.hardest_code).most_common(20):
        print(f"  {count:>4}  {theirs} -> {mine}")
    print()


def _band(se: str) -> str:
    try:
        value = float(se)
    except ValueError:
        return "?"
    low = int(value)
    return f"{low}.0-{low}.9"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("verdicts", type=Path, help="HoDoKu's verdicts, one JSON object a line")
    parser.add_argument("--limit", type=int, default=0, help="only the first N puzzles")
    parser.add_argument("--default", action="store_true", help="rate them with the default mode too")
    args = parser.parse_args(argv)
    verdicts = read_verdicts(args.verdicts)
    if args.limit:
        verdicts = verdicts[: args.limit]
    for mode in ("hodoku", "default") if args.default else ("hodoku",):
        report(verdicts, [judge(v.puzzle, mode) for v in verdicts], f"mode {mode}")


if __name__ == "__main__":
    main()

"""How close SE mode comes to Sudoku Explainer's own ratings, run by hand (not part of the tests).

    python -m sudokit.compare.bench.se [--limit N] [--unbiased N] [--hardest N] [--timeout S] [--seed K]

For the SE-rated sample (``se_rated/se_rated_dev.csv``: ``--limit`` puzzles drawn at random, all by
default) and the unbiased collection (``unbiased/cbg001_21695_ratings.csv``, GPL, read where it
lies: ``--unbiased`` puzzles drawn at random, 500 by default): Spearman correlation of SE mode's ER
with SE's, the share rated exactly, within 0.1 and within 0.5, the mean difference per SE band, and
the time per puzzle. For ``--hardest`` (200) of the forum's hardest puzzles
(``tdoku/forum_hardest_1905_11plus.txt``, ER 11 and up, no per-puzzle rating): the share rated
without guessing, the ER distribution and the time per puzzle. A puzzle SE mode cannot finish
(stuck, or over ``--timeout`` seconds) counts as not rated; the shares are over every puzzle tried.
The figures are printed as Markdown.
"""

from __future__ import annotations

import argparse
import csv
import random
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from sudokit.compare.bench.human import spearman
from sudokit.models.grid import Grid
from sudokit.solvers.base import Status
from sudokit.solvers.human.engine import solve_logically

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data"


@dataclass(frozen=True)
class Rated:
    """One puzzle: SE's ER (None when unknown), SE mode's (None when not rated), and the seconds it took."""

    puzzle: str
    se: float | None
    ours: float | None
    seconds: float


def rate_all(puzzles: Sequence[tuple[str, float | None]], timeout: float) -> list[Rated]:
    found = []
    for line, se in puzzles:
        began = time.perf_counter()
        result = solve_logically(Grid.parse(line), mode="se", time_limit=timeout)
        ours = result.rating.se_rating if result.status is Status.SOLVED else None
        found.append(Rated(line, se, ours, time.perf_counter() - began))
    return found


def agreement(rated: list[Rated], title: str) -> str:
    """Spearman, exact / within 0.1 / within 0.5 shares, per-band mean difference, time per puzzle."""
    done = [r for r in rated if r.ours is not None and r.se is not None]
    n = len(rated)

    def share(within: float) -> str:
        hits = sum(1 for r in done if abs(_gap(r)) <= within + 1e-9)
        return f"{hits / n:.1%}" if n else "-"

    rho = spearman([r.ours or 0.0 for r in done], [r.se or 0.0 for r in done]) if len(done) > 2 else float("nan")
    lines = [f"### {title}", "",
             f"{n} puzzles, {len(done)} rated ({len(done) / n:.1%}); Spearman {rho:.3f} (rated ones); "
             f"exact ER {share(0.0)}, within 0.1 {share(0.1)}, within 0.5 {share(0.5)}; "
             f"time per puzzle {_times(rated)}", "",
             "| SE band | puzzles | rated | exact | mean ER difference (ours - SE) |", "|---|---|---|---|---|"]
    bands: dict[int, list[Rated]] = defaultdict(list)
    for r in rated:
        bands[int(r.se or 0)].append(r)
    for band, group in sorted(bands.items()):
        ok = [r for r in group if r.ours is not None]
        exact = sum(1 for r in ok if abs(_gap(r)) < 1e-9)
        diff = f"{statistics.mean(_gap(r) for r in ok):+.2f}" if ok else "-"
        lines.append(f"| {band}.0-{band}.9 | {len(group)} | {len(ok)} | {exact} | {diff} |")
    return "\n".join(lines)


def _gap(rated: Rated) -> float:
    """SE mode's ER less SE's, for a puzzle both rated."""
    return (rated.ours or 0.0) - (rated.se or 0.0)


def hardest(rated: list[Rated], title: str) -> str:
    """Share rated without guessing, ER distribution, time per puzzle."""
    done = [r.ours for r in rated if r.ours is not None]
    counts = Counter(done)
    spread = ", ".join(f"{er}: {c}" for er, c in sorted(counts.items())) or "none"
    return "\n".join([f"### {title}", "",
                      f"{len(rated)} puzzles, rated without guessing {len(done)} ({len(done) / len(rated):.1%}); "
                      f"time per puzzle {_times(rated)}", "", f"ER distribution: {spread}"])


def _times(rated: list[Rated]) -> str:
    seconds = sorted(r.seconds for r in rated)
    if not seconds:
        return "-"
    return (f"median {statistics.median(seconds):.2f} s, mean {statistics.mean(seconds):.2f} s, "
            f"max {seconds[-1]:.1f} s")


def _read_csv(path: Path, column: str) -> list[tuple[str, float | None]]:
    with open(path) as f:
        return [(row["puzzle"], float(row[column])) for row in csv.DictReader(f)]


def _sample(rows: list, count: int | None, seed: int) -> list:
    return rows if count is None or count >= len(rows) else random.Random(seed).sample(rows, count)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="SE-rated sample puzzles (all by default)")
    parser.add_argument("--unbiased", type=int, default=500, help="unbiased-collection puzzles")
    parser.add_argument("--hardest", type=int, default=200, help="forum-hardest puzzles")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per puzzle")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    sections = []
    dev = DATA / "se_rated" / "se_rated_dev.csv"
    if dev.exists() and args.limit != 0:
        rows = _sample(_read_csv(dev, "se_rating"), args.limit, args.seed)
        sections.append(agreement(rate_all(rows, args.timeout), "SE-rated sample (se_rated_dev.csv)"))
    unbiased = DATA / "unbiased" / "cbg001_21695_ratings.csv"
    if unbiased.exists() and args.unbiased:
        rows = _sample(_read_csv(unbiased, "SER"), args.unbiased, args.seed)
        sections.append(agreement(rate_all(rows, args.timeout), "Unbiased collection (cbg001, SER)"))
    forum = DATA / "tdoku" / "forum_hardest_1905_11plus.txt"
    if forum.exists() and args.hardest:
        lines = [line.split()[0] for line in forum.read_text().splitlines() if line.strip() and line[0] != "#"]
        rows = [(line, None) for line in _sample(lines, args.hardest, args.seed)]
        sections.append(hardest(rate_all(rows, args.timeout), "Forum hardest (ER 11+)"))
    print("\n\n".join(sections) if sections else "no data beside this checkout (../shared/data)")


if __name__ == "__main__":
    main()

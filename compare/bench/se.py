"""How close SE mode comes to Sudoku Explainer's own ratings, run by hand (not part of the tests).

    python -m sudokit.compare.bench.se [--limit N] [--unbiased N] [--hardest N] [--timeout S] [--seed K]
                                       [--log PATH] [--data DIR]

For the SE-rated sample (``se_rated/se_rated_dev.csv``: ``--limit`` puzzles drawn at random, all by
default) and the unbiased collection (``unbiased/cbg001_21695_ratings.csv``, GPL, read where it
lies: ``--unbiased`` puzzles drawn at random, 500 by default): Spearman correlation of SE mode's ER
with SE's, the share rated exactly, within 0.1 and within 0.5, the mean difference per SE band, and
the time per puzzle. For ``--hardest`` (200) of the forum's hardest puzzles
(``tdoku/forum_hardest_1905_11plus.txt``, ER 11 and up, no per-puzzle rating): the share rated
without guessing, the ER distribution and the time per puzzle. A puzzle SE mode cannot finish
(stuck, or over ``--timeout`` seconds) counts as not rated; the shares are over every puzzle tried.
The figures are printed as Markdown. With ``--log PATH`` each puzzle's result is appended to PATH
(one JSON line) as soon as it is rated, a rerun skips the puzzles PATH already holds, and the
figures come from PATH: a long run survives an interruption.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from sudokit.compare.bench.human import spearman
from sudokit.models.grid import Grid
from sudokit.solvers.base import Status
from sudokit.solvers.human.engine import solve_logically
from sudokit.solvers.human.rating import Rating

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data"


@dataclass(frozen=True)
class Rated:
    """One puzzle: SE's ER (None when unknown), SE mode's (None when not rated), and the (wall and
    CPU) seconds it took."""

    puzzle: str
    se: float | None
    ours: float | None
    seconds: float
    cpu: float = 0.0


def rate_all(puzzles: Sequence[tuple[str, float | None]], timeout: float, log: Path | None = None,
             section: str = "") -> list[Rated]:
    """Each puzzle rated by SE mode; with a ``log``, those it holds (for ``section``) are read, not
    rated again, and each newly rated one is appended to it at once."""
    known = _logged(log, section)
    if log is not None and log.exists() and not log.read_bytes().endswith(b"\n"):
        with open(log, "a") as f:
            f.write("\n")  # after a line cut short
    found = []
    for line, se in puzzles:
        rated = known.get(line)
        if rated is None:
            rated = _rate(line, se, timeout)
            if log is not None:
                with open(log, "a") as f:
                    f.write(json.dumps({"section": section, **asdict(rated)}) + "\n")
        found.append(rated)
    return found


def se_mode_rating(puzzle: str, timeout: float) -> tuple[Rating | None, float, float]:
    """SE mode's rating of a puzzle (None when it did not finish within ``timeout`` seconds), and the
    wall and CPU seconds it took."""
    began, cpu = time.perf_counter(), time.process_time()
    result = solve_logically(Grid.parse(puzzle), mode="se", time_limit=timeout)
    rating = result.rating if result.status is Status.SOLVED else None
    return rating, time.perf_counter() - began, time.process_time() - cpu


def logged(log: Path | None) -> list[dict]:
    """The entries of a JSON-lines log (none when it does not exist; a line cut short by an
    interruption skipped)."""
    entries = []
    for text in log.read_text().splitlines() if log is not None and log.exists() else ():
        try:
            entries.append(json.loads(text))
        except json.JSONDecodeError:
            continue
    return entries


def _rate(line: str, se: float | None, timeout: float) -> Rated:
    rating, seconds, cpu = se_mode_rating(line, timeout)
    return Rated(line, se, rating.se_rating if rating else None, seconds, cpu)


def _logged(log: Path | None, section: str) -> dict[str, Rated]:
    """The puzzles of ``section`` already in the log."""
    return {entry["puzzle"]: Rated(**entry) for entry in logged(log) if entry.pop("section", None) == section}


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
    if not rated:
        return "-"
    seconds, cpu = sorted(r.seconds for r in rated), sorted(r.cpu for r in rated)
    return (f"median {statistics.median(seconds):.2f} s, mean {statistics.mean(seconds):.2f} s, "
            f"max {seconds[-1]:.1f} s (CPU: median {statistics.median(cpu):.2f} s, max {cpu[-1]:.1f} s)")


def read_rated(path: Path, column: str) -> list[tuple[str, float | None]]:
    """The puzzles of a CSV file with their ratings (``column``)."""
    with open(path) as f:
        return [(row["puzzle"], float(row[column])) for row in csv.DictReader(f)]


def forum_lines(data: Path) -> list[str]:
    """The puzzles of the forum's hardest list (``tdoku/forum_hardest_1905_11plus.txt`` in ``data``)."""
    text = (data / "tdoku" / "forum_hardest_1905_11plus.txt").read_text()
    return [line.split()[0] for line in text.splitlines() if line.strip() and line[0] != "#"]


def _sample(rows: list, count: int | None, seed: int) -> list:
    return rows if count is None or count >= len(rows) else random.Random(seed).sample(rows, count)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="SE-rated sample puzzles (all by default)")
    parser.add_argument("--unbiased", type=int, default=500, help="unbiased-collection puzzles")
    parser.add_argument("--hardest", type=int, default=200, help="forum-hardest puzzles")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per puzzle")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--log", type=Path, default=None,
                        help="JSON lines file: each result appended as it comes, puzzles already there skipped")
    parser.add_argument("--data", type=Path, default=DATA, help="the shared data folder (../shared/data)")
    args = parser.parse_args(argv)
    sections = []
    data = args.data
    dev = data / "se_rated" / "se_rated_dev.csv"
    if dev.exists() and args.limit != 0:
        rows = _sample(read_rated(dev, "se_rating"), args.limit, args.seed)
        sections.append(agreement(rate_all(rows, args.timeout, args.log, "dev"), "SE-rated sample (se_rated_dev.csv)"))
    unbiased = data / "unbiased" / "cbg001_21695_ratings.csv"
    if unbiased.exists() and args.unbiased:
        rows = _sample(read_rated(unbiased, "SER"), args.unbiased, args.seed)
        sections.append(agreement(rate_all(rows, args.timeout, args.log, "unbiased"), "Unbiased collection (cbg001, SER)"))
    forum = data / "tdoku" / "forum_hardest_1905_11plus.txt"
    if forum.exists() and args.hardest:
        rows = [(line, None) for line in _sample(forum_lines(data), args.hardest, args.seed)]
        sections.append(hardest(rate_all(rows, args.timeout, args.log, "hardest"), "Forum hardest (ER 11+)"))
    print("\n\n".join(sections) if sections else "no data beside this checkout (../shared/data)")


if __name__ == "__main__":
    main()

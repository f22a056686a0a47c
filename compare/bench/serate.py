"""SE mode beside Sudoku Explainer itself: a local build of SE's ``serate`` rates the same puzzles
(run by hand, not part of the tests).

    python -m sudokit.compare.bench.serate --classpath SE [--puzzles FILE | --hardest N | --dev N]
                                           [--band LO HI] [--seed K] [--timeout S] [--log PATH]

``--classpath``: a Sudoku Explainer 1.2.1.3 build (a jar, or a folder of classes) whose
``diuf.sudoku.test.serate`` is gsf's command-line rater; ``java`` must be on the PATH. SE is
LGPL Java: build or download it outside this project. The puzzles: a file of 81-character lines
(``--puzzles``), or a seeded random sample of the forum's hardest (``--hardest``) or of the SE-rated
sample (``--dev``, optionally only those whose listed rating is in ``--band``). Each puzzle is rated
by both, SE's ER/EP/ED (``%r/%p/%d``) against SE mode's; the report gives the shares of exact ER,
EP, ED and all three, each side's times, and every puzzle where they differ. With ``--log``, each
result is appended as it comes and a rerun skips the puzzles already there.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from sudokit.compare.bench.se import DATA, forum_lines, logged, read_rated, se_mode_rating

Triple = tuple[float, float, float]  # ER, EP, ED


@dataclass(frozen=True)
class Both:
    """One puzzle rated by SE (``se``: None when it failed or timed out) and by SE mode (``ours``:
    None when it did not finish), with SE's wall seconds and SE mode's CPU seconds."""

    puzzle: str
    se: Triple | None
    ours: Triple | None
    se_seconds: float
    cpu: float


def serate(classpath: str, puzzle: str, timeout: float) -> Triple | None:
    """SE's ER/EP/ED of a puzzle, from its ``serate`` entry point (None past ``timeout`` seconds,
    or when SE reports a processing error, 0.0)."""
    command = ["java", "-cp", classpath, "diuf.sudoku.test.serate", "--format=%r/%p/%d", puzzle]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    if done.returncode or not done.stdout.strip():
        said = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"serate (classpath {classpath}) failed on {puzzle}: {said}")
    er, ep, ed = (float(x) for x in done.stdout.split()[-1].split("/"))
    return None if er == 0.0 else (er, ep, ed)


def ours(puzzle: str, timeout: float) -> tuple[Triple | None, float]:
    """SE mode's ER/EP/ED (None when it did not finish) and its CPU seconds."""
    rating, _, cpu = se_mode_rating(puzzle, timeout)
    return ((rating.se_rating, rating.ep, rating.ed) if rating else None), cpu


def rate_both(puzzles: Sequence[str], classpath: str, timeout: float, log: Path | None) -> list[Both]:
    """Each puzzle rated by both (those already in ``log`` read from it; new ones appended)."""
    known: dict[str, Both] = {}
    for entry in logged(log):
        entry["se"], entry["ours"] = (tuple(entry[k]) if entry[k] else None for k in ("se", "ours"))
        known[entry["puzzle"]] = Both(**entry)
    found: list[Both] = []
    for puzzle in puzzles:
        both = known.get(puzzle)
        if both is None:
            began = time.perf_counter()
            se = serate(classpath, puzzle, timeout)
            se_seconds = time.perf_counter() - began
            mine, cpu = ours(puzzle, timeout)
            both = Both(puzzle, se, mine, se_seconds, cpu)
            print(f"{len(found) + 1}/{len(puzzles)} {puzzle}: SE {_triple(se)} in {se_seconds:.0f} s, "
                  f"SE mode {_triple(mine)} in {cpu:.1f} s CPU", file=sys.stderr, flush=True)
            if log is not None:
                with open(log, "a") as f:
                    f.write(json.dumps(asdict(both)) + "\n")
        found.append(both)
    return found


def report(rated: list[Both]) -> str:
    """Exact shares of ER, EP, ED and all three; times; the puzzles that differ."""
    both = [(r.se, r.ours) for r in rated if r.se and r.ours]
    n = len(both)

    def share(index: slice) -> str:
        hits = sum(1 for se, mine in both if se[index] == mine[index])
        return f"{hits} ({hits / n:.1%})" if n else "-"

    lines = [f"{len(rated)} puzzles; rated by both {n} (SE failed or timed out on "
             f"{sum(1 for r in rated if not r.se)}, SE mode on {sum(1 for r in rated if not r.ours)})", "",
             "| exact | ER | EP | ED | all three |", "|---|---:|---:|---:|---:|",
             f"| puzzles | {share(slice(0, 1))} | {share(slice(1, 2))} | {share(slice(2, 3))} | {share(slice(0, 3))} |",
             "", f"Time per puzzle, median / max: SE (wall) {_spread([r.se_seconds for r in rated])}, "
             f"SE mode (CPU) {_spread([r.cpu for r in rated])}"]
    differ = [r for r in rated if r.se != r.ours]
    if differ:
        lines += ["", "| puzzle | SE ER/EP/ED | SE mode ER/EP/ED |", "|---|---|---|"]
        lines += [f"| `{r.puzzle}` | {_triple(r.se)} | {_triple(r.ours)} |" for r in differ]
    return "\n".join(lines)


def _spread(values: list[float]) -> str:
    return f"{statistics.median(values):.1f} / {max(values):.1f} s" if values else "-"


def _triple(rating: Triple | None) -> str:
    return "/".join(f"{x:.1f}" for x in rating) if rating else "not rated"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--classpath", required=True, help="Sudoku Explainer's jar or classes folder")
    parser.add_argument("--puzzles", type=Path, help="a file of puzzles, one per line")
    parser.add_argument("--hardest", type=int, default=0, help="forum-hardest puzzles drawn at random")
    parser.add_argument("--dev", type=int, default=0, help="SE-rated sample puzzles drawn at random")
    parser.add_argument("--band", type=float, nargs=2, default=(0.0, 99.0), metavar=("LO", "HI"),
                        help="only SE-rated sample puzzles listed at LO <= rating < HI")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds per puzzle, each side")
    parser.add_argument("--log", type=Path, default=None, help="JSON lines: results so far, skipped on a rerun")
    parser.add_argument("--data", type=Path, default=DATA, help="the shared data folder (../shared/data)")
    args = parser.parse_args(argv)
    if shutil.which("java") is None:
        parser.error("java is not on the PATH (Sudoku Explainer needs it)")
    if not Path(args.classpath).exists():
        parser.error(f"--classpath {args.classpath}: no such jar or folder")
    puzzles: list[str] = []
    if args.puzzles:
        puzzles += [line.split()[0] for line in args.puzzles.read_text().splitlines() if line.strip()]
    if args.hardest:
        puzzles += random.Random(args.seed).sample(forum_lines(args.data), args.hardest)
    if args.dev:
        low, high = args.band
        rows = read_rated(args.data / "se_rated" / "se_rated_dev.csv", "se_rating")
        chosen = [p for p, r in rows if r is not None and low <= r < high]
        puzzles += random.Random(args.seed).sample(chosen, min(args.dev, len(chosen)))
    if not puzzles:
        parser.error("no puzzles: give --puzzles, --hardest or --dev")
    print(report(rate_both(puzzles, args.classpath, args.timeout, args.log)))


if __name__ == "__main__":
    main()

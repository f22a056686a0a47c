"""The HoDoKu mode beside HoDoKu's own verdicts, run by hand (the tests read the same data); figures go
to reports.

    python -m sudokit.compare.bench.hodoku score [VERDICTS] [--limit N] [--default]
    python -m sudokit.compare.bench.hodoku paths [VERDICTS] [--limit N] [--show K]

``VERDICTS`` (``REFERENCE`` when not given: HoDoKu's verdicts on the bundled permissive sets) holds
one JSON object a line (gzipped when its name ends in ``.gz``): ``puzzle`` (81 characters), its
``set``, HoDoKu's ``level`` (easy … extreme), ``score``, ``hardest`` (HoDoKu's name of its hardest
step: highest level, then highest base score, the earliest of equals), hodoku-py's ``seconds``,
and ``steps``, HoDoKu's path: ``[name, placements, eliminations]``, each candidate ``[cell, digit]``
(cells 0-80). ``score`` prints aggregates: level, hardest-step and score agreement, the level
confusion, the time per puzzle; ``--default`` rates them with the default mode too. ``paths``
replays each HoDoKu path in the mode (``divergence``): the first state where the mode would take
another step, grouped by HoDoKu's step and ours, ``--show`` examples of each.

    python -m sudokit.compare.bench.hodoku speed [VERDICTS] --python /tmp/hodoku-venv/bin/python [--per-level N]

times HoDoKu mode and hodoku-py side by side on N puzzles of each HoDoKu level (medians, ratio).

    python -m sudokit.compare.bench.hodoku reference OUT --python /tmp/hodoku-venv/bin/python \\
        [--sets se-sample,17clue-1000,...] [--limit N] [--timeout S]

makes the reference: HoDoKu's verdicts, by hodoku-py in a throwaway environment given as
``--python`` (GPL, never a dependency), on the bundled permissive sets taken in turn, one line a
puzzle (``_DRIVER``), each set in a seeded shuffle, appended as they come so a run can be stopped and resumed; a puzzle hodoku-py
does not finish within ``--timeout`` seconds is left out (counted on stderr). ``--shard I/N`` takes
every N-th puzzle from the I-th, so N runs share the work; ``merge OUT PARTS...`` joins their files
in the reference's order.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import statistics
import subprocess
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import zip_longest
from pathlib import Path
from typing import IO

from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid
from sudokit.solvers.base import Status
from sudokit.solvers.human import hodoku
from sudokit.solvers.human.engine import apply_step, solve_logically
from sudokit.solvers.human.modes import mode
from sudokit.solvers.human.registry import LEVELS, technique
from sudokit.solvers.human.steps import Step
from sudokit.solvers.human.techniques.uniqueness import remember_givens
from sudokit.solvers.human.view import Memo, View

Candidate = tuple[int, int]


@dataclass(frozen=True)
class Move:
    """One step of HoDoKu's path: its name of the kind of step, what it places and eliminates."""

    name: str
    placements: frozenset[Candidate]
    eliminations: tuple[Candidate, ...]  # in HoDoKu's order

    def matches(self, step: Step) -> bool:
        """Whether ``step`` is this move: the same kind (HoDoKu's row) and the same conclusions."""
        row = hodoku.row_of(step.technique)
        return (row is not None and row == hodoku.row_of_code(self.name)
                and frozenset(step.placements) == self.placements
                and frozenset(step.eliminations) == frozenset(self.eliminations))


@dataclass(frozen=True)
class Verdict:
    """HoDoKu's verdict on a puzzle."""

    puzzle: str
    set: str
    level: str
    score: int
    hardest: str | None  # HoDoKu's name of its hardest step's kind
    seconds: float  # hodoku-py's time
    path: tuple[Move, ...]

    @property
    def hardest_row(self) -> str | None:
        row = hodoku.row_of_code(self.hardest) if self.hardest else None
        return row.code if row else None


@dataclass(frozen=True)
class Ours:
    """The mode's verdict on the same puzzle."""

    status: str
    level: str | None
    score: int | None  # None for a mode without HoDoKu's figures (SE's)
    hardest: str | None  # a technique of the registry
    hardest_row: str | None
    hardest_code: str | None  # HoDoKu's name of its kind
    base_level: str | None  # the hardest step's level, before the score raises it
    seconds: float
    steps: tuple[Step, ...] = ()


def text_file(path: Path, how: str = "rt") -> IO[str]:
    """A text file, gzipped if its name ends in ``.gz``."""
    return gzip.open(path, how) if path.suffix == ".gz" else path.open(how[0])  # type: ignore[return-value]


def read_verdicts(path: Path) -> list[Verdict]:
    """The reference verdicts, one JSON object a line."""
    with text_file(path) as lines:
        rows = [json.loads(line) for line in lines if line.strip()]
    return [Verdict(r["puzzle"], r.get("set", ""), r["level"].lower(), int(r["score"]), r.get("hardest"),
                    float(r.get("seconds", 0.0)),
                    tuple(Move(name, frozenset(map(tuple, placed)), tuple(map(tuple, removed)))
                          for name, placed, removed in r.get("steps", ())))
            for r in rows]


def judge(puzzle: str, mode_name: str) -> Ours:
    """The mode's verdict (guessing when stuck, as HoDoKu falls back on brute force)."""
    began = time.perf_counter()
    result = solve_logically(Grid.parse(puzzle), mode=mode_name, allow_guess=True, limit=1)
    seconds = time.perf_counter() - began
    if result.status is not Status.SOLVED:
        return Ours(result.status.value, None, 0, None, None, None, None, seconds)
    top = hodoku.hardest(result.steps) if mode_name == "hodoku" else None
    name = top.technique if top else result.rating.hardest
    row = hodoku.row_of(name) if name else None
    return Ours(result.status.value, result.rating.level, result.rating.score, name, row.code if row else None,
                hodoku.code_of(name) if name else None, technique(name).level if name else None, seconds,
                tuple(result.steps))


@dataclass(frozen=True)
class Divergence:
    """The first state of HoDoKu's path where the mode would take another step."""

    index: int  # the step's position in HoDoKu's path
    theirs: Move
    ours: Step | None

    @property
    def cause(self) -> tuple[str, str]:
        """HoDoKu's kind of step and ours (``-``: the mode finds none)."""
        return self.theirs.name, (hodoku.code_of(self.ours.technique) or self.ours.technique) if self.ours else "-"


def divergence(verdict: Verdict, until: int | None = None) -> Divergence | None:
    """Replay HoDoKu's path, asking the mode for its step in each state; the first that differs
    (among the first ``until`` steps when given)."""
    state = Candidates.from_grid(Grid.parse(verdict.puzzle))
    memo = Memo()
    remember_givens(memo, state.values)
    finders = [technique(name).find for name in mode("hodoku").techniques]
    for index, move in enumerate(verdict.path[:until]):
        ours = hodoku.choose(View(state, memo), finders)
        if ours is None or not move.matches(ours):
            return Divergence(index, move, ours)
        apply_step(state, ours)
    return None


def report(verdicts: Sequence[Verdict], ours: Sequence[Ours], label: str) -> None:
    n = len(verdicts)
    pairs = list(zip(verdicts, ours))

    def share(count: int) -> str:
        return f"{count}/{n} ({100 * count / n:.1f} %)"

    print(f"## {label}: {n} puzzles")
    print(f"level agreement:            {share(sum(v.level == o.level for v, o in pairs))}")
    print(f"hardest row agreement:      {share(sum(v.hardest_row == o.hardest_row for v, o in pairs))}")
    print(f"hardest name agreement:     {share(sum(v.hardest == o.hardest_code for v, o in pairs))}")
    print(f"score agreement (exact):    {share(sum(v.score == o.score for v, o in pairs))}")
    print(f"path agreement (step by step): {share(sum(_same_path(v, o) for v, o in pairs))}")
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
    print("\nhardest-step disagreements (HoDoKu's -> ours), most frequent:")
    for (theirs, mine), count in Counter(
            (v.hardest, o.hardest_code) for v, o in pairs if v.hardest != o.hardest_code).most_common(20):
        print(f"  {count:>4}  {theirs} -> {mine}")
    print()


def _same_path(verdict: Verdict, ours: Ours) -> bool:
    return len(verdict.path) == len(ours.steps) and all(m.matches(s) for m, s in zip(verdict.path, ours.steps))


def report_paths(verdicts: Sequence[Verdict], show: int) -> None:
    """The first divergence of each path, grouped by cause, with ``show`` examples of each."""
    found = [(v, divergence(v)) for v in verdicts]
    causes: dict[tuple[str, str], list[tuple[Verdict, Divergence]]] = defaultdict(list)
    for verdict, split in found:
        if split is not None:
            causes[split.cause].append((verdict, split))
    print(f"paths equal to HoDoKu's: {sum(split is None for _, split in found)}/{len(found)}")
    for (theirs, mine), cases in sorted(causes.items(), key=lambda item: -len(item[1])):
        print(f"  {len(cases):>4}  {theirs} -> {mine}")
        for verdict, split in cases[:show]:
            step = split.ours
            print(f"        {verdict.puzzle} step {split.index}: HoDoKu {sorted(split.theirs.placements)} "
                  f"{list(split.theirs.eliminations)}; ours "
                  f"{(sorted(step.placements), sorted(step.eliminations)) if step else None}")


# ---- the reference: HoDoKu's verdicts, made by hodoku-py in its own interpreter

# The permissive bundled sets the reference draws on (compare/sets/README.md), in this order.
REFERENCE_SETS = ("se-sample", "17clue-1000", "top95", "easy50", "hardest")
REFERENCE = Path(__file__).resolve().parents[2] / "results" / "hodoku-reference.jsonl.gz"

# Run by the throwaway interpreter (which has hodoku-py, not sudokit): reads {"puzzle", "set"} lines,
# writes one verdict line each: HoDoKu's level, score, hardest step (highest level, then highest
# base score, the earliest of equals) and every step as [type, placements, eliminations], each
# candidate as [cell 0-80, digit]; a puzzle past the timeout gives {"puzzle", "timeout"} instead.
_DRIVER = r"""
import json, signal, sys, time
from hodoku import Solver
from hodoku.config import DEFAULT_CONFIG
from hodoku.solver.solver import _PLACEMENT_TYPES

class Late(Exception):
    pass

def late(*_):
    raise Late

signal.signal(signal.SIGALRM, late)
solver, table, timeout = Solver(), DEFAULT_CONFIG.step_config, float(sys.argv[1])
for line in sys.stdin:
    job = json.loads(line)
    began = time.perf_counter()
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        result = solver.solve(job["puzzle"])
    except Late:
        print(json.dumps({"puzzle": job["puzzle"], "timeout": timeout}), flush=True)
        continue
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    seconds = time.perf_counter() - began
    top, weight = None, None
    for step in result.steps:
        config = table[step.type]
        if weight is None or (config.level.value, config.base_score) > weight:
            top, weight = step, (config.level.value, config.base_score)
    steps = [[step.type.name,
              [[i, v] for i, v in zip(step.indices, step.values)] if step.type in _PLACEMENT_TYPES else [],
              [[c.index, c.value] for c in step.candidates_to_delete]] for step in result.steps]
    print(json.dumps({"puzzle": job["puzzle"], "set": job["set"], "solved": result.solved,
                      "level": result.level.name.lower(), "score": result.score,
                      "hardest": top.type.name if top else None, "seconds": round(seconds, 3),
                      "steps": steps}, separators=(",", ":")), flush=True)
"""


def reference_order(sets: Sequence[str]) -> list[dict[str, str]]:
    """The reference's puzzles in order, ``{"puzzle", "set"}``: each set in a seeded shuffle (a set
    sorted by difficulty is sampled across it), the sets taken in turn, each puzzle once."""
    from sudokit.compare.sets import load_set

    queues = []
    for name in sets:
        lines = [p.grid.line() for p in load_set(name, skip_invalid=True).puzzles]
        random.Random(45).shuffle(lines)
        queues.append([{"puzzle": line, "set": name} for line in lines if len(line) == 81])
    order: dict[str, dict[str, str]] = {}
    for job in (job for row in zip_longest(*queues) for job in row if job):
        order.setdefault(job["puzzle"], job)
    return list(order.values())


def merge_reference(out: Path, parts: Sequence[Path], sets: Sequence[str]) -> None:
    """The verdicts of several runs (shards) as one file, in the reference's order, each puzzle once."""
    rank = {job["puzzle"]: i for i, job in enumerate(reference_order(sets))}
    lines: dict[str, str] = {}
    for part in parts:
        with text_file(part) as found:
            for line in found:
                if line.strip():
                    lines.setdefault(json.loads(line)["puzzle"], line if line.endswith("\n") else line + "\n")
    with text_file(out, "wt") as sink:
        sink.writelines(lines[p] for p in sorted(lines, key=lambda p: rank.get(p, len(rank))))
    print(f"{len(lines)} verdicts in {out}", file=sys.stderr)


def make_reference(out: Path, python: str, sets: Sequence[str], limit: int, timeout: float,
                   shard: tuple[int, int] = (0, 1)) -> None:
    """Append HoDoKu's verdicts on the sets' first ``limit`` puzzles (those ``out`` lacks) to ``out``;
    with ``shard`` (i, n) only every n-th of them from the i-th (n processes share the work)."""
    done = {json.loads(line)["puzzle"] for line in text_file(out)} if out.exists() else set()
    jobs = [job for job in reference_order(sets)[:limit or None][shard[0]::shard[1]] if job["puzzle"] not in done]
    late = 0
    with HodokuPy(python, timeout) as hodoku_py, text_file(out, "at") as sink:
        for job in jobs:  # one at a time, so every verdict is kept the moment it comes
            answer = hodoku_py.ask(job)
            if "timeout" in json.loads(answer):
                late += 1
                continue
            sink.write(answer)
            sink.flush()
    print(f"{len(jobs) - late} verdicts added to {out}; {late} puzzles past {timeout:g} s left out",
          file=sys.stderr)


class HodokuPy:
    """hodoku-py running ``_DRIVER`` in its own interpreter, asked one puzzle at a time."""

    def __init__(self, python: str, timeout: float) -> None:
        self.python, self.timeout = python, timeout

    def __enter__(self) -> HodokuPy:
        self.driver = subprocess.Popen([self.python, "-c", _DRIVER, str(self.timeout)], stdin=subprocess.PIPE,
                                       stdout=subprocess.PIPE, text=True)
        return self

    def ask(self, job: dict[str, str]) -> str:
        """The driver's answer line for ``{"puzzle", "set"}``."""
        assert self.driver.stdin is not None and self.driver.stdout is not None
        self.driver.stdin.write(json.dumps(job) + "\n")
        self.driver.stdin.flush()
        answer = self.driver.stdout.readline()
        if not answer:
            raise SystemExit(f"hodoku-py's interpreter {self.python} stopped (see its error above)")
        return answer

    def __exit__(self, *_: object) -> None:
        assert self.driver.stdin is not None
        self.driver.stdin.close()
        self.driver.wait()


def compare_speed(verdicts: Sequence[Verdict], python: str, per_level: int) -> None:
    """HoDoKu mode's time and hodoku-py's on ``per_level`` puzzles of each HoDoKu level, side by side
    (each puzzle timed by both, one after the other); medians per level and their ratio. The mode is
    timed as ``solve_logically`` runs it (its count of solutions first: it rates proper puzzles only)
    and without that count (hodoku-py counts none)."""
    by_level: dict[str, list[Verdict]] = defaultdict(list)
    for verdict in verdicts:
        by_level[verdict.level].append(verdict)
    uncounted = replace(mode("hodoku"), proper_only=False)
    print(f"{'level':<9}{'puzzles':>8}{'hodoku-py s':>13}{'mode s':>9}{'ratio':>7}{'uncounted s':>13}{'ratio':>7}")
    with HodokuPy(python, 600.0) as hodoku_py:
        for level in LEVELS:  # warm-up, untimed: what each loads once (imports, caches) is not counted
            for verdict in by_level[level][:1]:
                hodoku_py.ask({"puzzle": verdict.puzzle, "set": verdict.set})
                solve_logically(Grid.parse(verdict.puzzle), mode="hodoku")
        for level in LEVELS:
            chosen = by_level[level][:: max(1, len(by_level[level]) // per_level)][:per_level]
            if not chosen:
                continue
            times: list[list[float]] = [[], [], []]
            for verdict in chosen:
                times[0].append(json.loads(hodoku_py.ask({"puzzle": verdict.puzzle, "set": verdict.set}))["seconds"])
                for column, chosen_mode in ((1, mode("hodoku")), (2, uncounted)):
                    began = time.perf_counter()
                    solve_logically(Grid.parse(verdict.puzzle), mode=chosen_mode)
                    times[column].append(time.perf_counter() - began)
            slow, fast, faster = (statistics.median(column) for column in times)
            print(f"{level:<9}{len(chosen):>8}{slow:>13.3f}{fast:>9.3f}{slow / fast:>7.1f}{faster:>13.3f}"
                  f"{slow / faster:>7.1f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    for name, summary in (("score", "level, hardest step and score beside HoDoKu's"),
                          ("paths", "where the mode's path leaves HoDoKu's, by cause")):
        command = commands.add_parser(name, help=summary)
        command.add_argument("verdicts", type=Path, nargs="?", default=REFERENCE, help="HoDoKu's verdicts")
        command.add_argument("--limit", type=int, default=0, help="only the first N puzzles")
        command.add_argument("--default", action="store_true", help="rate them with the default mode too")
        command.add_argument("--show", type=int, default=2, help="examples shown of each cause")
    speed = commands.add_parser("speed", help="HoDoKu mode's time beside hodoku-py's, per level")
    speed.add_argument("verdicts", type=Path, nargs="?", default=REFERENCE, help="HoDoKu's verdicts")
    speed.add_argument("--python", required=True, help="an interpreter that has hodoku-py")
    speed.add_argument("--per-level", type=int, default=5, help="puzzles of each level")
    maker = commands.add_parser("reference", help="HoDoKu's verdicts by hodoku-py")
    maker.add_argument("out", type=Path, help="the JSON Lines file to extend (.gz: gzipped)")
    maker.add_argument("--python", required=True, help="an interpreter that has hodoku-py")
    maker.add_argument("--sets", default=",".join(REFERENCE_SETS), help="bundled sets, comma-separated")
    maker.add_argument("--limit", type=int, default=0, help="only the first N puzzles of the sets' order")
    maker.add_argument("--timeout", type=float, default=60.0, help="seconds hodoku-py may take a puzzle")
    maker.add_argument("--shard", default="0/1", help="I/N: only every N-th puzzle from the I-th")
    merge = commands.add_parser("merge", help="several reference runs as one file, in order")
    merge.add_argument("out", type=Path, help="the merged file (.gz: gzipped)")
    merge.add_argument("parts", type=Path, nargs="+", help="the runs' files")
    merge.add_argument("--sets", default=",".join(REFERENCE_SETS), help="bundled sets, comma-separated")
    args = parser.parse_args(argv)
    if args.command == "merge":
        merge_reference(args.out, args.parts, args.sets.split(","))
        return
    if args.command == "reference":
        index, count = (int(part) for part in args.shard.split("/"))
        make_reference(args.out, args.python, args.sets.split(","), args.limit, args.timeout, (index, count))
        return
    if args.command == "speed":
        compare_speed(read_verdicts(args.verdicts), args.python, args.per_level)
        return
    verdicts = read_verdicts(args.verdicts)[: args.limit or None]
    if args.command == "paths":
        report_paths(verdicts, args.show)
        return
    for mode_name in ("hodoku", "default") if args.default else ("hodoku",):
        report(verdicts, [judge(v.puzzle, mode_name) for v in verdicts], f"mode {mode_name}")


if __name__ == "__main__":
    main()

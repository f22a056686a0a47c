"""The human engine's modes side by side with larsdoku, hodoku-py and an older checkout, in one run.

    python -m sudokit.compare.bench.versus --larsdoku /tmp/lars-venv/bin/python \\
        --hodoku-py /tmp/hodoku-venv/bin/python [--baseline /tmp/old/.venv/bin/python] \\
        [--per-band 20] [--timeout 120] [--seed 44] --out bench.md --raw bench.jsonl
    python -m sudokit.compare.bench.versus --from-raw bench.jsonl --out bench.md

The engines, each in a warm worker process of its own: this checkout's default engine (the full
preset; it guesses only where its ladder is stuck, and says so), its SE and HoDoKu modes (as ``rate``
runs them: ``human_worker.py``), larsdoku (``lars_worker.py`` under the Python of a throwaway
environment that has it: AGPL, never a dependency), hodoku-py (``compare.bench.hodoku``'s driver
under an environment that has it: GPL, never a dependency; its clock made the CPU's) and, with
``--baseline``, the default engine of the checkout that Python has installed.

The puzzles: ``--per-band`` of each SE band of the SE-rated sample (``se-sample``, by its ratings)
and of the forum's hardest as SE mode rated them (``results/forum-hardest-1905-se.jsonl``: ER ≥
10.6), drawn with ``--seed``, in a seeded shuffle of all bands. Before them every worker solves,
unmeasured, an easy, a hard and an ER ≥ 11 puzzle (none of the sample): numba's compiling and the
caches are nobody's solve. Each puzzle goes to every worker in turn, the workers' order rotating
from one puzzle to the next, so a busy machine slows them alike; a time is the worker's CPU seconds
for the solve (``process_time``). A worker past ``--timeout`` CPU seconds on a puzzle (or five times
that in wall time) is killed, the puzzle recorded as a timeout, and the worker started and warmed
again. ``--raw`` keeps every answer (a path as its digest), one puzzle a line, written as they come;
``--from-raw`` makes the report of such files (a run stopped part way, or the shards of one:
``--shard I/N`` takes every N-th puzzle of the draw from the I-th).

The report (Markdown, printed and ``--out``): per band and engine the median and p90 CPU, how many
finished without guessing (and how the others ended), the medians and p90s of per-puzzle ratios
(over the puzzles both engines solved), and every puzzle whose default path differs from the
baseline's where the baseline finished without guessing.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import queue
import random
import shlex
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from sudokit.compare.bench.hodoku import _DRIVER as HODOKU_DRIVER
from sudokit.compare.reports.stats import percentile
from sudokit.compare.sets import load_set

HERE = Path(__file__).parent
ROOT = Path(__file__).resolve().parents[2]
FORUM = ROOT / "results" / "forum-hardest-1905-se.jsonl"
SE_BANDS = (("SE 1.5–4", 0.0, 4.0), ("SE 4–6", 4.0, 6.0), ("SE 6–7", 6.0, 7.0), ("SE 7–8", 7.0, 8.0),
            ("SE 8–9", 8.0, 9.0), ("SE 9+", 9.0, 10.6))
FORUM_BAND = "ER ≥ 10.6"
BANDS = (*(name for name, _, _ in SE_BANDS), FORUM_BAND)
# the engines' names, in the report's order, and the ratios it gives: (numerator, denominator)
ENGINES = ("default", "SE mode", "HoDoKu mode", "larsdoku", "hodoku-py", "baseline")
RATIOS = (("default", "larsdoku"), ("SE mode", "larsdoku"), ("HoDoKu mode", "hodoku-py"), ("default", "baseline"))
# hodoku-py's driver, with its clock reading the process's CPU time instead of the wall's
HODOKU_CPU_DRIVER = "import time\ntime.perf_counter = time.process_time\n" + HODOKU_DRIVER


@dataclass(frozen=True)
class Puzzle:
    band: str
    line: str  # 81 characters, 0 for a blank
    rating: float  # SE's (ER)


def pools(sample: Iterable[tuple[str, float]], forum: Iterable[tuple[str, float]]) -> dict[str, list[Puzzle]]:
    """Every candidate puzzle of each band: the SE-rated sample's by rating, the forum's of ER ≥ 10.6."""
    found: dict[str, list[Puzzle]] = {name: [] for name in BANDS}
    for line, rating in sample:
        for name, low, high in SE_BANDS:
            if low <= rating < high:
                found[name].append(Puzzle(name, line, rating))
    found[FORUM_BAND] = [Puzzle(FORUM_BAND, line, rating) for line, rating in forum if rating >= 10.6]
    return found


def choose(candidates: dict[str, list[Puzzle]], per_band: int, seed: int) -> tuple[list[Puzzle], list[Puzzle]]:
    """The warm-up puzzles (an easy, a hard and an ER ≥ 11 one) and ``per_band`` others of each band,
    in a shuffle of all bands; the same for the same ``seed``."""
    pick = random.Random(seed)
    warm_up = [pick.choice(candidates[SE_BANDS[0][0]]), pick.choice(candidates[SE_BANDS[-1][0]]),
               pick.choice([p for p in candidates[FORUM_BAND] if p.rating >= 11.0])]
    chosen = []
    for band in BANDS:
        left = [p for p in candidates[band] if p not in warm_up]
        chosen += pick.sample(left, min(per_band, len(left)))
    pick.shuffle(chosen)
    return warm_up, chosen


def load_pools(forum: Path) -> dict[str, list[Puzzle]]:
    sample = [(p.grid.line().replace(".", "0"), float(p.meta["se_rating"])) for p in load_set("se-sample").puzzles]
    with forum.open() as lines:
        rated = [json.loads(line) for line in lines if line.strip()]
    return pools(sample, [(r["puzzle"].replace(".", "0"), float(r["se_rating"])) for r in rated
                          if r.get("status") == "solved" and r.get("se_rating") is not None])


# ---- the workers

def cpu_seconds(pid: int) -> float | None:
    """A process's CPU seconds so far (user and system, every thread), or None where ``/proc`` is not."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat.rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _puzzle_line(puzzle: str) -> str:
    return puzzle


def _as_is(answer: dict) -> dict:
    return answer


def hodoku_answer(answer: dict) -> dict:
    """hodoku-py's verdict as a worker's answer: solved or stuck, guessing when it used brute force."""
    if "timeout" in answer:
        return {"status": "timeout", "guessed": False, "seconds": math.inf}
    return {"status": "solved" if answer["solved"] else "stuck", "seconds": answer["seconds"],
            "guessed": any(step[0] == "BRUTE_FORCE" for step in answer["steps"])}


@dataclass
class Worker:
    """One engine's process: a request line in (``encode``), a JSON line out (read by ``decode``)."""

    name: str
    command: list[str]
    encode: Callable[[str], str] = _puzzle_line
    decode: Callable[[dict], dict] = _as_is
    timeout: float = 120.0  # CPU seconds a puzzle (five times as many of the wall's)
    warm_up: Sequence[str] = ()
    restarts: int = 0
    _lines: queue.Queue = field(default_factory=queue.Queue, repr=False)

    def start(self) -> None:
        """Start the process and solve the warm-up puzzles, unmeasured (one past the timeout is left out:
        the worker is started afresh and warmed with the others)."""
        self._spawn()
        for puzzle in self.warm_up:
            answer = self._ask(puzzle)
            if answer["status"] == "crashed":
                raise SystemExit(f"{self.name}: the worker stopped while warming up ({' '.join(self.command[:2])})")
            if answer["status"] == "timeout":
                self.stop()
                self._spawn()

    def _spawn(self) -> None:
        self.process = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self._lines = queue.Queue()
        threading.Thread(target=self._read, args=(self.process.stdout, self._lines), daemon=True).start()

    def solve(self, puzzle: str) -> dict:
        """The worker's answer; a timeout or a crash restarts it (warmed again)."""
        answer = self._ask(puzzle)
        if answer["status"] in ("timeout", "crashed"):
            self.stop()
            self.restarts += 1
            self.start()
        return answer

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()

    def _ask(self, puzzle: str) -> dict:
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(self.encode(puzzle) + "\n")
            self.process.stdin.flush()
        except BrokenPipeError:
            return {"status": "crashed", "guessed": False, "seconds": math.inf}
        used, began = cpu_seconds(self.process.pid), time.monotonic()
        while True:
            try:
                line = self._lines.get(timeout=min(1.0, self.timeout))
            except queue.Empty:
                now = cpu_seconds(self.process.pid)
                spent = now - used if now is not None and used is not None else time.monotonic() - began
                if spent > self.timeout or time.monotonic() - began > 5 * self.timeout:
                    return {"status": "timeout", "guessed": False, "seconds": math.inf}
                continue
            if line is None:
                return {"status": "crashed", "guessed": False, "seconds": math.inf}
            return self.decode(json.loads(line))

    @staticmethod
    def _read(stream: Iterable[str], lines: queue.Queue) -> None:
        for line in stream:
            lines.put(line)
        lines.put(None)


def run(puzzles: Sequence[Puzzle], workers: Sequence[Worker], raw: Path | None = None,
        progress: bool = True) -> list[dict]:
    """Every puzzle to every worker, the workers' order rotating from one puzzle to the next; one
    record a puzzle (band, puzzle, rating, each engine's answer), appended to ``raw`` as it comes."""
    records = []
    for worker in workers:
        worker.start()
    sink = raw.open("w") if raw else None
    try:
        for i, puzzle in enumerate(puzzles):
            answers = {}
            for k in range(len(workers)):
                worker = workers[(i + k) % len(workers)]
                answers[worker.name] = short(worker.solve(puzzle.line))
            record: dict = {"band": puzzle.band, "puzzle": puzzle.line, "rating": puzzle.rating,
                      "answers": {w.name: answers[w.name] for w in workers}}
            records.append(record)
            if sink:
                sink.write(json.dumps(record) + "\n")
                sink.flush()
            if progress:
                print(f"{i + 1}/{len(puzzles)} {puzzle.band}: " + ", ".join(
                    f"{name} {_cpu(a['seconds'])} {a['status']}" for name, a in record["answers"].items()),
                    file=sys.stderr, flush=True)
    finally:
        for worker in workers:
            worker.stop()
        if sink:
            sink.close()
    return records


def short(answer: dict) -> dict:
    """An answer with its path as a digest (the paths themselves are long)."""
    if "path" not in answer:
        return answer
    digest = hashlib.sha256("\n".join(answer["path"]).encode()).hexdigest()[:16]
    return {**{k: v for k, v in answer.items() if k != "path"}, "steps": len(answer["path"]), "path_sha256": digest}


# ---- the report

def quantile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (interpolated); infinite where it reaches an infinite value (a timeout)."""
    ordered = sorted(values)
    if not ordered:
        return math.nan
    if ordered[math.ceil((len(ordered) - 1) * q / 100)] == math.inf:
        return math.inf
    return percentile(ordered, q)


def ratios(records: Sequence[dict], top: str, bottom: str) -> list[float]:
    """Per puzzle, ``top``'s CPU over ``bottom``'s, on the puzzles both solved (with or without guessing)."""
    found = []
    for record in records:
        a, b = record["answers"].get(top), record["answers"].get(bottom)
        if a and b and a["status"] == b["status"] == "solved" and b["seconds"] > 0:
            found.append(a["seconds"] / b["seconds"])
    return found


def outcome(answers: Sequence[dict]) -> str:
    """How many solved without guessing, of how many, and how the others ended."""
    clean = sum(a["status"] == "solved" and not a["guessed"] for a in answers)
    others = {"guessed": sum(a["status"] == "solved" and a["guessed"] for a in answers)}
    for status in ("stuck", "timeout", "crashed"):
        others[status] = sum(a["status"] == status for a in answers)
    rest = ", ".join(f"{count} {status}" for status, count in others.items() if count)
    return f"{clean}/{len(answers)}" + (f" ({rest})" if rest else "")


def _cpu(seconds: float) -> str:
    if seconds == math.inf:
        return "timeout"
    return f"{1000 * seconds:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def report(records: Sequence[dict], timeout: float | None = None) -> str:
    """The Markdown tables: CPU per band and engine, who finished without guessing, the ratios."""
    engines = [name for name in ENGINES if any(name in r["answers"] for r in records)]
    bands = [(band, [r for r in records if r["band"] == band]) for band in BANDS]
    bands = [(band, chosen) for band, chosen in bands if chosen]
    late = f"> {timeout:g} s" if timeout else "timeout"

    def cell(seconds: float) -> str:
        return late if seconds == math.inf else _cpu(seconds)

    out = ["CPU per solve, median / p90:", "",
           "| band | puzzles | " + " | ".join(engines) + " |", "|---|---:|" + "---:|" * len(engines)]
    for band, chosen in bands:
        cells = []
        for name in engines:
            times = [r["answers"][name]["seconds"] for r in chosen if name in r["answers"]]
            cells.append(f"{cell(quantile(times, 50))} / {cell(quantile(times, 90))}")
        out.append(f"| {band} | {len(chosen)} | " + " | ".join(cells) + " |")
    out += ["", "Solved without guessing (the others: guessed, stuck, past the timeout):", "",
            "| band | " + " | ".join(engines) + " |", "|---|" + "---|" * len(engines)]
    for band, chosen in bands:
        out.append(f"| {band} | " + " | ".join(
            outcome([r["answers"][name] for r in chosen if name in r["answers"]]) for name in engines) + " |")
    pairs = [(top, bottom) for top, bottom in RATIOS if top in engines and bottom in engines]
    out += ["", "Per-puzzle CPU ratios over the puzzles both solved, median / p90 (puzzles):", "",
            "| band | " + " | ".join(f"{top} / {bottom}" for top, bottom in pairs) + " |",
            "|---|" + "---:|" * len(pairs)]
    for band, chosen in bands:
        cells = []
        for top, bottom in pairs:
            found = ratios(chosen, top, bottom)
            cells.append(f"{quantile(found, 50):.2f} / {quantile(found, 90):.2f} ({len(found)})" if found else "—")
        out.append(f"| {band} | " + " | ".join(cells) + " |")
    return "\n".join(out)


def differences(records: Sequence[dict], new: str = "default", old: str = "baseline") -> list[str]:
    """The puzzles whose path differs between two checkouts, where the old one solved without guessing."""
    found = []
    for record in records:
        a, b = record["answers"].get(new), record["answers"].get(old)
        if not a or not b or b["status"] != "solved" or b["guessed"]:
            continue
        if a.get("path_sha256") != b.get("path_sha256"):
            found.append(f"- {record['band']} (SE {record['rating']}) `{record['puzzle']}`: {old} {b['steps']} "
                         f"steps, hardest {b['hardest']}, rated {b['se']}; {new} {a.get('steps')} steps, hardest "
                         f"{a.get('hardest')}, rated {a.get('se')} ({a['status']})")
    return found


def compared(records: Sequence[dict], new: str = "default", old: str = "baseline") -> int:
    """How many puzzles the old checkout solved without guessing (those whose paths are compared)."""
    return sum(1 for r in records if old in r["answers"] and new in r["answers"]
               and r["answers"][old]["status"] == "solved" and not r["answers"][old]["guessed"])


def full_report(records: Sequence[dict], timeout: float | None = None) -> str:
    text = report(records, timeout)
    if any("baseline" in r["answers"] for r in records):
        found = differences(records)
        text += (f"\n\nDefault paths against the baseline's, on the {compared(records)} puzzles the baseline solved "
                 f"without guessing: {len(found)} differ" + ("." if not found else ":\n\n" + "\n".join(found)))
    return text


# ---- the run

def version(python: str, distribution: str) -> str:
    """The version of ``distribution`` installed for ``python`` (or why it is not known)."""
    code = f"import importlib.metadata as m; print(m.version({distribution!r}))"
    done = subprocess.run([python, "-c", code], capture_output=True, text=True)
    return done.stdout.strip() or "unknown"


def commit(folder: Path) -> str:
    done = subprocess.run(["git", "-C", str(folder), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    return done.stdout.strip() or "unknown"


def workers(args: argparse.Namespace, warm_up: Sequence[str]) -> list[Worker]:
    """The engines asked for, each a worker with the run's timeout and warm-up."""
    human = str(HERE / "human_worker.py")
    chosen = [Worker("default", [sys.executable, human, "default"]), Worker("SE mode", [sys.executable, human, "se"]),
              Worker("HoDoKu mode", [sys.executable, human, "hodoku"])]
    if args.larsdoku:
        chosen.append(Worker("larsdoku", [args.larsdoku, str(HERE / "lars_worker.py")]))
    if args.hodoku_py:
        chosen.append(Worker("hodoku-py", [args.hodoku_py, "-c", HODOKU_CPU_DRIVER, str(5 * args.timeout)],
                             encode=lambda puzzle: json.dumps({"puzzle": puzzle, "set": "versus"}),
                             decode=hodoku_answer))
    if args.baseline:
        chosen.append(Worker("baseline", [args.baseline, human, "default"]))
    if args.engines:
        chosen = [worker for worker in chosen if worker.name in args.engines]
    for worker in chosen:
        worker.timeout, worker.warm_up = args.timeout, warm_up
    return chosen


def preamble(args: argparse.Namespace, argv: Sequence[str], loads: tuple[float, float, float], began: str,
             code: str, engines: Sequence[Worker]) -> str:
    """How the run was made: the command, the code and versions, the machine's load."""
    lines = [f"Run {began} to {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average at the start "
             f"{loads[0]:.2f} / {loads[1]:.2f} / {loads[2]:.2f} (1 / 5 / 15 min), at the end "
             + " / ".join(f"{x:.2f}" for x in os.getloadavg()) + f"; {os.cpu_count()} cores.", "",
             "    python -m sudokit.compare.bench.versus " + shlex.join(argv), "",
             f"- sudokit: this checkout, commit `{code}` at the start (numba "
             f"{version(sys.executable, 'numba')}), Python {sys.version.split()[0]}"]
    if args.larsdoku:
        lines.append(f"- larsdoku {version(args.larsdoku, 'larsdoku')} (`{args.larsdoku}`)")
    if args.hodoku_py:
        lines.append(f"- hodoku-py {version(args.hodoku_py, 'hodoku-py')} (`{args.hodoku_py}`)")
    if args.baseline:
        lines.append(f"- baseline: the sudokit `{args.baseline}` has installed")
    lines.append(f"- {args.per_band} puzzles a band (seed {args.seed}), timeout {args.timeout:g} CPU seconds; "
                 "workers restarted after a timeout: "
                 + (", ".join(f"{w.name} {w.restarts}" for w in engines if w.restarts) or "none"))
    return "\n".join(lines)


def names(known: Sequence[str]) -> Callable[[str], list[str]]:
    """A parser of a comma-separated choice among ``known``."""
    def parse(text: str) -> list[str]:
        chosen = [name.strip() for name in text.split(",")]
        if unknown := [name for name in chosen if name not in known]:
            raise argparse.ArgumentTypeError(f"unknown: {', '.join(unknown)}; choose among {', '.join(known)}")
        return chosen
    return parse


def shard(text: str) -> tuple[int, int]:
    """``I/N`` as (I, N), 0 <= I < N."""
    index, _, count = text.partition("/")
    if not (index.isdigit() and count.isdigit() and int(index) < int(count)):
        raise argparse.ArgumentTypeError(f"{text!r} is no shard: give I/N with 0 <= I < N, as 1/2")
    return int(index), int(count)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--larsdoku", help="the Python of an environment with larsdoku")
    parser.add_argument("--hodoku-py", help="the Python of an environment with hodoku-py")
    parser.add_argument("--baseline", help="the Python of an environment with another checkout of sudokit")
    parser.add_argument("--per-band", type=int, default=20, help="puzzles a band (20)")
    parser.add_argument("--seed", type=int, default=44, help="the draw of the puzzles (44)")
    parser.add_argument("--timeout", type=float, default=120.0, help="CPU seconds a worker may take a puzzle (120)")
    parser.add_argument("--forum", type=Path, default=FORUM, help="SE mode's records of the forum's hardest")
    parser.add_argument("--out", type=Path, help="write the report (Markdown) here")
    parser.add_argument("--raw", type=Path, help="write every answer here (JSON Lines), as they come")
    parser.add_argument("--shard", type=shard, default=(0, 1), help="I/N: only every N-th puzzle of the draw from the I-th "
                        "(N runs at once share the puzzles; --from-raw joins their answers)")
    parser.add_argument("--bands", type=names(BANDS), help="only these bands, comma-separated (all)")
    parser.add_argument("--engines", type=names(ENGINES), help="only these engines, comma-separated (all asked for)")
    parser.add_argument("--from-raw", type=Path, nargs="+", help="report on the answers of earlier runs, running nothing")
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(argv)
    if args.from_raw:
        records = [json.loads(line) for path in args.from_raw for line in path.read_text().splitlines() if line.strip()]
        text = full_report(records, args.timeout)
    else:
        loads, began, code = os.getloadavg(), time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), commit(ROOT)
        warm_up, puzzles = choose(load_pools(args.forum), args.per_band, args.seed)
        puzzles = [p for p in puzzles if not args.bands or p.band in args.bands][args.shard[0]::args.shard[1]]
        engines = workers(args, [p.line for p in warm_up])
        records = run(puzzles, engines, args.raw)
        text = preamble(args, argv, loads, began, code, engines) + "\n\n" + full_report(records, args.timeout)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()

"""The human engine side by side with another checkout of itself and with larsdoku, in one run.

    python -m sudokit.compare.bench.versus --baseline /tmp/baseline-venv/bin/python \\
        --larsdoku /tmp/lars-venv/bin/python --out results/human-engine-bench.md

Each engine runs in its own worker process (``human_worker.py`` under the baseline's Python,
which imports that checkout's install; ``lars_worker.py`` under larsdoku's); the puzzles of the
SE-rated sample go to the workers in turn, one puzzle at a time and the order of the workers
rotating, so a busy machine slows all of them alike. Times are each worker's CPU seconds for the
puzzle (the full preset, guessing allowed). The report gives, per SE band, each engine's mean,
median and p99 and its share solved without guessing, the ratios, and every puzzle whose path,
rating or hardest technique differs between the two checkouts of sudokit.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from sudokit.compare.reports.stats import percentile
from sudokit.compare.sets import load_set

HERE = Path(__file__).parent
BANDS = ((0.0, 4.0), (4.0, 6.0), (6.0, 7.0), (7.0, 8.0), (8.0, 9.0), (9.0, 99.0))


@dataclass
class Worker:
    """One engine's process: a puzzle line in, a JSON line out."""

    name: str
    command: list[str]
    answers: list[dict] = field(default_factory=list)

    def start(self) -> None:
        self.process = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.ready = self._read()

    def solve(self, puzzle: str) -> dict:
        assert self.process.stdin
        self.process.stdin.write(puzzle + "\n")
        self.process.stdin.flush()
        answer = self._read()
        self.answers.append(answer)
        return answer

    def stop(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait(timeout=60)

    def _read(self) -> dict:
        assert self.process.stdout
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"{self.name}: the worker stopped ({' '.join(self.command)})")
        return json.loads(line)


def run(puzzles: Sequence[str], workers: Sequence[Worker], warm_up: Sequence[str] = (), progress: bool = True) -> None:
    """Every puzzle to every worker, the workers' order rotating from one puzzle to the next (after
    the ``warm_up`` puzzles, whose answers are dropped: larsdoku compiles its kernels as it meets them)."""
    for worker in workers:
        worker.start()
        for puzzle in warm_up:
            worker.solve(puzzle)
        worker.answers.clear()
    try:
        for i, puzzle in enumerate(puzzles):
            for k in range(len(workers)):
                workers[(i + k) % len(workers)].solve(puzzle)
            if progress and (i + 1) % 100 == 0:
                print(f"{i + 1}/{len(puzzles)}", file=sys.stderr, flush=True)
    finally:
        for worker in workers:
            worker.stop()


def band_name(low: float, high: float) -> str:
    return f"SE {low:.1f}+" if high > 20 else f"SE {low:.1f}–{high - 0.1:.1f}" if low else f"SE < {high:.1f}"


def summary(seconds: Sequence[float], guessed: Sequence[bool]) -> dict[str, float]:
    """Mean, median and p99 in ms, and the share solved without guessing."""
    ms = [1000 * s for s in seconds]
    return {"n": len(ms), "mean": statistics.fmean(ms), "median": percentile(ms, 50), "p99": percentile(ms, 99),
            "max": max(ms), "logic": 100 * sum(not g for g in guessed) / len(guessed)}


def report(ratings: Sequence[float], workers: Sequence[Worker]) -> str:
    """The Markdown tables: per band and engine, then the ratios to the first worker (the new engine)."""
    rows = []
    groups = [(band_name(lo, hi), [i for i, r in enumerate(ratings) if lo <= r < hi]) for lo, hi in BANDS]
    groups += [("SE 8.0+", [i for i, r in enumerate(ratings) if r >= 8.0]), ("all", list(range(len(ratings))))]
    groups = [(label, chosen) for label, chosen in groups if chosen]  # a small sample may miss a band
    names = [w.name for w in workers]
    out = ["| band | puzzles | " + " | ".join(f"{n} mean / median / p99 (ms) | {n} no guess" for n in names) + " |",
           "|---|---:|" + "---:|---:|" * len(names)]
    stats: dict[tuple[str, str], dict[str, float]] = {}
    for label, chosen in groups:
        cells = []
        for w in workers:
            s = summary([w.answers[i]["seconds"] for i in chosen], [bool(w.answers[i]["guessed"]) for i in chosen])
            stats[label, w.name] = s
            cells.append(f"{s['mean']:.0f} / {s['median']:.0f} / {s['p99']:.0f} | {s['logic']:.0f} %")
        out.append(f"| {label} | {len(chosen)} | " + " | ".join(cells) + " |")
        rows.append(label)
    new = names[0]
    out += ["", "| band | " + " | ".join(f"{new} / {n} mean | median" for n in names[1:]) + " |",
            "|---|" + "---:|---:|" * (len(names) - 1)]
    for label in rows:
        ours = stats[label, new]
        out.append(f"| {label} | " + " | ".join(
            f"{ours['mean'] / stats[label, n]['mean']:.2f} | {ours['median'] / stats[label, n]['median']:.2f}"
            for n in names[1:]) + " |")
    return "\n".join(out)


def differences(ratings: Sequence[float], new: Worker, old: Worker) -> list[str]:
    """The puzzles whose path, rating, hardest technique or status differ between two checkouts."""
    found = []
    for rating, a, b in zip(ratings, new.answers, old.answers):
        keys = ("status", "se", "hardest", "path")
        if any(a[k] != b[k] for k in keys):
            step = next((i for i, (x, y) in enumerate(zip(a["path"], b["path"])) if x != y),
                        min(len(a["path"]), len(b["path"])))
            found.append(f"- SE {rating} `{a['puzzle']}`: rating {b['se']} → {a['se']}, hardest {b['hardest']} → "
                         f"{a['hardest']}, paths part at step {step + 1}")
    return found


def _short(answer: dict) -> dict:
    """An answer with its path as a digest (the paths themselves are long)."""
    if "path" not in answer:
        return answer
    digest = hashlib.sha256("\n".join(answer["path"]).encode()).hexdigest()[:16]
    return {**{k: v for k, v in answer.items() if k != "path"}, "steps": len(answer["path"]), "path_sha256": digest}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", required=True, help="the Python of an environment with the other checkout")
    parser.add_argument("--larsdoku", help="the Python of an environment with larsdoku")
    parser.add_argument("--every", type=int, default=1, help="take every k-th puzzle of the sample")
    parser.add_argument("--out", type=Path, help="write the report (Markdown) here, the answers beside it (.jsonl)")
    args = parser.parse_args(argv)
    sample = load_set("se-sample").puzzles[:: args.every]
    puzzles = [p.grid.line().replace(".", "0") for p in sample]
    ratings = [float(p.meta["se_rating"]) for p in sample]
    worker = str(HERE / "human_worker.py")
    workers = [Worker("new", [sys.executable, worker]), Worker("baseline", [args.baseline, worker])]
    if args.larsdoku:
        workers.append(Worker("larsdoku", [args.larsdoku, str(HERE / "lars_worker.py")]))
    hardest = sorted(range(len(sample)), key=lambda i: -ratings[i])[:3]
    run(puzzles, workers, warm_up=[puzzles[i] for i in hardest])
    text = "\n\n".join([report(ratings, workers), "Differences (new against baseline):",
                        "\n".join(differences(ratings, workers[0], workers[1])) or "none"])
    print(text)
    if args.out:
        args.out.write_text(text + "\n")
        with args.out.with_suffix(".jsonl").open("w") as raw:
            for i, rating in enumerate(ratings):
                raw.write(json.dumps({"se": rating, **{w.name: _short(w.answers[i]) for w in workers}}) + "\n")


if __name__ == "__main__":
    main()

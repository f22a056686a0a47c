"""How steady are CPU time and wall time? The same comparison repeated, on the machine as it is and
with a busy process beside it: the spread of the CPU-time ratio against that of the wall-time ratio.

    python -m sudokit.compare.bench.steadiness --out results/measurements.md

Each round is a ``sudokit compare`` of two backends over one set (by default bitx and dlx over top95),
a new run in a temporary database; the ratio is the second backend's median over the first's, by CPU
time and by wall time. A round "busy" runs beside a process that spins on one core for the whole
round. The spread of a condition's ratios is (max − min) / median. The machine's load average is
noted before each round: a shared machine is never idle, and the note says how busy it was.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

SPIN = "while True: pass"


def one_round(sets: list[str], backends: tuple[str, str], jobs: int, busy: bool) -> dict:
    """One comparison: each backend's CPU and wall medians, their ratios, and the load around it."""
    spinner = subprocess.Popen([sys.executable, "-c", SPIN]) if busy else None
    load = os.getloadavg()[0]
    try:
        with tempfile.TemporaryDirectory() as folder:
            done = subprocess.run(
                [sys.executable, "-m", "sudokit.compare.cli", "compare", *sets, "--backends", ",".join(backends),
                 "--jobs", str(jobs), "--db", str(Path(folder) / "r.sqlite"), "--no-report", "--json", "--quiet"],
                capture_output=True, text=True, check=False)
    finally:
        if spinner:
            spinner.kill()
            spinner.wait()
    if done.returncode not in (0, 1):
        raise SystemExit(f"sudokit compare failed: {done.stderr.strip()}")
    summary = json.loads(done.stdout)
    by_name = {b["backend"]: b for b in summary["backends"]}
    first, second = (by_name[name] for name in backends)
    return {"busy": busy, "load_before": round(load, 2), "machine_busy": summary["environment"].get("machine_busy"),
            "cpu": {name: by_name[name]["cpu_median"] for name in backends},
            "wall": {name: by_name[name]["median"] for name in backends},
            "cpu_ratio": second["cpu_median"] / first["cpu_median"],
            "wall_ratio": second["median"] / first["median"]}


def spread(values: list[float]) -> float:
    """(max − min) / median: how far apart repeated ratios are, relative to their size."""
    return (max(values) - min(values)) / statistics.median(values)


def note(rounds: list[dict], backends: tuple[str, str], sets: list[str], jobs: int) -> str:
    """The Markdown note: every round, and per condition the spread of each ratio."""
    lines = [f"| condition | load before | processors busy | {backends[1]}/{backends[0]} CPU | "
             f"{backends[1]}/{backends[0]} wall | {backends[0]} CPU ms | {backends[0]} wall ms |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    for r in rounds:
        share = "–" if r["machine_busy"] is None else f"{r['machine_busy']:.0%}"
        lines.append(f"| {'busy process beside' if r['busy'] else 'as it is'} | {r['load_before']:.2f} | {share} | "
                     f"{r['cpu_ratio']:.3f} | {r['wall_ratio']:.3f} | {r['cpu'][backends[0]] * 1000:.3f} | "
                     f"{r['wall'][backends[0]] * 1000:.3f} |")
    summary = ["| condition | spread of the CPU ratio | spread of the wall ratio |", "| --- | --- | --- |"]
    for busy in (False, True):
        chosen = [r for r in rounds if r["busy"] == busy]
        if chosen:
            summary.append(f"| {'busy process beside' if busy else 'as it is'} | "
                           f"{spread([r['cpu_ratio'] for r in chosen]):.1%} | "
                           f"{spread([r['wall_ratio'] for r in chosen]):.1%} |")
    every = [r["cpu_ratio"] for r in rounds], [r["wall_ratio"] for r in rounds]
    summary.append(f"| all rounds | {spread(every[0]):.1%} | {spread(every[1]):.1%} |")
    return "\n".join([
        f"`sudokit compare {' '.join(sets)} --backends {','.join(backends)} --jobs {jobs}`, "
        f"{len(rounds)} rounds on {os.cpu_count()} cores; median times per puzzle.", "",
        *lines, "", *summary, ""])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", nargs="+", default=["top95"])
    parser.add_argument("--backends", default="bitx,dlx")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path)
    options = parser.parse_args(argv)
    first, second = options.backends.split(",")
    rounds = [one_round(options.sets, (first, second), options.jobs, busy)
              for _ in range(options.rounds) for busy in (False, True)]  # (alternating: drifts fall on both)
    text = note(rounds, (first, second), options.sets, options.jobs)
    print(text)
    if options.out:
        options.out.with_suffix(".json").write_text(json.dumps(rounds, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

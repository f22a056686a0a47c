"""The CP field side by side: ``python -m sudokit.compare.bench.field [--sets …] [--backends …]
[--sample N] [--cap SECONDS] [--cap-25 SECONDS] [--out results/field-bench]``.

Every backend solves every puzzle of a set in turn (one warm solver per backend, a 4×4 warm-up
first), with solution limit 2 (the uniqueness proof included) and the backend's own time limit
(the cap; 25×25 puzzles get ``--cap-25``). Times are wall-clock seconds of one ``solve``, split
into building the model, handing it over (``stats["transform_seconds"]``: CPMpy's transformation,
MiniZinc's flattening) and the search. Every answer is checked by the judge (``is_solution``) and
by the status the set's puzzles must have (all bundled sets here are proper puzzles).

Results are merged into ``OUT.json`` backend by backend, so a run can go in pieces: a rerun skips
every (set, backend) that ``OUT.json`` already holds for the same puzzles and cap (``--redo`` measures
them again; another cap or ``--sample`` is stored apart). Each row records the commit, the versions, the cap, the machine's load before and after;
``OUT.md`` is written from all of it.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import time
from pathlib import Path
from statistics import median
from typing import Any

from sudokit.compare.sets import load_set
from sudokit.models.grid import Grid, is_solution
from sudokit.solvers.base import SolveResult, Status
from sudokit.solvers.registry import get_backend

SETS = ("top95", "17clue-1000", "gecode-16x16", "gecode-25x25")
BACKENDS = ("bitx", "sat", "cpsat", "cpsat:model=pairwise", "cpsat:model=dual",
            "cpmpy:solver=ortools", "cpmpy:solver=ortools:model=pairwise", "cpmpy:solver=ortools:model=dual",
            "cpmpy:solver=choco", "cpmpy:solver=choco:model=pairwise", "cpmpy:solver=choco:model=dual",
            "cpmpy:solver=pumpkin", "cpmpy:solver=exact", "cpmpy:solver=z3", "cpmpy:solver=pindakaas",
            "cpmpy:solver=pysat", "minizinc:solver=gecode", "dimacs:solver=cadical", "dimacs:solver=minisat",
            "dimacs:solver=picosat", "dimacs:solver=cryptominisat")
WARM_UP = Grid.parse("..4..2.131....1.")


def measure(spec: str, puzzles: list[Grid], cap: float) -> dict:
    """One backend over ``puzzles``: solved count, wrong answers, medians, PAR-2, the phases' medians."""
    backend = get_backend(spec)
    solver = backend.create()
    solver.solve(WARM_UP, time_limit=cap)
    rows: list[dict[str, Any]] = []
    for grid in puzzles:
        began = time.perf_counter()
        try:
            result = solver.solve(grid, time_limit=cap)
        except Exception as error:  # counted as an error, as the harness records a backend that raises
            result = SolveResult(Status.ERROR, message=f"{type(error).__name__}: {error}")
        wall = time.perf_counter() - began
        right = result.status is Status.SOLVED and result.solution is not None and is_solution(result.solution, grid)
        rows.append({"status": result.status.value, "right": right, "wall": wall, "build": result.build_seconds,
                     "transform": float(result.stats.get("transform_seconds", 0.0)), "solve": result.solve_seconds})
    solved = [r for r in rows if r["right"]]
    return {
        "backend": spec, "version": backend.version(), "puzzles": len(rows), "solved": len(solved),
        "timeouts": sum(r["status"] == "timeout" for r in rows),
        "wrong": sum(not r["right"] and r["status"] not in ("timeout",) for r in rows),
        "median": median(r["wall"] for r in solved) if solved else None,
        "par2": sum(r["wall"] if r["right"] else 2 * cap for r in rows) / len(rows),
        "build": median(r["build"] - r["transform"] for r in solved) if solved else None,
        "transform": median(r["transform"] for r in solved) if solved else None,
        "solve": median(r["solve"] for r in solved) if solved else None,
        "cap": cap,
    }


def commit() -> str:
    """The commit measured (short hash, ``+dirty`` when files outside ``results/`` have changed, since
    the bench's own output there changes under it), or ``unknown``."""
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], capture_output=True, text=True, check=True,
                              cwd=Path(__file__).parent).stdout.strip()

    try:
        changed = git("status", "--porcelain", "--untracked-files=no", "--", ":(top)", ":(top,exclude)results")
        return git("rev-parse", "--short", "HEAD") + ("+dirty" if changed else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def load() -> float:
    """The machine's one-minute load average."""
    return os.getloadavg()[0]


def table(results: dict) -> str:
    """The Markdown tables of ``results`` (set -> its run), one per set."""
    def ms(value: float | None) -> str:
        return "–" if value is None else f"{value * 1000:.1f}"

    parts = []
    for name, run in results.items():
        parts += [f"### {name}: {run['puzzles']} puzzles ({run['which']})\n",
                  "| backend | version | solved | timeouts | wrong | median ms | PAR-2 s | build ms | hand-over ms | solve ms |",
                  "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for row in sorted(run["rows"], key=lambda r: (r["par2"], r["median"] or 0)):
            parts.append(f"| {row['backend']} | {row['version']} | {row['solved']} | {row['timeouts']} | {row['wrong']} | "
                         f"{ms(row['median'])} | {row['par2']:.2f} | {ms(row['build'])} | {ms(row['transform'])} | "
                         f"{ms(row['solve'])} |")
        parts.append("")
    return "\n".join(parts)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", default=",".join(SETS))
    parser.add_argument("--backends", default=",".join(BACKENDS), help="specs separated by ';' or ','")
    parser.add_argument("--sample", type=int, default=0, help="the first N puzzles of each set (0: all)")
    parser.add_argument("--cap", type=float, default=10.0)
    parser.add_argument("--cap-25", type=float, default=60.0)
    parser.add_argument("--out", type=Path, default=Path("results/field-bench"))
    parser.add_argument("--redo", action="store_true", help="measure again what OUT.json already holds")
    args = parser.parse_args(argv)
    specs = [spec.strip() for spec in args.backends.replace(";", ",").split(",") if spec.strip()]
    available = [spec for spec in specs if get_backend(spec).is_available()]
    for spec in sorted(set(specs) - set(available)):
        print(f"skipping {spec}: {get_backend(spec).why_unavailable()}")
    store = args.out.with_suffix(".json")
    results = json.loads(store.read_text()) if store.exists() else {}
    for name in args.sets.split(","):
        puzzles = [p.grid for p in load_set(name).puzzles]
        which = f"the first {args.sample} of {len(puzzles)}" if args.sample and args.sample < len(puzzles) else "all"
        puzzles = puzzles[: args.sample or None]
        cap = args.cap_25 if puzzles[0].size == 25 else args.cap
        key = f"{name}, cap {cap:g} s" + ("" if which == "all" else f", {which}")
        run = results.setdefault(key, {"puzzles": len(puzzles), "which": which, "cap": cap, "rows": []})
        done = {row["backend"] for row in run["rows"]}
        for spec in available:
            if spec in done and not args.redo:
                print(f"{name} {spec}: already in {store}, skipped", flush=True)
                continue
            before = load()
            row = measure(spec, puzzles, cap)
            row.update(commit=commit(), load_before=round(before, 2), load_after=round(load(), 2),
                       machine=platform.node(), python=platform.python_version(), nice=os.nice(0))
            run["rows"] = [r for r in run["rows"] if r["backend"] != spec] + [row]
            store.write_text(json.dumps(results, indent=1) + "\n")
            print(f"{name} {spec}: {row['solved']}/{row['puzzles']} PAR-2 {row['par2']:.2f}", flush=True)
    args.out.with_suffix(".md").write_text("# The CP field (measured tables)\n\n" + table(results))


if __name__ == "__main__":
    main()

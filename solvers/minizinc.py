"""MiniZinc: sudokit's model file (``models/sudoku.mzn``) run by the ``minizinc`` program on a solver
it has configured (``minizinc:solver=gecode``; any name ``minizinc --solvers`` lists).

One ``minizinc`` run per puzzle: the givens go in as data (``-D``), ``-n LIMIT`` asks for up to the
limit's solutions, and the output says how the search ended (``==========``: every solution
printed; ``=====UNSATISFIABLE=====``). The program is driven directly, so Debian's MiniZinc 2.6.4
is enough (CPMpy's MiniZinc route needs 2.8.2). Under a time limit MiniZinc is given a shorter one
of its own (``--time-limit``, ``own_limit``: it overshoots its own by a tenth of a second or
more, stopping its solver and printing), and at the deadline itself ``minizinc`` is killed with
every process it started (``solvers.program``: its solver runs in a process group of its own and
outlived a plain kill by minutes). A second solution found is in ``stats["also_found"]``, for the judge.

``build_seconds`` is MiniZinc's flattening (its ``flatTime``, the hand-over to the solver, also in
``stats["transform_seconds"]``), ``solve_seconds`` the rest of the run (process start-up included).
"""

from __future__ import annotations

import json
import subprocess
import time
from functools import cache
from importlib import resources
from math import isqrt

from sudokit.models.grid import Grid
from sudokit.solvers import program
from sudokit.solvers.base import DEFAULT_LIMIT, SolveResult, Status, status_for

ROOM = 0.2, 0.5  # MiniZinc's own time limit leaves this share of ours, at most so many seconds
COMPLETE, UNSAT = "==========", "=====UNSATISFIABLE====="


def model_file() -> str:
    """The path of the bundled MiniZinc model."""
    return str(resources.files("sudokit.models") / "sudoku.mzn")


@cache
def configured_solvers() -> dict[str, str]:
    """MiniZinc's configured solvers: each id's last part and tags (``gecode``) -> its version."""
    listing = json.loads(subprocess.run(["minizinc", "--solvers-json"], capture_output=True, text=True,
                                        timeout=60, check=True).stdout)
    known: dict[str, str] = {}
    for solver in listing:
        for name in (solver["id"].rsplit(".", 1)[-1], *solver.get("tags", ())):
            known.setdefault(name, f"{solver.get('name', name)} {solver.get('version', '?')}")
    return known


@cache
def minizinc_version() -> str:
    done = subprocess.run(["minizinc", "--version"], capture_output=True, text=True, timeout=60, check=False)
    return done.stdout.split("version", 1)[-1].split()[0] if "version" in done.stdout else "?"


def own_limit(time_limit: float) -> float:
    """The time limit MiniZinc is given under ours: room left to stop its solver and print.

    >>> own_limit(1.0), own_limit(10.0)
    (0.8, 9.5)
    """
    share, most = ROOM
    return time_limit - min(share * time_limit, most)


def givens_data(grid: Grid) -> str:
    """The puzzle as MiniZinc data: ``n`` and the givens' 2-D array (0 = blank).

    >>> givens_data(Grid.parse("1..." "..1." ".1.." "...1"))
    'n = 2; givens = [| 1,0,0,0 | 0,0,1,0 | 0,1,0,0 | 0,0,0,1 |];'
    """
    size = grid.size
    rows = [",".join(map(str, grid.values[r * size:(r + 1) * size])) for r in range(size)]
    return f"n = {isqrt(size)}; givens = [| {' | '.join(rows)} |];"


class MiniZincSolver:
    """The ``minizinc`` program with the bundled model, one run per puzzle."""

    name = "minizinc"

    def __init__(self, solver: str = "gecode"):
        self.solver = solver

    def solve(self, grid: Grid, *, limit: int = DEFAULT_LIMIT, time_limit: float | None = None) -> SolveResult:
        command = ["minizinc", "--solver", self.solver, "--statistics", "-n", str(limit),
                   model_file(), "-D", givens_data(grid)]
        if time_limit is not None:
            command += ["--time-limit", str(max(1, int(own_limit(time_limit) * 1000)))]
        began = time.perf_counter()
        stats: dict = {"solver": self.solver}
        try:
            done = program.run(command, time_limit)
        except subprocess.TimeoutExpired:
            return SolveResult(Status.TIMEOUT, solve_seconds=time.perf_counter() - began, stats=stats,
                               message="minizinc and its solver were killed at the deadline")
        seconds = time.perf_counter() - began
        lines = done.stdout.splitlines()
        stats.update(_statistics(lines))
        flattening = min(float(stats.get("flatTime", 0.0)), seconds)
        stats["transform_seconds"] = flattening
        timings = {"build_seconds": flattening, "solve_seconds": seconds - flattening}
        return _result(lines, limit, done, stats, timings)


def _result(lines: list[str], limit: int, done: subprocess.CompletedProcess[str], stats: dict,
            timings: dict[str, float]) -> SolveResult:
    """The result MiniZinc's output lines tell."""
    solutions = [Grid(tuple(int(v) for v in line.split())) for line in lines
                 if line and not line.startswith(("%", "=", "-"))]
    build, solve = timings["build_seconds"], timings["solve_seconds"]
    if UNSAT in lines:
        return SolveResult(Status.UNSAT, build_seconds=build, solve_seconds=solve, stats=stats)
    if len(solutions) >= limit or COMPLETE in lines:
        if len(solutions) > 1:
            stats["also_found"] = [solutions[1].line()]  # for the judge
        return SolveResult(status_for(len(solutions), limit), solution=solutions[0] if solutions else None,
                           solutions_found=len(solutions), build_seconds=build, solve_seconds=solve, stats=stats)
    if done.returncode != 0:
        return SolveResult(Status.ERROR, build_seconds=build, solve_seconds=solve, stats=stats,
                           message=f"minizinc: {done.stderr.strip()[-300:]}")
    return SolveResult(Status.TIMEOUT, solutions_found=len(solutions), build_seconds=build, solve_seconds=solve,
                       stats=stats, message="MiniZinc's time limit ended the search")


def _statistics(lines: list[str]) -> dict[str, float | str]:
    """MiniZinc's ``%%%mzn-stat: key=value`` lines (numbers where they are numbers; last wins)."""
    stats: dict[str, float | str] = {}
    for line in lines:
        if line.startswith("%%%mzn-stat: ") and "=" in line:
            key, _, value = line[len("%%%mzn-stat: "):].partition("=")
            try:
                stats[key] = float(value)
            except ValueError:
                stats[key] = value.strip('"')
    return {key: stats[key] for key in ("flatTime", "solveTime", "nodes", "failures", "propagations")
            if key in stats}

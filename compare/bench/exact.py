"""Time the Algorithm X backends against each other: ``python -m sudokit.compare.bench.exact [set] [backends…]``.

Every puzzle is solved by every backend in turn (interleaved, so machine load hits all alike),
after one warm-up pass; each solve is timed in CPU time, checked by the judge, and the table
gives per backend the median milliseconds per puzzle, its speed-up over the first backend
(measured in the same run), and the median nodes and guesses.
"""

from __future__ import annotations

import sys
import time
from statistics import median

from sudokit.compare.sets import load_set
from sudokit.models.grid import Grid, is_solution
from sudokit.solvers.base import DEFAULT_LIMIT
from sudokit.solvers.registry import BACKENDS


def bench(grids: list[Grid], names: list[str], repeat: int = 3) -> dict[str, dict[str, float]]:
    """Per backend: median ms per puzzle (each puzzle's median over ``repeat``), nodes, guesses."""
    solvers = {name: BACKENDS[name].create() for name in names}
    for grid in grids:  # warm-up: caches, tables, the judge
        for solver in solvers.values():
            solver.solve(grid)
    times: dict[str, list[list[float]]] = {name: [[] for _ in grids] for name in names}
    stats: dict[str, list[dict]] = {name: [{}] * len(grids) for name in names}
    for _ in range(repeat):
        for i, grid in enumerate(grids):
            for name, solver in solvers.items():
                start = time.process_time()
                result = solver.solve(grid, limit=DEFAULT_LIMIT)
                times[name][i].append(time.process_time() - start)
                if not is_solution(result.solution, grid):
                    raise AssertionError(f"{name} failed {grid.line()}")
                stats[name][i] = result.stats
    return {
        name: {
            "ms": 1000 * median(median(t) for t in times[name]),
            "nodes": median(s["nodes"] for s in stats[name]),
            "guesses": median(s["guesses"] for s in stats[name]),
        }
        for name in names
    }


def table(rows: dict[str, dict[str, float]]) -> str:
    """The figures as a Markdown table, speed-ups against the first backend."""
    base = next(iter(rows.values()))["ms"]
    lines = ["| backend | median ms | speed-up | nodes | guesses |", "|---|---:|---:|---:|---:|"]
    for name, row in rows.items():
        lines.append(f"| {name} | {row['ms']:.2f} | {base / row['ms']:.1f}x | {row['nodes']:g} | {row['guesses']:g} |")
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    set_name, *names = argv or ["top95"]
    grids = [puzzle.grid for puzzle in load_set(set_name).puzzles]
    print(f"{set_name}: {len(grids)} puzzles, solution limit {DEFAULT_LIMIT}")
    print(table(bench(grids, names or ["algx", "dlx", "bitx"])))


if __name__ == "__main__":
    main(sys.argv[1:])

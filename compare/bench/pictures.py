"""How big and how slow the step explorer is: page size and build time, by puzzle and path length.

    python -m sudokit.compare.bench.pictures          # an easy and a hard 9x9 page, and a 16x16 one

The paths: easy50 #1 (singles only), hardest #11 (101 steps, nice loops), gecode-16x16 #1 (155
steps on 256 cells). Times are medians of 5 builds (the solve itself is not timed).
"""

from __future__ import annotations

import statistics
import time

from sudokit.compare.reports.explorer import explorer_page
from sudokit.compare.sets import load_set
from sudokit.models.candidates import Candidates
from sudokit.solvers.human.engine import solve_logically

PAGES = (("easy50", 0), ("hardest", 10), ("gecode-16x16", 0))


def measure(set_name: str, index: int, repeat: int = 5) -> dict:
    grid = load_set(set_name).puzzles[index].grid
    result = solve_logically(grid)
    start = Candidates.from_grid(grid)
    seconds = []
    for _ in range(repeat):
        began = time.perf_counter()
        page = explorer_page(start, result)
        seconds.append(time.perf_counter() - began)
    size = len(page.encode())
    return {"page": f"{set_name} #{index + 1}", "grid": f"{grid.size}x{grid.size}", "steps": len(result.steps),
            "MB": size / 1e6, "kB/step": size / 1e3 / max(1, len(result.steps)),
            "build s": statistics.median(seconds), "ms/step": 1000 * statistics.median(seconds) / max(1, len(result.steps))}


def main() -> None:
    rows = [measure(*page) for page in PAGES]
    print(f"{'page':<20} {'grid':<6} {'steps':>5} {'MB':>6} {'kB/step':>8} {'build s':>8} {'ms/step':>8}")
    for r in rows:
        print(f"{r['page']:<20} {r['grid']:<6} {r['steps']:>5} {r['MB']:>6.2f} {r['kB/step']:>8.1f} "
              f"{r['build s']:>8.3f} {r['ms/step']:>8.2f}")


if __name__ == "__main__":
    main()

"""A worker for side-by-side runs: rate the puzzles read from stdin, one JSON line out per puzzle.

It uses only the human engine's public entry points, so the same file runs against another
checkout's install (``/tmp/baseline-venv/bin/python compare/bench/human_worker.py``) and the
comparison stays in one run. Each answer: status, SE-style rating, hardest technique, whether it
guessed, the path (one ``technique:conclusions`` string per step) and the CPU seconds it took.
"""

from __future__ import annotations

import json
import sys
import time


def main() -> None:
    from sudokit.models.grid import Grid
    from sudokit.solvers.human.engine import solve_logically
    from sudokit.solvers.human.registry import PRESETS

    solve_logically(Grid.parse(sys.argv[1] if len(sys.argv) > 1 else "." * 81), PRESETS["singles"], allow_guess=True)
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        puzzle = line.strip()
        began = time.process_time()
        result = solve_logically(Grid.parse(puzzle), PRESETS["full"], allow_guess=True)
        seconds = time.process_time() - began
        rating = result.rating
        path = [s.technique + ":" + " ".join([f"{c}={d}" for c, d in s.placements]
                                             + [f"{c}<>{d}" for c, d in s.eliminations]) for s in result.steps]
        print(json.dumps({"puzzle": puzzle, "status": result.status.value, "se": rating.se_rating,
                          "hardest": rating.hardest, "guessed": rating.guessed, "path": path,
                          "seconds": seconds}), flush=True)


if __name__ == "__main__":
    main()

"""A worker for side-by-side runs: solve the puzzles read from stdin in one mode, one JSON line out each.

    python compare/bench/human_worker.py [default|se|hodoku]

It uses only the human engine's public entry points (``solve_logically`` with a mode, as ``sudokit
rate`` runs it), so the same file runs against another checkout's install (``/tmp/old/.venv/bin/python
compare/bench/human_worker.py``) and the comparison stays in one run. The default mode may guess
where its ladder is stuck (it guesses nowhere else) and says whether it did; SE's and HoDoKu's modes
rate as ``rate`` does: a proper puzzle (their solutions counted first), never guessing, stuck when
their techniques run out. Each answer: status, whether it guessed, rating, hardest technique, the
path (one ``technique:conclusions`` string a step) and the CPU seconds of the solve and its rating.
"""

from __future__ import annotations

import json
import sys
import threading
import time


def _settle() -> None:
    """Wait for the engine's compiling threads (numba, started on first use), so no solve is charged
    for their CPU (``process_time`` counts every thread of the process)."""
    for thread in threading.enumerate():
        if thread is not threading.current_thread() and thread.name.startswith("sudokit-"):
            thread.join()


def main() -> None:
    from sudokit.models.grid import Grid
    from sudokit.solvers.human.backend import HumanSolver
    from sudokit.solvers.human.engine import solve_logically

    mode = sys.argv[1] if len(sys.argv) > 1 else "default"
    warm = getattr(HumanSolver(mode=mode), "warm", None)  # (an older checkout may have none)
    if warm is not None:
        warm()
    for line in sys.stdin:
        puzzle = line.strip()
        _settle()
        began = time.process_time()
        result = solve_logically(Grid.parse(puzzle), mode=mode, allow_guess=mode == "default")
        rating = result.rating
        seconds = time.process_time() - began
        path = [s.technique + ":" + " ".join([f"{c}={d}" for c, d in s.placements]
                                             + [f"{c}<>{d}" for c, d in s.eliminations]) for s in result.steps]
        print(json.dumps({"status": result.status.value, "guessed": result.guesses > 0, "se": rating.se_rating,
                          "hardest": rating.hardest, "path": path, "seconds": seconds}), flush=True)


if __name__ == "__main__":
    main()

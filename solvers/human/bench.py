"""Measurements of the human engine, run by hand (too long for the tests); figures go to reports.

    python -m solvers.human.bench soundness   # every step of every solve checked against the truth
    python -m solvers.human.bench ladder      # fraction solved without guessing per SE rating
    python -m solvers.human.bench speed       # rate the SE-rated sample: full preset, guessing allowed
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Iterable

from compare.sets import load_set
from models.grid import Grid, is_solution
from models.puzzles import Puzzle
from solvers.base import Status
from solvers.human.engine import solve_logically
from solvers.human.registry import PRESETS
from solvers.human.steps import Step


def truth(grid: Grid) -> Grid:
    """The solution of a puzzle known to be unique, found by guessing and accepted by the judge."""
    solution = solve_logically(grid, PRESETS["singles"], allow_guess=True, limit=1).state.to_grid()
    assert is_solution(solution, grid), "the judge rejected the solution"
    return solution


def unsound(steps: Iterable[Step], solution: Grid) -> list[Step]:
    """The steps that eliminate a true digit or place a wrong one."""
    values = solution.values
    return [s for s in steps
            if any(values[c] == d for c, d in s.eliminations) or any(values[c] != d for c, d in s.placements)]


def soundness(puzzles: Iterable[Puzzle], preset: str = "full") -> tuple[int, list[tuple[Puzzle, Step]]]:
    """Logical solves of unique puzzles (no guessing), every step checked: (puzzles checked, violations)."""
    checked, violations = 0, []
    for puzzle in puzzles:
        result = solve_logically(puzzle.grid, PRESETS[preset])
        violations += [(puzzle, step) for step in unsound(result.steps, truth(puzzle.grid))]
        checked += 1
    return checked, violations


def ladder(puzzles: Iterable[Puzzle], preset: str = "full") -> dict[float, tuple[int, int]]:
    """Per SE rating: (puzzles solved without guessing, puzzles)."""
    counts: dict[float, list[int]] = defaultdict(lambda: [0, 0])
    for puzzle in puzzles:
        solved = solve_logically(puzzle.grid, PRESETS[preset]).status is Status.SOLVED
        counts[puzzle.meta["se_rating"]][0] += solved
        counts[puzzle.meta["se_rating"]][1] += 1
    return {rating: (s, n) for rating, (s, n) in sorted(counts.items())}


def speed(puzzles: list[Puzzle]) -> dict[str, float]:
    """Rate every puzzle with the full preset, guessing allowed: puzzles/s, median and p99 in ms."""
    seconds = []
    for puzzle in puzzles:
        began = time.perf_counter()
        solve_logically(puzzle.grid, PRESETS["full"], allow_guess=True)
        seconds.append(time.perf_counter() - began)
    seconds.sort()
    return {"puzzles": len(seconds), "per_second": len(seconds) / sum(seconds),
            "median_ms": statistics.median(seconds) * 1000, "p99_ms": seconds[int(0.99 * (len(seconds) - 1))] * 1000}


def main(what: str) -> None:
    sample = load_set("se-sample").puzzles
    if what == "soundness":
        puzzles = sample + load_set("17clue-1000").puzzles[:500] + load_set("magictour").puzzles[:500]
        checked, violations = soundness(puzzles)
        print(f"{checked} puzzles, {len(violations)} violations")
        for puzzle, step in violations[:20]:
            print(puzzle.grid.line(), step.explanation)
    elif what == "ladder":
        for preset in ("basic", "full"):
            for rating, (solved, total) in ladder(sample, preset).items():
                print(f"{preset:<6} SE {rating}: {solved}/{total} = {solved / total:.0%}")
    elif what == "speed":
        print(speed(sample))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "")

"""The human engine as a sudokit backend (``human``, ``human-basic``, ``human-chains``, ``human-singles``)."""

from __future__ import annotations

import time
from collections.abc import Sequence

from models.grid import Grid
from solvers.base import DEFAULT_LIMIT, SolveResult, Status
from solvers.human.engine import solve_logically
from solvers.human import registry


class HumanSolver:
    """Solves the way people do: the techniques of a preset (or a list), optionally guessing."""

    name = "human"

    def __init__(self, preset: str = "full", techniques: Sequence[str] | None = None, allow_guess: bool = False):
        self.techniques = tuple(techniques) if techniques is not None else registry.preset(preset)
        for name in self.techniques:
            registry.technique(name)  # unknown names fail here, not mid-solve
        self.allow_guess = allow_guess

    def solve(self, grid: Grid, *, limit: int = DEFAULT_LIMIT, time_limit: float | None = None) -> SolveResult:
        began = time.perf_counter()
        result = solve_logically(grid, self.techniques, allow_guess=self.allow_guess, limit=limit,
                                 time_limit=time_limit)
        shown = result.status in (Status.SOLVED, Status.MULTIPLE, Status.STUCK)
        rating = result.rating
        return SolveResult(
            result.status,
            solution=result.state.to_grid() if shown else None,
            solutions_found=result.solutions,
            solve_seconds=time.perf_counter() - began,
            stats={
                "steps": len(result.steps),
                "hardest": rating.hardest,
                "techniques": list(rating.techniques),
                "guesses": result.guesses,
                "uniqueness": rating.uniqueness,
                "se_rating": rating.se_rating,
                "score": rating.score,
                "level": rating.level,
            },
            message=result.message,
        )


"""The human engine as a sudokit backend (``human``, ``human-basic``, ``human-chains``, ``human-singles``,
``human-se``)."""

from __future__ import annotations

import importlib
import time
from collections.abc import Iterable, Sequence
from dataclasses import replace

from sudokit.models.grid import Grid
from sudokit.solvers.base import DEFAULT_LIMIT, Deadline, SolveResult, Status
from sudokit.solvers.human import modes, registry
from sudokit.solvers.human.engine import HumanResult, solve_logically
from sudokit.solvers.human.stats import HumanStats

COMPILED_PARTS = {  # the engine's compiled parts: a name, the module and its loader (each has ``now``)
    "singles": ("sudokit.solvers.human.singles_compiled", "LOADER"),
    "loops": ("sudokit.solvers.human.techniques.chains", "LOOPS"),
    "nets": ("sudokit.solvers.human.implications", "COMPILED"),
    "se": ("sudokit.solvers.human.se.kernels", "COMPILED"),
    "head": ("sudokit.solvers.human.se.mode", "HEAD_RUN"),
    "complex_fish": ("sudokit.solvers.human.techniques.complex_fish", "COMPILED"),
    "als": ("sudokit.solvers.human.techniques.als", "KERNELS"),
}


def build_compiled(names: Iterable[str]) -> None:
    """Build these of the engine's compiled parts (``COMPILED_PARTS``' names) now; without numba, nothing."""
    for name in names:
        module, loader = COMPILED_PARTS[name]
        getattr(importlib.import_module(module), loader).now()


class HumanSolver:
    """Solves the way people do: a mode (``modes.MODES``) with its techniques, or a preset's or a
    list of techniques, optionally guessing."""

    name = "human"

    def __init__(self, preset: str | None = None, techniques: Sequence[str] | None = None,
                 allow_guess: bool = False, mode: str = "default"):
        self.mode = modes.mode(mode)
        if techniques is None:
            techniques = registry.preset(preset) if preset else self.mode.techniques
        self.techniques = tuple(techniques)
        for name in self.techniques:
            registry.technique(name)  # unknown names fail here, not mid-solve
        self.allow_guess = allow_guess

    def warm(self) -> None:
        """Build the engine's compiled parts now: the ladder's, the nice loops', the forcing nets', the
        complex fish', the ALS moves', SE's head and chains (the harness calls this before a worker's first puzzle, so no puzzle is charged
        for numba's loading or compiling, which otherwise runs in a thread beside a solve; without
        numba, nothing)."""
        build_compiled(COMPILED_PARTS)

    def solve(self, grid: Grid, *, limit: int = DEFAULT_LIMIT, time_limit: float | None = None) -> SolveResult:
        began = time.perf_counter()
        deadline = Deadline(time_limit)  # one budget for the whole solve, the uniqueness check included
        result = solve_logically(grid, self.techniques, mode=self.mode, allow_guess=self.allow_guess, limit=limit,
                                 time_limit=deadline.remaining())
        if result.status is Status.SOLVED and result.rating.uniqueness:
            result = _proved_unique(grid, result, limit, deadline.remaining())
        shown = result.status in (Status.SOLVED, Status.MULTIPLE, Status.STUCK)
        rating, solved = result.rating, result.status is Status.SOLVED
        return SolveResult(
            result.status,
            solution=result.state.to_grid() if shown else None,
            solutions_found=result.solutions,
            solve_seconds=time.perf_counter() - began,
            stats=HumanStats(
                steps=len(result.steps),
                guesses=result.guesses,
                hardest=rating.hardest,
                techniques=rating.techniques,
                uniqueness=rating.uniqueness,
                # only a finished solve is rated: a stuck one's figures would be lower bounds
                se_rating=rating.se_rating if solved else None,
                score=rating.score if solved else None,
                level=rating.level if solved else None,
                ep=rating.ep if solved else None,
                ed=rating.ed if solved else None,
                mode=self.mode.name,
                effort=rating.effort if solved else None,  # (the rating's, counted once)
            ).to_dict(),
            message=result.message,
        )


def _proved_unique(grid: Grid, result: HumanResult, limit: int, time_limit: float | None) -> HumanResult:
    """A solve whose path assumed a unique solution (unique rectangles, BUG), checked by counting solutions."""
    counted = solve_logically(grid, registry.PRESETS["singles"], allow_guess=True, limit=limit, time_limit=time_limit)
    if counted.status is Status.SOLVED:
        return result
    return replace(result, status=counted.status, state=counted.state, solutions=counted.solutions,
                   message=f"{counted.status.value}: the path assumed a unique solution")

"""Planted bugs for the fuzzer's tests: exact solvers (``bitx`` underneath) wrong in one chosen way, and a
technique that eliminates one candidate too many.

They are registered only by the tests (``Backend`` objects naming these classes), as plug-ins would be.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from sudokit.models.grid import Grid
from sudokit.solvers.base import DEFAULT_LIMIT, SolveResult, Status
from sudokit.solvers.bitx import BitXSolver
from sudokit.solvers.human.registry import TECHNIQUES, Technique
from sudokit.solvers.human.steps import Step
from sudokit.solvers.human.view import View
from sudokit.solvers.registry import Backend

TRIGGER_CELL, TRIGGER_DIGIT = 40, 5  # r5c5 = 5


class _Planted:
    name = "planted"

    def __init__(self) -> None:
        self.exact = BitXSolver()

    def solve(self, grid: Grid, *, limit: int = DEFAULT_LIMIT, time_limit: float | None = None) -> SolveResult:
        return self.misbehave(grid, self.exact.solve(grid, limit=limit, time_limit=time_limit))

    def misbehave(self, grid: Grid, result: SolveResult) -> SolveResult:
        raise NotImplementedError


class WrongOnCell(_Planted):
    """Answers a grid that breaks a rule whenever r5c5 holds the given 5."""

    def misbehave(self, grid: Grid, result: SolveResult) -> SolveResult:
        if grid.size == 9 and grid.values[TRIGGER_CELL] == TRIGGER_DIGIT:
            values = list(result.solution.values if result.solution else [1] * 81)
            values[0], values[1] = values[1], values[0]
            values[80] = 0 if values[80] == 9 else values[80] + 1
            return SolveResult(Status.SOLVED, Grid(tuple(values)), 1)
        return result


class NeverMultiple(_Planted):
    """Calls a puzzle with several solutions solved (one of them)."""

    def misbehave(self, grid: Grid, result: SolveResult) -> SolveResult:
        if result.status is Status.MULTIPLE:
            result.status, result.solutions_found = Status.SOLVED, 1
        return result


class UnsatCorners(_Planted):
    """Says unsat whenever r1c1 and the last cell are both given."""

    def misbehave(self, grid: Grid, result: SolveResult) -> SolveResult:
        if grid.values[0] and grid.values[-1]:
            return SolveResult(Status.UNSAT)
        return result


class CrashOn16(_Planted):
    """Raises on every 16×16 grid."""

    def misbehave(self, grid: Grid, result: SolveResult) -> SolveResult:
        if grid.size == 16:
            raise IndexError("planted: 16x16 not handled")
        return result


def planted(name: str, cls: str) -> Backend:
    return Backend(name, f"tests.compare.planted:{cls}", f"planted bug: {cls}")


PLANTED = {
    "planted-wrong": planted("planted-wrong", "WrongOnCell"),
    "planted-never-multiple": planted("planted-never-multiple", "NeverMultiple"),
    "planted-unsat": planted("planted-unsat", "UnsatCorners"),
    "planted-crash16": planted("planted-crash16", "CrashOn16"),
}


def greedy_naked_pair(view: View) -> Iterator[Step]:
    """Naked Pair, one candidate too many: also eliminates the pair's first digit from its first cell."""
    for step in TECHNIQUES["naked_pair"].find(view):
        yield replace(step, eliminations=(*step.eliminations, (step.cells[0], step.digits[0])))


PLANTED_TECHNIQUE = Technique(name="planted_naked_pair", title="Greedy Naked Pair", family="custom", se_rating=3.0,
                              hodoku_code="", hodoku_score=0, level="easy", find=greedy_naked_pair)

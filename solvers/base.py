"""The contract every backend keeps: ``solve(grid, *, limit=2, time_limit=None) -> SolveResult``."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Protocol, runtime_checkable

from sudokit.models.grid import Grid

DEFAULT_LIMIT = 2  # "solve and prove uniqueness" is the unit of work
# A stats key: False when ``solved`` holds a solution its backend returned without claiming it is the only
# one (a plug-in that stops at the first solution). The judge checks the grid and compares only that claim.
CLAIMS_UNIQUE = "claims_unique"
# A stats key: the second solution a ``multiple`` search found, as ``[line]``, so the judge can check it and
# settle a rival's false claim of uniqueness with it (the first is ``SolveResult.solution``).
ALSO_FOUND = "also_found"


class Status(str, Enum):
    """How a solve ended."""

    SOLVED = "solved"  # exactly one solution, verified
    MULTIPLE = "multiple"  # two or more solutions found
    UNSAT = "unsat"  # no solution
    STUCK = "stuck"  # a logic-only solver could go no further
    TIMEOUT = "timeout"
    ERROR = "error"

    def __str__(self) -> str:
        return self.value


@dataclass
class SolveResult:
    """What a backend returns.

    ``solution`` is the solution when ``solved``, one of those found when ``multiple`` (a second in
    ``stats[ALSO_FOUND]``, see ``also_found``), the partial grid when ``stuck``, else None. ``stats`` holds the backend's own counters
    (``nodes``, ``guesses``, ``steps``, ``hardest`` …); ``message`` explains unsat/error.
    """

    status: Status
    solution: Grid | None = None
    solutions_found: int = 0
    build_seconds: float = 0.0
    solve_seconds: float = 0.0
    stats: dict = field(default_factory=dict)
    message: str = ""

    @property
    def seconds(self) -> float:
        return self.build_seconds + self.solve_seconds

    def to_dict(self) -> dict:
        """A JSON-ready record (the solution as a line; a ``stuck`` solve's grid is ``partial``, not a solution)."""
        line = self.solution.line() if self.solution else None
        stuck = self.status is Status.STUCK
        return {
            "status": self.status.value,
            "solution": None if stuck else line,
            **({"partial": line} if stuck else {}),
            "solutions_found": self.solutions_found,
            "seconds": self.seconds,
            "build_seconds": self.build_seconds,
            "solve_seconds": self.solve_seconds,
            "stats": self.stats,
            "message": self.message,
        }


def claims_unique(stats: dict) -> bool:
    """Whether a ``solved`` result with these stats claims its solution is the only one (the default)."""
    return stats.get(CLAIMS_UNIQUE, True) is not False


def also_found(solutions: Sequence[Grid]) -> dict[str, list[str]]:
    """The stats entry that returns a search's second solution beside its first (empty with fewer than two).

    >>> also_found([Grid.parse("1234341221434321"), Grid.parse("1234342121434312")])
    {'also_found': ['1234342121434312']}
    """
    return {ALSO_FOUND: [solutions[1].line()]} if len(solutions) > 1 else {}


def status_for(found: int, limit: int) -> Status:
    """Status of a search that found ``found`` solutions, stopping at ``limit``.

    With ``limit=1`` uniqueness is not checked: one solution found counts as solved.
    """
    if found == 0:
        return Status.UNSAT
    return Status.MULTIPLE if found >= 2 and limit != 1 else Status.SOLVED


@runtime_checkable
class Solver(Protocol):
    """A backend: one object per process, reused across puzzles."""

    name: str

    def solve(self, grid: Grid, *, limit: int = DEFAULT_LIMIT, time_limit: float | None = None) -> SolveResult:
        ...


class Deadline:
    """A wall-clock deadline for searches that poll it (``None`` = no limit)."""

    __slots__ = ("at",)

    def __init__(self, seconds: float | None):
        self.at = None if seconds is None else time.perf_counter() + seconds

    def passed(self) -> bool:
        return self.at is not None and time.perf_counter() >= self.at

    def remaining(self) -> float | None:
        return None if self.at is None else max(0.0, self.at - time.perf_counter())


class SearchTimeout(Exception):
    """Raised inside a search when its deadline passes."""

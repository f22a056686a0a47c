"""What every Algorithm X backend shares: the search's counters and deadline (``SearchStats``) and the
Sudoku solver built on a puzzle's exact-cover matrix (``ExactCoverSolver``).

``algx``, ``dlx`` and ``bitx`` only change the data structure the same search runs on: each says
how it builds its search (``prepare``) and what its propagation is; timing, the deadline, decoding
and the statistics are here, once.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Generator, Hashable
from dataclasses import dataclass, field
from itertools import islice
from typing import TypeVar

from sudokit.models.exact_cover import Choice, SudokuCover, sudoku_cover
from sudokit.models.grid import Grid
from sudokit.solvers.base import DEFAULT_LIMIT, Deadline, SearchTimeout, SolveResult, Status, also_found, status_for

R = TypeVar("R", bound=Hashable)  # a row id
C = TypeVar("C", bound=Hashable)  # a column id

POLL_EVERY = 256  # nodes between two looks at the deadline


@dataclass
class SearchStats:
    """Counters of one search: rows tried (nodes) and branch points with a choice (guesses)."""

    deadline: Deadline = field(default_factory=lambda: Deadline(None))
    nodes: int = 0
    guesses: int = 0

    def visit(self, rows: int = 1) -> None:
        """Count rows tried; raise ``SearchTimeout`` if the deadline has passed (polled)."""
        before = self.nodes
        self.nodes += rows
        if self.nodes // POLL_EVERY != before // POLL_EVERY and self.deadline.passed():
            raise SearchTimeout


Search = Callable[[SearchStats], Generator[list[Choice], None, None]]  # closed when the solve stops


class ExactCoverSolver(ABC):
    """A Sudoku backend that runs Algorithm X on the puzzle's matrix; subclasses pick the structure."""

    name: str
    propagation = "none: a column with one row is chosen like any other (smallest column first)"

    @abstractmethod
    def prepare(self, cover: SudokuCover) -> Search:
        """Build the search state for a puzzle's matrix (timed as the build)."""

    def solve(self, grid: Grid, *, limit: int = DEFAULT_LIMIT, time_limit: float | None = None) -> SolveResult:
        """Search the puzzle's matrix for up to ``limit`` solutions; clashing givens are unsat."""
        start = time.perf_counter()
        stats = SearchStats(Deadline(time_limit))
        cover = sudoku_cover(grid)
        if cover is None:
            return SolveResult(Status.UNSAT, build_seconds=time.perf_counter() - start,
                               stats={"nodes": 0, "guesses": 0, "propagation": self.propagation},
                               message="the givens break a rule")
        search = self.prepare(cover)(stats)
        built = time.perf_counter()
        found: list[list[Choice]] = []
        try:
            found.extend(islice(search, limit))
            status = status_for(len(found), limit)
        except SearchTimeout:
            status = Status.TIMEOUT
        finally:
            search.close()  # a search restores its structure when it stops: part of the solve
        solutions = [cover.decode(rows) for rows in found[:2]] if status is not Status.TIMEOUT else []
        return SolveResult(
            status, solutions[0] if solutions else None, len(found),
            build_seconds=built - start,
            solve_seconds=time.perf_counter() - built,
            stats={"nodes": stats.nodes, "guesses": stats.guesses, "propagation": self.propagation,
                   **also_found(solutions)},
        )

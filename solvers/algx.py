"""Knuth's Algorithm X in the seed article's form: columns as a dict of sets of row ids.

Also the parts every Algorithm X backend shares: the search counters (``SearchStats``) and the
Sudoku solver built on a puzzle's exact-cover matrix (``ExactCoverSolver``); ``dlx`` and
``bitx`` only change the data structure the same search runs on.

>>> rows = {"A": [1, 2], "B": [2, 3], "C": [1, 5], "D": [1, 4], "E": [5]}
>>> [sorted(cover) for cover in ExactCover(rows).solutions()]
[['B', 'D', 'E']]
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Generic, TypeVar

from sudokit.models.exact_cover import Choice, SudokuCover, sudoku_cover
from sudokit.models.grid import Grid
from sudokit.solvers.base import DEFAULT_LIMIT, Deadline, SearchTimeout, SolveResult, Status, status_for

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


class ExactCover(Generic[R, C]):
    """Any exact-cover problem, searched in place: columns map to the set of rows covering them.

    ``columns`` lists the columns to cover (default: every column some row names), in the
    order that breaks ties between equally small columns.
    """

    def __init__(self, rows: Mapping[R, Sequence[C]], columns: Sequence[C] | None = None):
        order = list(dict.fromkeys(c for row in rows.values() for c in row)) if columns is None else columns
        self.rows = rows
        self.columns: dict[C, set[R]] = {c: set() for c in order}
        self.rank = {c: i for i, c in enumerate(order)}
        for row, row_columns in rows.items():
            for c in row_columns:
                self.columns[c].add(row)

    def solutions(self, stats: SearchStats | None = None) -> Iterator[list[R]]:
        """Every exact cover, lazily, as the rows chosen; the matrix is restored when it stops."""
        return self._search([], stats or SearchStats())

    def _search(self, chosen: list[R], stats: SearchStats) -> Iterator[list[R]]:
        if not self.columns:
            yield list(chosen)
            return
        column = min(self.columns, key=self._priority)
        candidates = list(self.columns[column])
        if len(candidates) > 1:
            stats.guesses += 1
        for row in candidates:
            stats.visit()
            chosen.append(row)
            removed = self._select(row)
            try:
                yield from self._search(chosen, stats)
            finally:
                self._deselect(row, removed)
                chosen.pop()

    def _priority(self, column: C) -> tuple[int, int]:
        """Smallest column first, ties to the first listed."""
        return len(self.columns[column]), self.rank[column]

    def _select(self, row: R) -> list[set[R]]:
        """Cover the row's columns, removing every row that meets them; return the columns."""
        removed = []
        for column in self.rows[row]:
            for other in self.columns[column]:
                for c in self.rows[other]:
                    if c != column:
                        self.columns[c].remove(other)
            removed.append(self.columns.pop(column))
        return removed

    def _deselect(self, row: R, removed: list[set[R]]) -> None:
        """Undo ``_select``, column by column in reverse."""
        for column in reversed(self.rows[row]):
            self.columns[column] = removed.pop()
            for other in self.columns[column]:
                for c in self.rows[other]:
                    if c != column:
                        self.columns[c].add(other)


Search = Callable[[SearchStats], Iterator[list[Choice]]]


class ExactCoverSolver(ABC):
    """A Sudoku backend that runs Algorithm X on the puzzle's matrix; subclasses pick the structure."""

    name: str

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
                               stats={"nodes": 0, "guesses": 0}, message="the givens break a rule")
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
        solution = cover.decode(found[0]) if found and status is not Status.TIMEOUT else None
        return SolveResult(
            status, solution, len(found),
            build_seconds=built - start,
            solve_seconds=time.perf_counter() - built,
            stats={"nodes": stats.nodes, "guesses": stats.guesses},
        )


class AlgXSolver(ExactCoverSolver):
    """Algorithm X on the dict-of-sets matrix."""

    name = "algx"

    def prepare(self, cover: SudokuCover) -> Search:
        return ExactCover(cover.rows, cover.columns).solutions

"""Knuth's Algorithm X in the seed article's form: columns as a dict of sets of row ids.

What every Algorithm X backend shares (the counters, the solver around the search) is in
``sudokit.solvers.exact_cover``.

>>> rows = {"A": [1, 2], "B": [2, 3], "C": [1, 5], "D": [1, 4], "E": [5]}
>>> [sorted(cover) for cover in ExactCover(rows).solutions()]
[['B', 'D', 'E']]
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from typing import Generic

from sudokit.models.exact_cover import SudokuCover
from sudokit.solvers.exact_cover import C, ExactCoverSolver, R, Search, SearchStats


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

    def solutions(self, stats: SearchStats | None = None) -> Generator[list[R], None, None]:
        """Every exact cover, lazily, as the rows chosen; the matrix is restored when it stops."""
        return self._search([], stats or SearchStats())

    def _search(self, chosen: list[R], stats: SearchStats) -> Generator[list[R], None, None]:
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


class AlgXSolver(ExactCoverSolver):
    """Algorithm X on the dict-of-sets matrix."""

    name = "algx"

    def prepare(self, cover: SudokuCover) -> Search:
        return ExactCover(cover.rows, cover.columns).solutions

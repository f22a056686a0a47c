"""Knuth's dancing links: Algorithm X on a sparse matrix kept in flat integer arrays.

Node 0 is the root, nodes 1 … m the column headers, then one node per 1 of the matrix.
``left``/``right`` link a row's nodes (and the headers still to cover), ``up``/``down`` a
column's nodes, ``column`` names each node's header and ``size`` counts each column's rows.
Covering a column unlinks it and every row meeting it; uncovering relinks them in reverse.
The search also counts the open columns left without a row: it backs up as soon as there is
one, and otherwise stops looking for the smallest column at the first of size 1.

>>> rows = {"A": [1, 2], "B": [2, 3], "C": [1, 5], "D": [1, 4], "E": [5]}
>>> [sorted(cover) for cover in DancingLinks(rows).solutions()]
[['B', 'D', 'E']]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Generic

from models.exact_cover import SudokuCover
from solvers.algx import C, ExactCoverSolver, R, Search, SearchStats


class DancingLinks(Generic[R, C]):
    """Any exact-cover problem as dancing links; ``columns`` as for ``algx.ExactCover``."""

    def __init__(self, rows: Mapping[R, Sequence[C]], columns: Sequence[C] | None = None):
        order = list(dict.fromkeys(c for row in rows.values() for c in row)) if columns is None else columns
        header = {c: i for i, c in enumerate(order, 1)}
        m = len(order)
        self.left = [m, *range(m)]
        self.right = [*range(1, m + 1), 0]
        self.up = list(range(m + 1))
        self.down = list(range(m + 1))
        self.column = list(range(m + 1))
        self.size = [0] * (m + 1)
        self.row: list[R | None] = [None] * (m + 1)  # the row id of each node
        for row, row_columns in rows.items():
            first, last = len(self.column), len(self.column) + len(row_columns) - 1
            for node, c in enumerate(map(header.__getitem__, row_columns), first):
                self.left.append(node - 1 if node > first else last)
                self.right.append(node + 1 if node < last else first)
                self.up.append(self.up[c])
                self.down.append(c)
                self.down[self.up[c]] = node
                self.up[c] = node
                self.column.append(c)
                self.size[c] += 1
                self.row.append(row)

    def solutions(self, stats: SearchStats | None = None) -> Iterator[list[R]]:
        """Every exact cover, lazily, as the rows chosen; the links are restored when it stops."""
        stats = stats or SearchStats()
        left, right, up, down = self.left, self.right, self.up, self.down
        column, size = self.column, self.size
        headers = len(size) - 1

        def cover(c: int) -> None:
            nonlocal empty
            right[left[c]], left[right[c]] = right[c], left[c]
            if not size[c]:
                empty -= 1
            i = down[c]
            while i != c:
                j = right[i]
                while j != i:
                    u, d = up[j], down[j]
                    down[u], up[d] = d, u
                    k = column[j]
                    size[k] -= 1
                    if not size[k]:
                        empty += 1
                    j = right[j]
                i = down[i]

        def uncover(c: int) -> None:
            nonlocal empty
            i = up[c]
            while i != c:
                j = left[i]
                while j != i:
                    k = column[j]
                    if not size[k]:
                        empty -= 1
                    size[k] += 1
                    down[up[j]] = up[down[j]] = j
                    j = left[j]
                i = up[i]
            right[left[c]] = left[right[c]] = c
            if not size[c]:
                empty += 1

        def choose(r: int) -> None:
            chosen.append(r)
            j = right[r]
            while j != r:
                cover(column[j])
                j = right[j]

        def unchoose() -> int:
            """Take back the last row chosen; return the next row of its column."""
            r = chosen.pop()
            j = left[r]
            while j != r:
                uncover(column[j])
                j = left[j]
            return down[r]

        chosen: list[int] = []  # the row nodes of the partial cover
        empty = size[1:].count(0)  # open columns that no row covers
        try:
            while True:
                if empty or not right[0]:  # a column no row can cover, or none left to cover
                    if not empty:
                        yield [self.row[n] for n in chosen]
                    if not chosen:
                        return
                    node = unchoose()
                else:  # branch on the smallest column, the first of equals (none is empty)
                    c = j = right[0]
                    least = size[c]
                    while j and least > 1:
                        if size[j] < least:
                            c, least = j, size[j]
                        j = right[j]
                    if least > 1:
                        stats.guesses += 1
                    cover(c)
                    node = down[c]
                while node <= headers:  # the column is exhausted: back up one level
                    uncover(node)
                    if not chosen:
                        return
                    node = unchoose()
                choose(node)
                stats.visit()
        finally:
            while chosen:
                c = column[chosen[-1]]
                unchoose()
                uncover(c)


class DLXSolver(ExactCoverSolver):
    """Algorithm X with dancing links."""

    name = "dlx"

    def prepare(self, cover: SudokuCover) -> Search:
        return DancingLinks(cover.rows, cover.columns).solutions

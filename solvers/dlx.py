"""Knuth's dancing links: Algorithm X on a sparse matrix kept in flat integer arrays.

Node 0 is the root, nodes 1 … m the column headers, then one node per 1 of the matrix.
``left``/``right`` link the headers still to cover, ``up``/``down`` a column's nodes,
``column`` names each node's header and ``size`` counts each column's rows. A row's nodes
never move, so each node lists the others of its row (``others``) instead of linking them.
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
        self.left = [m, *range(m)]  # the headers' ring
        self.right = [*range(1, m + 1), 0]
        self.column = list(range(m + 1))
        self.row: list[R | None] = [None] * (m + 1)  # the row id of each node
        self.others: list[tuple[int, ...]] = [()] * (m + 1)  # each node's row, from its right round to its left
        for row, row_columns in rows.items():
            nodes = range(len(self.column), len(self.column) + len(row_columns))
            self.column.extend(map(header.__getitem__, row_columns))
            self.row.extend([row] * len(nodes))
            self.others.extend((*nodes[k + 1 :], *nodes[:k]) for k in range(len(nodes)))
        self.up, self.down, self.size = list(range(m + 1)), list(range(m + 1)), [0] * (m + 1)
        for node, c in enumerate(self.column[m + 1 :], m + 1):  # append the node at its column's bottom
            self.up.append(self.up[c])
            self.down.append(c)
            self.down[self.up[c]] = self.up[c] = node
            self.size[c] += 1

    def solutions(self, stats: SearchStats | None = None) -> Iterator[list[R]]:
        """Every exact cover, lazily, as the rows chosen; the links are restored when it stops."""
        stats = stats or SearchStats()
        left, right, up, down = self.left, self.right, self.up, self.down
        column, size, others = self.column, self.size, self.others
        headers = len(size) - 1

        def cover(c: int) -> None:
            nonlocal empty
            right[left[c]], left[right[c]] = right[c], left[c]
            if not size[c]:
                empty -= 1
            i = down[c]
            while i != c:
                for j in others[i]:
                    u, d = up[j], down[j]
                    down[u], up[d] = d, u
                    k = column[j]
                    size[k] = remaining = size[k] - 1
                    if not remaining:
                        empty += 1
                i = down[i]

        def uncover(c: int) -> None:
            nonlocal empty
            i = up[c]
            while i != c:
                for j in reversed(others[i]):
                    k = column[j]
                    if not size[k]:
                        empty -= 1
                    size[k] += 1
                    down[up[j]] = up[down[j]] = j
                i = up[i]
            right[left[c]] = left[right[c]] = c
            if not size[c]:
                empty += 1

        def choose(r: int) -> None:
            chosen.append(r)
            for j in others[r]:
                cover(column[j])

        def unchoose() -> int:
            """Take back the last row chosen; return the next row of its column."""
            r = chosen.pop()
            for j in reversed(others[r]):
                uncover(column[j])
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

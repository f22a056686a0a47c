"""Knuth's dancing links: Algorithm X on a sparse matrix kept in flat integer arrays.

Node 0 is the root, nodes 1 … m the column headers, then one node per 1 of the matrix.
``left``/``right`` link a row's nodes, ``up``/``down`` a column's nodes, ``column`` names each
node's header and ``size`` counts each column's rows. Covering a column unlinks every row
meeting it from the other columns; uncovering relinks them in reverse. Columns are covered
along a walk of ``right`` (uncovered along ``left``): from a header to the root covers its
column alone (a header's neighbours are the root), from a row's neighbour round to the row
covers the rest of the row.

Instead of a linked list of the headers still to cover, a covered column's size is raised by
``covered`` (more than any column holds; the root's size is ``covered`` too), and ``size`` is a
bytearray when that fits in a byte. So the search finds the column to branch on, the smallest
and the first of equals, with C-level scans of ``size`` (memchr for a bytearray): a 0 is a
dead end, else the first 1, else the first of ``min(size)``, unless that is ``covered``: then
every column is covered.

>>> rows = {"A": [1, 2], "B": [2, 3], "C": [1, 5], "D": [1, 4], "E": [5]}
>>> [sorted(cover) for cover in DancingLinks(rows).solutions()]
[['B', 'D', 'E']]
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, MutableSequence, Sequence
from typing import Generic, cast

from sudokit.models.exact_cover import SudokuCover
from sudokit.solvers.exact_cover import C, ExactCoverSolver, R, Search, SearchStats


class DancingLinks(Generic[R, C]):
    """Any exact-cover problem as dancing links; ``columns`` as for ``algx.ExactCover``."""

    def __init__(self, rows: Mapping[R, Sequence[C]], columns: Sequence[C] | None = None):
        order = list(dict.fromkeys(c for row in rows.values() for c in row)) if columns is None else columns
        header = {c: i for i, c in enumerate(order, 1)}
        m = len(order)
        self.column = [*range(m + 1), *(header[c] for row in rows.values() for c in row)]  # each node's
        self.row: list[R | None] = [None] * (m + 1) + [r for r, row in rows.items() for _ in row]
        self.left, self.right = [0] * (m + 1), [0] * (m + 1)  # a header's lead to the root
        first = m + 1
        for row in rows.values():  # link each row's nodes into a ring
            last = first + len(row) - 1
            self.left += [last, *range(first, last)]
            self.right += [*range(first + 1, last + 1), first]
            first = last + 1
        self.up, self.down = list(range(m + 1)), list(range(m + 1))
        self.size: MutableSequence[int] = [0] * (m + 1)  # a bytearray below when every count fits in a byte
        up, down, size = self.up, self.down, self.size
        for node, c in enumerate(self.column[m + 1 :], m + 1):  # append each node at its column's bottom
            up.append(up[c])
            down.append(c)
            down[up[c]] = up[c] = node
            size[c] += 1
        most = max(size)
        self.covered = 128 if most < 128 else most + 1  # more rows than any column holds
        size[0] = self.covered  # the root never is a column to branch on
        if most < 128:  # fits in a byte: scanned with memchr
            self.size = bytearray(size)

    def solutions(self, stats: SearchStats | None = None) -> Generator[list[R], None, None]:
        """Every exact cover, lazily, as the rows chosen; the links are restored when it stops."""
        stats = stats or SearchStats()
        left, right, up, down = self.left, self.right, self.up, self.down
        column, size, covered = self.column, self.size, self.covered
        headers = len(size) - 1

        def cover(start: int, stop: int) -> None:
            """Cover the columns of the nodes from ``start`` rightwards, up to ``stop``."""
            while start != stop:
                c = column[start]
                size[c] += covered
                i = down[c]
                while i != c:
                    j = right[i]
                    while j != i:
                        u, d = up[j], down[j]
                        down[u], up[d] = d, u
                        size[column[j]] -= 1
                        j = right[j]
                    i = down[i]
                start = right[start]

        def uncover(start: int, stop: int) -> None:
            """Uncover the columns of the nodes from ``start`` leftwards, up to ``stop``."""
            while start != stop:
                c = column[start]
                i = up[c]
                while i != c:
                    j = left[i]
                    while j != i:
                        size[column[j]] += 1
                        down[up[j]] = up[down[j]] = j
                        j = left[j]
                    i = up[i]
                size[c] -= covered
                start = left[start]

        def unchoose() -> int:
            """Take back the last row chosen; return the next row of its column."""
            r = chosen.pop()
            uncover(left[r], r)
            return down[r]

        chosen: list[int] = []  # the row nodes of the partial cover
        tried = 0  # rows chosen since the stats last heard (they hear at each leaf)
        try:
            while True:
                least = 0 if 0 in size else 1 if 1 in size else min(size)
                if not 0 < least < covered:  # a column no row can cover, or none left to cover
                    stats.visit(tried)
                    tried = 0
                    if least:
                        yield cast("list[R]", [self.row[n] for n in chosen])  # row nodes all name a row
                    if not chosen:
                        return
                    node = unchoose()
                else:  # branch on the smallest column, the first of equals
                    if least > 1:
                        stats.guesses += 1
                    c = size.index(least)
                    cover(c, 0)
                    node = down[c]
                while node <= headers:  # the column is exhausted: back up one level
                    uncover(node, 0)
                    if not chosen:
                        return
                    node = unchoose()
                chosen.append(node)
                cover(right[node], node)
                tried += 1
        finally:
            while chosen:
                c = column[chosen[-1]]
                unchoose()
                uncover(c, 0)


class DLXSolver(ExactCoverSolver):
    """Algorithm X with dancing links."""

    name = "dlx"

    def prepare(self, cover: SudokuCover) -> Search:
        return DancingLinks(cover.rows, cover.columns).solutions

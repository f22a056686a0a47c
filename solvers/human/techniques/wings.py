"""Wings: a few bivalue (or trivalue) cells that force a digit into one of two pincers.

Whichever pincer holds the digit ``z``, a cell that sees both pincers cannot: it loses ``z``.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from sudokit.models.candidates import digits_of
from sudokit.models.graph import CellNode
from sudokit.models.grid import Cell, symbol
from sudokit.solvers.human.steps import Step, alternating, cells_text, digits_text, removable
from sudokit.solvers.human.view import View


def xy_wing(view: View) -> Iterator[Step]:
    """A pivot ``xy`` sees pincers ``xz`` and ``yz``: ``z`` leaves the cells seeing both pincers."""
    return _wings(view, 2, "xy_wing")


def xyz_wing(view: View) -> Iterator[Step]:
    """A pivot ``xyz`` sees pincers ``xz`` and ``yz``: ``z`` leaves the cells seeing all three."""
    return _wings(view, 3, "xyz_wing")


def w_wing(view: View) -> Iterator[Step]:
    """Two cells ``xy`` joined by a conjugate pair of ``x`` (each end seeing one): cells seeing both lose ``y``.

    The conjugate pairs are the edges of ``sudokit.models.graph``'s strong-link graph.
    """
    marks, peers, size = view.marks, view.geometry.peers, view.size
    for p, q in combinations(view.bivalue, 2):
        if marks[p] != marks[q] or q in peers[p]:
            continue
        digits = digits_of(marks[p])
        for x in digits:
            eliminations = removable(view, peers[p] & peers[q], marks[p] & ~(1 << (x - 1)))
            if not eliminations:
                continue
            links = [(a, b) for edge in view.strong(x).edges for a, b in (edge, edge[::-1])
                     if a in peers[p] and b in peers[q] and a != q and b != p]
            (y,) = (d for d in digits if d != x)
            for a, b in links:
                chain = alternating([CellNode(p, y), CellNode(p, x), CellNode(a, x), CellNode(b, x),
                                     CellNode(q, x), CellNode(q, y)])
                yield Step("w_wing", size, digits, eliminations=eliminations, cells=(p, q, a, b), chain=chain,
                           pattern=f"{digits_text(digits).replace(',', '/')} in {cells_text((p, q), size)} "
                                   f"connected by {symbol(x)} in {cells_text((a, b), size)}")


def _wings(view: View, pivot_size: int, name: str) -> Iterator[Step]:
    marks, peers = view.marks, view.geometry.peers
    for pivot, pivot_mask in enumerate(marks):
        if pivot_mask.bit_count() != pivot_size:
            continue
        pincers = [p for p in peers[pivot] if marks[p].bit_count() == 2 and (marks[p] & pivot_mask).bit_count()
                   == pivot_size - 1]
        for a, b in combinations(pincers, 2):
            z = marks[a] & marks[b]
            if z.bit_count() != 1 or (marks[a] | marks[b] | pivot_mask).bit_count() != 3:
                continue
            seeing = peers[a] & peers[b]
            if pivot_size == 3:
                seeing &= peers[pivot]
            eliminations = removable(view, seeing - {pivot}, z)
            if eliminations:
                yield _wing_step(view, name, pivot, (a, b), pivot_mask | z, eliminations)


def _wing_step(view: View, name: str, pivot: Cell, pincers: tuple[Cell, Cell], mask: int,
               eliminations) -> Step:
    digits = digits_of(mask)
    cells = (pivot, *pincers)
    return Step(name, view.size, digits, eliminations=eliminations, cells=cells,
                pattern=f"{digits_text(digits).replace(',', '/')} in {cells_text(cells, view.size)}")

"""Wings: a few bivalue (or trivalue) cells that force a digit into one of two pincers.

Whichever pincer holds the digit ``z``, a cell that sees both pincers cannot: it loses ``z``.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from sudokit.models.candidates import Candidates, digits_of
from sudokit.models.graph import graph_view
from sudokit.models.grid import Cell, symbol
from sudokit.solvers.human.steps import Step, cells_text, digits_text, removable


def xy_wing(state: Candidates) -> Iterator[Step]:
    """A pivot ``xy`` sees pincers ``xz`` and ``yz``: ``z`` leaves the cells seeing both pincers."""
    return _wings(state, 2, "xy_wing")


def xyz_wing(state: Candidates) -> Iterator[Step]:
    """A pivot ``xyz`` sees pincers ``xz`` and ``yz``: ``z`` leaves the cells seeing all three."""
    return _wings(state, 3, "xyz_wing")


def w_wing(state: Candidates) -> Iterator[Step]:
    """Two cells ``xy`` joined by a conjugate pair of ``x`` (each end seeing one): cells seeing both lose ``y``.

    The conjugate pairs are the edges of ``sudokit.models.graph``'s strong-link graph.
    """
    marks, peers, size = state.marks, state.geometry.peers, state.size
    view = graph_view(state)
    bivalue = [c for c, m in enumerate(marks) if m.bit_count() == 2]
    for p, q in combinations(bivalue, 2):
        if marks[p] != marks[q] or q in peers[p]:
            continue
        digits = digits_of(marks[p])
        for x in digits:
            links = [(a, b) for edge in view.strong(x).edges for a, b in (edge, edge[::-1])
                     if a in peers[p] and b in peers[q] and a != q and b != p]
            for a, b in links:
                eliminations = removable(state, peers[p] & peers[q], marks[p] & ~(1 << (x - 1)))
                if eliminations:
                    yield Step("w_wing", size, digits, eliminations=eliminations, cells=(p, q, a, b),
                               pattern=f"{digits_text(digits).replace(',', '/')} in {cells_text((p, q), size)} "
                                       f"connected by {symbol(x)} in {cells_text((a, b), size)}")


def _wings(state: Candidates, pivot_size: int, name: str) -> Iterator[Step]:
    marks, peers = state.marks, state.geometry.peers
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
            eliminations = removable(state, seeing - {pivot}, z)
            if eliminations:
                yield _wing_step(state, name, pivot, (a, b), pivot_mask | z, eliminations)


def _wing_step(state: Candidates, name: str, pivot: Cell, pincers: tuple[Cell, Cell], mask: int,
               eliminations) -> Step:
    digits = digits_of(mask)
    cells = (pivot, *pincers)
    return Step(name, state.size, digits, eliminations=eliminations, cells=cells,
                pattern=f"{digits_text(digits).replace(',', '/')} in {cells_text(cells, state.size)}")

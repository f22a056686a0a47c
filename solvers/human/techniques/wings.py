"""Wings: a few bivalue (or trivalue) cells that force a digit into one of two pincers.

Whichever pincer holds the digit ``z``, a cell that sees both pincers cannot: it loses ``z``.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import combinations

from sudokit.models.candidates import digits_of
from sudokit.models.graph import CellNode, bits_of, cells_of, peer_bits
from sudokit.models.grid import Cell, geometry, symbol
from sudokit.solvers.human.steps import Step, alternating, cells_text, digits_text, removable
from sudokit.solvers.human.techniques.single_digit import conjugate_pairs
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
    seeing, holding = peer_bits(size), view.holding
    for p, q in combinations(view.bivalue, 2):
        if marks[p] != marks[q] or seeing[p] >> q & 1:
            continue
        digits = digits_of(marks[p])
        for x in digits:
            (y,) = (d for d in digits if d != x)
            if not seeing[p] & seeing[q] & holding[y]:  # nothing to remove (the usual case)
                continue
            eliminations = removable(view, peers[p] & peers[q], marks[p] & ~(1 << (x - 1)))
            links = [(a, b) for a, b, _ in conjugate_pairs(view, x) for a, b in ((a, b), (b, a))
                     if seeing[p] >> a & 1 and seeing[q] >> b & 1 and a != q and b != p]
            for a, b in links:
                chain = alternating([CellNode(p, y), CellNode(p, x), CellNode(a, x), CellNode(b, x),
                                     CellNode(q, x), CellNode(q, y)])
                yield Step("w_wing", size, digits, eliminations=eliminations, cells=(p, q, a, b), chain=chain,
                           pattern=f"{digits_text(digits).replace(',', '/')} in {cells_text((p, q), size)} "
                                   f"connected by {symbol(x)} in {cells_text((a, b), size)}")


def _wings(view: View, pivot_size: int, name: str) -> Iterator[Step]:
    marks, peers, sight, order = view.marks, view.geometry.peers, peer_bits(view.size), _peer_order(view.size)
    bivalue, holding = view.shared(_bivalue_bits), view.holding
    pivots = view.bivalue if pivot_size == 2 else [c for c, m in enumerate(marks) if m.bit_count() == pivot_size]
    for pivot in pivots:
        if (near := bivalue & sight[pivot]).bit_count() < 2:
            continue
        pivot_mask = marks[pivot]
        # Pincers xz and yz: bivalue peers holding two different pairs of the pivot's digits (xyz), or
        # one each of its two digits (xy). Without two such, no wing here (the usual case).
        digits = digits_of(pivot_mask)
        if pivot_size == 2:
            (x, y), both = digits, holding[digits[0]] & holding[digits[1]]
            if not near & holding[x] & ~both or not near & holding[y] & ~both:
                continue
        elif sum(1 for d, e in combinations(digits, 2) if near & holding[d] & holding[e]) < 2:
            continue
        pincers = sorted([p for p in cells_of(bivalue & sight[pivot]) if (marks[p] & pivot_mask).bit_count()
                          == pivot_size - 1], key=order[pivot].__getitem__)
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


@cache
def _peer_order(size: int) -> tuple[dict[Cell, int], ...]:
    """Per cell, each peer's place in the order its peers (a frozenset) are iterated in: the order the
    pincers were always tried in."""
    return tuple({p: i for i, p in enumerate(peers)} for peers in geometry(size).peers)


def _bivalue_bits(view: View) -> int:
    """The bivalue cells as a bitset."""
    return bits_of(view.bivalue)


def _wing_step(view: View, name: str, pivot: Cell, pincers: tuple[Cell, Cell], mask: int,
               eliminations) -> Step:
    digits = digits_of(mask)
    cells = (pivot, *pincers)
    return Step(name, view.size, digits, eliminations=eliminations, cells=cells,
                pattern=f"{digits_text(digits).replace(',', '/')} in {cells_text(cells, view.size)}")

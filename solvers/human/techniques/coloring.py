"""Colouring: a digit's conjugate pairs chain into clusters whose two colours hold opposite truths.

Each connected component of a digit's strong-link graph is 2-coloured (``networkx.bipartite``):
one colour holds the digit, the other does not.

- Simple Colours, trap: a cell seeing both colours of a cluster loses the digit.
- Simple Colours, wrap: a colour with two cells in one unit is false: its cells lose the digit.
- Multi-Colours (HoDoKu's types): two clusters. Type 1: when a colour ``a`` of one sees a colour
  ``b`` of the other, one of their partners ``a'``, ``b'`` is true: a cell seeing both loses the
  digit. Type 2: a colour of one seeing both colours of the other is false.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations

from sudokit.models.graph import cells_of
from sudokit.models.grid import Cell, Digit, symbol
from sudokit.solvers.human.steps import Candidate, Step, cells_text, removable
from sudokit.solvers.human.view import View

Colours = tuple[tuple[Cell, ...], tuple[Cell, ...]]  # a cluster's two colour classes


def simple_colors(view: View) -> Iterator[Step]:
    """A cluster whose colours trap an outside candidate, or whose colour wraps (sees itself)."""
    for digit in range(1, view.size + 1):
        yield from view.per_digit(_simple_colors, digit)


def multi_colors_1(view: View) -> Iterator[Step]:
    """Two clusters where colour ``a`` sees colour ``b``: a cell seeing both partners loses the digit."""
    for digit in range(1, view.size + 1):
        yield from view.per_digit(_multi_colors_1, digit)


def multi_colors_2(view: View) -> Iterator[Step]:
    """Two clusters where one colour sees both colours of the other: that colour is false."""
    for digit in range(1, view.size + 1):
        yield from view.per_digit(_multi_colors_2, digit)


# ---- one digit at a time (each kept while the digit's candidates stay the same)


def _simple_colors(view: View, digit: Digit) -> list[Step]:
    peers, bit, found = view.geometry.peers, 1 << (digit - 1), []
    for colours in view.per_digit(_clusters, digit):
        false = next((i for i, cells in enumerate(colours) if _sees(peers, cells, cells)), None)
        if false is not None:
            found.append(_step("simple_colors", view, digit, (colours,), removable(view, colours[false], bit)))
            continue
        clustered = set(colours[0] + colours[1])
        targets = [c for c in _holding(view, digit) if c not in clustered
                   and all(_sees(peers, (c,), cells) for cells in colours)]
        if eliminations := removable(view, targets, bit):
            found.append(_step("simple_colors", view, digit, (colours,), eliminations))
    return found


def _multi_colors_1(view: View, digit: Digit) -> list[Step]:
    peers, found = view.geometry.peers, []
    for one, other in combinations(view.per_digit(_clusters, digit), 2):
        partners = [(one[1 - i], other[1 - j]) for i in (0, 1) for j in (0, 1) if _sees(peers, one[i], other[j])]
        targets = {c for c in _holding(view, digit) for a, b in partners
                   if c not in a + b and _sees(peers, (c,), a) and _sees(peers, (c,), b)}
        if eliminations := removable(view, targets, 1 << (digit - 1)):
            found.append(_step("multi_colors_1", view, digit, (one, other), eliminations))
    return found


def _multi_colors_2(view: View, digit: Digit) -> list[Step]:
    peers, found = view.geometry.peers, []
    for one, other in combinations(view.per_digit(_clusters, digit), 2):
        for first, second in ((one, other), (other, one)):
            for colour in first:
                if all(_sees(peers, colour, cells) for cells in second):
                    found.append(_step("multi_colors_2", view, digit, (first, second),
                                       removable(view, colour, 1 << (digit - 1))))
    return found


def _clusters(view: View, digit: Digit) -> tuple[Colours, ...]:
    """The 2-coloured components of a digit's strong-link graph (none when one has an odd cycle:
    then the state has no solution, and other steps show it)."""
    import networkx as nx

    graph = view.strong(digit)
    try:
        colour = nx.bipartite.color(graph)
    except nx.NetworkXError:
        return ()

    def side(component: set[Cell], k: int) -> tuple[Cell, ...]:
        return tuple(sorted(c for c in component if colour[c] == k))

    return tuple((side(component, 0), side(component, 1)) for component in nx.connected_components(graph))


def _holding(view: View, digit: Digit) -> list[Cell]:
    return list(cells_of(view.holding[digit]))


def _sees(peers: tuple[frozenset[Cell], ...], cells: Iterable[Cell], others: Iterable[Cell]) -> bool:
    """Whether some cell of ``cells`` sees some cell of ``others``."""
    return any(not peers[c].isdisjoint(others) for c in cells)


def _step(name: str, view: View, digit: Digit, clusters: tuple[Colours, ...],
          eliminations: tuple[Candidate, ...]) -> Step:
    pattern = f"{symbol(digit)} " + ", ".join(
        f"({cells_text(a, view.size)}) / ({cells_text(b, view.size)})" for a, b in clusters)
    cells = tuple(c for colours in clusters for cells in colours for c in cells)
    return Step(name, view.size, (digit,), eliminations=eliminations, cells=cells, pattern=pattern,
                length=len(cells))

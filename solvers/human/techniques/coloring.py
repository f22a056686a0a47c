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

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations

from sudokit.models.candidates import Candidates
from sudokit.models.graph import GraphView, graph_view
from sudokit.models.grid import Cell, Digit, symbol
from sudokit.solvers.human.steps import Step, cells_text, removable

Colours = tuple[tuple[Cell, ...], tuple[Cell, ...]]  # a cluster's two colour classes


def simple_colors(state: Candidates) -> Iterator[Step]:
    """A cluster whose colours trap an outside candidate, or whose colour wraps (sees itself)."""
    view, peers = graph_view(state), state.geometry.peers
    for digit in range(1, state.size + 1):
        bit = 1 << (digit - 1)
        for colours in _clusters(view, digit):
            false = next((i for i, cells in enumerate(colours) if _sees(peers, cells, cells)), None)
            if false is not None:
                yield _step("simple_colors", state, digit, (colours,), removable(state, colours[false], bit))
                continue
            clustered = set(colours[0] + colours[1])
            targets = [c for c in _holding(state, digit) if c not in clustered
                       and all(_sees(peers, (c,), cells) for cells in colours)]
            if eliminations := removable(state, targets, bit):
                yield _step("simple_colors", state, digit, (colours,), eliminations)


def multi_colors_1(state: Candidates) -> Iterator[Step]:
    """Two clusters where colour ``a`` sees colour ``b``: a cell seeing both partners loses the digit."""
    peers = state.geometry.peers
    for digit, one, other in _cluster_pairs(state):
        partners = [(one[1 - i], other[1 - j]) for i in (0, 1) for j in (0, 1) if _sees(peers, one[i], other[j])]
        targets = {c for c in _holding(state, digit) for a, b in partners
                   if c not in a + b and _sees(peers, (c,), a) and _sees(peers, (c,), b)}
        if eliminations := removable(state, targets, 1 << (digit - 1)):
            yield _step("multi_colors_1", state, digit, (one, other), eliminations)


def multi_colors_2(state: Candidates) -> Iterator[Step]:
    """Two clusters where one colour sees both colours of the other: that colour is false."""
    peers = state.geometry.peers
    for digit, one, other in _cluster_pairs(state):
        for first, second in ((one, other), (other, one)):
            for colour in first:
                if all(_sees(peers, colour, cells) for cells in second):
                    yield _step("multi_colors_2", state, digit, (first, second),
                                removable(state, colour, 1 << (digit - 1)))


def _cluster_pairs(state: Candidates) -> Iterator[tuple[Digit, Colours, Colours]]:
    """Every two clusters of a digit."""
    view = graph_view(state)
    for digit in range(1, state.size + 1):
        yield from ((digit, one, other) for one, other in combinations(_clusters(view, digit), 2))


@lru_cache(maxsize=32)
def _clusters(view: GraphView, digit: Digit) -> tuple[Colours, ...]:
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


def _holding(state: Candidates, digit: Digit) -> list[Cell]:
    bit = 1 << (digit - 1)
    return [c for c, m in enumerate(state.marks) if m & bit]


def _sees(peers: tuple[frozenset[Cell], ...], cells, others) -> bool:
    """Whether some cell of ``cells`` sees some cell of ``others``."""
    return any(not peers[c].isdisjoint(others) for c in cells)


def _step(name: str, state: Candidates, digit: Digit, clusters, eliminations) -> Step:
    pattern = f"{symbol(digit)} " + ", ".join(
        f"({cells_text(a, state.size)}) / ({cells_text(b, state.size)})" for a, b in clusters)
    cells = tuple(c for colours in clusters for cells in colours for c in cells)
    return Step(name, state.size, (digit,), eliminations=eliminations, cells=cells, pattern=pattern,
                length=len(cells))

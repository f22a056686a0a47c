"""Colouring: a digit's conjugate pairs chain into clusters whose two colours hold opposite truths.

Each connected component of a digit's strong-link graph is 2-coloured (as ``networkx.bipartite``
colours it): one colour holds the digit, the other does not.

- Simple Colours, trap: a cell seeing both colours of a cluster loses the digit.
- Simple Colours, wrap: a colour with two cells in one unit is false: its cells lose the digit.
- Multi-Colours (HoDoKu's types): two clusters. Type 1: when a colour ``a`` of one sees a colour
  ``b`` of the other, one of their partners ``a'``, ``b'`` is true: a cell seeing both loses the
  digit. Type 2: a colour of one seeing both colours of the other is false.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from sudokit.models.graph import cells_of, peer_bits
from sudokit.models.grid import Cell, Digit, symbol
from sudokit.solvers.human.steps import Candidate, Step, cells_text, removable
from sudokit.solvers.human.techniques.single_digit import conjugate_pairs
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
    bit, holding, found = 1 << (digit - 1), view.holding[digit], []
    for colours, bits, seen in view.per_digit(_colourings, digit):
        false = next((i for i in (0, 1) if seen[i] & bits[i]), None)  # a colour that sees itself
        if false is not None:
            found.append(_step("simple_colors", view, digit, (colours,), removable(view, colours[false], bit)))
            continue
        targets = holding & seen[0] & seen[1] & ~(bits[0] | bits[1])
        if eliminations := removable(view, cells_of(targets), bit):
            found.append(_step("simple_colors", view, digit, (colours,), eliminations))
    return found


def _multi_colors_1(view: View, digit: Digit) -> list[Step]:
    holding, found = view.holding[digit], []
    for (one, one_bits, one_seen), (other, other_bits, other_seen) in combinations(view.per_digit(_colourings, digit), 2):
        targets = 0
        for i in (0, 1):
            for j in (0, 1):
                if one_seen[i] & other_bits[j]:  # then the partners: one of them is true
                    targets |= holding & one_seen[1 - i] & other_seen[1 - j] & ~(one_bits[1 - i] | other_bits[1 - j])
        if eliminations := removable(view, cells_of(targets), 1 << (digit - 1)):
            found.append(_step("multi_colors_1", view, digit, (one, other), eliminations))
    return found


def _multi_colors_2(view: View, digit: Digit) -> list[Step]:
    found = []
    for one, other in combinations(view.per_digit(_colourings, digit), 2):
        for (first, _, seen), (second, bits, _) in ((one, other), (other, one)):
            for k, colour in enumerate(first):
                if seen[k] & bits[0] and seen[k] & bits[1]:
                    found.append(_step("multi_colors_2", view, digit, (first, second),
                                       removable(view, colour, 1 << (digit - 1))))
    return found


def _colourings(view: View, digit: Digit) -> tuple[tuple[Colours, tuple[int, int], tuple[int, int]], ...]:
    """``_clusters``, each with its colours as bitsets and the cells seeing each colour (a cell of a
    colour that sees another of it is among those)."""
    peers, found = peer_bits(view.size), []
    for colours in view.per_digit(_clusters, digit):
        bits, seen = [0, 0], [0, 0]
        for k in (0, 1):
            for c in colours[k]:
                bits[k] |= 1 << c
                seen[k] |= peers[c]
        found.append((colours, (bits[0], bits[1]), (seen[0], seen[1])))
    return tuple(found)


def _clusters(view: View, digit: Digit) -> tuple[Colours, ...]:
    """The 2-coloured components of a digit's strong-link graph (none when one has an odd cycle:
    then the state has no solution, and other steps show it). As ``networkx``'s ``bipartite.color`` and
    ``connected_components`` give them: components in the order of their first cell in the graph's
    order (the order cells are met in ``conjugate_pairs``), that cell's colour second."""
    linked: dict[Cell, list[Cell]] = {}
    for a, b, _ in conjugate_pairs(view, digit):
        linked.setdefault(a, []).append(b)
        linked.setdefault(b, []).append(a)
    colour: dict[Cell, int] = {}
    found = []
    for start in linked:
        if start in colour:
            continue
        colour[start], todo, component = 1, [start], [start]
        while todo:
            cell = todo.pop()
            for other in linked[cell]:
                if other not in colour:
                    colour[other] = 1 - colour[cell]
                    todo.append(other)
                    component.append(other)
                elif colour[other] == colour[cell]:  # an odd cycle
                    return ()
        component.sort()
        found.append((tuple(c for c in component if not colour[c]), tuple(c for c in component if colour[c])))
    return tuple(found)


def _step(name: str, view: View, digit: Digit, clusters: tuple[Colours, ...],
          eliminations: tuple[Candidate, ...]) -> Step:
    pattern = f"{symbol(digit)} " + ", ".join(
        f"({cells_text(a, view.size)}) / ({cells_text(b, view.size)})" for a, b in clusters)
    cells = tuple(c for colours in clusters for cells in colours for c in cells)
    return Step(name, view.size, (digit,), eliminations=eliminations, cells=cells, pattern=pattern,
                length=len(cells))

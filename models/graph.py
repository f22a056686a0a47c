"""The networkx view of a pencil-mark state: the link graphs chain techniques search, and their nodes.

Nodes are typed, one class per kind, shared by every chain, ALS and forcing technique:

- ``CellNode(cell, digit)``: a candidate;
- ``GroupNode(cells, digit)``: a digit's candidates (two or more) in one box-line intersection;
- ``AlsNode(cells, digit, als)``: an almost locked set's cells ``als`` hold ``digit`` in ``cells``.

Each has ``cells``, ``digit`` and ``kind`` (``"cell"``, ``"group"``, ``"als"``). They are named
tuples, so they hash as fast as the plain tuples they replace (and equal them).

The graphs of a ``GraphView``, each built on first use:

- ``strong(d)``: cells holding digit ``d``, linked when they are the only two places for ``d`` in a
  unit (a conjugate pair); edge attribute ``units``.
- ``weak(d)``: cells holding ``d``, linked when they see each other; ``strong`` says whether the
  link is also a conjugate pair (a strong link is usable as a weak one).
- ``bivalue``: cells with two candidates, linked when they see each other and share a digit;
  node attribute ``digits``, edge attribute ``digits`` (the shared ones).
- ``links``: the candidate link graph for alternating inference chains. Nodes are ``CellNode`` nodes;
  edges join candidates that cannot both be true (weak) and are labelled ``strong=True`` when one
  of them must be true (a conjugate pair, or the two digits of a bivalue cell).
- ``grouped_links``: ``links`` plus ``GroupNode`` nodes, linked to what shares a unit with all of
  their cells; ``group_links`` holds just the links of groups (the chain search reads it beside
  ``links``).
- ``als_links(sets)``: the ``AlsNode`` nodes of some almost locked sets. Two digits of one set are
  strongly linked (without one of them the rest are locked) but never weakly (``weak=False``: both
  may be there); a node is weakly linked to the candidates and groups of its digit that see all
  its cells.

A view belongs to one state: the human engine builds one per state it reasons about (inside its
``solvers.human.view.View``), and each graph only when a chain technique asks for it. A digit's
graphs depend on its candidates alone: given a ``keeper`` (the solve's memo), a view reuses those
of an earlier state where the digit's candidates were the same.

>>> from sudokit.models.candidates import Candidates
>>> puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
>>> view = graph_view(Candidates.parse(puzzle))
>>> list(view.strong(4).edges(data="units")), view.links.edges[CellNode(1, 1), CellNode(1, 7)]["strong"]
([(58, 62, (6,))], False)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import combinations
from math import isqrt
from typing import TYPE_CHECKING, NamedTuple, Protocol, TypeVar

from sudokit.models.candidates import Candidates, digits_of
from sudokit.models.errors import UnknownName
from sudokit.models.grid import Cell, Digit, Geometry, cell_name, geometry, symbol

if TYPE_CHECKING:
    import networkx as nx

T = TypeVar("T")


# ---- nodes


class CellNode(NamedTuple):
    """One digit in one cell: a candidate."""

    cell: Cell
    digit: Digit

    @property
    def cells(self) -> tuple[Cell, ...]:
        return (self.cell,)

    @property
    def kind(self) -> str:
        return "cell"


class GroupNode(NamedTuple):
    """A digit's candidates in one box-line intersection, taken together."""

    cells: tuple[Cell, ...]
    digit: Digit

    @property
    def kind(self) -> str:
        return "group"


class AlsNode(NamedTuple):
    """An almost locked set's ``als`` cells holding ``digit`` in ``cells`` (those of them that hold it)."""

    cells: tuple[Cell, ...]
    digit: Digit
    als: tuple[Cell, ...]

    @property
    def kind(self) -> str:
        return "als"


Node = CellNode | GroupNode | AlsNode


def node_cells(node: Node) -> tuple[Cell, ...]:
    """The cells of a node (its places, for an ALS node).

    >>> node_cells(CellNode(4, 7)), node_cells(GroupNode((3, 4), 7))
    ((4,), (3, 4))
    """
    return node.cells


def node_name(node: Node, size: int = 9) -> str:
    """A node as people write it: ``r1c2:4`` for a candidate, ``r1c23:4`` for a group.

    >>> node_name(CellNode(1, 4)), node_name(GroupNode((0, 1, 2), 5))
    ('r1c2:4', 'r1c123:5')
    """
    return f"{cells_name(node.cells, size)}:{symbol(node.digit)}"


def is_als(node: Node) -> bool:
    """Whether a node is an ALS node (else a candidate or a group).

    >>> is_als(CellNode(4, 7)), is_als(GroupNode((3, 4), 7)), is_als(AlsNode((3,), 7, (3, 4)))
    (False, False, True)
    """
    return node.__class__ is AlsNode


def cells_name(cells: Sequence[Cell], size: int = 9) -> str:
    """``r1c2``; several as HoDoKu writes them, rows sharing their columns merged: ``r1c23``, ``r12c5``,
    ``r8c2,r9c13`` (beyond 9x9: ``r10c1,r10c2``).

    >>> cells_name((0, 1)), cells_name((63, 72, 74)), cells_name((144, 145), 16)
    ('r1c12', 'r8c1,r9c13', 'r10c1,r10c2')
    """
    if len(cells) == 1 or size > 9:
        return ",".join(cell_name(c, size) for c in cells)
    columns: dict[int, list[Cell]] = defaultdict(list)
    for cell in sorted(cells):
        columns[cell // size].append(cell % size)
    rows: dict[tuple[int, ...], list[int]] = defaultdict(list)  # rows by the columns they hold
    for row, cols in columns.items():
        rows[tuple(cols)].append(row)
    return ",".join("r" + "".join(symbol(r + 1) for r in rs) + "c" + "".join(symbol(c + 1) for c in cols)
                    for cols, rs in rows.items())


# ---- sight, as sets and as bitsets (a cell's bit: 1 << cell)


@cache
def seeing_all(cells: tuple[Cell, ...], size: int = 9) -> frozenset[Cell]:
    """The cells that see every one of ``cells`` (so none of them).

    >>> sorted(seeing_all((0, 1)))
    [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 18, 19, 20]
    """
    peers = geometry(size).peers
    return peers[cells[0]].intersection(*(peers[c] for c in cells[1:]))


@cache
def seeing_bits(cells: tuple[Cell, ...], size: int = 9) -> int:
    """The cells that see every one of ``cells``, as a bitset."""
    bits = -1
    for c in cells:
        bits &= peer_bits(size)[c]
    return bits


@cache
def peer_bits(size: int) -> tuple[int, ...]:
    """Per cell, its peers as a bitset."""
    return tuple(bits_of(peers) for peers in geometry(size).peers)


def bits_of(cells: Iterable[Cell]) -> int:
    """The bitset of some cells.

    >>> bin(bits_of([0, 3]))
    '0b1001'
    """
    bits = 0
    for c in cells:
        bits |= 1 << c
    return bits


def cells_of(bits: int) -> list[Cell]:
    """The cells of a bitset, ascending.

    >>> cells_of(0b1001)
    [0, 3]
    """
    found = []
    while bits:
        low = bits & -bits
        found.append(low.bit_length() - 1)
        bits ^= low
    return found


# ---- almost locked sets


@dataclass(frozen=True, eq=False)
class Als:
    """An almost locked set: N cells of one unit holding N+1 digits between them."""

    cells: tuple[Cell, ...]  # ascending
    mask: int  # the digits they hold
    places: dict[Digit, tuple[Cell, ...]]  # per digit, the cells holding it
    bits: int  # the cells as a bitset
    size: int = 9  # of the grid

    @cached_property
    def sight(self) -> dict[Digit, tuple[int, int]]:
        """Per digit: the cells holding it and the cells seeing all of those, as bitsets."""
        peers = peer_bits(self.size)
        found = {}
        for digit, places in self.places.items():
            seen = -1
            for c in places:
                seen &= peers[c]
            found[digit] = (bits_of(places), seen)
        return found

    @classmethod
    def of(cls, cells: Iterable[Cell], marks: Sequence[int]) -> Als:
        """The set of ``cells`` (whether it is almost locked is the caller's business).

        >>> s = Als.of((3, 1), [0, 0b11, 0, 0b110])
        >>> s.cells, s.places, s.text(9)
        ((1, 3), {1: (1,), 2: (1, 3), 3: (3,)}, 'r1c2,r1c4 {1,2,3}')
        """
        cells = tuple(sorted(cells))
        mask = 0
        for c in cells:
            mask |= marks[c]
        places = {d: tuple([c for c in cells if marks[c] >> (d - 1) & 1]) for d in digits_of(mask)}
        return cls(cells, mask, places, bits_of(cells), isqrt(len(marks)))

    def node(self, digit: Digit) -> AlsNode:
        """The set as a chain node on one of its digits."""
        return AlsNode(self.places[digit], digit, self.cells)

    def text(self, size: int) -> str:
        """``r1c2,r1c4 {1,2,3}``: its cells and digits."""
        return f"{','.join(cell_name(c, size) for c in self.cells)} {{{','.join(map(symbol, digits_of(self.mask)))}}}"


MAX_ALS_DIGITS = 9  # the most digits an ALS (or a Sue de Coq part) holds: on a 9x9 grid, no limit


def unit_subsets(marks: Sequence[int], cells: Sequence[Cell]) -> list[tuple[tuple[Cell, ...], int]]:
    """The non-empty subsets of ``cells`` holding at most ``MAX_ALS_DIGITS`` digits, with their candidates,
    depth first. On a 9x9 grid that is every subset; on larger grids it keeps the search small.

    >>> [cells for cells, _ in unit_subsets([0b1, 0b10, 0b100], [0, 1, 2])]
    [(0,), (0, 1), (0, 1, 2), (0, 2), (1,), (1, 2), (2,)]
    """
    found: list[tuple[tuple[Cell, ...], int]] = []
    count = len(cells)

    def grow(start: int, chosen: tuple[Cell, ...], mask: int) -> None:
        for i in range(start, count):
            union = mask | marks[cells[i]]
            if union.bit_count() <= MAX_ALS_DIGITS:
                subset = (*chosen, cells[i])
                found.append((subset, union))
                grow(i + 1, subset, union)

    grow(0, (), 0)
    return found


def unit_sets(marks: Sequence[int], unit: Sequence[Cell]) -> list[tuple[tuple[Cell, ...], int]]:
    """The almost locked sets of one unit's open cells: (cells, digits), depth first (the subsets of
    ``unit_subsets`` with one digit more than cells).

    >>> unit_sets([0b11, 0b110, 0b1100, 0], [0, 1, 2, 3])
    [((0,), 3), ((0, 1), 7), ((0, 1, 2), 15), ((1,), 6), ((1, 2), 14), ((2,), 12)]
    """
    cells = [c for c in unit if marks[c]]
    if len(cells) > MAX_ALS_DIGITS:  # (larger grids) grown, the subsets with too many digits cut off
        return [(subset, mask) for subset, mask in unit_subsets(marks, cells) if mask.bit_count() == len(subset) + 1]
    unions, sizes = [0] * (1 << len(cells)), _sizes(len(cells))  # per subset (a mask of positions in ``cells``)
    found = []  # the sets, their cells and candidates
    for subset in range(1, len(unions)):
        low = subset & -subset
        unions[subset] = union = unions[subset ^ low] | marks[cells[low.bit_length() - 1]]
        if union.bit_count() == sizes[subset] + 1:
            found.append(subset)
    order, positions = _depth_first(len(cells))
    found.sort(key=order.__getitem__)
    return [(tuple([cells[k] for k in positions[subset]]), unions[subset]) for subset in found
            if sizes[subset] < MAX_ALS_DIGITS]


@cache
def _sizes(count: int) -> tuple[int, ...]:
    """Per subset of ``count`` positions (a mask), how many it has."""
    return tuple(subset.bit_count() for subset in range(1 << count))


@cache
def _depth_first(count: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Per subset of ``count`` positions (a mask): its rank in ``unit_subsets``'s order, and its positions."""
    order: list[int] = [0] * (1 << count)
    positions: list[tuple[int, ...]] = [()] * (1 << count)
    ranked = 0

    def grow(start: int, chosen: tuple[int, ...], mask: int) -> None:
        nonlocal ranked
        for k in range(start, count):
            subset, ranked = mask | 1 << k, ranked + 1
            order[subset], positions[subset] = ranked, (*chosen, k)
            grow(k + 1, positions[subset], subset)

    grow(0, (), 0)
    return tuple(order), tuple(positions)


def almost_locked_sets(size: int, marks: Sequence[int]) -> tuple[Als, ...]:
    """Every ALS of some pencil marks, unit by unit (a set lying in two units counted once).

    >>> [s.cells for s in almost_locked_sets(4, [0b11, 0b11, 0b111, 0] + [0] * 12)]
    [(0,), (0, 2), (1,), (1, 2)]
    """
    found: dict[int, Als] = {}
    for unit in geometry(size).units:
        for cells, _ in unit_sets(marks, unit):
            bits = bits_of(cells)
            if bits not in found:
                found[bits] = Als.of(cells, marks)
    return tuple(found.values())


def restricted_commons(size: int, sets: Sequence[Als]) -> list[list[tuple[int, tuple[Digit, ...]]]]:
    """Per set: the disjoint sets it shares restricted common digits with (by index), and those digits.

    ``X`` is a restricted common of ``A`` and ``B`` when every ``X`` of one sees every ``X`` of the
    other (either way round). So ``A``'s first cell holding ``X`` sees ``B``'s: each set is tried
    against the sets before it filed under the cells it sees. Pairs keep the order of trying all in
    turn: by digit, then set.

    >>> marks = [0b11, 0, 0, 0, 0b110, 0b101] + [0] * 10
    >>> a, b = Als.of((0,), marks), Als.of((4, 5), marks)
    >>> restricted_commons(4, [a, b])
    [[(1, (1, 2))], [(0, (1, 2))]]
    """
    found: list[tuple[Digit, int, int]] = []
    for digit in range(1, size + 1):
        filed: dict[Cell, list[tuple[int, int, int]]] = {}  # the sets so far by their first cell holding it
        firsts = 0
        for j, s in enumerate(sets):
            if digit in s.places:
                bits, seen = s.sight[digit]
                cells_j = s.bits
                if seen & firsts:
                    found += [(digit, i, j) for c in cells_of(seen & firsts) for i, cells_i, held_i in filed[c]
                              if not cells_i & cells_j and not held_i & ~seen]
                first = bits & -bits
                filed.setdefault(first.bit_length() - 1, []).append((j, cells_j, bits))
                firsts |= first
    restricted: dict[tuple[int, int], list[Digit]] = {}
    for digit, i, j in sorted(found):
        restricted.setdefault((i, j), []).append(digit)
    links: list[list[tuple[int, tuple[Digit, ...]]]] = [[] for _ in sets]
    for (i, j), digits in restricted.items():
        links[i].append((j, tuple(digits)))
        links[j].append((i, tuple(digits)))
    return links


# ---- the graphs

KINDS = ("strong", "weak", "bivalue", "aic", "grouped")  # the graphs a view exports


def graph_view(state: Candidates) -> GraphView:
    """The graph view of a state's current pencil marks (built afresh: keep it while the marks hold)."""
    return GraphView(state.size, tuple(state.marks))


def exported(view: GraphView, kind: str, digit: Digit | None = None) -> nx.Graph:
    """One of a view's graphs named for people (``r1c2``, ``r1c2:4``), attributes as text or numbers.

    ``strong`` and ``weak`` need a digit; ``aic`` and ``grouped`` keep only its candidates when given
    one. The result is ready for GraphML or node-link JSON.

    >>> from sudokit.models.candidates import Candidates
    >>> puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    >>> list(exported(graph_view(Candidates.parse(puzzle)), "strong", 4).edges(data=True))
    [('r7c5', 'r7c9', {'units': 'r7'})]
    """
    if kind not in KINDS:
        raise UnknownName(f"unknown graph kind {kind!r}; choose from {', '.join(KINDS)}")
    if digit is not None and not 1 <= digit <= view.size:
        raise UnknownName(f"{digit} is not a digit of a {view.size}x{view.size} grid")
    if kind in ("strong", "weak"):
        if digit is None:
            raise UnknownName(f"a {kind}-link graph belongs to one digit: give one")
        return _exported_digit(view, kind, digit)
    if kind == "bivalue":
        return _exported_bivalue(view)
    return _exported_links(view, kind, digit)


def _exported_digit(view: GraphView, kind: str, digit: Digit) -> nx.Graph:
    import networkx as nx

    size, unit_name = view.size, view.geometry.unit_name
    graph = view.strong(digit) if kind == "strong" else view.weak(digit)
    out = nx.Graph(kind=kind, digit=digit)
    out.add_nodes_from(cell_name(c, size) for c in graph)
    for a, b, data in graph.edges(data=True):
        attrs = {"units": ",".join(map(unit_name, data["units"]))} if kind == "strong" else data
        out.add_edge(cell_name(a, size), cell_name(b, size), **attrs)
    return out


def _exported_bivalue(view: GraphView) -> nx.Graph:
    import networkx as nx

    size, graph = view.size, view.bivalue
    out = nx.Graph(kind="bivalue")
    out.add_nodes_from((cell_name(c, size), {"digits": _digits(ds)}) for c, ds in graph.nodes(data="digits"))
    out.add_edges_from((cell_name(a, size), cell_name(b, size), {"digits": _digits(ds)})
                       for a, b, ds in graph.edges(data="digits"))
    return out


def _exported_links(view: GraphView, kind: str, digit: Digit | None) -> nx.Graph:
    import networkx as nx

    size = view.size
    graph = view.grouped_links if kind == "grouped" else view.links
    keep = [n for n in graph if digit is None or n.digit == digit]
    out = nx.Graph(kind=kind)
    out.add_nodes_from((node_name(n, size), {"cells": cells_name(n.cells, size), "digit": n.digit}) for n in keep)
    out.add_edges_from((node_name(a, size), node_name(b, size), {"strong": strong})
                       for a, b, strong in graph.subgraph(keep).edges(data="strong"))
    return out


def _digits(digits: tuple[Digit, ...]) -> str:
    return ",".join(map(symbol, digits))


def holding_bits(marks: Sequence[int], size: int) -> tuple[int, ...]:
    """Per digit (index 1 … N; index 0 unused), the cells whose marks hold it, as a bitset.

    >>> holding_bits([0b01, 0b11, 0b10, 0b00], 2)
    (0, 3, 6)
    """
    bits = [0] * (size + 1)
    for cell, mask in enumerate(marks):
        while mask:
            low = mask & -mask
            bits[low.bit_length()] |= 1 << cell
            mask ^= low
    return tuple(bits)


class Keeper(Protocol):
    """Where a view keeps what outlives its state (``solvers.human.view.Memo``): ``compute()``'s value,
    reused while ``content`` (what it was computed from) is the same."""

    def get(self, slot: Hashable, content: Hashable, compute: Callable[[], T]) -> T: ...


class GraphView:
    """The link graphs of one pencil-mark state (read-only), each built on first use.

    A digit's graphs (``strong``, ``weak``, ``group_graph``) depend on its candidates alone: with a
    ``keeper`` they are kept for later states where the digit's candidates are the same.
    """

    def __init__(self, size: int, marks: tuple[int, ...], keeper: Keeper | None = None):
        self.size, self.marks, self.keeper = size, marks, keeper

    @property
    def geometry(self) -> Geometry:
        return geometry(self.size)

    def has(self, cell: Cell, digit: Digit) -> bool:
        return bool(self.marks[cell] >> (digit - 1) & 1)

    @cached_property
    def holding_bits(self) -> tuple[int, ...]:
        """Per digit (index 1 … N), the cells holding it as a bitset."""
        return holding_bits(self.marks, self.size)

    @cached_property
    def holding(self) -> dict[Digit, frozenset[Cell]]:
        """Per digit, the cells holding it."""
        return {d: frozenset(cells_of(self.holding_bits[d])) for d in range(1, self.size + 1)}

    def places(self, digit: Digit) -> list[list[Cell]]:
        """Per unit, the cells of the unit holding a digit."""
        bit = 1 << (digit - 1)
        marks = self.marks
        return [[c for c in cells if marks[c] & bit] for cells in self.geometry.units]

    def conjugates(self, digit: Digit) -> list[tuple[int, Cell, Cell]]:
        """Every conjugate pair of a digit: (unit, cell, cell)."""
        return [(u, cells[0], cells[1]) for u, cells in enumerate(self.places(digit)) if len(cells) == 2]

    def strong(self, digit: Digit) -> nx.Graph:
        """The strong-link graph of a digit: conjugate pairs, with the units that make them."""
        return self._digit_graph("strong", digit, self._strong_graph)

    def weak(self, digit: Digit) -> nx.Graph:
        """Every cell holding a digit, linked to the peers holding it; ``strong`` marks conjugate pairs."""
        return self._digit_graph("weak", digit, self._weak_graph)

    def group_graph(self, digit: Digit) -> nx.Graph:
        """The links of a digit's groups (``GroupNode`` nodes): to the candidates and groups of the digit
        that share a unit with all their cells; ``strong`` when together they are the unit's every place."""
        return self._digit_graph("groups", digit, self._group_graph)

    def _digit_graph(self, kind: str, digit: Digit, build: Callable[[Digit], nx.Graph]) -> nx.Graph:
        key = (kind, digit)
        if key not in self._graphs:
            if self.keeper is None:
                self._graphs[key] = build(digit)
            else:
                self._graphs[key] = self.keeper.get((GraphView, self.size, *key), self.holding_bits[digit],
                                                    lambda: build(digit))
        return self._graphs[key]

    @cached_property
    def _graphs(self) -> dict[tuple[str, Digit], nx.Graph]:
        return {}

    def _strong_graph(self, digit: Digit) -> nx.Graph:
        import networkx as nx

        graph = nx.Graph(digit=digit)
        for unit, a, b in self.conjugates(digit):
            if graph.has_edge(a, b):
                graph.edges[a, b]["units"] += (unit,)
            else:
                graph.add_edge(a, b, units=(unit,))
        return graph

    def _weak_graph(self, digit: Digit) -> nx.Graph:
        import networkx as nx

        graph = nx.Graph(digit=digit)
        for cells in self.places(digit):
            graph.add_nodes_from(cells)
            graph.add_edges_from(combinations(cells, 2), strong=False)
        for a, b in self.strong(digit).edges:
            graph.edges[a, b]["strong"] = True
        return graph

    def _group_graph(self, digit: Digit) -> nx.Graph:
        import networkx as nx

        graph = nx.Graph(digit=digit)
        for unit, cells in enumerate(self.places(digit)):
            groups = self._groups(unit, cells)
            if not groups:
                continue
            others: list[tuple[tuple[Cell, ...], Node]] = [((c,), CellNode(c, digit)) for c in cells]
            others += [(g, GroupNode(g, digit)) for g in groups]
            for group in groups:
                node, inside = GroupNode(group, digit), set(group)
                for cells_of_other, other in others:
                    if inside.isdisjoint(cells_of_other):
                        strong = len(group) + len(cells_of_other) == len(cells)  # together, every place
                        link = graph.get_edge_data(node, other)
                        if not (link and link["strong"]):
                            graph.add_edge(node, other, strong=strong)
        return graph

    @cached_property
    def bivalue(self) -> nx.Graph:
        """Cells with exactly two candidates, linked when they see each other and share a digit."""
        import networkx as nx

        graph = nx.Graph()
        cells = [c for c, m in enumerate(self.marks) if m.bit_count() == 2]
        graph.add_nodes_from((c, {"digits": digits_of(self.marks[c])}) for c in cells)
        peers = self.geometry.peers
        for a, b in combinations(cells, 2):
            shared = self.marks[a] & self.marks[b]
            if shared and b in peers[a]:
                graph.add_edge(a, b, digits=digits_of(shared))
        return graph

    def bivalue_pair(self, pair: int) -> nx.Graph:
        """The part of ``bivalue`` whose cells hold exactly the digits of ``pair`` (a mask)."""
        import networkx as nx

        graph = nx.Graph()
        cells = [c for c, m in enumerate(self.marks) if m == pair]
        digits = digits_of(pair)
        graph.add_nodes_from((c, {"digits": digits}) for c in cells)
        peers = self.geometry.peers
        graph.add_edges_from(((a, b) for a, b in combinations(cells, 2) if b in peers[a]), digits=digits)
        return graph

    @cached_property
    def links(self) -> nx.Graph:
        """The candidate link graph: ``CellNode`` nodes, weak edges, ``strong=True`` where one must hold.

        It joins what the chain search reads piece by piece: the links inside each cell, and each
        digit's ``weak`` graph."""
        import networkx as nx

        graph = nx.Graph()
        for cell, mask in enumerate(self.marks):
            nodes = [CellNode(cell, d) for d in digits_of(mask)]
            graph.add_nodes_from(nodes)
            graph.add_edges_from(combinations(nodes, 2), strong=len(nodes) == 2)
        for digit in range(1, self.size + 1):
            graph.add_edges_from((CellNode(a, digit), CellNode(b, digit), link)
                                 for a, b, link in self.weak(digit).edges(data=True))
        return graph

    @cached_property
    def grouped_links(self) -> nx.Graph:
        """``links`` plus group nodes: a digit's candidates in a box-line intersection, as one node."""
        import networkx as nx

        return nx.compose(self.links, self.group_links)

    @cached_property
    def group_links(self) -> nx.Graph:
        """The links of ``grouped_links`` that have a group at one end (or both): every digit's ``group_graph``."""
        import networkx as nx

        return nx.compose_all([self.group_graph(d) for d in range(1, self.size + 1)])

    def groups(self, digit: Digit) -> list[GroupNode]:
        """A digit's group nodes (in the order its ``group_graph`` lists them)."""
        return [node for node, _ in self._group_bits(digit)]

    def _group_bits(self, digit: Digit) -> list[tuple[GroupNode, int]]:
        """A digit's group nodes, each with its cells as a bitset."""
        if digit not in self._groups_of:
            self._groups_of[digit] = [(node, bits_of(node.cells)) for node in self.group_graph(digit)
                                      if node.__class__ is GroupNode]
        return self._groups_of[digit]

    @cached_property
    def _groups_of(self) -> dict[Digit, list[tuple[GroupNode, int]]]:
        return {}

    def als_links(self, sets: Iterable[Als]) -> nx.Graph:
        """The links of the ALS nodes of ``sets``: strong (only) inside a set, weak to what sees a node's cells.

        A node nothing sees is left out (a chain can neither enter nor leave the set by it), and so is
        a set left with fewer than two nodes.
        """
        import networkx as nx

        graph = nx.Graph()
        for s in sets:
            linked = self.als_node_links(s)
            graph.add_edges_from(combinations([node for node, _ in linked], 2), strong=True, weak=False)
            graph.add_edges_from(((node, other) for node, outside in linked for other in outside), strong=False)
        return graph

    def als_node_links(self, s: Als) -> list[tuple[AlsNode, list[Node]]]:
        """A set's nodes for ``als_links``, each with the candidates and groups it is weakly linked to
        (none when fewer than two of its nodes are linked); kept, with a keeper, while the set's
        digits' candidates stay the same."""
        if self.keeper is None:
            return self._als_node_links(s)
        content = tuple(self.holding_bits[d] for d in digits_of(s.mask))
        return self.keeper.get((GraphView, self.size, "als", s.bits, s.mask), content, lambda: self._als_node_links(s))

    def _als_node_links(self, s: Als) -> list[tuple[AlsNode, list[Node]]]:
        linked = [(s.node(d), seen) for d in digits_of(s.mask) if (seen := self.seeing_links(s.places[d], d))]
        return linked if len(linked) > 1 else []

    def seeing_links(self, cells: tuple[Cell, ...], digit: Digit) -> list[Node]:
        """The candidates and groups of ``digit`` that see every one of ``cells`` (what an ALS node on
        those cells is weakly linked to): a function of the digit's candidates."""
        sight = seeing_bits(cells, self.size)
        seen: list[Node] = [g for g, bits in self._group_bits(digit) if not bits & ~sight]
        if sight & self.holding_bits[digit]:
            seen = [CellNode(c, digit) for c in seeing_all(cells, self.size) & self.holding[digit]] + seen
        return seen

    def _groups(self, unit: int, cells: list[Cell]) -> list[tuple[Cell, ...]]:
        """The groups inside a unit: its cells meeting each crossing box (or line), when two or more."""
        return _unit_groups(self.size, unit, tuple(cells))


@cache
def _intersections(size: int) -> dict[int, list[frozenset[Cell]]]:
    """Per unit, the box-line intersections inside it (a line's boxes, a box's rows and columns)."""
    geo = geometry(size)
    found: dict[int, list[frozenset[Cell]]] = {u: [] for u in range(len(geo.units))}
    for box in range(2 * size, 3 * size):
        for line in range(2 * size):
            shared = frozenset(geo.units[box]) & frozenset(geo.units[line])
            if shared:
                found[box].append(shared)
                found[line].append(shared)
    return found


@cache
def _unit_groups(size: int, unit: int, cells: tuple[Cell, ...]) -> list[tuple[Cell, ...]]:
    """The groups of some cells of a unit: those in each crossing box (or line), when two or more
    (a function of few arguments, kept: a solve asks it again and again)."""
    crossings = [tuple([c for c in cells if c in part]) for part in _intersections(size)[unit]]
    return [group for group in crossings if len(group) > 1]

"""The networkx view of a pencil-mark state: the link graphs chain techniques search.

- ``strong(d)``: cells holding digit ``d``, linked when they are the only two places for ``d`` in a
  unit (a conjugate pair); edge attribute ``units``.
- ``weak(d)``: cells holding ``d``, linked when they see each other; ``strong`` says whether the
  link is also a conjugate pair (a strong link is usable as a weak one).
- ``bivalue``: cells with two candidates, linked when they see each other and share a digit;
  node attribute ``digits``, edge attribute ``digits`` (the shared ones).
- ``links``: the candidate link graph for alternating inference chains. Nodes are candidates
  ``(cell, digit)``; edges join candidates that cannot both be true (weak) and are labelled
  ``strong=True`` when one of them must be true (a conjugate pair, or the two digits of a
  bivalue cell).
- ``grouped_links``: ``links`` plus group nodes ``(cells, digit)``: a digit's candidates (two or
  more) in one box-line intersection, linked to what shares a unit with all of them;
  ``group_links`` holds just the links of groups (the chain search reads it beside ``links``).
- ``als_links(sets)``: ALS nodes ``(places, digit, cells)``: an almost locked set's ``cells`` hold
  ``digit`` in one of ``places``. Two digits of one set are strongly linked (without one of them
  the rest are locked) but never weakly (``weak=False``: both may be there); a node is weakly
  linked to the candidates and groups of its digit that see all its places.

A view is built once per state and each graph on first use: ``graph_view`` caches views by the
state's marks, so techniques asking in turn about one state share them, and the engine's next
step (which changes the marks) gets a fresh view. ``als_links`` is built on each call, for the sets
its caller chooses.

>>> from sudokit.models.candidates import Candidates
>>> puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
>>> view = graph_view(Candidates.parse(puzzle))
>>> view is graph_view(Candidates.parse(puzzle))  # the same marks: the same view
True
>>> list(view.strong(4).edges(data="units")), view.links.edges[(1, 1), (1, 7)]["strong"]
([(58, 62, (6,))], False)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from functools import cache, cached_property, lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

from sudokit.models.candidates import Candidates, digits_of
from sudokit.models.errors import UnknownName
from sudokit.models.grid import Cell, Digit, Geometry, cell_name, geometry, symbol

if TYPE_CHECKING:
    import networkx as nx

Node = tuple  # (cell, digit) a candidate, ((cell, ...), digit) a group, ((cell, ...), digit, (cell, ...)) an ALS
Als = tuple[tuple[Cell, ...], int]  # an almost locked set: its cells (in one unit) and their digits, a mask


def graph_view(state: Candidates) -> GraphView:
    """The (cached) graph view of a state's current pencil marks."""
    return _view(state.size, tuple(state.marks))


@lru_cache(maxsize=4)
def _view(size: int, marks: tuple[int, ...]) -> GraphView:
    return GraphView(size, marks)


def node_cells(node: Node) -> tuple[Cell, ...]:
    """The cells of a candidate or group node.

    >>> node_cells((4, 7)), node_cells(((3, 4), 7))
    ((4,), (3, 4))
    """
    cells = node[0]
    return cells if cells.__class__ is tuple else (cells,)


def node_name(node: Node, size: int = 9) -> str:
    """A node as people write it: ``r1c2:4`` for a candidate, ``r1c23:4`` for a group.

    >>> node_name((1, 4)), node_name(((0, 1, 2), 5))
    ('r1c2:4', 'r1c123:5')
    """
    return f"{cells_name(node_cells(node), size)}:{symbol(node[1])}"


def cells_name(cells: tuple[Cell, ...], size: int = 9) -> str:
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


@cache
def seeing_all(cells: tuple[Cell, ...], size: int = 9) -> frozenset[Cell]:
    """The cells that see every one of ``cells`` (so none of them).

    >>> sorted(seeing_all((0, 1)))
    [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 18, 19, 20]
    """
    peers = geometry(size).peers
    return peers[cells[0]].intersection(*(peers[c] for c in cells[1:]))


def is_als(node: Node) -> bool:
    """Whether a node is an ALS node (else a candidate or a group).

    >>> is_als((4, 7)), is_als(((3, 4), 7)), is_als(((3,), 7, (3, 4)))
    (False, False, True)
    """
    return len(node) == 3


KINDS = ("strong", "weak", "bivalue", "aic", "grouped")  # the graphs a view exports


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
    keep = [n for n in graph if digit is None or n[1] == digit]
    out = nx.Graph(kind=kind)
    out.add_nodes_from((node_name(n, size), {"cells": cells_name(node_cells(n), size), "digit": n[1]}) for n in keep)
    out.add_edges_from((node_name(a, size), node_name(b, size), {"strong": strong})
                       for a, b, strong in graph.subgraph(keep).edges(data="strong"))
    return out


def _digits(digits: tuple[Digit, ...]) -> str:
    return ",".join(map(symbol, digits))


class GraphView:
    """The link graphs of one pencil-mark state (read-only), each built on first use."""

    def __init__(self, size: int, marks: tuple[int, ...]):
        self.size, self.marks = size, marks

    @property
    def geometry(self) -> Geometry:
        return geometry(self.size)

    def has(self, cell: Cell, digit: Digit) -> bool:
        return bool(self.marks[cell] >> (digit - 1) & 1)

    @cached_property
    def places(self) -> dict[Digit, list[list[Cell]]]:
        """Per digit, per unit: the cells of the unit holding the digit as a candidate."""
        places: dict[Digit, list[list[Cell]]] = {d: [[] for _ in self.geometry.units] for d in range(1, self.size + 1)}
        for unit, cells in enumerate(self.geometry.units):
            for cell in cells:
                for digit in digits_of(self.marks[cell]):
                    places[digit][unit].append(cell)
        return places

    @cached_property
    def holding(self) -> dict[Digit, frozenset[Cell]]:
        """Per digit, the cells holding it."""
        return {d: frozenset(c for row in places[:self.size] for c in row) for d, places in self.places.items()}

    def conjugates(self, digit: Digit) -> list[tuple[int, Cell, Cell]]:
        """Every conjugate pair of a digit: (unit, cell, cell)."""
        return [(u, cells[0], cells[1]) for u, cells in enumerate(self.places[digit]) if len(cells) == 2]

    def strong(self, digit: Digit) -> nx.Graph:
        """The strong-link graph of a digit: conjugate pairs, with the units that make them."""
        return self._strong[digit]

    def weak(self, digit: Digit) -> nx.Graph:
        """Every cell holding a digit, linked to the peers holding it; ``strong`` marks conjugate pairs."""
        return self._weak[digit]

    @cached_property
    def _strong(self) -> dict[Digit, nx.Graph]:
        import networkx as nx

        graphs = {}
        for digit in range(1, self.size + 1):
            graph = nx.Graph(digit=digit)
            for unit, a, b in self.conjugates(digit):
                if graph.has_edge(a, b):
                    graph.edges[a, b]["units"] += (unit,)
                else:
                    graph.add_edge(a, b, units=(unit,))
            graphs[digit] = graph
        return graphs

    @cached_property
    def _weak(self) -> dict[Digit, nx.Graph]:
        import networkx as nx

        graphs = {}
        for digit in range(1, self.size + 1):
            graph = nx.Graph(digit=digit)
            for cells in self.places[digit]:
                graph.add_nodes_from(cells)
                graph.add_edges_from(combinations(cells, 2), strong=False)
            for a, b in self.strong(digit).edges:
                graph.edges[a, b]["strong"] = True
            graphs[digit] = graph
        return graphs

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

    @cached_property
    def links(self) -> nx.Graph:
        """The candidate link graph: (cell, digit) nodes, weak edges, ``strong=True`` where one must hold."""
        import networkx as nx

        graph = nx.Graph()
        for cell, mask in enumerate(self.marks):
            digits = digits_of(mask)
            graph.add_nodes_from((cell, d) for d in digits)
            graph.add_edges_from((((cell, a), (cell, b)) for a, b in combinations(digits, 2)), strong=len(digits) == 2)
        for digit, units in self.places.items():
            for cells in units:
                graph.add_edges_from((((a, digit), (b, digit)) for a, b in combinations(cells, 2)), strong=False)
            graph.add_edges_from((((a, digit), (b, digit)) for _, a, b in self.conjugates(digit)), strong=True)
        return graph

    @cached_property
    def grouped_links(self) -> nx.Graph:
        """``links`` plus group nodes: a digit's candidates in a box-line intersection, as one node."""
        import networkx as nx

        return nx.compose(self.links, self.group_links)

    @cached_property
    def group_links(self) -> nx.Graph:
        """The links of ``grouped_links`` that have a group at one end (or both)."""
        import networkx as nx

        graph = nx.Graph()
        for digit, places in self.places.items():
            for unit, cells in enumerate(places):
                groups = self._groups(unit, cells)
                others = [((c,), (c, digit)) for c in cells] + [(g, (g, digit)) for g in groups]
                for group in groups:
                    for cells_of, other in others:
                        if set(group).isdisjoint(cells_of):
                            strong = len(group) + len(cells_of) == len(cells)  # together, every place
                            link = graph.get_edge_data((group, digit), other)
                            if not (link and link["strong"]):
                                graph.add_edge((group, digit), other, strong=strong)
        return graph

    def als_links(self, sets: Iterable[Als]) -> nx.Graph:
        """The links of the ALS nodes of ``sets``: strong (only) inside a set, weak to what sees a node's places.

        A node nothing sees is left out (a chain can neither enter nor leave the set by it), and so is
        a set left with fewer than two nodes.
        """
        import networkx as nx

        groups = defaultdict(list)
        for node in self.group_links:
            if node[0].__class__ is tuple:
                groups[node[1]].append(node)
        graph = nx.Graph()
        for cells, mask in sets:
            nodes: list[Node] = []
            outside: list[tuple[Node, Node]] = []
            for digit in digits_of(mask):
                node = (tuple(c for c in cells if self.has(c, digit)), digit, cells)
                seeing = seeing_all(node[0], self.size)
                seen = [(c, digit) for c in seeing & self.holding[digit]]
                seen += [g for g in groups[digit] if seeing.issuperset(g[0])]
                if seen:
                    nodes.append(node)
                    outside += ((node, other) for other in seen)
            if len(nodes) > 1:
                graph.add_edges_from(combinations(nodes, 2), strong=True, weak=False)
                graph.add_edges_from(outside, strong=False)
        return graph

    def _groups(self, unit: int, cells: list[Cell]) -> list[tuple[Cell, ...]]:
        """The groups inside a unit: its cells meeting each crossing box (or line), when two or more."""
        return [group for group in _crossings(self.size, unit, tuple(cells)) if len(group) > 1]


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


def _crossings(size: int, unit: int, cells: tuple[Cell, ...]) -> list[tuple[Cell, ...]]:
    return [tuple(c for c in cells if c in part) for part in _intersections(size)[unit]]

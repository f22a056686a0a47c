"""Chains and loops: alternating inference chains found by breadth-first search on the link graphs.

A chain starts from a candidate assumed false and alternates strong links (one of the two is
true) and weak links (not both true), starting and ending with a strong link: so one of its two
ends is true. The search walks the states (candidate, whether the next link must be strong) of
``sudokit.models.graph``'s link graphs, breadth first, so the chain found to each end is a shortest one;
``max_links`` (``MAX_LINKS`` for the nice loops) bounds its length. A shortest walk may use a
candidate twice; the search then reruns without that use. The walk runs on plain neighbour lists
read off the networkx graph: ``networkx.bfs_predecessors`` over a materialised state graph took
three times as long (building it included) on the SE sample's stuck states.

- X-Chain: one digit, conjugate pairs as strong links; Remote Pair and XY-Chain: bivalue cells.
- Nice Loop/AIC (HoDoKu's kinds): ends of one digit remove it where it sees both; ends of two
  digits remove each one's digit from the other's cell, when that cell sees the whole end. Two
  eliminations or more make an AIC; one, a Discontinuous Nice Loop, which also concludes when both
  ends lie in one cell: its other digits go (a chain proving its own start leaves the start alone).
  A Continuous Nice Loop closes with a weak link, which makes every weak link of the loop strong.
- The grouped kinds also link groups (a digit's candidates in one box-line intersection) and
  almost locked sets of up to ``MAX_ALS_CELLS`` cells: entered by a weak link on one digit, an ALS
  is locked on its other digits, so one of them is true in it (the link out is weak again). In a
  continuous loop such a link is weak too: the set is locked on the rest of its digits.

Chains are written in nice-loop notation: ``XY-Chain: 1- r1c2 -4- r3c3 -7- r3c8 -1 => r1c7<>1``;
an ALS as in Eureka, the digit it is entered on and the one it yields: ``-3- (3=6)r8c2,r9c13 -6-``.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from functools import lru_cache
from itertools import combinations, pairwise
from typing import TYPE_CHECKING

from sudokit.models.candidates import Candidates, digits_of
from sudokit.models.graph import (
    Als,
    GraphView,
    Node,
    cells_name,
    graph_view,
    is_als,
    node_cells,
    seeing_all,
)
from sudokit.models.grid import Cell, cell_name, symbol
from sudokit.solvers.human.steps import Candidate, Step, removable
from sudokit.solvers.human.techniques.als import all_sets

if TYPE_CHECKING:
    import networkx as nx

MAX_LINKS = 20  # the longest chain searched, in links (inferences)
MAX_ALS_CELLS = 3  # the largest ALS the grouped kinds link (up to 4 cells: a third more search time)

Chain = tuple[Node, ...]  # alternating, the first and last links strong
Adjacency = tuple[dict[Node, list[Node]], dict[Node, list[Node]]]  # strong, weak neighbours
Reached = tuple[dict[Node, Node | None], dict[Node, Node | None]]  # per truth value: node -> where from
Link = Callable[[Node, Node], bool]  # whether a chain may use a link
Maker = Callable[[], "Chain | None"]  # makes a chain on demand (None: no simple one)
Writer = Callable[[Chain], str]  # writes a chain in nice-loop notation


def remote_pair(state: Candidates) -> Iterator[Step]:
    """A chain of bivalue cells holding one pair: a cell seeing two of opposite parity loses both digits."""
    import networkx as nx

    view = graph_view(state)
    bivalue = view.bivalue
    counts = Counter(view.marks[c] for c in bivalue)
    for pair in sorted(m for m, count in counts.items() if count >= 4):  # a shorter chain is a naked pair
        same = bivalue.subgraph(c for c in bivalue if view.marks[c] == pair)
        for component in nx.connected_components(same):
            chain = same.subgraph(component)
            if nx.is_bipartite(chain):
                yield from _remote_pairs(state, chain, pair)


def _remote_pairs(state: Candidates, chain: nx.Graph, pair: int) -> Iterator[Step]:
    """A chain that is a path gives one step (all its far ends together), any other one per pair of ends."""
    import networkx as nx

    peers, size = state.geometry.peers, state.size
    distance = dict(nx.all_pairs_shortest_path_length(chain))
    ends = [(x, y) for x, y in combinations(sorted(chain), 2) if distance[x][y] >= 3 and distance[x][y] % 2]
    is_path = max(d for _, d in chain.degree) <= 2 and nx.is_tree(chain)
    for group in ([ends] if is_path and ends else [[xy] for xy in ends]):
        eliminations = removable(state, {c for x, y in group for c in peers[x] & peers[y]} - set(chain), pair)
        if eliminations:
            path = nx.shortest_path(chain, *max(group, key=lambda xy: distance[xy[0]][xy[1]]))
            a, b = map(symbol, digits_of(pair))
            text = f"{a}/{b} {cell_name(path[0], size)}" + "".join(
                f" -{(a, b)[i % 2]}- {cell_name(cell, size)}" for i, cell in enumerate(path[1:]))
            yield Step("remote_pair", size, digits_of(pair), eliminations=eliminations, cells=tuple(path),
                       pattern=text, length=2 * len(path))


def x_chain(state: Candidates, max_links: int = MAX_LINKS) -> Iterator[Step]:
    """An alternating chain on one digit, conjugate pairs as strong links: what sees both ends loses it."""
    view = graph_view(state)
    adjacency = _adjacency([view.links], lambda a, b: a[1] == b[1], lambda a, b: True)
    return _end_steps(view, adjacency, "x_chain", max_links)


def xy_chain(state: Candidates, max_links: int = MAX_LINKS) -> Iterator[Step]:
    """A chain of bivalue cells, each linked to the next by a digit: the digit both ends keep is removed around."""
    view = graph_view(state)
    marks = view.marks
    adjacency = _adjacency([view.links], lambda a, b: marks[a[0]].bit_count() == marks[b[0]].bit_count() == 2,
                           lambda a, b: a[0] == b[0])
    return _end_steps(view, adjacency, "xy_chain", max_links)


def discontinuous_nice_loop(state: Candidates) -> Iterator[Step]:
    """A chain that concludes on one cell: a candidate both its ends see, or the cell's other digits."""
    return _kind(state, "discontinuous_nice_loop", grouped=False)


def continuous_nice_loop(state: Candidates) -> Iterator[Step]:
    """A closed alternating loop: each of its weak links becomes strong; what sees both ends of one goes."""
    return _kind(state, "continuous_nice_loop", grouped=False)


def aic(state: Candidates) -> Iterator[Step]:
    """An alternating inference chain whose two ends remove two candidates or more."""
    return _kind(state, "aic", grouped=False)


def grouped_discontinuous_nice_loop(state: Candidates) -> Iterator[Step]:
    """A discontinuous nice loop that links groups too."""
    return _kind(state, "grouped_discontinuous_nice_loop", grouped=True)


def grouped_continuous_nice_loop(state: Candidates) -> Iterator[Step]:
    """A continuous nice loop that links groups too."""
    return _kind(state, "grouped_continuous_nice_loop", grouped=True)


def grouped_aic(state: Candidates) -> Iterator[Step]:
    """An AIC that links groups too."""
    return _kind(state, "grouped_aic", grouped=True)


# ---- the search


def _adjacency(graphs: list[nx.Graph], usable: Link, strong_ok: Link) -> Adjacency:
    """Plain neighbour lists of link graphs: the links a chain may use weakly, and those it may use as strong
    (a strong link is weak too, unless marked ``weak=False``)."""
    strong: dict[Node, list[Node]] = defaultdict(list)
    weak: dict[Node, list[Node]] = defaultdict(list)
    for graph in graphs:
        for node, links in graph.adjacency():
            usable_ones = [(m, link) for m, link in links.items() if usable(node, m)]
            weak[node] += [m for m, link in usable_ones if link.get("weak", True)]
            strong[node] += [m for m, link in usable_ones if link["strong"] and strong_ok(node, m)]
    return strong, weak


def _search(start: Node, adjacency: Adjacency, max_links: int, banned=()) -> tuple[Reached, list[tuple[Node, int]]]:
    """Breadth first from ``start`` assumed false: how each state was reached, and every candidate
    proved true with the length of the shortest chain proving it (in links); ``banned`` states
    (node, true or not) are never entered. Links alternate, so each round of the search enters
    states of one truth value: strong links make nodes true, weak ones false."""
    strong, weak = adjacency
    reached: Reached = ({}, {})  # per truth value (false, true): node -> the node it came from
    for node, on in banned:
        reached[on][node] = None
    reached[False][start] = None
    proved: list[tuple[Node, int]] = []
    frontier, on = [start], False
    for length in range(1, max_links + 1):
        links, entered, following = (weak if on else strong), reached[not on], []
        for node in frontier:
            for other in links[node]:
                if other not in entered:
                    entered[other] = node
                    following.append(other)
        if not on:
            proved += ((node, length) for node in following)
        frontier, on = following, not on
    return reached, proved


def _path(reached: Reached, end: Node) -> Chain | None:
    """The chain the search found to ``end`` (true), if it reached it."""
    if end not in reached[True]:
        return None
    nodes: list[Node] = []
    node: Node | None = end
    on = True
    while node is not None:
        nodes.append(node)
        node, on = reached[on][node], not on
    return tuple(reversed(nodes))


def _reused(chain: Chain) -> int | None:
    """The position of the first use of a candidate the chain uses twice, if any (the start may come
    back at the end: a chain proving its own start)."""
    first_use: dict[Candidate, int] = {}
    for i, node in enumerate(chain[:-1] if chain[-1] == chain[0] else chain):
        for cell in node_cells(node):
            if (cell, node[1]) in first_use:
                return first_use[cell, node[1]]
            first_use[cell, node[1]] = i
    return None


def _starts(adjacency: Adjacency) -> list[Node]:
    """The candidates and groups a chain may start from (an ALS is entered, never started from)."""
    return [node for node, links in adjacency[0].items() if links and not is_als(node)]


class _Best:
    """The shortest chain found for each conclusion; chains are made, and steps written, only for those."""

    def __init__(self, view: GraphView):
        self.view = view
        self.found: dict[tuple[str, tuple[Candidate, ...]], tuple[int, Chain, Writer]] = {}

    def offer(self, kind: str, eliminations: tuple[Candidate, ...], length: int, chain: Maker, text: Writer) -> None:
        """A conclusion, the length of a chain proving it, how to make that chain, and how to write it."""
        key = (kind, eliminations)
        if eliminations and (key not in self.found or self.found[key][0] > length) and (nodes := chain()) is not None:
            self.found[key] = (length, nodes, text)

    def steps(self) -> list[Step]:
        ordered = sorted(self.found.items(), key=lambda item: item[1][0])
        return [_step(kind, self.view, eliminations, text(nodes), len(nodes))
                for (kind, eliminations), (_, nodes, text) in ordered]


def _end_steps(view: GraphView, adjacency: Adjacency, name: str, max_links: int) -> Iterator[Step]:
    """Chains whose ends hold one digit: what sees both ends loses it."""
    best = _Best(view)
    for start in _starts(adjacency):
        reached, proved = _search(start, adjacency, max_links)
        for end, length in proved:
            if end[1] == start[1] and end != start:
                chain = _chain_maker(reached, start, end, adjacency, max_links)
                best.offer(name, _seen_by_both(view, start, end), length, chain, lambda n: _chain_text(n, view.size))
    return iter(best.steps())


def _chain_maker(reached: Reached, start: Node, end: Node, adjacency: Adjacency, max_links: int,
                 retries: int = 3) -> Maker:
    """The chain to ``end``, made on demand. A shortest chain may use a candidate twice (both true and
    false): then the search runs again without the first use, a few times."""
    def chain() -> Chain | None:
        found, banned = reached, set()
        for _ in range(retries):
            nodes = _path(found, end)
            if nodes is None or (reused := _reused(nodes)) is None:
                return nodes
            banned.add((nodes[reused], reused % 2 == 1))
            found = _search(start, adjacency, max_links, banned)[0]
        return None
    return chain


def _kind(state: Candidates, name: str, grouped: bool) -> Iterator[Step]:
    """The steps of one kind among a state's nice loops and AICs (searched once for all kinds)."""
    return (step for step in _nice_loops(graph_view(state), grouped) if step.technique == name)


@lru_cache(maxsize=2)
def _nice_loops(view: GraphView, grouped: bool) -> list[Step]:
    """Every nice loop and AIC of a state, shortest first: one chain per conclusion."""
    graphs = [view.links, view.group_links, view.als_links(_small_sets(view))] if grouped else [view.links]
    adjacency = _adjacency(graphs, lambda a, b: True, lambda a, b: True)
    prefix = "grouped_" if grouped else ""
    best = _Best(view)
    for start in _starts(adjacency):
        reached, proved = _search(start, adjacency, MAX_LINKS)
        closing = set(adjacency[1][start])  # the ends a weak link closes into a loop
        for end, length in proved:
            conclusions = _conclusions(view, start, end)
            closes = length >= 3 and end in closing
            if not (conclusions or closes):
                continue
            chain = _chain_maker(reached, start, end, adjacency, MAX_LINKS)
            if grouped:
                chain = _with_group(chain)
            for kind, eliminations, text in conclusions:
                best.offer(prefix + kind, eliminations, length, chain, text)
            if closes and (loop := chain()) is not None:
                best.offer(prefix + "continuous_nice_loop", _loop_eliminations(view, loop), length + 1, lambda: loop,
                           lambda nodes: _core_text((*nodes, nodes[0]), view.size))
    return best.steps()


def _small_sets(view: GraphView) -> list[Als]:
    """The almost locked sets of two to ``MAX_ALS_CELLS`` cells (one cell is a bivalue cell: already linked)."""
    return [(tuple(sorted(s.cells)), s.mask) for s in all_sets(view.size, view.marks)
            if 1 < len(s.cells) <= MAX_ALS_CELLS]


def _with_group(chain: Maker) -> Maker:
    """Only chains that use a group or an ALS count as grouped."""
    def grouped() -> Chain | None:
        nodes = chain()
        return nodes if nodes and any(len(node_cells(n)) > 1 or is_als(n) for n in nodes) else None
    return grouped


def _conclusions(view: GraphView, start: Node, end: Node) -> list[tuple[str, tuple[Candidate, ...], Writer]]:
    """What a chain from ``start`` to ``end`` proves, by HoDoKu's kinds: (kind, eliminations, writer)."""
    size = view.size
    if start[0] == end[0] and start[0].__class__ is int:  # the cell holds one of the two (the start: it is true)
        other = view.marks[start[0]] & ~(1 << (start[1] - 1)) & ~(1 << (end[1] - 1))
        return [("discontinuous_nice_loop", tuple((start[0], d) for d in digits_of(other)),
                 lambda nodes: _core_text(nodes, size))]
    if start[1] == end[1]:
        eliminations = _seen_by_both(view, start, end)
    else:
        eliminations = tuple(sorted(_cannot_hold(view, start, end) + _cannot_hold(view, end, start)))
    if len(eliminations) > 1:
        return [("aic", eliminations, lambda nodes: _chain_text(nodes, size))]
    if eliminations:
        return [("discontinuous_nice_loop", eliminations, lambda nodes: _around(nodes, *eliminations[0], size))]
    return []


def _cannot_hold(view: GraphView, end: Node, other: Node) -> list[Candidate]:
    """A single-candidate end's cell, seeing every cell of the other end, cannot hold the other's digit."""
    cell, digit = end[0], other[1]
    sees_all = cell.__class__ is int and view.geometry.peers[cell].issuperset(node_cells(other))
    return [(cell, digit)] if sees_all and view.has(cell, digit) else []


def _around(chain: Chain, cell: Cell, digit: int, size: int) -> str:
    """A chain written as the loop through the one candidate it removes."""
    name = cells_name((cell,), size)
    before = "" if cell in node_cells(chain[0]) else f"{name} -{symbol(digit)}- "
    after = "" if cell in node_cells(chain[-1]) else f" -{symbol(digit)}- {name}"
    return before + _core_text(chain, size) + after


def _loop_eliminations(view: GraphView, loop: Chain) -> tuple[Candidate, ...]:
    """A continuous loop's weak links (odd positions, and the closing one) all become strong, and
    its links through an ALS weak: the set is locked on its other digits."""
    used = {(c, n[1]) for n in loop for c in node_cells(n)}
    found: set[Candidate] = set()
    for a, b in [*zip(loop[1::2], loop[2::2]), (loop[-1], loop[0])]:
        if a[1] == b[1]:
            found.update(_seen_by_both(view, a, b))
        else:  # two digits of one cell: the cell holds one of them
            cell = a[0]
            found.update((cell, d) for d in digits_of(view.marks[cell]) if d not in (a[1], b[1]))
    for a, b in zip(loop[0::2], loop[1::2]):
        if is_als(a):
            cells = a[2]
            for digit in {d for c in cells for d in digits_of(view.marks[c])} - {a[1], b[1]}:
                found.update(_held(view, digit, seeing_all(tuple(c for c in cells if view.has(c, digit)), view.size)))
    return tuple(sorted(found - used))


def _seen_by_both(view: GraphView, a: Node, b: Node) -> tuple[Candidate, ...]:
    """The candidates of the ends' digit in cells seeing every cell of both ends."""
    return _held(view, a[1], seeing_all(node_cells(a), view.size) & seeing_all(node_cells(b), view.size))


def _held(view: GraphView, digit: int, cells: frozenset[Cell]) -> tuple[Candidate, ...]:
    """The candidates of ``digit`` in ``cells``."""
    return tuple(sorted((c, digit) for c in cells & view.holding[digit]))


# ---- steps and notation


def _step(name: str, view: GraphView, eliminations: tuple[Candidate, ...], text: str, length: int) -> Step:
    """A chain's step; its digits are those it removes (as HoDoKu's library lists them)."""
    return Step(name, view.size, tuple(sorted({d for _, d in eliminations})), eliminations=eliminations, pattern=text,
                length=length)


def _chain_text(chain: Chain, size: int) -> str:
    """Nice-loop notation of a chain, its ends' digits outside: ``1- r1c2 -4- r3c3 -7- r3c8 -1``."""
    return f"{symbol(chain[0][1])}- {_core_text(chain, size)} -{symbol(chain[-1][1])}"


def _core_text(nodes: Chain, size: int) -> str:
    """The cells and the links between them, ``=d=`` strong, ``-d-`` weak; links inside a cell are
    implicit, and those inside an ALS written as in Eureka."""
    parts = [_site_text(nodes, 0, size)]
    for i, (a, b) in enumerate(pairwise(nodes)):
        if _site(a) != _site(b):
            link = "=" if i % 2 == 0 else "-"
            parts.append(f"{link}{symbol(a[1])}{link} {_site_text(nodes, i + 1, size)}")
    return " ".join(parts)


def _site(node: Node) -> tuple[Cell, ...]:
    """Where a node lies: its cells, or its ALS's."""
    return node[2] if is_als(node) else node_cells(node)


def _site_text(nodes: Chain, i: int, size: int) -> str:
    """A node's cells, or the ALS it enters and the link across it: ``(3=6)r8c2,r9c13``."""
    node = nodes[i]
    if not is_als(node):
        return cells_name(node_cells(node), size)
    return f"({symbol(node[1])}={symbol(nodes[i + 1][1])}){cells_name(node[2], size)}"

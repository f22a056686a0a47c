"""Chains and loops: alternating inference chains found by breadth-first search on the link graphs.

A chain starts from a candidate assumed false and alternates strong links (one of the two is
true) and weak links (not both true), starting and ending with a strong link: so one of its two
ends is true. The search walks the states (candidate, whether the next link must be strong) of
``models.graph``'s link graphs, breadth first, so the chain found to each end is a shortest one;
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
- The grouped kinds also link groups: a digit's candidates in one box-line intersection.

Chains are written in nice-loop notation: ``XY-Chain: 1- r1c2 -4- r3c3 -7- r3c8 -1 => r1c7<>1``.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from functools import lru_cache
from itertools import combinations

import networkx as nx

from models.candidates import Candidates, digits_of
from models.graph import GraphView, Node, cells_name, graph_view, node_cells
from models.grid import Cell, cell_name, symbol
from solvers.human.steps import Candidate, Step, removable

MAX_LINKS = 20  # the longest chain searched, in links (inferences)

Chain = tuple[Node, ...]  # alternating, the first and last links strong
Adjacency = tuple[dict[Node, list[Node]], dict[Node, list[Node]]]  # strong, weak neighbours
Link = Callable[[Node, Node], bool]  # whether a chain may use a link
Maker = Callable[[], "Chain | None"]  # makes a chain on demand (None: no simple one)
Writer = Callable[[Chain], str]  # writes a chain in nice-loop notation


def remote_pair(state: Candidates) -> Iterator[Step]:
    """A chain of bivalue cells holding one pair: a cell seeing two of opposite parity loses both digits."""
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
    """Plain neighbour lists of link graphs: the links a chain may use weakly, and those it may use as strong."""
    strong: dict[Node, list[Node]] = defaultdict(list)
    weak: dict[Node, list[Node]] = defaultdict(list)
    for graph in graphs:
        for node, links in graph.adj.items():
            weak_ones = [m for m in links if usable(node, m)]
            weak[node] += weak_ones
            strong[node] += [m for m in weak_ones if links[m]["strong"] and strong_ok(node, m)]
    return strong, weak


def _search(start: Node, adjacency: Adjacency, max_links: int, banned=()) -> tuple[dict, list[tuple[Node, int]]]:
    """Breadth first from ``start`` assumed false: how each state was reached, and every candidate
    proved true with the length of the shortest chain proving it (in links); ``banned`` states are
    never entered."""
    strong, weak = adjacency
    parent: dict[tuple[Node, bool], tuple[Node, bool] | None] = dict.fromkeys(banned)
    parent[start, False] = None
    frontier, proved = [(start, False)], []
    for length in range(1, max_links + 1):
        following = []
        for state in frontier:
            node, on = state
            for other in (weak if on else strong)[node]:
                reached = (other, not on)
                if reached not in parent:
                    parent[reached] = state
                    following.append(reached)
                    if not on:
                        proved.append((other, length))
        frontier = following
    return parent, proved


def _path(parent: dict, end: Node) -> Chain | None:
    nodes, state = [], (end, True)
    if state not in parent:
        return None
    while state is not None:
        nodes.append(state[0])
        state = parent[state]
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
    return [node for node, links in adjacency[0].items() if links]


class _Best:
    """The shortest chain found for each conclusion; chains are made, and steps written, only for those."""

    def __init__(self, view: GraphView):
        self.view = view
        self.found: dict[tuple[str, tuple[Candidate, ...]], tuple[int, Chain, Writer]] = {}

    def offer(self, kind: str, eliminations: tuple[Candidate, ...], length: int, chain: Maker, text: Writer) -> None:
        """A conclusion, the length of a chain proving it, how to make that chain, and how to write it."""
        key = (kind, eliminations)
        if eliminations and (key not in self.found or self.found[key][0] > length):
            if (nodes := chain()) is not None:
                self.found[key] = (length, nodes, text)

    def steps(self) -> list[Step]:
        ordered = sorted(self.found.items(), key=lambda item: item[1][0])
        return [_step(kind, self.view, eliminations, text(nodes), len(nodes))
                for (kind, eliminations), (_, nodes, text) in ordered]


def _end_steps(view: GraphView, adjacency: Adjacency, name: str, max_links: int) -> Iterator[Step]:
    """Chains whose ends hold one digit: what sees both ends loses it."""
    best = _Best(view)
    for start in _starts(adjacency):
        parent, proved = _search(start, adjacency, max_links)
        for end, length in proved:
            if end[1] == start[1] and end != start:
                chain = _chain_maker(parent, start, end, adjacency, max_links)
                best.offer(name, _seen_by_both(view, start, end), length, chain, lambda n: _chain_text(n, view.size))
    return iter(best.steps())


def _chain_maker(parent: dict, start: Node, end: Node, adjacency: Adjacency, max_links: int,
                 retries: int = 3) -> Maker:
    """The chain to ``end``, made on demand. A shortest chain may use a candidate twice (both true and
    false): then the search runs again without the first use, a few times."""
    def chain() -> Chain | None:
        found, banned = parent, set()
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
    graphs = [view.links, view.group_links] if grouped else [view.links]
    adjacency = _adjacency(graphs, lambda a, b: True, lambda a, b: True)
    prefix = "grouped_" if grouped else ""
    best = _Best(view)
    for start in _starts(adjacency):
        parent, proved = _search(start, adjacency, MAX_LINKS)
        for end, length in proved:
            chain = _chain_maker(parent, start, end, adjacency, MAX_LINKS)
            if grouped:
                chain = _with_group(chain)
            for kind, eliminations, text in _conclusions(view, start, end):
                best.offer(prefix + kind, eliminations, length, chain, text)
            if length >= 3 and start in adjacency[1][end] and (loop := chain()) is not None:
                best.offer(prefix + "continuous_nice_loop", _loop_eliminations(view, loop), length + 1, lambda: loop,
                           lambda nodes: _core_text((*nodes, nodes[0]), view.size))
    return best.steps()


def _with_group(chain: Maker) -> Maker:
    """Only chains that use a group count as grouped."""
    def grouped() -> Chain | None:
        nodes = chain()
        return nodes if nodes and any(len(node_cells(n)) > 1 for n in nodes) else None
    return grouped


def _conclusions(view: GraphView, start: Node, end: Node) -> Iterator[tuple[str, tuple[Candidate, ...], Writer]]:
    """What a chain from ``start`` to ``end`` proves, by HoDoKu's kinds: (kind, eliminations, writer)."""
    size = view.size
    singles = len(node_cells(start)) == len(node_cells(end)) == 1
    if singles and start[0] == end[0]:  # the cell holds one of the two (the start itself: it is true)
        other = view.marks[start[0]] & ~(1 << (start[1] - 1)) & ~(1 << (end[1] - 1))
        yield ("discontinuous_nice_loop", tuple((start[0], d) for d in digits_of(other)),
               lambda nodes: _core_text(nodes, size))
        return
    if start[1] == end[1]:
        eliminations = _seen_by_both(view, start, end)
    else:
        eliminations = tuple(sorted(_cannot_hold(view, start, end) + _cannot_hold(view, end, start)))
    if len(eliminations) > 1:
        yield "aic", eliminations, lambda nodes: _chain_text(nodes, size)
    elif eliminations:
        yield "discontinuous_nice_loop", eliminations, lambda nodes: _around(nodes, *eliminations[0], size)


def _cannot_hold(view: GraphView, end: Node, other: Node) -> list[Candidate]:
    """A single-candidate end's cell, seeing every cell of the other end, cannot hold the other's digit."""
    cell, digit = end[0], other[1]
    sees_all = len(node_cells(end)) == 1 and view.geometry.peers[cell].issuperset(node_cells(other))
    return [(cell, digit)] if sees_all and view.has(cell, digit) else []


def _around(chain: Chain, cell: Cell, digit: int, size: int) -> str:
    """A chain written as the loop through the one candidate it removes."""
    name = cells_name((cell,), size)
    before = "" if cell in node_cells(chain[0]) else f"{name} -{symbol(digit)}- "
    after = "" if cell in node_cells(chain[-1]) else f" -{symbol(digit)}- {name}"
    return before + _core_text(chain, size) + after


def _loop_eliminations(view: GraphView, loop: Chain) -> tuple[Candidate, ...]:
    """A continuous loop's weak links (odd positions, and the closing one) all become strong."""
    used = {(c, n[1]) for n in loop for c in node_cells(n)}
    found = set()
    for a, b in [*zip(loop[1::2], loop[2::2]), (loop[-1], loop[0])]:
        if a[1] == b[1]:
            found.update(_seen_by_both(view, a, b))
        else:  # two digits of one cell: the cell holds one of them
            cell = a[0]
            found.update((cell, d) for d in digits_of(view.marks[cell]) if d not in (a[1], b[1]))
    return tuple(sorted(found - used))


def _seen_by_both(view: GraphView, a: Node, b: Node) -> tuple[Candidate, ...]:
    """The candidates of the ends' digit in cells seeing every cell of both ends."""
    peers, bit = view.geometry.peers, 1 << (a[1] - 1)
    first, *others = node_cells(a) + node_cells(b)
    seeing = peers[first].intersection(*(peers[c] for c in others)).difference(others)
    return tuple(sorted((c, a[1]) for c in seeing if view.marks[c] & bit))


# ---- steps and notation


def _step(name: str, view: GraphView, eliminations: tuple[Candidate, ...], text: str, length: int) -> Step:
    """A chain's step; its digits are those it removes (as HoDoKu's library lists them)."""
    return Step(name, view.size, tuple(sorted({d for _, d in eliminations})), eliminations=eliminations, pattern=text,
                length=length)


def _chain_text(chain: Chain, size: int) -> str:
    """Nice-loop notation of a chain, its ends' digits outside: ``1- r1c2 -4- r3c3 -7- r3c8 -1``."""
    return f"{symbol(chain[0][1])}- {_core_text(chain, size)} -{symbol(chain[-1][1])}"


def _core_text(nodes: Chain, size: int) -> str:
    """The cells and the links between them, ``=d=`` strong, ``-d-`` weak; links inside a cell are implicit."""
    parts = [cells_name(node_cells(nodes[0]), size)]
    for i, (a, b) in enumerate(zip(nodes, nodes[1:])):
        if node_cells(a) != node_cells(b):
            link = "=" if i % 2 == 0 else "-"
            parts.append(f"{link}{symbol(a[1])}{link} {cells_name(node_cells(b), size)}")
    return " ".join(parts)

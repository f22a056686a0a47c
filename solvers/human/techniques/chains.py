"""Chains and loops: alternating inference chains found by breadth-first search on the link graphs.

A chain starts from a candidate assumed false and alternates strong links (one of the two is
true) and weak links (not both true), starting and ending with a strong link: so one of its two
ends is true. The search walks the states (node, whether the next link must be strong) of
``sudokit.models.graph``'s link graphs, breadth first, so the chain found to each end is a shortest one;
``max_links`` (``MAX_LINKS`` for the nice loops) bounds its length. A shortest walk may use a
candidate twice; the search then reruns without that use. The walk runs on numbered neighbour
lists read off the networkx graphs once per state (``networkx.bfs_predecessors`` over a
materialised state graph took three times as long on the SE sample's stuck states). The nice
loops' search, with the quick test of each end and the chain to it, also runs compiled
(``loops_compiled``, the ``fast`` extra) once loaded, for X- and XY-Chains too: the same ends, in
the same order, with the same chains, of which only those a finder can draw something from are read
back (``telling_compiled``); the links it reads are then built compiled straight from
the marks (``links_compiled``: the same neighbours in the graphs' order, the grouped kinds' small
ALSs in ``View.als``'s), without the networkx graphs. This Python code is the reference.

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

An X-Chain is a pattern of one digit: each digit's chains are found once and kept while its
candidates stay the same (``View.per_digit``). The nice loops of a state are searched once for the
three kinds (``View.shared``).

Chains are written in nice-loop notation: ``XY-Chain: 1- r1c2 -4- r3c3 -7- r3c8 -1 => r1c7<>1``;
an ALS as in Eureka, the digit it is entered on and the one it yields: ``-3- (3=6)r8c2,r9c13 -6-``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache, partial
from itertools import combinations, pairwise
from types import ModuleType
from typing import TYPE_CHECKING, Any

from sudokit.models.candidates import digits_of
from sudokit.models.graph import (
    Als,
    AlsNode,
    CellNode,
    Node,
    bits_of,
    cells_name,
    cells_of,
    peer_bits,
    seeing_bits,
)
from sudokit.models.grid import Cell, Digit, cell_name, symbol
from sudokit.solvers.human.se.jit import Background
from sudokit.solvers.human.steps import Candidate, ChainLink, Step, alternating, removable
from sudokit.solvers.human.view import View

if TYPE_CHECKING:
    import networkx as nx

MAX_LINKS = 20  # the longest chain searched, in links (inferences)
X_ENDS, LOOP_ENDS, GROUPED_ENDS = range(3)  # the kinds of ends the finders read (``_Links.telling_ends``)
MAX_ALS_CELLS = 3  # the largest ALS the grouped kinds link (up to 4 cells: a third more search time)

Chain = tuple[Node, ...]  # alternating, the first and last links strong
Walk = list[int]  # a chain as node numbers
Maker = Callable[[], "Chain | None"]  # makes a chain on demand (None: no simple one)
Writer = Callable[[Chain, int], str]  # writes a chain (of a grid of some size) in nice-loop notation
ROOT = -1  # in a search's record of where each state was reached from: the start, or a banned state
# A search's record, per truth value (false, true): node -> where it was reached from (None: not reached)
Searched = tuple[list[int | None], list[int | None]]
# an end worth a closer look: the chain's length, its end, whether it may prove something, whether
# it closes a loop, and the chain
End = tuple[int, int, bool, bool, "Maker"]


def remote_pair(view: View) -> Iterator[Step]:
    """A chain of bivalue cells holding one pair: a cell seeing two of opposite parity loses both digits.

    The chains of a pair depend on the cells holding just that pair: they are kept while those
    cells stay the same (``_pair_chains``); only what they remove is read afresh."""
    marks, size = view.marks, view.size
    counts = Counter(marks[c] for c in view.bivalue)
    for pair in sorted(m for m, count in counts.items() if count >= 4):  # a shorter chain is a naked pair
        cells = tuple([c for c in view.bivalue if marks[c] == pair])
        for targets, pattern in view.memo.get((_pair_chains, size, pair), cells, partial(_pair_chains, view, pair)):
            if eliminations := removable(view, targets, pair):
                yield pattern.step(eliminations)


class _RemotePair:
    """A remote pair's chain between its farthest ends, written as a step on first use."""

    def __init__(self, chain: nx.Graph, pair: int, ends: tuple[Cell, Cell], size: int):
        self.chain, self.pair, self.ends, self.size = chain, pair, ends, size
        self._made: tuple[tuple[Cell, ...], str, tuple[Node, ...]] | None = None

    def step(self, eliminations: tuple[Candidate, ...]) -> Step:
        import networkx as nx

        if self._made is None:
            size = self.size
            path = nx.shortest_path(self.chain, *self.ends)
            a, b = digits_of(self.pair)
            text = f"{symbol(a)}/{symbol(b)} {cell_name(path[0], size)}" + "".join(
                f" -{symbol((a, b)[i % 2])}- {cell_name(cell, size)}" for i, cell in enumerate(path[1:]))
            nodes: list[Node] = []
            for i, cell in enumerate(path[:-1]):  # (x=y) in each cell, linked by y to the next
                weak = (a, b)[i % 2]
                nodes += [CellNode(cell, a + b - weak), CellNode(cell, weak)]
            last = (a, b)[(len(path) - 2) % 2]  # the digit the last cell is entered on
            nodes += [CellNode(path[-1], last), CellNode(path[-1], a + b - last)]
            self._made = (tuple(path), text, tuple(nodes))
        path, text, chain = self._made
        return Step("remote_pair", self.size, digits_of(self.pair), eliminations=eliminations, cells=path,
                    pattern=text, length=2 * len(path), chain=alternating(chain))


def _pair_chains(view: View, pair: int) -> list[tuple[set[Cell], _RemotePair]]:
    """The remote pairs of the bivalue cells holding ``pair``: per pattern, the cells it would clear
    of the pair and its chain. A chain that is a path gives one pattern (all its far ends together),
    any other one per pair of ends."""
    import networkx as nx

    peers, size = view.geometry.peers, view.size
    same = view.graphs.bivalue_pair(pair)
    found = []
    for component in nx.connected_components(same):
        chain = same.subgraph(component)
        if not nx.is_bipartite(chain):
            continue
        distance = dict(nx.all_pairs_shortest_path_length(chain))
        ends = [(x, y) for x, y in combinations(sorted(chain), 2) if distance[x][y] >= 3 and distance[x][y] % 2]
        is_path = max(d for _, d in chain.degree) <= 2 and nx.is_tree(chain)
        for group in ([ends] if is_path and ends else [[xy] for xy in ends]):
            targets = {c for x, y in group for c in peers[x] & peers[y]} - set(chain)
            farthest = max(group, key=lambda xy: distance[xy[0]][xy[1]])
            found.append((targets, _RemotePair(chain, pair, farthest, size)))
    return found


def x_chain(view: View, max_links: int = MAX_LINKS) -> Iterator[Step]:
    """An alternating chain on one digit, conjugate pairs as strong links: what sees both ends loses it."""
    found = [entry for digit in range(1, view.size + 1) for entry in view.per_digit(_x_chains, digit, max_links)]
    return (step for _, _, step in sorted(found, key=lambda entry: entry[:2]))


def xy_chain(view: View, max_links: int = MAX_LINKS) -> Iterator[Step]:
    """A chain of bivalue cells, each linked to the next by a digit: the digit both ends keep is removed around."""
    links = _Links.of_bivalue(view)
    best = _Best(view)
    for start, length, end, chain in _same_digit_ends(links, max_links):
        best.offer("xy_chain", links.seen_by_both(start, end), length, chain, _chain_text)
    return iter([step for _, _, step in best.steps()])


def _same_digit_ends(links: _Links, max_links: int) -> Iterator[tuple[int, int, int, Maker]]:
    """Per start in turn, the ends of its digit (but itself) a chain proves true: (start, length,
    end, the chain made on demand), by length, as the search entered them. The compiled search
    (``_Links.telling_ends``), once loaded, gives only those something sees with the start and a
    chain reaches (the others remove nothing)."""
    digit = links.digit
    if _compiled_loops():
        for start, length, end, _, _, chain in links.telling_ends(max_links, X_ENDS):
            yield start, length, end, chain
        return
    for start in links.starts():
        reached, proved = links.search(start, max_links)
        for length, ends in proved:
            for end in ends:
                if end != start and digit[end] == digit[start]:
                    yield start, length, end, links.chain_maker(reached, start, end, max_links)


def discontinuous_nice_loop(view: View) -> Iterator[Step]:
    """A chain that concludes on one cell: a candidate both its ends see, or the cell's other digits."""
    return _kind(view.shared(_plain_loops), "discontinuous_nice_loop")


def continuous_nice_loop(view: View) -> Iterator[Step]:
    """A closed alternating loop: each of its weak links becomes strong; what sees both ends of one goes."""
    return _kind(view.shared(_plain_loops), "continuous_nice_loop")


def aic(view: View) -> Iterator[Step]:
    """An alternating inference chain whose two ends remove two candidates or more."""
    return _kind(view.shared(_plain_loops), "aic")


def grouped_discontinuous_nice_loop(view: View) -> Iterator[Step]:
    """A discontinuous nice loop that links groups too."""
    return _kind(view.shared(_grouped_loops), "grouped_discontinuous_nice_loop")


def grouped_continuous_nice_loop(view: View) -> Iterator[Step]:
    """A continuous nice loop that links groups too."""
    return _kind(view.shared(_grouped_loops), "grouped_continuous_nice_loop")


def grouped_aic(view: View) -> Iterator[Step]:
    """An AIC that links groups too."""
    return _kind(view.shared(_grouped_loops), "grouped_aic")


# ---- the search


class _Links:
    """Link graphs as the search reads them: nodes numbered, and per node the neighbours a chain
    may reach by a strong link and by a weak one (a strong link is weak too, unless marked
    ``weak=False``), in the order the networkx graphs list them."""

    def __init__(self, view: View, nodes: list[Node], strong: Sequence[Sequence[int]], weak: Sequence[Sequence[int]],
                 numbers: _Numbers | None = None, starts: list[int] | None = None):
        self.view, self.strong, self.weak = view, strong, weak
        self.nodes: Sequence[Node] = nodes
        self.first = starts  # where chains start (None: every candidate or group with a strong link)
        self.start_array: Any = None  # (an array of them, as the compiled links give them)
        self._searched: dict[tuple[int, frozenset[tuple[int, bool]]], Searched] = {}
        self.barren: set[tuple[int, int]] = set()  # loops found to remove nothing (``compiled_ends``)
        self.arrays: Any = None  # what the compiled search reads (``loops_compiled.Arrays``), made on first use
        digit: list[Digit] = []
        cell: list[int] = []
        sees: list[int] = []
        bits: list[int] = []
        fresh = nodes
        self.numbers, self.known = numbers, 0
        if numbers is not None:  # what the solve's numbers know, and the rest
            known = self.known = min(numbers.count, len(nodes))
            digit, cell, sees, bits = numbers.digit[:known], numbers.cell[:known], numbers.sees[:known], numbers.bits[:known]
            fresh = nodes[known:]
        peers = peer_bits(view.size)
        digit += [node.digit for node in fresh]
        cell += [node.cell if isinstance(node, CellNode) else ROOT for node in fresh]  # ROOT: a group or an ALS
        sees += [_seeing(peers, node.cells) for node in fresh]  # the cells that see all of the node (bitset)
        bits += [bits_of(node.cells) for node in fresh]
        self.digit: Sequence[Digit] = digit
        self.cell: Sequence[int] = cell
        self.sees: Sequence[int] = sees
        self.bits: Sequence[int] = bits

    @classmethod
    def of(cls, view: View, groups: bool = False, sets: Sequence[Als] = ()) -> _Links:
        """The candidates' links: inside each cell (strong when it has two), and each digit's ``weak``
        graph; with ``groups``, each digit's ``group_graph`` too; and the links of the ALS nodes of
        ``sets``. Nodes are numbered for the whole solve (``_Numbers``), ALS nodes after them."""
        numbers = _numbers(view)
        group_links = [view.per_digit(_digit_groups, d) for d in range(1, view.size + 1)] if groups else []
        candidate_strong, candidate_weak = view.shared(_candidate_links)
        count = numbers.count
        strong = candidate_strong + [_NONE] * (count - len(candidate_strong))  # (lists replaced, never changed)
        weak = candidate_weak + [_NONE] * (count - len(candidate_weak))
        for own, _ in group_links:  # groups: their links, and those of candidates to them
            for i, (ws, ss) in own.items():
                if i < numbers.candidates:
                    weak[i] = weak[i] + ws
                    strong[i] = strong[i] + ss
                else:
                    weak[i], strong[i] = ws, ss
        starts = [i for i in range(numbers.candidates) if strong[i]]
        starts += [g for _, order in group_links for g in order if strong[g]]
        if not sets:
            return cls(view, numbers.nodes, strong, weak, numbers, starts)
        nodes = numbers.nodes[:count]
        entering: dict[int, list[int]] = {}  # per candidate or group: the ALS nodes it is weakly linked to
        for s in sets:
            linked = _als_links(view, s)
            first = len(nodes)
            for k, (node, outside) in enumerate(linked):
                nodes.append(node)
                strong.append([first + j for j in range(len(linked)) if j != k])
                weak.append(outside)
                for other in outside:
                    entering.setdefault(other, []).append(first + k)
        for other, als_nodes in entering.items():
            weak[other] = weak[other] + als_nodes
        return cls(view, nodes, strong, weak, numbers, starts)

    @classmethod
    def built(cls, view: View, kernels: ModuleType, grouped: bool = False) -> _Links:
        """``of`` by the compiled code (``links_compiled``, straight from the marks): the same links in
        the same order, numbered for the state (the candidates as in ``_Numbers``, then the groups, then
        the ALS nodes); ``grouped``: as ``of(view, groups=True, sets=_small_sets(view))``."""
        compiled = kernels.links_compiled
        arrays, starts = compiled.loop_arrays(view, MAX_ALS_CELLS if grouped else None)
        sp, si, wp, wi, _, digit, _, _, places, sets = arrays
        size = view.size
        candidates, digits, cells, sees, bits = _candidate_numbers(size)
        links = cls.__new__(cls)
        links.view, links.nodes = view, compiled.Nodes(candidates, digit, places, sets)
        links.strong, links.weak = _Rows(sp, si), _Rows(wp, wi)
        links.first, links.start_array, links._searched, links.numbers = None, starts, {}, None
        links.known = len(candidates)
        links.barren = set()
        more = len(digit) - len(candidates)  # groups and ALS nodes
        links.digit = [*digits, *digit[len(candidates):].tolist()] if more else digits
        links.cell = [*cells, *[ROOT] * more] if more else cells
        peers = peer_bits(size)
        links.sees = _Lazy(sees, links.nodes, lambda node: _seeing(peers, node.cells))
        links.bits = _Lazy(bits, links.nodes, lambda node: bits_of(node.cells))
        links.arrays = kernels.Arrays(arrays[:4], *arrays[4:])
        return links

    @classmethod
    def of_digit(cls, view: View, digit: Digit) -> _Links:
        """The links of one digit's candidates: its weak-link graph (on cells), strong where conjugate."""
        if kernels := _compiled_loops():  # the same lists, straight from the marks
            compiled = kernels.links_compiled
            cells, digits, *lists = compiled.digit_links(view.shared(compiled.marks_array), view.size,
                                                         *compiled.tables(view.size)[:2], digit)
            return cls._of_cells(view, kernels, cells, digits, lists)
        graph = view.graphs.weak(digit)
        number = {cell: i for i, cell in enumerate(graph)}
        adjacency = [graph.adj[cell] for cell in number]
        return cls(view, [CellNode(cell, digit) for cell in number],
                   [[number[m] for m, link in links.items() if link["strong"]] for links in adjacency],
                   [[number[m] for m in links] for links in adjacency])

    @classmethod
    def of_bivalue(cls, view: View) -> _Links:
        """The links among the candidates of bivalue cells: strong inside a cell, weak between cells."""
        marks, graphs = view.marks, view.graphs
        nodes: list[Node] = [CellNode(cell, d) for cell in view.bivalue for d in digits_of(marks[cell])]
        if kernels := _compiled_loops():  # the same lists, straight from the marks
            compiled = kernels.links_compiled
            cells, digits, *lists = compiled.bivalue_links(view.shared(compiled.marks_array), view.size,
                                                           *compiled.tables(view.size)[:2])
            return cls._of_cells(view, kernels, cells, digits, lists)
        number = {node: i for i, node in enumerate(nodes)}
        strong: list[list[int]] = []
        weak = []
        for node in nodes:
            cell, digit = node.cells[0], node.digit
            other = number[CellNode(cell, digits_of(marks[cell] & ~(1 << (digit - 1)))[0])]
            strong.append([other])
            weak.append([other] + [number[CellNode(m, digit)] for m in graphs.weak(digit).adj[cell]
                                   if marks[m].bit_count() == 2])
        return cls(view, nodes, strong, weak)

    @classmethod
    def _of_cells(cls, view: View, kernels: ModuleType, cells: Any, digit: Any, lists: list[Any]) -> _Links:
        """Links among candidates built compiled: their cells and digits (arrays, in order), and the
        strong and the weak links as the kernels give them (ptr, idx)."""
        links = cls.__new__(cls)
        sp, si, wp, wi = lists
        at, digits = cells.tolist(), digit.tolist()
        peers = peer_bits(view.size)
        links.view, links.nodes = view, _CellNodes(at, digits)
        links.strong, links.weak = _Rows(sp, si), _Rows(wp, wi)
        links._searched, links.numbers, links.known, links.barren = {}, None, 0, set()
        links.digit, links.cell, links.sees, links.bits = digits, at, [peers[c] for c in at], [1 << c for c in at]
        compiled = kernels.links_compiled
        *arrays, starts = compiled.cell_nodes(cells, digit, compiled.tables(view.size)[4], view.size, sp)
        links.first, links.start_array = None, starts
        links.arrays = kernels.Arrays((sp, si, wp, wi), cells, *arrays)
        return links

    def starts(self) -> list[int]:
        """The candidates and groups a chain may start from (an ALS is entered, never started from)."""
        if self.first is not None:
            return self.first
        if self.start_array is not None:
            self.first = self.start_array.tolist()
            return self.first
        return [i for i, links in enumerate(self.strong) if links and self.nodes[i].__class__ is not AlsNode]

    def search(self, start: int, max_links: int, banned: Iterable[tuple[int, bool]] = (), goal: int = ROOT
               ) -> tuple[Searched, list[tuple[int, list[int]]]]:
        """Breadth first from ``start`` assumed false: where each state was reached from (per truth
        value), and the nodes proved true, by the length of the shortest chain proving them (in
        links; shortest first); ``banned`` states (node, true or not) are never entered. Links alternate, so each
        round of the search enters states of one truth value: strong links make nodes true, weak
        ones false. With a ``goal``, the search stops once it has proved it (how it got there is
        then settled)."""
        count = len(self.nodes)
        reached: Searched = ([None] * count, [None] * count)
        for node, on in banned:
            reached[on][node] = ROOT
        reached[False][start] = ROOT
        proved: list[tuple[int, list[int]]] = []
        frontier, on = [start], False
        strong, weak = self.strong, self.weak
        for length in range(1, max_links + 1):
            following: list[int] = []
            links, entered = (weak if on else strong), reached[not on]
            enter = following.append
            for node in frontier:
                for other in links[node]:
                    if entered[other] is None:
                        entered[other] = node
                        enter(other)
            if not on:
                proved.append((length, following))
                if goal != ROOT and reached[True][goal] is not None:
                    break
            if not following:
                break
            frontier, on = following, not on
        return reached, proved

    def loop_ends(self) -> Iterator[tuple[int, list[End]]]:
        """Per start with any, the ends worth a closer look (length, end, whether it may prove
        something, whether a weak link closes it into a loop, the chain to it made on demand), by
        length, as the search entered them. What may prove something (``conclusions`` finds it)
        is tested quickly here: an end in the start's cell (another digit of it must be left), of
        the start's digit (something must see both), or else the start's cell holding the end's
        digit and seeing the end, or the reverse."""
        view, peers = self.view, peer_bits(self.view.size)
        marks, holding = view.marks, view.holding
        cell, digit, bits, sees = self.cell, self.digit, self.bits, self.sees
        for start in self.starts():
            reached, proved = self.search(start, MAX_LINKS)
            closing = set(self.weak[start])  # the ends a weak link closes into a loop
            cs, ds = cell[start], digit[start]
            holds = marks[cs] if cs != ROOT else 0  # the start's cell's candidates
            others = holds & ~(1 << (ds - 1))
            seen = peers[cs] if cs != ROOT else 0
            near = sees[start] & holding[ds]  # what an end of the start's digit must see to prove something
            found: list[End] = []
            for length, ends in proved:
                loops = closing if length >= 3 else set()
                for end in ends:
                    ce, de = cell[end], digit[end]
                    if ce == cs != ROOT:
                        useful = bool(others & ~(1 << (de - 1)))
                    elif de == ds:
                        useful = bool(near & sees[end])
                    else:
                        useful = bool((holds >> (de - 1) & 1 and not bits[end] & ~seen)
                                      or (ce != ROOT and near >> ce & 1))
                    if useful or end in loops:
                        found.append((length, end, useful, end in loops,
                                      self.chain_maker(reached, start, end, MAX_LINKS)))
            if found:
                yield start, found

    def compiled_ends(self, kernels: ModuleType, max_links: int = MAX_LINKS) -> Iterator[tuple[int, list[End]]]:
        """``loop_ends`` by the compiled search (``loops_compiled``): the same, in the same order, with
        the same chains (made there for every end). The loops the kernel finds remove nothing, as
        (start, end), go to ``barren``."""
        starts = self.starts()
        rows, walks, gains = kernels.loop_ends(self, starts, max_links)
        nodes = self.nodes
        i = 0
        while i < len(rows):
            position = rows[i][0]
            found: list[End] = []
            while i < len(rows) and rows[i][0] == position:
                _, end, length, useful, loop, first, last = rows[i]
                found.append((length, end, bool(useful), bool(loop), _walked(nodes, walks, first, last)))
                if loop and not gains[i]:
                    self.barren.add((starts[position], end))
                i += 1
            yield starts[position], found

    def telling_ends(self, max_links: int, kind: int) -> Iterator[tuple[int, int, int, bool, bool, Maker]]:
        """The compiled search's ends a finder of ``kind`` can draw something from
        (``telling_compiled.telling_ends``): (start, length, end, whether it may prove something,
        whether it closes a loop that may remove something, the chain to it made on demand), in
        ``loop_ends``'s order; the others change nothing a finder finds (no chain, or a loop that
        removes nothing)."""
        from sudokit.solvers.human.telling_compiled import telling_ends

        rows, walks = telling_ends(self, max_links, kind)
        nodes = self.nodes
        for start, end, length, useful, loop, first, last in rows:
            yield start, length, end, bool(useful), bool(loop), _walked(nodes, walks, first, last)

    def path(self, reached: Searched, end: int) -> Walk | None:
        """The walk the search found to ``end`` (true), if it reached it."""
        if reached[True][end] is None:
            return None
        walk: Walk = []
        node: int | None = end
        on = True
        while node is not None and node != ROOT:
            walk.append(node)
            node, on = reached[on][node], not on
        walk.reverse()
        return walk

    def chain_maker(self, reached: Searched, start: int, end: int, max_links: int,
                    retries: int = 3) -> Maker:
        """The chain to ``end``, made on first demand. A shortest chain may use a candidate twice (both
        true and false): then the search runs again without the first use, a few times."""
        made: list[Chain | None] = []

        def chain() -> Chain | None:
            if not made:
                made.append(self._chain(reached, start, end, max_links, retries))
            return made[0]
        return chain

    def _chain(self, reached: Searched, start: int, end: int, max_links: int, retries: int
               ) -> Chain | None:
        found, banned = reached, frozenset[tuple[int, bool]]()
        for attempt in range(retries):
            walk = self.path(found, end)
            if walk is None:
                return None
            nodes = tuple(self.nodes[i] for i in walk)
            if (reused := _reused(nodes)) is None:
                return nodes
            if attempt == retries - 1:  # no search left to read a rerun's walk
                return None
            banned |= {(walk[reused], reused % 2 == 1)}
            found = self._banned_search(start, max_links, banned, end)
        return None

    def _banned_search(self, start: int, max_links: int, banned: frozenset[tuple[int, bool]], goal: int
                       ) -> Searched:
        """``search`` with some states banned, until ``goal`` is proved. The last such search from the
        same start with the same bans serves when it proved the goal too: up to that round the two are
        the same."""
        key = (start, banned)
        kept = self._searched.get(key)
        if kept is None or kept[True][goal] is None:
            kept = self._searched[key] = self.search(start, max_links, banned, goal)[0]
        return kept

    def seen_by_both(self, a: int, b: int) -> tuple[Candidate, ...]:
        """The candidates of the ends' digit in cells seeing every cell of both ends."""
        digit = self.digit[a]
        return tuple((c, digit) for c in cells_of(self.sees[a] & self.sees[b] & self.view.holding[digit]))

    def conclusions(self, start: int, end: int) -> list[tuple[str, tuple[Candidate, ...], Writer]]:
        """What a chain from ``start`` to ``end`` proves, by HoDoKu's kinds: (kind, eliminations, writer)."""
        cell = self.cell[start]
        if cell != ROOT and cell == self.cell[end]:  # the cell holds one of the two (the start: it is true)
            other = self.view.marks[cell] & ~(1 << (self.digit[start] - 1)) & ~(1 << (self.digit[end] - 1))
            return [("discontinuous_nice_loop", tuple((cell, d) for d in digits_of(other)), _core_text)]
        if self.digit[start] == self.digit[end]:
            eliminations = self.seen_by_both(start, end)
        else:
            eliminations = tuple(sorted(self._cannot_hold(start, end) + self._cannot_hold(end, start)))
        if len(eliminations) > 1:
            return [("aic", eliminations, _chain_text)]
        if eliminations:
            (cell, digit), = eliminations
            return [("discontinuous_nice_loop", eliminations, lambda nodes, size: _around(nodes, cell, digit, size))]
        return []

    def _cannot_hold(self, end: int, other: int) -> list[Candidate]:
        """A single-candidate end's cell, seeing every cell of the other end, cannot hold the other's digit."""
        cell, digit = self.cell[end], self.digit[other]
        if cell == ROOT or not self.view.marks[cell] >> (digit - 1) & 1:
            return []
        return [(cell, digit)] if not self.bits[other] & ~peer_bits(self.view.size)[cell] else []


_NONE: list[int] = []  # no links (shared: never changed in place)


class _Numbers:
    """Numbers for the nodes of one solve's link graphs, the same in every state: a candidate's is
    ``cell * N + digit - 1``; a group gets the next free one when first met. Per number: the node,
    its digit, its cell (``ROOT`` for a group), the cells seeing all of it and its cells (bitsets)."""

    def __init__(self, size: int):
        self.size, self.peers = size, peer_bits(size)
        nodes, digits, cells, sees, bits = _candidate_numbers(size)
        self.nodes: list[Node] = list(nodes)
        self.candidates = len(self.nodes)
        self.digit: list[Digit] = list(digits)
        self.cell: list[int] = list(cells)
        self.sees: list[int] = list(sees)
        self.bits: list[int] = list(bits)
        self.groups: dict[Node, int] = {}
        self.arrays: Any = None  # the compiled search's arrays of the numbers so far (``loops_compiled``)

    @property
    def count(self) -> int:
        return len(self.nodes)

    def number(self, node: Node) -> int:
        """A node's number (a candidate's or a group's)."""
        if node.__class__ is CellNode:
            return node.cell * self.size + node.digit - 1
        if node not in self.groups:
            self.groups[node] = len(self.nodes)
            self.nodes.append(node)
            self.digit.append(node[1])
            self.cell.append(ROOT)
            self.sees.append(_seeing(self.peers, node.cells))
            self.bits.append(bits_of(node.cells))
        return self.groups[node]


@cache
def _candidate_numbers(size: int) -> tuple[tuple[Node, ...], tuple[Digit, ...], tuple[int, ...], tuple[int, ...],
                                           tuple[int, ...]]:
    """Per candidate number: the node, its digit, its cell, its cell's peers and its cell (bitsets)."""
    peers = peer_bits(size)
    pairs = [(c, d) for c in range(size * size) for d in range(1, size + 1)]
    return (tuple(CellNode(c, d) for c, d in pairs), tuple(d for _, d in pairs), tuple(c for c, _ in pairs),
            tuple(peers[c] for c, _ in pairs), tuple(1 << c for c, _ in pairs))


def _candidate_links(view: View) -> tuple[list[list[int]], list[list[int]]]:
    """Per candidate number: its strong and its weak links to other candidates (inside its cell,
    strong when the cell has two; and its digit's ``weak`` graph), found once per state."""
    marks, size = view.marks, view.size
    digit_links = [view.per_digit(_digit_weak, d) for d in range(1, size + 1)]
    strong: list[list[int]] = [_NONE] * (size ** 3)
    weak: list[list[int]] = [_NONE] * (size ** 3)
    for cell, mask in enumerate(marks):  # inside a cell: every two candidates, strong when they are all
        if not mask:
            continue
        first = cell * size - 1
        inside = [first + d for d in digits_of(mask)]
        pair = len(inside) == 2
        for i in inside:
            others = [j for j in inside if j != i]
            ws, ss = digit_links[i - first - 1][i]
            weak[i] = others + ws
            strong[i] = others + ss if pair else ss
    return strong, weak


Neighbours = dict[int, tuple[list[int], list[int]]]  # per node number: (weak, strong) neighbours' numbers


def _numbers(view: View) -> _Numbers:
    return view.memo.get((_Numbers, view.size), view.size, lambda: _Numbers(view.size))


def _digit_weak(view: View, digit: Digit) -> Neighbours:
    """One digit's candidates' neighbours in its ``weak`` graph, by number."""
    size, base = view.size, digit - 1
    return {cell * size + base: ([m * size + base for m in adjacent],
                                 [m * size + base for m, link in adjacent.items() if link["strong"]])
            for cell, adjacent in view.graphs.weak(digit).adjacency()}


def _als_links(view: View, s: Als) -> list[tuple[AlsNode, list[int]]]:
    """A set's ALS nodes with the numbers of what each is weakly linked to (``GraphView.als_node_links``),
    kept while the set's digits' candidates stay the same (and each node's while its digit's do)."""
    holding = view.holding
    return view.memo.get((_als_links, s), tuple([holding[d] for d in digits_of(s.mask)]), lambda: _set_links(view, s))


def _set_links(view: View, s: Als) -> list[tuple[AlsNode, list[int]]]:
    linked = [(s.node(d), outside) for d in digits_of(s.mask)
              if (outside := view.per_digit(_seeing_links, d, s.places[d]))]
    return linked if len(linked) > 1 else []


def _seeing_links(view: View, digit: Digit, cells: tuple[Cell, ...]) -> list[int]:
    """The numbers of the candidates and groups of ``digit`` that see every one of ``cells``."""
    number = _numbers(view).number
    return [number(other) for other in view.graphs.seeing_links(cells, digit)]


def _digit_groups(view: View, digit: Digit) -> tuple[Neighbours, list[int]]:
    """One digit's ``group_graph`` by number: its nodes' neighbours (groups', and candidates' to
    groups), and its groups in the order the graph lists them."""
    numbers, graph = _numbers(view), view.graphs.group_graph(digit)
    number = numbers.number
    own = {number(node): ([number(m) for m in adjacent], [number(m) for m, link in adjacent.items() if link["strong"]])
           for node, adjacent in graph.adjacency()}
    return own, [number(node) for node in graph if node.__class__ is not CellNode]


def _seeing(peers: tuple[int, ...], cells: Iterable[Cell]) -> int:
    """The cells that see every one of ``cells``, as a bitset."""
    seen = -1
    for c in cells:
        seen &= peers[c]
    return seen


def _reused(chain: Chain) -> int | None:
    """The position of the first use of a candidate the chain uses twice, if any (the start may come
    back at the end: a chain proving its own start)."""
    first_use: dict[Candidate, int] = {}
    for i, node in enumerate(chain[:-1] if chain[-1] == chain[0] else chain):
        for cell in node.cells:
            if (cell, node.digit) in first_use:
                return first_use[cell, node.digit]
            first_use[cell, node.digit] = i
    return None


class _Best:
    """The shortest chain found for each conclusion; chains are made, and steps written, only for those.

    Conclusions keep the order they were first found in (``stamp`` tells it when several searches
    are merged), and steps come shortest first.
    """

    def __init__(self, view: View):
        self.view = view
        self.found: dict[tuple[str, tuple[Candidate, ...]], tuple[int, Chain, Writer, tuple]] = {}
        self.offers = 0

    def offer(self, kind: str, eliminations: tuple[Candidate, ...], length: int, chain: Maker, text: Writer,
              stamp: tuple = ()) -> None:
        """A conclusion, the length of a chain proving it, how to make that chain, and how to write it."""
        key = (kind, eliminations)
        if eliminations and (key not in self.found or self.found[key][0] > length) and (nodes := chain()) is not None:
            first = self.found[key][3] if key in self.found else (*stamp, self.offers)
            self.offers += 1
            self.found[key] = (length, nodes, text, first)

    def steps(self) -> list[tuple[int, tuple, Step]]:
        """(length, stamp, step) of every conclusion, shortest first."""
        return [(found.length, found.first, found.step()) for found in self.found_steps()]

    def found_steps(self) -> list[_Found]:
        """Every conclusion, shortest first, its step written when asked for."""
        ordered = sorted(self.found.items(), key=lambda item: item[1][0])
        return [_Found(self.view, kind, eliminations, length, nodes, text, first)
                for (kind, eliminations), (length, nodes, text, first) in ordered]


class _Found:
    """A conclusion and the chain proving it, written as a step on first use."""

    def __init__(self, view: View, kind: str, eliminations: tuple[Candidate, ...], length: int, nodes: Chain,
                 text: Writer, first: tuple):
        self.view, self.kind, self.eliminations, self.length = view, kind, eliminations, length
        self.nodes, self.text, self.first = nodes, text, first
        self._step: Step | None = None

    def step(self) -> Step:
        if self._step is None:
            self._step = _step(self.kind, self.view, self.eliminations, self.text(self.nodes, self.view.size),
                               self.nodes)
        return self._step


def _x_chains(view: View, digit: Digit, max_links: int) -> list[tuple[int, tuple, Step]]:
    """The X-Chains of one digit, as (length, stamp, step): the stamp orders equally long chains as a
    search over every digit at once would meet them (by start candidate)."""
    links = _Links.of_digit(view, digit)
    best = _Best(view)
    for start, length, end, chain in _same_digit_ends(links, max_links):
        best.offer("x_chain", links.seen_by_both(start, end), length, chain, _chain_text, stamp=(links.nodes[start],))
    return best.steps()


def _kind(found: list[_Found], name: str) -> Iterator[Step]:
    """The steps of one kind among a state's nice loops and AICs."""
    return (conclusion.step() for conclusion in found if conclusion.kind == name)


def _plain_loops(view: View) -> list[_Found]:
    """Every nice loop and AIC of a state on candidates, shortest first: one chain per conclusion."""
    kernels = _compiled_loops()
    return _nice_loops(view, _Links.built(view, kernels) if kernels else _Links.of(view), "", lambda chain: chain)


def _grouped_loops(view: View) -> list[_Found]:
    """Every nice loop and AIC of a state that uses a group or an ALS, shortest first."""
    kernels = _compiled_loops()
    links = _Links.built(view, kernels, grouped=True) if kernels else _Links.of(view, groups=True, sets=_small_sets(view))
    return _nice_loops(view, links, "grouped_", _with_group)


def _small_sets(view: View) -> list[Als]:
    """The ALSs the grouped kinds link: of two to ``MAX_ALS_CELLS`` cells (one cell is a bivalue cell:
    linked already)."""
    return [s for s in view.als if 1 < len(s.cells) <= MAX_ALS_CELLS]


def _nice_loops(view: View, links: _Links, prefix: str, keep: Callable[[Maker], Maker]) -> list[_Found]:
    best = _Best(view)
    if _compiled_loops():
        ends: Iterable[tuple[int, int, int, bool, bool, Maker]] = links.telling_ends(
            MAX_LINKS, GROUPED_ENDS if prefix else LOOP_ENDS)
    else:
        ends = ((start, *end) for start, found in links.loop_ends() for end in found)
    for start, length, end, useful, loop, made in ends:  # (compiled: only the loops that may remove something)
        chain = keep(made)
        if useful:
            for kind, eliminations, text in links.conclusions(start, end):
                best.offer(prefix + kind, eliminations, length, chain, text)
        if loop and (nodes := chain()) is not None:
            best.offer(prefix + "continuous_nice_loop", _loop_eliminations(view, nodes), length + 1,
                       _given(nodes), _loop_text)
    return best.found_steps()


def _compiled_loops() -> ModuleType | None:
    """The compiled search (``loops_compiled``) once it is ready: loaded once the default ladder's
    compiled parts are (``singles_compiled.LOADER``), in the background; None until then."""
    from sudokit.solvers.human.singles_compiled import LOADER

    return LOOPS.get() if LOADER.value is not None else None


def _load_loops() -> ModuleType:
    from sudokit.solvers.human import loops_compiled, telling_compiled

    loops_compiled.warm()
    telling_compiled.warm()
    return loops_compiled


LOOPS: Background[ModuleType] = Background(_load_loops, lambda: False)  # (a thread: the solve goes on meanwhile)


class _Rows(Sequence[Sequence[int]]):
    """Lists of neighbours kept flat (``loops_compiled._flat``'s), each read out when asked for."""

    def __init__(self, ptr: Any, flat: Any):
        self.ptr, self.flat = ptr, flat

    def __len__(self) -> int:
        return len(self.ptr) - 1

    def __getitem__(self, node: int) -> list[int]:  # type: ignore[override]
        return self.flat[self.ptr[node]:self.ptr[node + 1]].tolist()


class _CellNodes(Sequence[Node]):
    """Candidates by number, given their cells and digits, each made when first read."""

    def __init__(self, cells: list[Cell], digits: list[Digit]):
        self.cells, self.digits = cells, digits

    def __len__(self) -> int:
        return len(self.cells)

    def __getitem__(self, number: int) -> Node:  # type: ignore[override]
        return CellNode(self.cells[number], self.digits[number])


class _Lazy(Sequence[int]):
    """Bitsets of a node's cells per number: the candidates' given, the rest made when first read."""

    def __init__(self, known: Sequence[int], nodes: Sequence[Node], make: Callable[[Node], int]):
        self.known, self.nodes, self.make = known, nodes, make
        self.made: dict[int, int] = {}

    def __len__(self) -> int:
        return len(self.nodes)

    def __getitem__(self, number: int) -> int:  # type: ignore[override]
        if number < len(self.known):
            return self.known[number]
        if number not in self.made:
            self.made[number] = self.make(self.nodes[number])
        return self.made[number]


def _walked(nodes: Sequence[Node], walks: list[int] | Any, first: int, last: int) -> Maker:
    """The chain at ``walks[first:last]`` (a list, or an array; none when empty), made on first demand."""
    made: list[Chain | None] = []

    def chain() -> Chain | None:
        if not made:
            walk = walks[first:last]
            made.append(tuple([nodes[k] for k in (walk if isinstance(walk, list) else walk.tolist())])
                        if last > first else None)
        return made[0]
    return chain


def _given(chain: Chain | None) -> Maker:
    return lambda: chain


def _with_group(chain: Maker) -> Maker:
    """Only chains that use a group or an ALS count as grouped."""
    def grouped() -> Chain | None:
        nodes = chain()
        return nodes if nodes and any(node.__class__ is not CellNode for node in nodes) else None
    return grouped


def _loop_eliminations(view: View, loop: Chain) -> tuple[Candidate, ...]:
    """A continuous loop's weak links (odd positions, and the closing one) all become strong, and
    its links through an ALS weak: the set is locked on its other digits."""
    size, marks, holding = view.size, view.marks, view.holding
    found: dict[Digit, int] = {}  # per digit, the cells losing it (bitsets)
    for a, b in [*zip(loop[1::2], loop[2::2]), (loop[-1], loop[0])]:
        if a.digit == b.digit:
            found[a.digit] = found.get(a.digit, 0) | seeing_bits(a.cells, size) & seeing_bits(b.cells, size)
        else:  # two digits of one cell: the cell holds one of them
            for d in digits_of(marks[a.cells[0]] & ~(1 << (a.digit - 1)) & ~(1 << (b.digit - 1))):
                found[d] = found.get(d, 0) | 1 << a.cells[0]
    for a, b in zip(loop[0::2], loop[1::2]):
        if a.__class__ is AlsNode:
            cells, held = a.als, 0
            for c in cells:
                held |= marks[c]
            for d in digits_of(held & ~(1 << (a.digit - 1)) & ~(1 << (b.digit - 1))):
                found[d] = found.get(d, 0) | seeing_bits(tuple(c for c in cells if marks[c] >> (d - 1) & 1), size)
    if not any(bits & holding[d] for d, bits in found.items()):
        return ()
    for node in loop:  # the loop's own candidates stay
        if node.digit in found:
            found[node.digit] &= ~bits_of(node.cells)
    return tuple(sorted((c, d) for d, bits in found.items() for c in cells_of(bits & holding[d])))


# ---- steps and notation


def _step(name: str, view: View, eliminations: tuple[Candidate, ...], text: str, nodes: Chain) -> Step:
    """A chain's step; its digits are those it removes (as HoDoKu's library lists them)."""
    links = alternating(nodes)
    if name.endswith("continuous_nice_loop") and "discontinuous" not in name:
        links += (ChainLink(nodes[-1], nodes[0], False),)
    sets = tuple(dict.fromkeys(n.als for n in nodes if n.__class__ is AlsNode))
    return Step(name, view.size, tuple(sorted({d for _, d in eliminations})), eliminations=eliminations, pattern=text,
                length=len(nodes), chain=links, als=sets)


def _chain_text(chain: Chain, size: int) -> str:
    """Nice-loop notation of a chain, its ends' digits outside: ``1- r1c2 -4- r3c3 -7- r3c8 -1``."""
    return f"{symbol(chain[0].digit)}- {_core_text(chain, size)} -{symbol(chain[-1].digit)}"


def _loop_text(nodes: Chain, size: int) -> str:
    """A continuous loop, its first node written again at the end."""
    return _core_text((*nodes, nodes[0]), size)


def _core_text(nodes: Chain, size: int) -> str:
    """The cells and the links between them, ``=d=`` strong, ``-d-`` weak; links inside a cell are
    implicit, and those inside an ALS written as in Eureka."""
    parts = [_site_text(nodes, 0, size)]
    for i, (a, b) in enumerate(pairwise(nodes)):
        if _site(a) != _site(b):
            link = "=" if i % 2 == 0 else "-"
            parts.append(f"{link}{symbol(a.digit)}{link} {_site_text(nodes, i + 1, size)}")
    return " ".join(parts)


def _around(chain: Chain, cell: Cell, digit: int, size: int) -> str:
    """A chain written as the loop through the one candidate it removes."""
    name = cells_name((cell,), size)
    before = "" if cell in chain[0].cells else f"{name} -{symbol(digit)}- "
    after = "" if cell in chain[-1].cells else f" -{symbol(digit)}- {name}"
    return before + _core_text(chain, size) + after


def _site(node: Node) -> tuple[Cell, ...]:
    """Where a node lies: its cells, or its ALS's."""
    return node.als if node.__class__ is AlsNode else node.cells


def _site_text(nodes: Chain, i: int, size: int) -> str:
    """A node's cells, or the ALS it enters and the link across it: ``(3=6)r8c2,r9c13``."""
    node = nodes[i]
    if node.__class__ is not AlsNode:
        return cells_name(node.cells, size)
    return f"({symbol(node.digit)}={symbol(nodes[i + 1].digit)}){cells_name(node.als, size)}"

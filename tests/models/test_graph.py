"""The graph view: its links checked against the pencil marks themselves (units, peers, candidates)."""

from __future__ import annotations

from itertools import combinations

import pytest

from sudokit.compare.sets import load_set
from sudokit.models.candidates import Candidates
from sudokit.models.graph import Als, AlsNode, CellNode, GroupNode, exported, graph_view, node_cells

HARD = [Candidates.from_grid(p.grid) for p in load_set("se-sample").puzzles if p.meta["se_rating"] >= 8.5][:3]


def conjugate_pairs(state: Candidates, digit: int) -> set[frozenset[int]]:
    """Pairs of cells that are a unit's only two places for ``digit``, from ``Candidates.places``."""
    pairs = set()
    for unit in range(3 * state.size):
        cells = state.places(unit).get(digit, [])
        if len(cells) == 2:
            pairs.add(frozenset(cells))
    return pairs


@pytest.mark.parametrize("state", HARD, ids=range(len(HARD)))
def test_strong_and_weak_links_of_a_digit(state):
    view, peers = graph_view(state), state.geometry.peers
    for digit in range(1, 10):
        assert {frozenset(e) for e in view.strong(digit).edges} == conjugate_pairs(state, digit)
        weak = view.weak(digit)
        holding = [c for c in range(81) if state.has(c, digit)]
        assert sorted(weak) == holding
        assert {frozenset(e) for e in weak.edges} == {frozenset((a, b)) for a, b in combinations(holding, 2)
                                                     if b in peers[a]}
        assert {frozenset(e) for e, s in weak.edges.items() if s["strong"]} == conjugate_pairs(state, digit)


@pytest.mark.parametrize("state", HARD, ids=range(len(HARD)))
def test_the_candidate_link_graph(state):
    view, peers = graph_view(state), state.geometry.peers
    links = view.links
    assert sorted(links) == sorted((c, d) for c in range(81) for d in state.digits(c))
    for (a, da), (b, db), strong in links.edges(data="strong"):
        same_cell = a == b and da != db
        assert same_cell or (da == db and b in peers[a])  # never both true
        if strong:  # one of them is true
            assert len(state.digits(a)) == 2 if same_cell else frozenset((a, b)) in conjugate_pairs(state, da)
    bivalue = [c for c in range(81) if len(state.digits(c)) == 2]
    assert sorted(view.bivalue) == bivalue
    assert all(links.edges[(c, d), (c, e)]["strong"] for c in bivalue for d, e in [state.digits(c)])


def test_groups_lie_in_one_box_line_intersection_and_link_what_they_see():
    state = HARD[0]
    geo, grouped = state.geometry, graph_view(state).grouped_links
    groups = [n for n in grouped if len(node_cells(n)) > 1]
    assert groups
    for cells, digit in groups:
        assert all(state.has(c, digit) for c in cells)
        assert len({geo.box_of(c) for c in cells}) == 1
        assert len({geo.row(c) for c in cells}) == 1 or len({geo.col(c) for c in cells}) == 1
        for other, strong in grouped.adj[(cells, digit)].items():
            assert other[1] == digit and set(cells).isdisjoint(node_cells(other))
            assert all(b in geo.peers[a] for a in cells for b in node_cells(other))
            if strong["strong"]:  # together they hold every place of the digit in a shared unit
                shared = set.intersection(*(set(geo.cell_units[c]) for c in cells + node_cells(other)))
                places = [set(state.places(u)[digit]) for u in shared]
                assert set(cells) | set(node_cells(other)) in places


def test_a_view_keeps_its_graphs_and_its_state():
    state = HARD[1].copy()
    view = graph_view(state)
    assert view.links is view.links and view.strong(3) is view.strong(3)
    cell, digit = next((c, d) for c in range(81) for d in state.digits(c))
    state.eliminate(cell, digit)
    assert CellNode(cell, digit) in view.links and CellNode(cell, digit) not in graph_view(state).links


def test_nodes_are_typed_and_say_where_they_lie():
    links = graph_view(HARD[0]).grouped_links
    kinds = {type(n): n.kind for n in links}
    assert kinds == {CellNode: "cell", GroupNode: "group"}
    assert all(n.cells == (n.cell,) for n in links if isinstance(n, CellNode))
    node = AlsNode((3, 4), 7, (3, 4, 5))
    assert (node.kind, node.cells, node.digit, node.als) == ("als", (3, 4), 7, (3, 4, 5))


def test_every_size_has_a_view():
    state = Candidates.from_grid(load_set("gecode-16x16").puzzles[0].grid)
    view = graph_view(state)
    assert view.links.number_of_nodes() == sum(len(state.digits(c)) for c in range(256))
    assert {frozenset(e) for e in view.strong(16).edges} == conjugate_pairs(state, 16)


def test_exported_graphs_are_named_for_people():
    view = graph_view(HARD[0])
    assert all(n.startswith("r") and ":" in n for n in exported(view, "aic"))
    assert set(exported(view, "aic", digit=5)) == {n for n in exported(view, "aic") if n.endswith(":5")}
    assert exported(view, "strong", 3).number_of_edges() == len(conjugate_pairs(HARD[0], 3))
    for bad in [("strong", None), ("weak", 10), ("cycles", None)]:
        with pytest.raises(KeyError):
            exported(view, *bad)



def almost_locked_sets(state: Candidates, sizes=(2, 3)) -> set[tuple[tuple[int, ...], int]]:
    """N open cells of a unit holding N+1 digits between them, enumerated plainly."""
    found = set()
    for unit in state.geometry.units:
        open_cells = [c for c in unit if state.values[c] == 0]
        for n in sizes:
            for cells in combinations(open_cells, n):
                mask = 0
                for c in cells:
                    mask |= state.marks[c]
                if mask.bit_count() == n + 1:
                    found.add((cells, mask))
    return found


def test_als_nodes_link_as_locked_sets():
    """An ALS's digits are linked only strongly among themselves, and weakly to exactly the candidates
    (and groups) of the digit that see all its places; a set a chain could not pass through is left out."""
    state = HARD[0]
    geo, view = state.geometry, graph_view(state)
    sets = almost_locked_sets(state)
    links = view.als_links(Als.of(cells, state.marks) for cells, _ in sets)

    def seeing(places, digit):
        return {(c, digit) for c in range(81) if state.has(c, digit) and all(c in geo.peers[p] for p in places)}

    for cells, mask in sets:  # the digits of a set whose candidates some candidate sees are all there (if two)
        seen = [d for d in range(1, 10)
                if mask >> (d - 1) & 1 and seeing(tuple(c for c in cells if state.has(c, d)), d)]
        assert len(seen) < 2 or all(any(n[1:] == (d, cells) for n in links) for d in seen)
    nodes = [n for n in links if isinstance(n, AlsNode)]
    assert nodes and {n[2] for n in nodes} <= {cells for cells, _ in sets}
    for node in nodes:
        places, digit, cells = node
        assert places == tuple(c for c in cells if state.has(c, digit))
        assert {o for o in links.adj[node] if o[0].__class__ is int} == seeing(places, digit)
        for other, link in links.adj[node].items():
            if isinstance(other, AlsNode) and other.als == cells:  # inside the set: strong, never weak
                assert other[1] != digit and link == {"strong": True, "weak": False}
            else:
                assert other[1] == digit and not link["strong"]
                assert all(b in geo.peers[a] for a in places for b in node_cells(other))

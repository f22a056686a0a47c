"""The static links' shortcuts (strongly connected groups over the strong candidates, reach as
bits, conjugates by bitmask) checked against a plain reference: networkx on every potential."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid
from sudokit.solvers.human.se.chain_static import SPOT, StaticLinks
from sudokit.solvers.registry import get_backend

PUZZLES = ("98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
           "........1.....2.3...4.5.6.....3...7...8.674...7...1..2..5......69..84...84....9..")


def states() -> list[list[int]]:
    """Each puzzle's first pencil marks, and grids with a share of its false candidates removed."""
    found = []
    rng = random.Random(12)
    for puzzle in PUZZLES:
        grid = Grid.parse(puzzle)
        marks = list(Candidates.from_grid(grid).marks)
        solution = get_backend("bitx").create().solve(grid).solution.values
        found.append(marks)
        for share in (0.3, 0.6):
            reduced = [m if not m else m & ~sum(1 << d for d in range(9) if d + 1 != solution[cell]
                                               and rng.random() < share)
                       for cell, m in enumerate(marks)]
            found.append(reduced)
    return found


def reference(links: StaticLinks, marks: list[int]) -> nx.DiGraph:
    graph = nx.DiGraph()
    for cell, m in enumerate(marks):
        for d0 in range(9):
            if m >> d0 & 1:
                key = (cell * 9 + d0) * 2
                graph.add_node(key)
                graph.add_node(key + 1)
                graph.add_edges_from((key, k) for k, _ in links.turned_on(key))
                graph.add_edges_from((key + 1, k) for k, _ in links.turned_off(key + 1))
    return graph


@pytest.mark.parametrize(("y_links", "x_links"), [(True, True), (False, True), (True, False)])
def test_groups_and_reach_are_networkx_ones(y_links, x_links):
    for marks in states():
        links = StaticLinks(marks, y_links, x_links)
        graph = reference(links, marks)
        for component in nx.strongly_connected_components(graph):
            bits = sum(1 << SPOT[key] for key in component)
            for key in component:
                assert links.group_of(key) == bits
                assert links.cycles().get(key) == (component if len(component) > 1 else None)
        returning = set()
        for key in graph:
            below = nx.descendants(graph, key)
            reached = sum(1 << SPOT[k] for k in below) | 1 << SPOT[key]
            assert links.reach_of(key) == reached
            both_ways = any(k ^ 1 in below or k ^ 1 == key for k in below)
            assert links.sound_reach(key) == (None if both_ways else reached)
            if key ^ 1 in below:
                returning.add(key)
        assert links.returning() == returning

"""The single-digit patterns, colouring, wings and rectangles on bitsets find what they found on the
networkx graphs and the units' place lists, in the same order, on the states of real solves (the
references here are the former code's, kept small: the graphs' edges and colouring, the pincers in
the order a cell's peers are iterated, the rectangles' tests on place lists)."""

from __future__ import annotations

from itertools import combinations

import networkx as nx
import pytest

from sudokit.compare.sets import load_set
from sudokit.models.candidates import digits_of
from sudokit.solvers.human.steps import digits_text
from sudokit.solvers.human.techniques import coloring, single_digit, uniqueness, wings
from sudokit.solvers.human.view import View
from tests.solvers.human.pattern_cases import SAMPLE, hard_states

HARD = [p.grid for p in load_set("se-sample").puzzles if p.meta["se_rating"] >= 9.0][5::90][:2]


@pytest.fixture(scope="module")
def states() -> list:
    """The states of real solves compared on (built once, by the first test that needs them)."""
    return [state for puzzle in (*HARD, *SAMPLE[1::3]) for state in hard_states(puzzle)[0]]


def test_the_states_are_many_and_hold_every_pattern(states):
    """What the tests below compare is there: the patterns fire on these states."""
    assert len(states) > 50
    fired = {name for state in states for name in ("skyscraper", "empty_rectangle", "simple_colors", "multi_colors_1",
                                                  "xy_wing", "xyz_wing", "w_wing", "hidden_rectangle")
             if next(iter(getattr(_finder(name), name)(View(state))), None)}
    assert len(fired) >= 6, fired


def _finder(name: str):
    return next(m for m in (single_digit, coloring, wings, uniqueness) if hasattr(m, name))


def test_conjugate_pairs_are_the_strong_link_graphs_edges_in_its_order(states):
    for state in states:
        view = View(state)
        for digit in range(1, 10):
            assert single_digit.conjugate_pairs(view, digit) == tuple(view.strong(digit).edges(data="units"))


def _networkx_clusters(view: View, digit: int) -> tuple:
    graph = view.strong(digit)
    try:
        colour = nx.bipartite.color(graph)
    except nx.NetworkXError:
        return ()
    return tuple((tuple(sorted(c for c in part if colour[c] == 0)), tuple(sorted(c for c in part if colour[c] == 1)))
                 for part in nx.connected_components(graph))


def test_clusters_are_networkx_bipartite_colourings_in_its_order(states):
    several = 0
    for state in states:
        view = View(state)
        for digit in range(1, 10):
            clusters = coloring._clusters(view, digit)
            assert clusters == _networkx_clusters(view, digit)
            several += len(clusters) > 1
    assert several


def _reference_wings(view: View, pivot_size: int) -> list[tuple]:
    """(pivot, pincers, eliminations) as the former scan met them: pincers in the order of the pivot's peers."""
    marks, peers, found = view.marks, view.geometry.peers, []
    for pivot, mask in enumerate(marks):
        if mask.bit_count() != pivot_size:
            continue
        pincers = [p for p in peers[pivot] if marks[p].bit_count() == 2 and (marks[p] & mask).bit_count() == pivot_size - 1]
        for a, b in combinations(pincers, 2):
            z = marks[a] & marks[b]
            if z.bit_count() != 1 or (marks[a] | marks[b] | mask).bit_count() != 3:
                continue
            seeing = peers[a] & peers[b] & (peers[pivot] if pivot_size == 3 else peers[a])
            removed = tuple((c, z.bit_length()) for c in sorted(seeing - {pivot}) if marks[c] & z)
            if removed:
                found.append((pivot, (a, b), removed))
    return found


@pytest.mark.parametrize("pivot_size", [2, 3], ids=["xy_wing", "xyz_wing"])
def test_wings_are_found_in_the_former_order(pivot_size, states):
    name = "xy_wing" if pivot_size == 2 else "xyz_wing"
    total = 0
    for state in states:
        view = View(state)
        steps = [(s.cells[0], s.cells[1:], s.eliminations) for s in getattr(wings, name)(view)]
        assert steps == _reference_wings(view, pivot_size)
        total += len(steps)
    assert total


def _reference_type_4(view: View) -> list:
    found = []
    for ur in uniqueness._rectangles(view):
        if ur.side_roof:
            for unit in ur.shared_units():
                for digit in digits_of(ur.pair):
                    if set(view.places(unit).get(digit, ())) == set(ur.roof):
                        found += ur.step("unique_rectangle_4", ur.roof, ur.pair & ~(1 << (digit - 1)),
                                         f" ({digits_text((digit,))} locked in {ur.geo.unit_name(unit)})")
    return found


def _reference_hidden(view: View) -> list:
    found = []
    for ur in uniqueness._rectangles(view):
        for floor in ur.floor:
            far = ur.cells[3 - ur.cells.index(floor)]
            for digit in digits_of(ur.pair):
                places = [view.places(line).get(digit) for line in ur.geo.cell_units[far][:2]]
                if all(p and set(p) <= set(ur.cells) for p in places):
                    found += ur.step("hidden_rectangle", (far,), ur.pair & ~(1 << (digit - 1)))
    return found


def test_rectangles_tests_on_bitsets_are_the_place_lists(states):
    total = 0
    for state in states:
        view = View(state)
        assert list(uniqueness.unique_rectangle_4(view)) == _reference_type_4(view)
        assert list(uniqueness.hidden_rectangle(view)) == _reference_hidden(view)
        total += len(_reference_hidden(view)) + len(_reference_type_4(view))
    assert total

"""The chains' links built compiled (``links_compiled``) against those read off the networkx graphs
(``chains._Links``, the reference): the same neighbours in the same order, the same starts and the
same nice loops' ends, on the states real solves meet."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pytest

from sudokit.compare.sets import load_set
from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid
from sudokit.solvers.human.engine import solve_logically
from sudokit.solvers.human.se.jit import available
from sudokit.solvers.human.techniques import chains
from sudokit.solvers.human.view import View
from tests.solvers.human.chain_cases import BEFORE, GRAPH_BASED, NEEDS

pytestmark = pytest.mark.skipif(not available(), reason="numba is not installed (the fast extra), or SUDOKIT_PURE is set")

SE_9 = "080003070600500009001000500400708060000020000030904001007000400300006008020800030"  # SE 9.1
SE_8 = "700305009500000004000906000040000020070104050016000340000807000050000080004030100"  # se8.txt, the first


@pytest.fixture(scope="module")
def kernels():
    from sudokit.solvers.human import loops_compiled

    loops_compiled.warm()
    return loops_compiled


def neighbours(links: chains._Links) -> dict:
    """Per node with links: its strong and its weak neighbours, as nodes, in order."""
    strong, weak, nodes = links.strong, links.weak, links.nodes
    return {node: ([nodes[j] for j in strong[i]], [nodes[j] for j in weak[i]])
            for i, node in enumerate(nodes) if strong[i] or weak[i]}


def ends(links: chains._Links, kernels) -> list:
    return [(links.nodes[start], [(length, links.nodes[end], useful, loop, made())
                                  for length, end, useful, loop, made in found])
            for start, found in links.compiled_ends(kernels)]


def same_links(reference: chains._Links, built: chains._Links, kernels) -> int:
    """Asserts the two give the same links, starts and ends, and that the loops the kernel finds
    barren remove nothing; the number of loops that do remove something."""
    assert neighbours(built) == neighbours(reference)
    assert [built.nodes[i] for i in built.starts()] == [reference.nodes[i] for i in reference.starts()]
    found = ends(reference, kernels)
    assert ends(built, kernels) == found
    removing = 0
    for start, found_ends in found:
        for _, end, _, loop, chain in found_ends:
            if loop and chain:
                removed = chains._loop_eliminations(reference.view, chain)
                number = built.nodes.index(start), built.nodes.index(end)
                assert not (removed and number in built.barren)
                removing += bool(removed)
    return removing


def with_digits(view: View, kernels, monkeypatch, digits=None) -> int:
    """Each digit's links and X-Chains, and the bivalue cells' links and XY-Chains, compiled and not,
    the same; the number of chains."""
    def lists(links: chains._Links) -> tuple:
        return list(links.nodes), [list(s) for s in links.strong], [list(w) for w in links.weak], links.starts()

    def steps(found) -> list:
        return [(step.explanation, step.eliminations) for step in found]

    def digit_links(d: int) -> tuple:
        return lists(chains._Links.of_digit(view, d))

    def x_chains(d: int) -> list:
        return [(length, stamp, *steps([step])) for length, stamp, step in chains._x_chains(view, d, chains.MAX_LINKS)]

    makers: list[Callable[[], object]] = [lambda: lists(chains._Links.of_bivalue(view)),
                                          lambda: steps(chains.xy_chain(view))]
    for d in digits or range(1, view.size + 1):
        makers += [partial(digit_links, d), partial(x_chains, d)]
    found = 0
    for make in makers:
        monkeypatch.setattr(chains, "_compiled_loops", lambda: kernels)
        built = make()
        monkeypatch.setattr(chains, "_compiled_loops", lambda: None)
        assert built == make()
        found += len(built) if isinstance(built, list) else 0
    return found


LOOPS = NEEDS["grouped_continuous_nice_loop"]  # its solve by chains has loops that remove something


@pytest.mark.parametrize("puzzle", [SE_9, SE_8, LOOPS], ids=["se9", "se8", "loops"])
def test_the_built_links_are_the_graphs_on_a_solves_states(monkeypatch, kernels, puzzle):
    compared: list[int] = []

    def both(view, links, prefix, keep):
        if prefix:  # the compiled side's sets: View.als's of two or three cells, in its order
            ptr, cells = kernels.links_compiled.als_entries(view, chains.MAX_ALS_CELLS)[:2]
            cells = cells.tolist()
            assert [cells[a:b] for a, b in zip(ptr.tolist(), ptr.tolist()[1:])] == [
                list(s.cells) for s in chains._small_sets(view)]
        compared.append(same_links(links, chains._Links.built(view, kernels, grouped=bool(prefix)), kernels))

        return chains._nice_loops.__wrapped__(view, links, prefix, keep)

    both.__wrapped__ = chains._nice_loops
    monkeypatch.setattr(chains, "_nice_loops", both)
    monkeypatch.setattr(chains, "_compiled_loops", lambda: None)
    solve_logically(Grid.parse(puzzle), *([BEFORE + GRAPH_BASED] if puzzle == LOOPS else []))
    assert len(compared) > 3  # states, plain and grouped
    assert sum(compared) > 0 or puzzle != LOOPS


@pytest.mark.parametrize("puzzle", [SE_9, NEEDS["x_chain"], NEEDS["xy_chain"]], ids=["se9", "x", "xy"])
def test_the_x_and_xy_chains_are_the_pythons_on_a_solves_states(monkeypatch, kernels, puzzle):
    found: list[int] = []
    seen: set[int] = set()

    def both(view, digit, max_links):
        if id(view) not in seen:  # (the views of a solve live to its end)
            seen.add(id(view))
            found.append(with_digits(view, kernels, monkeypatch, [digit]))
        return both.__wrapped__(view, digit, max_links)

    both.__wrapped__ = chains._x_chains
    monkeypatch.setattr(chains, "_x_chains", both)
    solve_logically(Grid.parse(puzzle), *([] if puzzle == SE_9 else [BEFORE + GRAPH_BASED]))
    assert found and (sum(found) > 0 or puzzle == SE_9)  # chains compared on the X- and XY- cases


def test_a_16x16_state(kernels, monkeypatch):
    """Four words a bitset, boxes of four by four: a puzzle's first state."""
    view = View(Candidates.from_grid(load_set("gecode-16x16").puzzles[0].grid))
    grouped = chains._Links.of(view, groups=True, sets=chains._small_sets(view))
    assert same_links(chains._Links.of(view), chains._Links.built(view, kernels), kernels)
    assert same_links(grouped, chains._Links.built(view, kernels, grouped=True), kernels)
    with_digits(view, kernels, monkeypatch)


def test_a_changed_order_is_told(kernels):
    """The comparison can fail: the reference with one candidate's weak links reversed differs."""
    view = View(Candidates.from_grid(Grid.parse(SE_9)))
    reference = chains._Links.of(view)
    node = next(i for i, links in enumerate(reference.weak) if len(links) > 2)
    reference.weak[node] = reference.weak[node][::-1]
    assert neighbours(reference) != neighbours(chains._Links.built(view, kernels))

"""The nice loops' compiled search (``loops_compiled``) against the Python search, the reference: the
same ends, in the same order, with the same chains, on the states real solves meet; and the same paths."""

from __future__ import annotations

import pytest

from sudokit.compare.sets import load_set
from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid
from sudokit.solvers.human.engine import solve_logically
from sudokit.solvers.human.se.jit import available
from sudokit.solvers.human.techniques import chains
from sudokit.solvers.human.view import View

pytestmark = pytest.mark.skipif(not available(), reason="numba is not installed (the fast extra), or SUDOKIT_PURE is set")

SE_9 = ["080003070600500009001000500400708060000020000030904001007000400300006008020800030",  # SE 9.1
        "700005003002300800010000020300070090000926000020050007060000040008001300900500001"]  # SE 9.1


@pytest.fixture(scope="module")
def kernels():
    from sudokit.solvers.human import loops_compiled

    loops_compiled.warm()
    return loops_compiled


def ends(found):
    """A search's ends with their chains made: (start, [(length, end, useful, loop, chain)])."""
    return [(start, [(length, end, useful, loop, made()) for length, end, useful, loop, made in found_ends])
            for start, found_ends in found]


def test_the_compiled_search_finds_the_same_ends_and_chains_on_a_solves_states(monkeypatch, kernels):
    compared = []

    def both(view, links, prefix, keep):
        python = ends(links.loop_ends())
        assert ends(links.compiled_ends(kernels)) == python
        compared.append(sum(len(found) for _, found in python))
        return chains._nice_loops.__wrapped__(view, links, prefix, keep)

    both.__wrapped__ = chains._nice_loops
    monkeypatch.setattr(chains, "_nice_loops", both)
    monkeypatch.setattr(chains, "_compiled_loops", lambda: None)
    solve_logically(Grid.parse(SE_9[0]))
    assert len(compared) > 20 and sum(compared) > 1000  # many states, plain and grouped, with many ends


def test_a_16x16_state_with_words_of_four(kernels):
    """Beyond 64 cells a bitset takes several words (four here, for 256 cells): a puzzle's first state."""
    view = View(Candidates.from_grid(load_set("gecode-16x16").puzzles[0].grid))
    sets = [s for s in view.als if 1 < len(s.cells) <= chains.MAX_ALS_CELLS]
    for links in (chains._Links.of(view), chains._Links.of(view, groups=True, sets=sets)):
        python = ends(links.loop_ends())
        assert python and ends(links.compiled_ends(kernels)) == python


@pytest.mark.parametrize("puzzle", [SE_9[0], pytest.param(SE_9[1], marks=pytest.mark.manual)], ids=lambda p: p[:12])
def test_the_path_is_the_python_searchs(monkeypatch, kernels, puzzle):
    def path():
        return [(s.technique, s.placements, s.eliminations, s.explanation) for s in solve_logically(Grid.parse(puzzle)).steps]

    monkeypatch.setattr(chains, "_compiled_loops", lambda: None)
    python = path()
    monkeypatch.setattr(chains, "_compiled_loops", lambda: kernels)
    assert path() == python
    assert any("nice_loop" in technique or "aic" in technique for technique, *_ in python)

"""The ends the chain finders read from the compiled search (``telling_compiled``: only those a finder
can draw something from) against the Python search, the reference: the same conclusions, with the
same chains, in the same order, on the states real solves meet; and fewer ends read."""

from __future__ import annotations

import pytest

from sudokit.models.grid import Grid
from sudokit.solvers.human.engine import solve_logically
from sudokit.solvers.human.se.jit import available
from sudokit.solvers.human.techniques import chains
from tests.solvers.human.chain_cases import BEFORE, GRAPH_BASED, NEEDS

pytestmark = pytest.mark.skipif(not available(), reason="numba is not installed (the fast extra), or SUDOKIT_PURE is set")

SE_9 = "080003070600500009001000500400708060000020000030904001007000400300006008020800030"  # SE 9.1


@pytest.fixture(scope="module")
def kernels():
    from sudokit.solvers.human import loops_compiled, telling_compiled

    loops_compiled.warm()
    telling_compiled.warm()
    return loops_compiled


def found(conclusions: list[chains._Found]) -> list[tuple]:
    return [(f.kind, f.eliminations, f.length, f.nodes, f.first) for f in conclusions]


@pytest.mark.parametrize("puzzle", [SE_9, NEEDS["grouped_continuous_nice_loop"], NEEDS["grouped_aic"]],
                         ids=["se9", "gcnl", "gaic"])
def test_the_nice_loops_are_the_python_searchs(monkeypatch, kernels, puzzle):
    compared: list[tuple[int, int]] = []

    def both(view, links, prefix, keep):
        result = both.__wrapped__(view, links, prefix, keep)  # (the Python search: no kernels)
        python = found(result)
        grouped = bool(prefix)
        built = chains._Links.built(view, kernels, grouped=grouped)
        monkeypatch.setattr(chains, "_compiled_loops", lambda: kernels)
        try:
            assert found(both.__wrapped__(view, built, prefix, keep)) == python
            read = len(list(built.telling_ends(chains.MAX_LINKS, chains.GROUPED_ENDS if grouped else chains.LOOP_ENDS)))
            every = sum(len(ends) for _, ends in built.compiled_ends(kernels))
        finally:
            monkeypatch.setattr(chains, "_compiled_loops", lambda: None)
        compared.append((read, every))
        return result

    both.__wrapped__ = chains._nice_loops
    monkeypatch.setattr(chains, "_nice_loops", both)
    monkeypatch.setattr(chains, "_compiled_loops", lambda: None)
    solve_logically(Grid.parse(puzzle), *([] if puzzle == SE_9 else [BEFORE + GRAPH_BASED]))
    assert len(compared) > 3
    assert sum(read for read, _ in compared) < sum(every for _, every in compared)  # ends left out


@pytest.mark.parametrize("puzzle", [SE_9, NEEDS["x_chain"], NEEDS["xy_chain"]], ids=["se9", "x", "xy"])
def test_the_x_and_xy_chains_are_the_python_searchs(monkeypatch, kernels, puzzle):
    def path(loaded):
        monkeypatch.setattr(chains, "_compiled_loops", lambda: kernels if loaded else None)
        steps = solve_logically(Grid.parse(puzzle), *([] if puzzle == SE_9 else [BEFORE + GRAPH_BASED])).steps
        return [(s.technique, s.eliminations, s.pattern) for s in steps]

    python = path(False)
    assert path(True) == python
    assert puzzle == SE_9 or any(technique in ("x_chain", "xy_chain") for technique, *_ in python)

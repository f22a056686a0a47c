"""A producer whose hints are applied ranks the compiled walks' hints by their sizes alone
(``WalkHint``: its chains made when read, its size counted from the walks' tables; a
contradiction's two potentials too, ``Contradiction``): the same
hints, in the same order, with the same chains, sizes and difficulties as the pure-Python search
(numba installed: the ``fast`` extra)."""

from __future__ import annotations

import pytest

from sudokit.solvers.human.se import chaining
from sudokit.solvers.human.se.chain_core import chain_of
from sudokit.solvers.human.se.chain_hints import ChainHint, WalkHint
from sudokit.solvers.human.se.kernels import COMPILED

from .test_chain_screen import grids, summary

propagate_compiled = pytest.importorskip("sudokit.solvers.human.se.propagate_compiled")
if propagate_compiled.walks is None:
    pytest.skip("numba is not installed (or SUDOKIT_PURE is set)", allow_module_level=True)


class _Nothing:
    """``COMPILED`` with nothing loaded: every producer runs in Python."""

    @staticmethod
    def get(start: bool = True) -> None:
        return None


def producers() -> list[chaining.Chaining]:
    """Multiple (static), Nishio, dynamic and (+) searches whose hints are applied."""
    return [chaining.Chaining(True, False), chaining.Chaining(False, True, nishio=True),
            chaining.Chaining(True, True), chaining.Chaining(True, True, level=1)]


def full(hints: list[ChainHint]) -> list[tuple]:
    """``summary`` with each hint's size, kind, step and inner hints."""
    return [(*row, h.complexity, h.sort_key, h.step(), len(h.nested)) for row, h in zip(summary(hints), hints,
                                                                                       strict=True)]


def test_walk_hints_are_ranked_and_made_as_the_python_search_makes_them(monkeypatch):
    COMPILED.now()
    lazy = found = 0
    kinds: set[int] = set()
    for marks in grids()[1::8]:  # (a sample of the grids: every 4th took 15 s)
        compiled = [producer.hints(marks) for producer in producers()]
        with monkeypatch.context() as patch:
            patch.setattr(chaining, "COMPILED", _Nothing())
            python = [producer.hints(marks) for producer in producers()]
        for told, expected in zip(compiled, python, strict=True):
            assert not any(isinstance(h, WalkHint) for h in expected)
            walk_hints = [h for h in told if isinstance(h, WalkHint)]
            lazy += len(walk_hints)
            kinds.update(h.sort_key for h in walk_hints)
            found += bool(expected)
            sizes = [h.complexity for h in walk_hints]  # counted, before any chain is made
            assert full(told) == full(expected), marks
            assert sizes == [sum(len(chain_of(t)) for t in h.flat_targets) for h in walk_hints]
    assert found > 10 and lazy > 100, (found, lazy)
    assert kinds == {1, 5, 6, 7}, kinds  # double forcing, cell, region chains and contradictions


def test_an_inner_producer_makes_every_chain_at_once():
    COMPILED.now()
    marks = grids()[-1]
    inner = chaining.Chaining(True, True, inner=True).hints(marks)
    applied = chaining.Chaining(True, True).hints(marks)
    assert inner and not any(isinstance(h, WalkHint) for h in inner)
    assert any(isinstance(h, WalkHint) for h in applied)
    assert full(inner) == full(applied)

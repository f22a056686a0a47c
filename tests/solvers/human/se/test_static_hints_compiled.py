"""A static multiple search (cell and region forcing chains) on the screened grids finds its hints
in one call of the compiled walks (``Walker.static_hints``) and makes the chains of those read
alone (``WalkHint``): the same hints, in the same order, with the same chains, sizes and
difficulties as the pure-Python search, for an applied producer and for a nested level's inner
one (numba installed: the ``fast`` extra)."""

from __future__ import annotations

import random

import pytest

from sudokit.solvers.human.se import chaining
from sudokit.solvers.human.se.chain_core import chain_of, digit_cells
from sudokit.solvers.human.se.chain_hints import WalkHint
from sudokit.solvers.human.se.kernels import COMPILED

from .test_chain_screen import grids, summary
from .test_walk_hints import _Nothing, full

propagate_compiled = pytest.importorskip("sudokit.solvers.human.se.propagate_compiled")
if propagate_compiled.walks is None:
    pytest.skip("numba is not installed (or SUDOKIT_PURE is set)", allow_module_level=True)


def producers() -> list[chaining.Chaining]:
    """A static multiple search whose hints are applied, and a nested level's inner one."""
    return [chaining.Chaining(True, False, screened=True), chaining.Chaining(True, False, screened=True, inner=True)]


def test_static_hints_are_found_ranked_and_made_as_the_python_search_makes_them(monkeypatch):
    parts = COMPILED.now()
    assert parts is not None and parts.screen is not None
    found = made = 0
    kinds: set[int] = set()
    for marks in grids()[::2]:
        meets = parts.screen.meets(tuple(marks))
        compiled = [producer.hints(marks) for producer in producers()]
        with monkeypatch.context() as patch:
            patch.setattr(chaining, "COMPILED", _Nothing())
            python = [chaining.Chaining(True, False).hints(marks)] * 2
        for told, expected in zip(compiled, python, strict=True):
            assert (meets is None) == (not expected)
            assert all(isinstance(h, WalkHint) for h in told)
            assert not any(isinstance(h, WalkHint) for h in expected)
            sizes = [h.complexity for h in told]  # counted, before any chain is made
            signed = [h.signed for h in told]  # (what an outer hint tells inner ones apart by)
            assert all("targets" not in h.__dict__ for h in told)
            kinds.update(h.sort_key for h in told)
            assert [h.order for h in told] == [h.order for h in expected]
            assert full(told) == full(expected), marks
            assert summary(told) == summary(expected)
            assert sizes == [sum(len(chain_of(t)) for t in h.flat_targets) for h in told]
            assert signed == [(tuple(c[0] for c in h.signature), sum(map(len, h.signature))) for h in told]
            assert signed == [h.signed for h in expected]
            found += bool(expected)
            made += len(told)
    assert found > 10 and made > 50, (found, made)
    assert kinds == {5, 6}, kinds


def test_every_hint_of_the_search_is_gathered_in_order(monkeypatch):
    """Before ranking: the compiled search's hints (every one, repeats too) are the Python search's."""
    parts = COMPILED.now()
    assert parts is not None and parts.screen is not None
    gathered = 0
    for marks in grids()[1::3]:
        meets = parts.screen.meets(tuple(marks))
        if meets is None:
            continue
        told = chaining.Chaining(True, False, inner=True)._multiple(marks[:], tuple(marks), meets=meets)
        with monkeypatch.context() as patch:
            patch.setattr(chaining, "COMPILED", _Nothing())
            expected = chaining.Chaining(True, False, inner=True)._multiple(marks[:], tuple(marks))
        assert [(h.technique, h.removable, h.pattern, h.root_cause, h.complexity) for h in told] == [
            (h.technique, h.removable, h.pattern, h.root_cause, h.complexity) for h in expected]
        gathered += len(told)
    assert gathered > 50, gathered


def test_static_hints_need_the_removals_their_chains_need(monkeypatch):
    """``StaticHint.rule_parents`` (read from the walks' tables) is ``ChainHint.rule_parents`` of
    the Python search's hint, for grids the chain began from holding more candidates."""
    parts = COMPILED.now()
    assert parts is not None
    rng = random.Random(7)
    checked = needing = 0
    for marks in grids()[::3]:
        if parts.screen.meets(tuple(marks)) is None:
            continue
        told = chaining.Chaining(True, False, screened=True, inner=True).hints(marks)
        with monkeypatch.context() as patch:
            patch.setattr(chaining, "COMPILED", _Nothing())
            expected = chaining.Chaining(True, False).hints(marks)
        for _ in range(3):
            initial = [m | (rng.getrandbits(9) if m.bit_count() > 1 and rng.random() < 0.6 else 0) for m in marks]
            have, initial_have = digit_cells(marks), digit_cells(initial)
            for hint, python in zip(told, expected, strict=True):
                assert isinstance(hint, chaining.StaticHint)
                parents = hint.rule_parents(initial, marks, initial_have, have)
                assert "targets" not in hint.__dict__  # (no chain made, no walk)
                assert parents == python.rule_parents(initial, marks, initial_have, have)
                checked += 1
                needing += bool(parents)
    assert checked > 100 and needing > 50, (checked, needing)

"""The compiled walks tell which cells' chains give a hint (``Walker.hinting``) exactly as the
Python search finds them: a dynamic search (Nishio, dynamic, (+)) skipping the other cells finds
the same hints, and each cell is flagged exactly when the search of that cell alone finds one
(numba installed: the ``fast`` extra)."""

from __future__ import annotations

import numpy as np
import pytest

from sudokit.solvers.human.se import chaining
from sudokit.solvers.human.se.kernels import COMPILED

from .test_chain_screen import grids, summary

propagate_compiled = pytest.importorskip("sudokit.solvers.human.se.propagate_compiled")
if propagate_compiled.walks is None:
    pytest.skip("numba is not installed (or SUDOKIT_PURE is set)", allow_module_level=True)

KINDS = {1: "double", 5: "cell", 6: "region", 7: "contradiction"}  # ``ChainHint.sort_key``


def producers() -> list[chaining.Chaining]:
    """Nishio, dynamic and (+) searches (none a later level goes on from)."""
    return [chaining.Chaining(False, True, nishio=True), chaining.Chaining(True, True),
            chaining.Chaining(True, True, level=1)]


def more_producers() -> list[chaining.Chaining]:
    """Those stopping at their first cell with a hint (the default engine's), and inner ones (a
    nested level's: their hints' chains are all read, made from the cells ``Walker.hinting`` tells)."""
    return [chaining.Chaining(False, True, nishio=True, first=True), chaining.Chaining(True, True, first=True),
            chaining.Chaining(True, True, level=1, first=True), chaining.Chaining(False, True, nishio=True, inner=True),
            chaining.Chaining(True, True, inner=True)]


def _python_only(producer: chaining.Chaining) -> chaining.Chaining:
    producer._walked_whole = lambda: False  # type: ignore[method-assign]
    producer._hinting = lambda: None  # type: ignore[method-assign]
    return producer


def test_a_search_told_its_cells_finds_the_same_hints():
    COMPILED.now()
    found = 0
    for marks in grids()[::5]:
        for told, alone in zip(producers(), map(_python_only, producers()), strict=True):
            assert told._hinting is not None
            expected = summary(alone.hints(marks))
            assert summary(told.hints(marks)) == expected, (told.nishio, told.level, marks)
            found += bool(expected)
    assert found > 10, found


def test_a_search_of_the_compiled_walks_finds_the_same_hints_as_python():
    """``Walker.hints`` (a whole search in one call) and ``Walker.hinting`` (the cells with a hint)
    against the Python search, which walks every cell; each kind of hint met."""
    COMPILED.now()
    found = 0
    kinds: set[int] = set()
    for marks in grids()[::3]:
        for told, alone in zip(producers() + more_producers(), map(_python_only, producers() + more_producers()),
                               strict=True):
            hints = told.hints(marks)
            expected = summary(alone.hints(marks))
            assert summary(hints) == expected, (told.nishio, told.level, told.first, told.inner, marks)
            assert [hint.complexity for hint in hints] == [hint.complexity for hint in alone.hints(marks)]
            found += bool(expected)
            kinds.update(hint.sort_key for hint in hints)
    assert found > 20 and set(KINDS) <= kinds, (found, kinds)


def test_the_walks_kept_are_the_walks():
    """Each walk ``Walker.hints`` keeps (``Walker.walked``) reads as the walk made alone."""
    COMPILED.now()
    walked = 0
    for marks in grids()[::7]:
        for nishio, plus in ((True, False), (False, False), (False, True)):
            walker = propagate_compiled.walks(marks)
            walker.hints(nishio, plus, False)
            kept = walker.walked
            assert kept is not None and len(kept) == len(list(kept))
            alone = propagate_compiled.walks(marks)
            for key in list(kept)[::5]:
                run, expected = kept[key], alone(key, not nishio, True, plus)
                for outcome, wanted in zip(run[:2], expected[:2], strict=True):
                    assert list(outcome) == list(wanted)
                    assert [(outcome[k].key, outcome[k].cause, [q.key for q in outcome[k].parents]) for k in outcome] \
                        == [(wanted[k].key, wanted[k].cause, [q.key for q in wanted[k].parents]) for k in wanted]
                assert (run[2] is None) == (expected[2] is None)
                if run[2] is not None:
                    assert [(p.key, p.cause) for p in run[2]] == [(p.key, p.cause) for p in expected[2]]
                    assert run[2].size() == expected[2].size()
                walked += 1
    assert walked > 100, walked


def test_each_cell_flagged_exactly_when_its_chains_give_a_hint():
    COMPILED.now()
    flagged = unflagged = 0
    kinds: set[int] = set()
    alone_kinds: set[tuple[int, int]] = set()  # (kind, candidates) of the cells whose hints are of one kind
    for marks in grids()[:12]:
        for producer in producers():
            walker = propagate_compiled.walks(marks)
            flags = walker.hinting(producer.nishio, producer.level == 1)
            for cell in range(81):
                if marks[cell].bit_count() < 2:
                    assert not flags[cell]
                    continue
                one = np.zeros(81, np.bool_)
                one[cell] = True
                alone = chaining.Chaining(producer.multiple, producer.dynamic, nishio=producer.nishio,
                                          level=producer.level)
                alone._walked_whole = lambda: False  # type: ignore[method-assign]
                alone._hinting = lambda one=one: one  # that cell alone
                hints = alone._multiple(marks[:], tuple(marks))  # (all of them: none dropped as a repeat)
                assert bool(flags[cell]) == bool(hints), (producer.nishio, producer.level, cell, marks)
                flagged += bool(hints)
                unflagged += not hints
                kinds.update(hint.sort_key for hint in hints)
                if len({hint.sort_key for hint in hints}) == 1:
                    alone_kinds.add((hints[0].sort_key, min(marks[cell].bit_count(), 3)))
    assert flagged > 20 and unflagged > 20, (flagged, unflagged)
    assert set(KINDS) <= kinds, kinds
    # contradictions, cell and region chains each alone flagged a cell, of two candidates and of more (a
    # double forcing chain never comes alone in these grids: a cell or region chain concludes it too)
    assert {(kind, n) for kind in (5, 6, 7) for n in (2, 3)} <= alone_kinds, alone_kinds


def test_a_plus_search_a_level_goes_on_from_keeps_every_chain_where_it_finds_nothing():
    COMPILED.now()
    kept = found = 0
    for marks in grids()[::5]:
        told, alone = chaining.Chaining(True, True, level=1), _python_only(chaining.Chaining(True, True, level=1))
        for lower in (told, alone):
            chaining.Chaining(True, True, level=2, prefix=lower)  # goes on from its chains
        expected = summary(alone.hints(marks))
        assert summary(told.hints(marks)) == expected
        if expected:
            found += 1
        else:
            assert told._runs is not None and alone._runs is not None
            assert list(told._runs[1]) == list(alone._runs[1]) and len(told._runs[1]) > 10
            kept += 1
    assert found > 5 and kept, (found, kept)

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


def _python_only(producer: chaining.Chaining) -> chaining.Chaining:
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

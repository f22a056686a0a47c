"""The compiled screen of nested chains' static searches answers as the pure-Python analysis does,
walks the same forcing chains, and the searches give the same hints with it and without it (numba
installed: the ``fast`` extra)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid
from sudokit.solvers.human.se import chain_static, chain_unary
from sudokit.solvers.human.se.chain_core import Pot, chain_of, digit_cells
from sudokit.solvers.human.se.chaining import Chaining, _region_table, _static_quiet

from .test_chain_static import PUZZLES, states
from .test_chain_unary import reduced

chain_screen = pytest.importorskip("sudokit.solvers.human.se.chain_screen")
if chain_screen.screen is None:
    pytest.skip("numba is not installed (or SUDOKIT_PURE is set)", allow_module_level=True)
screen = chain_screen.screen


def grids() -> list[list[int]]:
    """The test's states and the grids dynamic chains reduce two hard puzzles' pencil marks to."""
    found = list(states())
    for puzzle in PUZZLES[:2]:
        found += reduced(list(Candidates.from_grid(Grid.parse(puzzle)).marks), 4)
    return found


def walks(marks: list[int]) -> bool:
    """Whether ``unary_hints`` takes any walk in the grid (its own pruning, in Python)."""
    returning, _, kinds = chain_unary.starts(marks)
    sources = {key >> 1 for key in returning}
    for (_, x_links), may_cycle in kinds.items():
        for cand in {key >> 1 for key in may_cycle} | (sources if x_links else set()):
            count = marks[cand // 9].bit_count()
            if count >= 2 and (count == 2 or x_links):
                return True
    return False


def test_screen_answers_as_the_python_analysis():
    checked = walked = met = 0
    for marks in grids():
        grid = tuple(marks)
        links = chain_static.StaticLinks(marks, True, True)
        regions = _region_table(digit_cells(marks))
        meets = [m.bit_count() > 2 and not _static_quiet(marks, regions, cell, links) for cell, m in enumerate(marks)]
        screened = screen.meets(grid)
        assert (list(screened) if screened is not None else [False] * 81) == meets, grid
        known = screen.starts(grid)
        assert (known is not None) == walks(marks), grid
        if known is not None:
            returning, cycles, kinds = chain_unary.starts(marks)
            assert known[0] == returning and known[2] == kinds
            assert known[1] == {key: cycles[key] for keys in kinds.values() for key in keys}
        checked += 1
        walked += known is not None
        met += any(meets)
    assert checked > 100 and 0 < walked < checked and 0 < met < checked, (checked, walked, met)


def test_forcing_chains_walked_as_in_python():
    walked = found = 0
    for marks in grids()[::2]:
        sources = [key for key in sorted(chain_unary.starts(marks)[0]) if marks[(key >> 1) // 9].bit_count() > 1]
        for y_links in (False, True):
            links = chain_static.StaticLinks(marks, y_links, True)
            expected = {}
            for source in sources:
                target = chain_unary._forcing_target(links, Pot(source))
                expected[source] = None if target is None else [x for p in chain_of(target)[-2::-1]
                                                                 for x in (p.key, p.cause)]
            found_only = {source: line for source, line in expected.items() if line is not None}
            assert list(screen.forcing(tuple(marks), y_links, sources).items()) == list(found_only.items())
            walked += len(sources)
            found += sum(line is not None for line in expected.values())
    assert 0 < found < walked, (found, walked)


def line(end: Pot) -> list[int]:
    """A cycle's potentials after its start, in order, flat: key, cause, key, cause, …"""
    found = []
    while end.parents:
        found += [end.cause, end.key]
        end = end.parents[0]
    return found[::-1]


def test_cycles_walked_as_in_python():
    """(Those that remove something, with what they remove.)"""
    starts = cycles = 0
    for marks in grids()[::2]:
        _, groups, kinds = chain_unary.starts(marks)
        for (y_links, x_links), may_cycle in kinds.items():
            keys = sorted(key for key in may_cycle if marks[(key >> 1) // 9].bit_count() == 2 or x_links)
            links = chain_static.StaticLinks(marks, y_links, x_links)
            have = digit_cells(marks)
            expected = [[(line(end), removable) for end in chain_unary._cycles(links, Pot(key), groups[key])
                         if (removable := chain_unary._cycle_removals(have, line(end)[::2]))]
                        for key in keys]
            screen.starts(tuple(marks))
            assert screen.cycles(tuple(marks), y_links, x_links, keys) == expected
            starts += len(keys)
            cycles += sum(map(len, expected))
    assert starts > 10 and cycles > 10, (starts, cycles)


def summary(hints: list) -> list[tuple]:
    """Every hint with each chain's potentials, causes and parents."""
    return [(h.technique, h.removable, h.placement, h.pattern, h.difficulty,
             [tuple((p.key, p.cause, tuple(q.key for q in p.parents)) for p in chain_of(t)) for t in h.targets])
            for h in hints]


def test_static_searches_find_the_same_hints_screened():
    found = 0
    for multiple in (False, True):
        plain, screened = Chaining(multiple, False), Chaining(multiple, False, screen=screen)
        for marks in grids()[::2]:
            expected = summary(plain.hints(marks))
            assert summary(screened.hints(marks)) == expected
            found += bool(expected)
    assert found > 10, found


def answers(grid: tuple[int, ...]) -> tuple:
    """The screen's four answers on ``grid`` (the forcing chains and cycles from the Python analysis's starts)."""
    returning, _, kinds = chain_unary.starts(list(grid))
    meets = screen.meets(grid)
    return (screen.starts(grid), None if meets is None else list(meets),
            screen.forcing(grid, True, sorted(returning)), screen.cycles(grid, True, True, sorted(kinds[True, True])))


def walked_grids() -> list[tuple[int, ...]]:
    """The test's grids where the screen walks something."""
    return [tuple(marks) for marks in grids()[::3] if screen.starts(tuple(marks)) is not None]


def test_answers_the_same_whatever_was_asked_before():
    """A grid's analysis is kept for the questions that follow on it, and made again once another was asked."""
    found = walked_grids()
    expected = [answers(grid) for grid in found]
    for grid, other, known in zip(found, found[1:], expected, strict=False):
        screen.starts(other)
        meets = screen.meets(grid)
        assert (None if meets is None else list(meets)) == known[1]
        screen.meets(other)
        assert screen.forcing(grid, True, sorted(chain_unary.starts(list(grid))[0])) == known[2]
        screen.starts(other)
        assert screen.cycles(grid, True, True, sorted(chain_unary.starts(list(grid))[2][True, True])) == known[3]
    assert len(found) > 10 and any(known[3] for known in expected) and any(known[2] for known in expected)


def test_threads_ask_at_once():
    """Each thread works in rows of its own (the kernels release the GIL)."""
    found = walked_grids()
    expected = [answers(grid) for grid in found]
    with ThreadPoolExecutor(2) as pool:
        runs = [pool.submit(lambda grids: [answers(grid) for grid in grids], found[i::2] + found) for i in range(2)]
        assert [run.result() for run in runs] == [expected[i::2] + expected for i in range(2)]


def test_long_answers_grow_the_rows():
    """What does not fit where the kernels write it is asked again with more room."""
    found = walked_grids()
    expected = [answers(grid) for grid in found]
    scratch = screen._local.scratch
    grown = 0
    for grid, (starts, _, forcing, cycles) in zip(found, expected, strict=True):
        returning, _, kinds = chain_unary.starts(list(grid))
        scratch.out = np.zeros(3, np.int64)
        assert screen.starts(grid) == starts
        scratch.out = np.zeros(3, np.int64)
        assert screen.forcing(grid, True, sorted(returning)) == forcing
        grown += len(scratch.out) > 3
        scratch.out = np.zeros(3, np.int64)
        assert screen.cycles(grid, True, True, sorted(kinds[True, True])) == cycles
        grown += len(scratch.out) > 3
    assert grown > 10, grown

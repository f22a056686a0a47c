"""The propagating backend at each level: its all-different rule against brute force, and its
answers at 4×4, 9×9, 16×16 and 25×25 checked by the judge and by known solution counts."""

from __future__ import annotations

import random
import time
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudokit.compare.sets import load_set
from sudokit.models.grid import Grid, is_solution
from sudokit.solvers.base import Status
from sudokit.solvers.prop import LEVELS, Contradiction, PropagatingSolver, consistent_masks
from sudokit.solvers.registry import get_backend

TDOKU = load_set("tdoku-tests").puzzles


def supported(masks: list[int]) -> list[int] | None:
    """Per cell, the digits some assignment of distinct digits uses (None: there is none)."""
    seen = [0] * len(masks)
    digits = sorted({d for m in masks for d in range(m.bit_length()) if m >> d & 1})
    for chosen in permutations(digits, len(masks)):
        if all(masks[i] >> d & 1 for i, d in enumerate(chosen)):
            for i, d in enumerate(chosen):
                seen[i] |= 1 << d
    return seen if all(seen) else None


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=0b11111), min_size=5, max_size=5))
def test_alldiff_keeps_exactly_the_supported_candidates(masks):
    """Five open cells, digits 1-5: what survives is what brute force finds in some permutation."""
    union = 0
    for mask in masks:
        union |= mask
    if union != 0b11111 or any(not m & (m - 1) for m in masks):
        return  # the rule's precondition: every open cell has 2+ candidates, the digits are the cells'
    expected = supported(masks)
    if expected is None:
        with pytest.raises(Contradiction):
            consistent_masks(masks, tuple(range(5)))
        return
    shrunk = dict(consistent_masks(masks, tuple(range(5))))
    assert [shrunk.get(i, m) for i, m in enumerate(masks)] == expected


def test_alldiff_finds_a_hidden_pair():
    # digits 1 and 2 can only go in cells 0 and 1: those cells lose 3 and 4
    masks = [0b1111, 0b0111, 0b1100, 0b1100]
    assert dict(consistent_masks(masks, (0, 1, 2, 3))) == {0: 0b0011, 1: 0b0011}


@pytest.fixture(params=list(LEVELS))
def solver(request) -> PropagatingSolver:
    return get_backend(f"prop:level={request.param}").create()


def test_every_4x4_grid_is_counted(solver):
    result = solver.solve(Grid.empty(4), limit=1000)
    assert (result.status, result.solutions_found) == (Status.MULTIPLE, 288)


def test_solution_counts_from_tdoku(solver):
    counted_as_tdoku(solver, TDOKU[:40:4])  # every 4th of the 40; all of them by hand (manual)


@pytest.mark.manual
def test_solution_counts_from_tdoku_all_forty(solver):
    counted_as_tdoku(solver, TDOKU[:40])


def counted_as_tdoku(solver, puzzles) -> None:
    for puzzle in puzzles:
        count = puzzle.meta["count"]
        result = solver.solve(puzzle.grid, limit=count + 1)
        assert result.solutions_found == count, puzzle.grid.line()
        if count:
            assert is_solution(result.solution, puzzle.grid)
        if count == 1 and "solution" in puzzle.meta:
            assert result.solution.line() == puzzle.meta["solution"]


def test_16x16(solver):
    for puzzle in load_set("gecode-16x16").puzzles[:10]:
        result = solver.solve(puzzle.grid)
        assert result.status is Status.SOLVED and is_solution(result.solution, puzzle.grid)


def pattern_grid(box: int) -> Grid:
    """A valid N×N solution by the shifting pattern (row r starts where row r-1's box row allows)."""
    size = box * box
    return Grid(tuple((box * (r % box) + r // box + c) % size + 1 for r in range(size) for c in range(size)))


@pytest.mark.parametrize("blanks", [0.3, 0.45])
def test_25x25_puzzle_from_a_known_solution(solver, blanks):
    """Blank cells of a valid 25×25 grid at random: every answer is judged; a unique one is the grid.

    (Past half blank, these puzzles turn as hard as Gecode's: the search takes minutes.)
    """
    full = pattern_grid(5)
    assert is_solution(full, Grid.empty(25))
    rng = random.Random(25)
    puzzle = Grid(tuple(0 if rng.random() < blanks else v for v in full.values))
    result = solver.solve(puzzle, time_limit=60)
    assert result.status in (Status.SOLVED, Status.MULTIPLE)
    assert is_solution(result.solution, puzzle)
    if result.status is Status.SOLVED:
        assert result.solution == full


def test_stats_name_the_level_and_count_propagations(solver):
    result = solver.solve(load_set("top95").puzzles[0].grid)
    assert result.stats["propagation"] == LEVELS[solver.level]
    assert result.stats["propagations"] > 0 and result.stats["nodes"] >= 1


def test_the_deadline_stops_a_hard_25x25_search():
    """A Gecode 25×25 instance takes minutes; a node takes milliseconds: the limit holds closely."""
    hard = load_set("gecode-25x25").puzzles[0].grid
    start = time.perf_counter()
    result = PropagatingSolver("alldiff").solve(hard, time_limit=0.5)
    assert result.status is Status.TIMEOUT
    assert time.perf_counter() - start < 2.0


def test_an_unknown_level_names_the_choices():
    with pytest.raises(KeyError, match="singles, locked, alldiff"):
        PropagatingSolver("strong")

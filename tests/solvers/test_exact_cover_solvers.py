"""Algorithm X three ways: the generic exact-cover searches, and the Sudoku backends on top."""

from __future__ import annotations

import itertools
import random
import time
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudokit.compare.sets import load_set
from sudokit.models.exact_cover import sudoku_cover
from sudokit.models.grid import Grid, is_solution
from sudokit.solvers.algx import ExactCover
from sudokit.solvers.base import Status
from sudokit.solvers.dlx import DancingLinks
from sudokit.solvers.exact_cover import SearchStats
from sudokit.solvers.registry import BACKENDS

BACKEND_NAMES = ["algx", "dlx", "bitx"]
SEARCHES = [ExactCover, DancingLinks]

# Knuth's example from "Dancing Links": the only cover is rows 1, 4 and 5.
KNUTH = {1: "CEF", 2: "ADG", 3: "BCF", 4: "AD", 5: "BG", 6: "DEG"}


def brute_force_covers(rows: dict, columns) -> set[frozenset]:
    """Every set of rows that covers each column exactly once, by trying every subset."""
    found = set()
    for n in range(len(rows) + 1):
        for subset in itertools.combinations(rows, n):
            covered = [c for row in subset for c in rows[row]]
            if sorted(covered) == sorted(columns):
                found.add(frozenset(subset))
    return found


@cache
def solver(name: str):
    return BACKENDS[name].create()


@cache
def tdoku_tests():
    return load_set("tdoku-tests").puzzles


def with_count(predicate) -> list:
    return [p for p in tdoku_tests() if predicate(p.meta["count"])]


@cache
def every_4x4_grid() -> list[Grid]:
    """The 288 complete 4x4 grids, built row by row from permutations and checked by the judge."""
    grids: list[tuple[int, ...]] = [()]
    for r in range(4):
        grids = [
            g + row
            for g in grids
            for row in itertools.permutations(range(1, 5))
            if all(
                row[c] != g[4 * above + c] and (above // 2 != r // 2 or row[c] != g[4 * above + (c ^ 1)])
                for above in range(r)
                for c in range(4)
            )
        ]
    complete = [Grid(values) for values in grids]
    assert len(complete) == 288 and all(is_solution(g, Grid.empty(4)) for g in complete)
    return complete


def pattern_grid(box: int) -> Grid:
    """A valid complete grid from the usual shifting formula."""
    size = box * box
    return Grid(tuple((box * (r % box) + r // box + c) % size + 1 for r in range(size) for c in range(size)))


# ---------------------------------------------------------------------------- generic API


@pytest.mark.parametrize("search", SEARCHES)
def test_knuths_example_has_its_one_cover(search):
    assert [sorted(cover) for cover in search(KNUTH).solutions()] == [[1, 4, 5]]


@pytest.mark.parametrize("search", SEARCHES)
@settings(max_examples=60, deadline=None)
@given(st.lists(st.sets(st.integers(0, 5), min_size=1), max_size=9))
def test_every_cover_of_a_small_problem_is_found_once(search, row_sets):
    rows = {i: sorted(columns) for i, columns in enumerate(row_sets)}
    columns = range(6)
    found = [frozenset(cover) for cover in search(rows, columns).solutions()]
    assert len(found) == len(set(found))
    assert set(found) == brute_force_covers(rows, columns)


@pytest.mark.parametrize("search", SEARCHES)
def test_a_search_stopped_early_leaves_the_matrix_as_it_was(search):
    rows = {i: [i % 3, 3 + i // 3] for i in range(9)}  # 3x3 "rooks": six covers
    problem = search(rows)
    next(problem.solutions())
    assert len(list(problem.solutions())) == 6


@pytest.mark.parametrize("search", SEARCHES)
def test_a_column_no_row_covers_leaves_no_cover(search):
    assert list(search(KNUTH, list("ABCDEFGH")).solutions()) == []


@pytest.mark.parametrize("search", SEARCHES)
def test_the_smallest_column_goes_first_and_only_real_choices_are_guesses(search):
    stats = SearchStats()
    covers = list(search({1: "A", 2: "A", 3: "B"}).solutions(stats))
    assert sorted(map(sorted, covers)) == [[1, 3], [2, 3]]
    assert (stats.nodes, stats.guesses) == (3, 1)  # B: row 3; then A: row 1 or row 2 (A first: 4 nodes)


# ---------------------------------------------------------------------------- Sudoku


@pytest.mark.parametrize("name", BACKEND_NAMES)
def test_unique_puzzles_get_their_known_solution(name):
    for puzzle in with_count(lambda n: n == 1)[:6]:
        result = solver(name).solve(puzzle.grid)
        assert result.status is Status.SOLVED and result.solutions_found == 1
        assert is_solution(result.solution, puzzle.grid)
        assert result.solution.line() == puzzle.meta["solution"]


@pytest.mark.parametrize("name", BACKEND_NAMES)
def test_puzzles_with_several_solutions_are_multiple(name):
    for puzzle in with_count(lambda n: n > 1)[:4]:
        result = solver(name).solve(puzzle.grid)
        assert result.status is Status.MULTIPLE and result.solutions_found == 2
        assert is_solution(result.solution, puzzle.grid)


@pytest.mark.parametrize("name", BACKEND_NAMES)
def test_puzzles_without_solution_are_unsat(name):
    for puzzle in with_count(lambda n: n == 0)[:6]:
        result = solver(name).solve(puzzle.grid)
        assert result.status is Status.UNSAT and result.solution is None


@pytest.mark.parametrize("name", BACKEND_NAMES)
def test_a_complete_grid_is_its_own_solution(name):
    solution = Grid.parse(with_count(lambda n: n == 1)[0].meta["solution"])
    result = solver(name).solve(solution)
    assert result.status is Status.SOLVED and result.solution == solution
    assert (result.stats["nodes"], result.stats["guesses"]) == (0, 0) and result.stats["propagation"]


@pytest.mark.parametrize("name", BACKEND_NAMES)
@pytest.mark.parametrize(
    "values",
    [(1, 1) + (0,) * 79, (0,) * 9 + (1,) * 9 + (0,) * 63, (10,) + (0,) * 80],
    ids=["two 1s in r1", "nine 1s in r2", "digit 10"],
)
def test_givens_that_break_a_rule_are_unsat_not_a_crash(name, values):
    result = solver(name).solve(Grid(values))
    assert result.status is Status.UNSAT and result.solution is None


@pytest.mark.parametrize("name", ["dlx", "bitx"])
def test_exact_solution_counts(name):
    for puzzle in tdoku_tests():
        count = puzzle.meta["count"]
        assert solver(name).solve(puzzle.grid, limit=count + 1).solutions_found == count, puzzle.line


def test_exact_small_solution_counts_with_dicts_of_sets():
    for puzzle in with_count(lambda n: 1 < n <= 13):
        count = puzzle.meta["count"]
        assert solver("algx").solve(puzzle.grid, limit=count + 1).solutions_found == count, puzzle.line


@pytest.mark.parametrize("name", BACKEND_NAMES)
def test_every_solution_enumerated_is_valid_and_different(name):
    puzzle = with_count(lambda n: 50 < n < 150)[0]
    cover = sudoku_cover(puzzle.grid)
    solutions = {cover.decode(rows) for rows in solver(name).prepare(cover)(SearchStats())}
    assert len(solutions) == puzzle.meta["count"]
    assert all(is_solution(s, puzzle.grid) for s in solutions)


@pytest.mark.parametrize("name", BACKEND_NAMES)
@settings(max_examples=40, deadline=None)
@given(st.dictionaries(st.integers(0, 15), st.integers(1, 4), max_size=7))
def test_4x4_solution_counts_match_brute_force(name, givens):
    grid = Grid.empty(4).with_values(givens)
    count = sum(all(g[cell] == digit for cell, digit in givens.items()) for g in every_4x4_grid())
    result = solver(name).solve(grid, limit=300)
    assert result.solutions_found == count
    assert result.status is {0: Status.UNSAT, 1: Status.SOLVED}.get(count, Status.MULTIPLE)
    assert count == 0 or is_solution(result.solution, grid)


@pytest.mark.parametrize("name", BACKEND_NAMES)
def test_a_tiny_time_limit_times_out(name):
    start = time.perf_counter()
    result = solver(name).solve(Grid.empty(9), limit=10**9, time_limit=0.05)
    assert result.status is Status.TIMEOUT and result.solution is None
    assert time.perf_counter() - start < 2


@pytest.mark.parametrize("name", BACKEND_NAMES)
def test_16x16(name):
    puzzle = load_set("gecode-16x16").puzzles[0].grid
    result = solver(name).solve(puzzle)
    assert result.status is Status.SOLVED and is_solution(result.solution, puzzle)


@pytest.mark.parametrize("name", BACKEND_NAMES)
def test_25x25_from_a_formula_grid(name):
    rng = random.Random(25)
    puzzle = Grid(tuple(0 if rng.random() < 0.4 else v for v in pattern_grid(5).values))
    result = solver(name).solve(puzzle)
    assert result.status in (Status.SOLVED, Status.MULTIPLE)
    assert is_solution(result.solution, puzzle)


def test_dicts_of_sets_and_dancing_links_search_the_same_tree():
    for puzzle in load_set("top95").puzzles[:3]:
        algx, dlx = (solver(name).solve(puzzle.grid) for name in ("algx", "dlx"))
        assert algx.stats == dlx.stats and algx.stats["guesses"] > 0

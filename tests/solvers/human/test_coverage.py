"""Short samples of the issue's proofs (the full runs: ``python -m sudokit.compare.bench.human``).

The truth is outside the engine: HoDoKu's solution paths of its exemplars, the judge, the
solutions of unique puzzles, and Sudoku Explainer's ratings of the SE-rated sample.
"""

from __future__ import annotations

import re

import pytest

from sudokit.compare.bench.human import agreement, rate_all, read_exemplars, truth
from sudokit.compare.sets import load_set
from sudokit.models.grid import is_solution
from sudokit.solvers.base import Status
from sudokit.solvers.human.engine import solve_logically
from sudokit.solvers.human.registry import PRESETS, technique
from sudokit.solvers.registry import BACKENDS
from tests.conftest import shared_file

SE_SAMPLE = load_set("se-sample").puzzles
CHAIN_CODES = {"x", "xyc", "rp", "cnl", "dnl", "aic", "gcnl", "gdnl", "gaic"}  # HoDoKu's codes for chains


def test_the_chains_preset_is_singles_and_chains_only():
    assert {technique(name).family for name in PRESETS["chains"]} == {"singles", "chains"}
    assert BACKENDS["human-chains"].create().techniques == PRESETS["chains"]


def test_the_chains_backend_finishes_hodoku_chain_exemplars():
    """The exemplars HoDoKu solves with singles and one kind of chain (path ``s xyc(5) s``)."""
    sections = read_exemplars(shared_file("hodoku/exemplars-1.0-dev.txt"))
    puzzles = [p for section in sections.values() for p in section
               if (path := re.fullmatch(r"s (\w+)\(\d+\) s", p.meta["path"])) and path[1] in CHAIN_CODES]
    assert len(puzzles) > 30
    solver = BACKENDS["human-chains"].create()
    results = [(puzzle, solver.solve(puzzle.grid)) for puzzle in puzzles]
    assert all(is_solution(r.solution, p.grid) for p, r in results if r.status is Status.SOLVED)
    assert [p.grid.line() for p, r in results if r.status is not Status.SOLVED] == []


@pytest.mark.parametrize("rating", [7.5, 8.3, 8.9])
def test_hard_se_rated_puzzles_are_solved_without_guessing(rating):
    puzzle = next(p for p in SE_SAMPLE if p.meta["se_rating"] == rating)
    result = solve_logically(puzzle.grid, PRESETS["full"])
    assert result.status is Status.SOLVED
    assert result.state.to_grid() == truth(puzzle.grid)


def test_our_rating_orders_puzzles_as_sudoku_explainer_does():
    """Spearman's correlation with SE's ratings on a spread of the sample (13 puzzles, 2.5 to 8.8;
    the whole sample's figure, about 0.94, is the benchmark's)."""
    assert agreement(rate_all(SE_SAMPLE[::200])) >= 0.85


@pytest.mark.parametrize(("section", "name", "misses"), [
    ("0604 Uniqueness Test Type 5", "unique_rectangle_5", 0),
    ("0605 Uniqueness Test Type 6", "unique_rectangle_6", 0),
    ("0607 Avoidable Rectangle Type 1", "avoidable_rectangle_1", 0),
    ("0607 Avoidable Rectangle Type 2", "avoidable_rectangle_2", 1),  # x ar2(3): our path never shows one
    ("0903 ALS-XY-Chain", "als_chain", 0),
])
def test_hodoku_exemplars_of_techniques_added_for_issue_13_use_them(section, name, misses):
    """Listed right after the basic techniques (an avoidable rectangle first, so that it sees the
    givens before any cell is solved), the technique is used on the solve path of HoDoKu's exemplars for it."""
    puzzles = read_exemplars(shared_file("hodoku/exemplars-1.0-dev.txt"))[section]
    before = () if name.startswith("avoidable") else PRESETS["basic"]
    unused = [p.grid.line() for p in puzzles
              if name not in {s.technique for s in solve_logically(p.grid, (*before, name, *PRESETS["full"])).steps}]
    assert puzzles and len(unused) == misses, unused

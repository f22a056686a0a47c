"""HoDoKu mode's Sue de Coq, uniqueness tests, ALS moves and Franken fish as HoDoKu makes them: in
positions of HoDoKu's own paths (``results/hodoku-reference.jsonl.gz``, hodoku-py 0.2.1) where the
mode once took another step, the mode's step is HoDoKu's: its kind, its removals, in HoDoKu's order.
The expected steps are read from the reference, not from the mode.
"""

from __future__ import annotations

from functools import cache

import pytest

from sudokit.compare.bench.hodoku import Move, Verdict
from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid
from sudokit.solvers.human import hodoku, hodoku_order
from sudokit.solvers.human.engine import apply_step, solve_logically
from sudokit.solvers.human.modes import mode
from sudokit.solvers.human.registry import technique
from sudokit.solvers.human.steps import Step
from sudokit.solvers.human.techniques.als import sue_de_coq
from sudokit.solvers.human.techniques.uniqueness import remember_givens, unique_rectangle_3, unique_rectangle_4
from sudokit.solvers.human.view import Memo, View
from tests.solvers.human.test_hodoku_reference import verdicts


@cache
def by_puzzle() -> dict[str, Verdict]:
    """HoDoKu's verdicts by puzzle (read by the first test that needs them)."""
    return {v.puzzle: v for v in verdicts()}


def replayed(puzzle: str, index: int) -> tuple[Move, Step | None]:
    """HoDoKu's move at ``index`` of its path, and the mode's step in that state (the states before
    it reached by the mode's own steps, each checked to be HoDoKu's)."""
    verdict = by_puzzle()[puzzle]
    state = Candidates.from_grid(Grid.parse(puzzle))
    memo = Memo()
    remember_givens(memo, state.values)
    finders = [technique(name).find for name in mode("hodoku").techniques]
    for move in verdict.path[:index]:
        step = hodoku.choose(View(state, memo), finders)
        assert step is not None and move.matches(step), (move, step)
        apply_step(state, step)
    return verdict.path[index], hodoku.choose(View(state, memo), finders)


def assert_hodokus(puzzle: str, index: int, name: str) -> Step:
    move, step = replayed(puzzle, index)
    assert move.name == name
    assert step is not None and hodoku.code_of(step.technique) == name
    assert step.eliminations == move.eliminations and frozenset(step.placements) == move.placements
    return step


CASES = [
    pytest.param(".4.9.1.5.6.......115.....27..47.85...71...23...3...6.....216......8.3....1..7..6.", 28,
                 "SUE_DE_COQ", id="sue-de-coq-parts-sharing-an-extra-digit"),
    pytest.param(".8...4...9.3.....4..5.8.3..7.9..25.....4.6.....43..8.1..7.9.4..2.....1.9...7...3.", 31,
                 "SUE_DE_COQ", id="sue-de-coq-rows-first"),
    pytest.param("91.....26..7...1...26.1.49.....7.......2.3...871...263....4.......5.6....64.2.81.", 14,
                 "SUE_DE_COQ", id="sue-de-coq-a-pair-then-its-triples"),
    pytest.param(".....217.4.....5.2...3..6.4.6.79.8.....6.3.....7.18.6.8.1..9...9.2.....6.465.....", 14,
                 "SUE_DE_COQ", id="sue-de-coq-box-part-in-the-intersection"),
    pytest.param(".........9......84.623...5....6...453...1...6...9...7....1.....4.5..2....3.8....9", 21,
                 "UNIQUENESS_3", id="ur3-naked-subset-of-five-cells-before-ur4"),
    pytest.param("...4.1....5.....7..187.364...6...5...8..2..3.4.......9............819....396.485.", 18,
                 "UNIQUENESS_3", id="ur3-naked-subset-of-five-cells"),
    pytest.param(".7..8.....2...53.89....7.6.7....61.....241.....29....6.9.7....28.15...3.....3..4.", 28,
                 "UNIQUENESS_3", id="ur3-subsets-grown-depth-first"),
    pytest.param("...52.....9...3..4......7...1.....4..8..453..6...1...87.2........8....32.4..8..1.", 29,
                 "HIDDEN_RECTANGLE", id="rectangles-in-hodokus-scan-order"),
    pytest.param("................12..3..4.........3.5....6.....7.21......4..58..1........6......29", 41,
                 "HIDDEN_RECTANGLE", id="rectangles-from-bivalue-cells-in-cell-order"),
    pytest.param(".6..37..95.4......3..5......4...27.6...3.4...6.27...1......8..3......2.71..29..4.", 11,
                 "ALS_XZ", id="als-xz-first-found"),
    pytest.param(".1.957.3....328....9.....8...........6.2.1.4...5.3.1..6...4...3.2.8.9.7...9...2..", 17,
                 "ALS_XY_WING", id="als-xy-wing-first-found"),
    pytest.param("7..6......9...36..3...8..5..591...2.....5.....1...957..8..2...1..47...6......4..3", 8,
                 "ALS_XY_CHAIN", id="als-xy-wing-wings-disjoint"),
    pytest.param("....4.7.5..2..1......72681.2.....4..1.75.42.6..4.....7.98263......4..3..3.5.8....", 11,
                 "ALS_XY_CHAIN", id="als-chain-forward-only"),
]


@pytest.mark.parametrize(("puzzle", "index", "name"), CASES)
def test_the_modes_step_is_hodokus(puzzle: str, index: int, name: str):
    assert_hodokus(puzzle, index, name)


def test_finned_franken_fish_first_in_hodokus_scan():
    """HoDoKu takes the first Franken fish its scan meets (``hodoku_order`` has its order), not the best."""
    assert not hodoku.EXHAUSTIVE & hodoku_order.FRANKEN
    assert_hodokus("..247..58..............1.4.....2...9528.9.4....9...1.........3.3....75..685..2...", 11,
                   "FINNED_FRANKEN_SWORDFISH")


def test_the_default_engine_keeps_its_own_searches():
    """Outside HoDoKu mode the finders search as before: sudokit's Sue de Coq (parts sharing no digit)
    and its type 3 (subsets of at most three other cells, so type 4 comes next) where HoDoKu's find
    another step."""
    puzzle, index = ".4.9.1.5.6.......115.....27..47.85...71...23...3...6.....216......8.3....1..7..6.", 28
    state = _state_after(puzzle, index)
    assert not list(sue_de_coq(View(state)))  # HoDoKu's Sue de Coq shares an extra digit between its parts
    puzzle, index = ".........9......84.623...5....6...453...1...6...9...7....1.....4.5..2....3.8....9", 21
    state = _state_after(puzzle, index)
    assert not list(unique_rectangle_3(View(state)))  # HoDoKu's subset has five cells
    assert list(unique_rectangle_4(View(state)))


def _state_after(puzzle: str, index: int) -> Candidates:
    """The state before HoDoKu's step ``index``, reached by HoDoKu's own moves."""
    state = Candidates.from_grid(Grid.parse(puzzle))
    for move in by_puzzle()[puzzle].path[:index]:
        for cell, digit in sorted(move.placements):
            state.place(cell, digit)
        for cell, digit in move.eliminations:
            state.eliminate(cell, digit)
    return state


def test_whole_paths_after_the_new_rules():
    """Puzzles whose path left HoDoKu's at one of these steps now follow it to the end: HoDoKu's score."""
    for puzzle in ("91.....26..7...1...26.1.49.....7.......2.3...871...263....4.......5.6....64.2.81.",
                   "...52.....9...3..4......7...1.....4..8..453..6...1...87.2........8....32.4..8..1."):
        verdict = by_puzzle()[puzzle]
        result = solve_logically(Grid.parse(puzzle), mode="hodoku")
        assert len(result.steps) == len(verdict.path)
        assert all(move.matches(step) for move, step in zip(verdict.path, result.steps))
        assert (result.rating.score, result.rating.level) == (verdict.score, verdict.level)

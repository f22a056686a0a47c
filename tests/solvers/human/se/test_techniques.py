"""Sudoku Explainer's own techniques: hand-checked states, SE's ratings, and soundness on real paths."""

from __future__ import annotations

from itertools import islice

import pytest

from sudokit.compare.bench.human import truth, unsound
from sudokit.compare.sets import load_set
from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid
from sudokit.solvers.human import modes
from sudokit.solvers.human.engine import apply_step, solve_logically
from sudokit.solvers.human.registry import TECHNIQUES, technique
from sudokit.solvers.human.se.uniqueness import loop_rating
from sudokit.solvers.human.steps import Step
from sudokit.solvers.human.view import View

SE_OWN = [name for name, t in TECHNIQUES.items() if t.family == "se"]
BEFORE_CHAINS = [name for name in modes.mode("se").techniques if TECHNIQUES[name].family != "se_chains"]


def state_before(puzzle: str, step_number: int) -> Candidates:
    """The state of SE mode's path on ``puzzle`` before its step ``step_number`` (0-based)."""
    grid = Grid.parse(puzzle)
    state = Candidates.from_grid(grid)
    for step in solve_logically(grid, mode="se").steps[:step_number]:
        apply_step(state, step)
    return state


def first(name: str, state: Candidates) -> Step:
    return next(iter(technique(name).find(View(state))))


# the puzzles of the hand-checked states below
A = "57..6...3.3...5.6.6.1..7....53.....1....8....9.....27....8..4.2.8.1...3.2...4..19"
B = ".1..2.6........3..7.3..9258....9..26...254...14..6....3286..1.9..1........9.8..3."
C = ".3.....8....791.....5...7....4.8.5....12.43..2..3.5..8..25.86...........5.3.1.8.9"
D = "...1......48.53.1...19..46..5.6.28.7.6.....2.2.47.5.3..26..91...1.42.58......6..."

# technique: (its explanation, its rating, the puzzle, SE mode's step it is found before (0: the puzzle's own
# candidates), what the step makes and nothing else ("placements" or "eliminations"; None: not checked))
HAND_CHECKED = {
    # r6's 3s (r6c4, r6c5, r6c6) all lie in b5, so r5c4 and r5c6 lose 3: r5c7 is r5's last place for it.
    "se_direct_claiming": ("Direct Claiming: 3 in r6 locked in b5, one place left in r5 => r5c7=3",
                           1.9, A, 0, "placements"),  # SE makes only the placement
    # b7's 5s are r8c2, r9c2 (column 2), so r4c2 loses 5: b4's last place for 5 is r4c1.
    "se_direct_pointing": ("Direct Pointing: 5 in b7 locked in c2, one place left in b4 => r4c1=5", 1.7, B, 14, None),
    # b9's 6s and 7s are only in r8c7, r8c9, so those cells lose 5: b9's last place for 5 is r7c8.
    "se_direct_hidden_pair": ("Direct Hidden Pair: 6,7 in r8c7,r8c9, one place left for 5 in b9 => r7c8=5",
                              2.0, A, 15, None),
    # r4c1 {4,7,8} and r5c1 {1,4,7} see the bivalue r2c1 {4,8} and r8c1 {4,7}: r5c1=4 would leave
    # r4c1 7 (emptying r8c1) or 8 (emptying r2c1).
    "se_aligned_pair_exclusion": ("Aligned Pair Exclusion: r4c1,r5c1 excluded by r2c1,r8c1 => r5c1<>4", 6.2, A, 0, None),
    # 6/7 in r4c2,r6c2 (c2, b4), r6c5 (r6), r5c5 (c5, b5), r5c9 (r5), r4c9 (c9, b6, r4): every unit
    # holds two of the six cells; only r4c9 has more (2,6,7), so it cannot be 6 or 7 (SE: 4.6).
    "se_unique_loop_1": ("Unique Loop type 1: 6/7 in r4c2,r6c2,r6c5,r5c5,r5c9,r4c9 => r4c9<>6, r4c9<>7",
                         4.6, C, 30, None),
    # Every open cell is bivalue but r9c1 (4,7,8); column 1 would hold 8 three times: r9c1 is 8 (SE: 5.6).
    "se_bug_1": ("BUG type 1: r9c1=8 => r9c1<>4, r9c1<>7", 5.6, D, 33, "eliminations"),  # the single follows
}


@pytest.mark.parametrize("name", HAND_CHECKED)
def test_a_technique_on_a_hand_checked_state(name):
    """The first step of technique ``name`` in the state of its row of HAND_CHECKED: its explanation, its
    rating, and, where the row says so, that it makes only placements or only eliminations."""
    explanation, difficulty, puzzle, step_number, only = HAND_CHECKED[name]
    state = state_before(puzzle, step_number) if step_number else Candidates.from_grid(Grid.parse(puzzle))
    step = first(name, state)
    assert step.explanation == explanation
    assert step.difficulty == difficulty
    if only == "placements":
        assert step.eliminations == ()
    elif only == "eliminations":
        assert not step.placements


def test_hidden_singles_are_rated_by_their_unit_and_found_in_se_order():
    grid = Grid.parse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
    solution = truth(grid)
    state = Candidates.from_grid(grid)
    for step in solve_logically(grid, mode="se").steps:
        found = list(technique("se_hidden_single").find(View(state)))
        assert found and not unsound(found, solution)
        size = state.size
        for single in found:
            unit, ((cell, digit),) = single.units[0], single.placements
            assert state.places(unit)[digit] == [cell]
            alone = sum(1 for c in state.geometry.units[unit] if not state.values[c]) == 1
            assert single.difficulty == (1.0 if alone else 1.2 if unit >= 2 * size else 1.5)
        ranks = [(s.difficulty != 1.0, [2, 1, 0][s.units[0] // size]) for s in found]
        assert ranks == sorted(ranks)  # last cells first, then boxes, columns, rows
        apply_step(state, step)


def test_unique_loops_are_rated_by_length():
    assert [loop_rating(n) for n in (4, 6, 8, 10, 12)] == [4.5, 4.6, 4.7, 5.0, 5.0]


@pytest.mark.slow
def test_every_se_technique_finds_sound_instances_on_real_paths():
    """Every instance (up to 10 per state) of each SE technique in every state of SE-mode paths,
    checked against the solution; each technique must occur."""
    puzzles = [p.grid for p in load_set("se-sample").puzzles if p.meta["se_rating"] <= 6.2][::70]
    puzzles += [Grid.parse(line) for line in (
        "...1......48.53.1...19..46..5.6.28.7.6.....2.2.47.5.3..26..91...1.42.58......6...",  # BUG 1, 3
        ".3..6.9....69...7....3..8649....6..74.3...6.81..7....9317..2....2...73....8.3..5.")]  # BUG 2, 4
    found = dict.fromkeys(SE_OWN, 0)
    for grid in puzzles:
        solution = truth(grid)
        state = Candidates.from_grid(grid)
        for step in solve_logically(grid, BEFORE_CHAINS, mode="se").steps:
            view = View(state)
            for name in SE_OWN:
                steps = list(islice(technique(name).find(view), 10))
                assert not unsound(steps, solution), (grid.line(), unsound(steps, solution)[0].explanation)
                assert all(s.placements or s.eliminations for s in steps)
                found[name] += len(steps)
            apply_step(state, step)
    assert all(found.values()), found

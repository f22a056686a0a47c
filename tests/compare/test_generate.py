"""The generator's puzzles: checked here with another exact backend (dlx) and the engine called directly.

Nothing below trusts the generator's own checks: uniqueness and minimality are counted by ``dlx``
(the generator uses ``bitx``), symmetry by the test's own maps, and "needs technique T" by the
definition restated with the registry on SE mode's path.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from sudokit.compare.sets import load_set
from sudokit.compare.workshop.generate import (
    CONTROLLED_BIAS_CLUES,
    PuzzleMaker,
    Spec,
    draw_clue_count,
    make,
    start_grid,
)
from sudokit.compare.workshop.removal import Uniqueness, new_solution, top_down
from sudokit.compare.workshop.targeting import NEAR_MISS, classify, repair, target
from sudokit.models.errors import UserError
from sudokit.models.grid import Grid, is_solution
from sudokit.models.symmetry import orbits
from sudokit.solvers.base import Status
from sudokit.solvers.human.engine import solve_logically
from sudokit.solvers.human.modes import MODES
from sudokit.solvers.human.registry import PRESETS, TECHNIQUES
from sudokit.solvers.registry import get_backend

DLX = get_backend("dlx").create()


def made(spec: Spec, count: int, seed: int = 1) -> list[tuple[Grid, Grid]]:
    """``count`` puzzles to ``spec`` (puzzle, solution), as tasks 0 … count-1 of a run with ``seed``."""
    found = []
    for number in range(count):
        result = make(spec, start_grid(spec, seed, "test", number))
        assert result.puzzle is not None, f"task {number} gave up after {result.attempts} attempts"
        found.append((result.puzzle, result.solution))
    return found


def unique_by_dlx(puzzle: Grid) -> bool:
    return DLX.solve(puzzle, limit=2).status is Status.SOLVED


def minimal_by_dlx(puzzle: Grid) -> bool:
    givens = [cell for cell, digit in enumerate(puzzle.values) if digit]
    return not any(unique_by_dlx(puzzle.with_values({cell: 0})) for cell in givens)


def needs(puzzle: Grid, name: str) -> bool:
    """The definition, restated on SE mode's path: stuck with SE's techniques rated below T, solved once
    T is added; and SE's path with all its techniques (plain ``rate``'s) has T as its hardest step."""
    se_order = MODES["se"].techniques
    easier = [n for n in se_order if TECHNIQUES[n].se_rating < TECHNIQUES[name].se_rating]
    with_it = [n for n in se_order if n in easier or n == name]
    stuck = solve_logically(puzzle, easier, mode="se").status is Status.STUCK
    solved = solve_logically(puzzle, with_it, mode="se").status is Status.SOLVED
    return stuck and solved and solve_logically(puzzle, mode="se").rating.hardest == name


@pytest.mark.parametrize("size", [4, 9])
def test_puzzles_are_unique_by_another_backend_and_their_solution_is_the_grid(size):
    for puzzle, solution in made(Spec(size=size), 6):
        assert unique_by_dlx(puzzle)
        assert is_solution(solution, puzzle)
        assert DLX.solve(puzzle).solution == solution


@pytest.mark.slow
def test_16x16_top_down_removal_keeps_the_puzzle_unique():
    """(Grading a 16x16 puzzle can take the engine a while: the removal alone is tested here.)"""
    solution = start_grid(Spec(size=16), 3, "test", 0)
    puzzle = Grid(tuple(top_down(solution, orbits(16, "none"), random.Random(0), Uniqueness())))
    assert puzzle.size == 16 and unique_by_dlx(puzzle) and is_solution(solution, puzzle)


def test_without_symmetry_top_down_removal_is_minimal():
    for puzzle, _ in made(Spec(), 4):
        assert minimal_by_dlx(puzzle)


# Each symmetry as maps a symmetric pattern of givens is closed under (the test's own, not the module's).
MIRRORS = {
    "rotational": [lambda r, c: (8 - r, 8 - c)],
    "quarter": [lambda r, c: (c, 8 - r)],
    "horizontal": [lambda r, c: (8 - r, c)],
    "vertical": [lambda r, c: (r, 8 - c)],
    "diagonal": [lambda r, c: (c, r)],
    "antidiagonal": [lambda r, c: (8 - c, 8 - r)],
    "orthogonal": [lambda r, c: (8 - r, c), lambda r, c: (r, 8 - c)],
    "bidiagonal": [lambda r, c: (c, r), lambda r, c: (8 - c, 8 - r)],
    "dihedral": [lambda r, c: (c, 8 - r), lambda r, c: (c, r)],
}


@pytest.mark.parametrize("symmetry", list(MIRRORS))
def test_symmetric_puzzles_have_symmetric_givens(symmetry):
    for puzzle, _ in made(Spec(symmetry=symmetry), 2):
        given = {divmod(cell, 9) for cell, digit in enumerate(puzzle.values) if digit}
        for r, c in given:
            for mirror in MIRRORS[symmetry]:
                assert mirror(r, c) in given
        assert unique_by_dlx(puzzle)


def test_minimal_and_symmetric_puzzles_are_both():
    for puzzle, _ in made(Spec(symmetry="rotational", minimal=True), 2):
        assert minimal_by_dlx(puzzle)
        assert all(bool(puzzle.values[cell]) == bool(puzzle.values[80 - cell]) for cell in range(81))


@pytest.mark.parametrize("technique, strategy", [("xy_wing", "targeted"), ("naked_pair", "targeted"),
                                                 ("xy_wing", "filter")])
def test_puzzles_need_the_technique(technique, strategy):
    for puzzle, _ in made(Spec(technique=technique, strategy=strategy), 2):
        assert unique_by_dlx(puzzle)
        assert needs(puzzle, technique)


def test_a_repaired_near_miss_needs_the_technique():
    wanted, uniqueness, groups = target("xy_wing"), Uniqueness(), orbits(9, "none")
    rng = random.Random(4)
    repaired = []
    for _ in range(400):
        solution = new_solution(9, rng)
        values = top_down(solution, groups, rng, uniqueness)
        if classify(values, wanted, uniqueness.verdict(values)[1]) == NEAR_MISS:
            assert not needs(Grid(tuple(values)), "xy_wing")
            fixed = repair(values, solution, groups, wanted, rng, uniqueness)
            if fixed is not None:
                repaired.append(Grid(tuple(fixed)))
                if len(repaired) == 3:
                    break
    assert len(repaired) == 3
    for puzzle in repaired:
        assert unique_by_dlx(puzzle) and needs(puzzle, "xy_wing")


def test_minimal_targeted_puzzles_are_minimal():
    for puzzle, _ in made(Spec(technique="xy_wing", minimal=True), 2, seed=5):
        assert minimal_by_dlx(puzzle) and needs(puzzle, "xy_wing")


def test_the_grade_of_a_targeted_puzzle_is_its_path_with_the_technique():
    result = make(Spec(technique="xy_wing"), start_grid(Spec(), 2, "test", 0))
    assert result.graded is not None and result.graded.hardest == "xy_wing"
    assert result.graded.se_rating == TECHNIQUES["xy_wing"].se_rating


def test_the_rating_range_is_kept():
    for puzzle, _ in made(Spec(rating=(4.0, 6.6)), 3):
        rating = solve_logically(puzzle, mode="se").rating.se_rating  # SE's ER, as plain `rate` gives it
        assert 4.0 <= rating <= 6.6


def test_a_task_is_reproducible_and_tasks_differ():
    spec = Spec(technique="xy_wing")
    first = [p for p, _ in made(spec, 2, seed=9)]
    assert first == [p for p, _ in made(spec, 2, seed=9)]
    assert len(set(first)) == 2 and first[0] != made(spec, 1, seed=10)[0][0]


def test_a_task_that_cannot_succeed_gives_up_after_its_tries():
    """No minimal 9x9 puzzle needs only a full house: the task stops after ``tries`` attempts."""
    result = PuzzleMaker(technique="full_house", mode="default", tries=3).solve(start_grid(Spec(), 1, "t", 0))
    assert result.status is Status.STUCK and result.stats["attempts"] == 3 and "3 attempts" in result.message


def test_unbiased_puzzles_are_minimal_with_a_reference_clue_count():
    for puzzle, _ in made(Spec(unbiased=True), 3):
        assert puzzle.count_givens() in CONTROLLED_BIAS_CLUES and minimal_by_dlx(puzzle)


def test_clue_counts_are_drawn_as_the_reference_distribution():
    rng = random.Random(0)
    drawn = Counter(draw_clue_count(rng) for _ in range(20_000))
    total = sum(CONTROLLED_BIAS_CLUES.values())
    for clues, count in CONTROLLED_BIAS_CLUES.items():
        assert abs(drawn[clues] / 20_000 - count / total) < 0.01


@pytest.mark.parametrize("spec, says", [
    (Spec(size=25), "sizes are 4, 9, 16"),
    (Spec(symmetry="spiral"), "unknown symmetry"),
    (Spec(technique="x-wing"), "unknown technique 'x-wing'"),
    (Spec(technique="skyscraper", mode="se"), "--mode hodoku or --mode default has it"),
    (Spec(size=16, mode="se"), "9×9 puzzles only"),
    (Spec(strategy="luck"), "unknown strategy"),
    (Spec(rating=(5.0, 4.0)), "LO <= HI"),
    (Spec(unbiased=True, technique="x_wing"), "--unbiased cannot be combined with --technique"),
    (Spec(unbiased=True, size=4), "9x9"),
])
def test_what_cannot_be_made_is_a_user_error(spec, says):
    with pytest.raises(UserError, match=says):
        spec.check()


def test_bitx_without_a_branch_point_means_singles_solve():
    """What the generator's shortcut rests on, checked against the engine's singles preset."""
    uniqueness = Uniqueness()
    puzzles = [p.grid for name in ("easy50", "top95") for p in load_set(name)]
    puzzles += [p for p, _ in made(Spec(), 10)]
    agree = Counter()
    for puzzle in puzzles:
        unique, singles = uniqueness.verdict(list(puzzle.values))
        engine = solve_logically(puzzle, PRESETS["singles"]).status is Status.SOLVED
        assert not unique or singles == engine
        agree[singles] += 1
    assert agree[True] and agree[False]  # both answers met


def test_needs_is_graded_on_ses_path_or_hodokus_for_a_technique_se_lacks():
    assert [Spec(technique=t).grading_mode for t in ("x_wing", "skyscraper", None)] == ["se", "hodoku", "se"]
    assert Spec(size=16, technique="x_wing").grading_mode == "default"
    assert Spec(technique="x_wing", mode="hodoku").grading_mode == "hodoku"

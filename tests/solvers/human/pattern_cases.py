"""The states met along real solve paths, where every instance of a pattern technique is checked.

A state's truth is its puzzle's solution (unique, found by guessing, accepted by the judge): an
instance that removes a true digit is unsound. The exact patterns are the HoDoKu library's
(test_reglib); these checks are about real puzzles.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache
from itertools import islice

from sudokit.compare.bench.human import truth, unsound
from sudokit.compare.sets import load_set
from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid
from sudokit.solvers.human.engine import apply_step, solve_logically
from sudokit.solvers.human.registry import PRESETS, TECHNIQUES, technique
from sudokit.solvers.human.steps import Step
from sudokit.solvers.human.view import View

# SE 4.2 … 7.5: where wings, single-digit patterns, uniqueness and ALS moves are the hardest steps
SAMPLE = tuple(p.grid for p in load_set("se-sample").puzzles if 4.2 <= p.meta["se_rating"] <= 7.5)[::60]


def family(name: str) -> list[str]:
    return [n for n, t in TECHNIQUES.items() if t.family == name]


@cache
def hard_states(puzzle: Grid) -> tuple[tuple[Candidates, ...], Grid]:
    """The states where the full preset's solve needs more than the basic techniques, and the solution."""
    state, states = Candidates.from_grid(puzzle), []
    for step in solve_logically(puzzle, PRESETS["full"]).steps:
        if step.technique not in PRESETS["basic"]:
            states.append(state.copy())
        apply_step(state, step)
    return tuple(states), truth(puzzle)


def sound_instances(names: Iterable[str], puzzles: Iterable[Grid] = SAMPLE, most: int = 20) -> Counter:
    """How many instances of each technique (up to ``most`` per state) the hard states hold; fails on an unsound one."""
    found: Counter = Counter()
    for puzzle in puzzles:
        states, solution = hard_states(puzzle)
        for state in states:
            for name in names:
                steps = list(islice(technique(name).find(View(state)), most))
                assert unsound(steps, solution) == [], (puzzle.line(), unsound(steps, solution)[0].explanation)
                found[name] += len(steps)
    return found


def exact_solution(puzzle: Grid) -> Grid:
    """A unique puzzle's solution as an exact backend (Algorithm X) finds it, accepted by the judge."""
    from sudokit.models.grid import is_solution
    from sudokit.solvers.registry import BACKENDS

    result = BACKENDS["bitx"].create().solve(puzzle)
    assert result.solution is not None and result.solutions_found == 1 and is_solution(result.solution, puzzle)
    return result.solution


@cache
def states_using(names: tuple[str, ...], ratings: tuple[float, float], every: int = 1) -> tuple[tuple[Candidates, Grid], ...]:
    """The states of the SE-rated sample's full-preset solve paths (puzzles rated within ``ratings``,
    every ``every``-th) just before a step of one of ``names``, each with its puzzle's exact solution."""
    low, high = ratings
    puzzles = [p.grid for p in load_set("se-sample").puzzles if low <= p.meta["se_rating"] <= high][::every]
    found = []
    for puzzle in puzzles:
        state, solution = Candidates.from_grid(puzzle), None
        for step in solve_logically(puzzle, PRESETS["full"]).steps:
            if step.technique in names:
                solution = solution or exact_solution(puzzle)
                found.append((state.copy(), solution))
            apply_step(state, step)
    return tuple(found)


def instances(names: Iterable[str], states: Iterable[tuple[Candidates, Grid]], most: int = 20
              ) -> list[tuple[Candidates, Step, Grid]]:
    """Every instance (up to ``most`` per technique and state) of some techniques in some states,
    each checked against the truth: none may remove a true digit or place a wrong one."""
    found = []
    for state, solution in states:
        for name in names:
            for step in islice(technique(name).find(View(state)), most):
                assert unsound([step], solution) == [], (state.line(), step.explanation)
                found.append((state, step, solution))
    return found

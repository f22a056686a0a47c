"""The complex fish' compiled search (``complex_fish_compiled``) against the Python search, the
reference: the same fish (units, body, covered cells, fins, endo fins, targets), in the same order,
for every digit, size and kind at the states of real puzzles; and the same default paths."""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import product

import pytest

from sudokit.compare.sets import load_set
from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid
from sudokit.solvers.human.engine import apply_step, solve_logically
from sudokit.solvers.human.registry import PRESETS
from sudokit.solvers.human.se.jit import available
from sudokit.solvers.human.techniques import complex_fish, kraken
from sudokit.solvers.human.techniques.complex_fish import Fish
from sudokit.solvers.human.view import View
from tests.conftest import shared_file

pytestmark = pytest.mark.skipif(not available(), reason="numba is not installed (the fast extra), or SUDOKIT_PURE is set")

KINDS = ("basic", "franken", "mutant")
# (fins, seen): the unfinned and finned techniques', and Kraken fish's (fins need not see a cell)
LIMITS = ((0, True), (complex_fish.MAX_FINS, True), (kraken.KRAKEN_FINS, False))


@pytest.fixture(scope="module")
def kernels():
    from sudokit.solvers.human import complex_fish_compiled

    complex_fish_compiled.warm()
    return complex_fish_compiled


def forum_hardest(count: int) -> list[Grid]:
    """The first puzzles of the forum's hardest (ER 11 and up)."""
    lines = shared_file("tdoku/forum_hardest_1905_11plus.txt").read_text().split()
    return [Grid.parse(line) for line in lines[:count]]


@cache
def path_states(puzzle: Grid, every: int) -> tuple[Candidates, ...]:
    """Every ``every``-th state of the puzzle's default path."""
    state, states = Candidates.from_grid(puzzle), []
    for step in solve_logically(puzzle).steps:
        states.append(state.copy())
        apply_step(state, step)
    return tuple(states[::every])


@cache
def states() -> tuple[Candidates, ...]:
    """Where the default engine looks for complex fish on the hardest: the forum's first puzzles
    once the basic techniques are stuck; and states along two SE 9+ puzzles' default paths."""
    stuck = solve_logically(forum_hardest(1)[0], PRESETS["basic"]).state
    hard = [p.grid for p in load_set("se-sample").puzzles if p.meta["se_rating"] >= 9.0][:2]
    return (stuck, *(state for puzzle in hard for state in path_states(puzzle, 24)))


def both(monkeypatch, kernels, view: View, digit: int, size: int, kind: str, fins: int, seen: bool) -> list[Fish]:
    """The fish by the Python search, asserting the compiled search finds the same."""
    monkeypatch.setattr(complex_fish, "_compiled", lambda: None)
    python = complex_fish._search(view, digit, size, kind, fins, seen)
    monkeypatch.setattr(complex_fish, "_compiled", lambda: kernels)
    assert complex_fish._search(view, digit, size, kind, fins, seen) == python, (digit, size, kind, fins, seen)
    return python


def test_the_same_fish_in_the_same_order_at_real_states(monkeypatch, kernels):
    """X-Wings and Swordfish of every kind and digit, unfinned and finned, and Kraken fish's X-Wings
    (the costliest searches are the next test's, at one state)."""
    found: Counter[str] = Counter()
    for state in states():
        view = View(state)
        for digit in range(1, 10):
            for size, kind, (fins, seen) in product((2, 3), KINDS, LIMITS):
                if (kind == "mutant" and size == 3 and fins) or (not seen and (size == 3 or kind not in kraken.KINDS)):
                    continue
                for fish in both(monkeypatch, kernels, view, digit, size, kind, fins, seen):
                    found["fish"] += 1
                    found["finned"] += bool(fish.fins)
                    found["endo"] += bool(fish.endo)
                    found["cannibal"] += bool(fish.targets & fish.body)
                    found["removes"] += bool(fish.targets)
    # many fish of every sort compared: with and without fins, endo fins, cannibalism, none removing
    assert min(found.values()) > 20 and found["fish"] > found["removes"], found


def test_the_fish_without_fins_are_the_finned_searchs_without_fins(monkeypatch, kernels):
    """The unfinned techniques read the finned search (one search per digit and size for both): its fish
    without fins are the unfinned search's, in the same order, by either search."""
    hard = [p.grid for p in load_set("se-sample").puzzles if p.meta["se_rating"] >= 9.0][:2]
    compared = 0
    for state in (state for puzzle in hard for state in path_states(puzzle, 24)):
        view = View(state)
        for digit, size, kind in product(range(1, 10), (2, 3), KINDS):
            unfinned = both(monkeypatch, kernels, view, digit, size, kind, 0, True)
            finned = both(monkeypatch, kernels, view, digit, size, kind, complex_fish.MAX_FINS, True)
            assert [fish for fish in finned if not fish.fins] == unfinned
            compared += len(unfinned)
    assert compared > 20


@pytest.mark.parametrize(("size", "kind", "fins", "seen"), [
    (3, "mutant", complex_fish.MAX_FINS, True), (3, "franken", kraken.KRAKEN_FINS, False),
    (4, "franken", 0, True), (4, "franken", complex_fish.MAX_FINS, True), (4, "mutant", 0, True),
    (4, "basic", kraken.KRAKEN_FINS, False)])
def test_larger_searches_at_a_real_state(monkeypatch, kernels, size, kind, fins, seen):
    """Finned Mutant Swordfish, Franken Jellyfish and Mutant ones, and Kraken fish's, at one state."""
    view = View(states()[3])
    assert sum(len(both(monkeypatch, kernels, view, digit, size, kind, fins, seen)) for digit in range(1, 10)) > 20


def test_a_16x16_grid_uses_the_python_search(monkeypatch, kernels):
    """The compiled search is for 9x9 grids: a larger one's fish are the Python search's."""
    view = View(Candidates.from_grid(load_set("gecode-16x16").puzzles[0].grid))
    monkeypatch.setattr(complex_fish, "_compiled", lambda: kernels)
    assert complex_fish._search(view, 1, 2, "franken", 5, False) == complex_fish.python_search(
        view, 1, 2, "franken", 5, False)


# the basic techniques, then complex fish (the default ladder looks for them only after the forcing
# chains and nets, which leave them nothing to find on most puzzles)
FISH_LADDER = (*PRESETS["basic"], "franken_x_wing", "franken_swordfish", "finned_franken_x_wing",
               "finned_franken_swordfish", "finned_mutant_x_wing", "mutant_swordfish")


def path(puzzle: Grid, techniques: tuple[str, ...] | None = None) -> list[tuple]:
    return [(s.technique, s.placements, s.eliminations, s.explanation)
            for s in solve_logically(puzzle, techniques).steps]


def test_a_ladder_of_fish_takes_the_python_searchs_path(monkeypatch, kernels):
    """Fifteen SE 7+ puzzles by the basic techniques and complex fish: the same steps, fish among them."""
    puzzles = [p.grid for p in load_set("se-sample").puzzles if p.meta["se_rating"] >= 7.0][:120:8]
    monkeypatch.setattr(complex_fish, "_compiled", lambda: None)
    python = [path(puzzle, FISH_LADDER) for puzzle in puzzles]
    monkeypatch.setattr(complex_fish, "_compiled", lambda: kernels)
    assert [path(puzzle, FISH_LADDER) for puzzle in puzzles] == python
    assert sum(technique.endswith(("fish", "x_wing")) and technique not in PRESETS["basic"]
               for steps in python for technique, *_ in steps) > 10


@pytest.mark.manual
@pytest.mark.parametrize("index", range(3))
def test_the_default_path_is_the_python_searchs(monkeypatch, kernels, index):
    """The default path of a forum-hardest puzzle (several seconds each): complex fish are searched
    at many of its states (they find nothing there: the forcing nets come first)."""
    puzzle = forum_hardest(3)[index]
    monkeypatch.setattr(complex_fish, "_compiled", lambda: None)
    python = path(puzzle)
    monkeypatch.setattr(complex_fish, "_compiled", lambda: kernels)
    assert path(puzzle) == python

"""The compiled count of a state's solutions (``count_compiled``) agrees with the engine's own count (a
solve with the singles and guesses): how many (up to two) and the first, on puzzles with one, none and
several solutions and on states with candidates removed."""

from __future__ import annotations

import random

import pytest

from sudokit.compare.sets import load_set
from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid
from sudokit.solvers.base import Status
from sudokit.solvers.human import count_compiled, singles_compiled
from sudokit.solvers.human.engine import solve_logically
from sudokit.solvers.human.registry import PRESETS
from sudokit.solvers.human.se.jit import available

pytestmark = pytest.mark.skipif(not available(), reason="numba is not installed (the fast extra), or SUDOKIT_PURE is set")


def engine_count(state: Candidates) -> tuple[int, list[int] | None]:
    """The engine's count, up to two, and the first solution's values (None without one)."""
    result = solve_logically(state, PRESETS["singles"], allow_guess=True, limit=2)
    first = list(result.state.values) if result.status in (Status.SOLVED, Status.MULTIPLE) else None
    return min(result.solutions, 2), first


def states() -> list[Candidates]:
    """Puzzles of the bundled sets (one solution, and the test set's unsolvable and several-solution
    ones), the same with givens blanked (several, mostly), and with candidates removed (none, often)."""
    rng = random.Random(7)
    puzzles = [p.grid for p in load_set("top95").puzzles[:30]] + [p.grid for p in load_set("tdoku-tests").puzzles[:40]]
    found = [Candidates.from_grid(grid) for grid in puzzles]
    for grid in puzzles[:30]:
        values = list(grid.values)
        for cell in rng.sample([c for c, v in enumerate(values) if v], 6):
            values[cell] = 0
        found.append(Candidates.from_grid(Grid(tuple(values))))
        thinned = Candidates.from_grid(grid)
        for cell in rng.sample([c for c, m in enumerate(thinned.marks) if m & (m - 1)], 3):
            thinned.marks[cell] &= ~(thinned.marks[cell] & -thinned.marks[cell])
        found.append(thinned)
    found.append(Candidates.from_grid(Grid((0,) * 81)))
    found.append(Candidates.from_grid(Grid((0,) * 16)))
    return found


def test_the_compiled_count_is_the_engines():
    kernels = singles_compiled.LOADER.now()
    assert kernels is not None
    seen = set()
    for state in states():
        expected = engine_count(state)
        found, values = kernels.solutions(state, 2)
        seen.add(expected[0])
        assert found == expected[0], state.to_grid()
        if found == 1:
            assert values == expected[1], state.to_grid()
    assert seen == {0, 1, 2}  # every case met


def test_a_count_past_its_budget_says_so():
    import numpy as np

    units, _, peers = singles_compiled.geometry_arrays(9)
    empty = np.zeros(81, dtype=np.int64)
    solution = np.zeros(81, dtype=np.int64)
    full = np.full(81, 511, dtype=np.int64)
    assert count_compiled.count(empty, full, units, peers, 2, 0, solution) == singles_compiled.OVER_BUDGET
    assert count_compiled.count(empty, full, units, peers, 2, 1000, solution) == 2

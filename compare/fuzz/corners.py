"""Puzzles aimed at the corners where solvers go wrong, drawn from a seeded random source.

Each corner is a function ``(size, rng, pool) -> Grid``. The ``Pool`` keeps a few minimal puzzles per
size and hands out random isomorphs of them (``transforms.random_transform``: a relabelling and a
band/stack/line permutation keeps a puzzle minimal and unique), making a fresh one now and then:
top-down removal costs tens of milliseconds at 9×9, an isomorph a few microseconds.

- ``minimal``, ``symmetric``: unique puzzles, minimal (or symmetric), by top-down removal;
- ``forced``: unique puzzles made by emptying only cells whose value the givens force (no search);
- ``multiple``: a minimal puzzle with one to three more givens removed (so several solutions; at 16×16,
  thirds of the givens of a ``forced`` one, until ``bitx`` finds two solutions);
- ``unsat``: a minimal puzzle with a wrong given added (a digit no peer holds, not the cell's solution):
  no solution, for sure, and no clash in a unit: the contradiction shows only deeper in the search;
- ``invalid``: a given repeated in one of its units;
- ``empty``: up to N/2 givens of a solution grid; ``full``: a solution grid with up to N blanks.

At 16×16 top-down removal is too slow for a fuzzer: ``minimal`` and ``symmetric`` use ``forced`` there;
and its solution grids are random isomorphs of ``pattern_grid`` (the random fill can take minutes on
some seeds at 16×16).

>>> import random
>>> grid = draw(9, random.Random(1), Pool(random.Random(1)))[1]
>>> grid == draw(9, random.Random(1), Pool(random.Random(1)))[1]
True
"""

from __future__ import annotations

import random
from collections.abc import Callable

from sudokit.compare.run.transforms import random_transform
from sudokit.compare.workshop.removal import Uniqueness, new_solution, top_down
from sudokit.models.grid import Grid, geometry
from sudokit.models.symmetry import SYMMETRIES, orbits
from sudokit.solvers.base import Solver, Status

FRESH = 0.1  # the share of draws that make a new minimal puzzle rather than an isomorph of a kept one
KEPT = 8  # minimal puzzles kept per size
TOP_DOWN_SIZES = (4, 9)  # sizes where top-down removal is fast enough
FILL_SIZES = (4, 9)  # sizes where the random fill (``models.fill``) never takes long
UNSAT_TRIES = 4  # puzzles tried for a blank cell with a wrong candidate (the first has one, in practice)
CHECK_SECONDS = 1.0  # the most ``bitx`` spends telling a 16x16 ``multiple`` puzzle has two solutions


class Pool:
    """Minimal puzzles and solution grids kept per size, handed out as random isomorphs."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.uniqueness: Uniqueness | None = None
        self.minimal: dict[int, list[Grid]] = {}
        self.solutions: dict[int, list[Grid]] = {}

    def solution(self, size: int) -> Grid:
        """A random solution grid (an isomorph of a kept one, or a new one); at sizes past ``FILL_SIZES``, an
        isomorph of the pattern grid: the random fill can wander among dead ends for minutes at 16×16."""
        if size not in FILL_SIZES:
            return random_transform(size, self.rng).apply(pattern_grid(size))
        return self._isomorph(size, self.solutions, lambda: new_solution(size, self.rng))

    def minimal_puzzle(self, size: int) -> Grid:
        """A random minimal unique puzzle (``forced`` ones at sizes top-down removal is too slow for)."""
        return self._isomorph(size, self.minimal, lambda: self._top_down(size, "none"))

    def uniqueness_solver(self) -> Solver:
        """The exact backend top-down removal checks uniqueness with (``bitx``)."""
        self.uniqueness = self.uniqueness or Uniqueness()
        return self.uniqueness.solver

    def _isomorph(self, size: int, kept: dict[int, list[Grid]], make: Callable[[], Grid]) -> Grid:
        grids = kept.setdefault(size, [])
        if len(grids) < KEPT or self.rng.random() < FRESH:
            grid = make()
            grids.append(grid) if len(grids) < KEPT else grids.__setitem__(self.rng.randrange(KEPT), grid)
            return grid
        return random_transform(size, self.rng).apply(self.rng.choice(grids))

    def _top_down(self, size: int, symmetry: str) -> Grid:
        solution = self.solution(size)
        if size not in TOP_DOWN_SIZES:
            return forced_blanks(solution, self.rng, size * size)
        self.uniqueness = self.uniqueness or Uniqueness()
        return Grid(tuple(top_down(solution, orbits(size, symmetry), self.rng, self.uniqueness)))


def pattern_grid(size: int) -> Grid:
    """The solution grid whose row r is row 0 shifted by (r mod n)·n + r div n (boxes n×n)."""
    n = geometry(size).box
    return Grid(tuple((n * (r % n) + r // n + c) % size + 1 for r in range(size) for c in range(size)))


def forced_blanks(solution: Grid, rng: random.Random, most: int) -> Grid:
    """Up to ``most`` cells emptied, in a random order, each only when its peers' givens force its value."""
    values = list(solution.values)
    peers = solution.geometry.peers
    cells = list(solution.geometry.cells)
    rng.shuffle(cells)
    emptied = 0
    for cell in cells:
        if emptied >= most:
            break
        if len({values[p] for p in peers[cell]} - {0}) == solution.size - 1:
            values[cell] = 0
            emptied += 1
    return Grid(tuple(values))


def minimal(size: int, rng: random.Random, pool: Pool) -> Grid:
    return pool.minimal_puzzle(size)


def symmetric(size: int, rng: random.Random, pool: Pool) -> Grid:
    if size not in TOP_DOWN_SIZES:
        return forced(size, rng, pool)
    return pool._top_down(size, rng.choice([s for s in SYMMETRIES if s != "none"]))


def forced(size: int, rng: random.Random, pool: Pool) -> Grid:
    return forced_blanks(pool.solution(size), rng, size * size)


def multiple(size: int, rng: random.Random, pool: Pool) -> Grid:
    """A minimal puzzle less one to three givens (several solutions: each given was needed). At 16×16, where
    the puzzle is a ``forced`` one, not minimal, givens go a third at a time until ``bitx`` finds two
    solutions."""
    values = list(pool.minimal_puzzle(size).values)
    givens = [c for c, v in enumerate(values) if v]
    if size in TOP_DOWN_SIZES:
        for cell in rng.sample(givens, min(len(givens), rng.randint(1, 3))):
            values[cell] = 0
        return Grid(tuple(values))
    rng.shuffle(givens)
    while True:
        for cell in givens[:max(1, len(givens) // 3)]:
            values[cell] = 0
        givens = givens[max(1, len(givens) // 3):]
        grid = Grid(tuple(values))
        if pool.uniqueness_solver().solve(grid, limit=2, time_limit=CHECK_SECONDS).status is Status.MULTIPLE:
            return grid


def unsat(size: int, rng: random.Random, pool: Pool) -> Grid:
    """A unique puzzle with one wrong given added: a digit that is not the blank cell's solution and that no
    peer holds. It has no solution (its givens include the unique puzzle's, whose one solution it breaks),
    and no unit holds a digit twice."""
    for _ in range(UNSAT_TRIES):
        puzzle = pool.minimal_puzzle(size)
        solution = pool.uniqueness_solver().solve(puzzle, limit=1).solution
        assert solution is not None  # (a minimal or forced puzzle has one solution)
        peers = puzzle.geometry.peers
        wrong = [(cell, digit) for cell, given in enumerate(puzzle.values) if not given
                 for digit in range(1, size + 1)
                 if digit != solution.values[cell] and digit not in {puzzle.values[p] for p in peers[cell]}]
        if wrong:
            return puzzle.with_values(dict([rng.choice(wrong)]))
    raise RuntimeError(f"no {size}x{size} puzzle with a blank cell of two candidates in {UNSAT_TRIES} tries")


def invalid(size: int, rng: random.Random, pool: Pool) -> Grid:
    base = rng.choice((minimal, forced, empty))(size, rng, pool)
    values = list(base.values)
    geo = geometry(size)
    givens = [c for c, v in enumerate(values) if v] or [rng.randrange(size * size)]
    cell = rng.choice(givens)
    values[cell] = values[cell] or rng.randint(1, size)
    unit = geo.units[rng.choice(geo.cell_units[cell])]
    other = rng.choice([c for c in unit if c != cell])
    values[other] = values[cell]
    return Grid(tuple(values))


def empty(size: int, rng: random.Random, pool: Pool) -> Grid:
    solution = pool.solution(size)
    kept = set(rng.sample(range(size * size), rng.randint(0, size // 2)))
    return Grid(tuple(v if c in kept else 0 for c, v in enumerate(solution.values)))


def full(size: int, rng: random.Random, pool: Pool) -> Grid:
    solution = pool.solution(size)
    blanks = set(rng.sample(range(size * size), rng.randint(0, size)))
    return Grid(tuple(0 if c in blanks else v for c, v in enumerate(solution.values)))


Corner = Callable[[int, random.Random, Pool], Grid]

# name -> (generator, weight): how often each corner is drawn
CORNERS: dict[str, tuple[Corner, int]] = {
    "minimal": (minimal, 3),
    "symmetric": (symmetric, 1),
    "forced": (forced, 2),
    "multiple": (multiple, 3),
    "unsat": (unsat, 3),
    "invalid": (invalid, 1),
    "empty": (empty, 1),
    "full": (full, 1),
}

MIXED_SIZES = ((9, 8), (4, 1), (16, 1))  # (size, weight) when no size is chosen


def draw(size: int | None, rng: random.Random, pool: Pool) -> tuple[str, Grid]:
    """One puzzle: (the corner it was drawn from, the grid); ``size`` None mixes 9×9 with 4×4 and 16×16."""
    if size is None:
        size = rng.choices([s for s, _ in MIXED_SIZES], [w for _, w in MIXED_SIZES])[0]
    name = rng.choices(list(CORNERS), [w for _, w in CORNERS.values()])[0]
    return name, CORNERS[name][0](size, rng, pool)

"""Puzzles aimed at the corners where solvers go wrong, drawn from a seeded random source.

Each corner is a function ``(size, rng, pool) -> Grid``. The ``Pool`` keeps a few minimal puzzles per
size and hands out random isomorphs of them (``transforms.random_transform``: a relabelling and a
band/stack/line permutation keeps a puzzle minimal and unique), making a fresh one now and then:
top-down removal costs tens of milliseconds at 9×9, an isomorph a few microseconds.

- ``minimal``, ``symmetric``: unique puzzles, minimal (or symmetric), by top-down removal;
- ``forced``: unique puzzles made by emptying only cells whose value the givens force (no search);
- ``multiple``: a minimal puzzle with one to three more givens removed (so several solutions; at 16×16,
  up to a third of the givens of a ``forced`` one);
- ``unsat``: a minimal puzzle with one given changed to a digit no peer holds: no clash in a unit, the
  contradiction shows only deeper in the search (``bitx`` picks a change with no solution, when one of a
  few tried has none);
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
from sudokit.solvers.base import Solver

FRESH = 0.1  # the share of draws that make a new minimal puzzle rather than an isomorph of a kept one
KEPT = 8  # minimal puzzles kept per size
TOP_DOWN_SIZES = (4, 9)  # sizes where top-down removal is fast enough
FILL_SIZES = (4, 9)  # sizes where the random fill (``models.fill``) never takes long
UNSAT_TRIES = 4  # changed givens tried for a puzzle with no solution
CHECK_SECONDS = 0.2  # the most one of those tries may take (a 16x16 search can take far longer)


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

    def exact_status(self, grid: Grid) -> str:
        """What ``bitx`` says of the grid: solved, multiple, unsat, or timeout past ``CHECK_SECONDS``."""
        return self.uniqueness_solver().solve(grid, limit=2, time_limit=CHECK_SECONDS).status.value

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
    """A minimal puzzle less one to three givens (at 16×16, where it is not minimal, less up to a third)."""
    values = list(pool.minimal_puzzle(size).values)
    givens = [c for c, v in enumerate(values) if v]
    most = 3 if size in TOP_DOWN_SIZES else max(3, len(givens) // 3)
    for cell in rng.sample(givens, min(len(givens), rng.randint(1, most))):
        values[cell] = 0
    return Grid(tuple(values))


def unsat(size: int, rng: random.Random, pool: Pool) -> Grid:
    """A minimal puzzle with one given changed to a digit no peer holds; of ``UNSAT_TRIES`` such changes, the
    first that ``bitx`` finds has no solution (else the last)."""
    puzzle = pool.minimal_puzzle(size)
    peers = puzzle.geometry.peers
    changed = puzzle
    for _ in range(UNSAT_TRIES):
        values = list(puzzle.values)
        cells = [c for c, v in enumerate(values) if v]
        rng.shuffle(cells)
        for cell in cells:
            held = {values[p] for p in peers[cell]} | {values[cell], 0}
            if free := [d for d in range(1, size + 1) if d not in held]:
                values[cell] = rng.choice(free)
                break
        changed = Grid(tuple(values))
        if pool.exact_status(changed) == "unsat":
            break
    return changed


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

"""Puzzles aimed at the corners where solvers go wrong, drawn from a seeded random source.

Each corner is a function ``(size, rng, pool) -> Grid``. The ``Pool`` keeps a few minimal puzzles per
size and hands out random isomorphs of them (``transforms.random_transform``: a relabelling and a
band/stack/line permutation keeps a puzzle minimal and unique), making a fresh one now and then:
top-down removal costs tens of milliseconds at 9×9, an isomorph a few microseconds.

- ``minimal``, ``symmetric``: unique puzzles, minimal (or symmetric), by top-down removal;
- ``forced``: unique puzzles made by emptying only cells whose value the givens force (no search);
- ``multiple``: a minimal puzzle with one to three more givens removed (so several solutions; at 16×16,
  a ``forced`` one with an unavoidable rectangle emptied);
- ``unsat``: a minimal puzzle with a wrong given added (a digit no peer holds, not the cell's solution):
  no solution, for sure, and no clash in a unit: the contradiction shows only deeper in the search;
- ``invalid``: a given repeated in one of its units;
- ``empty``: up to N/2 givens of a solution grid; ``full``: a solution grid with up to N blanks.

At 16×16 top-down removal is too slow for a fuzzer: ``minimal`` and ``symmetric`` puzzles are drawn as
``forced`` ones there, and named so (the pool's "minimal" puzzles are ``forced`` ones too); its solution grids are random isomorphs of ``pattern_grid`` (the random fill can take minutes on
some seeds at 16×16).

>>> import random
>>> grid = draw(9, random.Random(1), Pool(random.Random(1)))[1]
>>> grid == draw(9, random.Random(1), Pool(random.Random(1)))[1]
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations

from sudokit.compare.run.transforms import random_transform
from sudokit.compare.workshop.removal import Uniqueness, new_solution, top_down
from sudokit.models.grid import Grid, geometry
from sudokit.models.symmetry import SYMMETRIES, orbits
from sudokit.solvers.base import Solver

FRESH = 0.1  # the share of draws that make a new minimal puzzle rather than an isomorph of a kept one
KEPT = 8  # minimal puzzles kept per size
TOP_DOWN_SIZES = (4, 9)  # sizes where top-down removal is fast enough
FILL_SIZES = (4, 9)  # sizes where the random fill (``models.fill``) never takes long
UNSAT_TRIES = 4  # puzzles tried for a blank cell with a wrong candidate (the first has one, in practice)


class Pool:
    """Minimal puzzles (each with its solution) and solution grids kept per size, handed out as random
    isomorphs."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.uniqueness: Uniqueness | None = None
        self.minimal: dict[int, list[tuple[Grid, ...]]] = {}
        self.solutions: dict[int, list[tuple[Grid, ...]]] = {}

    def solution(self, size: int) -> Grid:
        """A random solution grid (an isomorph of a kept one, or a new one); at sizes past ``FILL_SIZES``, an
        isomorph of the pattern grid: the random fill can wander among dead ends for minutes at 16×16."""
        if size not in FILL_SIZES:
            return random_transform(size, self.rng).apply(pattern_grid(size))
        return self._isomorph(size, self.solutions, lambda: (new_solution(size, self.rng),))[0]

    def minimal_puzzle(self, size: int) -> Grid:
        """A random minimal unique puzzle (``forced`` ones at sizes top-down removal is too slow for)."""
        return self.minimal_and_solution(size)[0]

    def minimal_and_solution(self, size: int) -> tuple[Grid, Grid]:
        """A random minimal unique puzzle, as ``minimal_puzzle``, and its one solution."""
        puzzle, solution = self._isomorph(size, self.minimal, lambda: self._top_down(size, "none"))
        return puzzle, solution

    def uniqueness_solver(self) -> Solver:
        """The exact backend top-down removal checks uniqueness with (``bitx``)."""
        self.uniqueness = self.uniqueness or Uniqueness()
        return self.uniqueness.solver

    def _isomorph(self, size: int, kept: dict[int, list[tuple[Grid, ...]]],
                  make: Callable[[], tuple[Grid, ...]]) -> tuple[Grid, ...]:
        """A new kept item, or a kept one under a random transform (the same for each of its grids)."""
        grids = kept.setdefault(size, [])
        if len(grids) < KEPT or self.rng.random() < FRESH:
            made = make()
            grids.append(made) if len(grids) < KEPT else grids.__setitem__(self.rng.randrange(KEPT), made)
            return made
        transform = random_transform(size, self.rng)
        return tuple(transform.apply(grid) for grid in self.rng.choice(grids))

    def _top_down(self, size: int, symmetry: str) -> tuple[Grid, Grid]:
        """A minimal puzzle (with the symmetry) made by top-down removal, and its solution."""
        solution = self.solution(size)
        if size not in TOP_DOWN_SIZES:
            return forced_blanks(solution, self.rng, size * size), solution
        self.uniqueness = self.uniqueness or Uniqueness()
        return Grid(tuple(top_down(solution, orbits(size, symmetry), self.rng, self.uniqueness))), solution


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
    return pool._top_down(size, rng.choice([s for s in SYMMETRIES if s != "none"]))[0]


def forced(size: int, rng: random.Random, pool: Pool) -> Grid:
    return forced_blanks(pool.solution(size), rng, size * size)


def multiple(size: int, rng: random.Random, pool: Pool) -> Grid:
    """A minimal puzzle less one to three givens (several solutions: each given was needed). At 16×16, where
    the puzzle is a ``forced`` one, not minimal: the four cells of an unavoidable rectangle emptied (two
    solutions at least), and up to a third of the other givens."""
    puzzle, solution = pool.minimal_and_solution(size)
    values = list(puzzle.values)
    givens = [c for c, v in enumerate(values) if v]
    if size in TOP_DOWN_SIZES:
        removed = rng.sample(givens, min(len(givens), rng.randint(1, 3)))
    else:
        removed = [*rng.choice(rectangles(solution)), *rng.sample(givens, rng.randint(0, len(givens) // 3))]
    for cell in removed:
        values[cell] = 0
    return Grid(tuple(values))


def rectangles(solution: Grid) -> list[tuple[int, int, int, int]]:
    """The unavoidable rectangles of a solution grid: four cells on two rows of one band (or two columns of one
    stack) whose digits read a b / b a, so that swapping them gives another solution grid (the two cells of
    each crossing line share a box). The pattern grid's isomorphs have them at 16×16 (lines two apart).

    >>> len(rectangles(pattern_grid(16))) > 0, rectangles(Grid.parse("1234341221434321"))[:2]
    (True, [(0, 2, 4, 6), (1, 3, 5, 7)])
    """
    size, box, values = solution.size, solution.geometry.box, solution.values
    found = []
    for cell in (lambda line, k: line * size + k, lambda line, k: k * size + line):  # rows, then columns
        for band in range(0, size, box):
            for one, two in combinations(range(band, band + box), 2):
                for k1, k2 in combinations(range(size), 2):
                    a, b, c, d = cell(one, k1), cell(one, k2), cell(two, k1), cell(two, k2)
                    if values[a] == values[d] and values[b] == values[c]:
                        found.append((a, b, c, d))
    return found


def unsat(size: int, rng: random.Random, pool: Pool) -> Grid:
    """A unique puzzle with one wrong given added: a digit that is not the blank cell's solution and that no
    peer holds. It has no solution (its givens include the unique puzzle's, whose one solution it breaks),
    and no unit holds a digit twice."""
    for _ in range(UNSAT_TRIES):
        puzzle, solution = pool.minimal_and_solution(size)
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
TOP_DOWN_ONLY = ("minimal", "symmetric")  # corners drawn only at ``TOP_DOWN_SIZES`` (elsewhere: ``forced``)


def draw(size: int | None, rng: random.Random, pool: Pool) -> tuple[str, Grid]:
    """One puzzle: (the corner it was drawn from, the grid); ``size`` None mixes 9×9 with 4×4 and 16×16."""
    if size is None:
        size = rng.choices([s for s, _ in MIXED_SIZES], [w for _, w in MIXED_SIZES])[0]
    name = rng.choices(list(CORNERS), [w for _, w in CORNERS.values()])[0]
    if name in TOP_DOWN_ONLY and size not in TOP_DOWN_SIZES:
        name = "forced"  # (what such a puzzle would be there: named for what it is)
    return name, CORNERS[name][0](size, rng, pool)

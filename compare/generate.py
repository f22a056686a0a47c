"""Puzzles made to order (``sudokit generate``): unique, optionally minimal and symmetric, graded, targeted.

One *attempt* makes one candidate puzzle:

1. a random solution grid: a random depth-first fill (``models.fill``) followed by a uniformly
   random relabelling, band/stack/row/column permutation and transposition (``transforms``);
2. top-down removal: the cells (or the orbits of the chosen symmetry, ``models.symmetry``) in a
   random order, each emptied when the puzzle keeps one solution. Uniqueness is checked by ``bitx``,
   the fastest exact backend, with a solution limit of 2. Without symmetry the result is minimal
   (a given kept was needed when tried, and is needed all the more once others are gone); with a
   symmetry every orbit is needed, but a single given may not be, so ``minimal`` then checks each;
3. the candidate is kept when it meets the spec (minimality, technique, rating range). Its grade is
   the human engine's path with the full preset, as ``sudokit rate`` grades; for a puzzle made to
   need T, the path with T's list (below), whose hardest step is T. (With the full preset the engine
   takes techniques in HoDoKu's order, so it may use one rated above T that comes before T there: a
   hidden pair, 3.4, before an X-Wing, 3.2.)

**Needs technique T.** Techniques are ordered by hardness: SE-style rating, then HoDoKu level (the
order in which the engine's rating picks a path's hardest step). A puzzle needs T when the engine
restricted to the techniques strictly easier than T gets stuck (no guessing), and the engine with
those techniques plus T solves it. T is then the hardest technique of that path, and a necessary
one. Techniques exactly as hard as T (other 6.6s beside a 6.6, say) are in neither list.

**Targeting T** (strategy ``targeted``, the default) keeps every candidate that already needs T,
like generate-and-filter (``filter``), and also repairs *near misses*: a candidate the easier
techniques leave stuck in a state where T fires, but which needs more than T later. Givens from the
solution are added where the engine with T stops (never one that lets the easier techniques solve
it) until T's list solves it; then givens are taken away again, in random order, while the puzzle
stays unique and solvable with T's list. A repaired puzzle is checked against the definition like
any other; it is minimal only if the check says so (``minimal`` rejects the others).

**Unbiased mode.** Top-down removal favours puzzles with few clues: its chance of producing a
minimal puzzle P is the chance that a random deletion order never deletes a given of P while the
givens still to come could replace it. Berthier's controlled-bias generator (delete in random order,
restart from a new grid at the first deletion that loses uniqueness unless the puzzle is then
minimal) gives every minimal puzzle with n clues the same chance, 1/C(81, n): its bias is in the
clue count only, and known. It is also about 250,000 times slower than top-down. The unbiased mode
keeps top-down removal but draws each puzzle's clue count from the controlled-bias generator's
distribution (``CONTROLLED_BIAS_CLUES``) and repeats top-down attempts until one has that count.
What remains is top-down's preference among puzzles with the same number of clues (and the grid
fill's bias between grid classes); ``compare.bench.generator`` measures the result against
Berthier's controlled-bias sample.
"""

from __future__ import annotations

import random
import time
from bisect import bisect
from dataclasses import asdict, dataclass, field
from itertools import accumulate

from sudokit.compare.grading import Graded, grade, ladder
from sudokit.compare.transforms import random_transform
from sudokit.models.errors import UnknownName, UserError
from sudokit.models.fill import random_solution
from sudokit.models.grid import Cell, Grid
from sudokit.models.symmetry import orbits, symmetry_maps
from sudokit.solvers.base import DEFAULT_LIMIT, SolveResult, Status
from sudokit.solvers.registry import Backend, get_backend

SIZES = (4, 9, 16)  # the human engine grades up to 16x16
STRATEGIES = ("targeted", "filter")
MODES = {"default": None, "se": "issue 12", "hodoku": "issue 13"}  # rating modes; the others are still to come
EXACT_BACKEND = "bitx"
SINGLES = ("full_house", "naked_single", "hidden_single")

# Clue counts of minimal puzzles from Berthier's controlled-bias generator (its 21,695-puzzle sample
# cbg001; counts are facts). 30 and 31 clues (3 puzzles) are left out: top-down removal almost never
# reaches them.
CONTROLLED_BIAS_CLUES = {22: 21, 23: 408, 24: 2574, 25: 6667, 26: 7299, 27: 3739, 28: 879, 29: 105}


@dataclass(frozen=True)
class Spec:
    """What to make: the grid, the givens' shape, and what a puzzle must need or rate."""

    size: int = 9
    symmetry: str = "none"
    minimal: bool = False
    technique: str | None = None
    rating: tuple[float, float] | None = None
    unbiased: bool = False
    strategy: str = "targeted"
    tries: int | None = None  # attempts per puzzle before giving up (None: see ``attempts``)

    def __post_init__(self) -> None:
        if self.rating is not None:  # (a list, after a trip through a backend's options)
            object.__setattr__(self, "rating", tuple(self.rating))

    @property
    def attempts(self) -> int:
        """Attempts per puzzle before giving up: ``tries``, or 20,000 (200,000 unbiased, where a puzzle of 29
        clues takes about 6,000 attempts)."""
        return self.tries or (200_000 if self.unbiased else 20_000)

    def check(self) -> None:
        """Raise ``UserError`` for what cannot be made."""
        if self.size not in SIZES:
            raise UserError(f"--size {self.size}: sizes are {', '.join(map(str, SIZES))} "
                            "(the human engine grades up to 16x16)")
        symmetry_maps(self.symmetry)
        if self.technique is not None:
            target(self.technique)
        if self.strategy not in STRATEGIES:
            raise UnknownName(f"unknown strategy {self.strategy!r}; choose from {', '.join(STRATEGIES)}")
        if self.rating is not None and not 0 <= self.rating[0] <= self.rating[1]:
            raise UserError(f"--rating {self.rating[0]}-{self.rating[1]}: give LO-HI with 0 <= LO <= HI")
        if self.tries is not None and self.tries < 1:
            raise UserError("--tries must be at least 1")
        if self.unbiased:
            if self.size != 9:
                raise UserError("--unbiased makes 9x9 puzzles (its reference distribution is for 9x9)")
            chosen = [o for o, on in (("--symmetry", self.symmetry != "none"), ("--technique", self.technique),
                                      ("--rating", self.rating)) if on]
            if chosen:
                raise UserError(f"--unbiased cannot be combined with {chosen[0]} (that would choose puzzles)")


# ---------------------------------------------------------------------------- uniqueness


class Uniqueness:
    """Counts solutions up to two with the exact backend; also says when singles alone solve the puzzle.

    ``bitx`` places every row alone in its exact-cover column before it branches: a cell with one
    candidate (naked single) or a digit with one place in a unit (hidden single). A puzzle it solves
    without a branch point is solved by singles alone.
    """

    def __init__(self) -> None:
        self.solver = get_backend(EXACT_BACKEND).create()
        self.checks = 0

    def verdict(self, values: list[int]) -> tuple[bool, bool]:
        """(exactly one solution, singles alone find it)."""
        self.checks += 1
        result = self.solver.solve(Grid(tuple(values)), limit=DEFAULT_LIMIT)
        unique = result.status is Status.SOLVED
        return unique, unique and result.stats.get("guesses") == 0

    def unique(self, values: list[int]) -> bool:
        return self.verdict(values)[0]

    def minimal(self, values: list[int]) -> bool:
        """True when emptying any one given leaves more than one solution."""
        for cell, digit in enumerate(values):
            if digit:
                values[cell] = 0
                unique = self.unique(values)
                values[cell] = digit
                if unique:
                    return False
        return True


def top_down(solution: Grid, groups: tuple[tuple[Cell, ...], ...], rng: random.Random,
             uniqueness: Uniqueness) -> list[int]:
    """Empty the groups of cells in a random order, each one whose emptying keeps the puzzle unique.

    A lone cell whose peers still show every other digit is emptied without a search: its value
    is forced, so the puzzle keeps its one solution (most early removals are of this kind).
    """
    values = list(solution.values)
    peers = solution.geometry.peers
    order = list(groups)
    rng.shuffle(order)
    for group in order:
        if len(group) == 1 and len({values[p] for p in peers[group[0]]} - {0}) == solution.size - 1:
            values[group[0]] = 0
            continue
        _empty(values, group)
        if not uniqueness.unique(values):
            _fill(values, group, solution)
    return values


def _empty(values: list[int], group: tuple[Cell, ...]) -> None:
    for cell in group:
        values[cell] = 0


def _fill(values: list[int], group: tuple[Cell, ...], solution: Grid) -> None:
    for cell in group:
        values[cell] = solution.values[cell]


def new_solution(size: int, rng: random.Random) -> Grid:
    """A random solution grid: a random fill, then a uniformly random isomorph of it."""
    return random_transform(size, rng).apply(random_solution(size, rng))


# ---------------------------------------------------------------------------- "needs technique T"


@dataclass(frozen=True)
class Target:
    """A technique to need: the techniques strictly easier than it, and those plus it (engine order)."""

    technique: str
    easier: tuple[str, ...]
    with_it: tuple[str, ...]

    @property
    def singles_too_easy(self) -> bool:
        """A puzzle singles solve does not need T (every single is easier than T)."""
        return set(SINGLES) <= set(self.easier)


def target(name: str) -> Target:
    """The target for technique ``name``; ``UnknownName`` names the choices."""
    rungs = {rung.name: rung for rung in ladder()}
    if name not in rungs:
        raise UnknownName(f"unknown technique {name!r}; choose from {', '.join(rungs)}")
    hardness = rungs[name].hardness
    easier = tuple(r.name for r in ladder() if r.hardness < hardness)
    return Target(name, easier, tuple(r.name for r in ladder() if r.name in easier or r.name == name))


def needs(grid: Grid, wanted: Target) -> bool:
    """The definition: the easier techniques get stuck, and with T added the engine solves the puzzle."""
    return not grade(grid, wanted.easier).solved and grade(grid, wanted.with_it).solved


EASY, BAND, HARD, NEAR_MISS = "easy", "needs", "hard", "near miss"


def classify(values: list[int], wanted: Target, singles_solve: bool) -> str:
    """Too easy, needs T, too hard, or a near miss (too hard, but T fires where the easier ones stop)."""
    if singles_solve and wanted.singles_too_easy:
        return EASY
    grid = Grid(tuple(values))
    below = grade(grid, wanted.easier, probe=wanted.technique)
    if below.solved:
        return EASY
    if grade(grid, wanted.with_it).solved:
        return BAND
    return NEAR_MISS if below.fires else HARD


REPAIR_ROUNDS = 4  # with ``minimal``: times a repaired puzzle that is not minimal loses a given and is repaired again


def repair(values: list[int], solution: Grid, groups: tuple[tuple[Cell, ...], ...], wanted: Target,
           rng: random.Random, uniqueness: Uniqueness, minimal: bool = False) -> list[int] | None:
    """A near miss made to need T: givens added where T's list stops, then taken away while it still solves.

    With ``minimal``, a result that is not minimal loses one of the givens it could do without (which
    makes it too hard again) and is repaired again without it, a few times at most.
    """
    group_of = {cell: group for group in groups for cell in group}
    values = list(values)
    banned: set[tuple[Cell, ...]] = set()
    for _ in range(REPAIR_ROUNDS):
        if not _grow(values, solution, group_of, wanted, rng, banned):
            return None
        _trim(values, solution, groups, wanted, rng, uniqueness)
        if not minimal:
            return values
        loose = [group for group in groups if values[group[0]] and _unique_without(values, group, uniqueness)]
        if not loose:
            return values
        group = rng.choice(loose)
        _empty(values, group)
        banned.add(group)
    return None


def _grow(values: list[int], solution: Grid, group_of: dict[Cell, tuple[Cell, ...]], wanted: Target,
          rng: random.Random, banned: set[tuple[Cell, ...]]) -> bool:
    """Add givens where T's list stops, each one keeping the easier techniques stuck, until T's list solves."""
    while not (with_it := grade(Grid(tuple(values)), wanted.with_it)).solved:
        choices = sorted({group_of[cell] for cell in with_it.unsolved} - banned)
        rng.shuffle(choices)
        for group in choices:  # the first that keeps the easier techniques stuck
            _fill(values, group, solution)
            if not grade(Grid(tuple(values)), wanted.easier).solved:
                break
            _empty(values, group)
        else:
            return False  # every given that helps lets the easier techniques through
    return True


def _trim(values: list[int], solution: Grid, groups: tuple[tuple[Cell, ...], ...], wanted: Target,
          rng: random.Random, uniqueness: Uniqueness) -> None:
    """Take givens away, in random order, while the puzzle stays unique and T's list solves it."""
    present = [group for group in groups if values[group[0]]]
    rng.shuffle(present)
    for group in present:
        _empty(values, group)
        if not (uniqueness.unique(values) and grade(Grid(tuple(values)), wanted.with_it).solved):
            _fill(values, group, solution)


def _unique_without(values: list[int], group: tuple[Cell, ...], uniqueness: Uniqueness) -> bool:
    kept = [values[cell] for cell in group]
    _empty(values, group)
    unique = uniqueness.unique(values)
    for cell, digit in zip(group, kept):
        values[cell] = digit
    return unique


# ---------------------------------------------------------------------------- making one puzzle


@dataclass
class Made:
    """A task's answer: the puzzle (None when ``tries`` ran out), its solution and grade, and the cost."""

    puzzle: Grid | None
    solution: Grid
    graded: Graded | None
    attempts: int = 0
    repaired: bool = False
    counts: dict[str, int] = field(default_factory=dict)  # candidates by verdict, repairs tried and made


def make(spec: Spec, start: Grid) -> Made:
    """One puzzle to ``spec``, the first attempt from solution ``start``, which also seeds every later choice."""
    rng = random.Random(start.line())
    uniqueness = Uniqueness()
    wanted = target(spec.technique) if spec.technique else None
    groups = orbits(spec.size, spec.symmetry)
    clues = draw_clue_count(rng) if spec.unbiased else None
    counts: dict[str, int] = {}
    solution = start
    for attempt in range(1, spec.attempts + 1):
        if attempt > 1:
            solution = new_solution(spec.size, rng)
        values = top_down(solution, groups, rng, uniqueness)
        if clues is not None and sum(1 for v in values if v) != clues:
            _count(counts, "other clue count")
            continue
        repaired = False
        if wanted is not None:
            verdict = classify(values, wanted, uniqueness.verdict(values)[1])
            _count(counts, verdict)
            if verdict == NEAR_MISS and spec.strategy == "targeted":
                _count(counts, "repairs tried")
                fixed = repair(values, solution, groups, wanted, rng, uniqueness, spec.minimal)
                if fixed is None or not needs(Grid(tuple(fixed)), wanted):
                    continue
                values, repaired = fixed, True
                _count(counts, "repairs made")
            elif verdict != BAND:
                continue
        if spec.minimal and (spec.symmetry != "none" or repaired) and not uniqueness.minimal(values):
            _count(counts, "not minimal")
            continue
        puzzle = Grid(tuple(values))
        graded = grade(puzzle, wanted.with_it if wanted else tuple(r.name for r in ladder()))
        if spec.rating is not None and not (graded.solved and spec.rating[0] <= (graded.se_rating or 0.0)
                                            <= spec.rating[1]):
            _count(counts, "outside the rating range")
            continue
        return Made(puzzle, solution, graded, attempt, repaired, counts)
    return Made(None, solution, None, spec.attempts, False, counts)


def _count(counts: dict[str, int], what: str) -> None:
    counts[what] = counts.get(what, 0) + 1


def draw_clue_count(rng: random.Random) -> int:
    """A clue count drawn from the controlled-bias generator's distribution."""
    counts = list(CONTROLLED_BIAS_CLUES.values())
    cumulative = list(accumulate(counts))
    return list(CONTROLLED_BIAS_CLUES)[bisect(cumulative, rng.randrange(cumulative[-1]))]


# ---------------------------------------------------------------------------- the executors' view


class PuzzleMaker:
    """The generator as a backend the harness's executors run (local processes, Dask).

    A task's grid is the solution its first attempt starts from; the task's every later random
    choice is seeded by it, so a task's puzzle depends only on the run's seed and the task's number.
    """

    name = "generate"

    def __init__(self, **spec):
        self.spec = Spec(**spec)

    def solve(self, grid: Grid, *, limit: int = DEFAULT_LIMIT, time_limit: float | None = None) -> SolveResult:
        began = time.perf_counter()
        made = make(self.spec, grid)
        stats: dict = {"attempts": made.attempts, "repaired": made.repaired, "counts": made.counts}
        if made.puzzle is not None and made.graded is not None:
            stats.update(puzzle=made.puzzle.line(), **grade_fields(made.graded))
        return SolveResult(
            Status.SOLVED if made.puzzle is not None else Status.STUCK,
            solution=made.solution if made.puzzle is not None else None,
            solve_seconds=time.perf_counter() - began,
            stats=stats,
            message="" if made.puzzle is not None else f"no puzzle in {made.attempts} attempts",
        )


def grade_fields(graded: Graded) -> dict:
    """The grade as a task reports it."""
    return {"se_rating": graded.se_rating, "hardest": graded.hardest, "score": graded.score,
            "level": graded.level, "techniques": list(graded.techniques)}


def maker_backend(spec: Spec, label: str) -> Backend:
    """The executors' backend that makes puzzles to ``spec`` (``label`` names it in a run)."""
    return Backend(f"generate/{label}", "sudokit.compare.generate:PuzzleMaker", f"puzzle generator ({label})",
                   options=asdict(spec))


def start_grid(spec: Spec, seed: int, label: str, number: int) -> Grid:
    """The solution grid task ``number`` of ``label`` starts from: a function of the seed and both names."""
    return new_solution(spec.size, random.Random(f"{seed}/{label}/{number}"))

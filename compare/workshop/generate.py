"""Puzzles made to order (``sudokit generate``): unique, optionally minimal and symmetric, graded, targeted.

One *attempt* makes one candidate puzzle:

1. a random solution grid: a random depth-first fill (``models.fill``) followed by a uniformly
   random relabelling, band/stack/row/column permutation and transposition (``transforms``);
2. top-down removal (``compare.workshop.removal``): the cells (or the orbits of the chosen symmetry,
   ``models.symmetry``) in a random order, each emptied when the puzzle keeps one solution, as
   ``bitx`` counts. Without symmetry the result is minimal (a given kept was needed when tried, and
   is needed all the more once others are gone); with a symmetry every orbit is needed, but a single
   given may not be, so ``minimal`` then checks each;
3. the candidate is kept when it meets the spec: minimality, the technique it must need (with near
   misses repaired: ``compare.workshop.targeting``), the rating range. Its grade is the grading mode's
   path (``Spec.grading_mode``: SE mode's on 9×9, the engine's on other sizes), the one plain
   ``sudokit rate`` takes for SE's figures; for a puzzle made to need T, the path with T's list,
   whose hardest step is T, and SE's (HoDoKu's) path with all its techniques must have T as its
   hardest step too, so that plain ``rate`` says T. What a task reports as the rating is what plain
   ``rate`` gives (``grading.cited``).

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

from sudokit.compare.workshop.grading import Graded, cited, cited_rating, grade, techniques_of, unsupported_size
from sudokit.compare.workshop.removal import Uniqueness, new_solution, top_down
from sudokit.compare.workshop.targeting import BAND, NEAR_MISS, classify, needs, repair, target
from sudokit.models.errors import UnknownName, UserError
from sudokit.models.grid import Grid
from sudokit.models.symmetry import orbits, symmetry_maps
from sudokit.solvers.base import DEFAULT_LIMIT, SolveResult, Status
from sudokit.solvers.registry import Backend

SIZES = (4, 9, 16)  # the human engine grades up to 16x16
STRATEGIES = ("targeted", "filter")

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
    mode: str | None = None  # whose path grades the puzzle (``solvers.human.modes``); None: ``grading_mode``

    def __post_init__(self) -> None:
        if self.rating is not None:  # (a list, after a trip through a backend's options)
            object.__setattr__(self, "rating", tuple(self.rating))

    @property
    def attempts(self) -> int:
        """Attempts per puzzle before giving up: ``tries``, or 20,000 (200,000 unbiased, where a puzzle of 29
        clues takes about 6,000 attempts)."""
        return self.tries or (200_000 if self.unbiased else 20_000)

    @property
    def grading_mode(self) -> str:
        """The mode whose path says what a puzzle needs: ``mode``; else on 9×9 SE's (plain ``rate``'s
        headline), or HoDoKu's for a technique SE does not have (a skyscraper: plain ``rate`` names
        HoDoKu's hardest step too); the engine's on the sizes neither program takes."""
        if self.mode is not None:
            return self.mode
        if self.size != 9:
            return "default"
        if self.technique is None or self.technique in techniques_of("se"):
            return "se"
        return "hodoku" if self.technique in techniques_of("hodoku") else "default"

    def check(self) -> None:
        """Raise ``UserError`` for what cannot be made."""
        if self.size not in SIZES:
            raise UserError(f"--size {self.size}: sizes are {', '.join(map(str, SIZES))} "
                            "(the human engine grades up to 16x16)")
        symmetry_maps(self.symmetry)
        if self.mode is not None and (refused := unsupported_size(self.mode, self.size)):
            raise UserError(refused)
        if self.technique is not None:
            target(self.technique, self.grading_mode)
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
    cited: dict = field(default_factory=dict)  # what plain ``rate`` gives for the puzzle (``grading.cited``)


def make(spec: Spec, start: Grid) -> Made:
    """One puzzle to ``spec``, the first attempt from solution ``start``, which also seeds every later choice."""
    rng = random.Random(start.line())
    uniqueness = Uniqueness()
    wanted = target(spec.technique, spec.grading_mode) if spec.technique else None
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
        graded = grade(puzzle, wanted.with_it if wanted else None, mode=spec.grading_mode)
        if spec.rating is not None and not graded.solved:
            _count(counts, "outside the rating range")
            continue
        figures = cited(puzzle)
        if wanted is not None and not _cited_hardest_is(figures, wanted.technique, spec.grading_mode):
            _count(counts, "another hardest step with all techniques")
            continue
        if spec.rating is not None and not spec.rating[0] <= (cited_rating(figures) or 0.0) <= spec.rating[1]:
            _count(counts, "outside the rating range")
            continue
        return Made(puzzle, solution, graded, attempt, repaired, counts, figures)
    return Made(None, solution, None, spec.attempts, False, counts)


def _cited_hardest_is(figures: dict, name: str, mode: str) -> bool:
    """Whether plain ``rate``'s hardest step of ``mode``'s owner is ``name`` (SE's or HoDoKu's; the
    engine's path is not plain ``rate``'s, so any on it)."""
    return mode not in ("se", "hodoku") or figures[f"{mode}_hardest"] == name


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
            stats.update(puzzle=made.puzzle.line(), **grade_fields(made.graded, made.cited))
        return SolveResult(
            Status.SOLVED if made.puzzle is not None else Status.STUCK,
            solution=made.solution if made.puzzle is not None else None,
            solve_seconds=time.perf_counter() - began,
            stats=stats,
            message="" if made.puzzle is not None else f"no puzzle in {made.attempts} attempts",
        )


def grade_fields(graded: Graded, figures: dict) -> dict:
    """What a task reports: plain ``rate``'s figures (SE's ER, HoDoKu's level, or the engine's rating on a
    size neither program takes), and the hardest technique of the grading path (the one "needs" is about)."""
    return {"rating": cited_rating(figures), "rated_by": "engine" if figures["modes"] == ["default"] else "se",
            "se_rating": figures["se_rating"], "hodoku_level": figures["hodoku_level"] or figures["engine_level"],
            "hardest": graded.hardest, "techniques": list(graded.techniques)}


def maker_backend(spec: Spec, label: str) -> Backend:
    """The executors' backend that makes puzzles to ``spec`` (``label`` names it in a run)."""
    return Backend(f"generate/{label}", "sudokit.compare.workshop.generate:PuzzleMaker", f"puzzle generator ({label})",
                   options=asdict(spec))


def start_grid(spec: Spec, seed: int, label: str, number: int) -> Grid:
    """The solution grid task ``number`` of ``label`` starts from: a function of the seed and both names."""
    return new_solution(spec.size, random.Random(f"{seed}/{label}/{number}"))

"""What "needs technique T" means, and how a near miss is repaired into a puzzle that needs T.

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
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sudokit.compare.workshop.grading import grade, ladder
from sudokit.compare.workshop.removal import Uniqueness, empty, fill
from sudokit.models.errors import UnknownName
from sudokit.models.grid import Cell, Grid

SINGLES = ("full_house", "naked_single", "hidden_single")


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
        empty(values, group)
        banned.add(group)
    return None


def _grow(values: list[int], solution: Grid, group_of: dict[Cell, tuple[Cell, ...]], wanted: Target,
          rng: random.Random, banned: set[tuple[Cell, ...]]) -> bool:
    """Add givens where T's list stops, each one keeping the easier techniques stuck, until T's list solves."""
    while not (with_it := grade(Grid(tuple(values)), wanted.with_it)).solved:
        choices = sorted({group_of[cell] for cell in with_it.unsolved} - banned)
        rng.shuffle(choices)
        for group in choices:  # the first that keeps the easier techniques stuck
            fill(values, group, solution)
            if not grade(Grid(tuple(values)), wanted.easier).solved:
                break
            empty(values, group)
        else:
            return False  # every given that helps lets the easier techniques through
    return True


def _trim(values: list[int], solution: Grid, groups: tuple[tuple[Cell, ...], ...], wanted: Target,
          rng: random.Random, uniqueness: Uniqueness) -> None:
    """Take givens away, in random order, while the puzzle stays unique and T's list solves it."""
    present = [group for group in groups if values[group[0]]]
    rng.shuffle(present)
    for group in present:
        empty(values, group)
        if not (uniqueness.unique(values) and grade(Grid(tuple(values)), wanted.with_it).solved):
            fill(values, group, solution)


def _unique_without(values: list[int], group: tuple[Cell, ...], uniqueness: Uniqueness) -> bool:
    kept = [values[cell] for cell in group]
    empty(values, group)
    unique = uniqueness.unique(values)
    for cell, digit in zip(group, kept):
        values[cell] = digit
    return unique

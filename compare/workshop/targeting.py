"""What "needs technique T" means, and how a near miss is repaired into a puzzle that needs T.

**Needs technique T** is defined on one mode's path (``generate --mode``; SE mode's by default, so
that plain ``sudokit rate`` gives T as SE's hardest step). The mode's techniques are ordered by
hardness as its rating picks a path's hardest step (``grading.hardness``: SE's rating in SE mode,
HoDoKu's level then base score in HoDoKu mode). A puzzle needs T when the mode restricted to its
techniques strictly easier than T gets stuck (no guessing), and the mode with those techniques plus
T solves it. T is then the hardest technique of that path, and a necessary one. Techniques exactly
as hard as T (other 6.6s beside a 6.6, say) are in neither list. (``generate`` also checks that the
mode's path with all its techniques, the one plain ``rate`` takes, has T as its hardest step.)

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

from sudokit.compare.workshop.grading import Graded, grade, hardness, techniques_of
from sudokit.compare.workshop.removal import Uniqueness, empty, fill
from sudokit.models.errors import UnknownName
from sudokit.models.grid import Cell, Grid

SINGLES = ("full_house", "naked_single", "hidden_single", "se_hidden_single")  # every mode's singles
MODES_TO_TRY = ("se", "hodoku", "default")


@dataclass(frozen=True)
class Target:
    """A technique to need in a mode: the mode's techniques strictly easier than it, and those plus it
    (in the mode's order)."""

    technique: str
    easier: tuple[str, ...]
    with_it: tuple[str, ...]
    mode: str = "se"

    @property
    def singles_too_easy(self) -> bool:
        """A puzzle singles solve does not need T (every single of the mode is easier than T)."""
        return {s for s in SINGLES if s in techniques_of(self.mode)} <= set(self.easier)


def target(name: str, mode: str = "se") -> Target:
    """The target for technique ``name`` on ``mode``'s path; ``UnknownName`` names the choices (and the
    modes that have it, when ``mode`` does not).

    >>> target("naked_pair").easier[:3]
    ('se_hidden_single', 'se_direct_pointing', 'se_direct_claiming')
    """
    choices = techniques_of(mode)
    if name not in choices:
        others = [m for m in MODES_TO_TRY if m != mode and name in techniques_of(m)]
        where = f" (--mode {' or --mode '.join(others)} has it)" if others else ""
        raise UnknownName(f"unknown technique {name!r} for mode {mode}{where}; choose from {', '.join(choices)}")
    bar = hardness(name, mode)
    easier = tuple(t for t in choices if hardness(t, mode) < bar)
    return Target(name, easier, tuple(t for t in choices if t in easier or t == name), mode)


def needs(grid: Grid, wanted: Target) -> bool:
    """The definition: the easier techniques get stuck, and with T added the mode solves the puzzle."""
    return not _grade(grid, wanted.easier, wanted).solved and _grade(grid, wanted.with_it, wanted).solved


def _grade(grid: Grid, techniques: tuple[str, ...], wanted: Target, probe: str | None = None) -> Graded:
    """``grade`` on the target's mode."""
    return grade(grid, techniques, probe, mode=wanted.mode)


EASY, BAND, HARD, NEAR_MISS = "easy", "needs", "hard", "near miss"


def classify(values: list[int], wanted: Target, singles_solve: bool) -> str:
    """Too easy, needs T, too hard, or a near miss (too hard, but T fires where the easier ones stop)."""
    if singles_solve and wanted.singles_too_easy:
        return EASY
    grid = Grid(tuple(values))
    below = _grade(grid, wanted.easier, wanted, probe=wanted.technique)
    if below.solved:
        return EASY
    if _grade(grid, wanted.with_it, wanted).solved:
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
    while not (with_it := _grade(Grid(tuple(values)), wanted.with_it, wanted)).solved:
        choices = sorted({group_of[cell] for cell in with_it.unsolved} - banned)
        rng.shuffle(choices)
        for group in choices:  # the first that keeps the easier techniques stuck
            fill(values, group, solution)
            if not _grade(Grid(tuple(values)), wanted.easier, wanted).solved:
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
        if not (uniqueness.unique(values) and _grade(Grid(tuple(values)), wanted.with_it, wanted).solved):
            fill(values, group, solution)


def _unique_without(values: list[int], group: tuple[Cell, ...], uniqueness: Uniqueness) -> bool:
    kept = [values[cell] for cell in group]
    empty(values, group)
    unique = uniqueness.unique(values)
    for cell, digit in zip(group, kept):
        values[cell] = digit
    return unique

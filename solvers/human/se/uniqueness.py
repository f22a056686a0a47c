"""Sudoku Explainer's unique rectangles, with its ratings: every type 4.5, type 3 plus 0.1 for each
digit of its naked set beyond the first (4.6 for a pair, 4.7 for a triplet…).

SE collects every unique rectangle (and loop) of a state and reports the easiest first, ties by
type. The rectangles are the engine's (``techniques.uniqueness``), re-rated and re-named here.
SE's longer unique loops (6, 8, 10+ cells: +0.1, +0.2, +0.5) and the hidden form of its type 3
are not found. SE's BUG type 1 (5.6) is the engine's ``bug_plus_1``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

from sudokit.solvers.human.steps import Step
from sudokit.solvers.human.techniques import uniqueness
from sudokit.solvers.human.view import View

BASE = 4.5


def _rated(find: Callable[[View], Iterator[Step]], name: str) -> Callable[[View], Iterator[Step]]:
    def se_find(view: View) -> Iterator[Step]:
        for step in find(view):
            yield replace(step, technique=name, difficulty=round(BASE + _extra(step), 1))

    se_find.__name__ = name
    se_find.__doc__ = f"{find.__doc__} (SE's rating)"
    return se_find


def _extra(step: Step) -> float:
    """What a type 3's naked set adds: 0.1 per digit beyond the first (its digits follow ``+`` in the pattern)."""
    if " + " not in step.pattern:
        return 0.0
    naked = step.pattern.split(" + ", 1)[1].split(" in ", 1)[0]
    return 0.1 * (len(naked.split(",")) - 1)


unique_rectangle_1 = _rated(uniqueness.unique_rectangle_1, "se_unique_rectangle_1")
unique_rectangle_2 = _rated(uniqueness.unique_rectangle_2, "se_unique_rectangle_2")
unique_rectangle_3 = _rated(uniqueness.unique_rectangle_3, "se_unique_rectangle_3")
unique_rectangle_4 = _rated(uniqueness.unique_rectangle_4, "se_unique_rectangle_4")

"""Solving modes: whose technique set, whose order, whose rating.

A mode says which techniques the engine may use (``techniques``), how it picks the next step in a
state (``choose``: the default takes the first step of the first technique that fires, easiest
first) and how a path is rated (``rate``). ``default`` is sudokit's own engine (HoDoKu's order;
its figures are the engine's, named so: ``rating.owner``); other modes reproduce another program's
verdicts and register themselves here (whose number is which: ``docs/concepts/ratings.md``).

>>> mode("default").name, mode("default").techniques[:2]
('default', ('full_house', 'naked_single'))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from sudokit.models.errors import UnknownName
from sudokit.solvers.human import hodoku
from sudokit.solvers.human.rating import Rating, rate
from sudokit.solvers.human.registry import PRESETS
from sudokit.solvers.human.se import mode as se_mode
from sudokit.solvers.human.steps import Finder, Step
from sudokit.solvers.human.view import View

Chooser = Callable[[View, Sequence[Finder]], "Step | None"]  # the next step in a state, or None when none fires
Rater = Callable[[Sequence[Step]], Rating]


def first_found(view: View, finders: Sequence[Finder]) -> Step | None:
    """The first step of the first finder that finds one (finders easiest first)."""
    for find in finders:
        view.poll()
        for step in find(view):
            return step
    return None


@dataclass(frozen=True, kw_only=True)
class Mode:
    """A way of solving and rating: technique set, step choice, path rating."""

    name: str
    summary: str
    techniques: tuple[str, ...]  # used when the caller names none
    choose: Chooser = first_found
    rate: Rater = rate
    proper_only: bool = False  # rates only puzzles with one solution (counted first), as SE and HoDoKu do


def _rated_as(name: str, rater: Rater, *, scored: bool = True) -> Rater:
    """``rater`` with its ratings marked as ``name``'s; without HoDoKu's score and level unless ``scored``
    (SE has no such figures: a sum of HoDoKu's scores over SE's path would be nobody's number)."""
    def rate_path(steps: Sequence[Step]) -> Rating:
        rating = replace(rater(steps), mode=name)
        return rating if scored else replace(rating, score=None, level=None)
    return rate_path


MODES: dict[str, Mode] = {
    "default": Mode(name="default", summary="sudokit's own engine: HoDoKu's order; its own figures (engine_*) on SE's and HoDoKu's scales",
                    techniques=PRESETS["full"]),
    "se": Mode(name="se", summary="Sudoku Explainer's techniques, order and ER/EP/ED (serate 1.2.1.3)",
               techniques=se_mode.TECHNIQUE_NAMES, choose=se_mode.choose, rate=_rated_as("se", se_mode.rate_path, scored=False),
               proper_only=True),
    "hodoku": Mode(name="hodoku", summary="HoDoKu's verdict: its default techniques and order, its choice of "
                   "step, its score and level (raised by the score)",
                   techniques=hodoku.techniques(), choose=hodoku.choose, rate=_rated_as("hodoku", hodoku.rate),
                   proper_only=True),
}


def mode(name: str) -> Mode:
    """The mode called ``name``; an unknown name is refused with the choices."""
    try:
        return MODES[name]
    except KeyError:
        raise UnknownName(f"unknown mode {name!r}; choose from {', '.join(MODES)}") from None

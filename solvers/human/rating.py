"""Ratings of a solve path on the community's scales.

- Sudoku Explainer style: the rating of the hardest step (SE rates a puzzle by its hardest step);
- HoDoKu style: the sum of the steps' base scores, and the level of the hardest step.

A guess rates like HoDoKu's Brute Force (10000, extreme) and SE's "beyond its techniques" (20.0).
The path is this engine's, so the SE-style figure approximates SE's own, which takes its steps
in a different order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass

from solvers.human.registry import GUESS, LEVELS, technique
from solvers.human.steps import Step


@dataclass(frozen=True)
class Rating:
    """How hard a solve path is."""

    se_rating: float
    score: int
    level: str
    hardest: str | None  # the technique of the hardest step
    techniques: tuple[str, ...]  # every technique used, sorted
    guessed: bool

    def to_dict(self) -> dict:
        return {**asdict(self), "techniques": list(self.techniques)}


def rate(steps: Sequence[Step]) -> Rating:
    """The rating of a solve path.

    >>> from solvers.human.steps import Step
    >>> rate([Step("hidden_single", 9), Step("x_wing", 9), Step("naked_single", 9)])
    Rating(se_rating=3.2, score=158, level='hard', hardest='x_wing', techniques=('hidden_single', 'naked_single', 'x_wing'), guessed=False)
    """
    used = [technique(s.technique) for s in steps]
    hardest = max(used, key=lambda t: (t.se_rating, LEVELS.index(t.level)), default=None)
    return Rating(
        se_rating=hardest.se_rating if hardest else 0.0,
        score=sum(t.hodoku_score for t in used),
        level=max((t.level for t in used), key=LEVELS.index, default=LEVELS[0]),
        hardest=hardest.name if hardest else None,
        techniques=tuple(sorted({t.name for t in used})),
        guessed=any(t is GUESS for t in used),
    )

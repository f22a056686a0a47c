"""Ratings of a solve path on the community's scales.

- Sudoku Explainer style: the rating of the hardest step (SE rates a puzzle by its hardest step);
  a chain's length adds to its technique's rating as in SE;
- HoDoKu style: the sum of the steps' base scores, and the level of the hardest step.

A guess rates like HoDoKu's Brute Force (10000, extreme) and SE's "beyond its techniques" (20.0).
EP and ED are computed as SE's rater (serate 1.2.1.3) does: ED is the first step's rating, EP the
hardest rating up to and including the first step that places a digit (SE's direct hints and the
chains that prove a value place one; its eliminations, BUG type 1 included, do not).
The path is this engine's, so the SE-style figure approximates SE's own, which takes its steps
in a different order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass

from sudokit.solvers.human.registry import GUESS, LEVELS, technique
from sudokit.solvers.human.steps import Step


@dataclass(frozen=True)
class Rating:
    """How hard a solve path is."""

    se_rating: float  # the hardest step's (SE's ER)
    score: int | None  # HoDoKu-style; None in a mode that has no such figure (SE's)
    level: str | None
    hardest: str | None  # the technique of the hardest step
    techniques: tuple[str, ...]  # every technique used, sorted
    guessed: bool
    uniqueness: bool  # the path assumed the puzzle has one solution (unique rectangles, BUG)
    ep: float = 0.0  # SE's EP: the hardest step up to the first placement
    ed: float = 0.0  # SE's ED: the first step's rating
    mode: str = "default"  # whose rating this is (``modes.MODES``)

    def to_dict(self) -> dict:
        return {**asdict(self), "techniques": list(self.techniques)}

    def figures(self, effort: float | None = None) -> str:
        """The rating's figures as text: ER/EP/ED, the score and level when the mode has them, the effort.

        >>> Rating(7.1, None, None, "x_wing", (), False, False, ep=7.1, ed=2.0, mode="se").figures(812.4)
        'ER/EP/ED 7.1/7.1/2.0, effort 812'
        """
        parts = [f"ER/EP/ED {self.se_rating}/{self.ep}/{self.ed}"]
        if self.score is not None:
            parts.append(f"HoDoKu score {self.score} ({self.level})")
        if effort is not None:
            parts.append(f"effort {effort:.0f}")
        return ", ".join(parts)


def rate(steps: Sequence[Step]) -> Rating:
    """The rating of a solve path.

    >>> from sudokit.solvers.human.steps import Step
    >>> rate([Step("hidden_single", 9), Step("x_wing", 9), Step("naked_single", 9)])
    Rating(se_rating=3.2, score=158, level='hard', hardest='x_wing', techniques=('hidden_single', 'naked_single', 'x_wing'), guessed=False, uniqueness=False, ep=3.2, ed=1.5, mode='default')
    """
    used = [technique(s.technique) for s in steps]
    rated = [(se_rating(s), LEVELS.index(t.level), t.name) for s, t in zip(steps, used)]
    top = max(rated, default=None)
    placing = next((i for i, s in enumerate(steps) if s.placements), len(steps) - 1)
    return Rating(
        se_rating=top[0] if top else 0.0,
        score=sum(t.hodoku_score for t in used),
        level=max((t.level for t in used), key=LEVELS.index, default=LEVELS[0]),
        hardest=top[2] if top else None,
        techniques=tuple(sorted({t.name for t in used})),
        guessed=any(t is GUESS for t in used),
        uniqueness=any(t.family == "uniqueness" for t in used),
        ep=max((r[0] for r in rated[: placing + 1]), default=0.0),
        ed=rated[0][0] if rated else 0.0,
    )


def se_rating(step: Step) -> float:
    """A step's SE-style rating: its own (``Step.difficulty``) when it has one, else its technique's
    plus what its chain's length adds."""
    if step.difficulty:
        return step.difficulty
    return round(technique(step.technique).se_rating + chain_bonus(step.length), 1)


def chain_bonus(length: int) -> float:
    """What a chain of ``length`` nodes adds to its technique's SE rating, as Sudoku Explainer counts.

    SE adds 0.1 each time the length (less its two ends) passes a ceiling: 4, 6, 8, 12, 16, 24,
    32, 48, … (alternately times 3/2 and 4/3).

    >>> [chain_bonus(n) for n in (0, 6, 7, 10, 11, 30)]
    [0.0, 0.0, 0.1, 0.2, 0.3, 0.6]
    """
    bonus, ceiling, grow = 0.0, 4, (3, 2)
    while length - 2 > ceiling:
        bonus += 0.1
        ceiling = ceiling * grow[0] // grow[1]
        grow = (4, 3) if grow == (3, 2) else (3, 2)
    return round(bonus, 1)

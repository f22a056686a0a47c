"""What the human engine reports about a solve, as one typed record: what reports and studies read.

The rating's figures are stored under their owner's names (``rating.OWNED_KEYS``); the fields here
keep one name each whatever the mode, and ``owner`` says whose they are.

A backend's statistics travel as a dict (``SolveResult.stats``) and are stored in a results
database: ``steps``, ``guesses`` and ``hardest`` in columns of their own, the rest as JSON. This
record is the one place that names those keys, both when a solve writes them and when a report
reads them back, so a renamed field cannot silently empty a report section.

>>> stats = HumanStats(steps=40, guesses=0, hardest="x_wing", techniques=("hidden_single", "x_wing"),
...                    uniqueness=False, se_rating=3.2, score=158, level="hard")
>>> HumanStats.from_stored(stats.steps, stats.guesses, stats.hardest, stats.to_dict()) == stats
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sudokit.solvers.human.rating import owner


@dataclass(frozen=True, kw_only=True)
class HumanStats:
    """A human-engine solve: its path's length and guesses, its techniques, and its rating (only a
    finished solve is rated: otherwise ``se_rating``, ``score`` and ``level`` are None)."""

    steps: int
    guesses: int
    hardest: str | None  # the technique of the hardest step
    techniques: tuple[str, ...]  # every technique the path used, sorted
    uniqueness: bool  # the path assumed the puzzle has one solution
    se_rating: float | None
    score: int | None
    level: str | None
    ep: float | None = None  # SE's EP and ED (see ``rating.Rating``), for a finished solve
    ed: float | None = None
    mode: str = "default"  # the solving mode (``modes.MODES``)
    effort: float | None = None  # the path's human effort (``effort.path_effort``), for a finished solve

    @property
    def owner(self) -> str:
        """Whose figures the rating is (``rating.owner``): ``se``, ``hodoku`` or ``engine``."""
        return owner(self.mode, self.guesses > 0)

    def to_dict(self) -> dict[str, Any]:
        """The backend statistics (``SolveResult.stats``), as stored: the rating under its owner's names
        (``se_rating``/``ep``/``ed`` only in SE mode, ``hodoku_score``/``hodoku_level`` only in HoDoKu mode,
        ``engine_*`` otherwise: docs/concepts/ratings.md)."""
        figures: dict[str, Any] = {
            "se": {"se_rating": self.se_rating, "ep": self.ep, "ed": self.ed},
            "hodoku": {"hodoku_score": self.score, "hodoku_level": self.level},
            "engine": {"engine_rating": self.se_rating, "engine_ep": self.ep, "engine_ed": self.ed,
                       "engine_score": self.score, "engine_level": self.level},
        }[self.owner]  # type: ignore[assignment]
        return {"steps": self.steps, "hardest": self.hardest, "techniques": list(self.techniques),
                "guesses": self.guesses, "uniqueness": self.uniqueness, **figures, "mode": self.mode,
                "effort": self.effort}

    @classmethod
    def from_stored(cls, steps: int | None, guesses: int | None, hardest: str | None,
                    extra: Mapping[str, Any]) -> HumanStats | None:
        """The record of a stored answer (its step and guess columns, its hardest technique and its
        other statistics), or None when it is not a human-engine answer."""
        if steps is None or "techniques" not in extra:
            return None
        def read(*keys: str) -> Any:  # the owner's key, or the one stored before ratings were named by owner
            return next((extra[k] for k in keys if extra.get(k) is not None), None)

        return cls(steps=steps, guesses=guesses or 0, hardest=hardest, techniques=tuple(extra["techniques"]),
                   uniqueness=bool(extra.get("uniqueness")),
                   se_rating=_number(read("se_rating", "engine_rating")),
                   score=read("hodoku_score", "engine_score", "score"), level=read("hodoku_level", "engine_level", "level"),
                   ep=_number(read("ep", "engine_ep")), ed=_number(read("ed", "engine_ed")),
                   mode=extra.get("mode") or "default", effort=_number(extra.get("effort")))


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) else None

"""The generator's one door into the human engine: the technique ladder, and a solve with a chosen list.

Nothing else in the generator imports ``sudokit.solvers.human``: when the engine's entry points
change, ``ladder`` and ``grade`` are the only code to follow them.

>>> from sudokit.models.grid import Grid
>>> g = grade(Grid.parse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."), full())
>>> g.solved, g.hardest, g.se_rating
(True, 'naked_single', 2.3)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from sudokit.models.grid import Cell, Grid


@dataclass(frozen=True)
class Rung:
    """A technique as the generator orders them: by SE-style rating, then HoDoKu level (as the engine's
    rating picks a path's hardest step)."""

    name: str
    family: str
    se_rating: float
    level: int  # index in the engine's levels, easy = 0

    @property
    def hardness(self) -> tuple[float, int]:
        return self.se_rating, self.level


@dataclass(frozen=True)
class Graded:
    """How the engine did with a list of techniques: solved or not, the rating of its path, what it left.

    ``se_rating``, ``score`` and ``level`` are None unless solved; ``unsolved`` are the cells left empty
    (stuck); ``fires`` says whether the probed technique has a step in the state where it stopped.
    """

    solved: bool
    se_rating: float | None
    score: int | None
    level: str | None
    hardest: str | None
    techniques: tuple[str, ...]
    unsolved: frozenset[Cell]
    fires: bool = False


@cache
def ladder() -> tuple[Rung, ...]:
    """Every technique of the engine's full preset, in the engine's order (its solving order)."""
    from sudokit.solvers.human import registry

    return tuple(Rung(t.name, t.family, t.se_rating, registry.LEVELS.index(t.level))
                 for t in (registry.TECHNIQUES[name] for name in registry.PRESETS["full"]))


def techniques_of(mode: str) -> tuple[str, ...]:
    """The techniques ``mode`` solves with, in its order (SE's producers', HoDoKu's step table's, the engine's)."""
    from sudokit.solvers.human import modes

    return modes.mode(mode).techniques


def unsupported_size(mode: str, size: int) -> str | None:
    """Why ``mode`` cannot grade a ``size``×``size`` puzzle (SE's and HoDoKu's take 9×9 only), or None."""
    from sudokit.solvers.human.cited import unsupported_size as why

    return why(mode, size)


def hardness(name: str, mode: str) -> tuple[float, ...]:
    """How hard technique ``name`` is as ``mode``'s rating picks a path's hardest step: by SE's rating in
    SE mode, by HoDoKu's level then base score in HoDoKu mode, by SE-style rating then HoDoKu level on
    the engine's path.

    >>> hardness("x_wing", "se"), hardness("x_wing", "hodoku"), hardness("x_wing", "default")
    ((3.2,), (2, 140), (3.2, 2))
    """
    from sudokit.solvers.human import registry

    t = registry.TECHNIQUES[name]
    if mode == "hodoku":
        return registry.LEVELS.index(t.level), t.hodoku_score
    if mode == "se":
        return (t.se_rating,)
    return t.se_rating, registry.LEVELS.index(t.level)


def grade(grid: Grid, techniques: tuple[str, ...] | None, probe: str | None = None, *, mode: str = "default") -> Graded:
    """Solve ``grid`` in ``mode`` with ``techniques`` (the mode's when None; no guessing); when stuck,
    whether ``probe`` fires where it stopped."""
    from sudokit.solvers.base import Status
    from sudokit.solvers.human.engine import find_steps, solve_logically

    result = solve_logically(grid, techniques, mode=mode)
    solved = result.status is Status.SOLVED
    rating = result.rating
    unsolved = frozenset(cell for cell, value in enumerate(result.state.values) if not value)
    fires = probe is not None and not solved and bool(find_steps(result.state, probe))
    return Graded(solved, rating.se_rating if solved else None, rating.score if solved else None,
                  rating.level if solved else None, rating.hardest, tuple(rating.techniques),
                  frozenset() if solved else unsolved, fires)


def cited(grid: Grid) -> dict:
    """What plain ``sudokit rate`` gives for ``grid``: SE's ER/EP/ED and HoDoKu's score and level, each
    from its own mode (the engine's figures on a size neither program takes); see ``solvers.human.cited``."""
    from sudokit.solvers.human.cited import rating_record

    return rating_record(grid)[1]


def cited_rating(record: dict) -> float | None:
    """The rating a ``--rating`` range is about: SE's ER, or the engine's on a size SE does not take."""
    return record["se_rating"] if record["modes"] != ["default"] else record["engine_rating"]


def full() -> tuple[str, ...]:
    """The engine's full preset."""
    return tuple(rung.name for rung in ladder())

"""Steps worth a picture in a report: the hardest puzzle's hardest step, and each study rung's first step.

A stored run keeps no solve paths, only each puzzle and its record; the chosen puzzles are solved
again by the human engine (a solve is deterministic, so it takes the same path the run's did).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sudokit.compare.reports.pictures import path_states
from sudokit.compare.run.store import Record
from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid
from sudokit.solvers.base import Status
from sudokit.solvers.human.engine import solve_logically
from sudokit.solvers.human.rating import se_rating
from sudokit.solvers.human.registry import PRESETS, TECHNIQUES
from sudokit.solvers.human.steps import Step


@dataclass(frozen=True)
class Exemplar:
    """A step of a puzzle's solve, in the state it was found in: what a report draws."""

    set_name: str
    puzzle_index: int
    puzzle: Grid
    number: int  # the step's place in the path, from 1
    steps: int  # the path's length
    state: Candidates
    step: Step


def hardest(puzzles: dict[tuple[str, int], str], ratings: dict[tuple[str, int], float]) -> Exemplar | None:
    """The puzzle rated hardest (first of equals) with its hardest step, solved with every technique."""
    rated = [key for key in ratings if key in puzzles]
    if not rated:
        return None
    key = max(rated, key=lambda k: (ratings[k], -k[1]))
    return first_step(key, Grid.parse(puzzles[key]), PRESETS["full"], None)


def first_step(key: tuple[str, int], puzzle: Grid, techniques: Sequence[str], wanted: set[str] | None) -> Exemplar | None:
    """The first step using one of ``wanted`` in the solve of ``puzzle`` (None: its hardest step)."""
    result = solve_logically(puzzle, techniques)
    states = list(path_states(Candidates.from_grid(puzzle), result.steps))
    if wanted is None:
        chosen = max(range(len(states)), key=lambda i: (se_rating(states[i][1]), -i), default=None)
    else:
        chosen = next((i for i, (_, s) in enumerate(states) if s.technique in wanted), None)
    if chosen is None:
        return None
    state, step = states[chosen]
    return Exemplar(key[0], key[1], puzzle, chosen + 1, len(states), state, step)


def rung_examples(records: list[Record], ladder: list[dict]) -> list[tuple[dict, Exemplar]]:
    """For each rung of a study's ladder, a puzzle it solves and the rung below does not, with the
    first step that uses a technique the rung adds (the first such puzzle of the run)."""
    solved = {(r.backend, r.set_name, r.puzzle_index) for r in records if r.status == Status.SOLVED.value}
    puzzles = {(r.set_name, r.puzzle_index): r.puzzle for r in records}
    found, below, so_far = [], None, set()
    for rung in ladder:
        so_far |= set(rung["adds"])
        techniques = [name for name in TECHNIQUES if name in so_far]  # the registry's order, as the rung's backend
        for key in sorted(puzzles):
            if (rung["backend"], *key) in solved and (below is None or (below, *key) not in solved):
                example = first_step(key, Grid.parse(puzzles[key]), techniques, set(rung["adds"]))
                if example is not None:
                    found.append((rung, example))
                break
        below = rung["backend"]
    return found

"""Guessing: not a technique but the engine's last resort, labelled as a step like the others."""

from __future__ import annotations

from collections.abc import Iterator

from sudokit.models.candidates import Candidates
from sudokit.models.grid import symbol
from sudokit.solvers.human.steps import Step


def guess(state: Candidates) -> Iterator[Step]:
    """One guess per candidate of the open cell with the fewest candidates (the first such cell)."""
    open_cells = [c for c, mask in enumerate(state.marks) if mask]
    if not open_cells:
        return
    cell = min(open_cells, key=lambda c: state.marks[c].bit_count())
    for digit in state.digits(cell):
        yield Step("guess", state.size, (digit,), placements=((cell, digit),), cells=(cell,))


def refuted(guess: Step, reason: str) -> Step:
    """The elimination a failed guess proves: ``Guess: r1c1=5 fails (…) => r1c1<>5``."""
    (cell, digit), = guess.placements
    return Step("guess", guess.size, guess.digits, eliminations=guess.placements, cells=guess.cells,
                pattern=f"{guess.name(cell)}={symbol(digit)} fails ({reason})")

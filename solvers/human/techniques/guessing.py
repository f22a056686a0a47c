"""Guessing: not a technique but the engine's last resort, labelled as a step like the others."""

from __future__ import annotations

from collections.abc import Iterator

from sudokit.models.grid import symbol
from sudokit.solvers.human.steps import Step
from sudokit.solvers.human.view import View


def guess(view: View) -> Iterator[Step]:
    """One guess per candidate of the open cell with the fewest candidates (the first such cell)."""
    open_cells = [c for c, mask in enumerate(view.marks) if mask]
    if not open_cells:
        return
    cell = min(open_cells, key=lambda c: view.marks[c].bit_count())
    for digit in view.digits(cell):
        yield Step("guess", view.size, (digit,), placements=((cell, digit),), cells=(cell,))


def refuted(guess: Step, reason: str) -> Step:
    """The elimination a failed guess proves: ``Guess: r1c1=5 fails (…) => r1c1<>5``."""
    (cell, digit), = guess.placements
    return Step("guess", guess.size, guess.digits, eliminations=guess.placements, cells=guess.cells,
                pattern=f"{guess.name(cell)}={symbol(digit)} fails ({reason})")

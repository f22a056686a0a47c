"""Seeded validity-preserving transformations, as tdoku's benchmark applies before solving.

A transformation relabels the digits, permutes bands and the rows within each band, stacks and
the columns within each stack, and may transpose. It maps puzzles to puzzles with the same number
of solutions, and solutions back to solutions of the original.

>>> puzzle = Grid.parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
>>> t = transform_for(seed=7, set_name="top95", index=0, size=9)
>>> t.apply(puzzle).count_givens(), t.undo(t.apply(puzzle)) == puzzle
(17, True)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from sudokit.models.grid import Cell, Digit, Grid


@dataclass(frozen=True)
class Transform:
    """Cell ``i`` of a transformed grid shows cell ``source[i]`` of the original, relabelled by ``digits``."""

    source: tuple[Cell, ...]
    digits: tuple[Digit, ...]  # digits[d] is the new label of d; digits[0] == 0 keeps blanks blank

    def apply(self, grid: Grid) -> Grid:
        """The transformed grid."""
        return Grid(tuple(self.digits[grid.values[cell]] for cell in self.source))

    def undo(self, grid: Grid) -> Grid:
        """The original grid of a transformed one (maps a solution back; unknown digits are kept)."""
        original = {new: old for old, new in enumerate(self.digits)}
        values = [0] * len(self.source)
        for cell, old_cell in enumerate(self.source):
            values[old_cell] = original.get(grid.values[cell], grid.values[cell])
        return Grid(tuple(values))


def random_transform(size: int, rng: random.Random) -> Transform:
    """A random transformation of a size×size grid."""
    rows, cols = _line_order(size, rng), _line_order(size, rng)
    if rng.random() < 0.5:
        source = tuple(rows[c] * size + cols[r] for r in range(size) for c in range(size))
    else:
        source = tuple(rows[r] * size + cols[c] for r in range(size) for c in range(size))
    labels = rng.sample(range(1, size + 1), size)
    return Transform(source, (0, *labels))


def transform_for(seed: int, set_name: str, index: int, size: int) -> Transform:
    """The transformation of one puzzle of a run: the same for every backend and every resume."""
    return random_transform(size, random.Random(f"{seed}/{set_name}/{index}"))


def _line_order(size: int, rng: random.Random) -> list[int]:
    """Rows (or columns) in a new order: bands shuffled, then the lines within each band."""
    box = math.isqrt(size)
    return [band * box + line for band in rng.sample(range(box), box) for line in rng.sample(range(box), box)]

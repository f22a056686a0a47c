"""Symmetries of a puzzle's givens: which cells must be given (or blank) together.

A symmetry is a group of maps of the square onto itself; its orbits are the sets of cells the
maps carry into one another. A puzzle is symmetric when each orbit is all givens or all blanks, so
a generator removes givens orbit by orbit.

>>> orbits(9, "rotational")[0], orbits(9, "rotational")[40]
((0, 80), (40,))
>>> len(orbits(9, "none")), len(orbits(9, "rotational")), len(orbits(9, "dihedral"))
(81, 41, 15)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from sudokit.models.errors import UnknownName
from sudokit.models.grid import Cell

Map = Callable[[int, int, int], tuple[int, int]]  # (row, column, size) -> (row, column)

_TURN_HALF: Map = lambda r, c, n: (n - 1 - r, n - 1 - c)  # noqa: E731
_TURN_QUARTER: Map = lambda r, c, n: (c, n - 1 - r)  # noqa: E731
_MIRROR_ROWS: Map = lambda r, c, n: (n - 1 - r, c)  # noqa: E731  (top <-> bottom)
_MIRROR_COLUMNS: Map = lambda r, c, n: (r, n - 1 - c)  # noqa: E731  (left <-> right)
_MIRROR_DIAGONAL: Map = lambda r, c, n: (c, r)  # noqa: E731
_MIRROR_ANTIDIAGONAL: Map = lambda r, c, n: (n - 1 - c, n - 1 - r)  # noqa: E731

# name -> (what it is, the maps that generate its group)
SYMMETRIES: dict[str, tuple[str, tuple[Map, ...]]] = {
    "none": ("no symmetry", ()),
    "rotational": ("180° rotation (the classic)", (_TURN_HALF,)),
    "quarter": ("90° rotation", (_TURN_QUARTER,)),
    "horizontal": ("mirror across the middle row", (_MIRROR_ROWS,)),
    "vertical": ("mirror across the middle column", (_MIRROR_COLUMNS,)),
    "diagonal": ("mirror across the main diagonal (r1c1-r9c9)", (_MIRROR_DIAGONAL,)),
    "antidiagonal": ("mirror across the anti-diagonal (r1c9-r9c1)", (_MIRROR_ANTIDIAGONAL,)),
    "orthogonal": ("both middle-line mirrors", (_MIRROR_ROWS, _MIRROR_COLUMNS)),
    "bidiagonal": ("both diagonal mirrors", (_MIRROR_DIAGONAL, _MIRROR_ANTIDIAGONAL)),
    "dihedral": ("every rotation and mirror of the square", (_TURN_QUARTER, _MIRROR_DIAGONAL)),
}


def symmetry_maps(name: str) -> tuple[Map, ...]:
    """The maps that generate symmetry ``name``; ``UnknownName`` names the choices."""
    try:
        return SYMMETRIES[name][1]
    except KeyError:
        raise UnknownName(f"unknown symmetry {name!r}; choose from {', '.join(SYMMETRIES)}") from None


@cache
def orbits(size: int, name: str) -> tuple[tuple[Cell, ...], ...]:
    """The orbits of an N×N grid's cells under symmetry ``name``, each sorted, in order of their first cell."""
    maps = symmetry_maps(name)
    seen: set[Cell] = set()
    found = []
    for start in range(size * size):
        if start in seen:
            continue
        orbit, frontier = {start}, [start]
        while frontier:
            row, col = divmod(frontier.pop(), size)
            for move in maps:
                image = move(row, col, size)
                cell = image[0] * size + image[1]
                if cell not in orbit:
                    orbit.add(cell)
                    frontier.append(cell)
        seen |= orbit
        found.append(tuple(sorted(orbit)))
    return tuple(found)

"""Which step HoDoKu meets first within one technique, and in which order it makes a step's removals.

sudokit's finders scan in their own order (shared with the other modes, so left as they are). For
the techniques where HoDoKu's scan differs, HoDoKu mode collects every step of the technique and
takes the one of smallest ``SCAN`` key, the key being where HoDoKu's scan meets the step:

- **Naked subsets** (and Locked Pair/Triple): boxes first, then rows, then columns; in a unit, the
  cells' combinations in cell order (the first and second cell, then the first and third …). A
  subset is met in the first unit of that order holding all its cells, and removes its digits from
  every unit its cells share.
- **Hidden subsets**: boxes, rows, columns; in a unit, the combinations of its digits in digit order.

``in_order`` puts a step's removals in HoDoKu's order: a naked subset's unit by unit (its shared
row, column, box), cell by cell, digit by digit; any other step's cell by cell. The order matters
for the singles the removals leave (``hodoku_queues``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from sudokit.models.grid import Geometry
from sudokit.solvers.human.steps import Step

Key = tuple[int, ...]

NAKED = frozenset({"l2", "l3", "n2", "n3", "n4"})
HIDDEN = frozenset({"h2", "h3", "h4"})


def _unit_rank(geometry: Geometry, unit: int) -> tuple[int, int]:
    """A unit's place in HoDoKu's subset scan: boxes, rows, columns."""
    kind, number = divmod(unit, geometry.size)  # kinds: 0 rows, 1 columns, 2 boxes
    return (kind + 1) % 3, number


def _shared_units(geometry: Geometry, cells: tuple[int, ...]) -> list[int]:
    """The units holding all ``cells``: row, column, box (unit numbers)."""
    common = set(geometry.cell_units[cells[0]])
    for cell in cells[1:]:
        common &= set(geometry.cell_units[cell])
    return sorted(common)


def _naked_key(step: Step, geometry: Geometry) -> Key:
    first = min(_shared_units(geometry, step.cells), key=lambda unit: _unit_rank(geometry, unit))
    return (*_unit_rank(geometry, first), *sorted(step.cells))


def _hidden_key(step: Step, geometry: Geometry) -> Key:
    return (*_unit_rank(geometry, step.units[0]), *step.digits)


SCAN: dict[str, Callable[[Step, Geometry], Key]] = {
    **dict.fromkeys(NAKED, _naked_key), **dict.fromkeys(HIDDEN, _hidden_key)}


def in_order(code: str, step: Step, geometry: Geometry) -> Step:
    """The step with its removals in HoDoKu's order."""
    if code in NAKED and step.cells:
        where = {candidate: i for i, candidate in enumerate(step.eliminations)}
        ordered = []
        for unit in _shared_units(geometry, tuple(step.cells)):
            for cell in geometry.units[unit]:
                ordered += [(cell, d) for d in sorted(step.digits) if (cell, d) in where]
        ordered = list(dict.fromkeys(ordered))
        return replace(step, eliminations=tuple(ordered)) if len(ordered) == len(where) else step
    return replace(step, eliminations=tuple(sorted(step.eliminations)))

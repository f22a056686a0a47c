"""Which step HoDoKu meets first within one technique, and in which order it makes a step's removals.

sudokit's finders scan in their own order (shared with the other modes, so left as they are). For
the techniques where HoDoKu's scan differs, HoDoKu mode collects every step of the technique and
takes the one of smallest ``SCAN`` key, the key being where HoDoKu's scan meets the step:

- **Naked subsets** (and Locked Pair/Triple): boxes first, then rows, then columns; in a unit, the
  cells' combinations in cell order (the first and second cell, then the first and third …). A
  subset is met in the first unit of that order holding all its cells, and removes its digits from
  every unit its cells share.
- **Hidden subsets**: boxes, rows, columns; in a unit, the combinations of its digits in digit order.
- **Fish** (basic, finned, sashimi): digit by digit, rows as base before columns, the base lines'
  combinations in order, then the cover lines'.
- **Skyscraper**: both links in rows (for every digit) before both in columns; digit; the pair of
  lines in order. **2-String Kite**: digit, the row's link, the column's.
- **Empty Rectangle**: digit, box, which of the box's nine row-and-column crosses (HoDoKu's order:
  its last row and column first), the outside pair in a column before one in a row, the pair's
  cell on the rectangle's line in cell order.
- **W-Wing**: the two bivalue cells in cell order, the smaller removed digit first. **XY-Wing**: the
  three cells in cell order, the pivot the first, second or third of them. **XYZ-Wing**: pivot,
  then the pincers in cell order.
- **Franken fish** (finned or not): digit by digit, rows (and boxes) as base before columns (and
  boxes), the base units' combinations in unit order, then the cover units'. HoDoKu takes the first
  it meets; this key applies once the mode does not sort these rows as exhaustive (``hodoku.EXHAUSTIVE``).
- **Multi Colors**: digit by digit; for a digit, type 2 (a colour sees both colours of another
  cluster) before type 1.

``in_order`` puts a step's removals in HoDoKu's order: a naked subset's unit by unit (its shared
row, column, box), cell by cell, digit by digit; a remote pair's, a loop's or a forcing chain's
digit by digit, then cell by cell (HoDoKu sorts them so); those of a Sue de Coq, a rectangle or an
ALS move as HoDoKu's own search makes them (``AS_FOUND``); any other step's cell by cell. The order matters
for the singles the removals leave (``hodoku_queues``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from sudokit.models.grid import Geometry
from sudokit.solvers.human.steps import Step

Key = tuple[int, ...]

NAKED = frozenset({"l2", "l3", "n2", "n3", "n4"})
BY_DIGIT = frozenset({"rp", "nl", "gnl", "fc", "fn"})  # removals sorted digit by digit, then cell by cell
HIDDEN = frozenset({"h2", "h3", "h4"})
# Rows whose steps HoDoKu mode finds by HoDoKu's own search, removals in its order.
AS_FOUND = frozenset({"sdc", "u1", "u2", "u3", "u4", "u5", "u6", "hr", "axz", "axy", "ach"})


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


def _fish_key(step: Step, geometry: Geometry) -> Key:
    return (*step.digits, *step.units)  # base units (rows before columns), then cover units


def _line_of(geometry: Geometry, a: int, b: int, kind: int) -> int | None:
    """The row (``kind`` 0) or column (1) number two cells share, if they do."""
    unit = geometry.cell_units[a][kind]
    return unit % geometry.size if unit == geometry.cell_units[b][kind] else None


def _skyscraper_key(step: Step, geometry: Geometry) -> Key:
    a1, a2, b1, b2 = step.cells[:4]
    kind = 0 if _line_of(geometry, a1, a2, 0) is not None else 1
    lines = sorted(x for x in (_line_of(geometry, a1, a2, kind), _line_of(geometry, b1, b2, kind)) if x is not None)
    return (kind, *step.digits, *lines)


def _kite_key(step: Step, geometry: Geometry) -> Key:
    a1, a2, b1, b2 = step.cells[:4]
    row = _line_of(geometry, a1, a2, 0)
    if row is None:  # the first link is the column's
        row, column = _line_of(geometry, b1, b2, 0), _line_of(geometry, a1, a2, 1)
    else:
        column = _line_of(geometry, b1, b2, 1)
    return (*step.digits, row or 0, column or 0)


def _empty_rectangle_key(step: Step, geometry: Geometry) -> Key:
    """Digit, box, the box's row-and-column pattern (HoDoKu's nine, bottom right first), the direction
    (the outside pair in a column first), the outside cell on the rectangle's line."""
    size, band = geometry.size, int(geometry.size ** 0.5)
    *inside, near, far = step.cells
    target = step.eliminations[0][0]
    box = geometry.cell_units[inside[0]][2] - 2 * size
    by_column = _line_of(geometry, near, far, 1) is not None
    row, column = ((near // size, target % size) if by_column else (target // size, near % size))
    pattern = (band - 1 - row % band) * band + (band - 1 - column % band)
    return (*step.digits, box, pattern, 0 if by_column else 1, near)


def _w_wing_key(step: Step, geometry: Geometry) -> Key:
    p, q = sorted(step.cells[:2])
    return (p, q, step.eliminations[0][1])


def _xy_wing_key(step: Step, geometry: Geometry) -> Key:
    pivot = step.cells[0]
    triple = sorted(step.cells[:3])
    return (*triple, triple.index(pivot))


def _xyz_wing_key(step: Step, geometry: Geometry) -> Key:
    return (step.cells[0], *sorted(step.cells[1:3]))


def _franken_key(step: Step, geometry: Geometry) -> Key:
    """Digit; row-based before column-based (boxes ride with either); the base units' combination,
    then the cover units'."""
    n, size = len(step.units) // 2, geometry.size
    base, cover = sorted(step.units[:n]), sorted(step.units[n:])
    kinds = {unit // size for unit in base}
    by_columns = 1 in kinds or (kinds == {2} and any(unit // size == 0 for unit in cover))
    return (*step.digits, int(by_columns), *base, *cover)


def _multi_colors_key(step: Step, geometry: Geometry) -> Key:
    return (*step.digits, 0 if step.technique == "multi_colors_2" else 1)


FISH = frozenset(f"{kind}{size}" for kind in ("bf", "fbf", "sbf") for size in range(2, 8))
FRANKEN = frozenset(f"{kind}{size}" for kind in ("ff", "fff") for size in range(2, 8))

SCAN: dict[str, Callable[[Step, Geometry], Key]] = {
    **dict.fromkeys(NAKED, _naked_key), **dict.fromkeys(HIDDEN, _hidden_key), **dict.fromkeys(FISH, _fish_key),
    **dict.fromkeys(FRANKEN, _franken_key),
    "sk": _skyscraper_key, "2sk": _kite_key, "er": _empty_rectangle_key, "w": _w_wing_key, "xy": _xy_wing_key,
    "xyz": _xyz_wing_key, "mc": _multi_colors_key}


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
    if code in AS_FOUND:
        return step
    if code in BY_DIGIT:
        return replace(step, eliminations=tuple(sorted(step.eliminations, key=lambda c: (c[1], c[0]))))
    return replace(step, eliminations=tuple(sorted(step.eliminations)))

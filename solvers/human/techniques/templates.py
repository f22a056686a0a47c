"""Templates: every way one digit can still fill the grid, one cell per row, column and box.

A digit's *templates* are the placements of all its N copies consistent with the state: each
covers the cells where it is placed and uses only cells still holding it. A cell in every
template must hold the digit (Template Set); a candidate in none cannot (Template Delete).
As HoDoKu does, templates are refined across digits: a template of ``d`` using a cell that some
other digit takes in every one of its templates is dropped, until nothing changes.

Templates are listed by a depth-first search over the rows, on bitsets (the columns and boxes
used so far, the template's cells), and kept per digit while the digit's cells stay the same.
Grids beyond 9x9 have too many templates to list: there the techniques find nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from sudokit.models.graph import cells_of
from sudokit.models.grid import Digit
from sudokit.solvers.human.steps import Step, digits_text
from sudokit.solvers.human.view import View

MAX_SIZE = 9  # larger grids: too many templates to list


def template_set(view: View) -> Iterator[Step]:
    """A digit's cells common to all its templates: the digit goes there."""
    values = view.values
    for digit, common, _ in view.shared(_refined):
        placements = tuple((c, digit) for c in cells_of(common) if values[c] != digit)
        if placements:
            yield Step("template_set", view.size, (digit,), placements=placements,
                       cells=tuple(c for c, _ in placements), pattern=digits_text((digit,)))


def template_delete(view: View) -> Iterator[Step]:
    """A digit's candidates in none of its templates: they go."""
    holding = view.holding
    for digit, _, union in view.shared(_refined):
        eliminations = tuple((c, digit) for c in cells_of(holding[digit] & ~union))
        if eliminations:
            yield Step("template_delete", view.size, (digit,), eliminations=eliminations,
                       cells=tuple(c for c, _ in eliminations), pattern=digits_text((digit,)))


def _refined(view: View) -> list[tuple[Digit, int, int]]:
    """Per digit with templates: (the cells in all its templates, the cells in any), after refining."""
    if view.size > MAX_SIZE:
        return []
    lists: dict[Digit, list[int]] = {}
    for d in range(1, view.size + 1):
        if allowed := _allowed(view, d):
            lists[d] = view.memo.get((_templates, d), allowed, partial(_templates, view.size, allowed))
    common = {d: _common(ts) for d, ts in lists.items()}
    changed = True
    while changed:
        changed = False
        for d, ts in lists.items():
            taken = 0
            for other, cells in common.items():
                if other != d:
                    taken |= cells
            kept = [t for t in ts if not t & taken]
            if len(kept) != len(ts):
                lists[d], common[d], changed = kept, _common(kept), True
    return [(d, common[d], _union(ts)) for d, ts in lists.items() if ts]


def _allowed(view: View, digit: Digit) -> int:
    """The cells a template of ``digit`` may use: those holding it and those where it is placed."""
    bits = view.holding[digit]
    for cell, value in enumerate(view.values):
        if value == digit:
            bits |= 1 << cell
    return bits


def _templates(size: int, allowed: int) -> list[int]:
    """Every template (a bitset of cells) within ``allowed``: rows in turn, a free column and box each."""
    n = int(size ** 0.5)
    rows = [[(1 << (r * size + c), 1 << c, 1 << (r // n * n + c // n)) for c in range(size)
             if allowed >> (r * size + c) & 1] for r in range(size)]
    found: list[int] = []

    def extend(row: int, cells: int, cols: int, boxes: int) -> None:
        if row == size:
            found.append(cells)
            return
        for cell, col, box in rows[row]:
            if not (cols & col or boxes & box):
                extend(row + 1, cells | cell, cols | col, boxes | box)

    extend(0, 0, 0, 0)
    return found


def _common(templates: list[int]) -> int:
    bits = -1 if templates else 0
    for t in templates:
        bits &= t
    return bits


def _union(templates: list[int]) -> int:
    bits = 0
    for t in templates:
        bits |= t
    return bits


"""Sudoku Explainer's direct techniques: an intersection or a hidden subset that at once leaves a
hidden single, which SE places (rated below the indirect technique).

A direct step names the pattern but, as in SE, makes only its placement: SE applies the single and
leaves the pattern's other eliminations for later steps. SE looks for them box by box, then column
by column, then row by row (intersections: box/column, box/row pairs, then column/box, row/box).

- Direct Pointing (1.7): a digit of a box confined to one line leaves one place for it in another
  box of that line's band.
- Direct Claiming (1.9): a digit of a line confined to one box leaves one place for it in another
  line crossing that box.
- Direct Hidden Pair (2.0) / Triplet (2.5): two (three) digits confined to as many cells of a unit
  leave another digit one place in that unit.

These finders are the reference; ``head_compiled`` runs the same searches as compiled code.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from sudokit.models.graph import cells_of
from sudokit.models.grid import Cell, Digit, Geometry, symbol
from sudokit.solvers.human.se.singles import se_units, unit_bits
from sudokit.solvers.human.steps import Step, cells_text, digits_text
from sudokit.solvers.human.view import View

# each technique's name and SE rating
POINTING, CLAIMING = ("se_direct_pointing", 1.7), ("se_direct_claiming", 1.9)
HIDDEN_PAIR, HIDDEN_TRIPLET = ("se_direct_hidden_pair", 2.0), ("se_direct_hidden_triplet", 2.5)


def direct_pointing(view: View) -> Iterator[Step]:
    """A box's digit on one line that leaves a single place in another box of the line."""
    n = view.size
    boxes, columns, rows = range(2 * n, 3 * n), range(n, 2 * n), range(n)
    yield from _direct_locking(view, *POINTING, ((boxes, columns), (boxes, rows)))


def direct_claiming(view: View) -> Iterator[Step]:
    """A line's digit in one box that leaves a single place in another line through the box."""
    n = view.size
    boxes, columns, rows = range(2 * n, 3 * n), range(n, 2 * n), range(n)
    yield from _direct_locking(view, *CLAIMING, ((columns, boxes), (rows, boxes)))


def direct_hidden_pair(view: View) -> Iterator[Step]:
    """Two digits in the same two cells of a unit that leave another digit one place there."""
    yield from _direct_hidden_set(view, 2, *HIDDEN_PAIR)


def direct_hidden_triplet(view: View) -> Iterator[Step]:
    """Three digits in the same three cells of a unit that leave another digit one place there."""
    yield from _direct_hidden_set(view, 3, *HIDDEN_TRIPLET)


def _direct_locking(view: View, name: str, rating: float, kinds) -> Iterator[Step]:
    bits, holding = unit_bits(view.size), view.holding  # (a unit's cells, ascending, are its order)
    for first_kind, second_kind in kinds:
        for first in first_kind:
            for second in second_kind:
                crossing = bits[first] & bits[second]
                if not crossing:
                    continue
                for digit in range(1, view.size + 1):
                    places = holding[digit] & bits[first]
                    if places & (places - 1) and not places & ~crossing:
                        yield from _following_singles(view, name, rating, first_kind, first, second, digit,
                                                      cells_of(places))


def _following_singles(view: View, name: str, rating: float, kind, first: int, second: int, digit: Digit,
                       cells: list[Cell]) -> Iterator[Step]:
    """The hidden singles the locked digit leaves in the other units of ``first``'s kind crossing ``second``."""
    bits, geo = unit_bits(view.size), view.geometry
    through = bits[second]
    for third in kind:
        if third == first or not through & bits[third]:
            continue
        places = view.holding[digit] & bits[third]
        rest = places & ~through
        if places & (places - 1) and rest and not rest & (rest - 1):
            yield locking_step(geo, name, rating, (first, second, third), digit, tuple(cells), rest.bit_length() - 1)


def locking_step(geo: Geometry, name: str, rating: float, units: tuple[int, int, int], digit: Digit,
                 cells: tuple[Cell, ...], cell: Cell) -> Step:
    """A direct pointing or claiming: ``digit``, in ``cells`` of the first unit, locked in the second,
    leaves ``cell`` its one place in the third."""
    first, second, third = units
    pattern = (f"{symbol(digit)} in {geo.unit_name(first)} locked in {geo.unit_name(second)}, "
               f"one place left in {geo.unit_name(third)}")
    return Step(name, geo.size, (digit,), placements=((cell, digit),), cells=cells, units=units, pattern=pattern,
                difficulty=rating)


def _direct_hidden_set(view: View, degree: int, name: str, rating: float) -> Iterator[Step]:
    geo, bits, holding = view.geometry, unit_bits(view.size), view.holding
    for unit in se_units(geo):
        if sum(1 for c in geo.units[unit] if not view.values[c]) <= degree:
            continue
        places = {d: p for d in range(1, view.size + 1) if (p := holding[d] & bits[unit]) & (p - 1)}  # two or more
        for subset in combinations(places, degree):
            held = 0
            for d in subset:
                held |= places[d]
            if held.bit_count() != degree:
                continue
            for other, where in places.items():
                rest = where & ~held
                if other not in subset and rest and not rest & (rest - 1):
                    yield hidden_set_step(geo, name, rating, unit, subset, tuple(cells_of(held)), other,
                                          rest.bit_length() - 1)
                    break  # SE reports one single per subset


def hidden_set_step(geo: Geometry, name: str, rating: float, unit: int, subset: tuple[Digit, ...],
                    cells: tuple[Cell, ...], other: Digit, cell: Cell) -> Step:
    """A direct hidden pair or triplet: ``subset`` confined to ``cells`` of ``unit`` leaves ``other``
    its one place there, ``cell``."""
    pattern = (f"{digits_text(subset)} in {cells_text(cells, geo.size)}, "
               f"one place left for {symbol(other)} in {geo.unit_name(unit)}")
    return Step(name, geo.size, subset, placements=((cell, other),), cells=cells, units=(unit,), pattern=pattern,
                difficulty=rating)

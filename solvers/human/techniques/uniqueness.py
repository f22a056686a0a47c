"""Uniqueness: deductions that hold only if the puzzle has exactly one solution.

A deadly pattern is four open cells at the corners of a rectangle spanning two rows, two columns
and two boxes, all holding two digits ``a`` and ``b``: its ``a``/``b`` could be swapped into a
second solution. So in a unique puzzle the four cells are never all ``a`` or ``b`` (unique
rectangles), and a grid of bivalue cells plus one is never left bivalue (BUG+1). These steps are
sound only for puzzles known to be unique: the preset ``no-uniqueness`` leaves them out, and a
rating says when a path used them.

Avoidable rectangles apply the same argument to cells already solved: solved cells that are not
givens could be swapped as freely as open ones. They need the puzzle's givens, which a pencil-mark
state does not carry: a solve records them with ``remember_givens`` (its ``Memo``); without that
record, every cell solved when an avoidable rectangle is first looked for counts as a given
(sound, but such a solve finds few).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache
from itertools import combinations

from sudokit.models.candidates import digits_of
from sudokit.models.graph import bits_of, cells_of, peer_bits, unit_subsets
from sudokit.models.grid import Cell, Digit, Geometry, geometry
from sudokit.solvers.human.steps import Candidate, Step, cells_text, digits_text, removable
from sudokit.solvers.human.view import Memo, View

Rectangle = tuple[Cell, Cell, Cell, Cell]  # in row-major order: the two corners of one row, then of the other


def unique_rectangle_1(view: View) -> Iterator[Step]:
    """Three corners hold only ``ab``: the fourth cannot be ``a`` or ``b``."""
    for ur in _rectangles(view):
        if len(ur.roof) == 1:
            yield from ur.step("unique_rectangle_1", ur.roof, ur.pair)


def unique_rectangle_2(view: View) -> Iterator[Step]:
    """Two corners of a side hold ``ab`` plus the same ``c``: one is ``c``, so ``c`` leaves cells seeing both."""
    for ur in _rectangles(view):
        if ur.side_roof and ur.extra.bit_count() == 1:
            yield from ur.step("unique_rectangle_2", ur.seeing_roof(), ur.extra)


def unique_rectangle_3(view: View) -> Iterator[Step]:
    """The extras of a side's corners form a naked subset with other cells of a unit they share."""
    for ur in _rectangles(view):
        if not ur.side_roof or ur.extra.bit_count() < 2:
            continue
        shared = ur.shared_units()
        for unit in shared:
            others = [c for c in ur.geo.units[unit] if view.marks[c] and c not in ur.roof]
            for size in range(1, min(4, len(others))):
                for subset in combinations(others, size):
                    digits = ur.extra
                    for c in subset:
                        digits |= view.marks[c]
                    if digits.bit_count() != size + 1:
                        continue
                    locking = [u for u in shared if set(subset) <= set(ur.geo.units[u])]
                    if locking[0] == unit:  # each subset once
                        targets = {c for u in locking for c in ur.geo.units[u]} - set(subset) - set(ur.roof)
                        yield from ur.step("unique_rectangle_3", targets, digits,
                                           f" + {digits_text(digits_of(digits))} in {cells_text(subset, view.size)}")


def unique_rectangle_4(view: View) -> Iterator[Step]:
    """A side's corners are the only places for ``a`` in a unit they share: neither can be ``b``."""
    units = _unit_bits(view.size)
    for ur in _rectangles(view):
        if not ur.side_roof:
            continue
        roof = bits_of(ur.roof)
        for unit in ur.shared_units():
            for digit in digits_of(ur.pair):
                if view.holding[digit] & units[unit] == roof:
                    yield from ur.step("unique_rectangle_4", ur.roof, ur.pair & ~(1 << (digit - 1)),
                                       f" ({digits_text((digit,))} locked in {ur.geo.unit_name(unit)})")


def unique_rectangle_5(view: View) -> Iterator[Step]:
    """Two diagonal corners, or three corners, hold ``ab`` plus the same ``c``: one is ``c``, so ``c``
    leaves the cells seeing all of them."""
    peers = peer_bits(view.size)
    for ur in _rectangles(view):
        if ur.extra.bit_count() != 1 or len(ur.roof) not in (2, 3) or ur.side_roof:
            continue
        seeing = -1
        for c in ur.roof:
            seeing &= peers[c]
        targets = [c for c in range(len(view.marks)) if seeing >> c & 1 and c not in ur.cells]
        yield from ur.step("unique_rectangle_5", targets, ur.extra)


def unique_rectangle_6(view: View) -> Iterator[Step]:
    """Two diagonal corners hold only ``ab``, and ``a`` lies only in the rectangle in both its rows and
    both its columns: ``a`` would fill one diagonal, which cannot be the other two, so they lose ``a``."""
    units = _unit_bits(view.size)
    for ur in _rectangles(view):
        if len(ur.roof) != 2 or ur.shared_units():
            continue
        lines = {u for c in ur.cells for u in ur.geo.cell_units[c][:2]}
        for digit in digits_of(ur.pair):
            if all(not view.holding[digit] & units[line] & ~ur.bits for line in lines):
                yield from ur.step("unique_rectangle_6", ur.roof, 1 << (digit - 1),
                                   f" ({digits_text((digit,))} only in the rectangle in its rows and columns)")


def hidden_rectangle(view: View) -> Iterator[Step]:
    """A corner holds only ``ab`` and the opposite corner's row and column have ``a`` only in the
    rectangle: the opposite corner cannot be ``b``."""
    units, holding = _unit_bits(view.size), view.holding
    for ur in _rectangles(view):
        for floor in ur.floor:
            far = ur.cells[3 - ur.cells.index(floor)]
            row, column, _ = ur.geo.cell_units[far]
            for digit in digits_of(ur.pair):
                in_row, in_column = holding[digit] & units[row], holding[digit] & units[column]
                if in_row and in_column and not (in_row | in_column) & ~ur.bits:
                    yield from ur.step("hidden_rectangle", (far,), ur.pair & ~(1 << (digit - 1)))


def bug_plus_1(view: View) -> Iterator[Step]:
    """All open cells bivalue but one: it holds the digit it has three times in its units.

    Its other candidates go, so every other digit would leave a bivalue grave (two solutions).
    As HoDoKu records it, the step names no digits.
    """
    marks = view.marks
    triples = [c for c, m in enumerate(marks) if m.bit_count() > 2]
    if len(triples) != 1 or marks[triples[0]].bit_count() != 3 or any(m.bit_count() == 1 for m in marks):
        return
    cell = triples[0]
    counts = {(u, d): len(cells) for u in range(3 * view.size) for d, cells in view.places(u).items()}
    extra = [d for d in digits_of(marks[cell])
             if all(counts[u, d] == 3 for u in view.geometry.cell_units[cell])]
    units = set(view.geometry.cell_units[cell])
    if len(extra) == 1 and all(n in (0, 2) or (u in units and d == extra[0]) for (u, d), n in counts.items()):
        keep = 1 << (extra[0] - 1)
        yield Step("bug_plus_1", view.size, eliminations=removable(view, (cell,), marks[cell] & ~keep),
                   cells=(cell,), pattern=f"{cells_text((cell,), view.size)}={digits_text(extra)}")


def avoidable_rectangle_1(view: View) -> Iterator[Step]:
    """Three corners solved (none a given) as ``a``, ``b``, ``b`` round the rectangle: the fourth,
    opposite the ``a``, cannot be ``a`` (the four could be swapped)."""
    values, marks = view.values, view.marks
    for cells, solved in _solved_rectangles(view):
        if len(solved) != 3:
            continue
        (open_cell,) = set(cells) - set(solved)
        a = values[cells[3 - cells.index(open_cell)]]
        sides = [values[c] for c in solved if values[c] != a]
        if len(sides) == 2 and sides[0] == sides[1] and marks[open_cell] >> (a - 1) & 1:
            yield _avoidable("avoidable_rectangle_1", view, cells, (a, sides[0]), ((open_cell, a),))


def avoidable_rectangle_2(view: View) -> Iterator[Step]:
    """Two corners of a side solved (not givens) as ``a`` and ``b``; the other two hold only ``b`` or
    ``a`` (what would complete the swap) and the same ``c``: one of them is ``c``, so ``c`` leaves the
    cells seeing both."""
    values, marks, peers = view.values, view.marks, peer_bits(view.size)
    for cells, solved in _solved_rectangles(view):
        if len(solved) != 2 or not view.geometry.sees(*solved):
            continue
        others = [c for c in cells if c not in solved]
        completes = [values[cells[3 - cells.index(c)]] for c in others]  # the diagonal's: what a swap brings
        if completes[0] == completes[1]:
            continue
        extras = [marks[c] & ~(1 << (d - 1)) for c, d in zip(others, completes)]
        if all(marks[c] >> (d - 1) & 1 for c, d in zip(others, completes)) and extras[0] == extras[1] \
                and extras[0].bit_count() == 1:
            seeing = peers[others[0]] & peers[others[1]]
            targets = [c for c in range(len(marks)) if seeing >> c & 1 and c not in cells]
            eliminations = removable(view, targets, extras[0])
            if eliminations:
                yield _avoidable("avoidable_rectangle_2", view, cells, tuple(sorted(completes)), eliminations)


_GIVENS = "givens"  # the memo slot of the solve's givens, a bitset of cells


def remember_givens(memo: Memo, values: Iterable[Digit]) -> None:
    """Record a solve's givens (the puzzle's values) for the avoidable rectangles of its states."""
    memo.store(_GIVENS, None, sum(1 << c for c, v in enumerate(values) if v))


def _givens(view: View) -> int:
    """The cells known to be givens (without a record: every cell solved when first asked)."""
    if (kept := view.memo.recall(_GIVENS)) is None:
        remember_givens(view.memo, view.values)
        return _givens(view)
    return kept[1]


def _solved_rectangles(view: View) -> list[tuple[Rectangle, tuple[Cell, ...]]]:
    """Rectangles with two or three corners solved, none a given, and the others open: (corners, solved);
    found once per state for both types."""
    return view.shared(_find_solved_rectangles)


def _find_solved_rectangles(view: View) -> list[tuple[Rectangle, tuple[Cell, ...]]]:
    values, givens = view.values, _givens(view)
    solved_bits = sum(1 << c for c, v in enumerate(values) if v)
    found = []
    for cells, bits in _corner_bits(view.size):
        if not bits & givens and 2 <= (bits & solved_bits).bit_count() <= 3:
            solved = tuple(c for c in cells if values[c])
            if len({values[c] for c in solved}) == 2:
                found.append((cells, solved))
    return found


def _avoidable(name: str, view: View, cells: Rectangle, pair: tuple[Digit, ...], eliminations) -> Step:
    pattern = f"{digits_text(sorted(pair)).replace(',', '/')} in {cells_text(cells, view.size)}"
    return Step(name, view.size, tuple(sorted(pair)), eliminations=tuple(eliminations), cells=cells,
                pattern=pattern)


# ---- rectangles


class _Rectangle:
    """Four open corners holding the pair ``ab``; the floor holds nothing else, the roof has extras."""

    __slots__ = ("bits", "cells", "extra", "floor", "geo", "pair", "roof", "side_roof", "view")

    def __init__(self, view: View, cells: Rectangle, bits: int, pair: int):
        self.view, self.cells, self.bits, self.pair = view, cells, bits, pair
        self.geo: Geometry = view.geometry
        marks = view.marks
        self.floor = tuple([c for c in cells if marks[c] == pair])
        self.roof = tuple([c for c in cells if marks[c] != pair])
        self.extra = 0  # the roof's candidates beyond the pair
        for c in self.roof:
            self.extra |= marks[c] & ~pair
        self.side_roof = len(self.roof) == 2 and bool(self.shared_units())  # two roof corners on one side

    def shared_units(self) -> list[int]:
        """The units both roof corners lie in."""
        if len(self.roof) != 2:
            return []
        a, b = self.roof
        return [u for u, v in zip(self.geo.cell_units[a], self.geo.cell_units[b]) if u == v]

    def seeing_roof(self) -> set[Cell]:
        a, b = self.roof
        return set(self.geo.peers[a] & self.geo.peers[b]) - set(self.cells)

    def step(self, name: str, targets, mask: int, detail: str = "") -> Iterator[Step]:
        eliminations = removable(self.view, targets, mask)
        if eliminations:
            pair = digits_of(self.pair)
            pattern = f"{digits_text(pair).replace(',', '/')} in {cells_text(self.cells, self.view.size)}{detail}"
            yield Step(name, self.view.size, pair, eliminations=eliminations, cells=self.cells, pattern=pattern)


def _rectangles(view: View) -> Iterator[_Rectangle]:
    """Every rectangle of open cells with a bivalue corner ``ab``, where every corner holds ``a`` or ``b``.

    A corner may miss one of the pair (HoDoKu's "missing candidates"): the four cells still
    cannot all be ``a`` or ``b``.
    """
    return iter(view.shared(_deadly_rectangles))


def _deadly_rectangles(view: View) -> tuple[_Rectangle, ...]:
    """``_rectangles`` of a view (made once for the techniques)."""
    bits = _corner_bits(view.size)
    return tuple(_Rectangle(view, cells, bits[number][1], pair) for number, cells, pair in view.shared(_deadly_candidates))


def _deadly_candidates(view: View) -> tuple[tuple[int, Rectangle, int], ...]:
    """``_rectangles`` of a view, as (number in ``_corners``, corners, pair), in the order of ``_corners``
    and of the pairs: found once for the five techniques, from the bivalue corners."""
    marks, corners_of, rectangles, holding = view.marks, _corners_of(view.size), _corners(view.size), view.holding
    found = set()
    for corner in view.bivalue:
        pair = marks[corner]
        a, b = digits_of(pair)
        either = holding[a] | holding[b]  # the cells holding a or b
        found.update([(number, pair) for number, bits in corners_of[corner] if bits & either == bits])
    return tuple((number, rectangles[number], pair) for number, pair in sorted(found))


@cache
def _corners(size: int) -> tuple[Rectangle, ...]:
    """Every rectangle of cells spanning two rows, two columns and exactly two boxes."""
    geo = geometry(size)
    found = []
    for r1, r2 in combinations(range(size), 2):
        for c1, c2 in combinations(range(size), 2):
            cells = (r1 * size + c1, r1 * size + c2, r2 * size + c1, r2 * size + c2)
            if len({geo.box_of(c) for c in cells}) == 2:
                found.append(cells)
    return tuple(found)


@cache
def _corner_bits(size: int) -> tuple[tuple[Rectangle, int], ...]:
    """``_corners`` with each rectangle's cells as a bitset."""
    return tuple((cells, bits_of(cells)) for cells in _corners(size))


@cache
def _unit_bits(size: int) -> tuple[int, ...]:
    """Per unit, its cells as a bitset."""
    return tuple(bits_of(cells) for cells in geometry(size).units)


@cache
def _corners_of(size: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per cell, the numbers (in ``_corners``) of the rectangles it is a corner of, with their cells as bitsets."""
    found: list[list[tuple[int, int]]] = [[] for _ in range(size * size)]
    for number, (cells, bits) in enumerate(_corner_bits(size)):
        for c in cells:
            found[c].append((number, bits))
    return tuple(map(tuple, found))


# ---- HoDoKu's rectangles, for its mode


def hodoku_rectangles(view: View, name: str) -> Iterator[Step]:
    """The steps of one kind HoDoKu's search for rectangles meets, in its order (its mode takes the first)."""
    return (step for step in view.shared(_hodoku_all) if step.technique == name)


def _hodoku_all(view: View) -> list[Step]:
    """Every step of HoDoKu's rectangle tests, rectangle by rectangle as its scan meets them, and in
    a rectangle in the order it tries them: type 1, type 2 (or 5), type 3, type 4, type 6, hidden."""
    return [step for corners, pair in _hodoku_rectangles(view) for step in _hodoku_tests(view, corners, pair)]


def _hodoku_rectangles(view: View) -> Iterator[tuple[Rectangle, tuple[Digit, Digit]]]:
    """Rectangles as HoDoKu's scan meets them, each once (the pair of the first meeting).

    From each bivalue cell in cell order (its two digits the pair): a second open cell of its box in
    its row or column (box order), then the opposite side, down the two lines across, outside the
    box. A corner need not hold both digits: it is enough that no placed digit in its units rules
    either out (HoDoKu allows missing candidates so). Corners: the first cell, the second, the one
    across from the first, the one across from the second.
    """
    geo, marks, values = view.geometry, view.marks, view.values
    allowed = _allowed(view)
    seen: set[frozenset[Cell]] = set()
    for first in view.bivalue:
        a, b = digits_of(marks[first])
        both = allowed[a] & allowed[b]
        row, column, box = geo.cell_units[first]
        for second in geo.units[box]:
            if second == first or not both >> second & 1 or second not in (
                    *geo.units[row], *geo.units[column]):
                continue
            across = column if second in geo.units[row] else row  # the lines leaving the box
            other = geo.cell_units[second][1 if across == column else 0]
            for third, fourth in zip(geo.units[across], geo.units[other]):
                if geo.cell_units[third][2] == box or values[third] or values[fourth] \
                        or not both >> third & 1 or not both >> fourth & 1:
                    continue
                corners = (first, second, third, fourth)
                if frozenset(corners) not in seen:
                    seen.add(frozenset(corners))
                    yield corners, (a, b)


def _allowed(view: View) -> list[int]:
    """Per digit, the open cells (a bitset) no placed digit of their units rules it out of."""
    peers, values = peer_bits(view.size), view.values
    open_cells = sum(1 << c for c, v in enumerate(values) if not v)
    allowed = [open_cells] * (view.size + 1)
    for cell, digit in enumerate(values):
        if digit:
            allowed[digit] &= ~peers[cell]
    return allowed


def _hodoku_tests(view: View, corners: Rectangle, pair: tuple[Digit, Digit]) -> Iterator[Step]:
    """HoDoKu's tests of one rectangle, in its order; each step's removals in its order."""
    geo, marks, size = view.geometry, view.marks, view.size
    peers = peer_bits(size)
    mask = (1 << (pair[0] - 1)) | (1 << (pair[1] - 1))
    floor = [c for c in corners if not marks[c] & ~mask]
    roof = [c for c in corners if marks[c] & ~mask]
    extra = 0
    for c in roof:
        extra |= marks[c] & ~mask

    def step(name: str, removed: Iterable[Candidate], detail: str = "") -> Iterator[Step]:
        found = tuple(dict.fromkeys((c, d) for c, d in removed if marks[c] >> (d - 1) & 1))
        if found:
            text = f"{digits_text(pair).replace(',', '/')} in {cells_text(sorted(corners), size)}{detail}"
            yield Step(name, size, pair, eliminations=found, cells=tuple(sorted(corners)), pattern=text)

    if len(floor) == 3:
        yield from step("unique_rectangle_1", [(roof[0], d) for d in pair])
    if len(floor) in (1, 2) and extra.bit_count() == 1:
        (z,) = digits_of(extra)
        seeing = -1
        for c in roof:
            seeing &= peers[c]
        targets = [c for c in cells_of(seeing & view.holding[z]) if c not in corners]
        side = len(roof) == 2 and geo.sees(*roof) and _line_shared(geo, roof)
        yield from step("unique_rectangle_2" if side else "unique_rectangle_5", [(c, z) for c in targets])
    if len(floor) != 2:
        pass
    else:
        yield from _hodoku_type_3(view, corners, pair, roof, extra, step)
        if _line_shared(geo, roof):
            seeing = peers[roof[0]] & peers[roof[1]]
            locked = next((d for d, other in ((pair[0], pair[1]), (pair[1], pair[0]))
                           if not seeing & view.holding[d]), None)
            if locked is not None:
                kept = pair[1] if locked == pair[0] else pair[0]
                yield from step("unique_rectangle_4", [(c, kept) for c in roof],
                                f" ({digits_text((locked,))} locked beside them)")
        else:
            lines = 0
            for c in roof:
                row, column, _ = geo.cell_units[c]
                lines |= bits_of(geo.units[row]) | bits_of(geo.units[column])
            lines &= ~bits_of(corners)
            alone = next((d for d in pair if not lines & view.holding[d]), None)
            if alone is not None:
                yield from step("unique_rectangle_6", [(c, alone) for c in sorted(roof)],
                                f" ({digits_text((alone,))} only in the rectangle in its rows and columns)")
    if len(floor) in (1, 2) and not (len(floor) == 2 and _line_shared(geo, floor)):
        for corner in floor:
            yield from _hodoku_hidden(view, corners, pair, corner, roof, step)


def _line_shared(geo: Geometry, cells: Sequence[Cell]) -> bool:
    """Whether two cells share a row or a column."""
    a, b = cells
    return geo.cell_units[a][0] == geo.cell_units[b][0] or geo.cell_units[a][1] == geo.cell_units[b][1]


def _hodoku_type_3(view: View, corners: Rectangle, pair: tuple[Digit, Digit], roof: list[Cell], extra: int,
                   step: Callable[..., Iterator[Step]]) -> Iterator[Step]:
    """Type 3 as HoDoKu finds it: in each unit the two roof cells share (row, column, box), other cells
    without the pair's digits, grown depth first, that with the roof (one cell) form a naked subset;
    in the box, not when all lie in one row or column (the line found it). Removals: the unit's other
    cells, then, for a line, the box all the subset's cells share."""
    geo, marks = view.geometry, view.marks
    mask = (1 << (pair[0] - 1)) | (1 << (pair[1] - 1))
    for kind, unit in enumerate(geo.cell_units[roof[0]]):
        if unit == geo.cell_units[roof[1]][kind]:
            pool = [c for c in geo.units[unit] if c not in corners and marks[c] and not marks[c] & mask]
            for subset, digits in unit_subsets(marks, pool):  # depth first, as HoDoKu grows them
                cells, union = (*roof, *subset), digits | extra
                if kind == 2 and any(len({geo.cell_units[c][k] for c in cells}) == 1 for k in (0, 1)):
                    continue
                if union.bit_count() == len(subset) + 1:
                    removed = [(c, d) for c in geo.units[unit] if c not in cells for d in digits_of(marks[c] & union)]
                    boxes = {geo.cell_units[c][2] for c in cells}
                    if kind < 2 and len(boxes) == 1:
                        removed += [(c, d) for c in geo.units[boxes.pop()] if c not in cells
                                    for d in digits_of(marks[c] & union)]
                    yield from step("unique_rectangle_3", removed,
                                    f" + {digits_text(digits_of(union))} in {cells_text(subset, view.size)}")


def _hodoku_hidden(view: View, corners: Rectangle, pair: tuple[Digit, Digit], corner: Cell, roof: list[Cell],
                   step: Callable[..., Iterator[Step]]) -> Iterator[Step]:
    """A hidden rectangle from a floor corner: the opposite corner's row and column hold one of the
    pair only in the rectangle, so that corner loses the other."""
    geo = view.geometry
    row, column, _ = geo.cell_units[corner]
    a, b = roof[0], roof[1]
    far_row = geo.cell_units[a][0] if geo.cell_units[a][0] != row else geo.cell_units[b][0]
    far_column = geo.cell_units[a][1] if geo.cell_units[a][1] != column else geo.cell_units[b][1]
    far = next(c for c in geo.units[far_row] if geo.cell_units[c][1] == far_column)
    outside = (bits_of(geo.units[far_row]) | bits_of(geo.units[far_column])) & ~bits_of(corners)
    for kept, lost in ((pair[0], pair[1]), (pair[1], pair[0])):
        if not outside & view.holding[kept]:
            yield from step("hidden_rectangle", [(far, lost)])

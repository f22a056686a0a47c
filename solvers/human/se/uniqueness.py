"""Sudoku Explainer's unique loops (unique rectangles and longer loops), with its ratings.

A unique loop is a closed path of an even number of open cells, all holding two digits ``a`` and
``b``, each step moving to another cell of a row, column or box (never twice in a row through the
same kind of unit), such that every unit the loop touches holds exactly two of its cells, one at an
odd and one at an even position. Were every cell only ``ab``, the two digits could be swapped: a
unique puzzle forbids it. The cells with more candidates (SE allows at most two, or any number
sharing one single extra digit) rescue the puzzle:

- type 1: one such cell: it is not ``a`` or ``b``;
- type 2: their extras are one digit ``c``: one of them is ``c``, so ``c`` leaves every cell seeing them all;
- type 3: two of them, sharing a unit, whose extras act as one cell of a naked set with other cells
  of that unit (or ``a``/``b`` with other digits form a hidden set there): the set's digits leave
  the unit's other cells (the hidden set's cells keep only its digits);
- type 4: two of them, in a unit where ``a`` has no other place: neither is ``b``.

SE rates a loop 4.5 for 4 cells, 4.6 for 6, 4.7 for 8 and 5.0 for 10 or more; type 3 adds 0.1 for
each cell of its set beyond the pair. It collects every loop of a state and reports the easiest
first (ties: by type, then as found). As in SE, one hint is kept per type and set of loop cells.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from sudokit.models.candidates import digits_of
from sudokit.models.graph import cells_of
from sudokit.models.grid import Cell, Digit
from sudokit.solvers.human.se.singles import unit_bits
from sudokit.solvers.human.steps import Candidate, Step, cells_text, digits_text
from sudokit.solvers.human.view import View

_KINDS = (2, 0, 1)  # SE's unit kinds, in its order: box, row, column (indexes into ``cell_units``)


def unique_loop_1(view: View) -> Iterator[Step]:
    """Loops with one rescue cell."""
    return _of_type(view, 1)


def unique_loop_2(view: View) -> Iterator[Step]:
    """Loops whose rescue cells share one extra digit."""
    return _of_type(view, 2)


def unique_loop_3(view: View) -> Iterator[Step]:
    """Loops whose two rescue cells complete a naked or hidden set."""
    return _of_type(view, 3)


def unique_loop_4(view: View) -> Iterator[Step]:
    """Loops whose two rescue cells hold all of a unit's ``a``."""
    return _of_type(view, 4)


def _of_type(view: View, kind: int) -> Iterator[Step]:
    return iter([s for s in view.shared(unique_loops) if s.technique == f"se_unique_loop_{kind}"])


def loop_rating(size: int) -> float:
    """SE's rating of a loop of ``size`` cells (4: 4.5, 6: 4.6, 8: 4.7, 10+: 5.0)."""
    return 4.5 + (0.3 if size >= 10 else 0.0) + (0.2 if size >= 8 else 0.1 if size >= 6 else 0.0)


def unique_loops(view: View) -> list[Step]:
    """Every unique-loop step of a state, easiest first, ties by type."""
    found: list[tuple[float, int, Step]] = []
    kept: set[tuple[int, bool, frozenset[Cell]]] = set()
    marks = view.marks
    loops_of: dict[int, dict[Cell, list[list[Cell]]]] = {}
    for cell, mask in enumerate(marks):
        if mask.bit_count() != 2:
            continue
        pair = mask
        valid = loops_of.get(pair)
        if valid is None:
            valid = loops_of[pair] = _valid_loops(view, pair)
        for loop in valid.get(cell, ()):
            for kind, step in _steps(view, loop, pair):
                key = (kind, "hidden" in step.pattern, frozenset(loop))
                if key not in kept:
                    kept.add(key)
                    found.append((step.difficulty, kind, step))
    found.sort(key=lambda t: (t[0], t[1]))
    return [step for _, _, step in found]


def _valid_loops(view: View, pair: int) -> dict[Cell, list[list[Cell]]]:
    """Per bivalue cell of ``pair``, the valid loops SE's walk finds from it, in its order (none: left
    out). They depend only on the cells holding both digits and their candidates: kept in the solve's
    memo for later states where those are the same."""
    a, b = digits_of(pair)
    holding, marks = view.holding[a] & view.holding[b], view.marks
    content = (holding, tuple([marks[c] for c in cells_of(holding)]))
    return view.memo.get((_valid_loops, pair), content, lambda: _walked(view, pair, holding))


def _walked(view: View, pair: int, holding: int) -> dict[Cell, list[list[Cell]]]:
    room = _room(view.size, holding)
    found = {}
    for cell in cells_of(room):
        if view.marks[cell] == pair:
            loops = [loop for loop in _loops(view, cell, pair, room) if _valid(view, loop)]
            if loops:
                found[cell] = loops
    return found


def _room(size: int, cells: int) -> int:
    """Of ``cells`` (a bitset: those holding a pair), those a valid loop can hold: less the one cell
    of any unit holding one, again and again (each unit of a valid loop holds two of its cells)."""
    bits = unit_bits(size)
    while True:
        left = cells
        for unit in bits:
            held = left & unit
            if held and not held & (held - 1):
                left ^= held
        if left == cells:
            return cells
        cells = left


def _loops(view: View, start: Cell, pair: int, room: int) -> list[list[Cell]]:
    """The closed paths from ``start`` through cells holding both digits, as SE walks them, less those
    through cells outside ``room`` (``_room``: none of them is valid)."""
    found: list[list[Cell]] = []
    _walk(view, pair, room, [], found, start, 2, 0, None)
    return found


def _walk(view: View, pair: int, room: int, path: list[Cell], found: list[list[Cell]], cell: Cell,
          rescues_left: int, extras: int, last_kind: int | None) -> None:
    """``_loops``' walk on from ``path`` to ``cell`` (a function of its own, not a closure calling
    itself: such a closure is a reference cycle, left for the cycle collector)."""
    marks, geo = view.marks, view.geometry
    path.append(cell)
    for kind in _KINDS:
        if kind == last_kind:
            continue
        for nxt in geo.units[geo.cell_units[cell][kind]]:
            if nxt == path[0] and len(path) >= 4:
                found.append(list(path))
            elif nxt not in path and marks[nxt] & pair == pair:
                extras |= marks[nxt] & ~pair  # as SE: shared by the siblings tried after this one
                if not room >> nxt & 1:
                    continue  # (but its extras count, as in SE's walk)
                wide = marks[nxt].bit_count() > 2
                if not wide or extras.bit_count() == 1 or rescues_left > 0:
                    _walk(view, pair, room, path, found, nxt, rescues_left - wide, extras, kind)
    path.pop()


def _valid(view: View, loop: list[Cell]) -> bool:
    """Every unit of the loop holds one odd and one even cell of it, and no more."""
    units = view.geometry.cell_units
    odd: set[int] = set()
    even: set[int] = set()
    for i, cell in enumerate(loop):
        side = odd if i % 2 else even
        for unit in units[cell]:
            if unit in side:
                return False
            side.add(unit)
    return odd == even


def _steps(view: View, loop: list[Cell], pair: int) -> Iterator[tuple[int, Step]]:
    marks, geo = view.marks, view.geometry
    rescue = [c for c in loop if marks[c].bit_count() > 2]
    rating = round(loop_rating(len(loop)), 1)
    a, b = digits_of(pair)
    head = f"{a}/{b} in {cells_text(loop, view.size)}"

    def step(kind: int, eliminations: list[Candidate], extra: float = 0.0, detail: str = "",
             units: tuple[int, ...] = (), subset: tuple[Cell, ...] = ()) -> Iterator[tuple[int, Step]]:
        if eliminations:  # (``subset``: the cells of a type 3's naked or hidden set, beside the loop's)
            yield kind, Step(f"se_unique_loop_{kind}", view.size, (a, b), eliminations=tuple(sorted(eliminations)),
                             cells=(*loop, *subset), fins=tuple(rescue), units=units, pattern=head + detail,
                             difficulty=round(rating + extra, 1))

    if len(rescue) == 1:
        yield from step(1, [(rescue[0], d) for d in (a, b)])
        return
    extras = 0
    for c in rescue:
        extras |= marks[c] & ~pair
    if len(rescue) >= 2 and extras.bit_count() == 1:
        digit = digits_of(marks[rescue[0]] & ~pair)[0]
        seeing = set.intersection(*(set(geo.peers[c]) for c in rescue)) - set(rescue)
        yield from step(2, [(c, digit) for c in sorted(seeing) if view.has(c, digit)],
                        detail=f" (extra {digit} in {cells_text(rescue, view.size)})")
        return
    if len(rescue) != 2:
        return
    first, second = rescue
    if extras.bit_count() >= 2:
        yield from _type_3(view, loop, pair, first, second, extras, step)
    yield from _type_4(view, pair, first, second, step)


def _type_3(view: View, loop, pair: int, first: Cell, second: Cell, extras: int, step) -> Iterator[tuple[int, Step]]:
    marks, geo = view.marks, view.geometry
    shared = [geo.cell_units[first][k] for k in _KINDS if geo.cell_units[first][k] == geo.cell_units[second][k]]
    for degree in range(extras.bit_count(), 8):
        for unit in shared:
            cells = geo.units[unit]
            empty = sum(1 for c in cells if not view.values[c])
            if degree * 2 <= empty:  # naked set: the rescue cells' extras as one cell, with degree - 1 others
                others_pool = [c for c in cells if c not in (first, second)]
                for others in combinations(others_pool, degree - 1):
                    union = 0
                    for c in others:
                        union |= marks[c]
                    common = extras & marks[first] & marks[second]
                    if (common | union).bit_count() != degree or any(marks[c].bit_count() < 2 for c in others):
                        continue
                    naked = union | extras
                    if naked.bit_count() != degree:
                        continue
                    targets = [(c, d) for c in cells if c not in others and c not in (first, second)
                               for d in digits_of(marks[c] & naked)]
                    yield from step(3, targets, 0.1 * (degree - 1),
                                    f" + naked {digits_text(digits_of(naked))} in {cells_text(others, view.size)}",
                                    units=(unit,), subset=tuple(others))
            if degree * 2 < empty:  # hidden set: a, b and degree - 2 other digits in degree cells, one rescue cell
                rest = [d for d in range(1, view.size + 1) if not (pair | extras) >> (d - 1) & 1]
                for chosen in combinations(rest, degree - 2):
                    digits = (*chosen, *digits_of(pair))
                    places: set[Cell] = set()
                    ok = True
                    for d in digits:
                        spots = [c for c in cells if view.has(c, d) and c != second]
                        ok = ok and bool(spots)
                        places.update(spots)
                    if not ok or len(places) != degree:
                        continue
                    hidden = sum(1 << (d - 1) for d in digits)
                    held = sorted(places - {first, second})
                    targets = [(c, d) for c in held for d in digits_of(marks[c] & ~hidden)]
                    yield from step(3, targets, 0.1 * (len(held) - 1),
                                    f" + hidden {digits_text(sorted(digits))} in {cells_text(held, view.size)}",
                                    units=(unit,), subset=tuple(held))


def _type_4(view: View, pair: int, first: Cell, second: Cell, step) -> Iterator[tuple[int, Step]]:
    geo = view.geometry
    a, b = digits_of(pair)
    locked: dict[Digit, int] = {}
    for k in _KINDS:
        unit = geo.cell_units[first][k]
        if unit != geo.cell_units[second][k]:
            continue
        for digit in (a, b):
            if not any(view.has(c, digit) for c in geo.units[unit] if c not in (first, second)):
                locked[digit] = unit
    for digit, other in ((a, b), (b, a)):
        if digit in locked:
            unit = locked[digit]
            yield from step(4, [(c, other) for c in (first, second) if view.has(c, other)],
                            detail=f" ({digit} locked in {geo.unit_name(unit)})", units=(unit,))
            return

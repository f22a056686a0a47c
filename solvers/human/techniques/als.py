"""Almost locked sets: N cells of one unit holding N+1 digits between them.

Take one digit away and an ALS is a locked set. Two ALSs share a *restricted common* digit ``X``
when every ``X`` of one sees every ``X`` of the other: then ``X`` lies in at most one of them, so
the other is locked. Steps name the digits they eliminate (HoDoKu's convention for ALS moves).

- ALS-XZ: ALSs ``A`` and ``B`` with a restricted common ``X``: for any other common digit ``Z``,
  one of them holds ``Z``, so a cell seeing every ``Z`` of both loses it. With two restricted
  commons (doubly linked) both sets are locked: each digit leaves what sees all its cells in them.
- ALS-XY-Wing: ``A`` and ``B`` each share a restricted common (``X``, ``Y``) with a pivot ALS ``C``:
  ``Z`` common to ``A`` and ``B`` leaves what sees every ``Z`` of both.
- Sue de Coq: two or three cells of a box-line intersection, with cells of the rest of the line
  and of the rest of the box, hold as many digits as cells (the two parts sharing none): each
  digit leaves the house it is locked in.

The sets and their restricted commons are the ``View``'s (``View.als``, ``View.restricted_commons``),
found once per state for every technique that asks.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import partial
from itertools import combinations

from sudokit.models.candidates import digits_of
from sudokit.models.graph import Als, cells_of, unit_subsets
from sudokit.models.grid import Cell, Digit
from sudokit.solvers.human.steps import Candidate, Step, cells_text, digits_text, removable
from sudokit.solvers.human.view import View


def als_xz(view: View) -> Iterator[Step]:
    """Two ALSs with a restricted common digit: a common digit ``Z`` leaves what sees all its cells in both."""
    sets, links, sight, holders = view.als, view.restricted_commons, view.shared(_sights), view.holding
    for i, j, restricted in ((i, j, r) for i, near in enumerate(links) for j, r in near if i < j):
        a, b = sets[i], sets[j]
        sa, sb, outside = sight[i], sight[j], ~(a.bits | b.bits)
        if len(restricted) == 1:
            groups = [(z, sa[z] & sb[z]) for z in digits_of(a.mask & b.mask & ~(1 << (restricted[0] - 1)))]
        else:  # doubly linked: both sets locked
            groups = [(x, sa[x] & sb[x]) for x in restricted]
            groups += [(d, sight[k][d]) for k, s in ((i, a), (j, b)) for d in digits_of(s.mask) if d not in restricted]
        if eliminations := _eliminations(holders, groups, outside):
            yield _step(view, "als_xz", eliminations, (a, b),
                        f"A={a.text(view.size)}, B={b.text(view.size)}, X={digits_text(restricted)}")


def als_xy_wing(view: View) -> Iterator[Step]:
    """ALSs ``A`` and ``B`` each tied to a pivot ``C`` by different restricted commons: a ``Z`` of both goes."""
    sets, links, sight, holders = view.als, view.restricted_commons, view.shared(_sights), view.holding
    for c, near in zip(sets, links):
        wings = [(j, x) for j, restricted in near for x in restricted]
        for (i, x), (j, y) in combinations(wings, 2):
            if x == y:  # A and B may overlap: one of them is locked either way
                continue
            a, b = sets[i], sets[j]
            zs = a.mask & b.mask & ~(1 << (x - 1)) & ~(1 << (y - 1))
            if not zs:
                continue
            sa, sb = sight[i], sight[j]
            groups = [(z, sa[z] & sb[z]) for z in digits_of(zs)]
            if eliminations := _eliminations(holders, groups, ~(a.bits | b.bits | c.bits)):
                size = view.size
                yield _step(view, "als_xy_wing", eliminations, (a, b, c),
                            f"A={a.text(size)}, B={b.text(size)}, C={c.text(size)}, X,Y={digits_text((x, y))}")


def sue_de_coq(view: View) -> Iterator[Step]:
    """Cells of a box-line intersection locked with cells of the rest of the line and of the rest of the box."""
    geo, marks = view.geometry, view.marks
    for box in range(2 * view.size, 3 * view.size):
        for line in sorted({u for c in geo.units[box] for u in geo.cell_units[c][:2]}):
            around = tuple(marks[c] for c in geo.units[box] + geo.units[line])  # all a Sue de Coq here reads
            yield from view.memo.get((_sue_de_coq_at, box, line), around, partial(_sue_de_coq_list, view, box, line))


def _sue_de_coq_list(view: View, box: int, line: int) -> list[Step]:
    return list(_sue_de_coq_at(view, box, line))


def _sue_de_coq_at(view: View, box: int, line: int) -> Iterator[Step]:
    geo, marks, size = view.geometry, view.marks, view.size
    box_cells, line_cells = set(geo.units[box]), set(geo.units[line])
    inside = [c for c in geo.units[line] if marks[c] and c in box_cells]
    line_rest = [c for c in geo.units[line] if marks[c] and c not in box_cells]
    box_rest = [c for c in geo.units[box] if marks[c] and c not in line_cells]
    for core in (core for k in (2, 3) for core in combinations(inside, k)):
        v = _union(marks, core)
        spare = v.bit_count() - len(core)  # the core's digits that the other two parts must take
        if spare < 2:
            continue
        box_parts = list(_parts(marks, box_rest, v))
        for d, vd, d_gain in _parts(marks, line_rest, v):
            for e, ve, e_gain in box_parts:
                if vd & ve or d_gain + e_gain != spare:
                    continue
                locked = {*core, *d, *e}
                eliminations = sorted({*removable(view, line_cells - locked, (v | vd) & ~ve),
                                       *removable(view, box_cells - locked, (v | ve) & ~vd)})
                if eliminations:
                    parts = ", ".join(f"{cells_text(cells, size)} {{{digits_text(digits_of(mask))}}}"
                                      for cells, mask in ((core, v), (d, vd), (e, ve)))
                    digits = tuple(sorted({digit for _, digit in eliminations}))
                    yield Step("sue_de_coq", size, digits, eliminations=tuple(eliminations), cells=tuple(sorted(locked)),
                               pattern=parts, als=(core, d, e))


# ---- helpers


def _sights(view: View) -> list[dict[Digit, int]]:
    """Per ALS of the view, per digit: the cells that see every cell of the set holding it (a bitset)."""
    return [{digit: seen for digit, (_, seen) in s.sight.items()} for s in view.als]


def _eliminations(holders: Sequence[int], groups: Iterable[tuple[Digit, int]], outside: int) -> tuple[Candidate, ...]:
    """For each (digit, cells seeing what must hold it): the digit in those cells, within ``outside``."""
    found: set[Candidate] = set()
    for digit, seeing in groups:
        if seeing := seeing & holders[digit] & outside:
            found.update((c, digit) for c in cells_of(seeing))
    return tuple(sorted(found))


def _parts(marks: Sequence[int], cells: list[Cell], v: int) -> Iterator[tuple[tuple[Cell, ...], int, int]]:
    """Sets of ``cells``, their candidates, and how many of ``v``'s digits they take (one or more)."""
    for part, mask in unit_subsets(marks, cells):
        gain = len(part) - (mask & ~v).bit_count()
        if gain > 0:
            yield part, mask, gain


def _union(marks: Sequence[int], cells: Iterable[Cell]) -> int:
    mask = 0
    for c in cells:
        mask |= marks[c]
    return mask


def _step(view: View, name: str, eliminations: tuple[Candidate, ...], sets: Sequence[Als], pattern: str) -> Step:
    digits = tuple(sorted({d for _, d in eliminations}))
    cells = sorted({c for s in sets for c in s.cells})
    return Step(name, view.size, digits, eliminations=eliminations, cells=tuple(cells), pattern=pattern,
                als=tuple(s.cells for s in sets))

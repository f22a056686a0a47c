"""Basic fish: k base lines whose candidates for a digit lie in k cross lines (the cover).

The digit then leaves the rest of the cover. A finned fish has extra candidates (fins) in the base
lines, all in one box: the cover loses the digit only inside that box. It is sashimi when, without
its fins, some base line would keep a single candidate (HoDoKu's rule).

A fish is a pattern of one digit's candidates: each digit's fish are found once and kept while
its candidates stay the same (``View.per_digit``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from itertools import combinations

from sudokit.models.candidates import digits_of
from sudokit.models.grid import Cell, Digit, geometry, symbol
from sudokit.solvers.human.steps import Candidate, Finder, Step, cells_text
from sudokit.solvers.human.view import View


def _basic(size: int, name: str, doc: str) -> Finder:
    """The finder of the basic fish of ``size`` base lines, registered as ``name``."""
    def find(view: View) -> Iterator[Step]:
        return _fish(view, size, name)
    find.__name__ = find.__qualname__ = name
    find.__doc__ = doc
    return find


def _finned(size: int, name: str, sashimi: bool, doc: str = "") -> Finder:
    """The finder of the finned (or sashimi) fish of ``size`` base lines, registered as ``name``."""
    def find(view: View) -> Iterator[Step]:
        return _finned_fish(view, size, name, sashimi=sashimi)
    find.__name__ = find.__qualname__ = name
    find.__doc__ = doc or f"A {'sashimi' if sashimi else 'finned'} fish of {size} base lines."
    return find


x_wing = _basic(2, "x_wing", "Two lines whose candidates for a digit lie in the same two cross lines.")
swordfish = _basic(3, "swordfish", "Three lines whose candidates for a digit lie in the same three cross lines.")
jellyfish = _basic(4, "jellyfish", "Four lines whose candidates for a digit lie in the same four cross lines.")
finned_x_wing = _finned(2, "finned_x_wing", False,
                        "An X-Wing with fins in one box: the cover loses the digit where it sees every fin.")
sashimi_x_wing = _finned(2, "sashimi_x_wing", True, "A finned X-Wing that would be degenerate without its fins.")
finned_swordfish = _finned(3, "finned_swordfish", False, "A Swordfish with fins in one box.")
sashimi_swordfish = _finned(3, "sashimi_swordfish", True, "A finned Swordfish that would be degenerate without its fins.")
finned_jellyfish = _finned(4, "finned_jellyfish", False, "A Jellyfish with fins in one box.")
sashimi_jellyfish = _finned(4, "sashimi_jellyfish", True, "A finned Jellyfish that would be degenerate without its fins.")
squirmbag = _basic(5, "squirmbag",
                   "Five lines whose candidates for a digit lie in the same five cross lines (HoDoKu: off by default).")
whale = _basic(6, "whale", "Six lines whose candidates for a digit lie in the same six cross lines.")
leviathan = _basic(7, "leviathan", "Seven lines whose candidates for a digit lie in the same seven cross lines.")
finned_squirmbag = _finned(5, "finned_squirmbag", False)
sashimi_squirmbag = _finned(5, "sashimi_squirmbag", True)
finned_whale = _finned(6, "finned_whale", False)
sashimi_whale = _finned(6, "sashimi_whale", True)
finned_leviathan = _finned(7, "finned_leviathan", False)
sashimi_leviathan = _finned(7, "sashimi_leviathan", True)


class _Sea:
    """The candidates of one digit seen along rows (cover: columns) or along columns (cover: rows)."""

    def __init__(self, view: View, digit: Digit, by_rows: bool, lines: list[int]):
        self.view, self.digit, self.by_rows = view, digit, by_rows
        self.lines = lines  # per base line: the mask of cross positions holding the digit

    def cell(self, line: int, cross: int) -> Cell:
        return line * self.view.size + cross if self.by_rows else cross * self.view.size + line

    def unit(self, line: int, base: bool = True) -> int:
        """The unit id of a base line (or, with ``base=False``, of a cross line)."""
        return line + (0 if self.by_rows == base else self.view.size)

    def cells(self, lines: Sequence[int], crosses: Sequence[int]) -> list[Cell]:
        """The cells where given lines meet given cross lines and the digit is a candidate."""
        return [self.cell(ln, x) for ln in lines for x in crosses if self.lines[ln] >> x & 1]

    def step(self, name: str, base: Sequence[int], cover: Sequence[int], targets: list[Cell],
             fins: Sequence[Cell] = ()) -> Step | None:
        """The fish's step, if it removes something (``targets`` hold the digit, by construction)."""
        if not targets:
            return None
        units = tuple(self.unit(b) for b in base) + tuple(self.unit(x, base=False) for x in cover)
        return fish_step(name, self.view.size, self.digit, units, len(base), tuple(self.cells(base, cover)),
                         tuple((c, self.digit) for c in sorted(targets)), tuple(fins))


def fish_step(name: str, size: int, digit: Digit, units: tuple[int, ...], base: int, cells: tuple[Cell, ...],
              eliminations: tuple[Candidate, ...], fins: tuple[Cell, ...] = ()) -> Step:
    """The step of a fish: ``units``, its ``base`` base lines then its cover; ``cells``, the digit's
    in both; ``fins`` beside them."""
    names = [geometry(size).unit_name(u) for u in units]
    pattern = f"{symbol(digit)} {','.join(names[:base])} {','.join(names[base:])}"
    if fins:
        pattern += " " + " ".join("f" + cells_text([f], size) for f in fins)
    return Step(name, size, (digit,), eliminations=eliminations, cells=cells + fins, units=units, pattern=pattern,
                fins=fins)


def siamese_fish(view: View) -> Iterator[Step]:
    """Two finned or sashimi fish of one digit on the same base lines with different covers, shown
    as one step removing what either removes (HoDoKu's Siamese fish; each half is sound alone)."""
    for size in (2, 3, 4):
        finned = [s for sashimi in (False, True) for s in _finned_fish(view, size, "siamese_fish", sashimi=sashimi)]
        for a, b in combinations(finned, 2):
            if a.digits == b.digits and a.units[:size] == b.units[:size] and a.units != b.units:
                removed = tuple(sorted(set(a.eliminations) | set(b.eliminations)))
                if len(removed) > max(len(a.eliminations), len(b.eliminations)):
                    yield replace(a, technique="siamese_fish", eliminations=removed, units=a.units + b.units[size:],
                                  fins=tuple(sorted({*a.fins, *b.fins})), cells=tuple(sorted({*a.cells, *b.cells})),
                                  pattern=f"{a.pattern} + {b.pattern.partition(' ')[2]}")


def _seas(view: View, digit: Digit) -> tuple[_Sea, _Sea]:
    """A digit's sea along rows and along columns."""
    n, holding = view.size, view.holding[digit]
    full = (1 << n) - 1
    rows = [holding >> (r * n) & full for r in range(n)]
    cols = [0] * n
    for r, row in enumerate(rows):
        while row:
            low = row & -row
            cols[low.bit_length() - 1] |= 1 << r
            row ^= low
    return _Sea(view, digit, True, rows), _Sea(view, digit, False, cols)


def _indices(mask: int) -> list[int]:
    return [d - 1 for d in digits_of(mask)]


def _fish(view: View, size: int, name: str) -> Iterator[Step]:
    for digit in range(1, view.size + 1):
        yield from view.per_digit(_fish_steps, digit, size, name)


def _fish_steps(view: View, digit: Digit, size: int, name: str) -> list[Step]:
    """The basic fish of one digit and size."""
    found = []
    for sea in _seas(view, digit):
        lines = [i for i, m in enumerate(sea.lines) if 1 < m.bit_count() <= size]
        for base in combinations(lines, size):
            cover = 0
            for b in base:
                cover |= sea.lines[b]
            if cover.bit_count() == size:
                others = [ln for ln in range(view.size) if ln not in base]
                step = sea.step(name, base, _indices(cover), sea.cells(others, _indices(cover)))
                if step:
                    found.append(step)
    return found


def _finned_fish(view: View, size: int, name: str, *, sashimi: bool) -> Iterator[Step]:
    """The finned fish of a size that are (or are not) sashimi, as steps of ``name``."""
    for digit in range(1, view.size + 1):
        for is_sashimi, step in view.per_digit(_finned_steps, digit, size):
            if is_sashimi == sashimi:
                yield step


_NAMES = {2: "x_wing", 3: "swordfish", 4: "jellyfish", 5: "squirmbag", 6: "whale", 7: "leviathan"}


def _finned_steps(view: View, digit: Digit, size: int) -> list[tuple[bool, Step]]:
    """Every finned fish of one digit and size, sashimi or not, in the order found (shared by the
    two techniques)."""
    box = view.geometry.box
    found = []
    for sea, base, cover, band, is_sashimi in _finned_patterns(view, digit, size):
        union = 0
        for b in base:
            union |= sea.lines[b]
        first = next(b for b in base if sea.lines[b] & ~cover) // box * box  # the fins' lines
        others = [ln for ln in range(first, first + box) if ln not in base]
        name = ("sashimi_" if is_sashimi else "finned_") + _NAMES[size]
        step = sea.step(name, base, _indices(cover), sea.cells(others, _indices(cover & band)),
                        sea.cells(base, _indices(union & ~cover)))
        if step:
            found.append((is_sashimi, step))
    return found


Pattern = tuple[_Sea, tuple[int, ...], int, int, bool]  # sea, base lines, cover, band (masks of cross lines), sashimi


def _finned_patterns(view: View, digit: Digit, size: int) -> list[Pattern]:
    """The finned fish of one digit and size, in the order found: by the compiled search when it is
    ready (``fish_compiled``, only those that remove something), else by ``_finned_search``."""
    from sudokit.solvers.human.singles_compiled import LOADER

    seas = _seas(view, digit)
    if LOADER.value is None or size > 7:
        return list(_finned_search(view, seas, size))
    return LOADER.value.finned(seas, size, view.geometry.box)


def _finned_search(view: View, seas: tuple[_Sea, _Sea], size: int) -> Iterator[Pattern]:
    """The finned fish in ``seas`` (the pure-Python search, the reference).

    Fins lie in one box: in one band of cross lines, so the cover holds every position outside it.
    """
    box = view.geometry.box
    bands = [((1 << box) - 1) << (j * box) for j in range(box)]
    for sea in seas:
        lines = [i for i, m in enumerate(sea.lines) if 0 < m.bit_count() <= size + box]
        for base in combinations(lines, size):
            union = 0
            for b in base:
                union |= sea.lines[b]
            if union.bit_count() <= size:
                continue
            for band in bands:
                outside = union & ~band
                if not union & band or outside.bit_count() > size:
                    continue
                for inside in combinations([1 << x for x in _indices(union & band)], size - outside.bit_count()):
                    cover = outside | sum(inside)
                    bodies = [(sea.lines[b] & cover).bit_count() for b in base]
                    if 0 in bodies:
                        continue
                    fin_lines = {b // box for b in base if sea.lines[b] & ~cover}
                    if len(fin_lines) == 1:
                        yield sea, base, cover, band, 1 in bodies

"""Basic fish: k base lines whose candidates for a digit lie in k cross lines (the cover).

The digit then leaves the rest of the cover. A finned fish has extra candidates (fins) in the base
lines, all in one box: the cover loses the digit only inside that box. It is sashimi when, without
its fins, some base line would keep a single candidate (HoDoKu's rule).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations

from sudokit.models.candidates import Candidates, digits_of
from sudokit.models.grid import Cell, symbol
from sudokit.solvers.human.steps import Step, cells_text, removable


def x_wing(state: Candidates) -> Iterator[Step]:
    """Two lines whose candidates for a digit lie in the same two cross lines."""
    return _fish(state, 2, "x_wing")


def swordfish(state: Candidates) -> Iterator[Step]:
    """Three lines whose candidates for a digit lie in the same three cross lines."""
    return _fish(state, 3, "swordfish")


def jellyfish(state: Candidates) -> Iterator[Step]:
    """Four lines whose candidates for a digit lie in the same four cross lines."""
    return _fish(state, 4, "jellyfish")


def finned_x_wing(state: Candidates) -> Iterator[Step]:
    """An X-Wing with fins in one box: the cover loses the digit where it sees every fin."""
    return _finned_fish(state, 2, "finned_x_wing", sashimi=False)


def sashimi_x_wing(state: Candidates) -> Iterator[Step]:
    """A finned X-Wing that would be degenerate without its fins."""
    return _finned_fish(state, 2, "sashimi_x_wing", sashimi=True)


def finned_swordfish(state: Candidates) -> Iterator[Step]:
    """A Swordfish with fins in one box."""
    return _finned_fish(state, 3, "finned_swordfish", sashimi=False)


def sashimi_swordfish(state: Candidates) -> Iterator[Step]:
    """A finned Swordfish that would be degenerate without its fins."""
    return _finned_fish(state, 3, "sashimi_swordfish", sashimi=True)


def finned_jellyfish(state: Candidates) -> Iterator[Step]:
    """A Jellyfish with fins in one box."""
    return _finned_fish(state, 4, "finned_jellyfish", sashimi=False)


def sashimi_jellyfish(state: Candidates) -> Iterator[Step]:
    """A finned Jellyfish that would be degenerate without its fins."""
    return _finned_fish(state, 4, "sashimi_jellyfish", sashimi=True)


class _Sea:
    """The candidates of one digit seen along rows (cover: columns) or along columns (cover: rows)."""

    def __init__(self, state: Candidates, digit: int, by_rows: bool, lines: list[int]):
        self.state, self.digit, self.by_rows = state, digit, by_rows
        self.lines = lines  # per base line: the mask of cross positions holding the digit

    def cell(self, line: int, cross: int) -> Cell:
        return line * self.state.size + cross if self.by_rows else cross * self.state.size + line

    def unit(self, line: int, base: bool = True) -> int:
        """The unit id of a base line (or, with ``base=False``, of a cross line)."""
        return line + (0 if self.by_rows == base else self.state.size)

    def cells(self, lines, crosses) -> list[Cell]:
        """The cells where given lines meet given cross lines and the digit is a candidate."""
        return [self.cell(ln, x) for ln in lines for x in crosses if self.lines[ln] >> x & 1]

    def step(self, name: str, base, cover, targets, fins=()) -> Step | None:
        size = self.state.size
        eliminations = removable(self.state, targets, 1 << (self.digit - 1))
        if not eliminations:
            return None
        units = tuple(self.unit(b) for b in base) + tuple(self.unit(x, base=False) for x in cover)
        names = [self.state.geometry.unit_name(u) for u in units]
        pattern = f"{symbol(self.digit)} {','.join(names[:len(base)])} {','.join(names[len(base):])}"
        if fins:
            pattern += " " + " ".join("f" + cells_text([f], size) for f in fins)
        return Step(name, size, (self.digit,), eliminations=eliminations,
                    cells=tuple(self.cells(base, cover)) + tuple(fins), units=units, pattern=pattern)


def _seas(state: Candidates) -> Iterator[_Sea]:
    """Every digit's sea, along rows and along columns (one pass over the grid)."""
    n = state.size
    rows = [[0] * n for _ in range(n + 1)]
    cols = [[0] * n for _ in range(n + 1)]
    for cell, mask in enumerate(state.marks):
        r, c = divmod(cell, n)
        for digit in digits_of(mask):
            rows[digit][r] |= 1 << c
            cols[digit][c] |= 1 << r
    for digit in range(1, n + 1):
        yield _Sea(state, digit, True, rows[digit])
        yield _Sea(state, digit, False, cols[digit])


def _indices(mask: int) -> list[int]:
    return [d - 1 for d in digits_of(mask)]


def _fish(state: Candidates, size: int, name: str) -> Iterator[Step]:
    for sea in _seas(state):
        lines = [i for i, m in enumerate(sea.lines) if 1 < m.bit_count() <= size]
        for base in combinations(lines, size):
            cover = 0
            for b in base:
                cover |= sea.lines[b]
            if cover.bit_count() == size:
                others = [ln for ln in range(state.size) if ln not in base]
                step = sea.step(name, base, _indices(cover), sea.cells(others, _indices(cover)))
                if step:
                    yield step


def _finned_fish(state: Candidates, size: int, name: str, *, sashimi: bool) -> Iterator[Step]:
    """The finned fish of a size that are (or are not) sashimi, as steps of ``name``."""
    patterns = _finned_patterns(state.size, tuple(state.marks), size)
    for found, (digit, by_rows, lines), base, cover, targets, fins in patterns:
        if found == sashimi and (step := _Sea(state, digit, by_rows, lines).step(name, base, cover, targets, fins)):
            yield step


@lru_cache(maxsize=2)
def _finned_patterns(n: int, marks: tuple[int, ...], size: int) -> list[tuple]:
    """Every finned fish of a size, sashimi or not, in the order found (shared by the two techniques).

    Fins lie in one box: in one band of cross lines, so the cover holds every position outside it.
    """
    state = Candidates(n, list(marks), [0] * len(marks))  # the marks are all it reads
    box = state.geometry.box
    bands = [((1 << box) - 1) << (j * box) for j in range(box)]
    found = []
    for sea in _seas(state):
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
                    if len(fin_lines) != 1:
                        continue
                    first = fin_lines.pop() * box
                    others = [ln for ln in range(first, first + box) if ln not in base]
                    found.append((1 in bodies, (sea.digit, sea.by_rows, sea.lines), base, _indices(cover),
                                  sea.cells(others, _indices(cover & band)), sea.cells(base, _indices(union & ~cover))))
    return found

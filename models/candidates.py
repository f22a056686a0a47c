"""Pencil marks: the state the human engine works on.

Each open cell holds a bitmask of its candidates (bit ``d-1`` = digit ``d``); a placed cell holds
its value and an empty mask. Every size the grid model supports (4x4 … 25x25) works the same way.

>>> pm = Candidates.from_grid(Grid.parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"))
>>> pm.digits(1), pm.values[0]
((1, 6, 7, 9), 4)
>>> [Candidates.parse(text).marks == pm.marks for text in (pm.line(), pm.picture())]
[True, True]
>>> pm.place(1, 9); pm.digits(2)
(1, 2, 6, 7)
"""

from __future__ import annotations

import re
from array import array
from functools import cache
from math import isqrt

from sudokit.models.grid import (
    BLANKS,
    CELL_COUNTS,
    SIZES,
    SYMBOLS,
    Cell,
    Digit,
    Geometry,
    Grid,
    PuzzleError,
    cell_name,
    geometry,
    symbol,
)

_PM_TOKEN = re.compile(r"[1-9A-Pa-p]+")
_LINE_LENGTHS = {size**3: size for size in SIZES}  # one slot per (cell, digit)
_RULES = set("|+:'")  # what a pencil-mark grid has and a candidate line has not


@cache
def digits_of(mask: int) -> tuple[Digit, ...]:
    """The digits of a candidate mask, ascending.

    >>> digits_of(0b101000100)
    (3, 7, 9)
    """
    return tuple(d + 1 for d in range(mask.bit_length()) if mask >> d & 1)


def mask_of(digits) -> int:
    """The candidate mask of some digits."""
    mask = 0
    for digit in digits:
        mask |= 1 << (digit - 1)
    return mask


class Candidates:
    """Mutable pencil marks of an N×N grid: one candidate bitmask per cell, and the placed values."""

    __slots__ = ("marks", "size", "values")

    def __init__(self, size: int, marks: list[int], values: list[Digit]):
        self.size, self.marks, self.values = size, marks, values

    # ---- construction

    @classmethod
    def from_grid(cls, grid: Grid) -> Candidates:
        """The full pencil marks of a puzzle: every digit its peers do not already hold."""
        size, values = grid.size, list(grid.values)
        cell_units = geometry(size).cell_units
        held = [0] * (3 * size)  # per unit, the digits placed in it (as ``place`` would leave them)
        for cell, digit in enumerate(values):
            if digit:
                bit = 1 << (digit - 1)
                for unit in cell_units[cell]:
                    held[unit] |= bit
        full = (1 << size) - 1
        marks = [0 if digit else full & ~(held[row] | held[column] | held[box])
                 for digit, (row, column, box) in zip(values, cell_units, strict=True)]
        return cls(size, marks, values)

    @classmethod
    def parse(cls, text: str) -> Candidates:
        """Read a puzzle, a candidate line (N³ characters) or a HoDoKu/SE pencil-mark grid.

        Text that reads as a puzzle is one (an 81-symbol line is always a 9x9 puzzle); a
        pencil-mark reading is tried only when it cannot be. A cell showing a single digit is
        placed (its peers lose that digit).
        """
        try:
            return cls.from_grid(Grid.parse(text))
        except PuzzleError as as_puzzle:
            compact = "".join(text.split())
            if len(compact) in _LINE_LENGTHS and not _RULES.intersection(compact):
                size = _LINE_LENGTHS[len(compact)]
                return cls._from_marks(size, [_read_mask(compact[i : i + size], i // size, size)
                                              for i in range(0, len(compact), size)])
            if not cls.looks_like_marks(text):
                raise as_puzzle from None
            tokens = _PM_TOKEN.findall(text)
            size = SIZES[CELL_COUNTS.index(len(tokens))]
            return cls._from_marks(size, [_read_mask(t, cell, size) for cell, t in enumerate(tokens)])

    @staticmethod
    def looks_like_marks(text: str) -> bool:
        """Whether ``text`` has the shape of pencil marks: a candidate line (N³ symbols), or a grid of
        N² runs of symbols, some of several."""
        compact = "".join(text.split())
        if len(compact) in _LINE_LENGTHS and not _RULES.intersection(compact):
            return True
        tokens = _PM_TOKEN.findall(text)
        return len(tokens) in CELL_COUNTS and any(len(t) > 1 for t in tokens) and len(text.split()) > 1

    @classmethod
    def _from_marks(cls, size: int, marks: list[int]) -> Candidates:
        values = [digits_of(m)[0] if m and not m & (m - 1) else 0 for m in marks]
        Grid(tuple(values)).check()
        state = cls(size, marks, [0] * len(marks))
        for cell, digit in enumerate(values):
            if digit:
                state.place(cell, digit)
        return state

    def copy(self) -> Candidates:
        return Candidates(self.size, self.marks.copy(), self.values.copy())

    # ---- reading

    @property
    def geometry(self) -> Geometry:
        return geometry(self.size)

    def digits(self, cell: Cell) -> tuple[Digit, ...]:
        """The candidates of a cell (empty once it is placed)."""
        return digits_of(self.marks[cell])

    def has(self, cell: Cell, digit: Digit) -> bool:
        return bool(self.marks[cell] >> (digit - 1) & 1)

    def places(self, unit: int) -> dict[Digit, list[Cell]]:
        """Each digit not yet placed in a unit, with the cells of the unit that still hold it."""
        cells = self.geometry.units[unit]
        placed = {self.values[c] for c in cells}
        found: dict[Digit, list[Cell]] = {d: [] for d in range(1, self.size + 1) if d not in placed}
        for cell in cells:
            for digit in digits_of(self.marks[cell]):
                found[digit].append(cell)
        return found

    def is_solved(self) -> bool:
        return all(self.values)

    def contradiction(self) -> str | None:
        """Why this state has no solution, when that is plain: a cell or a unit left without a digit.

        Asked after every step of a solve: whether there is one is read at C speed from whole-grid
        integers (``_plain``), the reason only when there is."""
        if not _plain(self.size, self.marks, self.values):
            return None
        for cell, mask in enumerate(self.marks):
            if not mask and not self.values[cell]:
                return f"{cell_name(cell, self.size)} has no candidate left"
        full = (1 << self.size) - 1
        for unit, cells in enumerate(self.geometry.units):
            seen = 0
            for cell in cells:
                value = self.values[cell]
                seen |= 1 << (value - 1) if value else self.marks[cell]
            if seen != full:
                missing = digits_of(full & ~seen)[0]
                return f"{symbol(missing)} has no place in {self.geometry.unit_name(unit)}"
        return None

    def to_grid(self) -> Grid:
        """The placed values as a grid (open cells blank)."""
        return Grid(tuple(self.values))

    # ---- changing

    def place(self, cell: Cell, digit: Digit) -> None:
        """Set a cell's value and remove the digit from its peers."""
        keep = ~(1 << (digit - 1))
        self.values[cell], self.marks[cell] = digit, 0
        marks = self.marks
        for peer in self.geometry.peers[cell]:
            marks[peer] &= keep

    def eliminate(self, cell: Cell, digit: Digit) -> None:
        self.marks[cell] &= ~(1 << (digit - 1))

    # ---- formatting

    def _cell_text(self, cell: Cell) -> str:
        value = self.values[cell]
        return symbol(value) if value else "".join(map(symbol, digits_of(self.marks[cell])))

    def line(self) -> str:
        """One character per (cell, digit): the digit's symbol where it is a candidate, else ``.``."""
        slots = range(1, self.size + 1)
        out: list[str] = []
        for cell, mask in enumerate(self.marks):
            value = self.values[cell]
            shown = 1 << (value - 1) if value else mask
            out.extend(symbol(d) if shown >> (d - 1) & 1 else "." for d in slots)
        return "".join(out)

    def picture(self) -> str:
        """The pencil-mark grid as HoDoKu prints it (placed cells show their value)."""
        n, size = self.geometry.box, self.size
        texts = [self._cell_text(cell) for cell in range(size * size)]
        widths = [max(len(texts[r * size + c]) for r in range(size)) for c in range(size)]
        bands = [sum(widths[b * n : (b + 1) * n]) + 2 * n for b in range(n)]

        def rule(left: str, middle: str, right: str) -> str:
            return left + middle.join("-" * w for w in bands) + right

        out = [rule(".", ".", ".")]
        for r in range(size):
            if r and r % n == 0:
                out.append(rule(":", "+", ":"))
            cells = [texts[r * size + c].ljust(widths[c]) for c in range(size)]
            out.append("|" + "|".join(" " + "  ".join(cells[b * n : (b + 1) * n]) + " " for b in range(n)) + "|")
        out.append(rule("'", "'", "'"))
        return "\n".join(out)

    def __repr__(self) -> str:
        return f"Candidates.parse({self.line()!r})"

    def _repr_svg_(self) -> str:
        """The pencil marks' picture, as Jupyter shows it (``sudokit.models.picture``)."""
        from sudokit.models.picture import draw

        return draw(self).svg()


def _plain(size: int, marks: list[int], values: list[Digit]) -> bool:
    """Whether a cell has neither value nor candidate, or a unit shows a digit nowhere (as a value or
    a candidate), read at C speed from integers holding the whole grid; also True for a placed cell
    with candidates (``contradiction``'s loop, run whenever this is True, then decides).

    Each cell is a field of 32 bits, in one integer for the grid's marks and one for its values'
    bits (made from the values by byte tables). A cell with neither is a zero field of their OR,
    which is what the cells show; a unit's digits are the OR of its cells' fields, gathered for every
    unit of a kind at once by shifting the grid onto itself (field ``r·N`` ends up with row r's, field
    ``c`` with column c's, a box's top-left field with the box's)."""
    code, bit_bytes, ones, tops, below, folds, full = _layout(size)
    placed = bytearray(values)
    grid = bytearray(4 * len(values))
    for k, table in enumerate(bit_bytes):
        grid[k::4] = placed.translate(table)
    bits = int.from_bytes(grid, "little")
    candidates = int.from_bytes(array(code, marks), "little")
    shown = candidates | bits
    if (shown - ones) & ~shown & tops:  # a zero field (each is below its top bit)
        return True
    if (candidates + below) & (bits + below) & tops:  # (a field plus ``below`` reaches its top bit unless 0)
        return True
    for shifts, whole in zip(folds, full, strict=True):
        gathered = shown
        for shift in shifts:
            gathered |= gathered >> shift
        if gathered & whole != whole:
            return True
    return False


def _gathering(stride: int, count: int) -> tuple[int, ...]:
    """Shifts that OR ``count`` fields ``stride`` bits apart onto the first, each shift applied to the
    result so far: doubling the span up to a power of two, then one shift over the rest (overlapping)."""
    shifts, span = [], 1
    while 2 * span <= count:
        shifts.append(stride * span)
        span *= 2
    return (*shifts, stride * (count - span)) if span < count else tuple(shifts)


@cache
def _layout(size: int) -> tuple[str, list[bytes], int, int, int, tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """``_plain``'s tables for a size: the array type code of 32-bit fields, per byte of a field that
    digits use the byte of each value's bit, each field's 1, its top bit and the bits below it, per
    kind of unit (rows, columns, boxes) the shifts that gather a unit onto its first field and the
    full digit mask in each unit's first field."""
    code = next(c for c in "IL" if array(c).itemsize == 4)  # ("I" reads a list faster than "H")
    bit_bytes = [bytes(((1 << v - 1) >> 8 * k & 255) if v else 0 for v in range(256)) for k in range(-(-size // 8))]
    cells, box, digits = size * size, isqrt(size), (1 << size) - 1
    ones = sum(1 << 32 * c for c in range(cells))
    tops, below = ones << 31, ones * (2**31 - 1)
    folds = (_gathering(32, size), _gathering(32 * size, size), _gathering(32, box) + _gathering(32 * size, box))
    firsts = (range(0, cells, size), range(size), [br * box * size + bc * box for br in range(box) for bc in range(box)])
    full = tuple(sum(digits << 32 * cell for cell in first) for first in firsts)
    return code, bit_bytes, ones, tops, below, folds, full


def _read_mask(text: str, cell: Cell, size: int) -> int:
    """The candidate mask written as ``text`` (symbols, blanks ignored)."""
    mask = 0
    for ch in text:
        if ch in BLANKS:
            continue
        digit = SYMBOLS.find(ch.upper()) + 1
        if not 0 < digit <= size:
            raise PuzzleError(f"{cell_name(cell, size)}: {ch!r} is not a digit of a {size}x{size} grid")
        mask |= 1 << (digit - 1)
    return mask

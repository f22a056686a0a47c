"""The Sudoku grid: geometry, parsing, formatting and the independent judge.

Vocabulary (used everywhere in sudokit):

- ``Cell``: an int 0 … N²−1, row-major; shown to people as ``r1c1`` (1-based).
- ``Digit``: an int 1 … N; symbols beyond 9 are ``A``, ``B``, … (``A`` = 10).
- ``Unit``: a row, column or box, as a tuple of cells; named ``r1``, ``c1``, ``b1``.
- ``Grid``: the immutable givens (0 = blank) of an N×N puzzle with n×n boxes, N = n².

>>> g = Grid.parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
>>> g.size, g.count_givens(), cell_name(80)
(9, 17, 'r9c9')
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from functools import cache, cached_property
from operator import itemgetter, mul

from sudokit.models.errors import UserError

Cell = int
Digit = int

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
BLANKS = ".0-*_"
BOX_SIDES = (2, 3, 4, 5)
SIZES = tuple(n * n for n in BOX_SIDES)  # 4, 9, 16, 25
CELL_COUNTS = tuple(s * s for s in SIZES)  # 16, 81, 256, 625
_SIZE_OF = dict(zip(CELL_COUNTS, SIZES, strict=True))  # a grid's size by its cell count


class PuzzleError(UserError, ValueError):
    """Bad input: names the rule broken, and where (source, line, position or cell)."""

    def __init__(self, reason: str, *, source: str | None = None, line: int | None = None):
        self.reason, self.source, self.line = reason, source, line
        super().__init__(str(self))

    def __str__(self) -> str:
        where = ":".join(str(p) for p in (self.source, self.line) if p is not None)
        return f"{where}: {self.reason}" if where else self.reason

    def at(self, source: str | None = None, line: int | None = None) -> PuzzleError:
        """The same error, located in a file and line."""
        return PuzzleError(self.reason, source=source or self.source, line=line or self.line)


# ---------------------------------------------------------------------------- geometry


@dataclass(frozen=True)
class Geometry:
    """Units and peers of an N×N grid with n×n boxes; computed once per size."""

    box: int  # n
    size: int  # N = n*n
    units: tuple[tuple[Cell, ...], ...]  # N rows, then N columns, then N boxes
    cell_units: tuple[tuple[int, int, int], ...]  # per cell: (row unit, column unit, box unit)
    peers: tuple[frozenset[Cell], ...]

    @property
    def cells(self) -> range:
        return range(self.size * self.size)

    def row(self, cell: Cell) -> int:
        return cell // self.size

    def col(self, cell: Cell) -> int:
        return cell % self.size

    def box_of(self, cell: Cell) -> int:
        return self.cell_units[cell][2] - 2 * self.size

    def unit_name(self, unit: int) -> str:
        kind, index = divmod(unit, self.size)
        return f"{'rcb'[kind]}{index + 1}"

    def sees(self, a: Cell, b: Cell) -> bool:
        return b in self.peers[a]


@cache
def geometry(size: int) -> Geometry:
    """The geometry of a size×size grid (size 4, 9, 16 or 25)."""
    box = math.isqrt(size)
    if box * box != size or box not in BOX_SIDES:
        raise PuzzleError(f"unsupported size {size}: sizes are {', '.join(map(str, SIZES))}")
    rows = [tuple(r * size + c for c in range(size)) for r in range(size)]
    cols = [tuple(r * size + c for r in range(size)) for c in range(size)]
    boxes = [
        tuple((br * box + r) * size + bc * box + c for r in range(box) for c in range(box))
        for br in range(box)
        for bc in range(box)
    ]
    units = tuple(rows + cols + boxes)
    cell_units = tuple(
        (cell // size, size + cell % size, 2 * size + (cell // size // box) * box + cell % size // box)
        for cell in range(size * size)
    )
    peers = tuple(
        frozenset(p for u in cell_units[cell] for p in units[u]) - {cell} for cell in range(size * size)
    )
    return Geometry(box, size, units, cell_units, peers)


def cell_name(cell: Cell, size: int = 9) -> str:
    """``r1c1``-style name of a cell."""
    return f"r{cell // size + 1}c{cell % size + 1}"


def symbol(digit: Digit) -> str:
    """The text symbol of a digit (``A`` = 10)."""
    return SYMBOLS[digit - 1]


# ---------------------------------------------------------------------------- the grid


@dataclass(frozen=True)
class Grid:
    """An N×N puzzle or solution: the cell values in row-major order, 0 for a blank."""

    values: tuple[Digit, ...]

    def __init__(self, values: tuple[Digit, ...]) -> None:
        """The grid of ``values``, with its size (what ``size`` would compute) set at once through the
        dict, the grid being frozen: one call, where the generated ``__init__`` and a ``__post_init__``
        were two (every puzzle read makes a grid; each call costs when the caches are cold)."""
        if (size := _SIZE_OF.get(len(values))) is None:
            raise PuzzleError(_length_message(len(values)))
        self.__dict__.update(values=values, size=size)

    @classmethod
    def parse(cls, text: str) -> Grid:
        """Read a grid from what people paste: a line, a picture, or integers; validated."""
        grid = cls(tuple(_read_values(text)))
        grid.check()
        return grid

    @classmethod
    def empty(cls, size: int = 9) -> Grid:
        return cls((0,) * (size * size))

    @cached_property
    def size(self) -> int:
        return math.isqrt(len(self.values))

    @property
    def geometry(self) -> Geometry:
        return geometry(self.size)

    def __getitem__(self, cell: Cell) -> Digit:
        return self.values[cell]

    def count_givens(self) -> int:
        return sum(1 for v in self.values if v)

    def is_complete(self) -> bool:
        return all(self.values)

    def with_values(self, placements: dict[Cell, Digit]) -> Grid:
        """A copy with some cells filled in."""
        values = list(self.values)
        for cell, digit in placements.items():
            values[cell] = digit
        return Grid(tuple(values))

    def conflicts(self) -> list[tuple[Cell, Cell, int, Digit]]:
        """Pairs of cells of one unit that hold the same digit: (first, second, unit, digit).

        Found once per grid (a grid does not change): parsing checks it, and a solver asks again."""
        if (kept := self.__dict__.get("_conflicts")) is None:
            kept = self.__dict__["_conflicts"] = tuple(self._conflicts())
        return list(kept)

    def _conflicts(self) -> list[tuple[Cell, Cell, int, Digit]]:
        geo, values = geometry(self.size), self.values
        held = [0] * len(geo.units)  # per unit, the digits met so far (bit d)
        for cell, digit in enumerate(values):
            if digit:
                bit, (row, column, box) = 1 << digit, geo.cell_units[cell]
                if (held[row] | held[column] | held[box]) & bit:
                    break
                held[row] |= bit
                held[column] |= bit
                held[box] |= bit
        else:
            return []  # the usual case: no (unit, digit) twice
        found = []
        for unit, cells in enumerate(geo.units):
            first: dict[Digit, Cell] = {}
            for cell in cells:
                digit = self.values[cell]
                if digit and digit in first:
                    found.append((first[digit], cell, unit, digit))
                elif digit:
                    first[digit] = cell
        return found

    def check(self) -> None:
        """Raise ``PuzzleError`` for a digit out of range or a repeated given."""
        for cell, digit in enumerate(self.values) if not 0 <= min(self.values) <= max(self.values) <= self.size else ():
            if not 0 <= digit <= self.size:
                raise PuzzleError(
                    f"{cell_name(cell, self.size)} holds {digit}, more than {self.size} "
                    f"allowed in a {self.size}x{self.size} grid"
                )
        for a, b, unit, digit in self.conflicts():
            raise PuzzleError(
                f"{cell_name(a, self.size)} and {cell_name(b, self.size)} both hold "
                f"{symbol(digit)} ({_unit_word(self.geometry.unit_name(unit))})"
            )

    # ---- formatting

    def line(self, blank: str = ".") -> str:
        """One line, one character per cell (``A`` = 10)."""
        return "".join(map((blank + SYMBOLS).__getitem__, self.values))

    def picture(self) -> str:
        """A multi-line picture with box separators."""
        n, size = self.geometry.box, self.size
        width = 1 if size <= 9 or size <= len(SYMBOLS) else 2
        rule = "+".join(["-" * (n * (width + 1) + 1)] * n)
        out = []
        for r in range(size):
            if r and r % n == 0:
                out.append(rule)
            row = self.values[r * size : (r + 1) * size]
            boxes = [
                " " + " ".join((symbol(v) if v else ".").rjust(width) for v in row[b * n : (b + 1) * n]) + " "
                for b in range(n)
            ]
            out.append("|".join(boxes).rstrip())
        return "\n".join(out)

    def to_json(self) -> str:
        return json.dumps({"size": self.size, "values": list(self.values)})

    def __str__(self) -> str:
        return self.line()

    def _repr_svg_(self) -> str:
        """The grid's picture, as Jupyter shows it (``sudokit.models.picture``)."""
        from sudokit.models.picture import draw

        return draw(self).svg()


# ---------------------------------------------------------------------------- the judge


def is_solution(solution: Grid | None, puzzle: Grid) -> bool:
    """True when ``solution`` is a complete valid grid that keeps every given of ``puzzle``.

    Deliberately independent of everything else: it uses no geometry table and no
    solver code, only arithmetic on indices (its own, in ``_judge_units``).
    """
    if solution is None or len(solution.values) != len(puzzle.values):
        return False
    cells, givens = solution.values, puzzle.values
    if list(map(mul, map(bool, givens), cells)) != list(givens):  # a given changed (or a cell emptied)
        return False
    size = math.isqrt(len(givens))
    if not 1 <= min(cells) <= max(cells) <= size:
        return False
    return all(len(set(get(cells))) == size for get in _judge_units(size))  # each unit: size different digits


@cache
def _judge_units(size: int) -> tuple[itemgetter, ...]:
    """For the judge: a getter of each row, column and box's cells, by arithmetic on indices."""
    box = math.isqrt(size)
    rows = [range(r * size, (r + 1) * size) for r in range(size)]
    columns = [range(c, size * size, size) for c in range(size)]
    boxes = [[(top + r) * size + left + c for r in range(box) for c in range(box)]
             for top in range(0, size, box) for left in range(0, size, box)]
    return tuple(itemgetter(*unit) for unit in (*rows, *columns, *boxes))


# ---------------------------------------------------------------------------- parsing

_SEPARATOR_LINE = re.compile(r"^[\s\-=+*.|:']*$")
_VALUE_OF = {**{ch: 0 for ch in BLANKS}, **{ch: i for i, ch in enumerate(SYMBOLS, 1)},
             **{ch.lower(): i for i, ch in enumerate(SYMBOLS, 1) if ch.isalpha()}}
_BYTE_VALUE = bytes(_VALUE_OF.get(chr(byte), 255) for byte in range(256))  # an ASCII symbol's value; 255: none


def _read_values(text: str) -> list[Digit]:
    """The cell values in ``text``, in either character or integer notation."""
    line = text.strip()
    if len(line) in CELL_COUNTS and line.isascii():  # the common case, one line of symbols: read at once
        values = list(line.encode().translate(_BYTE_VALUE))
        if max(values) <= math.isqrt(len(values)):  # (else separators, a bad symbol: the general reader says what)
            return values
    lines = [ln for ln in text.splitlines() if ln.strip() and not _is_separator(ln)]
    body = "\n".join(lines)
    tokens = _split_tokens(body)
    if "," in body or (len(tokens) in CELL_COUNTS and any(len(t) > 1 for t in tokens)) or _integers(tokens):
        return _read_integers(tokens)
    return _read_characters(body)


def _integers(tokens: list[str]) -> bool:
    """Space-separated numbers, some of two digits (``10 0 3 …``): counted as values, not characters."""
    return len(tokens) > 1 and any(len(t) == 2 for t in tokens) and all(
        (t.isdigit() and len(t) <= 2) or t in BLANKS for t in tokens)


def _is_separator(line: str) -> bool:
    """A picture's rule line (``---+---``, ``*-----*``), as opposed to a row of blanks."""
    stripped = line.strip()
    return bool(_SEPARATOR_LINE.match(stripped)) and (
        "+" in stripped or "=" in stripped or ":" in stripped or "---" in stripped
    )


def _read_characters(body: str) -> list[Digit]:
    chars = [(i, ch) for i, ch in enumerate(body) if not ch.isspace() and ch not in "|+"]
    count = len(chars)
    if count not in CELL_COUNTS:
        raise PuzzleError(_length_message(count))
    size = math.isqrt(count)
    values = []
    for cell, (_, ch) in enumerate(chars):
        if ch in BLANKS:
            values.append(0)
            continue
        digit = SYMBOLS.find(ch.upper()) + 1
        if digit == 0:
            raise PuzzleError(f"unknown character {ch!r} at position {cell + 1} ({cell_name(cell, size)})")
        if digit > size:
            raise PuzzleError(
                f"symbol {ch!r} at position {cell + 1} ({cell_name(cell, size)}) is too large "
                f"for a {size}x{size} grid (symbols 1..{symbol(size)})"
            )
        values.append(digit)
    return values


def _split_tokens(body: str) -> list[str]:
    return [t for t in re.split(r"[\s,|+]+", body) if t]


def _read_integers(tokens: list[str]) -> list[Digit]:
    if len(tokens) not in CELL_COUNTS:
        raise PuzzleError(_length_message(len(tokens), unit="numbers"))
    size = math.isqrt(len(tokens))
    values = []
    for cell, tok in enumerate(tokens):
        if tok in BLANKS:
            values.append(0)
        elif tok.isdigit() and int(tok) <= size:
            values.append(int(tok))
        else:
            raise PuzzleError(
                f"bad entry {tok!r} at position {cell + 1} ({cell_name(cell, size)}): "
                f"expected 0..{size} or a blank"
            )
    return values


def _length_message(count: int, unit: str = "cells") -> str:
    sizes = ", ".join(f"{c} ({s}x{s})" for c, s in zip(CELL_COUNTS, SIZES))
    hint = " (729 characters is a pencil-mark line: see sudokit.models.candidates)" if count == 729 else ""
    return f"wrong length: {count} {unit}; a puzzle has {sizes}{hint}"


def _unit_word(name: str) -> str:
    return {"r": "row", "c": "column", "b": "box"}[name[0]] + " " + name[1:]

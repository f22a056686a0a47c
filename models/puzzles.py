"""Puzzle files: one puzzle per line (with metadata fields), CSV, or one picture per file.

Accepted line shapes, each possibly followed by metadata:

- ``puzzle`` — any one-line form ``Grid.parse`` reads;
- ``puzzle:count[:solution]`` — tdoku's test format;
- ``index puzzle`` — Gecode's example sets;
- ``puzzle<TAB or space>rest`` — trailing fields kept as ``meta["fields"]``;
- CSV with a ``puzzle`` column (other columns kept as metadata);
- a whole file that is a single multi-line picture.

``#`` comments and blank lines are skipped.
"""

from __future__ import annotations

import codecs
import csv
import hashlib
import itertools
import re
from collections import Counter
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from sudokit.models.errors import UserError
from sudokit.models.grid import Grid, PuzzleError

_HEADER_WORD = re.compile(r"^[a-z_][a-z0-9_ ]*$")  # a CSV column name (a puzzle line is never one)


@dataclass(frozen=True)
class Puzzle:
    """One puzzle of a set: its position, the grid, where it came from, and metadata."""

    index: int
    grid: Grid
    line: int = 0
    meta: dict = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class Selection:
    """Which puzzles of a source to take: numbers ``first`` to ``last`` (from 1, both included;
    ``last`` None: to the end), as ``--first N`` and ``--range A-B`` give them.

    >>> Selection.parse("11-20"), Selection.parse("5-").label(), 9 in Selection.parse("10")
    (Selection(first=11, last=20), '5-', True)
    """

    first: int = 1
    last: int | None = None

    @classmethod
    def parse(cls, text: str) -> Selection:
        """``A-B``, ``A-`` (to the end) or ``A`` (that puzzle alone); numbers from 1."""
        head, dash, tail = text.strip().partition("-")
        try:
            first = int(head)
            last = (int(tail) if tail.strip() else None) if dash else first
        except ValueError:
            raise UserError(f"--range {text!r}: give A-B, A- or A (puzzle numbers from 1)") from None
        if first < 1 or (last is not None and last < first):
            raise UserError(f"--range {text!r}: the numbers start at 1 and A is at most B")
        return cls(first, last)

    def __contains__(self, index: object) -> bool:
        """Whether the puzzle at ``index`` (from 0) is taken."""
        return isinstance(index, int) and self.first - 1 <= index and (self.last is None or index < self.last)

    def label(self) -> str:
        """``11-20``, ``5-`` or ``7``: the numbers taken."""
        return str(self.first) if self.last == self.first else f"{self.first}-{self.last or ''}"

    def check(self, name: str, count: int) -> None:
        """A selection that takes nothing of ``count`` puzzles is refused."""
        if self.first > count:
            raise UserError(f"{name} has {count} puzzles; --range {self.label()} takes none of them")


@dataclass
class PuzzleSet:
    """Puzzles read from one source, with what was skipped and the source's sha256."""

    name: str
    puzzles: list[Puzzle]
    sha256: str = ""
    skipped: list[PuzzleError] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.puzzles)

    def __iter__(self) -> Iterator[Puzzle]:
        return iter(self.puzzles)

    @property
    def sizes(self) -> Counter[int]:
        """How many puzzles of each size (9 for 9×9) the set holds."""
        return Counter(p.grid.size for p in self.puzzles)

    def select(self, only: Selection | None) -> PuzzleSet:
        """The puzzles ``only`` takes (each keeps its number in the source), named after them."""
        if only is None:
            return self
        only.check(self.name, len(self.puzzles))
        return PuzzleSet(f"{self.name}-{only.label()}", [p for p in self.puzzles if p.index in only], "", self.skipped)


@dataclass
class PuzzleFile:
    """A puzzle file read as it is used: scanned once (hash, count, sizes, bad lines), then streamed
    afresh each time it is iterated, so a set of any length costs no memory per puzzle.

    Open one with ``stream_puzzles``; it iterates like a ``PuzzleSet`` (same puzzles, same indices).
    """

    name: str
    path: Path
    sha256: str
    count: int
    sizes: Counter[int]
    skipped: list[PuzzleError] = field(default_factory=list)
    only: Selection | None = None  # the puzzles taken (all when None)

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[Puzzle]:
        with open(self.path, encoding="utf-8-sig") as lines:
            last = None if self.only is None else self.only.last
            for item in iter_puzzles(lines, str(self.path), bad={e.line for e in self.skipped}):
                if not isinstance(item, Puzzle):
                    continue
                if last is not None and item.index >= last:
                    return
                if self.only is None or item.index in self.only:
                    yield item


Puzzles = PuzzleSet | PuzzleFile  # what a run takes: puzzles in memory, or a file streamed
READ_BYTES = 1 << 20


class PuzzleFileError(PuzzleError):
    """A file with bad lines: every bad line is kept in ``errors``."""

    def __init__(self, errors: list[PuzzleError]):
        self.errors = errors
        first = errors[0]
        others = [str(e.line) for e in errors[1:11] if e.line is not None]
        listed = ": lines " + ", ".join(others) + (", …" if len(errors) > 11 else "") if others else ""
        more = f" (and {len(errors) - 1} more bad lines{listed})" if len(errors) > 1 else ""
        super().__init__(first.reason + more, source=first.source, line=first.line)


def read_puzzles(path: str | Path, *, skip_invalid: bool = False, name: str | None = None) -> PuzzleSet:
    """Read a puzzle file; raise ``PuzzleFileError`` naming every bad line unless ``skip_invalid``."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise PuzzleError(f"cannot read puzzle file: {exc.strerror or exc}", source=str(path)) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise PuzzleError(f"not a UTF-8 text file (byte {exc.start})", source=str(path)) from None
    puzzles, errors = parse_puzzles(text, source=str(path))
    if errors and not skip_invalid:
        raise PuzzleFileError(errors)
    return PuzzleSet(name or path.stem, puzzles, hashlib.sha256(data).hexdigest(), errors)


def stream_puzzles(path: str | Path, *, skip_invalid: bool = False, name: str | None = None,
                   only: Selection | None = None) -> Puzzles:
    """A puzzle file to stream (``PuzzleFile``), checked line by line as ``read_puzzles`` checks it.

    A file that holds one multi-line picture is read whole (a ``PuzzleSet``). ``only`` takes some
    of its puzzles (every line is checked all the same).
    """
    path = Path(path)
    digest, decoder, offset = hashlib.sha256(), codecs.getincrementaldecoder("utf-8")(), 0
    try:
        with open(path, "rb") as stream:
            while block := stream.read(READ_BYTES):
                digest.update(block)
                try:
                    decoder.decode(block)
                except UnicodeDecodeError as exc:
                    raise PuzzleError(f"not a UTF-8 text file (byte {offset + exc.start})", source=str(path)) from None
                offset += len(block)
            with open(path, encoding="utf-8-sig") as lines:
                sizes: Counter[int] = Counter()
                errors: list[PuzzleError] = []
                total = 0
                for item in iter_puzzles(lines, str(path)):
                    if isinstance(item, Puzzle):
                        total += 1
                        sizes[item.grid.size] += only is None or item.index in only
                    else:
                        errors.append(item)
    except OSError as exc:
        raise PuzzleError(f"cannot read puzzle file: {exc.strerror or exc}", source=str(path)) from None
    if not total:  # nothing but bad lines: perhaps one multi-line picture
        return read_puzzles(path, skip_invalid=skip_invalid, name=name).select(only)
    if errors and not skip_invalid:
        raise PuzzleFileError(errors)
    if only is None:
        return PuzzleFile(name or path.stem, path, digest.hexdigest(), total, sizes, errors)
    only.check(name or path.stem, total)
    return PuzzleFile(f"{name or path.stem}-{only.label()}", path, "", sizes.total(), sizes, errors, only)


def parse_puzzle_text(text: str) -> Puzzle:
    """One puzzle given as text (a command's argument): any form ``Grid.parse`` reads, or one line
    of a puzzle file pasted whole (``index puzzle`` as in Gecode's sets, ``puzzle:count``, trailing fields).

    >>> parse_puzzle_text("7 1...2...3...4...").meta, parse_puzzle_text("1...2...3...4...").grid.size
    ({'id': 7}, 4)
    """
    try:
        return Puzzle(0, Grid.parse(text), 1)
    except PuzzleError as error:
        if len(text.strip().splitlines()) != 1:
            raise
        try:
            grid, meta = _parse_line(text.strip())
        except PuzzleError:
            raise error from None
        return Puzzle(0, grid, 1, meta)


def parse_puzzles(text: str, source: str | None = None) -> tuple[list[Puzzle], list[PuzzleError]]:
    """Puzzles and per-line errors from the text of a puzzle file."""
    puzzles: list[Puzzle] = []
    errors: list[PuzzleError] = []
    for item in iter_puzzles(text.splitlines(), source):
        if isinstance(item, Puzzle):
            puzzles.append(item)
        else:
            errors.append(item)
    content = [ln for _, ln in _content(text.splitlines())]
    if not puzzles and len(content) > 1:  # one multi-line picture?
        try:
            return [Puzzle(0, Grid.parse("\n".join(content)), next(_content(text.splitlines()))[0])], []
        except PuzzleError:
            pass
    return puzzles, errors


def iter_puzzles(lines: Iterable[str], source: str | None = None, *,
                 bad: Collection[int | None] | None = None) -> Iterator[Puzzle | PuzzleError]:
    """Each puzzle of a file's lines, or the error of a bad line, in order, one line at a time.

    ``bad`` (the numbers of the bad lines) says the lines were checked once already (a streamed
    file's second pass): a plain 9×9 line not among them is then taken as it is, without looking
    for repeated givens again.
    (A whole file that is one multi-line picture is ``parse_puzzles``'s business, not this one's.)
    """
    content = _content(lines)
    first = next(content, None)
    if first is None:
        yield PuzzleError("no puzzle in file", source=source)
        return
    header = [h.strip().lower() for h in next(csv.reader([first[1]]))]
    if "puzzle" in header:
        yield from _csv_puzzles(content, header, source)
        return
    if len(header) > 1 and all(_HEADER_WORD.match(h) for h in header):
        raise PuzzleError(f"CSV has no 'puzzle' column (columns: {', '.join(header)})", source=source,
                          line=first[0])
    count = 0
    for no, ln in itertools.chain([first], content):
        try:
            grid, meta = (Grid(tuple(ln.encode().translate(_PLAIN_VALUES))), {}) \
                if bad is not None and no not in bad and _plain(ln) else _parse_line(ln)
        except PuzzleError as err:
            yield err.at(source, no)
        else:
            yield Puzzle(count, grid, no, meta)
            count += 1


_PLAIN = ".0123456789"
_PLAIN_VALUES = bytes.maketrans(_PLAIN.encode(), bytes([0, *range(10)]))  # a plain line's characters as values


def _plain(line: str) -> bool:
    """A 9×9 puzzle written as 81 characters from ``.0123456789`` and nothing else."""
    return len(line) == 81 and not line.strip(_PLAIN)


def _content(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """The numbered lines that hold something: no blank lines, no ``#`` comments."""
    for no, ln in enumerate(lines, 1):
        if (stripped := ln.strip()) and not stripped.startswith("#"):
            yield no, stripped


def _parse_line(ln: str) -> tuple[Grid, dict]:
    """A puzzle line and its trailing metadata fields."""
    if ":" in ln and "|" not in ln:
        head, *rest = ln.split(":")
        meta: dict = {}
        if rest and rest[0].strip().isdigit():
            meta["count"] = int(rest[0])
        if len(rest) > 1 and rest[1].strip():
            meta["solution"] = rest[1].strip()
        return Grid.parse(head), meta
    fields = ln.split()
    if len(fields) == 2 and fields[0].isdigit() and len(fields[1]) > len(fields[0]):
        return Grid.parse(fields[1]), {"id": int(fields[0])}
    if len(fields) > 1 and len(fields[0]) in (16, 81, 256, 625):
        return Grid.parse(fields[0]), {"fields": fields[1:]}
    return Grid.parse(ln), {}


def _csv_puzzles(content: Iterator[tuple[int, str]], header: list[str],
                 source: str | None) -> Iterator[Puzzle | PuzzleError]:
    col, count = header.index("puzzle"), 0
    for no, ln in content:
        row = next(csv.reader([ln]))
        try:
            if len(row) != len(header):
                raise PuzzleError(f"{len(row)} CSV fields where the header has {len(header)}")
            grid = Grid.parse(row[col])
        except PuzzleError as err:
            yield err.at(source, no)
            continue
        meta = {h: _number(v) for h, v in zip(header, row) if h != "puzzle"}
        yield Puzzle(count, grid, no, meta)
        count += 1


def _number(text: str):
    """A short CSV field as int or float where it is one, else the text (grids stay text)."""
    if len(text) > 12:
        return text
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text

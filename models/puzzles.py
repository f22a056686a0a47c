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

import csv
import hashlib
import io
import re
from dataclasses import dataclass, field
from pathlib import Path

from sudokit.models.grid import Grid, PuzzleError

_HEADER_WORD = re.compile(r"^[a-z_][a-z0-9_ ]*$")  # a CSV column name (a puzzle line is never one)


@dataclass(frozen=True)
class Puzzle:
    """One puzzle of a set: its position, the grid, where it came from, and metadata."""

    index: int
    grid: Grid
    line: int = 0
    meta: dict = field(default_factory=dict, compare=False)


@dataclass
class PuzzleSet:
    """Puzzles read from one source, with what was skipped and the source's sha256."""

    name: str
    puzzles: list[Puzzle]
    sha256: str = ""
    skipped: list[PuzzleError] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.puzzles)

    def __iter__(self):
        return iter(self.puzzles)


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


def parse_puzzles(text: str, source: str | None = None) -> tuple[list[Puzzle], list[PuzzleError]]:
    """Puzzles and per-line errors from the text of a puzzle file."""
    lines = text.splitlines()
    content = [(no, ln.strip()) for no, ln in enumerate(lines, 1) if ln.strip() and not ln.lstrip().startswith("#")]
    if not content:
        return [], [PuzzleError("no puzzle in file", source=source)]
    header = [h.strip().lower() for h in next(csv.reader([content[0][1]]))]
    if "puzzle" in header:
        return _parse_csv(content, header, source)
    if len(header) > 1 and all(_HEADER_WORD.match(h) for h in header):
        raise PuzzleError(f"CSV has no 'puzzle' column (columns: {', '.join(header)})", source=source,
                          line=content[0][0])
    puzzles: list[Puzzle] = []
    errors: list[PuzzleError] = []
    for no, ln in content:
        try:
            grid, meta = _parse_line(ln)
        except PuzzleError as err:
            errors.append(err.at(source, no))
        else:
            puzzles.append(Puzzle(len(puzzles), grid, no, meta))
    if not puzzles and len(content) > 1:  # one multi-line picture?
        try:
            return [Puzzle(0, Grid.parse("\n".join(ln for _, ln in content)), content[0][0])], []
        except PuzzleError:
            pass
    return puzzles, errors


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


def _parse_csv(content, header, source) -> tuple[list[Puzzle], list[PuzzleError]]:
    col = header.index("puzzle")
    puzzles: list[Puzzle] = []
    errors: list[PuzzleError] = []
    rows = csv.reader(io.StringIO("\n".join(ln for _, ln in content[1:])))
    for (no, _), row in zip(content[1:], rows):
        try:
            if len(row) != len(header):
                raise PuzzleError(f"{len(row)} CSV fields where the header has {len(header)}")
            grid = Grid.parse(row[col])
        except PuzzleError as err:
            errors.append(err.at(source, no))
            continue
        meta = {h: _number(v) for h, v in zip(header, row) if h != "puzzle"}
        puzzles.append(Puzzle(len(puzzles), grid, no, meta))
    return puzzles, errors


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

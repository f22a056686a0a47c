"""What the fuzzer found: one ``Finding`` per (backend, kind), its reproducer, and its table in the
results database (``fuzz_findings``, beside the runs' tables in the same SQLite file).

A reproducer is one command line that works from any directory: it names the results database by
its absolute path (``--db``), a ``py:`` file and a ``cmd:`` program (and its arguments that are files)
by theirs, and runs the failing backend beside the trusted one(s) it was judged against. A wrong answer
or a disagreement on a proper-looking puzzle (no given repeated in a unit) is reproduced by
``sudokit compare`` (it exits 1 on a disagreement); a crash, a timeout or anything on a puzzle with
repeated givens (which ``compare`` refuses as bad input) by ``sudokit fuzz --replay``, which runs the
same checks on that one puzzle and exits 1 when it fails again.

>>> reproducer("py:/home/me/solver.py:solve", "says-solved", Grid.parse("1" + "." * 15), ["bitx"], 5,
...            Path("/home/me/results.sqlite"))
'sudokit compare 1............... --backend bitx --backend py:/home/me/solver.py:solve --jobs 1 --timeout 5 \
--no-report --db /home/me/results.sqlite'
"""

from __future__ import annotations

import json
import os
import shlex
import sqlite3
from dataclasses import asdict, dataclass, field
from pathlib import Path

from sudokit.models.grid import BLANKS, CELL_COUNTS, SYMBOLS, Grid, PuzzleError
from sudokit.solvers.registry import Backend

TABLE = """
CREATE TABLE IF NOT EXISTS fuzz_findings (
    id INTEGER PRIMARY KEY,
    session TEXT NOT NULL,
    found_at TEXT NOT NULL,
    backend TEXT NOT NULL,
    kind TEXT NOT NULL,
    detail TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    original TEXT NOT NULL,
    record TEXT NOT NULL
)
"""
COMPARED_KINDS = ("wrong", "says-solved", "says-multiple", "says-unsat")


@dataclass
class Finding:
    """A failure, shrunk: the backend, the kind, the puzzle that still fails, the one first met."""

    backend: str
    kind: str
    detail: str
    puzzle: str  # the shrunk puzzle (one line), or a technique's pencil-mark state (729-character form)
    original: str
    command: str
    corner: str = ""
    references: list[str] = field(default_factory=list)  # backends the reproducer runs beside it
    seen: int = 1  # times this (backend, kind) failed during the session
    step: str = ""  # for a technique: the unsound step's explanation
    picture: str = ""  # for a technique: the shrunk state's pencil-mark grid

    @property
    def givens(self) -> int:
        return givens(self.puzzle)

    def to_json(self) -> dict:
        return {**asdict(self), "givens": self.givens, "original_givens": givens(self.original)}

    def lines(self) -> list[str]:
        """How the finding is printed."""
        out = [f"FOUND {self.backend}: {self.kind} ({self.detail}); seen {self.seen} time(s)"]
        if self.step:
            out.append(f"  step:      {self.step}")
        out += [f"  puzzle:    {self.puzzle}  ({self.givens} givens)",
                f"  original:  {self.original}  (corner: {self.corner or '-'})",
                f"  reproduce: {self.command}"]
        return out + [f"  {line}" for line in self.picture.splitlines()]


def givens(line: str) -> int:
    """The givens of a puzzle line; of a candidate line (N³ characters), the cells with one candidate left."""
    size = round(len(line) ** (1 / 3))
    if size ** 3 != len(line) or size * size not in CELL_COUNTS:
        return sum(ch not in BLANKS for ch in line)
    return sum(sum(ch not in BLANKS for ch in line[i:i + size]) == 1 for i in range(0, len(line), size))


def reproducer(backend: str, kind: str, grid: Grid, references: list[str], timeout: float, db: Path) -> str:
    """The one command line that shows the failure again (backends as ``portable_spec`` spells them)."""
    backends = [a for spec in [*references, backend] for a in ("--backend", spec)]
    where = ["--db", str(Path(db).absolute())]
    if kind in COMPARED_KINDS and not grid.conflicts():
        return shlex.join(["sudokit", "compare", grid.line(), *backends, "--jobs", "1",
                           "--timeout", f"{timeout:g}", "--no-report", *where])
    return shlex.join(["sudokit", "fuzz", "--replay", grid.line(), *backends, "--timeout", f"{timeout:g}", *where])


def portable_spec(backend: Backend) -> str:
    """The backend's spec with absolute paths, the same from any directory: ``py:FILE.py:FUNC`` names the
    file it loaded; ``cmd:`` the program it found and each argument that is a file where it was named."""
    scheme = backend.name.partition(":")[0]
    if scheme == "py" and "file" in backend.options:
        return f"py:{backend.options['file']}:{backend.options['function']}"
    if scheme == "cmd" and "argv" in backend.options:
        program, *arguments = backend.options["argv"]
        here = backend.options.get("cwd") or os.getcwd()
        return "cmd:" + shlex.join([program, *(_absolute_if_file(a, here) for a in arguments)])
    return backend.name


def _absolute_if_file(argument: str, here: str) -> str:
    """The argument as an absolute path when it names a file relative to ``here``; else as it is."""
    path = os.path.normpath(os.path.join(here, argument))
    try:
        return path if not os.path.isabs(argument) and os.path.isfile(path) else argument
    except (OSError, ValueError):
        return argument


def lenient_grid(text: str) -> Grid:
    """A puzzle line read without the rule against repeated givens (``--replay`` takes such puzzles)."""
    line = "".join(text.split())
    try:
        values = tuple(0 if ch in BLANKS else SYMBOLS.index(ch.upper()) + 1 for ch in line)
    except ValueError:
        raise PuzzleError(f"{text!r}: a puzzle line has digits, letters from A and blanks (.0) only") from None
    grid = Grid(values)
    if max(values, default=0) > grid.size:
        raise PuzzleError(f"{text!r}: a digit larger than {grid.size} in a {grid.size}x{grid.size} grid")
    return grid


def store(connection: sqlite3.Connection, session: str, found_at: str, finding: Finding) -> None:
    """Add a finding to the database's ``fuzz_findings`` table (created when missing)."""
    connection.execute(TABLE)
    connection.execute(
        "INSERT INTO fuzz_findings (session, found_at, backend, kind, detail, puzzle, original, record) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (session, found_at, finding.backend, finding.kind, finding.detail, finding.puzzle, finding.original,
         json.dumps(finding.to_json())))
    connection.commit()


def stored(connection: sqlite3.Connection, session: str | None = None) -> list[dict]:
    """The stored findings (of one session, or all), oldest first."""
    connection.execute(TABLE)
    where, params = ("WHERE session = ?", (session,)) if session else ("", ())
    rows = connection.execute(f"SELECT session, found_at, record FROM fuzz_findings {where} ORDER BY id", params)
    return [{"session": s, "found_at": t, **json.loads(r)} for s, t, r in rows]

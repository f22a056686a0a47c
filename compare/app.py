"""The ``sudokit`` typer app and what every command shares: one way to read puzzles, one way to fail.

Exit statuses mean one thing each:

- 0: done, and every answer is what was asked for;
- 1: done, but an answer is not what one hoped (not unique, unsolvable, stuck, a disagreement);
- 2: bad input or usage (one line on stderr; nothing stored is lost);
- 3: an internal error, a bug: its traceback is printed;
- 4: interrupted (Ctrl-C); finished work is kept.
"""

from __future__ import annotations

import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from sudokit.models.errors import UserError
from sudokit.models.grid import CELL_COUNTS, Grid, PuzzleError
from sudokit.models.puzzles import (
    Puzzle,
    PuzzleFileError,
    PuzzleSet,
    Selection,
    parse_puzzle_text,
    parse_puzzles,
    read_puzzles,
)
from sudokit.solvers.base import SolveResult, Status

if TYPE_CHECKING:
    from sudokit.models.candidates import Candidates
    from sudokit.solvers.base import Solver

EXIT_OK, EXIT_NOT_HOPED, EXIT_BAD_INPUT, EXIT_BUG, EXIT_INTERRUPTED = 0, 1, 2, 3, 4
EXIT_CODES = (
    "Exit status: 0 done; 1 an answer is not what one hoped (not unique, unsat, stuck, disagreement); "
    "2 bad input or usage; 3 internal error (a bug: traceback shown); 4 interrupted."
)

def _flags_take_no_value() -> None:
    """typer's help shows a flag's type as if it took a value (``--json <bool>``): a flag shows none."""
    from typer.core import TyperOption

    shown = TyperOption.display_type_rich
    if getattr(shown, "flags_plain", False):
        return

    def display_type_rich(self: TyperOption, ctx) -> str | None:
        return None if self.is_flag else shown(self, ctx)

    display_type_rich.flags_plain = True  # type: ignore[attr-defined]
    TyperOption.display_type_rich = display_type_rich  # type: ignore[method-assign]


_flags_take_no_value()

app = typer.Typer(
    name="sudokit",
    help="Very different Sudoku solvers behind one interface, cross-validated and measured side by side. "
    + EXIT_CODES,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _show_version(value: bool) -> None:
    if value:
        from importlib import metadata

        typer.echo(f"sudokit {metadata.version('sudokit')}")
        raise typer.Exit(EXIT_OK)


@app.callback()
def _options(
    version: Annotated[bool, typer.Option("--version", callback=_show_version, is_eager=True,
                                          help="Print sudokit's version and exit.")] = False,
) -> None:
    pass  # the options of ``sudokit`` itself; the app's help text is the one given to ``typer.Typer``


def fail(message: str) -> NoReturn:
    """Print a one-line error and exit with status 2."""
    typer.echo(f"sudokit: error: {message}", err=True)
    raise typer.Exit(EXIT_BAD_INPUT)


@contextmanager
def reporting_bad_input() -> Iterator[None]:
    """Turn a user error (a bad puzzle, path, name or option) into one line on stderr and exit status 2.

    Nothing else is caught: any other exception is a bug, and ``main`` shows it as one.
    """
    try:
        yield
    except UserError as err:  # a bad file says its first bad line and how many more there are
        fail(str(err))


TimeoutOption = Annotated[
    float | None,
    typer.Option("--timeout", "--time-limit", min=0.001,
                 help="Seconds per puzzle, a total: every phase of a solve shares it."),
]


class Ticker:
    """Progress on stderr: a bar redrawn in place on a terminal, else a line every few seconds."""

    EVERY = 5.0  # seconds between two lines when stderr is not a terminal

    def __init__(self, total: int, *, quiet: bool = False, what: str = "puzzles"):
        self.total, self.what, self.done = total, what, 0
        self.quiet = quiet
        self.terminal = sys.stderr.isatty()
        self.began = self.shown = time.monotonic()

    def tick(self, count: int = 1) -> None:
        self.done += count
        now = time.monotonic()
        if not self.quiet and (self.terminal or now - self.shown >= self.EVERY):
            self.shown = now
            self._show(now)

    def close(self) -> None:
        if not self.quiet and self.terminal:
            sys.stderr.write("\r" + " " * 79 + "\r")
            sys.stderr.flush()

    def line(self, now: float | None = None) -> str:
        """``1200/5000 puzzles, 240.0/s, ETA 16s`` (the rate over the whole run so far)."""
        elapsed = (now or time.monotonic()) - self.began
        rate = self.done / elapsed if elapsed > 0 else 0.0
        eta = f", ETA {duration((self.total - self.done) / rate)}" if rate > 0 and self.done < self.total else ""
        return f"{self.done}/{self.total} {self.what}, {rate:.1f}/s{eta}"

    def _show(self, now: float) -> None:
        text = self.line(now)
        if self.terminal:
            width = max(10, 78 - len(text) - 3)
            filled = width * self.done // max(1, self.total)
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {text}"[:80])
        else:
            sys.stderr.write(f"sudokit: {text}\n")
        sys.stderr.flush()


def duration(seconds: float) -> str:
    """``42s``, ``3m05s``, ``2h07m``."""
    seconds = int(seconds)
    return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m" if seconds >= 3600 else (
        f"{seconds // 60}m{seconds % 60:02d}s" if seconds >= 60 else f"{seconds}s")


QuietOption = Annotated[bool, typer.Option("--quiet", "-q", help="No progress on stderr.")]
FirstOption = Annotated[int | None, typer.Option(
    "--first", min=1, help="Only the first N puzzles of the input.", show_default=False)]
RangeOption = Annotated[str | None, typer.Option(
    "--range", help="Only puzzles A-B of the input (numbers from 1, as the output numbers them; A- to the end).",
    show_default=False)]


def selection(first: int | None, span: str | None) -> Selection | None:
    """The puzzles ``--first N`` or ``--range A-B`` take (None: all); both at once are refused."""
    if first is not None and span is not None:
        raise UserError("give --first or --range, not both")
    return Selection(1, first) if first is not None else Selection.parse(span) if span is not None else None


# ---------------------------------------------------------------------------- reading puzzles

PUZZLE_SYMBOLS = set("0123456789.-*_")


def read_input(argument: str, *, skip_invalid: bool = False, only: Selection | None = None) -> PuzzleSet:
    """Puzzles from a bundled set name, a file path, ``-`` (stdin), or the puzzle text itself.

    Every command that takes puzzles reads them here, so each accepts the same things, takes
    ``--first``/``--range`` (``only``) the same way, and says the same thing when the argument is
    none of them.
    """
    return _read_input(argument, skip_invalid).select(only)


def _read_input(argument: str, skip_invalid: bool) -> PuzzleSet:
    from sudokit.compare.sets import SETS, load_set

    if argument in SETS:
        return load_set(argument, skip_invalid=skip_invalid)
    if argument == "-":
        puzzles, errors = parse_puzzles(sys.stdin.read(), source="<stdin>")
        if errors and not skip_invalid:
            raise PuzzleFileError(errors)
        return PuzzleSet("stdin", puzzles, skipped=errors)
    _check_given(argument)
    path = _existing_path(argument)
    if path is not None:
        if path.is_dir():
            raise UserError(f"{argument}: is a directory, not a puzzle file")
        return read_puzzles(path, skip_invalid=skip_invalid)
    if _is_a_name(argument):
        raise UserError(f"no such file or bundled set {argument!r} (sets: {', '.join(SETS)})")
    return PuzzleSet("argument", [parse_puzzle_text(argument)])


def _check_given(argument: str) -> None:
    if not argument.strip():
        raise UserError("no puzzle given: the argument is empty (give a puzzle, a file, a set name or -)")


def read_states(argument: str, only: Selection | None = None) -> list[tuple[Puzzle | None, Candidates]]:
    """Pencil-mark states to explain: each puzzle of a set, file or stdin, or one puzzle/state given as text.

    Returns (puzzle, Candidates) pairs; the puzzle is None for a pencil-mark state given as text.
    ``only`` (``--first``/``--range``) takes some of several puzzles.
    """
    starts = _read_states(argument)
    return starts if only is None else _selected_states(argument, starts, only)


def _selected_states(argument: str, starts: list[tuple[Puzzle | None, Candidates]],
                     only: Selection) -> list[tuple[Puzzle | None, Candidates]]:
    only.check(argument, len(starts))
    return [(p, c) for p, c in starts if p is None or p.index in only]


def _read_states(argument: str) -> list[tuple[Puzzle | None, Candidates]]:
    from sudokit.models.candidates import Candidates

    text = argument
    if argument != "-":
        _check_given(argument)
    path = _existing_path(argument)
    if argument == "-":
        text = sys.stdin.read()
    elif path is not None and path.is_file():
        try:
            return [(p, Candidates.from_grid(p.grid)) for p in read_input(argument)]
        except PuzzleError:
            text = path.read_text(errors="replace")
            if not Candidates.looks_like_marks(text):
                raise
            return [(None, Candidates.parse(text))]
    elif path is not None or _is_a_name(argument):
        return [(p, Candidates.from_grid(p.grid)) for p in read_input(argument)]
    try:
        puzzle = parse_puzzle_text(text)
    except PuzzleError:
        if argument == "-" and len(text.strip().splitlines()) > 1 and not Candidates.looks_like_marks(text):
            return [(p, Candidates.from_grid(p.grid)) for p in _stdin_set(text)]
        return [(None, Candidates.parse(text))]
    return [(puzzle, Candidates.from_grid(puzzle.grid))]


def _stdin_set(text: str) -> PuzzleSet:
    puzzles, errors = parse_puzzles(text, source="<stdin>")
    if errors:
        raise PuzzleFileError(errors)
    return PuzzleSet("stdin", puzzles)


def _existing_path(argument: str) -> Path | None:
    if not argument.strip():
        return None  # (Path("") is the current folder)
    try:
        path = Path(argument)
        return path if "\n" not in argument and path.exists() else None
    except (OSError, ValueError):  # a text too long, or with a NUL, to be a path
        return None


def _is_a_name(argument: str) -> bool:
    """Text that is meant as a file or set name, not as a puzzle (which has no such shape)."""
    text = argument.strip()
    if not text or any(ch.isspace() for ch in text) or "," in text:
        return False  # a picture, integers, or a pencil-mark grid
    if len(text) in CELL_COUNTS or len(text) == 729:
        return False  # a puzzle line (or a candidate line), whatever its symbols
    if "/" in text or "\\" in text or text.endswith((".txt", ".csv", ".sdm", ".json", ".sqlite")):
        return True
    return not set(text) <= PUZZLE_SYMBOLS


def write_path(out: Path, *, overwrite: bool = True) -> Path:
    """``out`` checked before any work is done: its folder exists and it is not a folder."""
    if out.is_dir():
        raise UserError(f"{out}: is a directory; give a file name")
    if not overwrite and out.exists():
        raise UserError(f"{out}: already exists; choose another name or remove it")
    if not out.parent.exists():
        raise UserError(f"{out}: folder {out.parent} does not exist")
    return out


# A puzzle that is not proper, as explain, rate and show tell it: found by an exact backend.
VERDICTS = {Status.MULTIPLE: "the puzzle has several solutions (checked by an exact backend)",
            Status.UNSAT: "the puzzle has no solution (checked by an exact backend)",
            Status.TIMEOUT: "time limit reached while an exact backend checked the puzzle has one solution"}

# The exact backend that checks a puzzle is proper, by size: each the fastest pure-Python search at
# its size (``results/exact-backends.md``); at 25×25 only CP-SAT finishes, when it is installed.
EXACT_BY_SIZE = {4: ("bitx",), 9: ("bitx",), 16: ("prop:level=alldiff",), 25: ("cpsat", "prop:level=alldiff")}


def exact_verdict(grid: Grid, time_limit: float | None = None) -> Status | None:
    """``multiple`` or ``unsat`` when an exact backend finds the puzzle is not proper, ``timeout`` when
    it cannot tell within ``time_limit`` seconds (a share of the command's ``--timeout``), else None."""
    status = exact_answer(grid, time_limit).status
    return status if status in (Status.MULTIPLE, Status.UNSAT, Status.TIMEOUT) else None


def exact_answer(grid: Grid, time_limit: float | None = None) -> SolveResult:
    """An exact backend's answer with solution limit 2 (``solved``: the puzzle's one solution)."""
    began = time.monotonic()
    solver = _exact_solver(grid.size)  # (loading its library counts against the time limit too)
    if time_limit is not None and (time_limit := time_limit - (time.monotonic() - began)) <= 0:
        return SolveResult(Status.TIMEOUT)
    return solver.solve(grid, limit=2, time_limit=time_limit)


@cache
def _exact_solver(size: int) -> Solver:
    from sudokit.solvers.registry import get_backend

    backends = [get_backend(spec) for spec in EXACT_BY_SIZE.get(size, ("bitx",))]
    return next((b for b in backends if b.is_available()), backends[-1]).create()


def _terminated(signum: int, frame: object) -> NoReturn:
    """SIGTERM ends a command as Ctrl-C does: whole records kept, the resume line, exit status 4."""
    raise KeyboardInterrupt


def main(args: list[str] | None = None) -> None:
    """Run the app: user errors are one line (2), bugs a traceback (3), a closed pipe is quiet (0);
    SIGTERM is taken as Ctrl-C."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _terminated)
    try:
        code = app(args=args, prog_name="sudokit", standalone_mode=False)
    except SystemExit as exit_:
        # stdout's reader went away: typer's sign is its flush wrapper; rich (the help) exits 1
        if type(sys.stdout).__name__ == "PacifyFlushWrapper" or isinstance(exit_.__context__, BrokenPipeError):
            _quiet_closed_pipe()
            sys.exit(EXIT_OK)
        raise
    except BrokenPipeError:
        _quiet_closed_pipe()
        sys.exit(EXIT_OK)
    except UserError as err:  # raised outside a command's own handling
        typer.echo(f"sudokit: error: {err}", err=True)
        sys.exit(EXIT_BAD_INPUT)
    except typer.TyperException as err:  # usage: an unknown command or option, a bad or missing value
        if type(err).__name__ != "NoArgsIsHelpError":  # (no arguments: the help is shown already)
            typer.echo(f"sudokit: error: {_usage_error(err)}", err=True)
        sys.exit(EXIT_BAD_INPUT)
    except Exception:  # a bug: show it as one
        import traceback

        traceback.print_exc()
        typer.echo("sudokit: internal error (a bug): please report it with the traceback above", err=True)
        sys.exit(EXIT_BUG)
    # a command's return value, or the status of the ``typer.Exit`` it raised (130: Ctrl-C)
    sys.exit(EXIT_INTERRUPTED if code == 130 else code if isinstance(code, int) else EXIT_OK)


def _usage_error(err: typer.TyperException) -> str:
    """typer's usage error as one line, and where to read the usage."""
    ctx = getattr(err, "ctx", None)
    where = ctx.command_path if ctx is not None else "sudokit"
    message = " ".join(err.format_message().split()).rstrip(".")
    return f"{message[:1].lower()}{message[1:]} (see '{where} --help')"


def _quiet_closed_pipe() -> None:
    """Python would complain again when it flushes stdout at exit: point stdout at /dev/null."""
    import os

    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())

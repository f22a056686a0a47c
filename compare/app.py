"""The ``sudokit`` typer app and what every command shares: input resolution and clean failure."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

import typer

from sudokit.models.grid import Grid, PuzzleError
from sudokit.models.puzzles import Puzzle, PuzzleSet, read_puzzles

app = typer.Typer(
    name="sudokit",
    help="Very different Sudoku solvers behind one interface, cross-validated and measured side by side.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

EXIT_BAD_INPUT = 2


def fail(message: str) -> NoReturn:
    """Print a one-line error and exit with status 2."""
    typer.echo(f"sudokit: error: {message}", err=True)
    raise typer.Exit(EXIT_BAD_INPUT)


@contextmanager
def reporting_bad_input() -> Iterator[None]:
    """Turn ``PuzzleError`` (and unknown names) into one line on stderr and exit status 2."""
    try:
        yield
    except PuzzleError as err:
        fail(str(err))
    except KeyError as err:
        fail(err.args[0] if err.args else str(err))


def read_input(puzzle_or_file: str, *, skip_invalid: bool = False) -> PuzzleSet:
    """A bundled set name, a file path, ``-`` for stdin, or the puzzle text itself."""
    from sudokit.compare.sets import SETS, load_set

    if puzzle_or_file in SETS:
        return load_set(puzzle_or_file, skip_invalid=skip_invalid)
    if puzzle_or_file == "-":
        from sudokit.models.puzzles import PuzzleFileError, parse_puzzles

        puzzles, errors = parse_puzzles(sys.stdin.read(), source="<stdin>")
        if errors and not skip_invalid:
            raise PuzzleFileError(errors)
        return PuzzleSet("stdin", puzzles, skipped=errors)
    if _looks_like_path(puzzle_or_file):
        return read_puzzles(puzzle_or_file, skip_invalid=skip_invalid)
    return PuzzleSet("argument", [Puzzle(0, Grid.parse(puzzle_or_file), 1)])


def read_text(argument: str) -> str:
    """The text of ``-`` (stdin), of a file, or the argument itself (one puzzle or pencil-mark state)."""
    if argument == "-":
        return sys.stdin.read()
    try:
        path = Path(argument)
        if path.is_file():
            return path.read_text()
    except OSError:  # a text too long to be a path
        pass
    return argument


def _looks_like_path(text: str) -> bool:
    try:
        return Path(text).exists() or "/" in text or text.endswith((".txt", ".csv", ".sdm"))
    except OSError:  # e.g. a name too long to be a path: it is a puzzle
        return False

"""``sudokit solve``, ``sudokit backends`` and ``sudokit sets``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from enum import Enum
from typing import Annotated

import typer

from sudokit.compare.app import (
    FirstOption,
    RangeOption,
    TimeoutOption,
    app,
    fail,
    read_input,
    reporting_bad_input,
    selection,
)
from sudokit.compare.run.agreement import judged
from sudokit.models.puzzles import Puzzle
from sudokit.solvers.base import DEFAULT_LIMIT, SolveResult, Status, claims_unique
from sudokit.solvers.registry import BACKENDS, Backend, get_backend, listed_backends


class OutputFormat(str, Enum):
    line = "line"
    grid = "grid"
    json = "json"


def solve_all(
    puzzles: list[Puzzle], backend: Backend, *, limit: int = DEFAULT_LIMIT, time_limit: float | None = None
) -> Iterator[tuple[Puzzle, SolveResult]]:
    """Solve each puzzle in this process with one solver instance; answers are judged."""
    solver = backend.create()
    for puzzle in puzzles:
        result = solver.solve(puzzle.grid, limit=limit, time_limit=time_limit)
        yield puzzle, judged(result, puzzle.grid)


def result_json(puzzle: Puzzle, result: SolveResult) -> dict:
    return {"index": puzzle.index, "number": puzzle.index + 1, "puzzle": puzzle.grid.line(), **result.to_dict()}


def _show(puzzle: Puzzle, result: SolveResult, fmt: OutputFormat) -> str:
    if fmt is OutputFormat.json:
        return json.dumps(result_json(puzzle, result))
    head = f"#{puzzle.index + 1} {result.status} in {result.seconds * 1000:.2f} ms"
    if result.message:
        head += f" ({result.message})"
    if result.solution is None:
        return head
    body = result.solution.picture() if fmt is OutputFormat.grid else result.solution.line()
    return f"{head}\n{body}"


@app.command()
def solve(
    puzzle_or_file: Annotated[str, typer.Argument(help="A puzzle, a puzzle file, a bundled set name, or - for stdin.")],
    backend: Annotated[str, typer.Option("--backend", "-b", help=f"One backend spec: {', '.join(BACKENDS)}, "
                                         "NAME:KEY=VALUE, py:FILE.py:FUNC or 'cmd:PROGRAM ARGS'.")] = "dlx",
    limit: Annotated[int, typer.Option(min=1, help="Stop after this many solutions (2 proves uniqueness).")] = DEFAULT_LIMIT,
    time_limit: TimeoutOption = None,
    fmt: Annotated[OutputFormat, typer.Option("--format", "-f", help="line, grid or json.")] = OutputFormat.line,
    as_json: Annotated[bool, typer.Option("--json", help="JSON Lines, one object per puzzle.")] = False,
    first: FirstOption = None,
    span: RangeOption = None,
) -> None:
    """Solve one puzzle or a whole file. Exit 0 if every puzzle has exactly one solution, 1 if not.

    A logic-only backend that stops ``stuck`` gives no solution; its JSON ``partial`` holds the grid it reached.
    """
    with reporting_bad_input():
        chosen = get_backend(backend)
        puzzles = read_input(puzzle_or_file, only=selection(first, span))
    if reason := chosen.why_unavailable():
        fail(f"backend {backend!r} is not available: {reason}")
    if too_large := [p for p in puzzles.puzzles if p.grid.size > chosen.max_size]:
        size = too_large[0].grid.size
        fail(f"backend {backend!r} takes grids up to {chosen.max_size}x{chosen.max_size}; "
             f"puzzle {too_large[0].index + 1} is {size}x{size} (try bitx or cpsat)")
    fmt = OutputFormat.json if as_json else fmt
    all_unique = True
    for puzzle, result in solve_all(puzzles.puzzles, chosen, limit=limit, time_limit=time_limit):
        typer.echo(_show(puzzle, result, fmt))
        all_unique &= result.status is Status.SOLVED and claims_unique(result.stats)  # (a plug-in may not claim it)
    raise typer.Exit(0 if all_unique else 1)


@app.command()
def backends(as_json: Annotated[bool, typer.Option("--json", help="JSON Lines, one object per backend.")] = False
             ) -> None:
    """List the registered backends: available or not (with the install hint), and version."""
    rows = [
        {
            "name": b.name,
            "available": b.is_available(),
            "version": b.version() if b.is_available() else None,
            "summary": b.summary,
            "install": b.why_unavailable(),
        }
        for b in listed_backends()
    ]
    if as_json:
        for row in rows:
            typer.echo(json.dumps(row))
        return
    name_width = max(len("backend"), *(len(str(row["name"])) for row in rows))
    version_width = max(len("version"), *(len(str(row["version"] or "")) for row in rows))
    typer.echo(f"{'backend':<{name_width}} {'state':<10} {'version':<{version_width}} summary  [how to install]")
    for row in rows:
        state = f"{'available' if row['available'] else 'missing':<10} {row['version'] or '':<{version_width}}"
        hint = f"  [{row['install']}]" if row["install"] else ""
        typer.echo(f"{row['name']:<{name_width}} {state} {row['summary']}{hint}")


@app.command()
def sets(as_json: Annotated[bool, typer.Option("--json", help="JSON Lines, one object per set.")] = False) -> None:
    """List the bundled puzzle sets, with counts and sources."""
    from sudokit.compare.sets import SETS, load_set

    if not as_json:
        typer.echo(f"{'set':<18} {'puzzles':>7}{'':<12} summary — source")
    for s in SETS.values():
        loaded = load_set(s.name, skip_invalid=True)
        row = {"name": s.name, "puzzles": len(loaded), "invalid": len(loaded.skipped),
               "summary": s.summary, "source": s.source}
        if as_json:
            typer.echo(json.dumps(row))
        else:
            bad = f" (+{row['invalid']} invalid)" if row["invalid"] else ""
            typer.echo(f"{s.name:<18} {row['puzzles']:>7}{bad:<12} {s.summary} — {s.source}")

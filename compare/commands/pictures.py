"""``sudokit show``: the picture of a grid or pencil-mark state (SVG or PNG), or of one step of its solve."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from sudokit.compare.app import (
    EXIT_NOT_HOPED,
    VERDICTS,
    TimeoutOption,
    app,
    exact_verdict,
    fail,
    read_states,
    reporting_bad_input,
    write_path,
)
from sudokit.models.grid import Grid
from sudokit.solvers.base import Deadline, Status

FORMATS = (".svg", ".png")


@app.command()
def show(
    puzzle: Annotated[str, typer.Argument(help="A puzzle, a pencil-mark grid or candidate line, a file, a set, or -.")],
    out: Annotated[Path | None, typer.Option("--out", "-o", help="FILE.svg or FILE.png (default: SVG on stdout).")]
    = None,
    number: Annotated[int, typer.Option("--number", "-n", min=1, help="Which puzzle of a file or set.")] = 1,
    step: Annotated[int | None, typer.Option("--step", "-s", min=1,
                                             help="Draw step N of the human engine's solve, in its state.")] = None,
    marks: Annotated[bool | None, typer.Option("--marks/--no-marks",
                                               help="Pencil marks (default: shown up to 16x16).")] = None,
    labels: Annotated[bool, typer.Option("--labels/--no-labels", help="Row and column numbers.")] = True,
    timeout: TimeoutOption = None,
) -> None:
    """Draw a grid: givens, placed digits and pencil marks, or one step of its solution path on it."""
    if out is not None and out.suffix.lower() not in FORMATS:
        fail(f"{out}: the file name must end in {' or '.join(FORMATS)}")
    with reporting_bad_input():
        if out is not None:
            write_path(out)
        starts = read_states(puzzle)
    if number > len(starts):
        fail(f"{puzzle}: has {len(starts)} puzzle{'s' if len(starts) != 1 else ''}; --number {number} is beyond")
    source, state = starts[number - 1]
    picture = _picture(state, step, marks, labels, source.grid if source else None, Deadline(timeout))
    if out is None:
        sys.stdout.write(picture.svg() + "\n")
        return
    try:
        if out.suffix.lower() == ".png":
            from sudokit.compare.reports.raster import write_png

            write_png(picture, out)
        else:
            out.write_text(picture.svg() + "\n", encoding="utf-8")
    except OSError as err:
        fail(f"{out}: cannot write: {err.strerror or err}")
    typer.echo(f"{picture.title or 'grid'} -> {out}", err=True)


def _picture(state, step: int | None, marks: bool | None, labels: bool, puzzle: Grid | None, deadline: Deadline):
    from sudokit.models.picture import draw

    if step is None:
        return draw(state, marks=marks, labels=labels)
    from sudokit.compare.reports.pictures import path_states, step_picture
    from sudokit.solvers.human.engine import solve_logically

    result = solve_logically(state, time_limit=deadline.remaining())  # the solve and the check share --timeout
    if step > len(result.steps):
        if result.status is Status.TIMEOUT:
            typer.echo(f"sudokit: timeout: time limit reached after {len(result.steps)} steps; step {step} not drawn",
                       err=True)
            raise typer.Exit(EXIT_NOT_HOPED)
        verdict = exact_verdict(puzzle, deadline.remaining()) if puzzle is not None and result.status is not Status.SOLVED else None
        if verdict is Status.TIMEOUT:
            typer.echo(f"sudokit: timeout: the solve has {len(result.steps)} steps ({result.status}) and the "
                       f"{VERDICTS[verdict]}; step {step} not drawn", err=True)
            raise typer.Exit(EXIT_NOT_HOPED)
        why = f"{VERDICTS[verdict]}; " if verdict else ""  # why a puzzle (not a pencil-mark state) ends early
        fail(f"{why}the solve has {len(result.steps)} steps ({result.status}); --step {step} is beyond")
    before, chosen = list(path_states(state, result.steps))[step - 1]
    return step_picture(before, chosen, state.to_grid(), marks=marks, labels=labels)

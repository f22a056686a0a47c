"""``sudokit explain``, ``sudokit rate`` and ``sudokit techniques``: the human engine's commands."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import Annotated

import typer

from sudokit.compare.app import (
    VERDICTS,
    FirstOption,
    QuietOption,
    RangeOption,
    Ticker,
    TimeoutOption,
    app,
    exact_verdict,
    fail,
    read_input,
    read_states,
    reporting_bad_input,
    selection,
    write_path,
)
from sudokit.models.candidates import Candidates
from sudokit.models.puzzles import Puzzle
from sudokit.solvers.base import Status
from sudokit.solvers.human import hodoku, modes, registry
from sudokit.solvers.human.effort import path_effort
from sudokit.solvers.human.engine import HumanResult, apply_step, find_steps, solve_logically
from sudokit.solvers.human.steps import Step

PresetOption = Annotated[str, typer.Option("--preset", "-p", help=f"One of: {', '.join(registry.PRESETS)}.")]
GuessOption = Annotated[bool, typer.Option("--allow-guess", help="Guess (and backtrack) when no technique applies.")]
JsonOption = Annotated[bool, typer.Option("--json", help="JSON output.")]
ModeOption = Annotated[str, typer.Option("--mode", "-m", help="Whose technique set, order and rating: "
                                         f"{', '.join(modes.MODES)}.")]
SolvePresetOption = Annotated[str | None, typer.Option(
    "--preset", "-p", help=f"Solve with a preset's techniques instead of the mode's: {', '.join(registry.PRESETS)}.")]


def chosen_techniques(mode: str, preset: str | None) -> tuple[str, ...]:
    """The techniques a solve uses: the preset's when one is named, else the mode's (bad names refused)."""
    chosen = modes.mode(mode)
    return registry.preset(preset) if preset else chosen.techniques


@app.command()
def explain(
    puzzle: Annotated[str, typer.Argument(help="A puzzle, a pencil-mark grid or candidate line, a file, a set, or -.")],
    show_grid: Annotated[bool, typer.Option("--show-grid", help="Print the pencil marks before each step.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="JSON (one object per line for several puzzles).")] = False,
    mode: ModeOption = "default",
    preset: SolvePresetOption = None,
    allow_guess: GuessOption = False,
    technique: Annotated[str | None, typer.Option("--technique", "-t", help="Only look for this technique.")] = None,
    every: Annotated[bool, typer.Option("--all", help="With --technique: every instance, not the first.")] = False,
    timeout: TimeoutOption = None,
    page: Annotated[Path | None, typer.Option("--html", help="Also write a step explorer: one self-contained page "
                                              "picturing every step (one puzzle).")] = None,
    first: FirstOption = None,
    span: RangeOption = None,
) -> None:
    """Solve step by step, saying what each step does. Exit 0 when every puzzle is solved, 1 when not."""
    if every and not technique:
        fail("--all needs --technique NAME")
    if page and technique:
        fail("--html pictures a solve; it does not take --technique")
    with reporting_bad_input():
        if page:
            write_path(page)
        starts = read_states(puzzle, selection(first, span))
        techniques = chosen_techniques(mode, preset)
        if technique:
            registry.technique(technique)
    several = len(starts) > 1
    if page and several:
        fail(f"--html pictures one puzzle's solve; {puzzle} has {len(starts)}")
    all_solved = True
    for number, (source, start) in enumerate(starts, 1):
        if several and not as_json:
            typer.echo(f"# puzzle {number}" + (f" (line {source.line})" if source and source.line else ""))
        if technique:
            found = find_steps(start, technique)[: None if every else 1]
            for line in ([json.dumps(s.to_dict()) for s in found] if as_json else _numbered(found)):
                typer.echo(line)
            all_solved &= bool(found)
            continue
        verdict = exact_verdict(source.grid) if source else None
        if verdict is not None:
            all_solved = False
            row: dict[str, object] = {"index": number - 1, "number": number, "status": verdict.value,
                                      "message": VERDICTS[verdict], "steps": []}
            typer.echo(json.dumps(row) if as_json else f"{verdict}: {VERDICTS[verdict]}; not explained")
            continue
        result = solve_logically(start, techniques, mode=mode, allow_guess=allow_guess, time_limit=timeout)
        if page:
            _write_page(page, start, result)
        if as_json:
            typer.echo(json.dumps({"index": number - 1, "number": number, **_explained(result)}))
        else:
            _show_path(start, result, show_grid)
        all_solved &= result.status is Status.SOLVED
    raise typer.Exit(0 if all_solved else 1)


@app.command()
def rate(
    puzzle_or_file: Annotated[str, typer.Argument(help="A puzzle, a puzzle file, a bundled set name, or -.")],
    as_json: Annotated[bool, typer.Option("--json", help="JSON Lines, one object per puzzle.")] = False,
    mode: ModeOption = "default",
    preset: SolvePresetOption = None,
    allow_guess: GuessOption = False,
    timeout: TimeoutOption = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes.")] = 1,
    quiet: QuietOption = False,
    first: FirstOption = None,
    span: RangeOption = None,
) -> None:
    """Rate every puzzle: status, SE's ER/EP/ED, human effort, HoDoKu-style score and level, techniques used.

    A puzzle with several solutions or none is said so (checked by an exact backend) and not rated;
    a puzzle the engine cannot finish (stuck) gets no rating either, only how far it got.
    Exit 0 when every puzzle is rated, 1 when not.
    """
    with reporting_bad_input():
        puzzles = read_input(puzzle_or_file, only=selection(first, span))
        techniques = chosen_techniques(mode, preset)
    if not puzzles.puzzles:
        fail(f"{puzzle_or_file}: no puzzle to rate")
    progress = Ticker(len(puzzles), quiet=quiet or len(puzzles) < 2)
    all_solved = True
    task = partial(_rate_one, techniques=tuple(techniques), mode=mode, allow_guess=allow_guess, timeout=timeout)
    for row in _mapped(task, puzzles.puzzles, jobs):
        typer.echo(json.dumps(row) if as_json else _rating_line(row))
        all_solved &= row["status"] == Status.SOLVED.value
        progress.tick()
    progress.close()
    raise typer.Exit(0 if all_solved else 1)


def _mapped(task, puzzles: list[Puzzle], jobs: int):
    """``task`` over the puzzles in order, in ``jobs`` processes when more than one."""
    if jobs == 1 or len(puzzles) < 2:
        yield from map(task, puzzles)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(task, puzzles, chunksize=max(1, min(16, len(puzzles) // (4 * jobs))))


def _rate_one(puzzle: Puzzle, *, techniques: tuple[str, ...], mode: str, allow_guess: bool,
              timeout: float | None) -> dict:
    verdict = exact_verdict(puzzle.grid)
    if verdict is not None:
        return {**_unrated(puzzle, verdict), "mode": mode, "message": VERDICTS[verdict]}
    return rating_row(puzzle, solve_logically(puzzle.grid, techniques, mode=mode, allow_guess=allow_guess,
                                              time_limit=timeout))


def _unrated(puzzle: Puzzle, status: Status) -> dict:
    return {"index": puzzle.index, "number": puzzle.index + 1, "puzzle": puzzle.grid.line(), "status": status.value,
            "se_rating": None, "ep": None, "ed": None, "effort": None,
            "score": None, "level": None, "hardest": None, "hardest_title": None, "techniques": [], "guessed": False,
            "uniqueness": False}


@app.command()
def techniques(as_json: JsonOption = False, preset: PresetOption = "full",
               mode: Annotated[str | None, typer.Option(
                   "--mode", "-m", help="Mark the techniques of this mode instead of a preset's; with hodoku, "
                   "also list HoDoKu's techniques the registry lacks.")] = None) -> None:
    """List the technique registry: which techniques a preset (or a mode) uses, and which HoDoKu's
    default solver uses (column "HoDoKu": yes, no, or - when it is not HoDoKu's)."""
    with reporting_bad_input():
        chosen = set(modes.mode(mode).techniques if mode else registry.preset(preset))
    width = max(len(name) for name in registry.TECHNIQUES)
    for t in registry.TECHNIQUES.values():
        row_of = hodoku.row_of(t.name)
        default = row_of.default if row_of else None
        row = {"name": t.name, "title": t.title, "family": t.family, "se_rating": t.se_rating,
               "hodoku_code": t.hodoku_code, "hodoku_score": t.hodoku_score, "level": t.level,
               "in_preset": t.name in chosen, "hodoku_default": default}
        if as_json:
            typer.echo(json.dumps(row))
        else:
            mark = "*" if row["in_preset"] else " "
            used = {True: "yes", False: "no", None: "-"}[default]
            typer.echo(f"{mark} {t.name:<{width}} {t.family:<14} SE {t.se_rating:<4} {t.hodoku_code:<5} "
                       f"{t.hodoku_score:>4} {t.level:<7} {used:<3} {t.title}")
    if mode != "hodoku":
        return
    for lacking in hodoku.missing():
        if as_json:
            typer.echo(json.dumps({"name": None, "title": lacking.title, "hodoku_code": lacking.code,
                                   "in_preset": False, "hodoku_default": lacking.default, "implemented": False}))
        else:
            used = "yes" if lacking.default else "no"
            typer.echo(f"  {'(not implemented)':<{width}} {'':<14} {'':<7} {lacking.code:<5} {'':>4} {'':<7} "
                       f"{used:<3} {lacking.title}")


def rating_row(puzzle: Puzzle, result: HumanResult) -> dict:
    """One puzzle's rating record (the ``rate --json`` shape).

    Only a finished solve is rated: for any other status ``se_rating``, ``score`` and ``level`` are
    null, and ``so_far`` says how far the engine got (its ratings there are lower bounds).
    """
    rating = result.rating
    row = {**_unrated(puzzle, result.status), "mode": rating.mode, "hardest": rating.hardest,
           "hardest_title": registry.technique(rating.hardest).title if rating.hardest else None,
           "techniques": list(rating.techniques), "guessed": rating.guessed, "uniqueness": rating.uniqueness}
    if result.status is Status.SOLVED:
        row.update(se_rating=rating.se_rating, ep=rating.ep, ed=rating.ed, effort=path_effort(result), score=rating.score,
                   level=rating.level)
    else:
        row["so_far"] = {"steps": len(result.steps), "empty_cells": result.state.values.count(0),
                         "se_rating_at_least": rating.se_rating, "score_at_least": rating.score}
        if result.message:
            row["message"] = result.message
    return row


def _rating_line(row: dict) -> str:
    head = f"#{row['index'] + 1} {row['status']:<8}"
    if row["status"] not in (Status.SOLVED.value, Status.STUCK.value, Status.TIMEOUT.value):
        return f"{head} not rated: {row.get('message', row['status'])}"
    hodoku_codes = row.get("mode") != "se"  # SE mode names its own techniques
    codes = ",".join((registry.technique(name).hodoku_code if hodoku_codes else "") or name
                     for name in row["techniques"])
    guessed = "guessed" if row["guessed"] else "no guess"
    if row["se_rating"] is None:
        so_far = row["so_far"]
        return (f"{head} not rated ({so_far['empty_cells']} cells left after {so_far['steps']} steps; "
                f"so far SE >= {so_far['se_rating_at_least']}, hardest {row['hardest'] or '-'})  [{codes}]")
    se = f"{row['se_rating']}/{row['ep']}/{row['ed']}"
    score = f"score {row['score']:>5} {row['level']:<7} " if row["score"] is not None else ""
    return (f"{head} ER/EP/ED {se:<13} effort {row['effort']:>8.0f}  {score}"
            f"hardest {row['hardest'] or '-'}  [{codes}]  {guessed}")


def _explained(result: HumanResult) -> dict:
    stuck = result.status is Status.STUCK  # its grid is where the engine stopped, not a solution
    return {
        "status": result.status.value,
        "solution": None if stuck else _grid_line(result),
        **({"partial": _grid_line(result)} if stuck else {}),
        "message": result.message,
        "rating": result.rating.to_dict(),
        "steps": [s.to_dict() for s in result.steps],
    }


def _show_path(start: Candidates, result: HumanResult, show_grid: bool) -> None:
    state = start.copy()
    for number, step in enumerate(result.steps, 1):
        if show_grid:
            typer.echo(state.picture())
        typer.echo(f"{number:>3}. {step.explanation}")
        apply_step(state, step)
    rating = result.rating
    if show_grid or result.status is not Status.SOLVED:
        typer.echo(result.state.picture())
    why = f" ({result.message})" if result.message else ""
    if result.status is Status.SOLVED:
        rated = rating.figures(path_effort(result))
    else:
        rated = f"not rated (so far SE >= {rating.se_rating})"
    typer.echo(f"{result.status}{why}: {len(result.steps)} steps, {rated}, hardest {rating.hardest or '-'}")
    if line := _grid_line(result):
        typer.echo(line)


def _write_page(path: Path, start: Candidates, result: HumanResult) -> None:
    from sudokit.compare.reports.explorer import explorer_page

    try:
        path.write_text(explorer_page(start, result), encoding="utf-8")
    except OSError as err:
        fail(f"{path}: cannot write: {err.strerror or err}")
    typer.echo(f"step explorer ({len(result.steps)} steps) -> {path}", err=True)


def _numbered(steps: list[Step]) -> list[str]:
    return [f"{number:>3}. {step.explanation}" for number, step in enumerate(steps, 1)]


def _grid_line(result: HumanResult) -> str | None:
    shown = result.status in (Status.SOLVED, Status.MULTIPLE, Status.STUCK)
    return result.state.to_grid().line() if shown else None

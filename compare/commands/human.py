"""``sudokit explain``, ``sudokit rate`` and ``sudokit techniques``: the human engine's commands."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from sudokit.compare.app import app, fail, read_input, read_text, reporting_bad_input
from sudokit.models.candidates import Candidates
from sudokit.models.puzzles import Puzzle
from sudokit.solvers.base import Status
from sudokit.solvers.human import registry
from sudokit.solvers.human.engine import HumanResult, apply_step, find_steps, solve_logically
from sudokit.solvers.human.steps import Step

PresetOption = Annotated[str, typer.Option("--preset", "-p", help=f"One of: {', '.join(registry.PRESETS)}.")]
GuessOption = Annotated[bool, typer.Option("--allow-guess", help="Guess (and backtrack) when no technique applies.")]
JsonOption = Annotated[bool, typer.Option("--json", help="JSON output.")]


@app.command()
def explain(
    puzzle: Annotated[str, typer.Argument(help="A puzzle, a pencil-mark grid or candidate line, a file, or -.")],
    show_grid: Annotated[bool, typer.Option("--show-grid", help="Print the pencil marks before each step.")] = False,
    as_json: JsonOption = False,
    preset: PresetOption = "full",
    allow_guess: GuessOption = False,
    technique: Annotated[str | None, typer.Option("--technique", "-t", help="Only look for this technique.")] = None,
    every: Annotated[bool, typer.Option("--all", help="With --technique: every instance, not the first.")] = False,
) -> None:
    """Solve step by step, saying what each step does. Exit 0 when solved, 1 when not."""
    if every and not technique:
        fail("--all needs --technique NAME")
    with reporting_bad_input():
        start = Candidates.parse(read_text(puzzle))
        techniques = registry.preset(preset)
        if technique:
            registry.technique(technique)
    if technique:
        found = find_steps(start, technique)[: None if every else 1]
        for line in ([json.dumps(s.to_dict()) for s in found] if as_json else _numbered(found)):
            typer.echo(line)
        raise typer.Exit(0 if found else 1)
    result = solve_logically(start, techniques, allow_guess=allow_guess)
    if as_json:
        typer.echo(json.dumps(_explained(result)))
    else:
        _show_path(start, result, show_grid)
    raise typer.Exit(0 if result.status is Status.SOLVED else 1)


@app.command()
def rate(
    puzzle_or_file: Annotated[str, typer.Argument(help="A puzzle, a puzzle file, a bundled set name, or -.")],
    as_json: Annotated[bool, typer.Option("--json", help="JSON Lines, one object per puzzle.")] = False,
    preset: PresetOption = "full",
    allow_guess: GuessOption = False,
    time_limit: Annotated[float | None, typer.Option("--time-limit", min=0, help="Seconds per puzzle.")] = None,
) -> None:
    """Rate every puzzle: status, SE-style rating, HoDoKu-style score and level, techniques used."""
    with reporting_bad_input():
        puzzles = read_input(puzzle_or_file)
        techniques = registry.preset(preset)
    all_solved = True
    for puzzle in puzzles:
        result = solve_logically(puzzle.grid, techniques, allow_guess=allow_guess, time_limit=time_limit)
        row = rating_row(puzzle, result)
        typer.echo(json.dumps(row) if as_json else _rating_line(row))
        all_solved &= result.status is Status.SOLVED
    raise typer.Exit(0 if all_solved else 1)


@app.command()
def techniques(as_json: JsonOption = False, preset: PresetOption = "full") -> None:
    """List the technique registry, and which techniques a preset uses."""
    with reporting_bad_input():
        chosen = set(registry.preset(preset))
    for t in registry.TECHNIQUES.values():
        row = {"name": t.name, "title": t.title, "family": t.family, "se_rating": t.se_rating,
               "hodoku_code": t.hodoku_code, "hodoku_score": t.hodoku_score, "level": t.level,
               "in_preset": t.name in chosen}
        if as_json:
            typer.echo(json.dumps(row))
        else:
            mark = "*" if row["in_preset"] else " "
            typer.echo(f"{mark} {t.name:<27} {t.family:<14} SE {t.se_rating:<4} {t.hodoku_code:<5} "
                       f"{t.hodoku_score:>4} {t.level:<7} {t.title}")


def rating_row(puzzle: Puzzle, result: HumanResult) -> dict:
    """One puzzle's rating record (the ``rate --json`` shape)."""
    rating = result.rating
    return {"index": puzzle.index, "puzzle": puzzle.grid.line(), "status": result.status.value,
            "se_rating": rating.se_rating, "score": rating.score, "level": rating.level,
            "hardest": rating.hardest, "techniques": list(rating.techniques), "guessed": rating.guessed,
            "uniqueness": rating.uniqueness}


def _rating_line(row: dict) -> str:
    codes = ",".join(registry.technique(name).hodoku_code for name in row["techniques"])
    guessed = "guessed" if row["guessed"] else "no guess"
    return (f"#{row['index'] + 1} {row['status']:<8} SE {row['se_rating']:<4} score {row['score']:>5} "
            f"{row['level']:<7} hardest {row['hardest'] or '-'}  [{codes}]  {guessed}")


def _explained(result: HumanResult) -> dict:
    return {
        "status": result.status.value,
        "solution": _grid_line(result),
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
    typer.echo(f"{result.status}{why}: {len(result.steps)} steps, SE {rating.se_rating}, score {rating.score} "
               f"({rating.level}), hardest {rating.hardest or '-'}")
    if line := _grid_line(result):
        typer.echo(line)


def _numbered(steps: list[Step]) -> list[str]:
    return [f"{number:>3}. {step.explanation}" for number, step in enumerate(steps, 1)]


def _grid_line(result: HumanResult) -> str | None:
    shown = result.status in (Status.SOLVED, Status.MULTIPLE, Status.STUCK)
    return result.state.to_grid().line() if shown else None

"""``sudokit explain``, ``sudokit rate`` and ``sudokit techniques``: the human engine's commands."""

from __future__ import annotations

import json
import statistics
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Annotated

import typer

from sudokit.compare.app import (
    EXIT_INTERRUPTED,
    VERDICTS,
    FirstOption,
    QuietOption,
    RangeOption,
    Ticker,
    TimeoutOption,
    app,
    duration,
    exact_answer,
    exact_verdict,
    fail,
    read_input,
    read_states,
    reporting_bad_input,
    selection,
    write_path,
)
from sudokit.compare.commands.runs import cluster_options
from sudokit.compare.run.errors import ExecutorLost
from sudokit.compare.run.executors import EXECUTORS, GRACE_SECONDS, Chunk, Executor, Settings, Task, make_executor
from sudokit.models.candidates import Candidates
from sudokit.models.errors import UserError
from sudokit.models.grid import Grid
from sudokit.models.puzzles import Puzzle
from sudokit.solvers.base import DEFAULT_LIMIT, Deadline, SolveResult, Status
from sudokit.solvers.human import hodoku, modes, registry
from sudokit.solvers.human.cited import CITED, rating_record, stuck_hint, unsupported_size
from sudokit.solvers.human.engine import HumanResult, apply_step, find_steps, solve_logically
from sudokit.solvers.human.rating import OWNERS, unowned
from sudokit.solvers.human.steps import Step
from sudokit.solvers.registry import Backend

PresetOption = Annotated[str, typer.Option("--preset", "-p", help=f"One of: {', '.join(registry.PRESETS)}.")]
GuessOption = Annotated[bool, typer.Option("--allow-guess", help="Guess (and backtrack) when no technique applies.")]
JsonOption = Annotated[bool, typer.Option("--json", help="JSON output.")]
ModeOption = Annotated[str, typer.Option("--mode", "-m", help="Whose technique set, order and rating: "
                                         f"{', '.join(modes.MODES)}.")]
SolvePresetOption = Annotated[str | None, typer.Option(
    "--preset", "-p", help=f"Solve with a preset's techniques instead of the mode's: {', '.join(registry.PRESETS)}.")]

RATINGS_PAGE = "docs/concepts/ratings.md"  # whose number is which: the one page that says it
LEGEND = {  # what each owner's figures are, as the text output names them
    "se": "SE ER/EP/ED = Sudoku Explainer's rating of the hardest step / of the hardest up to the first "
          "placement / of the first step, on SE's scale (1.0 singles to about 12)",
    "hodoku": "HoDoKu score and level = HoDoKu's sum of its steps' base scores, and its level (easy, medium, "
              "hard, unfair, extreme); [codes] = the path's techniques as HoDoKu's codes",
    "engine": "engine rating R/P/D, engine score and level = sudokit's own engine's path measured on SE's "
              "scale (its hardest step / the hardest up to the first placement / the first step) and HoDoKu's "
              "(not their figures)",
}
EFFORT = "effort = sudokit's count of the inspections a person makes to follow the path"


def figures_legend(owners: list[str] | tuple[str, ...], hardest: bool = False) -> str:
    """A legend naming each shown figure's owner and scale (a line each), under the page that says more;
    ``hardest`` explains the parenthesised technique ``rate`` writes after each owner's figures.

    >>> print(figures_legend(["hodoku"]))  # doctest: +ELLIPSIS
    figures (docs/concepts/ratings.md):
      HoDoKu score and level = HoDoKu's sum of its steps' base scores, ...
      effort = sudokit's count of the inspections a person makes to follow the path
    """
    lines = [f"figures ({RATINGS_PAGE}):", *(f"  {LEGEND[who]}" for who in owners), f"  {EFFORT}"]
    if hardest:
        lines.append("  (name) after an owner's figures = the technique of its hardest step")
    return "\n".join(lines)


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
    refuse_sizes(mode, [start.size for _, start in starts])
    several = len(starts) > 1
    if page and several:
        fail(f"--html pictures one puzzle's solve; {puzzle} has {len(starts)}")
    all_solved = True
    legend = not (technique or as_json)  # printed once, before the first figures
    for number, (source, start) in enumerate(starts, 1):
        if several and not as_json:
            typer.echo(f"# puzzle {number}" + (f" (line {source.line})" if source and source.line else ""))
        if technique:
            found = find_steps(start, technique)[: None if every else 1]
            for line in ([json.dumps(s.to_dict()) for s in found] if as_json else _numbered(found)):
                typer.echo(line)
            all_solved &= bool(found)
            continue
        deadline = Deadline(timeout)  # one total per puzzle: the uniqueness check and the solve share it
        verdict = exact_verdict(source.grid, deadline.remaining()) if source else None
        if verdict is not None:
            all_solved = False
            row: dict[str, object] = {"index": number - 1, "number": number, "status": verdict.value,
                                      "message": VERDICTS[verdict], "steps": []}
            typer.echo(json.dumps(row) if as_json else f"{verdict}: {VERDICTS[verdict]}; not explained")
            continue
        result = solve_logically(start, techniques, mode=mode, allow_guess=allow_guess, time_limit=deadline.remaining())
        if page:
            _write_page(page, start, result)
        if as_json:
            typer.echo(json.dumps({"index": number - 1, "number": number, **_explained(result)}))
        else:
            _show_path(start, result, show_grid, legend)
            legend &= result.status is not Status.SOLVED  # (shown with the first figures)
        all_solved &= result.status is Status.SOLVED
    raise typer.Exit(0 if all_solved else 1)


RateModeOption = Annotated[str | None, typer.Option(
    "--mode", "-m", show_default=False,
    help="Whose figures: se (Sudoku Explainer's ER/EP/ED), hodoku (HoDoKu's score and level), default "
    "(sudokit's own engine's). Without it: SE's and HoDoKu's, each from its own mode (the engine's on "
    "sizes other than 9×9).")]

RateTimeoutOption = Annotated[float | None, typer.Option(
    "--timeout", "--time-limit", min=0.001, show_default=False,
    help="Seconds per puzzle for each mode (plain rate runs two: SE's, then HoDoKu's, each with the whole "
    "limit; the uniqueness check first has it too).")]


@app.command()
def rate(
    puzzle_or_file: Annotated[str, typer.Argument(help="A puzzle, a puzzle file, a bundled set name, or -.")],
    as_json: Annotated[bool, typer.Option("--json", help="JSON Lines, one object per puzzle.")] = False,
    mode: RateModeOption = None,
    preset: SolvePresetOption = None,
    allow_guess: GuessOption = False,
    timeout: RateTimeoutOption = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes, sharing the puzzles.")] = 1,
    executor: Annotated[str, typer.Option(help=f"How to run: {', '.join(EXECUTORS)} (-j 1 local: in this process).")]
    = "local",
    scheduler: Annotated[str | None, typer.Option(help="With --executor dask: the scheduler's address.",
                                                  show_default=False)] = None,
    workers: Annotated[int | None, typer.Option(min=1, help="With --executor dask: a local cluster of N workers.",
                                                show_default=False)] = None,
    out: Annotated[Path | None, typer.Option(
        "--out", "-o", show_default=False,
        help="Also append each record (JSON) to this file as it is rated; puzzles already in it are "
        "skipped, so a stopped run resumes.")] = None,
    quiet: QuietOption = False,
    first: FirstOption = None,
    span: RangeOption = None,
) -> None:
    """Rate every puzzle: Sudoku Explainer's ER/EP/ED and HoDoKu's score, level and hardest technique.

    Each figure is its owner's, from the mode that reproduces it (docs/concepts/ratings.md); --mode
    default, --preset and --allow-guess give sudokit's own engine's figures, named engine_*. A puzzle
    with several solutions or none is said so (checked by an exact backend) and not rated; a puzzle a
    mode cannot finish (stuck) gets null figures, the reason, and which mode goes further. -j N shares
    the puzzles among worker processes, --executor dask among a cluster's; records print in order.
    Exit 0 when every puzzle is rated, 1 when not.
    """
    with reporting_bad_input():
        puzzles = read_input(puzzle_or_file, only=selection(first, span))
        chosen = rating_modes(mode, preset, allow_guess)
        techniques = chosen_techniques(chosen[0], preset) if preset else None
        if out is not None:
            write_path(out)
        cluster = cluster_options(executor, scheduler, workers)
        runner = make_executor(executor, jobs, **cluster) if executor != "local" or jobs > 1 else None
    if not puzzles.puzzles:
        fail(f"{puzzle_or_file}: no puzzle to rate")
    if mode is not None:  # plain ``rate`` gives the engine's figures on a size neither program takes
        refuse_sizes(mode, [p.grid.size for p in puzzles.puzzles])
    with reporting_bad_input():
        before = rated_before(out, chosen) if out is not None else []
    done = {(row["puzzle"], row["index"]) for row in before}
    todo = [p for p in puzzles.puzzles if (p.grid.line(), p.index) not in done]
    progress = Ticker(len(todo), quiet=quiet or len(todo) < 2, what="puzzles rated")
    all_solved = all(row["status"] == Status.SOLVED.value for row in before)
    rater = Rater(chosen, techniques, allow_guess)
    sink = out.open("a", encoding="utf-8") if out is not None else None
    rows: list[dict] = []
    began = time.monotonic()
    legend = None if as_json else figures_legend(rated_owners(chosen, [p.grid.size for p in todo], preset,
                                                                allow_guess), hardest=True)
    try:
        for row in _rated(rater, todo, timeout, runner):
            if legend and any(row[f"{who}_missing"] is None for who in OWNERS):
                typer.echo(legend, err=True)  # once, before the first figures (stdout: a line per puzzle)
                legend = None
            typer.echo(json.dumps(row) if as_json else _rating_line(row))
            if sink is not None:
                sink.write(json.dumps(row) + "\n")
                sink.flush()  # whole lines only: a stop leaves every finished record, complete
            all_solved &= row["status"] == Status.SOLVED.value
            rows.append(row)
            progress.tick()
    except (KeyboardInterrupt, ExecutorLost) as stop:
        progress.close()
        kept = f"; they are in {out} (run the same command to resume)" if out is not None else ""
        why = f"{stop}; " if isinstance(stop, ExecutorLost) else "interrupted: "
        typer.echo(f"sudokit: {why}{len(rows)} of {len(todo)} puzzles rated{kept}", err=True)
        raise typer.Exit(EXIT_INTERRUPTED) from None
    finally:
        if sink is not None:
            sink.close()
    progress.close()
    if len(todo) < len(puzzles.puzzles) and not quiet:
        typer.echo(f"sudokit: {len(puzzles.puzzles) - len(todo)} puzzles already rated in {out}: skipped", err=True)
    if len(puzzles.puzzles) > 1 and not quiet:
        every = before + rows  # a resumed run: the whole list
        typer.echo(f"sudokit: {len(rows)} rated in {duration(time.monotonic() - began)}"
                   f"{f' ({len(every)} in {out})' if out is not None else ''}; {rating_summary(every, chosen)}", err=True)
    raise typer.Exit(0 if all_solved else 1)


def rating_summary(rows: list[dict], chosen: tuple[str, ...]) -> str:
    """What a list's ratings come to: statuses, then each owner's figures (range, median, histogram).

    >>> rows = [{"status": "solved", "se_rating": r, "hodoku_level": "extreme"} for r in (11.0, 11.2, 11.0)]
    >>> print(rating_summary(rows + [{"status": "stuck", "se_rating": None, "hodoku_level": None}], ("se", "hodoku")))
    solved 3, stuck 1; SE ER 11.0-11.2, median 11.0 (11.0: 2, 11.2: 1); HoDoKu levels: extreme 3
    """
    statuses = Counter(row["status"] for row in rows)
    parts = [", ".join(f"{status} {n}" for status, n in statuses.most_common())]
    for mode, figure, what in (("se", "se_rating", "SE ER"), ("default", "engine_rating", "engine rating")):
        values = sorted(row[figure] for row in rows if mode in chosen and row.get(figure) is not None)
        if values:
            bins = Counter(values if len(set(values)) <= 15 else [float(int(v)) for v in values])
            spread = ", ".join(f"{v:.1f}{'' if len(set(values)) <= 15 else '+'}: {n}" for v, n in sorted(bins.items()))
            parts.append(f"{what} {values[0]:.1f}-{values[-1]:.1f}, median {statistics.median(values):.1f} ({spread})")
    for mode, figure, what in (("hodoku", "hodoku_level", "HoDoKu levels"), ("default", "engine_level", "engine levels")):
        levels = Counter(row[figure] for row in rows if mode in chosen and row.get(figure))
        if levels:
            parts.append(f"{what}: " + ", ".join(f"{name} {n}" for name, n in levels.most_common()))
    return "; ".join(parts)


def rated_owners(chosen: tuple[str, ...], sizes: list[int], preset: str | None, allow_guess: bool) -> list[str]:
    """Whose figures ``rate``'s text may show: each chosen mode's owner on 9×9 puzzles (the only size
    SE and HoDoKu take), and the engine's where a preset, a guess or another size gives its figures.

    >>> rated_owners(("se", "hodoku"), [9, 16], None, False), rated_owners(("se", "hodoku"), [25], None, False)
    (['se', 'hodoku', 'engine'], ['engine'])
    """
    owners = [{"se": "se", "hodoku": "hodoku"}.get(mode, "engine") for mode in chosen] if 9 in sizes else []
    if preset or allow_guess or any(size != 9 for size in sizes):
        owners.append("engine")
    return list(dict.fromkeys(owners))


def refuse_sizes(mode: str, sizes: list[int]) -> None:
    """One line, exit 2, before any work, when ``mode`` does not take one of the puzzles' sizes."""
    if refused := next((why for size in sizes if (why := unsupported_size(mode, size))), None):
        fail(refused)


def rating_modes(mode: str | None, preset: str | None, allow_guess: bool) -> tuple[str, ...]:
    """The modes a ``rate`` runs: SE's then HoDoKu's by default; the engine's when a preset or guessing
    asks for its path; else the one named."""
    if mode is None:
        return ("default",) if preset or allow_guess else CITED
    modes.mode(mode)  # an unknown name is refused with the choices
    return (mode,)


def rated_before(path: Path, chosen: tuple[str, ...]) -> list[dict]:
    """The records already in ``path``, rated by the same modes: whole JSON lines only (a
    line cut by a stop is dropped from the file, so the run appends after the last whole one)."""
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8")
    whole = text[: text.rfind("\n") + 1]
    if whole != text:
        path.write_text(whole, encoding="utf-8")
    done = []
    for number, line in enumerate(whole.splitlines(), 1):
        try:
            row = json.loads(line)
            ran = tuple(row["modes"])
            row["puzzle"], row["index"], row["status"]  # (each record has them)
        except (ValueError, KeyError, TypeError):
            raise UserError(f"{path}:{number}: not a rate --json record; give another --out file") from None
        if ran != chosen:
            raise UserError(f"{path}:{number}: rated with mode {'+'.join(ran)}, not {'+'.join(chosen)}; "
                            "give another --out file") from None
        done.append(row)
    return done


class Rater:
    """``rate``'s work on one puzzle as a backend the harness's executors run (worker processes, a Dask
    cluster): the exact backend's verdict, then each mode's figures, each step within ``time_limit``.
    ``stats["record"]`` holds the figures, ``message`` why a puzzle is not rated."""

    name = "rate"

    def __init__(self, modes: tuple[str, ...] | list[str], techniques: tuple[str, ...] | list[str] | None = None,
                 allow_guess: bool = False):
        self.modes = tuple(modes)
        self.techniques = tuple(techniques) if techniques is not None else None
        self.allow_guess = allow_guess

    def solve(self, grid: Grid, *, limit: int = DEFAULT_LIMIT, time_limit: float | None = None) -> SolveResult:
        """``time_limit`` is each step's: the uniqueness check's, then each mode's (no mode inherits what
        another spent, so a mode's status is its own)."""
        exact = exact_answer(grid, time_limit)
        if exact.status is not Status.SOLVED:
            return SolveResult(exact.status, stats={"record": {}}, message=VERDICTS.get(exact.status, exact.message))
        status, record, message = rating_record(grid, self.modes, techniques=self.techniques,
                                                allow_guess=self.allow_guess, time_limit=time_limit)
        # a rated puzzle's grid is its one solution (the exact backend's), which the executors' judge checks
        return SolveResult(status, exact.solution if status is Status.SOLVED else None, stats={"record": record},
                           message=message)

    def backend(self) -> Backend:
        """This rater as the executors' backend (created again in each worker)."""
        return Backend("rate", f"{__name__}:Rater", "sudokit rate", options={
            "modes": list(self.modes), "techniques": list(self.techniques) if self.techniques is not None else None,
            "allow_guess": self.allow_guess})

    def row(self, puzzle: Puzzle, result: SolveResult) -> dict:
        """The puzzle's record as ``rate --json`` prints it (a worker killed at the deadline: a timeout)."""
        row = {**_unrated(puzzle, result.status, self.modes), **result.stats.get("record", {})}
        if result.message:
            row["message"] = result.message
        return row


def _rated(rater: Rater, puzzles: list[Puzzle], timeout: float | None, runner: Executor | None) -> Iterator[dict]:
    """Each puzzle's record, in order: in this process, or one puzzle at a time to whichever worker
    of ``runner`` is free (a hard puzzle holds up no other worker; records after it wait for it to be
    printed). A worker still busy at the deadline is killed. Stopping the iteration stops the workers."""
    if runner is None or len(puzzles) < 2:
        for puzzle in puzzles:
            yield rater.row(puzzle, rater.solve(puzzle.grid, time_limit=timeout))
        return
    backend = rater.backend()
    chunks = [Chunk(backend, (Task("rate", position, puzzle.grid),)) for position, puzzle in enumerate(puzzles)]
    done: dict[int, SolveResult] = {}
    printed = 0
    # the check and each mode have ``timeout`` each: a worker is killed only past all of them
    grace = GRACE_SECONDS + (timeout or 0.0) * len(rater.modes)
    with closing(runner.run(chunks, Settings(timeout=timeout, grace=grace))) as outcomes:
        for outcome in outcomes:
            done[outcome.task.index] = outcome.result
            while printed in done:
                yield rater.row(puzzles[printed], done.pop(printed))
                printed += 1


def _unrated(puzzle: Puzzle, status: Status, ran: tuple[str, ...]) -> dict:
    why = VERDICTS.get(status, status.value)
    return {"index": puzzle.index, "number": puzzle.index + 1, "puzzle": puzzle.grid.line(), "status": status.value,
            "modes": list(ran), **unowned(f"not rated: {why}", *OWNERS), "effort": None, "guessed": False,
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
    if not as_json:
        typer.echo(f"{'':<2}{'name':<{width}} {'family':<14} {'SE':<7} {'code':<5} {'score':>5} {'level':<7} "
                   f"{'HoDoKu':<6} title")
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
            typer.echo(f"{mark} {t.name:<{width}} {t.family:<14} {t.se_rating:<7} {t.hodoku_code:<5} "
                       f"{t.hodoku_score:>5} {t.level:<7} {used:<6} {t.title}")
    if mode != "hodoku":
        return
    for lacking in hodoku.missing():
        if as_json:
            typer.echo(json.dumps({"name": None, "title": lacking.title, "hodoku_code": lacking.code,
                                   "in_preset": False, "hodoku_default": lacking.default, "implemented": False}))
        else:
            used = "yes" if lacking.default else "no"
            typer.echo(f"  {'(not implemented)':<{width}} {'':<14} {'':<7} {lacking.code:<5} {'':>5} {'':<7} "
                       f"{used:<6} {lacking.title}")


def _rating_line(row: dict) -> str:
    """One puzzle's record as text: each owner's figures under the owner's name, or why they are missing."""
    head = f"#{row['number']} {row['status']:<8}"
    if all((row[f"{who}_missing"] or "").startswith("not rated") for who in OWNERS):
        return f"{head} not rated: {row.get('message', row['status'])}"
    parts = [_owner_text(row, who) for who in OWNERS if _shown(row, who)]
    if row["effort"] is not None:
        parts.append(f"effort {row['effort']:.0f}")
    if row["guessed"]:
        parts.append("guessed")
    return f"{head} " + "  ".join(parts)


def _shown(row: dict, who: str) -> bool:
    """An owner's figures are shown when its mode ran (rated or not), never when it was not asked for."""
    missing = row[f"{who}_missing"]
    return not (missing or "").startswith("not computed")


def _owner_text(row: dict, who: str) -> str:
    if (why := row[f"{who}_missing"]) is not None:
        label = {"se": "SE ER", "hodoku": "HoDoKu", "engine": "engine"}[who]
        return f"{label}: {why}" if why.startswith("not rated") else f"{label}: not rated ({why})"
    hardest, used = row[f"{who}_hardest"] or "-", technique_codes(row[f"{who}_techniques"], who)
    if who == "se":
        return f"SE ER/EP/ED {row['se_rating']}/{row['ep']}/{row['ed']} ({hardest})"
    if who == "hodoku":
        return f"HoDoKu {row['hodoku_score']} {row['hodoku_level']} ({row.get('hodoku_hardest_code') or hardest}) [{used}]"
    return (f"engine rating {row['engine_rating']}/{row['engine_ep']}/{row['engine_ed']}, "
            f"score {row['engine_score']} {row['engine_level']} ({hardest}) [{used}]")


def technique_codes(names: list[str] | None, who: str) -> str:
    """A path's techniques as HoDoKu's codes (SE's own names for SE's path), each once, in registry order.

    >>> technique_codes(["naked_single", "full_house", "hidden_single"], "hodoku")
    'fh,n1,h1'
    """
    if not names:
        return ""
    if who == "se":
        return ",".join(names)
    order = {name: i for i, name in enumerate(registry.TECHNIQUES)}
    codes = (registry.technique(name).hodoku_code or name for name in sorted(names, key=lambda n: order.get(n, 0)))
    return ",".join(dict.fromkeys(codes))


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


def _show_path(start: Candidates, result: HumanResult, show_grid: bool, legend: bool = False) -> None:
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
        rated = rating.figures()
        if legend:
            typer.echo(figures_legend([rating.owner]))
    else:
        hint = f"; {stuck_hint(rating.mode, start.size, command='explain')}" if result.status is Status.STUCK else ""
        rated = f"not rated{hint}"
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

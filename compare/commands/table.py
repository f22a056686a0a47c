"""``sudokit table``: any runs of any databases side by side, in one HTML page and a CSV."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Annotated

import typer

from sudokit.compare.app import app, reporting_bad_input
from sudokit.compare.reports import table as tables
from sudokit.compare.run.store import DEFAULT_DB, Run, Store
from sudokit.models.errors import UnknownName, UserError

DEFAULT_OUT = Path("results") / "table"
MEASURES = ("cpu", "wall")


@app.command()
def table(
    runs: Annotated[list[str], typer.Argument(
        help="Runs to put side by side: NAME (looked up in every --db: it must be in exactly one) or "
             "DB:NAME (DB a --db as given, its file name or stem, or another database's path).",
        show_default=False)],
    db: Annotated[list[Path] | None, typer.Option(
        "--db", help=f"A results database; repeat for several (by default {DEFAULT_DB}).", show_default=False)] = None,
    out: Annotated[str | None, typer.Option(
        "--out", "-o", help="Where to write: a stem (OUT.html and OUT.csv; a .html or .csv ending is dropped) "
                            "or a folder, existing or ending in / (FOLDER/table.html, FOLDER/table.csv); "
                            f"by default {DEFAULT_OUT}.",
        show_default=False)] = None,
    par: Annotated[float, typer.Option(min=1, help="The K of PAR-K: an unanswered puzzle counts K times the timeout.")] = 2,
    measure: Annotated[str, typer.Option(help="Count PAR-K and draw the plots by cpu time (wall time where some "
                                              "record has none, as a report does) or wall time.")] = "cpu",
) -> None:
    """Put runs side by side, as BenchExec's table-generator does: a row per puzzle, a column group per
    (run, backend) with status, CPU, wall and memory; one self-contained HTML page (filters, sorting,
    summaries and plots of the rows kept) and a CSV. Runs of other machines, settings or commits are
    marked. The plots need plotly (`pip install 'sudokit[table]'`); without it the page has the table only."""
    with reporting_bad_input():
        if measure not in MEASURES:
            raise UserError(f"--measure {measure!r}: choose cpu or wall")
        stem = output_stem(out or str(DEFAULT_OUT))
        with ExitStack() as stack:
            stores = {path: stack.enter_context(Store.open(path, create=False)) for path in dict.fromkeys(db or [DEFAULT_DB])}
            found = find_runs(runs, stores, lambda path: stack.enter_context(Store.open(path, create=False)))
            labels = run_labels([(path, run.name) for path, run, _ in found])
            sources = [tables.Source(label, run, store.records(run), store.puzzle_meta(run), str(path))
                       for label, (path, run, store) in zip(labels, found)]
        if empty := [s.label for s in sources if not s.records]:
            raise UserError(f"run {empty[0]!r} has no records (see `sudokit runs`)")
        table = tables.tabulate(sources, k=par, measure=measure)
        plotly = tables.plotly_js()
        stem.parent.mkdir(parents=True, exist_ok=True)
        page, csv = tables.write(table, stem, plotly)
    width = max(len(g.label) for g in table.groups)
    typer.echo(f"{'column group':<{width}}  answered  PAR-{par:g} s  median CPU s")
    for group, summary in zip(table.groups, table.summaries()):
        typer.echo(f"{group.label:<{width}}  {summary.answered:>3}/{summary.attempted:<4}  {summary.par:>8.4g}  "
                   f"{summary.cpu_median:>12.4g}")
    typer.echo(f"{len(table.rows)} puzzles, {len(table.groups)} column groups: {page} and {csv}")
    if table.differences:
        typer.echo(f"the runs differ in: {', '.join(table.differences)} (marked on the page)")
    if plotly is None:
        typer.echo(f"sudokit: the page has no plots: {tables.PLOTS_HINT}", err=True)


def output_stem(out: str) -> Path:
    """The stem the page and the CSV are written to: ``out`` itself, ``out`` less a .html or .csv ending,
    or ``out/table`` for a folder (one that exists, or a path ending in a slash)."""
    path = Path(out)
    if path.is_dir() or out.endswith(("/", "\\")):
        return path / "table"
    if path.suffix in (".html", ".csv"):
        return path.with_suffix("")
    return path


def find_runs(names: Sequence[str], stores: dict[Path, Store], open_store) -> list[tuple[Path, Run, Store]]:
    """Each named run with its database: ``DB:NAME`` in that database (a given ``--db`` by its path as
    given, file name or stem; else a database file at that path, opened with ``open_store``); a plain
    ``NAME`` in the one database of ``stores`` that has it. A run named twice, a name in none or in
    several databases is refused."""
    found: list[tuple[Path, Run, Store]] = []
    for name in names:
        path, run_name = _split(name, stores)
        if path is not None:
            if path not in stores:
                stores[path] = open_store(path)
            where = [path]
        else:
            where = [p for p, store in stores.items() if store.find_run(run_name) is not None]
            if not where:
                databases = ", ".join(str(p) for p in stores)
                raise UnknownName(f"no run called {run_name!r} in {databases} (see `sudokit runs --db DB`)")
            if len(where) > 1:
                raise UserError(f"run {run_name!r} is in {' and '.join(str(p) for p in where)}: "
                                f"name it as DB:{run_name}, e.g. {where[0].stem}:{run_name}")
        run = stores[where[0]].run(run_name)  # (UnknownName, listing the database's runs, when not there)
        if any(p == where[0] and r.name == run.name for p, r, _ in found):
            raise UserError(f"run {name!r} is named twice")
        found.append((where[0], run, stores[where[0]]))
    return found


def _split(name: str, stores: dict[Path, Store]) -> tuple[Path | None, str]:
    """``DB:NAME`` into the database's path and the run's name; (None, name) when no database is named."""
    if ":" not in name:
        return None, name
    prefix, rest = name.split(":", 1)
    for path in stores:
        if prefix in (str(path), path.name, path.stem):
            return path, rest
    if prefix and Path(prefix).is_file():
        return Path(prefix), rest
    return None, name  # (a run whose name holds a colon)


def run_labels(found: Sequence[tuple[Path, str]]) -> list[str]:
    """Each run's label on the page: its name, or ``DB-STEM:NAME`` when runs of two databases share it."""
    names = [name for _, name in found]
    return [f"{path.stem}:{name}" if names.count(name) > 1 else name for path, name in found]

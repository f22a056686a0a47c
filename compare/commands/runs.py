"""``sudokit compare``, ``study``, ``report`` and ``export``: runs into the results store, and out of it."""

from __future__ import annotations

import json
import os
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Annotated

import typer

from sudokit.compare.app import (
    EXIT_INTERRUPTED,
    FirstOption,
    QuietOption,
    RangeOption,
    Ticker,
    app,
    fail,
    read_input,
    reporting_bad_input,
    selection,
    write_path,
)
from sudokit.compare.reports import report as reports
from sudokit.compare.reports import study as studies
from sudokit.compare.reports.export import FORMATS
from sudokit.compare.reports.export import export as export_records
from sudokit.compare.run import harness
from sudokit.compare.run.errors import ExecutorLost
from sudokit.compare.run.executors import EXECUTORS, Settings, make_executor
from sudokit.compare.run.store import DEFAULT_DB, Record, Run, Store, extension
from sudokit.compare.sets import DEFAULT_SETS, SETS
from sudokit.models.errors import UserError
from sudokit.models.puzzles import Puzzles, PuzzleSet, stream_puzzles
from sudokit.solvers.base import DEFAULT_LIMIT
from sudokit.solvers.registry import BACKENDS, Backend, default_backends, parse_backends

EXIT_DISAGREEMENT = 1
RUNS_DIR = Path("results") / "runs"

SetsArg = Annotated[list[str] | None, typer.Argument(
    help="Bundled set names (see `sudokit sets`) or puzzle files.", show_default=False)]
Jobs = Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes.")]
Timeout = Annotated[float, typer.Option("--timeout", "--time-limit", min=0.001,
                                        help="Seconds per puzzle, a total; a stuck worker is killed.")]
BackendOption = Annotated[list[str] | None, typer.Option(
    "--backend", help="One backend spec, taken whole (spaces and commas allowed: 'cmd:./solver --fast', "
    "py:FILE.py:FUNC); may be repeated, beside --backends.", show_default=False)]
Db = Annotated[Path, typer.Option(help="The results database.")]
Name = Annotated[str | None, typer.Option(help="Run name; an existing run of that name is resumed (same sets, "
                                                "settings and backends; compare --extend adds backends).")]
SkipInvalid = Annotated[bool, typer.Option(help="Run the valid puzzles of a file with bad lines (recorded).")]
Out = Annotated[Path | None, typer.Option(help="Report folder (default: results/runs/RUN).", show_default=False)]
WriteReport = Annotated[bool, typer.Option("--report/--no-report", help="Write the run's report.")]
JsonSummary = Annotated[bool, typer.Option("--json", help="Print the run's summary.json instead of the table.")]


@app.command()
def compare(
    sets: SetsArg = None,
    backends: Annotated[str | None, typer.Option(
        help=f"Comma-separated specs, from: {', '.join(BACKENDS)} (options as NAME:KEY=VALUE) "
             "[default: every available one].", show_default=False)] = None,
    backend: BackendOption = None,
    jobs: Jobs = os.cpu_count() or 1,
    timeout: Timeout = 10.0,
    repeat: Annotated[int, typer.Option(min=1, help="Solve each puzzle R times; keep the median times.")] = 1,
    transform: Annotated[bool, typer.Option(help="Randomly transform each puzzle (validity-preserving) first.")] = False,
    seed: Annotated[int, typer.Option(help="Seed of --transform.")] = 0,
    limit: Annotated[int, typer.Option(min=1, help="Stop after this many solutions (2 proves uniqueness).")] = DEFAULT_LIMIT,
    db: Db = DEFAULT_DB,
    name: Name = None,
    skip_invalid: SkipInvalid = False,
    executor: Annotated[str, typer.Option(help=f"How to run: {', '.join(EXECUTORS)} (dask: on the cluster at "
                                                "--scheduler, or on a local one of --workers).")] = "local",
    scheduler: Annotated[str | None, typer.Option(
        help="With --executor dask: the cluster's scheduler, e.g. tcp://HOST:8786.", show_default=False)] = None,
    workers: Annotated[int | None, typer.Option(
        min=1, help="With --executor dask: start a local cluster of N workers (default: --jobs).",
        show_default=False)] = None,
    measure: Annotated[str, typer.Option(help=f"How CPU time and memory are measured: {', '.join(MEASURES)} "
                                              "(runexec: BenchExec's cgroups, a process per puzzle).")] = "inprocess",
    memory_limit: Annotated[int | None, typer.Option(
        min=1, help="With --measure runexec: megabytes each solving process may use.", show_default=False)] = None,
    pin: Annotated[bool, typer.Option(help="Pin each worker process to a core of its own (recorded).")] = False,
    rank_by: Annotated[str, typer.Option(help="Rank, PAR and the virtual best by cpu or wall time (cpu: steadier "
                                              "on a shared machine; wall for multi-threaded backends).")] = "cpu",
    par: Annotated[float, typer.Option(min=1, help="The K of PAR-K: an unanswered puzzle counts K times the timeout.")] = 2,
    scatter: Annotated[str | None, typer.Option(help="Two backends to plot puzzle by puzzle (A,B) [default: the two "
                                                     "fastest].", show_default=False)] = None,
    extend: Annotated[bool, typer.Option(help="With --name: add the backends to the existing run.")] = False,
    out: Out = None,
    write_report: WriteReport = True,
    quiet: QuietOption = False,
    as_json: JsonSummary = False,
    first: FirstOption = None,
    span: RangeOption = None,
) -> None:
    """Run backends over puzzle sets, judge and compare every answer, store and report.

    With no arguments: every available backend over the default set. Exit 1 on any disagreement, when a
    backend answered nothing (every attempt an error) or when nothing at all was answered (the reason on
    one line on stderr).
    """
    puzzle_sets = read_sets(sets or list(DEFAULT_SETS), skip_invalid, first=first, span=span)
    with reporting_bad_input():
        chosen = choose_backends(backends, backend or ())
        report_settings = check_report_settings(rank_by, par, scatter, [b.name for b in chosen])
        runner = measured_executor(measure, memory_limit, executor, jobs, pin,
                                   cluster_options(executor, scheduler, workers))
        execution = {"jobs": jobs, "executor": executor, "workers": workers or (jobs if executor == "dask" else None),
                     "scheduler": scheduler, "pin": pin, "measure": measure, "memory_limit_mb": memory_limit}
        plan = harness.Plan(puzzle_sets, chosen, Settings(limit, timeout, repeat), seed if transform else None,
                            purpose={"report": {**report_settings, "db": str(db.resolve())}}, execution=execution,
                            sources=set_sources(sets or list(DEFAULT_SETS), puzzle_sets),
                            unavailable=unavailable_defaults() if backends is None and not backend else {})
    too_large = plan.too_large()
    for skipping, count in too_large.items():
        typer.echo(f"sudokit: {skipping} skips {count} puzzles larger than it handles", err=True)
    puzzles = sum(len(s) for s in puzzle_sets)
    if all(too_large.get(b.name) == puzzles for b in chosen):
        fail("nothing to run: no chosen backend takes puzzles of this size (see `sudokit backends`)")

    def work(store: Store, run_name: str, progress: dict) -> Run:
        if name is not None:
            refuse_other_backends(store, run_name, [b.name for b in chosen], extend)
        return harness.run(store, run_name, plan, runner, **progress)

    finish(db, name, harness.run_name(puzzle_sets), out, write_report, quiet, work, as_json)


@app.command()
def study(
    sets: SetsArg = None,
    presets: Annotated[str | None, typer.Option(help="Also measure these human-engine presets (comma-separated).")] = None,
    ablation: Annotated[bool, typer.Option(help="Switch each technique off in turn.")] = True,
    jobs: Jobs = os.cpu_count() or 1,
    timeout: Timeout = 10.0,
    db: Db = DEFAULT_DB,
    name: Name = None,
    skip_invalid: SkipInvalid = False,
    out: Out = None,
    write_report: WriteReport = True,
    quiet: QuietOption = False,
    as_json: JsonSummary = False,
    first: FirstOption = None,
    span: RangeOption = None,
) -> None:
    """Which technique solves what: the technique ladder, technique usage and ablation over puzzle sets.

    Exit 1 on any disagreement."""
    puzzle_sets = [s for s in read_sets(sets or list(DEFAULT_SETS), skip_invalid, stream=False, first=first, span=span)
                   if isinstance(s, PuzzleSet)]  # (a study's runs are small: its sets are read whole)
    chosen = tuple(p.strip() for p in (presets or "").split(",") if p.strip())
    runner = make_executor("local", jobs)
    finish(db, name, "study-" + harness.run_name(puzzle_sets), out, write_report, quiet,
           lambda store, run_name, progress: studies.study(
        store, run_name, puzzle_sets, runner, Settings(timeout=timeout), chosen, ablation, **progress), as_json)


@app.command()
def report(
    run: Annotated[str, typer.Argument(help="The run's name.")],
    db: Db = DEFAULT_DB,
    out: Out = None,
) -> None:
    """Write a stored run's report: report.md, report.html, summary.json and the charts."""
    with reporting_bad_input(), Store.open(db, create=False) as store:
        if out is not None and out.exists() and not out.is_dir():
            raise UserError(f"{out}: is a file; --out names the report's folder")
        summary = reports.summarize(store, store.run(run))
        written = reports.write_report(summary, out or RUNS_DIR / run)
    typer.echo(written)


@app.command()
def export(
    run: Annotated[str, typer.Argument(help="The run's name.")],
    fmt: Annotated[str, typer.Option("--format", "-f", help=f"One of: {', '.join(FORMATS)}.")] = "csv",
    db: Db = DEFAULT_DB,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Output file (default: standard output).",
                                             show_default=False)] = None,
) -> None:
    """Export a run's records, one row per record, with the input file's own columns (puzzle_se_rating, …)."""
    with reporting_bad_input(), Store.open(db, create=False) as store:
        if fmt not in FORMATS:
            raise UserError(f"unknown format {fmt!r}; choose from {', '.join(FORMATS)}")
        if out is not None:
            write_path(out)
        stored = store.run(run)
        records = store.each_record(stored)  # streamed: a record at a time
        meta = store.puzzle_meta(stored)  # the input file's own columns (se_rating, …)
        if out is None:
            export_records(records, run, fmt, sys.stdout, meta)
            return
        with open(out, "w", encoding="utf-8", newline="") as stream:
            count = export_records(records, run, fmt, stream, meta)
    typer.echo(f"{count} records written to {out}", err=True)


@app.command()
def runs(
    db: Db = DEFAULT_DB,
    as_json: Annotated[bool, typer.Option("--json", help="JSON Lines, one object per run.")] = False,
) -> None:
    """List the stored runs: name, start, sets, backends, records and whether each finished."""
    with reporting_bad_input(), Store.open(db, create=False) as store:
        rows = store.overview()
    if rows and not as_json:
        typer.echo(f"{'run':<40} {'started':<19}  {'status':<10} {'records':>7}          sets, backends")
    for row in rows:
        if as_json:
            typer.echo(json.dumps(row))
        else:
            typer.echo(f"{row['name']:<40} {row['started'][:19]}  {row['status']:<10} {row['records']:>7} records  "
                       f"sets {','.join(row['sets'])}  backends {','.join(row['backends'])}")
    if not rows and not as_json:
        typer.echo(f"no runs in {db}")


@app.command()
def diff(
    old: Annotated[str, typer.Argument(help="The earlier run's name.")],
    new: Annotated[str, typer.Argument(help="The later run's name.")],
    db: Db = DEFAULT_DB,
    as_json: Annotated[bool, typer.Option("--json", help="JSON Lines, one object per backend.")] = False,
) -> None:
    """Compare two runs backend by backend: the settings that differ, the backends only one has and the
    machine's load in each first, then each backend's time ratio (new/old, CPU time where both runs measured
    it) with its 95 % interval, changed statuses and answers. Exit 1 when an answer changed."""
    from sudokit.compare.reports.diff import diff_runs, load, only_in, settings_changed

    with reporting_bad_input(), Store.open(db, create=False) as store:
        old_run, new_run = store.run(old), store.run(new)
        old_records, new_records = store.records(old_run), store.records(new_run)
        compared = diff_runs((old_run, old_records), (new_run, new_records))
    changed = settings_changed(old_run, new_run)
    gone, added = only_in(old_records, new_records)
    busy = load(old_run, new_run)
    if as_json:
        typer.echo(json.dumps({"old": old, "new": new, "settings_changed": {k: list(v) for k, v in changed.items()},
                               "only_in_old": gone, "only_in_new": added, "busy": busy}))
    else:
        typer.echo("settings that differ: " + ("; ".join(f"{k} {v[0]!r} -> {v[1]!r}" for k, v in changed.items())
                                               or "none") + (" (timings compare less directly)" if changed else ""))
        for label, names in ((f"only in {old}", gone), (f"only in {new}", added)):
            if names:
                typer.echo(f"{label}: {', '.join(names)}")
        if any(busy.values()):
            typer.echo("busy machine: " + "; ".join(f"{name} ({why})" for name, why in ((old, busy["old"]),
                                                                                       (new, busy["new"])) if why)
                       + " — a time ratio may be the load's rather than the code's")
    if not compared:
        fail(f"runs {old!r} and {new!r} have no backend in common")
    for d in compared:
        if as_json:
            typer.echo(json.dumps(d.to_dict()))
            continue
        low, high = d.interval
        changes = ", ".join(f"{k} {v}" for k, v in d.status_changes.items()) or "none"
        typer.echo(f"{d.backend:<16} {reports.milliseconds(d.old_median)} -> {reports.milliseconds(d.new_median)} ms "
                   f"{d.measure}  x{d.ratio:.2f} [{low:.2f}, {high:.2f}] {d.verdict}; {d.puzzles} puzzles; "
                   f"status changes: {changes}; answers changed: {len(d.changed_answers)}")
    raise typer.Exit(1 if any(d.changed_answers for d in compared) else 0)


# ---------------------------------------------------------------------------- shared steps

MEASURES = ("inprocess", "runexec")
RANK_BY = ("cpu", "wall")


def check_report_settings(rank_by: str, par: float, scatter: str | None, backends: list[str]) -> dict:
    """The report's settings (``--rank-by``, ``--par``, ``--scatter``), checked against the chosen backends."""
    if rank_by not in RANK_BY:
        raise UserError(f"--rank-by {rank_by!r}: choose cpu or wall")
    pair = [b.strip() for b in scatter.split(",")] if scatter else []
    if scatter is not None and (len(pair) != 2 or pair[0] == pair[1]):
        raise UserError(f"--scatter {scatter!r}: name two backends, A,B")
    if unknown := [b for b in pair if b not in backends]:
        raise UserError(f"--scatter: {unknown[0]!r} is not among the backends compared ({', '.join(backends)})")
    return {"rank_by": rank_by, "par": par, "scatter": pair or None}


def measured_executor(measure: str, memory_limit: int | None, executor: str, jobs: int, pin: bool,
                      options: dict):
    """The executor for ``--measure`` (in-process clocks, or BenchExec's runexec) and its options."""
    if measure not in MEASURES:
        raise UserError(f"--measure {measure!r}: choose from {', '.join(MEASURES)}")
    if measure == "inprocess":
        if memory_limit is not None:
            raise UserError("--memory-limit needs --measure runexec (cgroups enforce it)")
        return make_executor(executor, jobs, pin=pin, **options)
    if executor != "local":
        raise UserError("--measure runexec runs on this machine: it needs --executor local")
    from sudokit.compare.run.runexec import RunexecExecutor

    return RunexecExecutor(jobs, memory_limit=memory_limit, pin=pin)


def set_sources(arguments: list[str], sets: list[Puzzles]) -> dict[str, str]:
    """How to give each set again: a bundled set by name, a file by its absolute path, ``-`` for
    standard input, a puzzle given as text by its text."""
    sources = {}
    for argument, puzzle_set in zip(arguments, sets):
        if argument in SETS or argument == "-":
            sources[puzzle_set.name] = argument
        elif _is_path(argument):
            sources[puzzle_set.name] = str(Path(argument).resolve())
        else:
            sources[puzzle_set.name] = argument
    return sources


def _is_path(argument: str) -> bool:
    try:
        return "\n" not in argument and Path(argument).exists()
    except (OSError, ValueError):
        return False


def refuse_other_backends(store: Store, name: str, backends: list[str], extend: bool) -> None:
    """Resuming ``--name`` with backends the run does not have is refused, unless ``--extend`` says so."""
    stored = store.find_run(name)
    if stored is None or extend:
        return
    if added := extension(stored, backends):
        raise UserError(f"run {name!r} has backends {', '.join(stored.config.get('backends', {}))}, not "
                        f"{', '.join(added)}: add --extend to add them to it, or choose another --name")



def read_sets(names: list[str], skip_invalid: bool, stream: bool = True, *, first: int | None = None,
              span: str | None = None) -> list[Puzzles]:
    """The puzzle sets (``--first``/``--range`` taken of each); a file with bad lines stops everything,
    each bad line listed (exit 2).

    A puzzle file (not a bundled set, not standard input) is streamed: checked whole first, then
    read a block at a time as the run goes, so its length costs no memory.
    """
    with reporting_bad_input():
        only = selection(first, span)
        sets = [stream_puzzles(name, skip_invalid=skip_invalid, only=only) if stream and _puzzle_file(name)
                else read_input(name, skip_invalid=skip_invalid, only=only) for name in names]
    for puzzle_set in sets:
        if skipped := puzzle_set.skipped:
            more = f" (and {len(skipped) - 1} more)" if len(skipped) > 1 else ""
            typer.echo(f"sudokit: skipped {len(skipped)} bad lines of {puzzle_set.name}: {skipped[0]}{more}", err=True)
        if not len(puzzle_set):
            fail(f"{puzzle_set.name}: no puzzle to run")
    return sets


def _puzzle_file(name: str) -> bool:
    """Whether ``name`` is a puzzle file to stream rather than a bundled set, ``-`` or puzzle text."""
    from sudokit.compare.sets import SETS

    try:
        return name not in SETS and "\n" not in name and Path(name).is_file()
    except (OSError, ValueError):  # a text too long, or with a NUL, to be a path
        return False


def choose_backends(spec: str | None, each: Iterable[str] = ()) -> list[Backend]:
    """The backends named in ``spec`` and ``each`` (each must be available), or every available one."""
    each = list(each)
    if spec is None and not each:
        for name, why in unavailable_defaults().items():
            typer.echo(f"sudokit: skipping {name}: {why}", err=True)
        return default_backends()
    chosen = parse_backends(spec, each)
    if not chosen:
        raise UserError("no backend named: give --backends NAME[,NAME…] or --backend SPEC")
    for backend in chosen:
        if reason := backend.why_unavailable():
            raise UserError(f"backend {backend.name!r} is not available: {reason}")
    return chosen


def unavailable_defaults() -> dict[str, str]:
    """The backends run by default that cannot run here, with the reason (the install hint)."""
    return {b.name: reason for b in BACKENDS.values() if b.by_default and (reason := b.why_unavailable())}


def cluster_options(executor: str, scheduler: str | None, workers: int | None) -> dict:
    """The options of ``--executor dask`` that were given; with another executor, none may be."""
    options = {name: value for name, value in (("scheduler", scheduler), ("workers", workers)) if value}
    if options and executor != "dask":
        raise UserError(f"--{next(iter(options))} needs --executor dask")
    return options


Work = Callable[[Store, str, dict], Run]


def finish(db: Path, name: str | None, default_name: str, out: Path | None, write_report: bool, quiet: bool,
           work: Work, as_json: bool = False) -> None:
    """Do the run's work with progress on stderr, print its summary, write its report, set the exit code.

    Without ``--name`` the run gets a fresh name (the sets and the time, ``-2`` … when taken), claimed
    in the database, so runs started together never merge; with ``--name`` an existing run is resumed.
    """
    if out is not None and write_report:
        with reporting_bad_input():
            if out.exists() and not out.is_dir():
                raise UserError(f"{out}: is a file; --out names the report's folder")
    with reporting_bad_input(), Store.open(db) as store:
        name = name or store.claim_run(default_name)
        try:
            with ProgressBar(quiet) as bar:
                stored = work(store, name, {"on_start": bar.start, "on_record": bar.add})
        except (KeyboardInterrupt, ExecutorLost) as stop:
            why = f"{stop}; " if isinstance(stop, ExecutorLost) else "\ninterrupted: "
            typer.echo(f"{why}finished records are kept in {db}; rerun with --name {name} to resume", err=True)
            raise typer.Exit(EXIT_INTERRUPTED) from None
        summary = reports.summarize(store, stored)  # (its figures are read from the store as needed)
        written = reports.write_report(summary, out or RUNS_DIR / name) if write_report else None
        if as_json:
            typer.echo(json.dumps({**reports.summary_json(summary), "report": str(written) if written else None}))
        else:
            typer.echo(reports.study_text(summary) if summary.study else reports.summary_text(summary))
            if written:
                typer.echo(f"report: {written} and {written.with_suffix('.html')}")
        failure = reports.failure(summary)  # (read while the store is open: the records stream from it)
    if failure:
        typer.echo(f"sudokit: {failure}", err=True)
    raise typer.Exit(EXIT_DISAGREEMENT if failure else 0)


class ProgressBar:
    """Records done out of due, the statuses so far and an ETA, on stderr (see ``app.Ticker``).

    Records are counted as they come and shown ten times a second at most: a bar redrawn for each
    of thousands of records a second would cost the run more than writing them does.
    """

    SHOW_SECONDS = 0.1

    def __init__(self, quiet: bool = False):
        self.ticker = Ticker(0, what="records", quiet=quiet)
        self.statuses: Counter[str] = Counter()
        self.pending, self.shown = 0, 0.0

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, *exc) -> None:
        self._show()
        self.ticker.close()

    def start(self, due: int) -> None:
        """More records are due (a study runs in two phases)."""
        self.ticker.total += due

    def add(self, record: Record) -> None:
        self.statuses[record.status] += 1
        self.pending += 1
        if (now := time.monotonic()) - self.shown >= self.SHOW_SECONDS:
            self.shown = now
            self._show()

    def _show(self) -> None:
        if self.pending:
            self.ticker.what = "records (" + " ".join(f"{s} {n}" for s, n in self.statuses.most_common()) + ")"
            self.ticker.tick(self.pending)
            self.pending = 0

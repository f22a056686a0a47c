"""``sudokit fuzz``: differential fuzzing of the backends (or of the human engine's techniques), each
failure shrunk to a smallest puzzle and stored with a one-line reproducer.

Without ``--seed`` a seed is drawn at random (so repeated runs try new puzzles) and printed before the
run and in the summary, so ``--seed N`` repeats it."""

from __future__ import annotations

import json
import os
import secrets
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import typer

from sudokit.compare.app import EXIT_INTERRUPTED, QuietOption, app, read_states, reporting_bad_input
from sudokit.compare.commands.runs import BackendOption, Db, choose_backends
from sudokit.compare.fuzz import findings as stored_findings
from sudokit.compare.fuzz.campaign import Campaign, Summary
from sudokit.compare.fuzz.findings import Finding, lenient_grid
from sudokit.compare.fuzz.verdicts import REFERENCE, failures, is_trusted
from sudokit.compare.run.executors import Settings, make_executor
from sudokit.compare.run.store import DEFAULT_DB, Store
from sudokit.models.errors import UserError
from sudokit.solvers.registry import Backend, get_backend

EXIT_FOUND = 1
DEFAULT_BACKENDS = "bitx,dlx,prop,cpsat,sat"


@app.command()
def fuzz(
    backends: Annotated[str | None, typer.Option(
        help=f"Comma-separated backend specs (default: {DEFAULT_BACKENDS}, those installed).",
        show_default=False)] = None,
    backend: BackendOption = None,
    techniques: Annotated[str | None, typer.Option(
        help="Fuzz the human engine's techniques instead: comma-separated names, a preset, or all.",
        show_default=False)] = None,
    seconds: Annotated[float, typer.Option(min=0.0, help="How long to draw puzzles (shrinking comes on top).")] = 60.0,
    seed: Annotated[int | None, typer.Option(
        help="Seed: the same seed draws the same puzzles (default: a random one, printed).",
        show_default=False)] = None,
    size: Annotated[int | None, typer.Option(
        help="Grid size, 4, 9 or 16 (default: mostly 9, some 4 and 16; techniques: 4 or 9).",
        show_default=False)] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes.")] = os.cpu_count() or 1,
    timeout: Annotated[float, typer.Option("--timeout", min=0.001, help="Seconds per puzzle and backend.")] = 5.0,
    shrink_seconds: Annotated[float, typer.Option(min=0.0, help="Most seconds spent shrinking one finding.")] = 30.0,
    replay: Annotated[str | None, typer.Option(
        help="Check one puzzle line (repeated givens allowed) with the backends, or with --techniques one "
             "pencil-mark state, as a reproducer does; exit 1 when it fails.",
        show_default=False)] = None,
    db: Db = DEFAULT_DB,
    as_json: Annotated[bool, typer.Option("--json", help="JSON Lines: one object per finding, then the summary.")] = False,
    quiet: QuietOption = False,
) -> None:
    """Find where backends (or techniques) go wrong: corner-case puzzles, every answer judged and
    cross-checked, each failure shrunk. Exit 0 nothing found, 1 something found, 4 interrupted."""
    with reporting_bad_input():
        if size not in (None, 4, 9, 16):
            raise UserError(f"--size takes 4, 9 or 16, not {size}")
        if techniques is not None:
            from sudokit.compare.fuzz.techniques import chosen_techniques

            names = chosen_techniques(techniques)
            if size == 16:
                raise UserError("--techniques takes --size 4 or 9")
        else:
            chosen = with_reference(fuzzed_backends(backends, backend or ()), quiet or as_json or replay is not None)
        if replay is not None and techniques is None:
            grid = lenient_grid(replay)
    db = db.absolute()
    if seed is None:
        seed = secrets.randbelow(2 ** 32)
    if not (quiet or as_json or replay is not None):
        typer.echo(f"sudokit: seed {seed} (repeat this run with --seed {seed})", err=True)
    session = f"fuzz-{datetime.now(UTC).strftime('%Y%m%dT%H%M%S')}-seed{seed}"
    if techniques is not None:
        _fuzz_techniques(names, replay, seconds, seed, size, jobs, shrink_seconds, session, db, as_json, quiet)
    campaign = Campaign(chosen, make_executor("local", jobs), Settings(timeout=timeout), seed, size, jobs,
                        shrink_seconds, db)
    if replay is not None:
        _replay(campaign, grid, as_json)
    report(campaign.run, Summary(seed), session, seconds, db, as_json, quiet, campaign)


def fuzzed_backends(listed: str | None, each: list[str] | tuple[str, ...]) -> list[Backend]:
    """The backends named (each must be available), or the default five that are."""
    if listed is None and not each:
        from sudokit.solvers.registry import parse_backends

        return [b for b in parse_backends(DEFAULT_BACKENDS) if b.is_available()]
    return choose_backends(listed, each)


def with_reference(chosen: list[Backend], quiet: bool) -> list[Backend]:
    """The backends, with ``verdicts.REFERENCE`` first when none of them is trusted: guests are judged
    against sudokit's own exact searches, never against each other."""
    if any(is_trusted(b) for b in chosen):
        return chosen
    if not quiet:
        typer.echo(f"sudokit: judging against {REFERENCE} (none of the backends named is one of sudokit's "
                   "trusted exact searches)", err=True)
    return [get_backend(REFERENCE), *chosen]


def report(run: Callable[[float, Any], Iterator[Finding]], summary: Any, session: str, seconds: float, db: Path,
           as_json: bool, quiet: bool, campaign: Any = None) -> None:
    """Run a campaign: print and store each finding as it comes, then the summary; set the exit status."""
    progress = Progress(summary, quiet or as_json)
    if campaign is not None:
        campaign.on_puzzles = progress.tick
    interrupted = False
    with reporting_bad_input(), Store.open(db) as store:
        try:
            for finding in run(seconds, summary):
                stored_findings.store(store.db, session, _now(), finding)
                _show(finding, as_json)
        except KeyboardInterrupt:
            interrupted = summary.interrupted = True
    _show_summary(summary, session, db, as_json)
    if interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)
    raise typer.Exit(EXIT_FOUND if summary.findings else 0)


def _fuzz_techniques(names: list[str], replay: str | None, seconds: float, seed: int, size: int | None, jobs: int,
                     shrink_seconds: float, session: str, db: Path, as_json: bool, quiet: bool) -> None:
    from sudokit.compare.fuzz.techniques import TechniqueCampaign, TechniqueSummary
    from sudokit.compare.fuzz.techniques import replay as replay_state

    if replay is not None:
        with reporting_bad_input():
            failed = [line for _, state in read_states(replay) for name in names for line in replay_state(name, state)]
        for line in failed:
            typer.echo(line)
        raise typer.Exit(EXIT_FOUND if failed else 0)
    campaign = TechniqueCampaign(names, seed, size, shrink_seconds, jobs)
    report(campaign.run, TechniqueSummary(seed), session, seconds, db, as_json, quiet, campaign)


def _replay(campaign: Campaign, grid, as_json: bool) -> None:
    """Solve one puzzle with the backends; print its failures; exit 1 when there is one."""
    answers = campaign.solve([grid])[0] or {}
    failed = failures(grid, answers, campaign.settings.timeout, campaign.trusted)
    for backend, result in answers.items():
        row = {"backend": backend, **result.to_dict()}
        typer.echo(json.dumps(row) if as_json else
                   f"{backend:<16} {result.status} {result.solution.line() if result.solution else ''} "
                   f"{result.message}".rstrip())
    for failure in failed:
        typer.echo(json.dumps({"backend": failure.backend, "kind": failure.kind, "detail": failure.detail})
                   if as_json else f"FAILS {failure.backend}: {failure.kind} ({failure.detail})")
    raise typer.Exit(EXIT_FOUND if failed else 0)


def _show(finding: Finding, as_json: bool) -> None:
    typer.echo(json.dumps(finding.to_json()) if as_json else "\n".join(finding.lines()))


def _show_summary(summary, session: str, db: Path, as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps({**summary.to_json(), "session": session, "db": str(db)}))
        return
    typer.echo("\n".join(summary.lines()))
    if summary.findings:
        typer.echo(f"findings stored in {db} (table fuzz_findings, session {session})")
    if summary.interrupted:
        typer.echo("interrupted: the findings so far are kept", err=True)


class Progress:
    """Puzzles checked, their rate and the findings so far, on stderr every few seconds."""

    EVERY = 5.0

    def __init__(self, summary, quiet: bool):
        self.summary, self.quiet = summary, quiet
        self.began = self.shown = time.monotonic()

    def tick(self, count: int = 0) -> None:
        if not self.quiet and (now := time.monotonic()) - self.shown >= self.EVERY:
            self.shown = now
            rate = 60 * self.summary.puzzles / max(now - self.began, 1e-9)
            typer.echo(f"sudokit: {self.summary.puzzles} {self.summary.what} ({rate:.0f} a minute), "
                       f"{self.summary.findings} finding(s)", err=True)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")

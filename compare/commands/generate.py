"""``sudokit generate``: puzzles made to order, in parallel on the harness's executors."""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from collections import Counter
from contextlib import closing
from pathlib import Path
from typing import Annotated, TextIO

import typer

from sudokit.compare.app import EXIT_INTERRUPTED, QuietOption, Ticker, app, reporting_bad_input, write_path
from sudokit.compare.commands.runs import cluster_options
from sudokit.compare.run.errors import ExecutorLost
from sudokit.compare.run.executors import EXECUTORS, Chunk, Executor, Outcome, Settings, Task, make_executor
from sudokit.compare.workshop.generate import STRATEGIES, Spec, maker_backend, start_grid
from sudokit.models.symmetry import SYMMETRIES
from sudokit.solvers.human import modes

FIELDS = ("puzzle, SE's ER and HoDoKu's level as plain `sudokit rate` gives them (on a size neither program takes: "
          "the engine's rating and level; - when none), hardest technique of the {mode} path")
MIXED = "grading mode's (SE's where SE has the technique, else HoDoKu's)"
UNTARGETED = "puzzles"  # the label (and seed name) of a run without --technique
TARGETED_FIELDS = ("puzzle, SE's ER and HoDoKu's level as plain `sudokit rate` gives them (on a size neither program "
                   "takes: the engine's rating and level; - when none), hardest technique of the {mode} path "
                   "with the techniques up to the target (the path that needs it), target technique")


@app.command()
def generate(
    count: Annotated[int, typer.Option("--count", "-n", min=1, help="Puzzles to make (per technique).")] = 10,
    size: Annotated[int, typer.Option(help="Grid size: 4, 9 or 16.")] = 9,
    symmetry: Annotated[str, typer.Option(help=f"Shape of the givens: {', '.join(SYMMETRIES)}.")] = "none",
    minimal: Annotated[bool, typer.Option(help="Only puzzles where emptying any one given loses uniqueness.")] = False,
    technique: Annotated[list[str] | None, typer.Option(
        "--technique", "-t", help="Puzzles that need this technique (repeat for several; --count each).",
        show_default=False)] = None,
    rating: Annotated[str | None, typer.Option(
        help="Only puzzles whose SE ER (as plain `sudokit rate` gives it; the engine's rating on sizes SE "
        "does not take) is in LO-HI (e.g. 7.0-7.5).", show_default=False)] = None,
    mode: Annotated[str | None, typer.Option(
        help="Whose path says which technique a puzzle needs (--technique) and is its hardest: "
        f"{', '.join(modes.MODES)} (default on 9x9: se, as plain `sudokit rate` names SE's hardest step, or "
        "hodoku for a technique SE does not have; default, the engine's, on other sizes).",
        show_default=False)] = None,
    unbiased: Annotated[bool, typer.Option(
        help="Minimal 9x9 puzzles with the clue counts of a controlled-bias generator, for statistics.")] = False,
    strategy: Annotated[str, typer.Option(
        help=f"With --technique: {' or '.join(STRATEGIES)} (filter keeps what top-down removal happens to give).")]
    = "targeted",
    seed: Annotated[int | None, typer.Option(
        help="Seed; the same seed makes the same puzzles (default: a random one, written in the header).",
                                             show_default=False)] = None,
    tries: Annotated[int | None, typer.Option(
        min=1, help="Attempts per puzzle before giving it up (default: 20,000; 200,000 with --unbiased).",
        show_default=False)] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes.")] = os.cpu_count() or 1,
    executor: Annotated[str, typer.Option(help=f"How to run: {', '.join(EXECUTORS)}.")] = "local",
    scheduler: Annotated[str | None, typer.Option(help="With --executor dask: the scheduler's address.",
                                                  show_default=False)] = None,
    workers: Annotated[int | None, typer.Option(min=1, help="With --executor dask: a local cluster of N workers.",
                                                show_default=False)] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Output file (default: standard output).",
                                             show_default=False)] = None,
    quiet: QuietOption = False,
) -> None:
    """Make puzzles: unique, optionally minimal, symmetric, needing a technique or in a rating range.

    Writes one puzzle per line with its rating and hardest technique as trailing fields (a file
    `solve`, `compare`, `rate` and `study` read back), in the same order for the same seed whatever
    the number of jobs. Exit 0 when every puzzle was made, 1 when some gave up after --tries.
    """
    with reporting_bad_input():
        if mode is not None:
            modes.mode(mode)
        techniques = list(dict.fromkeys(technique or []))
        labels = techniques or [UNTARGETED]
        specs = {label: Spec(size, symmetry, minimal, label if techniques else None, parse_rating(rating), unbiased,
                             strategy, tries, mode) for label in labels}
        for spec in specs.values():
            refuse_unknown(spec)
            spec.check()
        if out is not None:
            write_path(out)
        runner = make_executor(executor, jobs, **cluster_options(executor, scheduler, workers))
    seed = random.randrange(2**31) if seed is None else seed
    tasks = [(label, number) for label in specs for number in range(count)]
    stream: TextIO = open(out, "w", encoding="utf-8") if out is not None else sys.stdout  # noqa: SIM115
    graders = {spec.grading_mode for spec in specs.values()}
    writer = OrderedWriter(stream, tasks, targeted=bool(techniques),
                           mode=f"{graders.pop()} mode's" if len(graders) == 1 else MIXED)
    writer.header(_command_line(count, seed, next(iter(specs.values())), techniques, mixed=writer.mode == MIXED))
    began = time.perf_counter()
    try:
        stopped = produce(runner, chunks_for(specs, count, seed), writer, Ticker(len(tasks), quiet=quiet, what="puzzles"))
    finally:
        writer.close()
        if out is not None:
            stream.close()
    typer.echo(f"sudokit: {writer.summary(time.perf_counter() - began, jobs)}" + (f"; written to {out}" if out else ""),
               err=True)
    if stopped is not None:
        typer.echo(f"{stopped}; the {writer.made} puzzles made are kept" if isinstance(stopped, ExecutorLost)
                   else f"sudokit: interrupted: the {writer.made} puzzles made are kept", err=True)
        raise typer.Exit(EXIT_INTERRUPTED)
    raise typer.Exit(0 if writer.made == len(tasks) else 1)


def chunks_for(specs: dict[str, Spec], count: int, seed: int) -> list[Chunk]:
    """One chunk per puzzle to make (a task may take seconds): ``count`` for each spec, in order."""
    return [Chunk(maker_backend(spec, label), (Task(label, number, start_grid(spec, seed, label, number)),))
            for label, spec in specs.items() for number in range(count)]


def produce(runner: Executor, chunks: list[Chunk], writer: OrderedWriter, progress: Ticker) -> BaseException | None:
    """Run the chunks, each outcome to the writer as it comes; what stopped the run early, if anything
    (Ctrl-C, a lost Dask scheduler). Closing the executor's run stops its workers."""
    try:
        with closing(runner.run(chunks, Settings(timeout=None))) as outcomes:
            for outcome in outcomes:
                writer.add(outcome)
                progress.what = f"puzzles ({writer.acceptance_text()})"
                progress.tick()
    except (KeyboardInterrupt, ExecutorLost) as stop:
        return stop
    finally:
        progress.close()
    return None


def parse_rating(text: str | None) -> tuple[float, float] | None:
    """``LO-HI`` (or one number) as a closed range of SE ERs.

    >>> parse_rating("7.0-7.5"), parse_rating("3.2")
    ((7.0, 7.5), (3.2, 3.2))
    """
    if text is None:
        return None
    low, _, high = text.partition("-")
    try:
        bounds = float(low), float(high or low)
    except ValueError:
        from sudokit.models.errors import UserError

        raise UserError(f"--rating {text!r}: give LO-HI, e.g. 7.0-7.5") from None
    return bounds


def refuse_unknown(spec: Spec) -> None:
    """Without ``--mode``, a 9×9 target is graded on SE mode's path, or HoDoKu mode's for a technique SE
    lacks: a name neither has is refused naming those two lists (not the engine's, which grades other sizes)."""
    from sudokit.compare.workshop.grading import techniques_of
    from sudokit.models.errors import UnknownName

    if spec.mode is not None or spec.size != 9 or spec.technique is None:
        return
    se, hodoku = techniques_of("se"), techniques_of("hodoku")
    if spec.technique not in se and spec.technique not in hodoku:
        raise UnknownName(f"unknown technique {spec.technique!r} for 9×9 puzzles (graded on SE mode's path, or "
                          f"HoDoKu mode's for a technique SE lacks); choose from SE mode's {', '.join(se)}; or "
                          f"HoDoKu mode's {', '.join(t for t in hodoku if t not in se)}")


def _command_line(count: int, seed: int, spec: Spec, techniques: list[str], mixed: bool = False) -> str:
    """The command that makes these puzzles again (jobs and executor aside); ``--mode`` always, unless
    the techniques are graded by different modes by default (``mixed``: SE's and HoDoKu's)."""
    words = ["sudokit generate", f"--count {count}", f"--seed {seed}", f"--size {spec.size}",
             f"--symmetry {spec.symmetry}", "--minimal" if spec.minimal else "",
             f"--mode {spec.mode}" if spec.mode else "" if mixed else f"--mode {spec.grading_mode}",
             *(f"--technique {name}" for name in techniques),
             f"--rating {spec.rating[0]}-{spec.rating[1]}" if spec.rating else "",
             "--unbiased" if spec.unbiased else "", f"--strategy {spec.strategy}" if techniques else "",
             f"--tries {spec.tries}" if spec.tries else ""]
    return " ".join(w for w in words if w)


class OrderedWriter:
    """Puzzle lines in task order, each written once the tasks before it are done; the rest at close."""

    def __init__(self, stream: TextIO, tasks: list[tuple[str, int]], targeted: bool, mode: str = "default mode's"):
        self.stream, self.targeted, self.mode = stream, targeted, mode
        self.rated_by = "se"  # whose rating the ratings are: SE's, or the engine's on a size SE does not take
        self.levels: Counter[str] = Counter()
        self.order = tasks
        self.next = 0
        self.done: dict[tuple[str, int], Outcome] = {}
        self.made = 0
        self.gave_up = 0
        self.attempts = 0
        self.repaired = 0
        self.counts: Counter[str] = Counter()
        self.ratings: list[float] = []
        self.hardest: Counter[str] = Counter()

    def header(self, command: str) -> None:
        fields = (TARGETED_FIELDS if self.targeted else FIELDS).format(mode=self.mode)
        self.stream.write(f"# {command}\n# fields: {fields}\n")
        self.stream.flush()

    def add(self, outcome: Outcome) -> None:
        stats = outcome.result.stats
        self.attempts += stats.get("attempts", 0)
        self.counts.update(stats.get("counts", {}))
        if "puzzle" in stats:
            self.made += 1
            self.repaired += bool(stats.get("repaired"))
            if stats.get("rating") is not None:
                self.ratings.append(stats["rating"])
            self.rated_by = stats.get("rated_by", self.rated_by)
            self.levels[stats.get("hodoku_level") or "-"] += 1
            self.hardest[stats.get("hardest") or "-"] += 1
        else:
            self.gave_up += 1
        self.done[outcome.task.set_name, outcome.task.index] = outcome
        while self.next < len(self.order) and self.order[self.next] in self.done:
            self._write(self.done.pop(self.order[self.next]))
            self.next += 1
        self.stream.flush()

    def close(self) -> None:
        """Write what is done but still waits for a task before it (an interrupted run)."""
        for key in self.order[self.next:]:
            if key in self.done:
                self._write(self.done.pop(key))
        self.stream.flush()

    def _write(self, outcome: Outcome) -> None:
        stats = outcome.result.stats
        if "puzzle" not in stats:
            return
        rating = "-" if stats.get("rating") is None else f"{stats['rating']:.1f}"
        fields = [stats["puzzle"], rating, stats.get("hodoku_level") or "-", stats.get("hardest") or "-"]
        if self.targeted:
            fields.append(outcome.task.set_name)
        self.stream.write(" ".join(fields) + "\n")

    def acceptance_text(self) -> str:
        share = 100 * self.made / self.attempts if self.attempts else 0.0
        shown = f"{share:.0f}" if share >= 10 else f"{share:.2g}"  # 100, 47, 4.3, 0.18 (never 1e+02)
        return f"{self.attempts} attempts, {shown} % kept"

    def summary(self, seconds: float, jobs: int) -> str:
        """Made, speed, acceptance, ratings and hardest techniques, on one line."""
        rate = self.made / seconds if seconds > 0 else 0.0
        parts = [f"{self.made} puzzles in {seconds:.1f} s ({rate:.2f}/s, {jobs} jobs)",
                 f"{self.acceptance_text()}" + (f" ({self.repaired} repaired near misses)" if self.repaired else "")]
        if self.ratings:
            who = "SE ER" if self.rated_by == "se" else "engine rating"
            parts.append(f"{who} {min(self.ratings):.1f}-{max(self.ratings):.1f}, median "
                         f"{statistics.median(self.ratings):.1f}")
        if self.levels:
            who = "HoDoKu" if self.rated_by == "se" else "engine"
            parts.append(f"{who} levels: " + ", ".join(f"{name} {n}" for name, n in self.levels.most_common()))
        if self.hardest:
            parts.append("hardest: " + ", ".join(f"{name} {n}" for name, n in self.hardest.most_common(5)))
        if self.counts:
            parts.append("candidates: " + ", ".join(f"{k} {v}" for k, v in sorted(self.counts.items())))
        if self.gave_up:
            parts.append(f"{self.gave_up} given up after --tries attempts")
        return "; ".join(parts)

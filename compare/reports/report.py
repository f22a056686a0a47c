"""Reports of a stored run: the terminal summary, and report.md, report.html, summary.json and PNGs.

A report is built once as a list of blocks (headings, paragraphs, tables, images, code) and
rendered to Markdown and to self-contained HTML (images embedded), so both always say the same.
"""

from __future__ import annotations

import base64
import html
import json
import math
import shlex
from array import array
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import cast

import numpy

from sudokit.compare.reports import study
from sudokit.compare.reports.stats import (
    ANSWERS,
    VBS,
    BackendStats,
    VirtualBest,
    answers_by_puzzle,
    backend_stats,
    charged_seconds,
    percent,
    ranked_measure,
    ranking,
    ratio_interval,
    unmeasured,
    virtual_best,
)
from sudokit.compare.run.agreement import (
    Disagreement,
    agreement_matrix,
    disagreements,
    refuted_answers,
    rejected,
    unclaimed,
)
from sudokit.compare.run.store import Record, Run, RunRecords, Store

RATING_KEYS = ("se_rating", "ser", "rating")


@dataclass(frozen=True)
class Summary:
    """Everything a report says about a run."""

    run: Run
    records: RunRecords  # streamed from the store on each use: write the report while the store is open
    stats: list[BackendStats]
    matrix: dict[str, dict[str, tuple[int, int]]]
    disagreements: list[Disagreement]
    ratings: dict[tuple[str, int], float]  # the set's own ratings (SE) by puzzle, when the set has them
    ranking: list[str]  # backends that answered everything correctly, fastest first (provers, then those
    # apart); then the rest
    measure: str = "wall"  # the clock the ranking, PAR-k and the virtual best use (cpu or wall)
    competition: VirtualBest | None = None  # PAR-k, the virtual best, marginal contributions
    lead: tuple[float, float, float] | None = None  # the second's time over the first's: ratio, 95 % interval
    apart: dict[str, int] = field(default_factory=dict)  # backends ranked apart: solutions without a claim of
    # uniqueness (less work than a proof), with how many they returned
    asked: str = "cpu"  # the clock the run asked to rank by (``measure`` is wall when CPU time is missing)

    @property
    def study(self) -> dict | None:
        return self.run.config.get("study")

    def technique_backend(self) -> str | None:
        """Whose solution paths the technique figures describe: the study's full set, or ``human``."""
        if self.study:
            return self.study["full"]
        return "human" if "human" in self.matrix else None


def report_settings(run: Run) -> dict:
    """How the run is reported: ``rank_by`` (cpu or wall), ``par`` (the k of PAR-k), ``scatter`` (two backends)."""
    return {"rank_by": "cpu", "par": 2, "scatter": None, **(run.config.get("report") or {})}


def summarize(store: Store, run: Run) -> Summary:
    """A run's summary, its figures computed in streamed passes over its records (none held whole).

    Only answers that passed the judge count: the refuted ones (``agreement.refuted_answers``) count as
    unanswered, in the table, the ranking and PAR-k; a conflict no grid settles costs neither side anything.
    """
    records = RunRecords(store, run)
    found = disagreements(records)
    refuted = refuted_answers(found)
    timeout = run.config.get("timeout")
    settings = report_settings(run)
    stats = backend_stats(records, timeout, refuted)
    measure = ranked_measure(stats, settings["rank_by"])
    apart = dict(unclaimed(records)) if proves_uniqueness(run) else {}  # (with limit 1 all are alike)
    order = ranking(stats, measure=measure, apart=apart.keys())
    stats.sort(key=lambda s: order.index(s.backend))
    names = [s.backend for s in stats]
    ratings = {key: r for key, meta in store.each_puzzle_meta(run) if (r := set_rating(meta)) is not None}
    competition = virtual_best(records, timeout, measure, settings["par"], refuted=refuted, apart=apart.keys())
    provers = [s.backend for s in stats if s.answered == s.attempted and s.backend not in apart]
    lead = ratio_interval(paired(records, provers[0], provers[1], timeout, measure)) if len(provers) > 1 else None
    return Summary(run, records, stats, agreement_matrix(records, names), found, ratings, order, measure,
                   competition, lead, apart, settings["rank_by"])


def proves_uniqueness(run: Run) -> bool:
    """Whether the run's solution limit lets a backend prove a solution is the only one (2 or more)."""
    return (run.config.get("limit") or 2) >= 2


def paired(records: RunRecords, a: str, b: str, timeout: float | None, measure: str) -> list[tuple[float, float]]:
    """The times (charged, by ``measure``) of backends ``a`` and ``b`` on each puzzle both attempted."""
    pairs: list[tuple[float, float]] = []
    pending: dict[tuple[str, int], Record] = {}
    for r in records.where("backend IN (?, ?)", a, b):
        key = r.set_name, r.puzzle_index
        if key in pending:
            other = pending.pop(key)
            first, second = (other, r) if other.backend == a else (r, other)
            pairs.append((charged_seconds(first, timeout, measure), charged_seconds(second, timeout, measure)))
        else:
            pending = {key: r}  # (records come by puzzle: an unpaired one is never paired later)
    return pairs


def set_rating(meta: dict) -> float | None:
    """The difficulty a puzzle's set gives it (its metadata's first rating key), or None."""
    for key in RATING_KEYS:
        if isinstance(meta.get(key), int | float):
            return float(meta[key])
    return None


# ---------------------------------------------------------------------------- tables


def milliseconds(seconds: float) -> str:
    """A time for people: milliseconds with about three significant digits, '–' when unknown."""
    if seconds is None or math.isnan(seconds):
        return "–"
    ms = seconds * 1000
    return f"{ms:.3f}" if ms < 1 else f"{ms:.2f}" if ms < 100 else f"{ms:,.0f}"


def _number(value: float | None, digits: int = 1) -> str:
    return "–" if value is None or math.isnan(value) else f"{value:,.{digits}f}"


STATS_HEADER = ["rank", "backend", "attempted", "answered", "stuck", "timeout", "error", "median ms",
                "median 95 % interval", "median CPU ms", "CPU/wall", "p95 ms", "max ms", "puzzles/s",
                "repeat medians ms", "guesses/puzzle", "no guess %", "peak MB"]
SUMMARY_COLUMNS = ("rank", "backend", "attempted", "answered", "stuck", "timeout", "error", "median ms",
                   "median CPU ms", "p95 ms", "puzzles/s")
TIME_NOTE = ("Times are per puzzle over every puzzle attempted, build and solve: a timeout counts at the "
             "timeout, so figures marked ≥ are lower bounds; puzzles/s is one worker's throughput "
             "(marked ≤ when timeouts cap it). `ms` columns are wall time; `median CPU ms` is the CPU time of "
             "the solving process (all its threads and child processes), and `CPU/wall` its ratio to wall time "
             "(about 1 for a single-threaded backend on a free core, above 1 for one that runs several threads, "
             "below 1 when it waits or the machine is busy). `peak MB` is the largest peak resident memory of a "
             "worker process (a high-water mark per worker, over all the puzzles it solved; with --measure "
             "runexec, per puzzle).")
CLOCK = {"cpu": "CPU", "wall": "wall"}


def _bound(text: str, censored: bool, sign: str = "≥") -> str:
    return f"{sign} {text}" if censored and text != "–" else text


def stats_rows(summary: Summary) -> list[list[str]]:
    """The results table, one row per backend in ranking order (those ranked apart with their rank in
    parentheses)."""
    rows = []
    ranks = _ranks(summary)
    stats = {s.backend: s for s in summary.stats}
    order = study.variant_order(stats, summary.study) if summary.study else list(stats)
    for s in (stats[b] for b in order):
        low, high = s.median_interval
        spread = f"{milliseconds(s.repeat_spread[0])}–{milliseconds(s.repeat_spread[1])}" if s.repeat_spread else "–"
        refuted = f", {s.refuted} refuted" if s.refuted else ""
        rows.append([
            ranks.get(s.backend, "–"), s.backend, str(s.attempted),
            f"{s.answered} ({percent(s.answered, s.attempted)}){refuted}",
            str(s.statuses["stuck"]), str(s.statuses["timeout"]), str(s.statuses["error"]),
            _bound(milliseconds(s.median), s.censored), _bound(f"{milliseconds(low)}–{milliseconds(high)}", s.censored),
            _cpu_median(s), _number(s.cpu_per_wall, 2),
            _bound(milliseconds(s.p95), s.censored), _bound(milliseconds(s.max), s.censored),
            _bound(_number(s.puzzles_per_second), s.censored, "≤"), spread, _number(s.guesses_per_puzzle, 2),
            _number(s.no_guess_percent), _number(s.peak_mb, 0),
        ])
    return rows


def _cpu_median(s: BackendStats) -> str:
    """The median CPU time, "not measured" where no record has one, and how many answers lack it."""
    if math.isnan(s.cpu_median):
        return NOT_MEASURED
    missing = f" ({s.cpu_unmeasured} answers {NOT_MEASURED})" if s.cpu_unmeasured else ""
    return _bound(milliseconds(s.cpu_median), s.censored) + missing


NOT_MEASURED = "not measured"


def _ranks(summary: Summary) -> dict[str, str]:
    """Each ranked backend's rank: those that prove uniqueness 1, 2, …; those ranked apart (1), (2), …"""
    if summary.study:
        return {}
    complete = _complete(summary)
    provers = [b for b in complete if b not in summary.apart]
    apart = [b for b in complete if b in summary.apart]
    return {**{b: str(i) for i, b in enumerate(provers, 1)}, **{b: f"({i})" for i, b in enumerate(apart, 1)}}


def _complete(summary: Summary) -> list[str]:
    """The backends that answered every puzzle they attempted, every answer passing the judge, in ranking order."""
    stats = {s.backend: s for s in summary.stats}
    return [b for b in summary.ranking if stats[b].answered == stats[b].attempted]


def verdict(summary: Summary) -> str:
    """The answer in one paragraph: who answered everything, the fastest of them and by how much, agreement.

    Only answers that passed the judge count as answered. A backend that answered nothing (every attempt an
    error) is named with its first error, and "every answer passed the judge" is never said over it; the
    backends that return solutions without a uniqueness claim are ranked apart, and the fastest is chosen
    among those that prove uniqueness. Which clock ranks is said when it is not the one asked for, a busy
    machine is named, and so are the backends skipped (too large a puzzle, not available).
    """
    stats = {s.backend: s for s in summary.stats}
    complete = _complete(summary)
    puzzles = summary.records.puzzle_count()
    parts = []
    if len(complete) == len(stats):
        every = f"All {len(stats)} backends" if len(stats) != 1 else "The one backend"
        parts.append(f"{every} answered {'all ' if puzzles != 1 else ''}{puzzles} puzzle{'s' if puzzles != 1 else ''}.")
    else:
        named = ", ".join(f"`{b}`" for b in complete) or "none"
        parts.append(f"{len(complete)} of {len(stats)} backends answered every puzzle correctly: {named}.")
        others = [s for s in summary.stats if s.backend not in complete]
        parts.append("The others: " + "; ".join(
            f"`{s.backend}` answered {percent(s.answered, s.attempted)}"
            + (f", refuted {s.refuted}" if s.refuted else "")
            + ("".join(f", {k} {v}" for k, v in s.statuses.items() if v and k not in ANSWERS))
            for s in others) + ".")
    if disputed := unsettled(summary):
        parts.append("In conflicts no grid settles (listed under Agreement; both sides named, neither counted "
                     "wrong): " + ", ".join(f"`{b}` on {n} puzzle{'s' if n != 1 else ''}" for b, n in disputed.items())
                     + ".")
    if note := measure_note(summary):
        parts.append(note)
    if not proves_uniqueness(summary.run):
        parts.append("With solution limit 1 no backend proves a solution is the only one: each returned grid is "
                     "judged as a solution, and all are ranked alike.")
    provers = [b for b in complete if b not in summary.apart]
    if summary.apart:
        apart = [b for b in complete if b in summary.apart]
        parts.append("Ranked apart, as returning solutions without a claim of uniqueness (less work than a proof; "
                     "each grid judged, compared for what it claims; not in the virtual best): " + ", ".join(
                         f"`{b}` {n} of {stats[b].attempted}" for b, n in summary.apart.items() if b in stats) + "."
                     + (f" The fastest of those ranked apart by {CLOCK[summary.measure]} time is `{apart[0]}`." if apart else ""))
    if provers:
        parts.append(_fastest(summary, stats[provers[0]], stats[provers[1]] if len(provers) > 1 else None,
                              "of those that prove uniqueness" if summary.apart else "of them"))
    if skipped := skipped_backends(summary):
        parts.append("Skipped: " + "; ".join(f"`{b}` {why}" for b, why in skipped.items()) + ".")
    silent = answered_nothing(summary)
    for backend, message in silent.items():
        parts.append(f"**`{backend}` answered nothing**: every one of its {stats[backend].attempted} attempts was an "
                     f"error (the first: {message}).")
    if stats and not any(s.answered for s in summary.stats):
        parts.append(f"**{NOTHING_ANSWERED}**: no answer passed the judge (stuck, timeout and error claim nothing).")
    if summary.disagreements:
        parts.append(f"**{_with_disagreements(summary)}** (listed under Agreement).")
    elif silent:
        parts.append("No disagreements among the answers given (errors are not answers).")
    elif any(s.answered for s in summary.stats):
        parts.append("No disagreements: every answer passed the judge and the backends agree.")
    return " ".join(parts)


NOTHING_ANSWERED = "Nothing answered"


def _with_disagreements(summary: Summary) -> str:
    count = len(summary.disagreements)
    return f"{count} puzzle{'s' if count != 1 else ''} with disagreements"


def measure_note(summary: Summary) -> str | None:
    """Why the ranking's clock is not the one asked for (CPU time not measured for some answers), or None."""
    if summary.measure == summary.asked:
        return None
    missing = unmeasured(summary.stats)
    head = f"Ranked by {CLOCK[summary.measure]} time, not {CLOCK[summary.asked]} time as asked: "
    if all(s.backend in missing for s in summary.stats if s.answered):
        return head + "no answer's CPU time was measured."
    return (head + "the CPU time of " + ", ".join(f"`{b}` ({n} answer{'s' if n != 1 else ''})" for b, n in missing.items())
            + " could not be measured, and one clock ranks all.")


def unsettled(summary: Summary) -> dict[str, int]:
    """The backends in conflicts no grid settles, with the number of puzzles of each."""
    counts: dict[str, int] = {}
    for d in summary.disagreements:
        for backend in sorted(d.unsettled):
            counts[backend] = counts.get(backend, 0) + 1
    return counts


def skipped_backends(summary: Summary) -> dict[str, str]:
    """The backends the run skipped wholly or in part, with the reason (as the run recorded it)."""
    return dict(summary.run.config.get("skipped") or {})


def answered_nothing(summary: Summary) -> dict[str, str]:
    """The backends whose every attempt was an error, with their first error message: a run that says
    nothing about them is not a success (``sudokit compare`` exits 1)."""
    silent = [s.backend for s in summary.stats if s.attempted and s.statuses.get("error") == s.attempted]
    return {b: next((r.message for r in summary.records.where("backend = ? AND status = 'error'", b)), "")
            for b in silent}


def failure(summary: Summary) -> str | None:
    """Why the run is no success, in one line (``sudokit compare`` exits 1), or None: nothing answered at all,
    a backend that answered nothing (its first error), or disagreements. (A study's ladder says what its
    variants solved, none included.)"""
    nothing = f"{NOTHING_ANSWERED.lower()}: " if summary.stats and not summary.study and \
        not any(s.answered for s in summary.stats) else ""
    if silent := answered_nothing(summary):
        backend, message = next(iter(silent.items()))
        more = f" (and {len(silent) - 1} more backends)" if len(silent) > 1 else ""
        return f"{nothing}{backend} answered nothing{more}: every attempt was an error, the first: {message}"
    if nothing:
        return nothing + "no answer of any backend passed the judge"
    if summary.disagreements:
        return _with_disagreements(summary)
    return None


def _fastest(summary: Summary, best: BackendStats, second: BackendStats | None, among: str = "of them") -> str:
    """Who is fastest by the ranked clock, and by how much, only when the 95 % interval of the ratio of the
    two medians (paired by puzzle, bootstrap) lies above 1; otherwise that the two cannot be told apart."""
    clock = CLOCK[summary.measure]
    first = f"`{best.backend}`: median {milliseconds(_median(best, summary.measure))} ms {clock} ({_noise(best, summary.measure)[2:]})"
    if second is None or summary.lead is None:
        return f"The fastest {among} by {clock} time is {first}."
    ratio, low, high = summary.lead
    next_one = (f"`{second.backend}` (median {milliseconds(_median(second, summary.measure))} ms"
                f"{_noise(second, summary.measure)})")
    if low > 1:
        load = (" (measured on a busy machine: the margin may be the load's as much as the backends')"
                if busy_machine(summary.run) else "")
        return (f"The fastest {among} by {clock} time is {first}, {ratio:.2f}x faster than the next, {next_one}; "
                f"the ratio's 95 % interval is {low:.2f}–{high:.2f}{load}.")
    return (f"First by median {clock} time is {first}; it and the next, {next_one}, are not distinguishable on "
            f"these puzzles (ratio {ratio:.2f}, 95 % interval {low:.2f}–{high:.2f}, which includes 1).")


def _median(s: BackendStats, measure: str) -> float:
    return s.cpu_median if measure == "cpu" else s.median


def _noise(s: BackendStats, measure: str = "wall") -> str:
    """``; 95 % interval a–b, per-repeat medians c–d``: how much the median can be trusted."""
    low, high = s.cpu_median_interval if measure == "cpu" else s.median_interval
    text = f"; 95 % interval {milliseconds(low)}–{milliseconds(high)}"
    if spread := s.cpu_repeat_spread if measure == "cpu" else s.repeat_spread:
        text += f", per-repeat medians {milliseconds(spread[0])}–{milliseconds(spread[1])}"
    return text


def text_table(header: list[str], rows: list[list[str]]) -> str:
    """A plain-text table with aligned columns."""
    widths = [max(len(str(c)) for c in column) for column in zip(header, *rows)]
    return "\n".join("  ".join(str(c).ljust(w) for c, w in zip(row, widths)).rstrip() for row in [header, *rows])


STUDY_SPEED_NOTE = ("The variants solve different puzzles (a rung or an ablation variant that stops stuck is quick), "
                    "so their times are no ranking: which technique solves what is the ladder above.")

USAGE_SHOWN = 12  # techniques of the usage table a study prints (the report has them all)


def study_text(summary: Summary) -> str:
    """What a study prints: which technique solves what first (the ladder, the techniques used, what
    the ablation lost), then the variants' speed table, in the study's order and with no rank or
    verdict over variants that solve different puzzles."""
    config = summary.study or {}
    records = list(summary.records)
    rungs = study.ladder(records, config)
    ladder = text_table(["rung", "adds", "solved", "%"],
                        [[r["label"], study.shortened(r["adds"]), f"{r['solved']}/{r['puzzles']}", f"{r['percent']:.1f}"]
                         for r in rungs])
    usage = study.technique_usage(records, config.get("full", ""))
    used = text_table(["technique", "used in", "hardest in"], [[t, str(n), str(h)] for t, n, h in usage[:USAGE_SHOWN]])
    more = f"\n… {len(usage) - USAGE_SHOWN} more in the report" if len(usage) > USAGE_SHOWN else ""
    lost = [(t, tried, gone) for t, tried, gone in study.ablation(records, config) if gone]
    ablated = (text_table(["technique", "tried without it", "no longer solved"],
                          [[t, str(tried), str(len(gone))] for t, tried, gone in lost])
               if lost else "no technique is needed alone: each puzzle is solved without any one of them"
               if config.get("ablation") else "(no ablation: --no-ablation)")
    picks = [STATS_HEADER.index(column) for column in SUMMARY_COLUMNS if column != "rank"]
    speed = text_table([STATS_HEADER[i] for i in picks], [[row[i] for i in picks] for row in stats_rows(summary)])
    return "\n".join([f"study {summary.run.name}: technique ladder", ladder, "",
                      f"techniques used on {config.get('full', 'the full set')}'s paths", used + more, "",
                      "ablation: puzzles lost without one technique", ablated, "",
                      "variants' speed", speed, STUDY_SPEED_NOTE])



def summary_text(summary: Summary) -> str:
    """The summary printed after a run: the verdict, the ranked table and every disagreement."""
    picks = [STATS_HEADER.index(column) for column in SUMMARY_COLUMNS]
    rows = [[row[i] for i in picks] for row in stats_rows(summary)]
    busy = busy_machine(summary.run)
    lines = [f"run {summary.run.name}: {len(summary.records)} records",
             text_table(list(SUMMARY_COLUMNS), rows), verdict(summary).replace("`", "").replace("**", ""),
             *([f"The machine was busy: {busy}; timings from this run are less reliable."] if busy else [])]
    if summary.disagreements:
        lines += [line for d in summary.disagreements for line in d.lines()]
    return "\n".join(lines + error_lines(summary))


ERRORS_SHOWN = 3  # errors listed per backend after a run


def error_lines(summary: Summary) -> list[str]:
    """The first errors of each backend that had some (not the judge's rejections, listed as disagreements):
    the puzzle and the message, so a plug-in's author sees what went wrong."""
    lines = []
    for s in summary.stats:
        if count := s.statuses.get("error", 0):
            errors = list(islice((r for r in summary.records.where("backend = ? AND status = 'error'", s.backend)
                                  if not rejected(r)), ERRORS_SHOWN))
            lines += [f"{s.backend}: error on {count} puzzles" if errors else "",
                      *(f"  {r.set_name} #{r.puzzle_index + 1}: {r.puzzle}: {r.message}" for r in errors)]
    return [line for line in lines if line]


# ---------------------------------------------------------------------------- the document


@dataclass(frozen=True)
class Heading:
    text: str
    level: int = 2


@dataclass(frozen=True)
class Paragraph:
    text: str


@dataclass(frozen=True)
class Table:
    header: list[str]
    rows: list[list[str]]


@dataclass(frozen=True)
class Image:
    path: Path
    caption: str


@dataclass(frozen=True)
class Code:
    text: str


Block = Heading | Paragraph | Table | Image | Code


def document(summary: Summary, out: Path) -> list[Block]:
    """The report's blocks, the answer first and the environment last; draws the charts into ``out``."""
    run, env = summary.run, summary.run.environment
    dirty = " (dirty tree)" if env.get("dirty") else ""
    config = run.config
    transform = (f", puzzles transformed with seed {config['transform_seed']}"
                 if config.get("transform_seed") is not None else "")
    busy = busy_machine(run)
    studied = summary.study is not None  # a study leads with which technique solves what
    answered = any(s.answered for s in summary.stats)
    return [
        Heading(f"sudokit report: {run.name}", 1),
        *(_technique_blocks(summary, out) if studied else [Paragraph(verdict(summary))]),
        *([Paragraph(f"**The machine was busy**: {busy}. Timings from this run are less reliable (wall time "
                     "more than CPU time).")] if busy else []),
        Heading("Results per backend"),
        Paragraph(STUDY_SPEED_NOTE + " " + TIME_NOTE if studied else _ranking_note(summary) + " " + TIME_NOTE),
        (Table(STATS_HEADER[1:], [row[1:] for row in stats_rows(summary)]) if studied
         else Table(STATS_HEADER, stats_rows(summary))),
        *(_time_blocks(summary, out) if answered else [Paragraph(f"**{NOTHING_ANSWERED}**: no backend gave an "
                                                                 "answer that passed the judge, so there are no "
                                                                 "times to chart.")]),
        *([] if studied or not answered else _competition_blocks(summary, out)),  # (no verdict over variants
        # solving different puzzles, and no competition without an answer)
        *_agreement_blocks(summary),
        *_counter_blocks(summary),
        *_rating_blocks(summary),
        *([] if studied else _technique_blocks(summary, out)),
        *_picture_blocks(summary, out),
        Heading("Environment and configuration"),
        Paragraph(f"Started {run.started}, finished {run.finished or 'not finished (interrupted)'}. "
                  f"Solution limit {config['limit']}, timeout {config['timeout']} s per puzzle, "
                  f"times the median of {config['repeat']} repeat{'s' if config['repeat'] != 1 else ''}{transform}. "
                  f"Ranked by {CLOCK[summary.measure]} time{'' if summary.measure == summary.asked else ' (see the verdict)'}."),
        Table(["item", "value"], [["commit", f"{env.get('commit') or 'not a git checkout'}{dirty}"],
                                  *([item, str(env[key])] for item, key in (("sudokit", "sudokit"),
                                    ("machine", "machine"), ("processor", "processor"),
                                    ("processor model", "processor_model"), ("CPUs", "cpus"),
                                    ("CPUs this run may use", "cpus_allowed"),
                                    ("Python", "python")) if env.get(key) is not None),
                                  *_machine_rows(run)]),
        Table(["set", "puzzles", "sha256", "skipped lines"],
              [[s["name"], str(s["puzzles"]), f"`{s['sha256']}`", str(len(s["skipped"]))] for s in run.sets]),
        Table(["backend", "version", "what"],
              [[b, env.get("backends", {}).get(b, "–"), what] for b, what in config["backends"].items()]),
        Paragraph("To run it again:"),
        Code(reproduce(run)),
    ]


def _ranking_note(summary: Summary) -> str:
    """How the results table is ordered, by which clock and why, and who is ranked apart."""
    clock = CLOCK[summary.measure]
    why = "" if summary.measure == summary.asked else \
        f" ({clock} time, not {CLOCK[summary.asked]} time as asked: some answers' CPU time could not be measured)"
    apart = (" Backends that return a solution without claiming it is the only one (less work than proving "
             "uniqueness) are ranked apart, their rank in parentheses." if summary.apart else "")
    return (f"Ranked: backends that answered every puzzle, every answer passing the judge, fastest median {clock} "
            f"time first{why}; then the others by share answered (no rank). A refuted answer (a grid or a claim "
            f"the judge proved wrong) counts as unanswered.{apart}")


def busy_machine(run: Run) -> str | None:
    """Why the machine counts as busy during the run (None when it was not, or nothing was recorded):
    the load average, at the start or the end, above the cores the run could use less its workers'.

    One unit of slack: the 1-minute load average lags, so a run started just after other work (an
    install, say) reads about 1 at its start though nothing else runs beside it.
    """
    env = run.environment
    cores = env.get("cpus_allowed") or env.get("cpus")
    start, end = (env.get(key, {}).get("load") for key in ("machine_start", "machine_end"))
    if not cores or start is None:
        return None
    jobs = min((run.config.get("execution") or {}).get("jobs") or 1, cores)
    if start + jobs <= cores + 1 and (end is None or end <= cores + 1):
        return None
    share = env.get("machine_busy")
    busy = f", the processors {share:.0%} busy during it" if share is not None else ""
    ending = f" and {end:.2f} at the end" if end is not None else ""
    return (f"load average {start:.2f} at the start{ending}, on {cores} cores with {jobs} worker"
            f"{'s' if jobs != 1 else ''} of this run{busy}")


def _machine_rows(run: Run) -> list[list[str]]:
    """The environment table's rows on the machine's load and on how the run was executed."""
    env, rows = run.environment, []
    start, end = (env.get(key, {}).get("load") for key in ("machine_start", "machine_end"))
    if start is not None:
        rows.append(["load average (1 min), start → end", f"{start:.2f} → {'–' if end is None else f'{end:.2f}'}"])
    if env.get("machine_busy") is not None:
        rows.append(["processors busy during the run (every process)", f"{env['machine_busy']:.0%}"])
    for label, execution in (("execution", run.config.get("execution")),
                             *(("resumed with", e) for e in run.config.get("resumed_with", []))):
        if execution:
            rows.append([label, ", ".join(f"{k} {v}" for k, v in execution.items() if v not in (None, False))])
    return rows


def reproduce(run: Run) -> str:
    """The command that makes this run again: a new run (no ``--name``) with the same inputs and settings.

    Sets are given as they were (a bundled set by name, a file by its absolute path); options that were
    not recorded (runs stored by older versions) are left at their defaults.
    """
    config = run.config
    sets = [s.get("source", s["name"]) for s in run.sets]
    words: list[str]
    if study_config := config.get("study"):
        words = ["sudokit", "study", *sets, "--timeout", str(config["timeout"])]
        if study_config["presets"]:
            words += ["--presets", ",".join(study_config["presets"])]
        if not study_config["ablation"]:
            words.append("--no-ablation")
        return shlex.join(words)
    words = ["sudokit", "compare", *sets]
    for backend in config["backends"]:
        words += ["--backend", backend]
    words += ["--limit", str(config["limit"]), "--timeout", str(config["timeout"]), "--repeat", str(config["repeat"])]
    if config.get("transform_seed") is not None:
        words += ["--transform", "--seed", str(config["transform_seed"])]
    execution = config.get("execution") or {}
    for option, key in (("--jobs", "jobs"), ("--executor", "executor"), ("--scheduler", "scheduler"),
                        ("--measure", "measure"), ("--memory-limit", "memory_limit_mb")):
        if execution.get(key) is not None:
            words += [option, str(execution[key])]
    if execution.get("executor") == "dask" and not execution.get("scheduler") and execution.get("workers"):
        words += ["--workers", str(execution["workers"])]
    if execution.get("pin"):
        words.append("--pin")
    settings = config.get("report") or {}
    if "rank_by" in settings:
        words += ["--rank-by", settings["rank_by"], "--par", f"{settings['par']:g}"]
    if settings.get("scatter"):
        words += ["--scatter", ",".join(settings["scatter"])]
    if settings.get("db"):
        words += ["--db", settings["db"]]
    return shlex.join(words)


def _competition_blocks(summary: Summary, out: Path) -> list[Block]:
    """PAR-k, the virtual best and marginal contributions; the cactus plot; the scatter plot of two backends."""
    from sudokit.compare.reports import plots  # matplotlib: imported only when a report is drawn

    vb = summary.competition
    if vb is None or not vb.puzzles:
        return []
    clock, k = CLOCK[vb.measure], f"{vb.k:g}"
    penalty = "undefined (no timeout)" if math.isnan(vb.penalty) else f"{vb.penalty:g} s"
    rows = [[b, f"{vb.answered[b]} of {summary_attempted(summary, b)}", _seconds(vb.par[b]),
             *(["– (ranked apart)", "–", "–"] if b in summary.apart else
               [f"{vb.best_share[b]:g} ({100 * vb.best_share[b] / vb.puzzles:.0f} %)", str(vb.unique[b]),
                _seconds(vb.marginal[b])])] for b in summary.ranking if b in vb.par]
    rows.append([f"**{VBS}**", f"{vb.vbs_answered} of {vb.puzzles}", _seconds(vb.vbs_par), "–", "–", "–"])
    blocks: list[Block] = [
        Heading("Solver-competition figures"),
        Paragraph(f"As SAT and CP competitions score solvers, by {clock} time: PAR-{k} is the mean time per puzzle "
                  f"attempted, an unanswered one (stuck, timeout, error, a rejected or refuted answer; a conflict no grid settles costs neither side) counted at "
                  f"{k} × the timeout = {penalty}. The virtual best solver takes each puzzle's fastest correct "
                  "answer among the backends" + (" that prove uniqueness (" + ", ".join(f"`{b}`" for b in summary.apart)
                                                 + " return solutions without that claim: ranked apart, not in it)"
                                                 if summary.apart else "") +
                  ". `best on` counts the puzzles where a backend is that fastest answer "
                  "(a tie shared equally), `only it` those no other backend answered, and the marginal contribution "
                  f"is how much the virtual best's PAR-{k} grows without the backend."),
        Table(["backend", "answered", f"PAR-{k} s", "best on (share)", "only it", "marginal contribution s"], rows),
    ]
    series = {b: vb.cactus.get(b, []) for b in summary.ranking if b in vb.par}
    series[VBS] = vb.cactus.get(VBS, [])
    blocks += [Image(plots.cactus(series, clock, out / "cactus.png", best=VBS), "Cactus plot"),
               Paragraph(f"Each line is a backend's answered puzzles sorted by {clock} time: further right is more "
                         "answered, lower is faster; the dashed line is the virtual best.")]
    if pair := scatter_pair(summary):
        pairs = scatter_points(summary, pair)
        longest = max([t for p in pairs for t in p if not math.isinf(t)] or [1.0])
        timeout = summary.run.config.get("timeout")
        limit = float(timeout) if timeout else longest * 2
        pairs = [(limit if math.isinf(a) else a, limit if math.isinf(b) else b) for a, b in pairs]
        blocks += [Image(plots.scatter(pairs, pair, limit, clock, out / "scatter.png"), f"{pair[0]} against {pair[1]}"),
                   Paragraph(f"One point per puzzle, `{pair[0]}`'s {clock} time across, `{pair[1]}`'s up; below the "
                             f"diagonal `{pair[1]}` was faster. A puzzle a backend did not answer sits on the "
                             "dotted border.")]
    return blocks


def summary_attempted(summary: Summary, backend: str) -> int:
    return next(s.attempted for s in summary.stats if s.backend == backend)


def _seconds(value: float) -> str:
    return "–" if math.isnan(value) else f"{value:.4g}"


def scatter_pair(summary: Summary) -> tuple[str, str] | None:
    """The backends of the scatter plot: those the run's settings name, or the first two of the ranking."""
    named = report_settings(summary.run).get("scatter")
    if named and all(b in summary.ranking for b in named):
        return named[0], named[1]
    return (summary.ranking[0], summary.ranking[1]) if len(summary.ranking) > 1 else None


def scatter_points(summary: Summary, pair: tuple[str, str]) -> list[tuple[float, float]]:
    """Each puzzle both backends attempted: their times (infinite where one did not answer)."""
    timeout = summary.run.config.get("timeout")
    records = summary.records.where("backend IN (?, ?)", *pair)
    points = []
    for times in answers_by_puzzle(records, timeout, summary.measure, frozenset()):
        if len(times) == 2:
            a, b = times[pair[0]], times[pair[1]]
            points.append((math.inf if a is None else a, math.inf if b is None else b))
    return points



def _agreement_blocks(summary: Summary) -> list[Block]:
    """A sentence when every answer agrees; else the disagreeing pairs and puzzles only."""
    if not summary.disagreements:
        silent = answered_nothing(summary)
        return [Heading("Agreement"), Paragraph(
            "Every returned solution passed the independent judge, and every pair of backends agrees on every "
            "puzzle both answered (stuck, timeout and error claim nothing)."
            + (f" {', '.join(f'`{b}`' for b in silent)} answered nothing." if silent else ""))]
    pairs = [[a, b, f"{compared - agreed} of {compared}"]
             for i, (a, row) in enumerate(summary.matrix.items())
             for b, (agreed, compared) in list(row.items())[i + 1:] if agreed < compared]
    rows = [[f"{d.set_name} #{d.puzzle_index + 1}", f"`{d.puzzle}`", "<br>".join(
        f"{b}: {a}" + (f" — **{why}**" if (why := d.reason(b)[3:]) else "") for b, a in d.answers.items())]
        for d in summary.disagreements]
    return [Heading("Agreement"),
            Paragraph(f"**{_with_disagreements(summary)}.** An answer the judge refuted "
                      "(a grid it rejected; `unsat` beside a valid grid; a claim of uniqueness beside another valid "
                      "grid) is wrong and counts as unanswered; answers in a conflict no grid settles are named on "
                      "both sides and count against neither. Pairs that disagree (puzzles where both answered):"),
            Table(["backend", "backend", "disagree on"], pairs),
            Table(["puzzle", "grid", "answers"], rows)]


def _counter_blocks(summary: Summary) -> list[Block]:
    """Each backend's own counters (medians per puzzle) and propagation level, when any reports them."""
    keys = [k for k in ("nodes", "guesses", "propagations", "steps", "conflicts", "decisions")
            if any(k in s.counters for s in summary.stats)]
    if not keys:
        return []
    rows = [[s.backend, s.propagation or "–", *(_number(s.counters.get(k), 1) for k in keys)] for s in summary.stats]
    return [Heading("Solver statistics"),
            Paragraph("Medians per puzzle of what each backend counts itself (a search's nodes and guesses, "
                      "a propagating solver's propagations, the human engine's steps)."),
            Table(["backend", "propagation", *keys], rows)]


RATINGS_NOTE = (
    "Over the puzzles each human backend solved, each figure under its owner's name "
    "(docs/concepts/ratings.md): SE's ER/EP/ED come only from mode `se` (Sudoku Explainer's techniques, order "
    "and rating), HoDoKu's score and level only from mode `hodoku`; the other modes' path is sudokit's engine's, "
    "and its figures (on SE's and HoDoKu's scales, but nobody else's numbers) are the engine's. Effort "
    "estimates a person's inspections of cells and candidates along the path (`solvers/human/effort.py`).")


def _rating_blocks(summary: Summary) -> list[Block]:
    """The human backends' ratings under their owners' names: each figure's median and spread, and
    agreement with the set's own SE ratings."""
    from sudokit.solvers.human.rating import owner
    from sudokit.solvers.human.registry import LEVELS
    order = (study.variant_order([s.backend for s in summary.stats], summary.study) if summary.study
             else summary.ranking)  # a study's variants in its order, not by speed
    found = sorted(study.ratings(summary.records.where("status = ?", "solved"), summary.ratings),
                   key=lambda r: order.index(r.backend) if r.backend in order else len(order))
    if not found:
        return []
    compared = any(r.compared for r in found)
    rows = []
    for r in found:
        d, who = r.to_dict(), owner(r.mode)
        levels = ", ".join(f"{level} {r.levels[level]}" for level in LEVELS if r.levels[level])
        rating = f"{_number(d['er_median'])} ({_number(d['er_max'])})"
        row = [r.backend, r.mode, {"se": "SE", "hodoku": "HoDoKu", "engine": "sudokit engine"}[who], str(r.rated),
               rating if who == "se" else "–", _number(d["ep_median"]) if who == "se" else "–",
               rating if who == "engine" else "–",
               f"{_number(d['effort_median'], 0)} ({_number(d['effort_p90'], 0)})" if r.effort else "–",
               _number(d["score_median"], 0) if who != "se" else "–", levels or "–"]
        if compared:
            row.append(f"{r.exact}/{r.compared} ({percent(r.exact, r.compared)})" if r.compared and who != "hodoku"
                       else "–")
        rows.append(row)
    header = ["backend", "mode", "figures of", "rated", "SE ER median (max)", "SE EP median",
              "engine rating median (max)", "effort median (p90)", "score median", "levels",
              *(["rating = set's SE ER"] if compared else [])]
    return [Heading("Ratings"), Paragraph(RATINGS_NOTE), Table(header, rows)]


def _time_blocks(summary: Summary, out: Path) -> list[Block]:
    from sudokit.compare.reports import plots  # matplotlib: imported only when a report is drawn

    timeout = summary.run.config.get("timeout")
    attempted = {s.backend: s.attempted for s in summary.stats}
    times: dict[str, array] = {s.backend: array("d") for s in summary.stats}
    for r in summary.records.where(f"status IN ({', '.join('?' * len(ANSWERS))})", *ANSWERS):
        times[r.backend].append(charged_seconds(r, timeout))
    if summary.study:  # a study's chart draws the ladder's rungs and presets; the ablation variants are in the table
        times = {b: t for b, t in times.items() if not b.startswith("without/")} or times
    answered, shown = _thinned(times, attempted)
    blocks: list[Block] = [
        Heading("Time"),
        Image(plots.time_ecdf(answered, cast(dict[str, int], shown), out / "time_ecdf.png"),  # (scaled: fractional)
              "Time per puzzle"),
        Paragraph("Each curve is the share of the puzzles a backend attempted that it answered (solved, multiple "
                  "or unsat) within a time; it ends at the share actually answered."),
    ]
    ratings, source = (summary.ratings, "the set's own Sudoku Explainer rating") if summary.ratings else (
        _engine_ratings(summary), f"the engine rating (sudokit's, on SE's scale; not SE's ER) `{summary.technique_backend()}` gave")
    points: dict[str, list[tuple[float, float, str]]] = {backend: [] for backend in answered}
    for r in summary.records if ratings else ():  # every attempt: the chart draws the answers, counts the rest
        if r.backend in points and (rating := ratings.get((r.set_name, r.puzzle_index))) is not None:
            points[r.backend].append((rating, r.seconds, r.status))
    if any(points.values()):
        label = "Sudoku Explainer rating (the set's own)" if summary.ratings else "engine rating (sudokit's)"
        blocks += [Image(plots.time_vs_rating(points, label, out / "time_vs_rating.png"), "Time versus difficulty"),
                   Paragraph(f"Difficulty is {source}.")]
    return blocks


ECDF_STEPS = 2000  # steps drawn of a time curve at most: finer than the picture shows


def _thinned(times: dict[str, array], attempted: dict[str, int]) -> tuple[dict[str, list[float]], dict[str, float]]:
    """Each backend's answered times cut to ``ECDF_STEPS`` evenly spaced order statistics, with its
    attempted count scaled alike: the same curve (every m-th step of it) whatever the run's size."""
    answered, shown = {}, {}
    for backend, values in times.items():
        ordered = numpy.sort(numpy.frombuffer(values)) if values else numpy.empty(0)
        step = max(1, -(-len(ordered) // ECDF_STEPS))
        answered[backend] = ordered[step - 1 :: step].tolist()
        shown[backend] = attempted[backend] * len(answered[backend]) / len(ordered) if len(ordered) else \
            attempted[backend]
    return answered, shown


def _engine_ratings(summary: Summary) -> dict[tuple[str, int], float]:
    """Sudoku Explainer ratings the human engine gave, when the puzzle file had none."""
    backend = summary.technique_backend()
    return {(r.set_name, r.puzzle_index): stats.se_rating for r in summary.records.where(
            "backend = ? AND status = 'solved'", backend) if (stats := study.human_stats(r)) and stats.se_rating is not None}


def _usage(summary: Summary) -> list[tuple[str, int, int]]:
    backend = summary.technique_backend()
    return study.technique_usage(list(summary.records.where("backend = ?", backend)), backend) if backend else []


def _technique_blocks(summary: Summary, out: Path) -> list[Block]:
    from sudokit.compare.reports import plots  # matplotlib: imported only when a report is drawn

    blocks: list[Block] = []
    if summary.study:
        rungs = study.ladder(list(summary.records), summary.study)  # (a study's runs are small)
        blocks += [
            Heading("Technique ladder"),
            Paragraph("Share of puzzles solved without guessing by cumulative technique sets."
                      + (f" Not yet in the engine: {', '.join(summary.study['missing'])}." if summary.study["missing"] else "")),
            Table(["rung", "adds", "solved", "%"],
                  [[r["label"], ", ".join(r["adds"]), f"{r['solved']}/{r['puzzles']}", f"{r['percent']:.1f}"] for r in rungs]),
            Image(plots.ladder_chart([(r["label"], r["percent"]) for r in rungs], out / "ladder.png"), "Technique ladder"),
        ]
    if usage := _usage(summary):
        backend = summary.technique_backend()
        blocks += [
            Heading("Techniques"),
            Paragraph(f"Over the puzzles `{backend}` solved: how many used each technique, and for how many it was the hardest."),
            Table(["technique", "used in", "hardest in"], [[t, str(u), str(h)] for t, u, h in usage]),
            Image(plots.technique_chart(usage, out / "techniques.png"), "Technique frequency"),
        ]
    if summary.study and (rows := study.ablation(list(summary.records), summary.study)):
        blocks += [
            Heading("Ablation"),
            Paragraph("For each technique, the puzzles (among those whose full solution path used it) "
                      "no longer solved without guessing when it is switched off."),
            Table(["technique", "tried", "lost", "puzzles lost"],
                  [[t, str(n), str(len(lost)), ", ".join(lost[:10]) + (" …" if len(lost) > 10 else "")]
                   for t, n, lost in rows]),
        ]
    return blocks


def _picture_blocks(summary: Summary, out: Path) -> list[Block]:
    """The hardest puzzle's hardest step drawn; for a study, each rung's first step on an example puzzle."""
    from sudokit.compare.reports import exemplars  # the human engine: imported only when a report is drawn

    ratings = summary.ratings or _engine_ratings(summary)
    puzzles = _hardest_puzzle(summary, ratings)
    blocks: list[Block] = []
    if (example := exemplars.hardest(puzzles, ratings)) is not None:
        rating = ratings[example.set_name, example.puzzle_index]  # the set's own SE rating, else the engine's
        whose = f"SE {rating}, the set's own rating" if summary.ratings else f"engine rating {rating}, sudokit's, not SE's"
        blocks += [Heading("The hardest puzzle"), Paragraph(
            f"{example.set_name} #{example.puzzle_index + 1} ({whose}): `{example.puzzle.line()}`. Its hardest step, step {example.number} of {example.steps} "
            f"of the human engine's solve: `{example.step.explanation}`"),
            _step_image(example, out / "hardest_step.svg")]
    if summary.study and (rungs := exemplars.rung_examples(list(summary.records), summary.study["ladder"])):
        blocks += [Heading("What each rung adds"), Paragraph(
            "For each rung of the ladder, the first puzzle it solves and the rung below does not, drawn at the "
            "first step that uses a technique the rung adds.")]
        for rung, example in rungs:
            blocks += [Paragraph(f"**{rung['label']}**: {example.set_name} #{example.puzzle_index + 1}, step "
                                 f"{example.number} of {example.steps}: `{example.step.explanation}`"),
                       _step_image(example, out / f"rung_{rung['backend'].split('/')[-1]}.svg")]
    return blocks


def _hardest_puzzle(summary: Summary, ratings: dict[tuple[str, int], float]) -> dict[tuple[str, int], str]:
    """The hardest rated puzzle with a record (first of equals), as ``{key: line}``; empty when none."""
    for key in sorted(ratings, key=lambda k: (-ratings[k], k[1])):
        if (line := summary.records.puzzle(*key)) is not None:
            return {key: line}
    return {}


def _step_image(example, path: Path) -> Image:
    from sudokit.compare.reports.pictures import step_picture

    path.write_text(step_picture(example.state, example.step, example.puzzle).svg() + "\n", encoding="utf-8")
    return Image(path, example.step.explanation)


# ---------------------------------------------------------------------------- rendering


def markdown(blocks: list[Block]) -> str:
    out = []
    for b in blocks:
        match b:
            case Heading(text, level):
                out.append(f"{'#' * level} {text}")
            case Paragraph(text):
                out.append(text)
            case Table(header, rows):
                lines = [header, ["---"] * len(header), *rows]
                out.append("\n".join("| " + " | ".join(c.replace("|", "\\|") for c in row) + " |" for row in lines))
            case Image(path, caption):
                out.append(f"![{caption}]({path.name})")
            case Code(text):
                out.append(f"```\n{text}\n```")
    return "\n\n".join(out) + "\n"


def to_html(blocks: list[Block], title: str) -> str:
    """A self-contained HTML page: images embedded as data URIs."""
    body = []
    for b in blocks:
        match b:
            case Heading(text, level):
                body.append(f"<h{level}>{_inline(text)}</h{level}>")
            case Paragraph(text):
                body.append(f"<p>{_inline(text)}</p>")
            case Table(header, rows):
                head = "".join(f"<th>{_inline(c)}</th>" for c in header)
                cells = "".join("<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in row) + "</tr>" for row in rows)
                body.append(f"<table><tr>{head}</tr>{cells}</table>")
            case Image(path, caption):
                data = base64.b64encode(path.read_bytes()).decode()
                mime = "image/svg+xml" if path.suffix == ".svg" else "image/png"
                body.append(f'<figure><img alt="{html.escape(caption)}" src="data:{mime};base64,{data}"></figure>')
            case Code(text):
                body.append(f"<pre>{html.escape(text)}</pre>")
    style = ("body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em}"
             "table{border-collapse:collapse;font-size:90%}td,th{border:1px solid #ccc;padding:2px 6px}"
             "code,pre{font-size:85%;word-break:break-all}pre{background:#f4f4f4;padding:.5em}img{max-width:100%}")
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
            f"<style>{style}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n")


def _inline(text: str) -> str:
    """The little inline Markdown the report uses (`code`, **bold**, <br>) as HTML."""
    escaped = html.escape(text).replace("&lt;br&gt;", "<br>")
    parts = escaped.split("`")
    escaped = "".join(f"<code>{p}</code>" if i % 2 else p for i, p in enumerate(parts))
    parts = escaped.split("**")
    return "".join(f"<b>{p}</b>" if i % 2 else p for i, p in enumerate(parts))


def summary_json(summary: Summary) -> dict:
    run = summary.run
    return _finite({
        "run": run.name, "started": run.started, "finished": run.finished,
        "environment": run.environment, "sets": run.sets, "config": run.config,
        "verdict": verdict(summary).replace("`", "").replace("**", ""),
        "ranking": summary.ranking,
        "ranked_by": summary.measure,
        "ranked_by_why": measure_note(summary),
        "backends": [s.to_dict() for s in summary.stats],
        "competition": summary.competition.to_dict() if summary.competition else None,
        "machine_busy": busy_machine(run),
        "rerun": reproduce(run),
        "agreement": {a: {b: list(v) for b, v in row.items()} for a, row in summary.matrix.items()},
        "disagreements": [{**d.__dict__, "refuted": sorted(d.refuted), "unsettled": sorted(d.unsettled)}
                          for d in summary.disagreements],
        "ranked_apart": summary.apart,
        "skipped": skipped_backends(summary),
        "ladder": study.ladder(list(summary.records), summary.study) if summary.study else None,
        "techniques": [{"technique": t, "used": u, "hardest": h} for t, u, h in _usage(summary)],
        "ratings": [r.to_dict() for r in study.ratings(summary.records.where("status = ?", "solved"), summary.ratings)],
        "ablation": [{"technique": t, "tried": n, "lost": lost}
                     for t, n, lost in (study.ablation(list(summary.records), summary.study) if summary.study else [])],
    })


def _finite(value):
    """NaN becomes null, so the JSON is standard."""
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(v) for v in value]
    return value


def write_report(summary: Summary, out: Path) -> Path:
    """Write report.md, report.html, summary.json and the charts into ``out``; returns report.md."""
    out.mkdir(parents=True, exist_ok=True)
    blocks = document(summary, out)
    (out / "report.html").write_text(to_html(blocks, f"sudokit report: {summary.run.name}"), encoding="utf-8")
    (out / "summary.json").write_text(json.dumps(summary_json(summary), indent=1) + "\n", encoding="utf-8")
    path = out / "report.md"
    path.write_text(markdown(blocks), encoding="utf-8")
    return path

"""Reports of a stored run: the terminal summary, and report.md, report.html, summary.json and PNGs.

A report is built once as a list of blocks (headings, paragraphs, tables, images, code) and
rendered to Markdown and to self-contained HTML (images embedded), so both always say the same.
"""

from __future__ import annotations

import base64
import html
import json
import math
from dataclasses import dataclass
from pathlib import Path

from sudokit.compare import study
from sudokit.compare.agreement import Disagreement, agreement_matrix, disagreements
from sudokit.compare.stats import UNTIMED, BackendStats, backend_stats
from sudokit.compare.store import Record, Run, Store

RATING_KEYS = ("se_rating", "ser", "rating")


@dataclass(frozen=True)
class Summary:
    """Everything a report says about a run."""

    run: Run
    records: list[Record]
    stats: list[BackendStats]
    matrix: dict[str, dict[str, tuple[int, int]]]
    disagreements: list[Disagreement]
    ratings: dict[tuple[str, int], float]

    @property
    def study(self) -> dict | None:
        return self.run.config.get("study")

    def technique_backend(self) -> str | None:
        """Whose solution paths the technique figures describe: the study's full set, or ``human``."""
        if self.study:
            return self.study["full"]
        return "human" if "human" in self.matrix else None


def summarize(store: Store, run: Run) -> Summary:
    records = store.records(run)
    order = list(run.config["backends"])
    stats = sorted(backend_stats(records), key=lambda s: order.index(s.backend) if s.backend in order else len(order))
    names = [s.backend for s in stats]
    ratings = {key: r for key, meta in store.puzzle_meta(run).items() if (r := _rating(meta)) is not None}
    return Summary(run, records, stats, agreement_matrix(records, names), disagreements(records), ratings)


def _rating(meta: dict) -> float | None:
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


STATS_HEADER = ["backend", "puzzles", "statuses", "median ms", "mean ms", "p90 ms", "p99 ms", "max ms",
                "puzzles/s", "build ms (median)", "solve ms (median)", "guesses/puzzle", "no guess %", "peak MB"]


SUMMARY_COLUMNS = ("backend", "puzzles", "statuses", "median ms", "p90 ms", "max ms", "puzzles/s", "no guess %")


def stats_rows(stats: list[BackendStats]) -> list[list[str]]:
    return [
        [s.backend, str(s.puzzles), ", ".join(f"{k} {v}" for k, v in s.statuses.items()),
         *map(milliseconds, (s.median, s.mean, s.p90, s.p99, s.max)),
         _number(s.puzzles_per_second), milliseconds(s.build_median), milliseconds(s.solve_median),
         _number(s.guesses_per_puzzle, 2), _number(s.no_guess_percent), _number(s.peak_mb, 0)]
        for s in stats
    ]


def text_table(header: list[str], rows: list[list[str]]) -> str:
    """A plain-text table with aligned columns."""
    widths = [max(len(str(c)) for c in column) for column in zip(header, *rows)]
    return "\n".join("  ".join(str(c).ljust(w) for c, w in zip(row, widths)).rstrip() for row in [header, *rows])


def summary_text(summary: Summary) -> str:
    """The summary printed after a run: the statistics table and every disagreement."""
    picks = [STATS_HEADER.index(column) for column in SUMMARY_COLUMNS]
    rows = [[row[i] for i in picks] for row in stats_rows(summary.stats)]
    lines = [f"run {summary.run.name}: {len(summary.records)} records", text_table(list(SUMMARY_COLUMNS), rows)]
    if summary.disagreements:
        lines.append(f"{len(summary.disagreements)} disagreements:")
        lines += [line for d in summary.disagreements for line in d.lines()]
    else:
        lines.append("no disagreements: every answer passed the judge and the backends agree")
    return "\n".join(lines)


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
    """The report's blocks; draws the charts into ``out``."""
    run, env = summary.run, summary.run.environment
    dirty = " (dirty tree)" if env.get("dirty") else ""
    blocks: list[Block] = [
        Heading(f"sudokit report: {run.name}", 1),
        Paragraph(f"Started {run.started}, finished {run.finished or 'not finished (interrupted)'}."),
        Heading("Environment"),
        Table(["item", "value"], [["commit", f"{env.get('commit') or 'not a git checkout'}{dirty}"],
                         ["sudokit", str(env.get("sudokit"))], ["machine", str(env.get("machine"))],
                         ["processor", f"{env.get('processor')} ({env.get('cpus')} CPUs)"],
                         ["Python", str(env.get("python"))]]),
        Heading("Puzzle sets"),
        Table(["set", "puzzles", "sha256", "skipped lines"],
              [[s["name"], str(s["puzzles"]), f"`{s['sha256']}`", str(len(s["skipped"]))] for s in run.sets]),
        Heading("Configuration"),
        Table(["backend", "version", "what"],
              [[b, env.get("backends", {}).get(b, "–"), what] for b, what in run.config["backends"].items()]),
        Paragraph("Solution limit {limit}, timeout {timeout} s per puzzle, timings the median of {repeat}, "
                  "transformation seed {transform_seed}.".format(**run.config)),
        Code(reproduce(run)),
        Heading("Results per backend"),
        Paragraph("Times are per puzzle, over the puzzles the backend answered (not timed out or failed); "
                  "puzzles/s is one worker's throughput."),
        Table(STATS_HEADER, stats_rows(summary.stats)),
        *_agreement_blocks(summary, out),
        *_time_blocks(summary, out),
        *_technique_blocks(summary, out),
    ]
    return blocks


def reproduce(run: Run) -> str:
    """The command that makes this run again."""
    config, sets = run.config, " ".join(s["name"] for s in run.sets)
    if study_config := config.get("study"):
        presets = f" --presets {','.join(study_config['presets'])}" if study_config["presets"] else ""
        ablation = "" if study_config["ablation"] else " --no-ablation"
        return f"sudokit study {sets}{presets}{ablation} --timeout {config['timeout']} --name {run.name}"
    transform = f" --transform --seed {config['transform_seed']}" if config["transform_seed"] is not None else ""
    return (f"sudokit compare {sets} --backends {','.join(config['backends'])} --limit {config['limit']} "
            f"--timeout {config['timeout']} --repeat {config['repeat']}{transform} --name {run.name}")


def _agreement_blocks(summary: Summary, out: Path) -> list[Block]:
    from sudokit.compare import plots  # matplotlib: imported only when a report is drawn

    blocks: list[Block] = [Heading("Agreement"), Paragraph(
        "Every returned solution is checked by the independent judge; answers (solved with its grid, "
        "multiple, unsat) are compared pairwise. Stuck, timeout and error claim nothing.")]
    if len(summary.matrix) > 1:
        blocks.append(Image(plots.agreement_heatmap(summary.matrix, out / "agreement.png"), "Agreement matrix"))
    if not summary.disagreements:
        return [*blocks, Paragraph("No disagreements.")]
    rows = [[f"{d.set_name} #{d.puzzle_index + 1}", f"`{d.puzzle}`", "<br>".join(
        f"{b}: {a}" for b, a in d.answers.items())] for d in summary.disagreements]
    return [*blocks, Paragraph(f"**{len(summary.disagreements)} disagreements.**"),
            Table(["puzzle", "grid", "answers"], rows)]


def _time_blocks(summary: Summary, out: Path) -> list[Block]:
    from sudokit.compare import plots  # matplotlib: imported only when a report is drawn

    timed = [r for r in summary.records if r.status not in UNTIMED]
    times: dict[str, list[float]] = {s.backend: [] for s in summary.stats}
    for r in timed:
        times[r.backend].append(r.seconds)
    blocks: list[Block] = [Heading("Time"), Image(plots.time_ecdf(times, out / "time_ecdf.png"), "Time per puzzle")]
    ratings = summary.ratings or _engine_ratings(summary)
    points: dict[str, list[tuple[float, float]]] = {backend: [] for backend in times}
    for r in timed:
        if (rating := ratings.get((r.set_name, r.puzzle_index))) is not None:
            points[r.backend].append((rating, r.seconds))
    if any(points.values()):
        blocks.append(Image(plots.time_vs_rating(points, out / "time_vs_rating.png"), "Time versus difficulty"))
    return blocks


def _engine_ratings(summary: Summary) -> dict[tuple[str, int], float]:
    """Sudoku Explainer ratings the human engine gave, when the puzzle file had none."""
    backend = summary.technique_backend()
    return {(r.set_name, r.puzzle_index): r.extra["se_rating"] for r in summary.records
            if r.backend == backend and r.status == "solved" and isinstance(r.extra.get("se_rating"), int | float)}


def _usage(summary: Summary) -> list[tuple[str, int, int]]:
    backend = summary.technique_backend()
    return study.technique_usage(summary.records, backend) if backend else []


def _technique_blocks(summary: Summary, out: Path) -> list[Block]:
    from sudokit.compare import plots  # matplotlib: imported only when a report is drawn

    blocks: list[Block] = []
    if summary.study:
        rungs = study.ladder(summary.records, summary.study)
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
    if summary.study and (rows := study.ablation(summary.records, summary.study)):
        blocks += [
            Heading("Ablation"),
            Paragraph("For each technique, the puzzles (among those whose full solution path used it) "
                      "no longer solved without guessing when it is switched off."),
            Table(["technique", "tried", "lost", "puzzles lost"],
                  [[t, str(n), str(len(lost)), ", ".join(lost[:10]) + (" …" if len(lost) > 10 else "")]
                   for t, n, lost in rows]),
        ]
    return blocks


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
                body.append(f'<figure><img alt="{html.escape(caption)}" src="data:image/png;base64,{data}"></figure>')
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
        "backends": [s.to_dict() for s in summary.stats],
        "agreement": {a: {b: list(v) for b, v in row.items()} for a, row in summary.matrix.items()},
        "disagreements": [d.__dict__ for d in summary.disagreements],
        "ladder": study.ladder(summary.records, summary.study) if summary.study else None,
        "techniques": [{"technique": t, "used": u, "hardest": h} for t, u, h in _usage(summary)],
        "ablation": [{"technique": t, "tried": n, "lost": lost}
                     for t, n, lost in (study.ablation(summary.records, summary.study) if summary.study else [])],
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

"""Many runs side by side, as BenchExec's table-generator shows them: a row per puzzle, a column group per
(run, backend), and one self-contained HTML page (plus a CSV) to filter, sort and plot them in.

Rows are puzzles matched by their line, so a run over ``top95`` and one over its first 30 puzzles
line up; a puzzle a run holds twice gets a second row. A cell is one record: its status, CPU time
(None where the record has none), wall time (build + solve) and the solving worker's peak memory
(a high-water mark of the process, not of the puzzle alone). PAR-k and the plots count time as a
report does (``stats.ranked_measure``): by CPU time where every record has it, else by wall time, one
clock for the whole table; a timeout counts at its run's timeout, an unanswered puzzle at k × that
timeout.

The page's script recomputes each group's summary (answered, PAR-k, median CPU) and the plots from
the rows a filter keeps; what it adds up per cell (``Cell.charged``, ``Cell.par``) is computed here,
with ``stats``' own functions, so the page and ``Table.summaries`` count alike.
"""

from __future__ import annotations

import base64
import csv
import gzip
import html
import json
import math
import statistics
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, TextIO

from sudokit.compare.reports.diff import settings_changed
from sudokit.compare.reports.report import busy_machine, set_rating
from sudokit.compare.reports.stats import answers_by_puzzle, charged_seconds
from sudokit.compare.reports.study import human_stats
from sudokit.compare.run.agreement import claim
from sudokit.compare.run.store import Record, Run
from sudokit.solvers.base import Status

MARKED = ' class="differs"'  # a run, or a run's setting, unlike the first run's
PLOTS_HINT = "plots need plotly: pip install 'sudokit[table]'"


@dataclass(frozen=True)
class Source:
    """A stored run to tabulate: its label on the page (its name, or ``DB:RUN`` when two share a name),
    its records and its puzzles' metadata (the input file's own columns, by set and index)."""

    label: str
    run: Run
    records: Sequence[Record]
    meta: dict[tuple[str, int], dict] = field(default_factory=dict)
    db: str = ""


@dataclass(frozen=True)
class Group:
    """A column group: one backend of one run, and how its times are counted."""

    run: str  # the source's label
    backend: str
    timeout: float | None
    penalty: float  # what an unanswered puzzle counts in PAR-k (k × timeout; NaN without one)

    @property
    def label(self) -> str:
        return f"{self.run} / {self.backend}"


@dataclass(frozen=True)
class Cell:
    """One record as the table shows and counts it."""

    status: str
    cpu: float | None
    wall: float
    memory_mb: float | None
    charged: float  # by the table's measure, a timeout at its timeout (at least)
    answered: bool  # a claim (solved, multiple, unsat) the judge did not reject
    par: float  # what it adds to PAR-k: ``charged`` when answered, else the group's penalty
    cpu_charged: float | None  # CPU time, a timeout at the timeout (at least): what the median CPU takes
    answer: int | None  # which of the row's distinct claims it makes (None: it claims nothing)


@dataclass
class Row:
    """A puzzle: where it comes from, its ratings where known, and a cell per group that attempted it."""

    set_name: str
    number: int  # from 1, as sudokit numbers a set's puzzles
    puzzle: str
    se_rating: float | None = None
    se_source: str | None = None  # "the set's own", or the group whose SE-mode answer rated it
    hodoku: str | None = None  # HoDoKu's score and level, from a HoDoKu-mode answer
    cells: dict[int, Cell] = field(default_factory=dict)  # by group number
    claims: list[tuple] = field(default_factory=list, repr=False)  # the distinct claims its cells make

    def differs(self, groups: Iterable[int] | None = None) -> bool:
        """Whether the groups' cells (all, or those of ``groups``) differ in status or in answer."""
        cells = [c for g, c in self.cells.items() if groups is None or g in groups]
        return len({c.status for c in cells}) > 1 or len({c.answer for c in cells if c.answer is not None}) > 1

    def answer(self, record: Record) -> int | None:
        """The number of the record's claim among the row's (``agreement.claim``), None when it claims nothing."""
        if (said := claim(record)) is None:
            return None
        if said not in self.claims:
            self.claims.append(said)
        return self.claims.index(said)


@dataclass(frozen=True)
class GroupSummary:
    """A group's figures over some rows."""

    attempted: int
    answered: int
    par: float  # NaN when nothing was attempted
    cpu_median: float  # NaN when no record has CPU time


@dataclass
class Table:
    """Everything the page and the CSV show."""

    sources: list[Source]
    groups: list[Group]
    rows: list[Row]
    k: float
    measure: str  # the clock of PAR-k and the plots: cpu, or wall where some record has no CPU time
    differences: dict[str, list[Any]]  # each setting a run has otherwise than the first: its value per run

    def summaries(self, rows: Iterable[Row] | None = None) -> list[GroupSummary]:
        """Each group's summary over ``rows`` (default: all), as the page computes it for the rows it keeps."""
        chosen = self.rows if rows is None else list(rows)
        found = []
        for number in range(len(self.groups)):
            cells = [row.cells[number] for row in chosen if number in row.cells]
            cpus = [c.cpu_charged for c in cells if c.cpu_charged is not None]
            found.append(GroupSummary(len(cells), sum(c.answered for c in cells),
                                      math.fsum(c.par for c in cells) / len(cells) if cells else math.nan,
                                      statistics.median(cpus) if cpus else math.nan))
        return found


def tabulate(sources: Sequence[Source], k: float = 2, measure: str = "cpu") -> Table:
    """The table of ``sources``' records: rows, groups, cells (see the module's docstring)."""
    clock = "cpu" if measure == "cpu" and all(r.cpu_seconds is not None for s in sources for r in s.records) else "wall"
    groups: list[Group] = []
    rows: dict[tuple[str, int], Row] = {}
    for source in sources:
        timeout = source.run.config.get("timeout")
        penalty = k * timeout if timeout is not None else math.nan
        by_backend: dict[str, list[Record]] = {}
        for record in source.records:
            by_backend.setdefault(record.backend, []).append(record)
        for backend, records in by_backend.items():
            number = len(groups)
            groups.append(Group(source.label, backend, timeout, penalty))
            seen: Counter[str] = Counter()
            # (answers_by_puzzle groups records by puzzle: among one backend's, each record is a group of its own)
            for record, times in zip(records, answers_by_puzzle(records, timeout, clock, frozenset())):
                seen[record.puzzle] += 1
                key = record.puzzle, seen[record.puzzle]
                if (row := rows.get(key)) is None:
                    row = rows[key] = Row(record.set_name, record.puzzle_index + 1, record.puzzle)
                _rate(row, record, source, groups[number])
                seconds = times[backend]
                row.cells[number] = Cell(
                    record.status, record.cpu_seconds, record.seconds, _megabytes(record),
                    charged_seconds(record, timeout, clock), seconds is not None,
                    penalty if seconds is None else seconds,
                    charged_seconds(record, timeout, "cpu") if record.cpu_seconds is not None else None,
                    row.answer(record))
    return Table(list(sources), groups, list(rows.values()), k, clock, differences([s.run for s in sources]))


def _megabytes(record: Record) -> float | None:
    """The solving worker's peak resident memory (a high-water mark of the process), in MiB."""
    peak = record.extra.get("peak_kb")
    return peak / 1024 if isinstance(peak, int | float) and peak > 0 else None


def _rate(row: Row, record: Record, source: Source, group: Group) -> None:
    """Fill in the row's ratings: the set's own SE rating first, else an SE-mode answer's ER; HoDoKu's
    score and level from a HoDoKu-mode answer (docs/concepts/ratings.md: whose number is which)."""
    if row.se_source is None and (own := set_rating(source.meta.get((record.set_name, record.puzzle_index), {}))):
        row.se_rating, row.se_source = own, "the set's own"
    if record.status != Status.SOLVED.value or (stats := human_stats(record)) is None:
        return
    if stats.owner == "se" and row.se_source is None and stats.se_rating is not None:
        row.se_rating, row.se_source = stats.se_rating, group.label
    elif stats.owner == "hodoku" and row.hodoku is None and stats.score is not None:
        row.hodoku = f"{stats.score} {stats.level}" if stats.level else str(stats.score)


def differences(runs: Sequence[Run]) -> dict[str, list[Any]]:
    """Every setting (configuration, execution, machine, commit, sets) that some run has otherwise than the
    first, as ``diff`` names them (``diff.settings_changed``): its value in each run."""
    if len(runs) < 2:
        return {}
    first = runs[0]
    found: dict[str, list[Any]] = {}
    changes = [settings_changed(first, other) for other in runs[1:]]
    for changed in changes:
        for key, (before, _) in changed.items():
            found.setdefault(key, [before])
    for key, values in found.items():
        values += [changed[key][1] if key in changed else values[0] for changed in changes]
    return found


# ---------------------------------------------------------------------------- the CSV


def write_csv(table: Table, stream: TextIO) -> int:
    """The table as CSV, a row per puzzle and four columns per group; returns the rows written."""
    writer = csv.writer(stream)
    parts = ("status", "cpu_s", "wall_s", "memory_mib")
    writer.writerow(["set", "number", "puzzle", "se_rating", "se_rating_from", "hodoku",
                     *(f"{g.label}: {part}" for g in table.groups for part in parts)])
    for row in table.rows:
        cells: list[Any] = []
        for number in range(len(table.groups)):
            cell = row.cells.get(number)
            cells += ["", "", "", ""] if cell is None else [cell.status, _blank(cell.cpu), cell.wall, _blank(cell.memory_mb)]
        writer.writerow([row.set_name, row.number, row.puzzle, _blank(row.se_rating), row.se_source or "",
                         row.hodoku or "", *cells])
    return len(table.rows)


def _blank(value: float | None) -> float | str:
    return "" if value is None else value


# ---------------------------------------------------------------------------- the page


def plotly_js() -> str | None:
    """plotly.js as plotly's Python package ships it (the ``table`` extra), or None without it."""
    try:
        from plotly.offline import get_plotlyjs
    except ImportError:
        return None
    return get_plotlyjs()


def page_data(table: Table) -> dict:
    """What the page's script reads: the groups, and the rows with their cells as arrays (see table.js)."""
    def cell(c: Cell | None) -> list | None:
        if c is None:
            return None
        return [c.status, _round(c.cpu), _round(c.wall), _round(c.memory_mb, 1), _round(c.charged), int(c.answered),
                _round(c.par), _round(c.cpu_charged), c.answer]

    return {
        "k": table.k,
        "measure": table.measure,
        "statuses": [s.value for s in Status if any(c.status == s.value for r in table.rows for c in r.cells.values())],
        "groups": [{"run": g.run, "backend": g.backend, "label": g.label,
                    "timeout": g.timeout, "penalty": _round(g.penalty)} for g in table.groups],
        "rows": [[r.set_name, r.number, r.puzzle, r.se_rating, r.se_source, r.hodoku,
                  [cell(r.cells.get(n)) for n in range(len(table.groups))]] for r in table.rows],
    }


def _round(value: float | None, digits: int = 6) -> float | None:
    """Microseconds are plenty on a page; NaN (no penalty without a timeout) is JSON's null."""
    return None if value is None or math.isnan(value) else round(value, digits)


def page(table: Table, plotly: str | None, title: str = "sudokit table") -> str:
    """The self-contained HTML page: the runs, the controls, the table, the plots and the script, and
    plotly.js once when given (without it the page says the plots need the extra).

    plotly.js goes in gzipped and in base64 (about 2 MB instead of 4.8): the script unpacks it with the
    browser's own ``DecompressionStream`` and draws the plots once it is there.
    """
    data = json.dumps(page_data(table), separators=(",", ":")).replace("</", "<\\/")
    script = resources.files("sudokit.compare.reports").joinpath("table.js").read_text(encoding="utf-8")
    style = resources.files("sudokit.compare.reports").joinpath("table.css").read_text(encoding="utf-8")
    plots = ('<div id="plots"><div><div id="cactus"></div></div><div><div id="ecdf"></div></div><div>'
             '<label>scatter x <select id="scatter-x"></select></label> <label>y <select id="scatter-y"></select>'
             '</label><div id="scatter"></div></div></div>')
    if plotly is None:
        plots = f'<p class="note">{html.escape(PLOTS_HINT, quote=False)}.</p><div hidden>{plots}</div>'
    library = f'<script type="application/gzip" id="plotly-gzip">{packed(plotly)}</script>' if plotly else ""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title><style>{style}</style>{library}</head>
<body>
<h1>{html.escape(title)}</h1>
{_runs_html(table)}
<h2>Filters</h2>
<div id="controls">
<span>status</span><span id="f-status"></span>
<span>runs</span><span id="f-run"></span>
<span>backends</span><span id="f-backend"></span>
<span>sets</span><span id="f-set"></span>
<span>CPU s</span><span><input type="number" step="any" min="0" id="cpu-low" placeholder="from"> to
<input type="number" step="any" min="0" id="cpu-high" placeholder="to"></span>
<span>wall s</span><span><input type="number" step="any" min="0" id="wall-low" placeholder="from"> to
<input type="number" step="any" min="0" id="wall-high" placeholder="to"></span>
<span>of</span><span><select id="on"></select> (where the status and time filters look)</span>
<span></span><span><label><input type="checkbox" id="differ"> only where they differ (status or answer)</label>
<button id="reset" type="button">show all</button> <button id="csv" type="button">CSV of the rows kept</button></span>
</div>
<p class="note">A row is kept when its set is ticked and a shown column group's cell (any, or the one chosen
under "of") has a ticked status (none ticked: any) and its CPU and wall times within the ranges. The summaries and the plots are of the rows kept.
The filter is in the address (#…): a link shows the same view.</p>
<p id="count"></p>
<div class="table-wrap"><table id="table"><thead id="head"></thead><tbody id="body"></tbody></table></div>
<h2>Plots of the rows kept</h2>
{plots}
<script type="application/json" id="table-data">{data}</script>
<script>{script}</script>
</body></html>
"""


def _runs_html(table: Table) -> str:
    """The runs, and every setting that some run has otherwise than the first (marked)."""
    head = "<tr><th>run</th><th>database</th><th>started</th><th>backends</th><th>timeout s</th><th>machine</th>" \
           "<th>commit</th><th>busy (as report says)</th><th>differs from the first in</th></tr>"
    lines = []
    for number, source in enumerate(table.sources):
        run, env = source.run, source.run.environment
        commit = (env.get("commit") or "?")[:10] + (" (dirty)" if env.get("dirty") else "")
        differ = [key for key, values in table.differences.items() if values[number] != values[0]]
        backends = ", ".join(g.backend for g in table.groups if g.run == source.label)
        busy = busy_machine(run)
        started = run.started[:19] + ("" if run.finished else " (unfinished)")
        lines.append(f"<tr{MARKED if differ or busy else ''}><td>{html.escape(source.label)}</td>"
                     f"<td>{html.escape(source.db)}</td><td>{html.escape(started)}</td>"
                     f"<td>{html.escape(backends)}</td><td>{run.config.get('timeout', '')}</td>"
                     f"<td>{html.escape(str(env.get('machine', '?')))}</td><td>{html.escape(commit)}</td>"
                     f"<td>{html.escape(busy or 'no')}</td>"
                     f"<td>{html.escape(', '.join(differ) or '—')}</td></tr>")
    parts = [f'<table class="runs">{head}{"".join(lines)}</table>']
    if table.differences:
        rows = "".join(f"<tr><th>{html.escape(key)}</th>" + "".join(
            f"<td{MARKED if v != values[0] else ''}>{html.escape(_shown(v))}</td>" for v in values)
            + "</tr>" for key, values in table.differences.items())
        labels = "".join(f"<th>{html.escape(s.label)}</th>" for s in table.sources)
        parts.append("<h2>Settings that differ (times compare less directly across them)</h2>"
                     f'<table class="runs"><tr><th>setting</th>{labels}</tr>{rows}</table>')
    why = "" if table.measure == "cpu" else " (some record has no CPU time, or --measure wall)"
    parts.append(f'<p class="note">Times in seconds. PAR-{table.k:g} and the plots count {table.measure} time{why}, '
                 f"a timeout at its run's timeout, an unanswered puzzle at {table.k:g} × that timeout. CPU — : not measured. "
                 "Memory: the solving worker's peak (a high-water mark of the process, not of the puzzle alone).</p>")
    return "\n".join(parts)


def _shown(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(_shown(v) for v in value)
    if isinstance(value, tuple):
        return " ".join(str(v)[:12] for v in value)  # (a set's name and sha256)
    return "—" if value is None else str(value)


def packed(script: str) -> str:
    """A script gzipped and in base64, the same bytes for the same script (no time stamp)."""
    return base64.b64encode(gzip.compress(script.encode(), compresslevel=9, mtime=0)).decode("ascii")


def write(table: Table, out: Path, plotly: str | None) -> tuple[Path, Path]:
    """Write ``out``.html and ``out``.csv (``out`` a stem); returns their paths."""
    page_path, csv_path = out.with_name(out.name + ".html"), out.with_name(out.name + ".csv")
    page_path.write_text(page(table, plotly), encoding="utf-8")
    with open(csv_path, "w", encoding="utf-8", newline="") as stream:
        write_csv(table, stream)
    return page_path, csv_path

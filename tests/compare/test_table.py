"""``sudokit table``: the data the page is built from (hand-made runs whose figures are known), the command,
and the page itself driven in headless Chromium."""

from __future__ import annotations

import base64
import gzip
import importlib.util
import json
import math
import time
from dataclasses import replace

import pytest
from typer.testing import CliRunner

import sudokit.compare.cli  # noqa: F401  (registers the commands)
from sudokit.compare.app import app
from sudokit.compare.commands.table import output_stem
from sudokit.compare.reports import table as tables
from sudokit.compare.reports.stats import backend_stats, ranked_measure, virtual_best
from sudokit.compare.run.store import Record, Run, Store
from tests.browser import Browser, chromium

runner = CliRunner()
PUZZLES = [str(n) + "." * 80 for n in range(1, 5)]  # four distinct lines (the table never solves them)
ONE, TWO = "1" * 81, "2" * 81  # two different answers


def rec(index: int, backend: str, status: str, cpu: float | None, wall: float, solution: str | None = None,
        set_name: str = "s", **extra) -> Record:
    solution = solution or (ONE if status == "solved" else None)
    return Record(set_name, index, PUZZLES[index], backend, status, solution, 1 if solution else 0, 0.0, wall,
                  extra={"peak_kb": 2048, **extra}, cpu_seconds=cpu, steps=extra.get("steps"))


def run(name: str, timeout: float, machine: str) -> Run:
    return Run(1, name, "2026-01-01T00:00:00", None, {"machine": machine, "commit": "abc"}, [{"name": "s"}],
               {"timeout": timeout, "limit": 2})


HUMAN = {"steps": 12, "techniques": ["naked_single"]}
A = [  # run A (timeout 1 s): x answers 2 of 4; y answers all, P2 with another grid
    rec(0, "x", "solved", 0.1, 0.2), rec(0, "y", "solved", 0.2, 0.3),
    rec(1, "x", "solved", 0.3, 0.4), rec(1, "y", "solved", 0.2, 0.3, TWO),
    rec(2, "x", "timeout", 1.0, 1.1), rec(2, "y", "solved", 0.5, 0.6),
    rec(3, "x", "error", 0.05, 0.05), rec(3, "y", "solved", 0.6, 0.7),
]
B = [  # run B (timeout 2 s, another machine): x answers everything
    rec(0, "x", "solved", 0.4, 0.5), rec(1, "x", "solved", 0.1, 0.2), rec(2, "x", "solved", 0.1, 0.2),
    rec(3, "x", "solved", 0.1, 0.2),
    rec(1, "human-se", "solved", 0.1, 0.1, **HUMAN, mode="se", se_rating=3.4),
    rec(1, "human-hodoku", "solved", 0.1, 0.1, **HUMAN, mode="hodoku", hodoku_score=500, hodoku_level="hard"),
]


@pytest.fixture
def table() -> tables.Table:
    return tables.tabulate([tables.Source("A", run("A", 1.0, "m1"), A, {("s", 0): {"se_rating": 7.1}}),
                            tables.Source("B", run("B", 2.0, "m2"), B)])


def test_a_row_per_puzzle_and_a_group_per_run_and_backend(table):
    assert [g.label for g in table.groups] == ["A / x", "A / y", "B / x", "B / human-se", "B / human-hodoku"]
    assert table.measure == "cpu"
    assert [g.penalty for g in table.groups] == [2.0, 2.0, 4.0, 4.0, 4.0]
    assert [(r.set_name, r.number, r.puzzle) for r in table.rows] == [("s", i + 1, PUZZLES[i]) for i in range(4)]
    first = table.rows[0].cells
    assert sorted(first) == [0, 1, 2]  # the human backends attempted P2 only
    assert (first[2].cpu, first[2].wall, first[2].memory_mb) == (0.4, 0.5, 2.0)
    timeout = table.rows[2].cells[0]
    assert (timeout.status, timeout.answered, timeout.charged, timeout.par) == ("timeout", False, 1.0, 2.0)


def test_ratings_come_from_the_set_and_from_each_owners_mode(table):
    assert (table.rows[0].se_rating, table.rows[0].se_source) == (7.1, "the set's own")
    assert (table.rows[1].se_rating, table.rows[1].se_source, table.rows[1].hodoku) == (3.4, "B / human-se", "500 hard")
    assert (table.rows[2].se_rating, table.rows[2].hodoku) == (None, None)


def test_summaries_count_as_the_reports_do(table):
    ax, ay, bx = table.summaries()[:3]
    assert (ax.attempted, ax.answered) == (4, 2)
    assert ax.par == pytest.approx((0.1 + 0.3 + 2 + 2) / 4)  # the timeout and the error at 2 x 1 s
    assert ax.cpu_median == pytest.approx((0.1 + 0.3) / 2)
    assert (ay.answered, ay.par) == (4, pytest.approx(1.5 / 4))
    assert bx.par == pytest.approx((0.4 + 0.1 + 0.1 + 0.1) / 4) and bx.cpu_median == pytest.approx(0.1)
    assert ax.par == pytest.approx(virtual_best([r for r in A if r.backend == "x"], 1.0, "cpu", 2).par["x"])
    kept = table.summaries([table.rows[2]])[0]  # recomputed from the rows kept
    assert (kept.attempted, kept.answered, kept.par, kept.cpu_median) == (1, 0, 2.0, 1.0)
    assert math.isnan(table.summaries([])[0].par)


def test_one_record_without_cpu_time_puts_the_table_on_wall_time_as_a_report_does(tmp_path):
    records = [replace(A[0], cpu_seconds=None), *A[1:]]
    table = tables.tabulate([tables.Source("A", run("A", 1.0, "m"), records)])
    assert table.measure == "wall"
    ax = table.summaries()[0]
    assert ax.par == pytest.approx((0.2 + 0.4 + 2 + 2) / 4)
    assert ax.cpu_median == pytest.approx(0.3)  # (of the records that have CPU time: 0.3 and a timeout at 1 s)
    clock = ranked_measure(backend_stats(records, 1.0), "cpu")
    assert ax.par == pytest.approx(virtual_best(records, 1.0, clock, 2).par["x"])
    _, csv = tables.write(table, tmp_path / "t", None)
    assert ",solved,,0.2,2.0," in csv.read_text().splitlines()[1]  # no CPU time: an empty field


def test_rows_differ_in_status_or_answer(table):
    assert [r.differs() for r in table.rows] == [False, True, True, True]
    assert [r.differs([0, 2]) for r in table.rows] == [False, False, True, True]  # P2: both x answer ONE
    assert [r.differs([1, 2]) for r in table.rows] == [False, True, False, False]  # P2: y's grid is another


def test_the_settings_that_differ_are_named_as_diff_names_them(table):
    assert table.differences["timeout"] == [1.0, 2.0]
    assert table.differences["machine"] == ["m1", "m2"]
    assert "commit" not in table.differences and "limit" not in table.differences
    page = tables.page(table, None)
    assert "Settings that differ" in page and 'class="differs"' in page


def test_the_csv_has_a_row_per_puzzle_and_four_columns_per_group(table, tmp_path):
    page, csv = tables.write(table, tmp_path / "t", None)
    lines = csv.read_text().splitlines()
    assert len(lines) == 5 and lines[0].startswith("set,number,puzzle,se_rating,se_rating_from,hodoku,A / x: status")
    assert lines[1].split(",")[:6] == ["s", "1", PUZZLES[0], "7.1", "the set's own", ""]
    assert page.name == "t.html" and page.exists()


def test_the_page_holds_its_data_whole_and_escaped(tmp_path):
    odd = [rec(0, "x", "solved", 0.1, 0.2, set_name="</script><b>")]
    page = tables.page(tables.tabulate([tables.Source("r", run("r", 1.0, "m"), odd)]), None)
    assert "</script><b>" not in page
    start = page.index('<script type="application/json" id="table-data">') + len('<script type="application/json" id="table-data">')
    data = json.loads(page[start:page.index("</script>", start)])
    assert data["rows"][0][0] == "</script><b>" and data["groups"][0]["label"] == "r / x"
    assert tables.PLOTS_HINT in page and "src=" not in page  # nothing fetched: no CDN


def test_output_stem(tmp_path):
    assert output_stem(str(tmp_path)) == tmp_path / "table"
    assert output_stem(str(tmp_path / "new") + "/") == tmp_path / "new" / "table"
    assert output_stem(str(tmp_path / "t.html")) == tmp_path / "t"
    assert output_stem(str(tmp_path / "t")) == tmp_path / "t"


# ---------------------------------------------------------------------------- the command


def stored(db, name: str, records: list[Record], timeout: float = 1.0) -> None:
    with Store.open(db) as store:
        store.add(store.start_run(name, {"sets": [{"name": "s"}], "config": {"timeout": timeout}}), records)


def test_runs_of_two_databases_named_as_db_run(tmp_path, monkeypatch):
    monkeypatch.setattr(tables, "plotly_js", lambda: None)
    one, two = tmp_path / "one.sqlite", tmp_path / "two.sqlite"
    stored(one, "r", A)
    stored(two, "r", B, timeout=2.0)
    stored(two, "only", B)
    ambiguous = runner.invoke(app, ["table", "r", "--db", str(one), "--db", str(two)])
    assert ambiguous.exit_code == 2 and "name it as DB:r" in ambiguous.stderr
    out = tmp_path / "pages" / ""
    result = runner.invoke(app, ["table", "one:r", "two.sqlite:r", "only", "--db", str(one), "--db", str(two),
                                 "-o", f"{out}/"])
    assert result.exit_code == 0, result.output
    assert f"4 puzzles, 8 column groups: {out / 'table.html'} and {out / 'table.csv'}" in result.stdout
    assert "the runs differ in: timeout" in result.stdout
    assert "pip install 'sudokit[table]'" in result.stderr  # no plotly: the table alone, and why
    another = runner.invoke(app, ["table", f"{two}:only", "--db", str(one), "-o", str(tmp_path / "t")])
    assert another.exit_code == 0, another.output  # a database named by its path, not among the --db's
    assert (tmp_path / "t.csv").read_text().splitlines()[0].count(": status") == 3
    header = (out / "table.csv").read_text().splitlines()[0]
    assert "one:r / x: status" in header and "two:r / x: status" in header and "only / x: status" in header


@pytest.mark.parametrize("arguments, message", [
    (["nope"], "no run called 'nope'"),
    (["missing:r"], "no run called 'missing:r'"),
    (["r", "r"], "named twice"),
    (["r", "--db", "{tmp}/absent.sqlite"], "no results database there"),
    (["r", "--measure", "both"], "--measure 'both'"),
    (["empty"], "run 'empty' has no records"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, arguments, message):
    db = tmp_path / "r.sqlite"
    stored(db, "r", A)
    stored(db, "empty", [])
    given = [a.replace("{tmp}", str(tmp_path)) for a in arguments]
    result = runner.invoke(app, ["table", *given, *([] if "--db" in given else ["--db", str(db)]),
                                 "-o", str(tmp_path / "t")])
    assert result.exit_code == 2 and message in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "t.html").exists()


@pytest.mark.skipif(importlib.util.find_spec("plotly") is None, reason="plotly (the table extra) is not installed")
def test_with_plotly_the_page_holds_it_once_gzipped(table):
    plotly = tables.plotly_js()
    page = tables.page(table, plotly)
    assert page.count('id="plotly-gzip"') == 1 and tables.PLOTS_HINT not in page
    start = page.index('id="plotly-gzip">') + len('id="plotly-gzip">')
    assert gzip.decompress(base64.b64decode(page[start:page.index("</script>", start)])).decode() == plotly
    assert len(page) < len(plotly) / 2  # (4.8 MB of plotly.js in about 2 MB)


# ---------------------------------------------------------------------------- the page, in a browser

SEEN = """JSON.stringify({
  kept: Number(document.getElementById("count").dataset.kept), hash: location.hash,
  summary: [...document.querySelectorAll("tr.summary td[data-answered]")].slice(0, 99).reduce((found, td) => {
    found[td.dataset.group] = [Number(td.dataset.answered), Number(td.dataset.attempted), Number(td.dataset.par)];
    return found; }, {}),
  points: Object.fromEntries(["cactus", "ecdf", "scatter"].map((id) => [id, Number(document.getElementById(id).dataset.points)])),
  drawn: document.querySelector("#cactus .main-svg") !== null})"""


def seen(browser: Browser) -> dict:
    """What the page's script shows: the rows kept, each shown group's summary, each plot's points."""
    return json.loads(browser.evaluate(SEEN))


def opened(browser: Browser, url: str) -> dict:
    """``seen`` on the page at ``url`` loaded anew, once its plots' library is unpacked (or found absent)."""
    browser.open("about:blank")  # (so that a link differing in its hash alone loads the page anew)
    browser.open(url)
    deadline = time.monotonic() + 30
    while browser.evaluate("document.body.dataset.plotted") is None and time.monotonic() < deadline:
        time.sleep(0.05)
    return seen(browser)


@pytest.mark.skipif(chromium() is None, reason="no Chromium to drive the page (Debian: apt-get install chromium)")
def test_the_page_filters_summarises_and_replots_in_a_browser(table, tmp_path):
    plotly = tables.plotly_js()
    page, _ = tables.write(table, tmp_path / "t", plotly)

    def expected(rows, groups=range(5)):  # each group that attempted a row (PAR rounded, as the page's cells are)
        summaries = table.summaries(rows)
        return {str(g): [s.answered, s.attempted, round(s.par, 6)] for g in groups if (s := summaries[g]).attempted}

    def summary(shown):
        return {g: [a, n, round(par, 6)] for g, (a, n, par) in shown["summary"].items() if n}

    with Browser(chromium(), tmp_path / "profile", width=1400, height=1000) as browser:
        everything = opened(browser, page.as_uri())
        assert everything["kept"] == 4 and summary(everything) == expected(table.rows)
        assert everything["points"]["cactus"] == 2 + 4 + 4 + 1 + 1  # every answer, by its group
        assert everything["drawn"] == (plotly is not None)

        browser.evaluate("""const box = document.querySelector('input[data-list="status"][value="timeout"]');
                            box.checked = true; box.dispatchEvent(new Event("change"));""")
        timeouts = seen(browser)  # ticked: only P3 has a timeout (A / x's)
        assert timeouts["hash"] == "#status=timeout" and timeouts["kept"] == 1
        assert summary(timeouts) == expected([table.rows[2]])
        assert timeouts["points"]["cactus"] == 2  # A / y's and B / x's answers to P3

        solved_by_ax = opened(browser, page.as_uri() + "#status=solved&on=0")  # a link's view: solved by A / x
        assert solved_by_ax["kept"] == 2 and summary(solved_by_ax) == expected(table.rows[:2])

        differing = opened(browser, page.as_uri() + "#differ=1&backend=x")  # x's groups alone: P3 and P4 differ
        assert differing["kept"] == 2 and summary(differing) == expected(table.rows[2:], (0, 2))
        assert differing["points"]["cactus"] == 2 and differing["points"]["scatter"] == 2
        assert differing["drawn"] == (plotly is not None)

        browser.evaluate('location.hash = "#status=error"')  # a jump within the page: re-read on hashchange
        deadline = time.monotonic() + 10
        while seen(browser)["kept"] != 1 and time.monotonic() < deadline:  # (the event comes as a task of its own)
            time.sleep(0.05)
        assert seen(browser)["kept"] == 1  # P4, A / x's error

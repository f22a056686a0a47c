"""Reports that never mislead: the verdict first, honest times, a ranking by answers before speed."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from sudokit.compare.reports import report
from sudokit.compare.run.store import Record, Store

TIMEOUT = 2.0
PUZZLES = 6


def records() -> list[Record]:
    """Four backends over six puzzles: right and fast, right and slower, fast and always stuck, one timeout."""
    rows = []
    for i in range(PUZZLES):
        puzzle, solution = f"{i}" + "." * 80, f"{i}" * 81
        rows += [
            Record("s", i, puzzle, "quick", "solved", solution, 1, 0.0, 0.001 * (i + 1), guesses=1),
            Record("s", i, puzzle, "steady", "solved", solution, 1, 0.0, 0.004 * (i + 1), guesses=1),
            Record("s", i, puzzle, "giver-up", "stuck", None, 0, 0.0, 0.0001, guesses=0, steps=3),
            Record("s", i, puzzle, "slowpoke", "timeout" if i == 0 else "solved", None if i == 0 else solution,
                   0 if i == 0 else 1, 0.0, 2.1 if i == 0 else 0.5),
        ]
    return rows


@pytest.fixture
def summary(tmp_path):
    description = {"sets": [{"name": "s", "sha256": "x", "puzzles": PUZZLES, "skipped": []}],
                   "config": {"limit": 2, "timeout": TIMEOUT, "repeat": 1, "transform_seed": None,
                              "backends": {b: b for b in ("quick", "steady", "giver-up", "slowpoke")}},
                   "environment": {"commit": "abc", "dirty": False}}
    with Store.open(tmp_path / "r.sqlite") as store:
        run = store.start_run("r", description)
        store.add(run, records())
        store.finish_run(run)
        yield report.summarize(store, store.run("r"))


def test_a_backend_that_answered_nothing_is_never_ranked_fastest(summary):
    assert summary.ranking == ["quick", "steady", "slowpoke", "giver-up"]
    text = report.verdict(summary)
    assert text.startswith("2 of 4 backends answered every puzzle correctly: `quick`, `steady`.")
    assert "`giver-up` answered 0 %, stuck 6" in text and "`slowpoke` answered 83 %, timeout 1" in text
    assert "The fastest of them by wall time is `quick`" in text and "4.00x faster than the next, `steady`" in text
    assert text.endswith("No disagreements: every answer passed the judge and the backends agree.")


def test_a_timeout_counts_at_the_timeout_and_marks_figures_as_lower_bounds(summary):
    rows = {row[1]: row for row in report.stats_rows(summary)}
    header = report.STATS_HEADER
    slow = rows["slowpoke"]
    assert slow[header.index("rank")] == "–" and slow[header.index("timeout")] == "1"
    assert slow[header.index("max ms")] == "≥ 2,100"
    assert slow[header.index("median ms")].startswith("≥ ")
    assert rows["quick"][header.index("rank")] == "1" and rows["giver-up"][header.index("rank")] == "–"


def test_summary_json_carries_every_status_and_the_ranking(summary, tmp_path):
    out = tmp_path / "out"
    report.write_report(summary, out)
    data = json.loads((out / "summary.json").read_text())
    assert data["ranking"] == summary.ranking
    by_name = {b["backend"]: b for b in data["backends"]}
    slow = by_name["slowpoke"]
    assert {k: slow[k] for k in ("attempted", "solved", "multiple", "unsat", "stuck", "timeout", "error")} == {
        "attempted": 6, "solved": 5, "multiple": 0, "unsat": 0, "stuck": 0, "timeout": 1, "error": 0}
    assert slow["median_ms"] == pytest.approx(500.0) and slow["p95_ms"] >= 1300
    assert by_name["quick"]["median_interval"][0] <= by_name["quick"]["median"] <= by_name["quick"]["median_interval"][1]


def test_the_report_opens_with_the_verdict_and_ends_with_the_environment(summary, tmp_path):
    out = tmp_path / "out"
    markdown = report.write_report(summary, out).read_text()
    verdict_at, table_at = markdown.index("2 of 4 backends"), markdown.index("| rank |")
    assert verdict_at < table_at < markdown.index("## Environment and configuration")
    assert "None" not in markdown  # no "transformation seed None" and the like
    assert "## Agreement" in markdown and "agreement.png" not in markdown  # all agree: a sentence, no matrix


def test_report_html_renders_in_a_browser_with_the_verdict_before_the_first_table(summary, tmp_path):
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        pytest.skip("Chromium is not installed (Debian package chromium)")
    out = tmp_path / "out"
    report.write_report(summary, out)
    command = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               f"--user-data-dir={tmp_path / 'profile'}"]
    dom = subprocess.run([*command, "--dump-dom", (out / "report.html").as_uri()], capture_output=True,
                         text=True, timeout=120).stdout
    assert "<table>" in dom and dom.index("2 of 4 backends") < dom.index("<table>")
    shot = tmp_path / "shot.png"
    subprocess.run([*command, "--window-size=1280,900", f"--screenshot={shot}", (out / "report.html").as_uri()],
                   capture_output=True, timeout=120)
    assert shot.exists() and shot.stat().st_size > 20_000  # a page with text and a chart, not a blank one


def test_the_ratings_section_gives_each_human_backends_figures_and_agreement_with_the_sets_ratings(tmp_path):
    """Two human backends in different modes over three puzzles whose set carries SE's ER: the SE-mode
    backend matches two of three, the other none; SE mode shows no HoDoKu score."""
    from sudokit.solvers.human.stats import HumanStats

    def answer(i: int, backend: str, mode: str, er: float, score: int | None, level: str | None) -> Record:
        stats = HumanStats(steps=30, guesses=0, hardest="x_wing", techniques=("x_wing",), uniqueness=False,
                           se_rating=er, score=score, level=level, ep=er, ed=1.5, mode=mode, effort=100.0 * (i + 1))
        return Record("s", i, f"{i}" + "." * 80, backend, "solved", f"{i}" * 81, 1, 0.0, 0.01, guesses=0,
                      steps=30, hardest="x_wing", extra=stats.to_dict())

    theirs = (3.2, 4.5, 7.1)
    with Store.open(tmp_path / "r.sqlite") as store:
        run = store.start_run("r", {"sets": [{"name": "s", "sha256": "x", "puzzles": 3, "skipped": []}],
                                    "config": {"limit": 2, "timeout": 1.0, "repeat": 1, "transform_seed": None,
                                               "backends": {"human": "h", "human-se": "s"}},
                                    "environment": {}})
        store.add_puzzles(run, [("s", i, f"{i}" + "." * 80, {"se_rating": er}) for i, er in enumerate(theirs)])
        store.add(run, [answer(i, "human-se", "se", er, None, None) for i, er in enumerate((3.2, 4.5, 7.3))]
                  + [answer(i, "human", "default", er + 1, 100 * (i + 1), "hard") for i, er in enumerate(theirs)])
        store.finish_run(run)
        summary = report.summarize(store, store.run("r"))
        markdown = report.write_report(summary, tmp_path / "out").read_text()
        data = json.loads((tmp_path / "out" / "summary.json").read_text())
    rows = {line.split("|")[1].strip(): [c.strip() for c in line.split("|")[2:-1]]
            for line in markdown[markdown.index("## Ratings"):].splitlines()[6:8]}
    # each figure under its owner: SE's ER only for the SE-mode backend, the default mode's as the engine's
    assert rows["human-se"] == ["se", "SE", "3", "4.5 (7.3)", "4.5", "–", "200 (280)", "–", "–", "2/3 (67 %)"]
    assert rows["human"] == ["default", "sudokit engine", "3", "–", "–", "5.5 (8.1)", "200 (280)", "200", "hard 3",
                             "0/3 (0 %)"]
    by_backend = {r["backend"]: r for r in data["ratings"]}
    assert by_backend["human-se"]["score_median"] is None and by_backend["human"]["exact"] == 0


@pytest.mark.parametrize("chart", ["time_ecdf", "time_vs_rating"])
def test_each_of_fourteen_backends_is_drawn_in_a_style_of_its_own(chart, tmp_path, monkeypatch):
    """The default run has 14 backends; matplotlib has 10 colours: no two backends may look alike."""
    from matplotlib.colors import to_hex

    from sudokit.compare.reports import plots

    drawn = []
    monkeypatch.setattr(plots, "_save", lambda fig, path: drawn.append(fig) or path)
    names = [f"backend{i}" for i in range(14)]
    if chart == "time_ecdf":
        plots.time_ecdf({b: [0.001 * (i + 1)] for i, b in enumerate(names)}, dict.fromkeys(names, 1), tmp_path / "c.png")
        styles = [(to_hex(line.get_color()), line.get_linestyle()) for line in drawn[0].axes[0].get_lines()]
    else:
        plots.time_vs_rating({b: [(5.0, 0.01, "solved")] for b in names}, "SE", tmp_path / "c.png")
        styles = [(to_hex(dots.get_facecolor()[0]), tuple(dots.get_paths()[0].vertices.round(3).flatten()))
                  for dots in drawn[0].axes[0].collections]
    assert len(styles) == 14 and len(set(styles)) == 14, styles

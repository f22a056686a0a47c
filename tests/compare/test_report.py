"""Reports that never mislead: the verdict first, honest times, a ranking by answers before speed."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

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


@contextmanager
def stored_summary(tmp_path) -> Iterator[report.Summary]:
    """The run of `records()` stored in `tmp_path / "r.sqlite"` and summarized; the store stays open inside."""
    description = {"sets": [{"name": "s", "sha256": "x", "puzzles": PUZZLES, "skipped": []}],
                   "config": {"limit": 2, "timeout": TIMEOUT, "repeat": 1, "transform_seed": None,
                              "backends": {b: b for b in ("quick", "steady", "giver-up", "slowpoke")}},
                   "environment": {"commit": "abc", "dirty": False}}
    with Store.open(tmp_path / "r.sqlite") as store:
        run = store.start_run("r", description)
        store.add(run, records())
        store.finish_run(run)
        yield report.summarize(store, store.run("r"))


@pytest.fixture
def summary(tmp_path):
    with stored_summary(tmp_path) as summarized:
        yield summarized


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


# ---------------------------------------------------------------------------- the judge blames only the wrong

G1, G2 = "1" * 81, "2" * 81  # two grids (the judge ran when the records were made; here only claims count)


@pytest.fixture
def summary_of():
    """Summarise a stored run of hand-made records (the stores stay open, for the report to read, to the end)."""
    with ExitStack() as stores:
        def summarize(path, rows: list[Record], config: dict | None = None, environment: dict | None = None):
            backends = list(dict.fromkeys(r.backend for r in rows))
            description = {"sets": [{"name": "s", "sha256": "x", "puzzles": 3, "skipped": []}],
                           "config": {"limit": 2, "timeout": TIMEOUT, "repeat": 1, "transform_seed": None,
                                      "backends": {b: b for b in backends}, **(config or {})},
                           "environment": environment or {}}
            store = stores.enter_context(Store.open(path / "r.sqlite"))
            run = store.start_run("r", description)
            store.add(run, rows)
            store.finish_run(run)
            return report.summarize(store, store.run("r"))

        yield summarize


def answer(index: int, backend: str, status: str, solution: str | None, cpu: float, **extra) -> Record:
    return Record("s", index, f"{index}" + "." * 80, backend, status, solution, 2 if status == "multiple" else 1,
                  0.0, cpu, extra=extra, cpu_seconds=cpu)


def ranks(summary) -> dict[str, str]:
    return {row[1]: row[0] for row in report.stats_rows(summary)}


def test_a_false_unique_claim_is_blamed_on_the_liar_alone_and_bitx_keeps_its_rank(tmp_path, summary_of):
    """Puzzle 2 has several solutions: bitx says multiple with both grids, the liar (faster) claims one unique."""
    rows = [answer(0, "bitx", "solved", G1, 0.002), answer(0, "liar", "solved", G1, 0.001),
            answer(1, "bitx", "solved", G1, 0.004), answer(1, "liar", "solved", G1, 0.001),
            answer(2, "bitx", "multiple", G1, 0.006, also_found=[G2]), answer(2, "liar", "solved", G2, 0.001)]
    summary = summary_of(tmp_path, rows)
    (found,) = summary.disagreements
    assert found.refuted == {"liar"} and not found.unsettled and set(found.reasons) == {"liar"}
    assert "claims the only solution, but bitx returned another" in found.reasons["liar"]
    assert summary.ranking[0] == "bitx" and ranks(summary) == {"bitx": "1", "liar": "–"}
    stats = {s.backend: s for s in summary.stats}
    assert (stats["bitx"].answered, stats["liar"].answered, stats["liar"].refuted) == (3, 2, 1)
    vb = summary.competition
    assert vb.par["bitx"] == pytest.approx((0.002 + 0.004 + 0.006) / 3)  # right and never penalised
    assert vb.par["liar"] == pytest.approx((0.001 + 0.001 + 2 * TIMEOUT) / 3)  # the refuted answer at 2 x timeout
    text = report.verdict(summary)
    assert text.startswith("1 of 2 backends answered every puzzle correctly: `bitx`.")
    assert "`liar` answered 67 %, refuted 1" in text and "in a disagreement" not in text
    assert report.failure(summary) == "1 puzzle with disagreements"


def test_a_conflict_no_grid_settles_names_both_sides_and_drops_neither(tmp_path, summary_of):
    """A plug-in says multiple (no grids) where bitx found one solution: nobody can tell who is right."""
    rows = [answer(0, "bitx", "solved", G1, 0.002), answer(0, "plug", "multiple", None, 0.003),
            answer(1, "bitx", "solved", G1, 0.002), answer(1, "plug", "solved", G1, 0.003)]
    summary = summary_of(tmp_path, rows)
    (found,) = summary.disagreements
    assert found.unsettled == {"bitx", "plug"} and not found.refuted
    assert found.reasons["bitx"] == "conflicts with plug (not settled by the judge)"
    assert ranks(summary) == {"bitx": "1", "plug": "2"}
    assert summary.competition.par == pytest.approx({"bitx": 0.002, "plug": 0.003})  # no penalty on either side
    text = report.verdict(summary)
    assert "In conflicts no grid settles" in text and "`bitx` on 1 puzzle, `plug` on 1 puzzle" in text


def test_a_false_unsat_is_refuted_and_not_answered(tmp_path, summary_of):
    rows = [answer(i, b, "unsat" if (b, i) == ("plug", 0) else "solved", None if (b, i) == ("plug", 0) else G1,
                   0.001) for i in range(3) for b in ("bitx", "plug")]
    summary = summary_of(tmp_path, rows)
    stats = {s.backend: s for s in summary.stats}
    assert (stats["plug"].answered, stats["plug"].refuted, stats["plug"].statuses["unsat"]) == (2, 1, 1)
    assert summary.competition.answered == {"bitx": 3, "plug": 2} and ranks(summary)["plug"] == "–"
    assert "2 (67 %), 1 refuted" in {row[1]: row for row in report.stats_rows(summary)}["plug"][3]


def test_solutions_without_a_uniqueness_claim_are_ranked_apart_and_left_out_of_the_virtual_best(tmp_path, summary_of):
    rows = [r for i in range(3) for r in (answer(i, "prover", "solved", G1, 0.004),
                                          answer(i, "first", "solved", G1, 0.001, claims_unique=False))]
    summary = summary_of(tmp_path, rows)
    assert summary.ranking == ["prover", "first"] and ranks(summary) == {"prover": "1", "first": "(1)"}
    vb = summary.competition
    assert vb.best_share == {"prover": 3, "first": 0} and vb.vbs_par == pytest.approx(0.004)
    text = report.verdict(summary)
    assert "Ranked apart" in text and "`first` 3 of 3" in text
    assert "The fastest of those that prove uniqueness by CPU time is `prover`" in text
    markdown = report.write_report(summary, tmp_path / "out").read_text()
    assert "| first | 3 of 3 |" in markdown and "– (ranked apart)" in markdown


def test_skipped_backends_stay_in_the_verdict_with_the_reason(tmp_path, summary_of):
    from sudokit.compare.run.harness import Plan
    from sudokit.models.puzzles import PuzzleSet, parse_puzzle_text
    from sudokit.solvers.registry import get_backend

    sixteen = PuzzleSet("big", [parse_puzzle_text("." * 256)])
    plan = Plan([sixteen], [get_backend("bitx"), get_backend("human-hodoku")], unavailable={"cpsat": "needs ortools"})
    skipped = plan.description()["config"]["skipped"]
    assert skipped == {"cpsat": "not available: needs ortools",
                       "human-hodoku": "skipped 1 puzzle larger than it handles (9x9 at most)"}
    summary = summary_of(tmp_path, [answer(0, "bitx", "solved", G1, 0.001)], {"skipped": skipped})
    text = report.verdict(summary)
    assert "Skipped: `cpsat` not available: needs ortools; `human-hodoku` skipped 1 puzzle larger" in text


def test_the_ranking_clock_falls_back_to_wall_time_only_when_an_answer_lacks_cpu_time_and_says_so(tmp_path, summary_of):
    rows = [answer(i, "bitx", "solved", G1, 0.002) for i in range(3)]
    # a backend that answered nothing and whose errors have no CPU time does not change the clock
    failing = [Record("s", i, f"{i}" + "." * 80, "broken", "error", None, 0, 0.0, 0.01, message="boom")
               for i in range(3)]
    assert summary_of(tmp_path, rows + failing).measure == "cpu"
    unmeasured = [Record("s", i, f"{i}" + "." * 80, "guest", "solved", G1, 1, 0.0, 0.001) for i in range(3)]
    other = tmp_path / "other"
    other.mkdir()
    summary = summary_of(other, rows + unmeasured)
    assert summary.measure == "wall" and summary.asked == "cpu"
    text = report.verdict(summary)
    assert ("Ranked by wall time, not CPU time as asked: the CPU time of `guest` (3 answers) could not be "
            "measured") in text
    assert {row[1]: row[report.STATS_HEADER.index("median CPU ms")] for row in report.stats_rows(summary)}[
        "guest"] == "not measured"
    report.write_report(summary, other / "out")
    assert json.loads((other / "out" / "summary.json").read_text())["ranked_by"] == "wall"


def test_a_run_where_nothing_was_answered_says_so_instead_of_empty_charts(tmp_path, summary_of):
    rows = [Record("s", i, f"{i}" + "." * 80, b, status, None, 0, 0.0, 0.01, message="boom" if b == "e" else "")
            for i in range(3) for b, status in (("e", "error"), ("s1", "stuck"))]
    summary = summary_of(tmp_path, rows)
    assert report.failure(summary) == "nothing answered: e answered nothing: every attempt was an error, the first: boom"
    assert "**Nothing answered**" in report.verdict(summary) and "every answer passed" not in report.verdict(summary)
    markdown = report.write_report(summary, tmp_path / "out").read_text()
    assert "**Nothing answered**: no backend gave an answer" in markdown
    assert "time_ecdf.png" not in markdown and "Solver-competition" not in markdown
    assert not (tmp_path / "out" / "time_ecdf.png").exists()


def test_the_ratings_table_lists_hodoku_modes_score_and_level(tmp_path, summary_of):
    from sudokit.solvers.human.stats import HumanStats

    def rated(i: int, backend: str, mode: str, er: float | None, score: int | None, level: str | None) -> Record:
        stats = HumanStats(steps=30, guesses=0, hardest="x_wing", techniques=("x_wing",), uniqueness=False,
                           se_rating=er, score=score, level=level, ep=er, ed=er, mode=mode, effort=100.0)
        return Record("s", i, f"{i}" + "." * 80, backend, "solved", G1, 1, 0.0, 0.01, guesses=0, steps=30,
                      hardest="x_wing", extra={k: v for k, v in stats.to_dict().items() if v is not None})

    rows = [r for i, score in enumerate((196, 250, 300)) for r in (rated(i, "human-hodoku", "hodoku", None, score, "easy"),
                                                                   rated(i, "human-se", "se", 2.3, None, None))]
    summary = summary_of(tmp_path, rows)
    markdown = report.write_report(summary, tmp_path / "out").read_text()
    table = markdown[markdown.index("## Ratings"):]
    row = next(line for line in table.splitlines() if line.startswith("| human-hodoku"))
    assert [c.strip() for c in row.split("|")[1:-1]] == ["human-hodoku", "hodoku", "HoDoKu", "3", "–", "–", "–",
                                                        "100 (100)", "250", "easy 3"]
    assert "| human-se | se | SE |" in table


def test_a_puzzle_given_as_text_names_its_run_after_its_first_cells_and_export_takes_o(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    import sudokit.compare.cli  # noqa: F401  (registers the commands)
    from sudokit.compare.app import app

    monkeypatch.chdir(tmp_path)
    puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    runner = CliRunner()
    result = runner.invoke(app, ["compare", puzzle, "--backends", "bitx", "--jobs", "1", "--no-report", "--json"])
    assert result.exit_code == 0, result.output
    name = json.loads(result.stdout)["run"]
    assert name.startswith("puzzle-400000805030-") and "argument" not in name
    exported = runner.invoke(app, ["export", name, "-o", "out.csv"])
    assert exported.exit_code == 0, exported.output
    assert (tmp_path / "out.csv").read_text().count("\n") == 2  # the header and bitx's record

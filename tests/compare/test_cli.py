"""``sudokit compare``, ``report`` and ``export`` through the command line."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import sudokit.compare.cli  # noqa: F401  (registers the commands)
from sudokit.compare.app import app
from sudokit.compare.sets import load_set
from sudokit.models.grid import Grid, is_solution
from sudokit.solvers.registry import BACKENDS
from tests.compare.fakes import MISBEHAVING_GIVENS, fake

runner = CliRunner()
TOP = load_set("top95").puzzles[:8]
EASY = load_set("easy50").puzzles[:4]


def write(path: Path, lines: list[str]) -> str:
    path.write_text("\n".join(lines) + "\n")
    return str(path)


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_file_with_bad_lines_is_rejected_before_anything_runs(here):
    bad = write(here / "bad.txt", [TOP[0].grid.line(), "12345", TOP[1].grid.line(), "11" + "." * 79])
    result = runner.invoke(app, ["compare", bad, "--backends", "dlx"])
    assert result.exit_code == 2
    assert "bad.txt:2:" in result.stderr and "1 more bad lines: lines 4)" in result.stderr
    assert len(result.stderr.splitlines()) == 1
    assert not (here / "results").exists()


def test_skip_invalid_runs_the_rest_and_records_what_was_skipped(here):
    bad = write(here / "bad.txt", [TOP[0].grid.line(), "12345"])
    result = runner.invoke(app, ["compare", bad, "--backends", "dlx", "--name", "skip"])
    assert result.exit_code == 2
    result = runner.invoke(app, ["compare", bad, "--backends", "dlx", "--name", "skip", "--skip-invalid"])
    assert result.exit_code == 0, result.output
    summary = json.loads((here / "results/runs/skip/summary.json").read_text())
    assert len(summary["sets"][0]["skipped"]) == 1 and summary["backends"][0]["puzzles"] == 1


def test_compare_transforms_judges_stores_reports_and_exports(here):
    puzzles = write(here / "eight.txt", [p.grid.line() for p in TOP])
    result = runner.invoke(app, ["compare", puzzles, "--backends", "dlx,bitx", "--transform", "--seed", "5",
                                 "--name", "t", "--jobs", "2"])
    assert result.exit_code == 0, result.output
    assert "No disagreements" in result.stdout
    out = here / "results/runs/t"
    assert {"report.md", "report.html", "summary.json", "time_ecdf.png"} <= {
        p.name for p in out.iterdir()}
    page = (out / "report.html").read_text()
    assert "data:image/png;base64," in page and 'src="http' not in page
    exported = runner.invoke(app, ["export", "t", "--format", "csv"])
    rows = list(csv.DictReader(io.StringIO(exported.stdout)))
    assert len(rows) == 16
    for row in rows:  # answers are stored for the puzzles as given, not as transformed
        assert row["status"] == "solved"
        assert is_solution(Grid.parse(row["solution"]), TOP[int(row["puzzle_index"])].grid)
    again = runner.invoke(app, ["report", "t", "--out", "again"])
    assert again.exit_code == 0 and (here / "again/report.md").read_text() == (out / "report.md").read_text()


def test_a_disagreement_makes_compare_exit_1_and_is_listed(here, monkeypatch):
    monkeypatch.setitem(BACKENDS, "wrong", fake("wrong", "WrongSolver"))
    puzzles = write(here / "four.txt", [p.grid.line() for p in EASY])
    result = runner.invoke(app, ["compare", puzzles, "--backends", "dlx,wrong", "--no-report"])
    assert result.exit_code == 1
    bad = [p for p in EASY if p.grid.count_givens() == MISBEHAVING_GIVENS]
    assert f"{len(bad)} puzzles with disagreements" in result.stdout
    assert all(p.grid.line() in result.stdout for p in bad)


@pytest.mark.parametrize("args", [["compare", "top95", "--backends", "nonesuch"], ["report", "nonesuch"],
                                  ["export", "nonesuch"], ["compare", "no/such/file.txt"],
                                  ["study", "easy50", "--presets", "nonesuch"]])
def test_unknown_names_exit_2_with_one_line(here, args):
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and result.stderr.startswith("sudokit: error:")

"""Numbers that explain themselves: ``rate`` and ``explain`` name each figure's owner and scale once, with
the ratings page; ``generate -t`` refuses an unknown name with the lists 9×9 generation really uses."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from sudokit.compare.cli import app
from sudokit.compare.sets import load_set

runner = CliRunner()
EASY = [p.grid.line() for p in load_set("easy50").puzzles[:2]]
PAGE = "figures (docs/concepts/ratings.md):"


def legend(output: str) -> list[str]:
    """The legend's lines: the header and the indented lines under it."""
    lines = output.splitlines()
    start = lines.index(PAGE)
    body = [line for line in lines[start + 1 :] if line.startswith("  ")]
    return [PAGE, *body[: next((i for i, line in enumerate(body) if not line.startswith("  ")), len(body))]]


def test_plain_rate_names_se_and_hodoku_and_effort_once_before_the_records(tmp_path):
    puzzles = tmp_path / "two.txt"
    puzzles.write_text("\n".join(EASY) + "\n")
    result = runner.invoke(app, ["rate", str(puzzles), "-q"])
    assert result.exit_code == 0
    lines = result.stderr.splitlines()  # (stdout keeps one line per puzzle)
    assert lines[0] == PAGE and result.stderr.count(PAGE) == 1 and PAGE not in result.stdout
    assert lines[1].startswith("  SE ER/EP/ED = Sudoku Explainer's") and "SE's scale" in lines[1]
    assert lines[2].startswith("  HoDoKu score and level = HoDoKu's") and "[codes]" in lines[2]
    assert lines[3].startswith("  effort = sudokit's")
    assert lines[4].startswith("  (name)") and len(lines) == 5
    assert [line[:2] for line in result.stdout.splitlines()] == ["#1", "#2"]
    assert not any("engine" in line for line in lines)  # no engine figures in plain rate on 9×9


def test_no_legend_when_nothing_is_rated():
    result = runner.invoke(app, ["rate", "." * 81, "-q"])  # many solutions: no figures to explain
    assert result.exit_code == 1 and "not rated" in result.stdout and PAGE not in result.stderr


def test_each_mode_gets_only_its_owners_legend():
    se = runner.invoke(app, ["rate", EASY[0], "--mode", "se"]).stderr
    engine = runner.invoke(app, ["rate", EASY[0], "--mode", "default"]).stderr
    assert "SE ER/EP/ED =" in se and "HoDoKu" not in se and "engine rating" not in se
    assert "engine rating R/P/D, engine score and level = sudokit's own" in engine and "SE ER/EP/ED =" not in engine
    guessed = runner.invoke(app, ["rate", EASY[0], "--mode", "se", "--allow-guess"]).stderr
    assert "engine rating R/P/D" in guessed  # a guessing path's figures are the engine's


def test_json_output_has_no_legend():
    rated = runner.invoke(app, ["rate", EASY[0], "--json"])
    rows = rated.stdout.splitlines()
    assert len(rows) == 1 and json.loads(rows[0])["status"] == "solved" and PAGE not in rated.stderr
    explained = runner.invoke(app, ["explain", EASY[0], "--json"]).stdout
    assert PAGE not in explained and json.loads(explained)["status"] == "solved"


def test_explain_labels_the_engine_rating_once_before_its_summary(tmp_path):
    puzzles = tmp_path / "two.txt"
    puzzles.write_text("\n".join(EASY) + "\n")
    lines = runner.invoke(app, ["explain", str(puzzles)]).stdout.splitlines()
    summaries = [i for i, line in enumerate(lines) if line.startswith("solved:")]
    assert len(summaries) == 2 and lines.count(PAGE) == 1
    start = lines.index(PAGE)
    assert start < summaries[0] and lines[start + 1].startswith("  engine rating R/P/D")
    assert "engine rating " in lines[summaries[0]]
    hodoku = runner.invoke(app, ["explain", EASY[0], "--mode", "hodoku"]).stdout
    assert legend(hodoku)[1].startswith("  HoDoKu score and level") and "SE ER/EP/ED =" not in hodoku


def test_generate_refuses_an_unknown_technique_with_the_lists_9x9_generation_uses():
    result = runner.invoke(app, ["generate", "-t", "bad", "-n", "1"])
    assert result.exit_code == 2 and result.output.count("\n") == 1
    assert "unknown technique 'bad' for 9×9 puzzles" in result.output and "mode default" not in result.output
    assert "SE mode's se_hidden_single" in result.output and "HoDoKu mode's" in result.output
    assert "skyscraper" in result.output.split("; or HoDoKu mode's ")[1]  # a technique SE lacks
    small = runner.invoke(app, ["generate", "-t", "bad", "-n", "1", "--size", "4"])
    assert small.exit_code == 2 and "for mode default" in small.output  # the engine grades 4×4 puzzles

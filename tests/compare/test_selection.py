"""What a new user hit while the reference was written: taking some puzzles of a file, an empty
argument, a pasted Gecode line, header rows, flags in help, a stuck solve's grid, export's columns."""

from __future__ import annotations

import csv
import io
import json

import pytest
from typer.testing import CliRunner

import sudokit.compare.cli  # noqa: F401  (registers the commands)
from sudokit.compare.app import app
from sudokit.compare.sets import SETS, load_set
from sudokit.models.errors import UserError
from sudokit.models.grid import Grid
from sudokit.models.puzzles import Selection, stream_puzzles

runner = CliRunner()
TOP = load_set("top95").puzzles
GECODE_16 = (SETS["gecode-16x16"].path.read_text().splitlines())


def _numbers(output: str) -> list[int]:
    return [json.loads(line)["number"] for line in output.splitlines()]


def test_first_and_range_take_puzzles_by_their_number_in_the_input():
    first = runner.invoke(app, ["solve", "top95", "--first", "3", "--json", "-b", "bitx"])
    assert first.exit_code == 0 and _numbers(first.output) == [1, 2, 3]
    span = runner.invoke(app, ["solve", "top95", "--range", "94-", "--json", "-b", "bitx"])
    assert span.exit_code == 0 and _numbers(span.output) == [94, 95]
    rows = [json.loads(line) for line in span.output.splitlines()]
    assert [r["puzzle"] for r in rows] == [p.grid.line() for p in TOP[93:95]]


@pytest.mark.parametrize("args, message", [
    (["--first", "2", "--range", "3"], "not both"),
    (["--range", "96-"], "top95 has 95 puzzles"),
    (["--range", "5-2"], "A is at most B"),
    (["--range", "x"], "give A-B"),
])
def test_a_selection_that_cannot_be_taken_is_one_line_and_exit_2(args, message):
    result = runner.invoke(app, ["solve", "top95", *args])
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output


def test_explain_and_rate_take_the_same_selection():
    explained = runner.invoke(app, ["explain", "easy50", "--range", "3-4", "--json"])
    assert explained.exit_code == 0 and _numbers(explained.output) == [1, 2]  # (explain numbers what it shows)
    rated = runner.invoke(app, ["rate", "easy50", "--range", "3-4", "--json", "--quiet"])
    assert rated.exit_code == 0 and _numbers(rated.output) == [3, 4]


def test_a_streamed_file_takes_the_selection_as_a_whole_set_does(tmp_path):
    path = tmp_path / "some.txt"
    path.write_text("\n".join(p.grid.line() for p in TOP[:6]) + "\n")
    streamed = stream_puzzles(path, only=Selection(2, 4))
    assert len(streamed) == 3 and [p.index for p in streamed] == [1, 2, 3] and streamed.name == "some-2-4"
    assert streamed.sizes == {9: 3}


def test_compare_runs_only_the_selected_puzzles(tmp_path):
    db = tmp_path / "r.sqlite"
    result = runner.invoke(app, ["compare", "top95", "--range", "10-11", "--backends", "bitx", "-j", "1", "--db", str(db),
                                 "--no-report", "--quiet", "--name", "two"])
    assert result.exit_code == 0, result.output
    exported = runner.invoke(app, ["export", "two", "--db", str(db)])
    rows = list(csv.DictReader(io.StringIO(exported.output)))
    assert sorted(int(r["puzzle_index"]) for r in rows) == [9, 10]


def test_an_empty_argument_says_so():
    for command in ("explain", "solve", "rate", "show"):
        result = runner.invoke(app, [command, ""])
        assert result.exit_code == 2 and "argument is empty" in result.output, command
        assert "directory" not in result.output


def test_a_pasted_gecode_line_is_read_as_its_puzzle():
    line = next(ln for ln in GECODE_16 if ln.strip() and not ln.startswith("#"))
    _, puzzle = line.split()
    result = runner.invoke(app, ["solve", line, "-b", "bitx", "--json"])
    assert result.exit_code == 0 and json.loads(result.output)["puzzle"] == Grid.parse(puzzle).line()


def test_listings_print_a_header_row(tmp_path):
    assert runner.invoke(app, ["sets"]).output.splitlines()[0].split()[:2] == ["set", "puzzles"]
    assert runner.invoke(app, ["backends"]).output.splitlines()[0].split()[:3] == ["backend", "state", "version"]
    db = tmp_path / "r.sqlite"
    runner.invoke(app, ["compare", "top95", "--first", "1", "--backends", "bitx", "-j", "1", "--db", str(db), "--no-report",
                        "--quiet"])
    lines = runner.invoke(app, ["runs", "--db", str(db)]).output.splitlines()
    assert lines[0].split()[:3] == ["run", "started", "status"] and " sets top95-1 " in lines[1]
    assert all(json.loads(line) for line in runner.invoke(app, ["sets", "--json"]).output.splitlines())


def test_help_shows_no_value_after_a_flag():
    for command in ("backends", "solve", "rate", "compare"):
        text = runner.invoke(app, [command, "--help"], env={"COLUMNS": "200"}).output
        assert "--json" in text and "<bool>" not in text, command
    assert "<int" in runner.invoke(app, ["solve", "--help"], env={"COLUMNS": "200"}).output  # values still typed


def test_a_stuck_solve_gives_its_grid_as_partial_not_as_a_solution():
    solved = json.loads(runner.invoke(app, ["solve", TOP[0].grid.line(), "-b", "human-singles", "--json"]).output)
    assert solved["status"] == "stuck" and solved["solution"] is None
    assert len(solved["partial"]) == 81 and solved["partial"].count(".") < TOP[0].grid.line().count(".")
    explained = json.loads(runner.invoke(app, ["explain", TOP[0].grid.line(), "--preset", "singles", "--json"]).output)
    assert explained["status"] == "stuck" and explained["solution"] is None and len(explained["partial"]) == 81


def test_export_has_the_input_files_own_columns(tmp_path):
    db = tmp_path / "r.sqlite"
    runner.invoke(app, ["compare", "se-sample", "--first", "2", "--backends", "bitx", "-j", "1", "--db", str(db), "--no-report",
                        "--quiet", "--name", "se"])
    rows = list(csv.DictReader(io.StringIO(runner.invoke(app, ["export", "se", "--db", str(db)]).output)))
    wanted = [p.meta["se_rating"] for p in load_set("se-sample").puzzles[:2]]
    assert [float(r["puzzle_se_rating"]) for r in rows] == wanted
    lines = runner.invoke(app, ["export", "se", "--db", str(db), "-f", "jsonl"]).output.splitlines()
    assert [json.loads(line)["puzzle_se_rating"] for line in lines] == wanted


def test_selection_parses_what_the_help_says():
    assert Selection.parse("3") == Selection(3, 3) and Selection.parse(" 2-") == Selection(2, None)
    assert [i for i in range(10) if i in Selection.parse("4-6")] == [3, 4, 5]
    with pytest.raises(UserError):
        Selection.parse("0-3")

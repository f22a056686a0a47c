"""A user's first hour: every command reads every puzzle the same way, and fails in one line.

Exit statuses: 0 done, 1 not the hoped-for answer, 2 bad input or usage, 3 a bug (traceback).
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys

import pytest
from typer.testing import CliRunner

import sudokit.compare.cli  # noqa: F401  (registers the commands)
from sudokit.compare.app import app, main
from sudokit.compare.sets import SETS, load_set
from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid

runner = CliRunner()
TOP = load_set("top95").puzzles
MULTIPLE = load_set("multi-200").puzzles[0].grid.line()
STUCK_FOR_SINGLES = TOP[0].grid.line()  # top95's first puzzle needs more than singles


@pytest.mark.parametrize("name", [n for n in SETS if n not in ("sudopedia", "abzium-ladder")])
def test_the_pencil_mark_aware_reader_reads_every_bundled_puzzle_as_solve_does(name):
    for puzzle in load_set(name, skip_invalid=True).puzzles:
        line = puzzle.grid.line()
        assert Candidates.parse(line).to_grid() == Candidates.from_grid(Grid.parse(line)).to_grid(), line


def test_an_81_symbol_line_is_always_a_9x9_puzzle():
    """The first puzzle of ``hardest`` has 16 runs of digits: it once read as a 4x4 pencil-mark grid."""
    line = load_set("hardest").puzzles[0].grid.line()
    assert Candidates.parse(line).size == 9
    assert runner.invoke(app, ["explain", line, "--technique", "hidden_single"]).exit_code == 0


def test_pencil_marks_are_still_read_when_the_text_cannot_be_a_puzzle():
    state = Candidates.from_grid(TOP[1].grid)
    assert Candidates.parse(state.picture()).marks == state.marks
    assert Candidates.parse(state.line()).marks == state.marks


@pytest.mark.parametrize("command", ["solve", "explain", "rate", "graph", "compare", "study"])
def test_every_command_names_an_unknown_set(command, tmp_path):
    extra = ["-o", str(tmp_path / "g.json")] if command == "graph" else []
    result = runner.invoke(app, [command, "nosuchset", *extra])
    assert result.exit_code == 2
    assert "no such file or bundled set 'nosuchset' (sets: top95" in result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_a_csv_without_a_puzzle_column_says_so(tmp_path):
    bad = tmp_path / "p.csv"
    bad.write_text("id,rating\n1,2\n")
    result = runner.invoke(app, ["solve", str(bad)])
    assert result.exit_code == 2 and "CSV has no 'puzzle' column (columns: id, rating)" in result.stderr


def test_a_directory_and_a_binary_file_are_one_line_errors(tmp_path):
    binary = tmp_path / "blob.bin"
    binary.write_bytes(bytes(range(256)) * 4)
    for argument in (str(tmp_path), str(binary)):
        result = runner.invoke(app, ["explain", argument])
        assert result.exit_code == 2, result.output
        assert len(result.stderr.splitlines()) == 1 and "Traceback" not in result.output


def test_size_errors_count_values_not_characters():
    values = " ".join(["10"] + ["0"] * 1295)  # a 36x36 grid, which sudokit does not take
    result = runner.invoke(app, ["solve", values])
    assert result.exit_code == 2 and "wrong length: 1296 numbers" in result.stderr


def test_explain_and_graph_take_every_puzzle_of_a_file(tmp_path):
    puzzles = tmp_path / "three.txt"
    puzzles.write_text("\n".join(p.grid.line() for p in load_set("easy50").puzzles[:3]) + "\n")
    explained = runner.invoke(app, ["explain", str(puzzles), "--json"])
    assert explained.exit_code == 0
    rows = [json.loads(line) for line in explained.stdout.splitlines()]
    assert [r["index"] for r in rows] == [0, 1, 2] and all(r["status"] == "solved" for r in rows)
    graphs = runner.invoke(app, ["graph", str(puzzles), "-o", str(tmp_path / "g.json"), "--json"])
    assert graphs.exit_code == 0
    assert sorted(p.name for p in tmp_path.glob("g-*.json")) == ["g-1.json", "g-2.json", "g-3.json"]


def test_explain_and_rate_say_multiple_up_front_and_rate_nothing():
    rated = runner.invoke(app, ["rate", MULTIPLE, "--json"])
    assert rated.exit_code == 1
    row = json.loads(rated.stdout)
    assert row["status"] == "multiple" and row["se_rating"] is None and row["hodoku_level"] is None
    explained = runner.invoke(app, ["explain", MULTIPLE])
    assert explained.exit_code == 1 and explained.stdout.startswith("multiple: the puzzle has several solutions")


def test_a_stuck_puzzle_gets_no_rating_only_a_lower_bound():
    result = runner.invoke(app, ["rate", STUCK_FOR_SINGLES, "--preset", "singles", "--json"])
    assert result.exit_code == 1
    row = json.loads(result.stdout)
    assert row["status"] == "stuck"
    assert row["engine_rating"] is None and row["engine_score"] is None and row["engine_level"] is None
    assert row["so_far"]["empty_cells"] > 0 and "rate --mode se goes further" in row["engine_missing"]
    text = runner.invoke(app, ["rate", STUCK_FOR_SINGLES, "--preset", "singles"])
    assert "not rated" in text.stdout and " SE 1" not in text.stdout
    explained = runner.invoke(app, ["explain", STUCK_FOR_SINGLES, "--preset", "singles"])
    assert "explain --mode se goes further" in explained.stdout and "rate --mode" not in explained.stdout


def test_rate_takes_jobs_and_timeout(tmp_path):
    puzzles = tmp_path / "four.txt"
    puzzles.write_text("\n".join(p.grid.line() for p in load_set("easy50").puzzles[:4]) + "\n")
    one = runner.invoke(app, ["rate", str(puzzles), "--json", "--jobs", "1", "--timeout", "30"])
    two = runner.invoke(app, ["rate", str(puzzles), "--json", "--jobs", "2", "--timeout", "30"])
    assert one.exit_code == two.exit_code == 0
    assert one.stdout == two.stdout and len(one.stdout.splitlines()) == 4


def test_report_and_export_with_a_missing_database_create_nothing(tmp_path):
    missing = tmp_path / "none.sqlite"
    for command in (["report", "x"], ["export", "x"], ["runs"]):
        result = runner.invoke(app, [*command, "--db", str(missing)])
        assert result.exit_code == 2 and "no results database" in result.stderr
    assert not missing.exists()


@pytest.mark.parametrize("kind", ["directory", "not sqlite", "corrupt"])
def test_a_database_that_cannot_be_used_is_a_one_line_error(kind, tmp_path):
    db = tmp_path / "r.sqlite"
    if kind == "directory":
        db.mkdir()
    elif kind == "not sqlite":
        db.write_text("these are not the records you are looking for\n" * 100)
    else:
        with sqlite3.connect(db) as connection:
            connection.execute("CREATE TABLE t (x)")
            connection.executemany("INSERT INTO t VALUES (?)", [("x" * 500,)] * 200)
        data = bytearray(db.read_bytes())
        data[4096:8192] = b"\xff" * 4096  # a page of garbage
        db.write_bytes(bytes(data))
    before = db.read_bytes() if db.is_file() else None
    result = runner.invoke(app, ["compare", "easy50", "--backends", "bitx", "--db", str(db), "--no-report"])
    assert result.exit_code == 2, result.output
    assert len(result.stderr.splitlines()) == 1 and str(db) in result.stderr
    assert before is None or db.read_bytes() == before


def test_report_out_on_a_file_and_export_out_into_a_missing_folder_are_refused(tmp_path):
    db = tmp_path / "r.sqlite"
    assert runner.invoke(app, ["compare", "easy50", "--backends", "bitx", "--db", str(db), "--name", "r",
                               "--no-report"]).exit_code == 0
    existing = tmp_path / "file.txt"
    existing.write_text("keep me")
    result = runner.invoke(app, ["report", "r", "--db", str(db), "--out", str(existing)])
    assert result.exit_code == 2 and existing.read_text() == "keep me"
    result = runner.invoke(app, ["export", "r", "--db", str(db), "--out", str(tmp_path / "no" / "x.csv")])
    assert result.exit_code == 2 and "does not exist" in result.stderr


def test_runs_lists_stored_runs_and_runs_started_together_never_merge(tmp_path):
    db = tmp_path / "r.sqlite"
    for _ in range(2):  # the same sets in the same second: two runs, not one
        assert runner.invoke(app, ["compare", "easy50", "--backends", "bitx", "--db", str(db),
                                   "--no-report"]).exit_code == 0
    listed = runner.invoke(app, ["runs", "--db", str(db), "--json"])
    rows = [json.loads(line) for line in listed.stdout.splitlines()]
    assert len(rows) == 2 and rows[0]["name"] != rows[1]["name"]
    assert all(r["records"] == 50 and r["backends"] == ["bitx"] and r["status"] == "finished" for r in rows)


def _run_main(args: list[str], capsys) -> tuple[int, str]:
    with pytest.raises(SystemExit) as exited:
        main(args)
    return exited.value.code, capsys.readouterr().err


def test_a_bug_exits_3_with_its_traceback_not_as_bad_input(monkeypatch, capsys):
    import sudokit.compare.commands.solve as solve_command

    def broken(*args, **kwargs):
        raise KeyError("a key the code forgot")

    monkeypatch.setattr(solve_command, "solve_all", broken)
    code, err = _run_main(["solve", TOP[0].grid.line()], capsys)
    assert code == 3 and "Traceback" in err and "KeyError" in err


def test_usage_errors_exit_2(capsys):
    code, _ = _run_main(["solve", TOP[0].grid.line(), "--no-such-option"], capsys)
    assert code == 2
    code, err = _run_main(["solve", TOP[0].grid.line(), "--backend", "nope"], capsys)
    assert code == 2 and "unknown backend 'nope'" in err


@pytest.mark.parametrize(("args", "named"), [
    (["compare", "top95", "--timeout", "-1"], "'--timeout'"),
    (["compare", "top95", "--jobs", "0"], "'--jobs'"),
    (["study", "top95", "--preset", "basic"], "--preset"),
    (["solve-all", "top95"], "'solve-all'"),
    (["show"], "'puzzle'"),
])
def test_usage_errors_are_one_line_naming_what_is_wrong(args, named, capsys):
    """A bad option value, an unknown option or command, a missing argument: one line, exit 2."""
    code, err = _run_main(args, capsys)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("sudokit: error: ") and named in err, err
    assert "(see 'sudokit" in err and err.endswith(" --help')\n"), err


def test_success_and_help_still_exit_0(capsys):
    assert _run_main(["--help"], capsys)[0] == 0
    assert _run_main(["solve", TOP[0].grid.line(), "--backend", "bitx"], capsys)[0] == 0


@pytest.mark.parametrize("args", [["solve", "easy50"], ["--help"]], ids=["solve", "help"])
def test_a_closed_pipe_ends_quietly_with_0(args):
    command = [sys.executable, "-c", "from sudokit.compare.cli import main; main()", *args]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.readline()
    process.stdout.close()  # as `| head -1` does
    assert process.wait(timeout=60) == 0
    assert process.stderr.read() == b""


def test_help_and_backends_import_no_heavy_library():
    probe = ("import sys; from sudokit.compare.cli import main\n"
             "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
             "heavy = [m for m in ('matplotlib', 'networkx', 'ortools', 'dask', 'distributed') if m in sys.modules]\n"
             "print('HEAVY', heavy, file=sys.stderr)")
    for args in (["--help"], ["backends"]):
        run = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True, text=True, timeout=60)
        assert "HEAVY []" in run.stderr, run.stderr


def test_version():
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.stdout.startswith("sudokit ")


def test_a_backend_refuses_a_size_it_does_not_take_at_once():
    """The human engine takes grids up to 16x16: a 25x25 is refused before any work, not after minutes."""
    result = runner.invoke(app, ["solve", Grid.empty(25).line(), "--backend", "human"])
    assert result.exit_code == 2 and "25x25" in result.stderr


def test_work_that_did_nothing_says_so(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing here\n")
    result = runner.invoke(app, ["compare", str(empty), "--backends", "bitx", "--db", str(tmp_path / "r.sqlite")])
    assert result.exit_code == 2 and "no puzzle" in result.stderr


def test_json_and_text_number_puzzles_alike_and_compare_prints_its_summary_as_json(tmp_path):
    three = "\n".join(p.grid.line() for p in load_set("easy50").puzzles[:3])
    text = runner.invoke(app, ["rate", "-", "--preset", "singles"], input=three)
    rows = [json.loads(line) for line in runner.invoke(app, ["rate", "-", "--json"], input=three).stdout.splitlines()]
    assert [line.split()[0] for line in text.stdout.splitlines()] == [f"#{r['number']}" for r in rows] == ["#1", "#2", "#3"]
    summary = runner.invoke(app, ["compare", "easy50", "--backends", "bitx", "--db", str(tmp_path / "r.sqlite"),
                                  "--no-report", "--json", "--quiet"])
    assert summary.exit_code == 0 and json.loads(summary.stdout)["ranking"] == ["bitx"]


def test_a_run_where_no_backend_takes_the_size_does_nothing_and_says_so(tmp_path):
    result = runner.invoke(app, ["compare", Grid.empty(25).line(), "--backends", "human",
                                 "--db", str(tmp_path / "r.sqlite")])
    assert result.exit_code == 2 and "nothing to run" in result.stderr
    assert not (tmp_path / "r.sqlite").exists()

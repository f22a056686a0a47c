"""Plug-ins in comparisons: judged like sudokit's own backends, their mistakes named with the puzzles, their
processes reused across puzzles, and the Dask path and ``sudokit backends`` taking them too."""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import sudokit.compare.cli  # noqa: F401  (registers the commands)
from sudokit.compare.app import app
from sudokit.compare.reports.report import summarize
from sudokit.compare.run.agreement import REJECTED, agree, disagreements, flaw, judged, unclaimed
from sudokit.compare.run.dask_executor import solve_chunk
from sudokit.compare.run.executors import Chunk, Settings, Task
from sudokit.compare.run.store import Record, Store
from sudokit.compare.sets import load_set
from sudokit.models.grid import Grid
from sudokit.solvers.base import SolveResult, Status
from sudokit.solvers.registry import get_backend
from tests.conftest import REPO
from tests.solvers.plugin_fakes import EXAMPLES, callables, program, starts
from tests.solvers.test_plugins import installed  # noqa: F401  (a fixture: a plug-in distribution on sys.path)

runner = CliRunner()
EASY = load_set("easy50").puzzles[:3]


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "three.txt").write_text("".join(p.grid.line() + "\n" for p in EASY))
    return tmp_path


def compare(*args: str):
    return runner.invoke(app, ["compare", "three.txt", "--backends", "bitx", "--jobs", "1", "--timeout", "5",
                               "--name", "run", *args])


def records(path: Path = Path("results/sudokit.sqlite")) -> dict[tuple[int, str], tuple[str, str]]:
    with Store.open(path, create=False) as store:
        return {(r.puzzle_index, r.backend): (r.status, r.message) for r in store.records(store.run("run"))}


def test_right_plugins_of_each_form_agree_with_bitx(here):
    result = compare("--backend", f"py:{EXAMPLES / 'python_solver.py'}:count",
                     "--backend", f"cmd:{sys.executable} {EXAMPLES / 'protocol_solver.py'}", "--no-report")
    assert result.exit_code == 0, result.output
    assert "No disagreements: every answer passed the judge" in result.output
    assert {status for status, _ in records().values()} == {"solved"}


def test_wrong_plugins_are_named_with_each_puzzle_and_the_judge_s_reason(here):
    fakes = callables(here)
    unsat, _ = program(here, "unsat")  # a false unsat on its second puzzle only
    result = compare("--backend", f"py:{fakes}:wrong", "--backend", f"py:{fakes}:false_multiple",
                     "--backend", unsat, "--backend", f"py:{EXAMPLES / 'python_solver.py'}:solve")
    assert result.exit_code == 1, result.output
    assert "3 puzzles with disagreements" in result.output
    assert "contradicts a given: r1c3 holds 1, the given is 3" in result.output  # easy50 #1
    assert result.output.count("claims no solution, but bitx's solution passed the judge") == 1
    assert f"three #2: {EASY[1].grid.line()}" in result.output
    assert "conflicts with bitx (not settled by the judge)" in result.output  # multiple vs bitx's unique
    report = (here / "results/runs/run/report.md").read_text()
    assert "claims no solution, but bitx's solution passed the judge" in report
    assert "without a claim of uniqueness" in report and "solve` 3 of 3" in report
    assert f"--backend py:{fakes}:wrong" in report  # the command that runs it again keeps each spec whole


def test_a_plugin_that_answered_nothing_is_not_a_success(here):
    result = compare("--backend", "cmd:false", "--no-report")
    assert result.exit_code == 1
    assert "cmd:false answered nothing" in result.output and "it exited with status 1" in result.output
    assert "every answer passed" not in result.output


LIAR = f"""
import sys
sys.path.insert(0, {str(EXAMPLES)!r})
from python_solver import count

def liar(puzzle):
    return "unique " + count(puzzle, limit=1)[0]  # the first solution, claimed the only one

def raises(puzzle):
    raise ValueError("x")

def unknown(puzzle):
    return "unknown"
"""


def test_a_false_unique_claim_is_settled_by_bitx_s_second_grid_and_blamed_on_the_liar_alone(here):
    """A puzzle with three solutions (tdoku's count) between two unique ones: bitx returns two of them."""
    three = next(p.grid for p in load_set("tdoku-tests").puzzles if p.meta["count"] == 3)
    (here / "three.txt").write_text("".join(g.line() + "\n" for g in (EASY[0].grid, three, EASY[1].grid)))
    (here / "liar.py").write_text(LIAR)
    result = compare("--backend", f"py:{here / 'liar.py'}:liar", "--no-report")
    assert result.exit_code == 1, result.output
    assert "claims the only solution, but bitx returned another that passed the judge" in result.output
    with Store.open("results/sudokit.sqlite", create=False) as store:
        summary = summarize(store, store.run("run"))
        (found,) = summary.disagreements
        assert found.refuted == {f"py:{here / 'liar.py'}:liar"} and not found.unsettled
        assert summary.ranking[0] == "bitx" and "bitx" not in found.reasons
        assert summary.competition.answered["bitx"] == 3


@pytest.mark.parametrize("report", ["--report", "--no-report"])
def test_an_always_raising_function_beside_bitx_is_exit_1_with_its_first_error_not_a_crash(here, report):
    (here / "liar.py").write_text(LIAR)
    result = compare("--backend", f"py:{here / 'liar.py'}:raises", report)
    assert result.exit_code == 1, result.output  # (3 was a closed database in the answered-nothing path)
    assert result.stderr.splitlines() == [f"sudokit: py:{here / 'liar.py'}:raises answered nothing: every attempt "
                                          "was an error, the first: raises raised ValueError: x"]


def test_a_run_where_nothing_was_answered_exits_1_with_a_one_line_reason(here):
    (here / "liar.py").write_text(LIAR)
    result = runner.invoke(app, ["compare", "three.txt", "--backend", f"py:{here / 'liar.py'}:unknown", "--jobs",
                                 "1", "--timeout", "5", "--name", "run", "--no-report"])
    assert result.exit_code == 1, result.output
    assert result.stderr.splitlines() == ["sudokit: nothing answered: no answer of any backend passed the judge"]
    assert "Nothing answered" in result.stdout


@pytest.mark.parametrize("spec", ["py:nosuch.py:solve", f"py:{EXAMPLES / 'python_solver.py'}:nosuch",
                                  "cmd:nosuch-program-xyz"])
def test_a_bad_plugin_spec_stores_nothing(here, spec):
    result = compare("--backend", spec)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1 and "sudokit: error: backend" in result.stderr
    assert not (here / "results").exists()


@pytest.mark.parametrize(("mode", "started", "statuses"), [
    ("ok", 1, ["solved", "solved", "solved"]),
    ("hang", 2, ["solved", "timeout", "solved"]),
])
def test_the_harness_keeps_one_program_process_and_replaces_one_that_hangs(here, mode, started, statuses):
    """One backend, one worker: its program serves every puzzle, until one hangs past the timeout."""
    spec, log = program(here, mode)
    result = runner.invoke(app, ["compare", "three.txt", "--backend", spec, "--jobs", "1", "--timeout", "3",
                                 "--name", "run", "--no-report"])
    assert result.exit_code == 0, result.output
    found = records()
    assert starts(log) == started and [found[i, spec][0] for i in range(3)] == statuses


def test_the_dask_path_takes_plugins_as_plain_data(here, monkeypatch):
    """As on a Dask worker: the chunk's backend crosses to a solving subprocess, which imports the plug-in."""
    monkeypatch.setattr(multiprocessing.current_process(), "daemon", True)
    tasks = tuple(Task("easy50", p.index, p.grid) for p in EASY)
    for spec in (f"py:{EXAMPLES / 'python_solver.py'}:solve", f"cmd:{sys.executable} {EXAMPLES / 'protocol_solver.py'}"):
        outcomes = solve_chunk(Chunk(get_backend(spec), tasks), Settings(timeout=5))
        assert sorted(o.result.status.value for o in outcomes) == ["solved"] * 3, spec


def test_sudokit_backends_lists_entry_points_with_their_distribution(installed):  # noqa: F811
    result = runner.invoke(app, ["backends", "--json"])
    rows = {row["name"]: row for row in map(json.loads, result.output.splitlines())}
    assert rows["tiny"]["available"] and rows["tiny"]["version"] == "2.5" and "tiny-plugin" in rows["tiny"]["summary"]
    assert not rows["broken"]["available"] and "nosuch_dependency_xyz" in rows["broken"]["install"]


@pytest.mark.manual
def test_the_example_plugin_package_installed_in_a_fresh_environment_runs_in_compare(tmp_path):
    """pip installs sudokit and examples/plugin-package into a new virtual environment (about a minute)."""
    subprocess.run([sys.executable, "-m", "venv", str(tmp_path / "env")], check=True)
    bin_ = tmp_path / "env" / "bin"
    subprocess.run([bin_ / "pip", "install", "-q", str(REPO), str(EXAMPLES / "plugin-package")], check=True)
    listed = subprocess.run([bin_ / "sudokit", "backends"], capture_output=True, text=True, check=True).stdout
    assert "example-first" in listed and "sudokit-example-plugin" in listed and "example-counting" in listed
    run = subprocess.run([bin_ / "sudokit", "compare", "easy50", "--backends", "bitx,example-counting",
                          "--backend", "example-first", "--no-report", "--timeout", "20"],
                         capture_output=True, text=True, cwd=tmp_path, env={**os.environ, "PYTHONPATH": ""})
    assert run.returncode == 0, run.stdout + run.stderr
    assert "No disagreements" in run.stdout and "example-first` 50 of 50" not in run.stdout


# ---------------------------------------------------------------------------- the judge, on hand-made answers

PUZZLE = EASY[0].grid
SOLVED = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"  # checked by hand


def record(backend: str, status: str, solution: str | None = None, **extra) -> Record:
    message = "uniqueness not claimed" if extra.get("claims_unique") is False else ""
    return Record("s", 0, PUZZLE.line(), backend, status, solution, 1, 0.0, 0.0, message=message, extra=extra)


def test_a_solution_without_a_uniqueness_claim_is_compared_for_that_alone():
    mere = record("plug", "solved", SOLVED, claims_unique=False)
    assert agree(mere, record("x", "multiple", SOLVED)) and agree(mere, record("x", "solved", SOLVED))
    assert agree(mere, record("x", "solved", SOLVED, claims_unique=False))
    assert agree(mere, record("x", "unsat")) is False
    other = SOLVED[::-1]  # another grid (not a solution: the judge would have rejected it; here only claims count)
    assert agree(mere, record("x", "solved", other)) is False
    assert unclaimed([mere, record("x", "solved", SOLVED)]) == {"plug": 1}


def test_a_valid_grid_refutes_a_uniqueness_claim_and_an_unsat():
    found = disagreements([record("a", "solved", SOLVED), record("b", "multiple", SOLVED, also_found=["x"]),
                           record("c", "unsat")])
    assert found[0].reasons["c"] == "claims no solution, but a's solution passed the judge"
    assert found[0].reasons["a"] == "claims the only solution, but b returned another that passed the judge"


@pytest.mark.parametrize(("result", "says"), [
    (SolveResult(Status.SOLVED), "no grid was returned"),
    (SolveResult(Status.SOLVED, Grid((0, *Grid.parse(SOLVED).values[1:]))), "not complete: r1c1 is blank"),
    (SolveResult(Status.SOLVED, Grid.parse("1234341221434321")), "a 4x4 grid for a 9x9 puzzle"),
    (SolveResult(Status.MULTIPLE, Grid.parse(SOLVED), 2, stats={"also_found": [SOLVED]}),
     "its two solutions are the same grid"),
])
def test_the_judge_says_what_is_wrong(result, says):
    assert judged(result, PUZZLE).message == f"{REJECTED}: {says}"


def test_a_multiple_claim_without_grids_is_a_claim_not_a_flaw():
    assert flaw(SolveResult(Status.MULTIPLE), PUZZLE) is None


def test_solve_exits_1_on_a_solution_whose_uniqueness_is_not_claimed():
    minimal = runner.invoke(app, ["solve", PUZZLE.line(), "-b", f"py:{EXAMPLES / 'python_solver.py'}:solve"])
    assert minimal.exit_code == 1 and "(uniqueness not claimed)" in minimal.output and SOLVED in minimal.output
    counting = runner.invoke(app, ["solve", PUZZLE.line(), "-b", f"py:{EXAMPLES / 'python_solver.py'}:count"])
    assert counting.exit_code == 0 and SOLVED in counting.output

"""Measurements through the command line: runs started together never mix, resuming is what --name asks,
the configuration is recorded, the report's re-run command re-runs, --measure runexec works or says why."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import sudokit.compare.cli  # noqa: F401  (registers the commands)
from sudokit.compare.app import app
from sudokit.compare.run.store import Store
from sudokit.compare.sets import load_set

runner = CliRunner()
FOUR = [p.grid.line() for p in load_set("easy50").puzzles[:4]]
SUDOKIT = [sys.executable, "-m", "sudokit.compare.cli"]


@pytest.fixture
def puzzles(tmp_path) -> Path:
    path = tmp_path / "four.txt"
    path.write_text("\n".join(FOUR) + "\n")
    return path


@pytest.mark.slow
def test_eight_compare_processes_started_together_get_eight_runs_with_every_record(tmp_path, puzzles):
    db = tmp_path / "r.sqlite"
    with Store.open(db):  # (created first: the eight race for names, not for the schema)
        pass
    command = [*SUDOKIT, "compare", str(puzzles), "--backends", "bitx", "--db", str(db), "--no-report", "-j", "1",
               "--quiet"]
    started = [subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
               for _ in range(8)]
    outputs = [p.communicate(timeout=240) for p in started]
    assert [p.returncode for p in started] == [0] * 8, [err for _, err in outputs]
    listed = runner.invoke(app, ["runs", "--db", str(db), "--json"])
    rows = [json.loads(line) for line in listed.stdout.splitlines()]
    assert len({r["name"] for r in rows}) == 8
    assert all(r["records"] == 4 and r["backends"] == ["bitx"] and r["status"] == "finished" for r in rows)
    printed = {out.splitlines()[0].split()[1].rstrip(":") for out, _ in outputs}  # "run NAME: 4 records"
    assert printed == {r["name"] for r in rows}  # each process reported its own run


def test_resuming_with_other_backends_is_refused_unless_extended(tmp_path, puzzles):
    db = str(tmp_path / "r.sqlite")
    base = ["compare", str(puzzles), "--db", db, "--no-report", "--name", "mine", "-j", "1"]
    assert runner.invoke(app, [*base, "--backends", "bitx"]).exit_code == 0
    refused = runner.invoke(app, [*base, "--backends", "dlx"])
    assert refused.exit_code == 2
    assert refused.stderr.strip().count("\n") == 0 and "has backends bitx, not dlx" in refused.stderr
    other = runner.invoke(app, [*base, "--backends", "bitx", "--timeout", "3"])  # (jobs may differ: recorded)
    assert other.exit_code == 2 and "timeout 10.0 -> 3.0" in other.stderr
    assert runner.invoke(app, [*base, "--backends", "dlx", "--extend", "-j", "2"]).exit_code == 0
    with Store.open(db) as store:
        stored = store.run("mine")
        assert store.done_counts(stored) == {"bitx": 4, "dlx": 4}
        assert stored.config["execution"]["jobs"] == 1 and stored.config["resumed_with"][0]["jobs"] == 2


def test_the_configuration_that_shapes_timings_is_recorded_and_the_rerun_command_reruns(tmp_path, puzzles):
    db = tmp_path / "r.sqlite"
    first = runner.invoke(app, ["compare", str(puzzles), "easy50", "--backends", "bitx", "--backend", "dlx",
                                "--db", str(db), "-j", "1", "--repeat", "2", "--transform", "--seed", "7",
                                "--timeout", "5", "--par", "3", "--rank-by", "wall", "--json",
                                "--out", str(tmp_path / "report")])
    assert first.exit_code == 0, first.stderr
    summary = json.loads(first.stdout)
    config = summary["config"]
    assert config["execution"] == {"jobs": 1, "executor": "local", "workers": None, "scheduler": None,
                                   "pin": False, "measure": "inprocess", "memory_limit_mb": None}
    assert (config["timeout"], config["repeat"], config["transform_seed"], config["limit"]) == (5.0, 2, 7, 2)
    assert config["report"]["par"] == 3 and summary["ranked_by"] == "wall"
    assert [s["source"] for s in summary["sets"]] == [str(puzzles.resolve()), "easy50"]
    rerun = summary["rerun"]
    assert "--name" not in rerun and (tmp_path / "report" / "report.md").read_text().count(rerun) == 1
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    words = shlex.split(rerun)
    assert words[0] == "sudokit"
    done = subprocess.run(shlex.join([*SUDOKIT, *words[1:], "--no-report", "--quiet"]), shell=True, cwd=elsewhere,
                          capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr
    with Store.open(db) as store:
        names = store.run_names()
        assert len(names) == 2  # a new run, the first untouched
        old, new = (store.run(n) for n in names)
        assert new.config == old.config and new.sets == old.sets
        assert store.done_counts(new) == store.done_counts(old) == {"bitx": 54, "dlx": 54}
        assert [r.puzzle for r in store.records(new)] == [r.puzzle for r in store.records(old)]


def test_the_run_prints_where_both_reports_are(tmp_path, puzzles):
    result = runner.invoke(app, ["compare", str(puzzles), "--backends", "bitx", "--db", str(tmp_path / "r.sqlite"),
                                 "--out", str(tmp_path / "out"), "-j", "1"])
    assert result.exit_code == 0
    assert f"report: {tmp_path / 'out' / 'report.md'} and {tmp_path / 'out' / 'report.html'}" in result.stdout
    assert (tmp_path / "out" / "report.html").exists() and (tmp_path / "out" / "cactus.png").exists()


@pytest.mark.parametrize(("args", "named"), [
    (["--rank-by", "median"], "--rank-by 'median'"),
    (["--scatter", "bitx"], "--scatter 'bitx'"),
    (["--scatter", "bitx,nope"], "'nope' is not among the backends"),
    (["--memory-limit", "100"], "--memory-limit needs --measure runexec"),
    (["--measure", "perf"], "--measure 'perf'"),
    (["--pin", "--executor", "dask"], "--pin needs the local executor"),
])
def test_bad_measurement_options_are_one_line(tmp_path, puzzles, args, named):
    result = runner.invoke(app, ["compare", str(puzzles), "--backends", "bitx", "--db", str(tmp_path / "r.sqlite"),
                                 *args])
    assert result.exit_code == 2 and named in result.stderr and result.stderr.strip().count("\n") == 0
    assert not (tmp_path / "r.sqlite").exists()


@pytest.mark.slow
def test_runexec_measures_in_cgroups_or_says_in_one_line_why_not(tmp_path, puzzles):
    result = runner.invoke(app, ["compare", str(puzzles), "--backends", "bitx", "--db", str(tmp_path / "r.sqlite"),
                                 "--measure", "runexec", "--memory-limit", "300", "-j", "2", "--no-report"])
    if result.exit_code == 2:  # BenchExec missing, or no cgroups to write to
        assert "--measure runexec" in result.stderr and result.stderr.strip().count("\n") == 0
        pytest.skip(result.stderr.strip())
    assert result.exit_code == 0, result.stderr
    with Store.open(tmp_path / "r.sqlite") as store:
        records = store.records(store.run(store.run_names()[0]))
    assert len(records) == 4 and all(r.status == "solved" for r in records)
    assert all(r.extra["measured_by"] == "runexec" and r.cpu_seconds > r.extra["inprocess_cpu_seconds"]
               and r.extra["peak_kb"] > 1000 for r in records)  # the whole process: the interpreter too


def test_runexec_without_benchexec_is_one_line_exit_2(tmp_path, puzzles, monkeypatch):
    monkeypatch.setitem(sys.modules, "benchexec.runexecutor", None)  # as if not installed
    result = runner.invoke(app, ["compare", str(puzzles), "--backends", "bitx", "--db", str(tmp_path / "r.sqlite"),
                                 "--measure", "runexec"])
    assert result.exit_code == 2 and "BenchExec is not installed" in result.stderr
    assert "pip install 'sudokit[measure]'" in result.stderr and not (tmp_path / "r.sqlite").exists()


def test_diff_prints_the_settings_that_differ_and_the_backends_one_run_has(tmp_path, puzzles):
    db = str(tmp_path / "r.sqlite")
    for name, jobs, backends in (("one", "1", "bitx,dlx"), ("two", "2", "bitx,algx")):
        assert runner.invoke(app, ["compare", str(puzzles), "--backends", backends, "--db", db, "--no-report",
                                   "--name", name, "-j", jobs]).exit_code == 0
    result = runner.invoke(app, ["diff", "one", "two", "--db", db])
    assert result.exit_code == 0, result.output  # (1: an answer changed; once seen in CI, not reproduced)
    lines = [line for line in result.stdout.splitlines() if not line.startswith("busy machine:")]  # (load varies)
    assert lines[0] == "settings that differ: jobs 1 -> 2 (timings compare less directly)"
    assert lines[1:3] == ["only in one: dlx", "only in two: algx"]
    assert lines[3].startswith("bitx") and " cpu " in lines[3] and len(lines) == 4

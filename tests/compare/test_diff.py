"""``sudokit diff``: two runs compared backend by backend, on runs whose right answer is known."""

from __future__ import annotations

import json

from typer.testing import CliRunner

import sudokit.compare.cli  # noqa: F401  (registers the commands)
from sudokit.compare.app import app
from sudokit.compare.run.store import Record, Store

runner = CliRunner()


def run(store: Store, name: str, seconds: float, *, first_status: str = "solved", first_solution: str = "1") -> None:
    description = {"sets": [{"name": "s"}], "config": {"timeout": 1.0, "backends": {"b": "b"}}}
    stored = store.start_run(name, description)
    rows = [Record("s", i, "." * 81, "b", "solved", "2" * 81, 1, 0.0, seconds * (1 + i / 100)) for i in range(1, 40)]
    rows.append(Record("s", 0, "." * 81, "b", first_status, first_solution * 81 if first_status == "solved" else None,
                       1, 0.0, seconds))
    store.add(stored, rows)


def test_a_run_twice_as_slow_with_a_changed_answer(tmp_path):
    db = tmp_path / "r.sqlite"
    with Store.open(db) as store:
        run(store, "old", 0.010, first_status="timeout")
        run(store, "new", 0.020, first_solution="3")
        run(store, "same", 0.010, first_status="timeout")
    result = runner.invoke(app, ["diff", "old", "new", "--db", str(db), "--json"])
    assert result.exit_code == 1  # an answer changed
    head, row = [json.loads(line) for line in result.stdout.splitlines()]
    assert head["settings_changed"] == {} and head["only_in_old"] == head["only_in_new"] == []
    assert row["puzzles"] == 40 and 1.9 < row["ratio"] < 2.1
    assert row["interval"][0] > 1 and row["verdict"] == "slower"
    assert row["status_changes"] == {"timeout -> solved": 1}
    assert row["changed_answers"] == [{"set": "s", "index": 0}]
    same = runner.invoke(app, ["diff", "old", "same", "--db", str(db), "--json"])
    assert same.exit_code == 0
    assert json.loads(same.stdout.splitlines()[1])["verdict"] == "not distinguishable on these puzzles"


def test_an_unknown_run_is_a_one_line_error(tmp_path):
    db = tmp_path / "r.sqlite"
    with Store.open(db) as store:
        run(store, "old", 0.01)
    result = runner.invoke(app, ["diff", "old", "nope", "--db", str(db)])
    assert result.exit_code == 2 and "no run called 'nope'" in result.stderr


BUSY = {"cpus": 2, "cpus_allowed": 2, "machine_start": {"load": 5.2}, "machine_end": {"load": 6.0}}
QUIET = {"cpus": 2, "cpus_allowed": 2, "machine_start": {"load": 0.1}, "machine_end": {"load": 0.2}}


def loaded(store: Store, name: str, seconds: float, environment: dict) -> None:
    stored = store.start_run(name, {"sets": [{"name": "s"}], "environment": environment,
                                    "config": {"timeout": 1.0, "backends": {"bitx": "b"}, "execution": {"jobs": 1}}})
    store.add(stored, [Record("s", i, "." * 81, "bitx", "solved", "2" * 81, 1, 0.0, seconds * (1 + i / 100),
                              cpu_seconds=seconds * (1 + i / 100)) for i in range(40)])


def test_diff_says_when_a_run_was_on_a_busy_machine_and_widens_its_verdict(tmp_path):
    db = tmp_path / "r.sqlite"
    with Store.open(db) as store:
        loaded(store, "old", 0.0020, BUSY)
        loaded(store, "new", 0.0029, BUSY)
        loaded(store, "calm", 0.0020, QUIET)
        loaded(store, "calm-new", 0.0029, QUIET)
    text = runner.invoke(app, ["diff", "old", "new", "--db", str(db)])
    assert text.exit_code == 0, text.output
    assert "busy machine: old (load average 5.20 at the start" in text.stdout and "; new (load average" in text.stdout
    assert "slower, but both runs were on a busy machine: the difference may be load" in text.stdout
    head, row = [json.loads(line) for line in runner.invoke(app, ["diff", "calm", "new", "--db", str(db),
                                                                  "--json"]).stdout.splitlines()]
    assert head["busy"]["old"] is None and head["busy"]["new"].startswith("load average 5.20")
    assert row["verdict"] == "slower, but the new run was on a busy machine: the difference may be load"
    quiet = runner.invoke(app, ["diff", "calm", "calm-new", "--db", str(db)])
    assert "busy" not in quiet.stdout and " slower;" in quiet.stdout

"""The results store: resume rules, schema version, export readable by standard readers."""

from __future__ import annotations

import csv
import io
import json
import sqlite3

import pytest

from sudokit.compare.reports.export import export
from sudokit.compare.run.errors import StoreError, UserError
from sudokit.compare.run.store import SCHEMA_VERSION, Record, Store

DESCRIPTION = {"sets": [{"name": "s", "sha256": "abc"}], "config": {"limit": 2, "backends": {"a": "A"}}}
RECORD = Record("s", 0, "1" * 81, "a", "solved", "2" * 81, 1, 0.5, 1.5, guesses=3, extra={"nodes": 7})


def test_records_round_trip(tmp_path):
    with Store.open(tmp_path / "db.sqlite") as store:
        run = store.start_run("r", DESCRIPTION)
        store.add(run, [RECORD])
        assert store.records(run) == [RECORD] and store.records(run)[0].extra == {"nodes": 7}
        assert store.done(run) == {("s", 0, "a")}


def test_resuming_with_another_configuration_or_other_puzzles_is_refused(tmp_path):
    with Store.open(tmp_path / "db.sqlite") as store:
        store.start_run("r", DESCRIPTION)
        with pytest.raises(UserError, match="configuration"):
            store.start_run("r", {**DESCRIPTION, "config": {"limit": 1}})
        with pytest.raises(UserError, match="other puzzles"):
            store.start_run("r", {**DESCRIPTION, "sets": [{"name": "s", "sha256": "def"}]})
        more = store.start_run("r", {**DESCRIPTION, "config": {"limit": 2, "backends": {"b": "B"}}})
        assert more.config["backends"] == {"a": "A", "b": "B"}



def test_a_resumption_may_skip_other_backends_and_every_skip_is_kept(tmp_path):
    with Store.open(tmp_path / "db.sqlite") as store:
        store.start_run("r", {**DESCRIPTION, "config": {**DESCRIPTION["config"], "skipped": {"x": "not available"}}})
        resumed = store.start_run("r", {**DESCRIPTION, "config": {**DESCRIPTION["config"], "skipped": {"y": "too big"}}})
        assert resumed.config["skipped"] == {"x": "not available", "y": "too big"}


def test_a_database_from_a_newer_sudokit_is_refused(tmp_path):
    path = tmp_path / "db.sqlite"
    with sqlite3.connect(path) as connection:
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(StoreError, match="schema version"), Store.open(path):
        pass


def test_an_unknown_run_names_the_known_ones(tmp_path):
    with Store.open(tmp_path / "db.sqlite") as store:
        store.start_run("known", DESCRIPTION)
        with pytest.raises(KeyError, match="known"):
            store.run("other")


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_export_writes_one_row_per_record(fmt):
    out = io.StringIO()
    assert export([RECORD, RECORD], "r", fmt, out) == 2
    text = out.getvalue()
    rows = list(csv.DictReader(io.StringIO(text))) if fmt == "csv" else [json.loads(x) for x in text.splitlines()]
    assert len(rows) == 2
    assert rows[0]["run"] == "r" and rows[0]["solution"] == "2" * 81
    assert float(rows[0]["solve_seconds"]) == 1.5


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_a_stuck_records_grid_is_exported_as_partial_not_as_a_solution(fmt):
    stuck = Record("s", 1, "1" + "." * 80, "human-singles", "stuck", "12" + "." * 79, 0, 0.0, 0.1)
    out = io.StringIO()
    export([RECORD, stuck], "r", fmt, out)
    text = out.getvalue()
    rows = list(csv.DictReader(io.StringIO(text))) if fmt == "csv" else [json.loads(x) for x in text.splitlines()]
    assert rows[1]["partial"] == "12" + "." * 79 and not rows[1]["solution"]
    assert rows[0]["solution"] == "2" * 81 and not rows[0]["partial"]


def test_compare_processes_writing_one_database_at_once_lose_nothing(tmp_path):
    """Three runs into one database at the same time: every record kept, no 'database is locked'."""
    import subprocess
    import sys

    db = tmp_path / "shared.sqlite"
    command = [sys.executable, "-c", "from sudokit.compare.cli import main; main()", "compare", "17clue-1000",
               "--first", "300", "--backends", "bitx,dlx", "--jobs", "1", "--db", str(db), "--no-report", "--quiet"]
    runs = [subprocess.Popen([*command, "--name", f"r{n}"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, cwd=tmp_path) for n in range(3)]
    for process in runs:
        _, err = process.communicate(timeout=300)
        assert process.returncode == 0, err
        assert "locked" not in err
    with sqlite3.connect(db) as connection:
        counts = dict(connection.execute(
            "SELECT runs.name, count(*) FROM records JOIN runs ON runs.id = records.run GROUP BY runs.name"))
    assert counts == {"r0": 600, "r1": 600, "r2": 600}


def test_opening_tries_again_while_sqlite_says_locked_at_once(tmp_path, monkeypatch):
    """Processes making one new database together: SQLite may answer "database is locked" without
    waiting (12 processes at once did, 2 times in 100 here); opening tries again, and gives up on
    anything else at once."""
    from sudokit.compare.run import store as store_module

    real, calls = store_module._prepare, []

    def locked_twice(db, path, memory):
        calls.append(path)
        if len(calls) <= 2:
            raise sqlite3.OperationalError("database is locked")
        real(db, path, memory)

    monkeypatch.setattr(store_module, "_prepare", locked_twice)
    with Store.open(tmp_path / "new.sqlite") as opened:
        assert opened.claim_run("r") == "r"
    assert len(calls) == 3

    def broken(db, path, memory):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(store_module, "_prepare", broken)
    with pytest.raises(StoreError, match="disk I/O error"), Store.open(tmp_path / "other.sqlite"):
        pass

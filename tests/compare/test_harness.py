"""The harness end to end with fake backends: misbehaviour is contained, runs resume exactly."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from sudokit.compare.run.agreement import disagreements
from sudokit.compare.run.executors import ProcessExecutor, Settings
from sudokit.compare.run.harness import Plan, run
from sudokit.compare.run.store import Store
from sudokit.compare.sets import load_set
from sudokit.models.grid import Grid, is_solution
from tests.compare.fakes import HONEST, MISBEHAVING_GIVENS, fake, first
from tests.conftest import REPO

SIX = first(load_set("easy50"), 6)
BAD = {p.index for p in SIX if p.grid.count_givens() == MISBEHAVING_GIVENS}
PUZZLES = {p.index: p.grid for p in SIX}


def solve(plan: Plan, tmp_path, name: str = "run", jobs: int = 2):
    with Store.open(tmp_path / "db.sqlite") as store:
        stored = run(store, name, plan, ProcessExecutor(jobs))
        return store.records(stored)


@pytest.fixture(scope="module")
def misbehaving(tmp_path_factory):
    backends = [HONEST, *(fake(n, c) for n, c in [("wrong", "WrongSolver"), ("hanging", "HangingSolver"),
                                                   ("raising", "RaisingSolver"), ("killing", "KillingSolver")])]
    plan = Plan([SIX], backends, Settings(timeout=1.0, grace=0.5), seed=11)  # (0.3 s: honest ones timed out at load 10)
    return solve(plan, tmp_path_factory.mktemp("misbehaving"))


def statuses(records, backend: str) -> dict[int, str]:
    return {r.puzzle_index: r.status for r in records if r.backend == backend}


def test_every_puzzle_has_one_record_per_backend(misbehaving):
    assert BAD and len(BAD) < len(SIX)
    assert sorted(r.key for r in misbehaving) == sorted(
        (SIX.name, i, b) for i in PUZZLES for b in ("honest", "wrong", "hanging", "raising", "killing"))


def test_answers_are_judged_against_the_original_puzzles(misbehaving):
    for r in misbehaving:
        if r.status == "solved":
            assert is_solution(Grid.parse(r.solution), PUZZLES[r.puzzle_index])


@pytest.mark.parametrize("backend, status, message", [
    ("hanging", "timeout", "timeout"), ("raising", "error", "RuntimeError"), ("killing", "error", "died"),
    ("wrong", "error", "judge rejected"),
])
def test_a_misbehaving_backend_fails_only_its_own_puzzles(misbehaving, backend, status, message):
    found = statuses(misbehaving, backend)
    assert {i for i, s in found.items() if s != "solved"} == BAD
    assert all(found[i] == status for i in BAD)
    assert all(message in r.message for r in misbehaving if r.backend == backend and r.puzzle_index in BAD)
    assert set(statuses(misbehaving, "honest").values()) == {"solved"}


def test_a_wrong_grid_is_a_disagreement(misbehaving):
    found = disagreements(misbehaving)
    assert {d.puzzle_index for d in found} == BAD
    assert all("rejected" in d.answers["wrong"] for d in found)


def test_rerunning_a_finished_run_solves_nothing_more(tmp_path):
    plan = Plan([first(SIX, 3)], [HONEST], Settings(timeout=5))
    solve(plan, tmp_path, "again")
    more = Plan([first(SIX, 3)], [HONEST, fake("second", "HonestSolver")], Settings(timeout=5))
    seen = []
    with Store.open(tmp_path / "db.sqlite") as store:
        stored = run(store, "again", more, ProcessExecutor(1), on_record=seen.append)
        assert len(store.records(stored)) == 6
    assert {r.backend for r in seen} == {"second"} and len(seen) == 3


def comparable(db) -> list[tuple]:
    with sqlite3.connect(db) as connection:
        return connection.execute(
            "SELECT set_name, puzzle_index, backend, status, solution, solutions_found FROM records "
            "ORDER BY set_name, puzzle_index, backend").fetchall()


def count_records(db) -> int:
    try:
        with sqlite3.connect(db) as connection:
            return connection.execute("SELECT count(*) FROM records").fetchone()[0]
    except sqlite3.OperationalError:  # not created yet
        return 0


def start_victim(db, name: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "tests.compare.fakes", str(db), name], cwd=REPO,
                            env={**os.environ, "PYTHONPATH": str(REPO)})


def test_a_killed_run_resumes_to_the_records_of_an_uninterrupted_run(tmp_path):
    killed, whole = tmp_path / "killed.sqlite", tmp_path / "whole.sqlite"
    victim = start_victim(killed, "victim")
    deadline = time.monotonic() + 30
    while count_records(killed) < 10 and time.monotonic() < deadline:
        time.sleep(0.05)
    victim.send_signal(signal.SIGKILL)
    victim.wait()
    interrupted = count_records(killed)
    assert 10 <= interrupted < 48
    for db, name in [(killed, "victim"), (whole, "victim")]:
        assert start_victim(db, name).wait(timeout=60) == 0
    assert len(comparable(killed)) == 48
    assert comparable(killed) == comparable(whole)


def test_killed_at_random_moments_the_store_stays_whole_and_resumes(tmp_path):
    """SIGKILL at any moment (opening, writing, finishing) never leaves a half-written store."""
    import random

    whole = tmp_path / "whole.sqlite"
    assert start_victim(whole, "victim").wait(timeout=60) == 0
    rng = random.Random(11)
    for attempt in range(3):
        db = tmp_path / f"killed{attempt}.sqlite"
        for _ in range(2):  # killed twice at random moments, then left to finish
            victim = start_victim(db, "victim")
            time.sleep(rng.uniform(0.05, 1.5))
            victim.send_signal(signal.SIGKILL)
            victim.wait()
            if db.exists():
                with sqlite3.connect(db) as connection:
                    assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert start_victim(db, "victim").wait(timeout=60) == 0
        assert comparable(db) == comparable(whole)


def test_a_streamed_file_runs_block_by_block_and_resumes_where_it_stopped(tmp_path, monkeypatch):
    """Puzzles read and stored a few at a time, chunks read ahead a few at a time: the records of a run
    over the file read whole, and after an interruption, the rest only (each record once)."""
    from sudokit.compare.run import executors, harness
    from sudokit.models.puzzles import stream_puzzles

    monkeypatch.setattr(harness, "BLOCK", 4)
    monkeypatch.setattr(executors, "LOOKAHEAD", 3)
    ten = first(load_set("easy50"), 10)
    path = tmp_path / "ten.txt"
    path.write_text("".join(p.grid.line() + "\n" for p in ten))
    backends = [HONEST, fake("second", "HonestSolver")]
    whole = solve(Plan([stream_puzzles(path, name=ten.name)], backends, Settings(timeout=5), seed=4), tmp_path, "whole")
    expected = solve(Plan([ten], backends, Settings(timeout=5), seed=4), tmp_path, "expected")
    assert [(r.key, r.puzzle, r.status, r.solution) for r in whole] == \
        [(r.key, r.puzzle, r.status, r.solution) for r in expected] and len(whole) == 20

    def stop_after_seven(record, seen=[]):  # noqa: B006  (counts across calls)
        seen.append(record)
        if len(seen) == 7:
            raise KeyboardInterrupt

    plan = Plan([stream_puzzles(path, name=ten.name)], backends, Settings(timeout=5), seed=4)
    with Store.open(tmp_path / "db.sqlite") as store:
        with pytest.raises(KeyboardInterrupt):
            run(store, "resumed", plan, ProcessExecutor(1), on_record=stop_after_seven)
        kept = len(store.records(store.run("resumed")))
        due = []
        stored = run(store, "resumed", plan, ProcessExecutor(2), on_start=due.append)
        found = store.records(stored)
    assert 7 <= kept < 20 and due == [20 - kept]
    assert [(r.key, r.status, r.solution) for r in found] == [(r.key, r.status, r.solution) for r in expected]


@pytest.mark.parametrize("name", ["17clue-1000", "gecode-16x16", "gecode-25x25"])
def test_the_fast_line_of_a_grid_is_the_grids_own_line(name):
    from sudokit.compare.run.harness import line_of

    grids = [p.grid for p in load_set(name).puzzles[:50]]
    assert [line_of(g) for g in grids] == [g.line() for g in grids]
    assert line_of(Grid((0,) * 81)) == "." * 81

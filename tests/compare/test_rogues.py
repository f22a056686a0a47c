"""The rogue gallery: guests that misbehave as real ones do (``tests/rogues/``), each run through
``sudokit compare``. None may hang the run, leave a process behind (checked from ``/proc``, by the pid
files and command lines the rogues leave), lose a record or be credited with time it did not spend."""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import sudokit.compare.cli  # noqa: F401  (registers the commands)
from sudokit.compare.app import app
from sudokit.compare.run.store import Record, Store
from sudokit.compare.sets import load_set
from sudokit.solvers import processes
from tests.conftest import REPO

ROGUES = REPO / "tests" / "rogues"
EASY = load_set("easy50").puzzles[:3]
TWO_SOLUTIONS = "1.....1..1.....1"
runner = CliRunner()
RUNS = itertools.count()


@pytest.fixture
def marks(tmp_path, monkeypatch):
    """A folder where every rogue process leaves its pid; after the test, none of them may be running."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "three.txt").write_text("".join(p.grid.line() + "\n" for p in EASY))
    (tmp_path / "one.txt").write_text(EASY[0].grid.line() + "\n")
    folder = tmp_path / "marks"
    folder.mkdir()
    monkeypatch.setenv("SUDOKIT_ROGUE_MARKS", str(folder))
    yield folder
    left = {pid: _described(pid) for pid in survivors(folder)}
    for pid in left:  # (so that one failure does not spin on through the other tests)
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    assert not left, f"processes left running: {left}"


def survivors(folder: Path, wait: float = 1.0) -> list[int]:
    """The rogues' processes still in ``/proc`` after ``wait`` seconds at most: running, stopped, or dead
    and left unreaped by a process of ours (init's zombies are dead and init's to reap)."""
    until = time.monotonic() + wait
    while True:
        left = {int(p.name) for p in folder.iterdir() if _started(int(p.name)) == p.read_text()}
        for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
            try:
                if str(folder).encode() in cmdline.read_bytes():
                    left.add(int(cmdline.parent.name))
            except OSError:
                pass
        left = {pid for pid in left if not _described(pid).startswith(("Z (zombie), parent 1:", "gone"))}
        if not left or time.monotonic() > until:
            return sorted(left)
        time.sleep(0.05)


def _described(pid: int) -> str:
    """A process's state, parent and command line, from ``/proc``."""
    try:
        status = dict(line.split(":\t", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines())
        command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except (OSError, ValueError):
        return "gone"
    return f"{status.get('State')}, parent {status.get('PPid')}: {command[:120]}"


def _started(pid: int) -> str | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return None


def program(mode: str, marks: Path) -> str:
    return f"cmd:{sys.executable} {ROGUES / 'rogue.py'} {mode} {marks}"


def function(name: str) -> str:
    return f"py:{ROGUES / 'functions.py'}:{name}"


def compare(spec: str, *options: str, puzzles: str = "three.txt", timeout: float = 1.0) -> dict[int, Record]:
    """Run ``compare`` with the rogue alone in one worker (one program process, puzzles in order); its
    records by puzzle."""
    began, name = time.monotonic(), f"run{next(RUNS)}"
    result = runner.invoke(app, ["compare", puzzles, "--backend", spec, "--jobs", "1", "--timeout",
                                 str(timeout), "--name", name, "--no-report", *options])
    assert result.exit_code in (0, 1), result.output
    assert time.monotonic() - began < 30
    with Store.open(Path("results/sudokit.sqlite"), create=False) as store:
        records = {r.puzzle_index: r for r in store.records(store.run(name)) if r.backend == spec}
    assert sorted(records) == list(range(len(records))) and records, "a record is missing"
    return records


def spun(record: Record) -> bool:
    """Whether a record of one process spinning throughout has its CPU time: counted (however busy the
    machine, more than a tenth of its wall time) and no more than its wall time."""
    return record.cpu_seconds is not None and 0.1 * record.seconds < record.cpu_seconds <= record.seconds * 1.1 + 0.02


def test_a_setsid_grandchild_left_spinning_is_counted_and_killed(marks):
    records = compare(program("daemon", marks), timeout=2.0)
    assert [r.status for r in records.values()] == ["solved"] * 3
    for record in records.values():  # the program sleeps 0.3 s a puzzle while its grandchild spins
        assert record.cpu_seconds is not None and spun(record)


def test_a_child_doing_the_work_is_counted(marks):
    records = compare(program("child-works", marks), timeout=3.0)
    for record in records.values():
        assert record.status == "solved"
        assert record.cpu_seconds is not None and 0.3 <= record.cpu_seconds <= record.seconds * 1.1 + 0.02


def test_a_program_ignoring_sigterm_is_killed_at_the_deadline(marks):
    records = compare(program("ignores-term", marks), timeout=1.0)  # (a restart in time on a loaded machine)
    assert [r.status for r in records.values()] == ["solved", "timeout", "solved"]
    assert 1.0 <= records[1].seconds < 1.5  # what it used, not the limit plus a grace
    assert spun(records[1])


@pytest.mark.parametrize(("mode", "status", "says"), [
    ("flood", "error", "without ending a line"),
    ("half-line", "timeout", "killed at the deadline"),
    ("exits", "error", "it exited with status 0 without answering"),
])
def test_a_program_misbehaving_on_one_puzzle_costs_that_puzzle_only(marks, mode, status, says):
    records = compare(program(mode, marks), timeout=1.0)  # (the program restarted in time on a loaded machine)
    assert [r.status for r in records.values()] == ["solved", status, "solved"]
    assert says in records[1].message


def test_a_program_that_never_flushes_times_out_on_every_puzzle(marks):
    records = compare(program("never-flushes", marks), timeout=0.3)
    assert [r.status for r in records.values()] == ["timeout"] * 3


def test_a_program_slow_to_start_is_timed_from_its_start(marks):
    records = compare(program("slow-start", marks), timeout=3.0)
    assert [r.status for r in records.values()] == ["solved"] * 3
    assert records[0].seconds >= 0.6 > records[1].seconds


def test_a_uniqueness_lie_and_an_answer_for_another_puzzle_are_recorded_as_given(marks):
    Path("two.txt").write_text(f"{TWO_SOLUTIONS}\n")
    liar = compare(program("liar", marks), puzzles="two.txt")
    assert liar[0].status == "solved"  # recorded as it claimed; the judge's verdict names the liar
    other = compare(program("other-puzzle", marks))
    assert other[0].status == "solved" and other[1].status == other[2].status == "error"
    assert "contradicts a given" in other[1].message


def test_memory_is_the_tree_s(marks):
    records = compare(program("memory", marks), timeout=5.0)
    assert all(r.extra["peak_kb"] >= 200 * 1024 for r in records.values())


def test_a_program_over_the_memory_limit_is_stopped_by_runexec(marks):
    """In a process of its own, as a user runs it (this one is a subreaper by now: the killed program,
    orphaned by runexec's kill, would come here to be reaped by nobody)."""
    pytest.importorskip("benchexec")
    if os.geteuid() != 0:
        pytest.skip("runexec needs cgroups it may write to (root here)")
    spec = program("memory", marks)
    run = subprocess.run([sys.executable, "-m", "sudokit.compare.cli", "compare", "one.txt", "--backends",
                          f"bitx,{spec}", "--measure", "runexec", "--memory-limit", "100", "--timeout", "5",
                          "--jobs", "1", "--name", "run", "--no-report"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 1, run.stderr  # a backend that answered nothing: exit 1, its first error named
    assert "over the memory limit" in run.stderr.strip().splitlines()[-1]
    with Store.open(Path("results/sudokit.sqlite"), create=False) as store:
        record = next(r for r in store.records(store.run("run")) if r.backend == spec)
    assert record.status == "error" and "over the memory limit of 100 MB" in record.message


def test_spinning_in_c_holding_the_gil_is_stopped_at_the_deadline(marks):
    for name in ("spins_in_c", "spins_in_c_in_the_worker"):  # (a worker killed at the limit and a grace)
        records = compare(function(name), puzzles="one.txt", timeout=0.5)
        for record in records.values():
            assert record.status == "timeout" and spun(record)


def test_a_timeout_error_is_a_timeout(marks):
    records = compare(function("raises_timeout"))
    assert [r.status for r in records.values()] == ["timeout"] * 3


def test_a_python_function_s_daemon_and_worker_child_are_counted_and_killed(marks):
    daemon = compare(function("forks_a_daemon"), timeout=2.0)
    assert [r.status for r in daemon.values()] == ["solved"] * 3
    worked = compare(function("a_child_works"), timeout=3.0)
    for record in worked.values():
        assert record.status == "solved" and record.cpu_seconds is not None and record.cpu_seconds >= 0.3


def started_with_a_daemon(marks: Path) -> subprocess.Popen:
    """``compare`` in a process of its own, its program's daemon running (20 puzzles: it is not done yet)."""
    Path("many.txt").write_text("".join(p.grid.line() + "\n" for p in load_set("easy50").puzzles[:20]))
    run = subprocess.Popen([sys.executable, "-m", "sudokit.compare.cli", "compare", "many.txt", "--backends",
                            program("daemon", marks), "--jobs", "1", "--timeout", "5", "--name", "run",
                            "--no-report"], stderr=subprocess.PIPE, text=True)
    until = time.monotonic() + 20
    while not [m for m in marks.iterdir()][1:] and time.monotonic() < until:  # the program and its grandchild
        time.sleep(0.05)
    time.sleep(1.0)  # (an answer or two stored: 0.3 s a puzzle)
    return run


def test_what_a_run_killed_outright_left_is_killed_by_the_next_run(marks):
    """SIGKILL leaves a run no time to clean up: its worker dies with it, and the program's daemon, in
    the worker's cgroup, lives on; the next run on the machine kills it (only a cgroup tells it apart)."""
    if os.geteuid() != 0 or processes._own_cgroup() is None:
        pytest.skip("a worker's cgroup needs root (or a delegated cgroup) here")
    run = started_with_a_daemon(marks)
    run.kill()
    run.communicate(timeout=10)
    assert survivors(marks, wait=0.5), "the daemon was expected to outlive a run killed outright"
    compare("bitx", puzzles="one.txt")
    assert not survivors(marks)


def test_sigterm_ends_a_run_as_ctrl_c_does_and_leaves_nothing_running(marks):
    run = started_with_a_daemon(marks)
    run.send_signal(signal.SIGTERM)
    _, err = run.communicate(timeout=10)
    assert run.returncode == 4 and "rerun with --name run to resume" in err, err
    with Store.open(Path("results/sudokit.sqlite"), create=False) as store:
        assert {r.status for r in store.records(store.run("run"))} == {"solved"}

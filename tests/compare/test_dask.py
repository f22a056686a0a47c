"""The Dask executor on real ``dask scheduler`` and ``dask worker`` processes: a local run's records, always."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

import sudokit.compare.cli  # noqa: F401  (registers the commands)
from sudokit.compare.app import app
from sudokit.compare.run.dask_executor import DaskExecutor, solve_chunk
from sudokit.compare.run.executors import Chunk, Executor, ProcessExecutor, Settings, Task
from sudokit.compare.run.harness import Plan, run
from sudokit.compare.run.store import Record, Store
from sudokit.compare.sets import load_set
from sudokit.models.grid import Grid, is_solution
from sudokit.solvers.registry import get_backend
from tests.compare.fakes import MISBEHAVING_GIVENS, fake, first
from tests.conftest import REPO

runner = CliRunner()
STARTUP_SECONDS = 30
MIXED = [p.grid.line() for p in load_set("top95").puzzles[:10] + load_set("multi-200").puzzles[:2]]


def dask(tmp_path: Path, *args: str) -> subprocess.Popen:
    """A ``dask`` command (scheduler or worker) that can import this checkout, tests included."""
    return subprocess.Popen([sys.executable, "-m", "dask", *args], cwd=tmp_path, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, env={**os.environ, "PYTHONPATH": str(REPO)})


class Cluster:
    """A scheduler and workers on 127.0.0.1 started as Dask's docs start them: nanny on, daemonic worker
    processes, no special environment; only one thread a worker."""

    def __init__(self, tmp_path: Path, workers: int):
        self.file = tmp_path / "scheduler.json"
        self.scheduler = dask(tmp_path, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                              "--scheduler-file", str(self.file))
        self.workers = [
            dask(tmp_path, "worker", "--scheduler-file", str(self.file), "--host", "127.0.0.1", "--nthreads", "1",
                 "--no-dashboard", "--death-timeout", str(STARTUP_SECONDS), "--name", f"w{number}")
            for number in range(workers)
        ]

    def wait_until_ready(self) -> None:
        """Wait for the scheduler's address, then for every worker; learn the workers' addresses by name."""
        from distributed import Client

        deadline = time.monotonic() + STARTUP_SECONDS
        while True:  # the scheduler may have made the file and not yet written it
            try:
                self.address = json.loads(self.file.read_text())["address"]
                break
            except (FileNotFoundError, json.JSONDecodeError):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        with Client(self.address, timeout=STARTUP_SECONDS) as client:
            client.wait_for_workers(len(self.workers), timeout=STARTUP_SECONDS)
            self.addresses = {w["name"]: a for a, w in client.scheduler_info()["workers"].items()}

    def stop(self) -> None:
        """Stop the workers, then the scheduler (stopped together, a worker can hang on its way out)."""
        for processes in (self.workers, [self.scheduler]):
            for process in processes:
                process.terminate()
            for process in processes:
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()


def cluster_of(tmp_path: Path, workers: int) -> Iterator[Cluster]:
    """A started cluster, stopped afterwards whatever happens."""
    pytest.importorskip("distributed")
    cluster = Cluster(tmp_path, workers)
    try:
        cluster.wait_until_ready()
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory) -> Iterator[Cluster]:
    yield from cluster_of(tmp_path_factory.mktemp("cluster"), 2)


@pytest.fixture
def doomed_cluster(tmp_path) -> Iterator[Cluster]:
    """A cluster of its own, for a test that kills one of its workers."""
    yield from cluster_of(tmp_path, 2)


def answers(records: list[Record]) -> list[tuple]:
    """What must not depend on where puzzles were solved: statuses and solutions (not timings)."""
    return sorted((r.key, r.status, r.solution, r.solutions_found) for r in records)


def records(plan: Plan, executor: Executor, db: Path, **hooks) -> list[Record]:
    with Store.open(db) as store:
        return store.records(run(store, "run", plan, executor, **hooks))


def test_compare_on_the_cluster_records_what_a_local_run_records(cluster, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    puzzles = tmp_path / "mixed.txt"
    puzzles.write_text("\n".join(MIXED))
    common = ["compare", str(puzzles), "--backends", "dlx,human-basic", "--transform", "--seed", "4", "--name", "on",
              "--timeout", "600", "--no-report"]  # no timeouts, however loaded the machine
    on_dask = runner.invoke(app, [*common, "--db", "dask.sqlite", "--executor", "dask", "--scheduler", cluster.address])
    assert on_dask.exit_code == 0, on_dask.output
    assert runner.invoke(app, [*common, "--db", "local.sqlite", "--jobs", "2"]).exit_code == 0
    with Store.open("dask.sqlite") as dask_store, Store.open("local.sqlite") as local_store:
        on_cluster, local = (store.records(store.run("on")) for store in (dask_store, local_store))
    found, expected = answers(on_cluster), answers(local)
    odd = [(r.key, r.status, r.message, r.seconds) for r in on_cluster + local if r.status not in ("solved", "multiple",
                                                                                                  "stuck")]
    assert len(found) == 2 * len(MIXED) and found == expected, odd  # (a timeout once, loaded: its message says why)
    assert {status for _, status, _, _ in found} >= {"solved", "multiple", "stuck"}


def test_puzzles_overrunning_the_timeout_are_killed_on_the_workers(cluster, tmp_path):
    easy = first(load_set("easy50"), 32)  # chunks of 2: a process dies at the head of one, the rest goes on
    bad = {p.index for p in easy if p.grid.count_givens() == MISBEHAVING_GIVENS}
    backends = [fake("hanging", "HangingSolver"), fake("killing", "KillingSolver")]
    plan = Plan([easy], backends, Settings(timeout=1, grace=0.5))
    found = records(plan, DaskExecutor(scheduler=cluster.address), tmp_path / "dask.sqlite")
    assert len(bad) == 3 and len(found) == 2 * len(easy)
    for r in found:
        if r.puzzle_index in bad:
            assert (r.status, r.message) == (("timeout", "killed after the timeout") if r.backend == "hanging" else
                                             ("error", "the worker process died (exit code -9)"))
        else:
            assert is_solution(Grid.parse(r.solution), easy.puzzles[r.puzzle_index].grid)
            assert r.cpu_seconds is not None and r.cpu_seconds >= 0  # measured in the Dask worker's solving process


def test_losing_a_worker_mid_run_loses_and_duplicates_no_record(doomed_cluster, tmp_path):
    from distributed import Client

    victim, lost = doomed_cluster.workers[0], []
    plan = Plan([first(load_set("top95"), 48)], [get_backend("algx")], Settings(timeout=None))
    seen: list[Record] = []
    with Client(doomed_cluster.address) as client:

        def kill_a_busy_worker_once_records_arrive(record: Record) -> None:
            seen.append(record)
            if len(seen) == 1:
                lost.extend(client.processing()[doomed_cluster.addresses["w0"]])
                victim.send_signal(signal.SIGKILL)

        found = records(plan, DaskExecutor(scheduler=doomed_cluster.address), tmp_path / "dask.sqlite",
                        on_record=kill_a_busy_worker_once_records_arrive)
    assert lost and victim.wait(timeout=10) == -signal.SIGKILL  # it died with chunks in hand
    assert sorted(r.key for r in seen) == sorted({r.key for r in seen}) == sorted(r.key for r in found)
    assert len(found) == 48 and not any(r.status == "error" for r in found)
    assert answers(found) == answers(records(plan, ProcessExecutor(2), tmp_path / "local.sqlite"))


@pytest.mark.filterwarnings("ignore:Port 8787 is already in use")  # Dask then picks another
def test_a_local_cluster_of_workers_solves_and_every_answer_is_judged(tmp_path, monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.chdir(tmp_path)
    puzzles = {p.grid.line(): p.grid for p in load_set("easy50").puzzles[:4]}
    (tmp_path / "four.txt").write_text("".join(line + "\n" for line in puzzles))
    result = runner.invoke(app, ["compare", "four.txt", "--backends", "bitx", "--executor", "dask", "--workers", "1",
                                 "--name", "four", "--no-report"])
    assert result.exit_code == 0, result.output
    with Store.open("results/sudokit.sqlite") as store:
        found = store.records(store.run("four"))
    assert len(found) == 4 and all(is_solution(Grid.parse(r.solution), puzzles[r.puzzle]) for r in found)


@pytest.mark.parametrize("options, message", [
    pytest.param(["--scheduler", "tcp://127.0.0.1:8786"], "--scheduler needs --executor dask", id="not-dask"),
    pytest.param(["--executor", "dask", "--workers", "2", "--scheduler", "tcp://127.0.0.1:8786"], "not both",
                 id="both"),
    pytest.param(["--executor", "dask", "--scheduler", "tcp://127.0.0.1:1"], "cannot reach the Dask scheduler",
                 id="unreachable"),
])
def test_a_cluster_misdescribed_is_one_line_and_exit_2(options, message, tmp_path, monkeypatch):
    dask_config = pytest.importorskip("dask.config")
    monkeypatch.chdir(tmp_path)
    with dask_config.set({"distributed.comm.timeouts.connect": "0.5s"}):
        result = runner.invoke(app, ["compare", "easy50", "--backends", "dlx", "--no-report", *options])
    assert result.exit_code == 2 and message in result.stderr and "Traceback" not in result.output


def test_without_dask_installed_the_executor_says_how_to_install_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(sys.modules, "distributed", None)  # importing it fails
    result = runner.invoke(app, ["compare", "easy50", "--backends", "dlx", "--executor", "dask", "--workers", "2"])
    assert result.exit_code == 2 and "pip install 'sudokit[dask]'" in result.stderr
    assert not (tmp_path / "results").exists()


def test_a_daemonic_worker_solves_in_its_own_subprocess(monkeypatch):
    """Dask's default workers are daemonic: they may not start multiprocessing children, but may start
    subprocesses, and that is how a chunk is solved there (with real timeouts)."""
    monkeypatch.setattr(multiprocessing.current_process(), "daemon", True)  # as under a default Dask nanny
    easy = load_set("easy50").puzzles
    bad = next(p for p in easy if p.grid.count_givens() == MISBEHAVING_GIVENS)
    good = [p for p in easy if p.grid.count_givens() != MISBEHAVING_GIVENS][:2]
    tasks = tuple(Task("easy50", p.index, p.grid) for p in (good[0], bad, good[1]))
    outcomes = solve_chunk(Chunk(fake("hanging", "HangingSolver"), tasks), Settings(timeout=0.5, grace=0.2))
    statuses = {o.task.index: o.result.status.value for o in outcomes}
    assert statuses == {good[0].index: "solved", bad.index: "timeout", good[1].index: "solved"}


@pytest.mark.filterwarnings("ignore:Port 8787 is already in use")
def test_a_local_cluster_with_dask_s_defaults_passed_as_scheduler(tmp_path, monkeypatch):
    """``distributed.LocalCluster()`` as people start it (nanny, daemonic processes): a timeout is still real."""
    distributed = pytest.importorskip("distributed")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PYTHONPATH", str(REPO))  # the workers import this checkout's test backends
    easy = first(load_set("easy50"), 8)
    bad = {p.index for p in easy if p.grid.count_givens() == MISBEHAVING_GIVENS}
    with distributed.LocalCluster() as cluster:
        plan = Plan([easy], [fake("hanging", "HangingSolver")], Settings(timeout=1, grace=0.5))
        found = records(plan, DaskExecutor(scheduler=cluster.scheduler_address), tmp_path / "dask.sqlite")
    assert bad and len(found) == 8
    assert {r.puzzle_index for r in found if r.status == "timeout"} == bad
    assert all(r.status == "solved" for r in found if r.puzzle_index not in bad)


def test_a_scheduler_that_goes_away_stops_the_run_in_one_line_and_the_run_resumes(doomed_cluster, tmp_path):
    db, puzzles = tmp_path / "r.sqlite", tmp_path / "p.txt"
    puzzles.write_text("".join(p.grid.line() + "\n" for p in load_set("17clue-1000").puzzles[:120]))
    command = [sys.executable, "-c", "from sudokit.compare.cli import main; main()", "compare", str(puzzles),
               "--backends", "algx", "--repeat", "5", "--db", str(db), "--name", "cut", "--no-report", "--quiet"]
    running = subprocess.Popen([*command, "--executor", "dask", "--scheduler", doomed_cluster.address],
                               stderr=subprocess.PIPE, text=True, cwd=tmp_path,
                               env={**os.environ, "PYTHONPATH": str(REPO)})
    deadline = time.monotonic() + 60
    while not db.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(1.0)
    doomed_cluster.scheduler.kill()
    _, err = running.communicate(timeout=120)
    assert running.returncode == 4
    assert err.strip().splitlines() == [err.strip()] and "the Dask scheduler went away" in err
    assert "--name cut" in err
    resumed = subprocess.run(command, capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    with Store.open(db) as store:
        found = store.records(store.run("cut"))
    assert len(found) == 120 and len({r.key for r in found}) == 120 and all(r.status == "solved" for r in found)


def test_chunks_are_grouped_into_tasks_of_one_backend_spread_over_the_threads(monkeypatch):
    from sudokit.compare.run import dask_executor

    easy = load_set("easy50").puzzles
    a, b = fake("a", "HonestSolver"), fake("b", "HonestSolver")
    chunks = [Chunk(backend, tuple(Task("easy50", p.index, p.grid) for p in easy[i : i + 2]))
              for backend in (a, b) for i in range(0, 48, 2)]
    groups = list(dask_executor.grouped(chunks, threads=2))
    assert [t.index for g in groups for t in g.tasks] == [t.index for c in chunks for t in c.tasks]  # all, in order
    assert all(len({t.index for t in g.tasks}) == len(g.tasks) for g in groups)
    assert [len(g.tasks) for g in groups] == [6] * 16  # 96 puzzles seen whole: 8 tasks a thread, each one backend's
    assert [g.backend.name for g in groups] == ["a"] * 8 + ["b"] * 8
    monkeypatch.setattr(dask_executor, "LOOKAHEAD", 4)  # a long run: tasks of TASK_PUZZLES
    monkeypatch.setattr(dask_executor, "TASK_PUZZLES", 10)
    assert [len(g.tasks) for g in dask_executor.grouped(chunks, threads=2)] == [10, 10, 10, 10, 8] * 2


def test_a_long_run_s_tasks_hold_about_a_second_of_their_backend_s_work(monkeypatch):
    """A backend taking seconds a puzzle (``rate``, ``generate``) gets tasks of one puzzle, not of
    TASK_PUZZLES on one thread; before its pace is known, one puzzle a task."""
    from sudokit.compare.run import dask_executor
    from sudokit.solvers.base import SolveResult, Status

    monkeypatch.setattr(dask_executor, "LOOKAHEAD", 4)
    easy = load_set("easy50").puzzles
    slow, fast = fake("slow", "HonestSolver"), fake("fast", "HonestSolver")
    chunks = [Chunk(backend, (Task("easy50", p.index, p.grid),)) for backend in (slow, fast) for p in easy[:40]]
    pace = dask_executor.Pace()
    groups = dask_executor.grouped(chunks, threads=2, pace=pace)
    sizes = []
    for group in groups:
        sizes.append((group.backend.name, len(group.tasks)))
        each = 3.0 if group.backend.name == "slow" else 0.004  # what the group's puzzles took
        pace.add(dask_executor.Outcome(group.backend.name, t, SolveResult(Status.SOLVED, solve_seconds=each))
                 for t in group.tasks)
    assert sizes[:3] == [("slow", 1)] * 3 and all(n == 1 for name, n in sizes if name == "slow")
    fast_sizes = [n for name, n in sizes if name == "fast"]
    assert fast_sizes[0] == 1 and fast_sizes[1] == 39  # 250 a second: the rest in one task (up to TASK_PUZZLES)
    assert sum(n for _, n in sizes) == 80

"""Measurements a solver competition would accept: CPU time, repeats, PAR-k and the virtual best,
cactus and scatter plots, the machine's load, the recorded configuration and honest verdicts."""

from __future__ import annotations

import math
import os
import sqlite3
import subprocess
import sys
import threading
import time

import pytest

from sudokit.compare.reports import plots, report
from sudokit.compare.reports.diff import only_in, settings_changed
from sudokit.compare.reports.stats import VBS, virtual_best
from sudokit.compare.run.executors import ProcessExecutor, Settings, solve_measured, solve_repeated
from sudokit.compare.run.harness import Plan, run
from sudokit.compare.run.store import SCHEMA_VERSION, Record, Run, Store
from sudokit.models.grid import Grid
from sudokit.solvers.base import SolveResult, Status
from sudokit.solvers.isolate import Isolated
from tests.compare.fakes import HONEST, first

BURN = 0.08  # CPU seconds a fake backend burns
GRID = Grid.parse("." * 81)


def burn(seconds: float = BURN) -> None:
    """Use ``seconds`` of this thread's CPU time (however busy the machine is)."""
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


class Backend:
    """A fake whose ``solve`` runs ``work`` and answers 'stuck'."""

    def __init__(self, work):
        self.work = work

    def solve(self, grid, *, limit=2, time_limit=None):
        start = time.perf_counter()
        self.work()
        return SolveResult(Status.STUCK, solve_seconds=time.perf_counter() - start)


class IsolatedBackend:
    """A backend solving in a warm child process, as ``sat-picosat`` does."""

    def __init__(self, isolated: Isolated):
        self.isolated = isolated

    def solve(self, grid, *, limit=2, time_limit=None):
        return self.isolated(grid, limit=limit, time_limit=time_limit)


def in_threads() -> None:
    threads = [threading.Thread(target=burn) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def in_a_child() -> None:
    subprocess.run([sys.executable, "-c", f"import time\nwhile time.process_time() < {BURN}: pass"], check=True)


def isolated_solve(grid, limit):
    burn()
    return SolveResult(Status.STUCK)


def test_cpu_time_counts_every_thread_a_child_process_and_an_isolated_child_but_not_sleep():
    settings = Settings(timeout=30.0)
    _, threads = solve_measured(Backend(in_threads), GRID, settings)
    _, child = solve_measured(Backend(in_a_child), GRID, settings)
    isolated = Isolated(isolated_solve)
    isolated(GRID, time_limit=30.0)  # (the child started: its own CPU comes back with each answer)
    try:
        _, warm = solve_measured(IsolatedBackend(isolated), GRID, settings)
    finally:
        isolated.stop()
    result, asleep = solve_measured(Backend(lambda: time.sleep(0.1)), GRID, settings)
    assert threads >= 2 * BURN * 0.95  # two threads' CPU, however the machine shared its cores
    # (a live child is read from /proc without a cgroup: clock ticks, 10 ms each for user and system time)
    assert child >= BURN * 0.95 and warm >= BURN * 0.95 - 0.02
    assert asleep < 0.05 < result.seconds


def test_a_single_threaded_backend_never_uses_more_cpu_than_wall_time():
    result, cpu = solve_measured(Backend(burn), GRID, Settings())
    assert BURN * 0.95 <= cpu <= result.seconds * 1.05 + 0.002


@pytest.mark.manual
def test_cpsat_with_two_workers_uses_more_cpu_than_wall_time_on_a_quiet_machine():
    """On a machine with a free core: a 16×16 empty grid keeps both CP-SAT workers busy."""
    pytest.importorskip("ortools")
    if os.getloadavg()[0] > (os.cpu_count() or 1) - 1.5:
        pytest.skip(f"the machine is busy (load {os.getloadavg()[0]:.1f}): CPU/wall cannot show parallelism")
    from sudokit.solvers.registry import get_backend

    ratios = {}
    for spec in ("bitx", "cpsat:num_workers=2"):
        result, cpu = solve_measured(get_backend(spec).create(), Grid.parse("." * 256), Settings(limit=1))
        ratios[spec] = cpu / result.seconds
    assert 0.8 < ratios["bitx"] <= 1.05 and ratios["cpsat:num_workers=2"] > 1.2, ratios


def test_each_repeat_keeps_its_own_time_and_the_record_their_median():
    times = iter([0.3, 0.1, 0.2])

    class Timed:
        def solve(self, grid, *, limit=2, time_limit=None):
            return SolveResult(Status.STUCK, solve_seconds=next(times))

    result, cpu = solve_repeated(Timed(), GRID, Settings(repeat=3))
    assert result.stats["repeat_seconds"] == [0.3, 0.1, 0.2]  # the first keeps its own 0.3
    assert result.seconds == 0.2 and len(result.stats["repeat_cpu_seconds"]) == 3 and cpu >= 0


def test_a_database_of_schema_1_opens_with_its_records_and_no_cpu_time(tmp_path):
    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as db:  # schema 1 as it was: records without cpu_seconds
        db.executescript("""
            CREATE TABLE runs (id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL, started TEXT NOT NULL,
                finished TEXT, environment TEXT NOT NULL, sets TEXT NOT NULL, config TEXT NOT NULL);
            CREATE TABLE records (run INTEGER NOT NULL, set_name TEXT NOT NULL, puzzle_index INTEGER NOT NULL,
                puzzle TEXT NOT NULL, backend TEXT NOT NULL, status TEXT NOT NULL, solution TEXT,
                solutions_found INTEGER NOT NULL, build_seconds REAL NOT NULL, solve_seconds REAL NOT NULL,
                guesses INTEGER, steps INTEGER, hardest TEXT, message TEXT NOT NULL, extra TEXT NOT NULL,
                PRIMARY KEY (run, set_name, puzzle_index, backend));
            INSERT INTO runs VALUES (1, 'old', '2025', '2025', '{}', '[]', '{"backends": {"a": "A"}}');
            INSERT INTO records VALUES (1, 's', 0, 'p', 'a', 'stuck', NULL, 0, 0.5, 1.5, NULL, NULL, NULL, '', '{}');
            PRAGMA user_version = 1;""")
    with Store.open(path) as store:
        (record,) = store.records(store.run("old"))
        assert record.cpu_seconds is None and record.measure("cpu") == 2.0
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_claimed_names_never_repeat_and_a_claimed_run_is_filled_in(tmp_path):
    with Store.open(tmp_path / "db.sqlite") as store:
        names = [store.claim_run("s-1") for _ in range(3)]
        assert names == ["s-1", "s-1-2", "s-1-3"]
        filled = store.start_run(names[0], {"sets": [{"name": "s", "sha256": "x"}], "config": {"backends": {"a": "A"}}})
        assert filled.config == {"backends": {"a": "A"}} and filled.sets == [{"name": "s", "sha256": "x"}]


# ---------------------------------------------------------------------------- PAR-k and the virtual best


def rec(index: int, backend: str, status: str, seconds: float, cpu: float | None = None) -> Record:
    solution = "1" * 81 if status == "solved" else None
    return Record("s", index, "." * 81, backend, status, solution, 1, 0.0, seconds, cpu_seconds=cpu)


def test_par2_the_virtual_best_and_marginal_contributions_by_hand():
    """Timeout 10 s, so PAR-2 counts an unanswered puzzle at 20 s.

    puzzle 0: a 1, b 2          -> best a
    puzzle 1: a timeout, b 3    -> best b, only b answered
    puzzle 2: a 4, b 4          -> a tie: half each
    puzzle 3: a stuck, b error  -> nobody: the virtual best pays 20
    """
    rows = [rec(0, "a", "solved", 1), rec(0, "b", "solved", 2),
            rec(1, "a", "timeout", 10), rec(1, "b", "solved", 3),
            rec(2, "a", "solved", 4), rec(2, "b", "solved", 4),
            rec(3, "a", "stuck", 0.5), rec(3, "b", "error", 0.1)]
    vb = virtual_best(rows, timeout=10.0, measure="wall", k=2)
    assert vb.par == {"a": (1 + 20 + 4 + 20) / 4, "b": (2 + 3 + 4 + 20) / 4}
    assert vb.answered == {"a": 2, "b": 3} and vb.vbs_answered == 3
    assert vb.vbs_par == (1 + 3 + 4 + 20) / 4
    assert vb.best_share == {"a": 1.5, "b": 1.5}
    assert vb.unique == {"a": 0, "b": 1}
    # without a: puzzle 0 costs 2 (not 1); without b: puzzle 1 costs 20 (not 3); the tie loses nothing
    assert vb.marginal == {"a": (2 - 1) / 4, "b": (20 - 3) / 4}
    assert vb.cactus == {"a": [1, 4], "b": [2, 3, 4], VBS: [1, 3, 4]}
    par3 = virtual_best(rows, timeout=10.0, measure="wall", k=3)
    assert par3.par["a"] == (1 + 30 + 4 + 30) / 4


def test_the_virtual_best_uses_cpu_time_and_ignores_wrong_answers():
    rows = [rec(0, "a", "solved", 5, cpu=1), rec(0, "b", "solved", 1, cpu=2)]
    assert virtual_best(rows, 10.0, "cpu").best_share == {"a": 1, "b": 0}
    assert virtual_best(rows, 10.0, "wall").best_share == {"a": 0, "b": 1}
    wrong = virtual_best(rows, 10.0, "cpu", wrong={"a"})
    assert wrong.answered == {"a": 0, "b": 1} and wrong.par["a"] == 20


def test_when_every_backend_fails_everything_the_virtual_best_answers_nothing():
    vb = virtual_best([rec(0, "a", "timeout", 10), rec(0, "b", "stuck", 1)], timeout=10.0, measure="wall")
    assert vb.vbs_answered == 0 and vb.vbs_par == 20 and vb.marginal == {"a": 0, "b": 0}
    assert vb.best_share == {"a": 0, "b": 0}


# ---------------------------------------------------------------------------- pictures


def drawn(monkeypatch) -> list:
    figures: list = []
    save = plots._save
    monkeypatch.setattr(plots, "_save", lambda fig, path: figures.append(fig) or save(fig, path))
    return figures


def test_the_cactus_plot_has_a_line_per_backend_and_the_virtual_best_on_a_log_scale(tmp_path, monkeypatch):
    from matplotlib.image import imread

    figures = drawn(monkeypatch)
    path = plots.cactus({"a": [0.5, 0.001, 0.02], "b": [0.01], VBS: [0.001, 0.01, 0.02]}, "CPU",
                        tmp_path / "cactus.png", best=VBS)
    ax = figures[0].axes[0]
    lines = {line.get_label(): line for line in ax.get_lines()}
    assert set(lines) == {"a (3)", "b (1)", f"{VBS} (3)"} and ax.get_yscale() == "log"
    assert list(lines["a (3)"].get_ydata()) == [0.001, 0.02, 0.5]  # sorted: instances solved within a time
    assert "CPU" in ax.get_ylabel() and "answered" in ax.get_xlabel()
    assert imread(path).shape[0] > 200  # a real picture was written


def test_the_scatter_plot_is_log_log_with_the_diagonal_and_unanswered_on_the_border(tmp_path, monkeypatch):
    from matplotlib.image import imread

    figures = drawn(monkeypatch)
    path = plots.scatter([(0.01, 0.02), (0.1, 10.0), (0.5, 0.4)], ("a", "b"), 10.0, "CPU", tmp_path / "s.png")
    ax = figures[0].axes[0]
    (points,) = ax.collections
    assert [tuple(p) for p in points.get_offsets()] == [(0.01, 0.02), (0.1, 10.0), (0.5, 0.4)]
    assert ax.get_xscale() == ax.get_yscale() == "log"
    diagonal = next(line for line in ax.get_lines() if line.get_label() == "equal time")
    assert list(diagonal.get_xdata()) == list(diagonal.get_ydata())
    assert ax.get_xlabel().startswith("a:") and ax.get_ylabel().startswith("b:")
    assert imread(path).shape[1] > 200


# ---------------------------------------------------------------------------- verdicts and the machine


KEPT_OPEN: list = []


def summary_of(tmp_path, rows: list[Record], environment: dict | None = None, config: dict | None = None):
    description = {"sets": [{"name": "s", "sha256": "x", "puzzles": 8, "skipped": []}],
                   "config": {"limit": 2, "timeout": 10.0, "repeat": 1, "transform_seed": None,
                              "backends": dict.fromkeys(dict.fromkeys(r.backend for r in rows), "fake"),
                              **(config or {})},
                   "environment": environment or {}}
    opened = Store.open(tmp_path / "r.sqlite")
    KEPT_OPEN.append(opened)  # (a summary streams its records from the open store)
    store = opened.__enter__()
    stored = store.start_run("r", description)
    store.add(stored, rows)
    store.finish_run(stored)
    return report.summarize(store, store.run("r"))


def test_overlapping_times_are_not_distinguishable_and_apart_ones_are_faster(tmp_path):
    noisy = [0.5, 3.0, 1.0, 4.0, 0.7, 2.0, 5.0, 0.6]  # b is a half as fast by its median, but puzzle by puzzle
    rows = [r for i, t in enumerate(noisy) for r in (rec(i, "a", "solved", t, t),
                                                      rec(i, "b", "solved", noisy[(i + 3) % 8] * 1.5, noisy[(i + 3) % 8] * 1.5))]
    text = report.verdict(summary_of(tmp_path / "1", rows))
    assert "not distinguishable on these puzzles" in text and "faster" not in text
    apart = [r for i, t in enumerate(noisy) for r in (rec(i, "a", "solved", t, t), rec(i, "b", "solved", 2 * t, 2 * t))]
    text = report.verdict(summary_of(tmp_path / "2", apart))
    assert "The fastest of them by CPU time is `a`" in text and "2.00x faster than the next, `b`" in text


def test_the_ranking_uses_cpu_time_unless_told_wall(tmp_path):
    rows = [r for i in range(4) for r in (rec(i, "a", "solved", 1.0, 0.1), rec(i, "b", "solved", 0.5, 0.5))]
    assert summary_of(tmp_path / "cpu", rows).ranking == ["a", "b"]
    wall = summary_of(tmp_path / "wall", rows, config={"report": {"rank_by": "wall", "par": 2, "scatter": None}})
    assert wall.ranking == ["b", "a"] and wall.measure == "wall"


def test_a_busy_machine_is_warned_about_and_a_quiet_one_is_not(tmp_path):
    rows = [rec(0, "a", "solved", 1.0, 1.0)]
    busy = {"cpus": 2, "cpus_allowed": 2, "machine_start": {"load": 3.5}, "machine_end": {"load": 4.0},
            "machine_busy": 0.98}
    summary = summary_of(tmp_path / "busy", rows, busy, {"execution": {"jobs": 1}})
    markdown = report.write_report(summary, tmp_path / "busy" / "out").read_text()
    assert "**The machine was busy**: load average 3.50 at the start and 4.00 at the end, on 2 cores" in markdown
    assert "98%" in markdown
    quiet = {**busy, "machine_start": {"load": 0.2}, "machine_end": {"load": 1.1}}
    assert report.busy_machine(summary_of(tmp_path / "quiet", rows, quiet, {"execution": {"jobs": 1}}).run) is None
    # the main job in a fresh clone, just after its install: the lagging load is no other work
    after_install = {**busy, "machine_start": {"load": 0.90}, "machine_end": {"load": 1.76}}
    assert report.busy_machine(summary_of(tmp_path / "fresh", rows, after_install, {"execution": {"jobs": 2}}).run) is None
    assert "The one backend answered 1 puzzle." in report.verdict(summary)


def test_diff_names_the_settings_that_differ_and_the_backends_of_one_run_only():
    def stored(jobs: int, executor: str) -> Run:
        return Run(1, "r", "", None, {"cpus": 2}, [{"name": "s", "sha256": "x"}],
                   {"limit": 2, "timeout": 10.0, "repeat": 1, "execution": {"jobs": jobs, "executor": executor}})

    assert settings_changed(stored(2, "local"), stored(1, "dask")) == {"jobs": (2, 1), "executor": ("local", "dask")}
    assert settings_changed(stored(2, "local"), stored(2, "local")) == {}
    old, new = [rec(0, "a", "solved", 1), rec(0, "gone", "solved", 1)], [rec(0, "a", "solved", 1), rec(0, "new", "solved", 1)]
    assert only_in(old, new) == (["gone"], ["new"])


def test_pinned_workers_each_have_a_core_of_their_own_recorded(tmp_path):
    from sudokit.compare.sets import load_set

    cores = sorted(os.sched_getaffinity(0))
    if len(cores) < 2:
        pytest.skip("one core only")
    with Store.open(tmp_path / "db.sqlite") as store:
        plan = Plan([first(load_set("easy50"), 4)], [HONEST], Settings(timeout=10.0))
        records = store.records(run(store, "pinned", plan, ProcessExecutor(2, pin=True)))
    assert {r.extra["core"] for r in records} <= set(cores[:2]) and all(r.cpu_seconds is not None for r in records)
    stored_env = None
    with Store.open(tmp_path / "db.sqlite") as store:
        stored_env = store.run("pinned").environment
    assert "load" in stored_env["machine_start"] and "load" in stored_env["machine_end"]
    assert not math.isnan(stored_env["machine_start"]["load"])


def test_export_and_the_notebook_carry_cpu_time_beside_wall_time(tmp_path):
    import csv
    import io

    from sudokit.compare.reports.export import export

    out = io.StringIO()
    export([rec(0, "a", "solved", 0.5, 0.25)], "r", "csv", out)
    (row,) = csv.DictReader(io.StringIO(out.getvalue()))
    assert (float(row["solve_seconds"]), float(row["cpu_seconds"])) == (0.5, 0.25)
    pytest.importorskip("pandas")
    from sudokit.compare.reports.notebook import load_run

    with Store.open(tmp_path / "n.sqlite") as store:
        store.add(store.start_run("n", {"sets": [], "config": {"backends": {"a": "A"}}}), [rec(0, "a", "solved", 0.5, 0.25)])
    frame = load_run("n", tmp_path / "n.sqlite")
    assert frame["cpu_seconds"].tolist() == [0.25] and frame["seconds"].tolist() == [0.5]

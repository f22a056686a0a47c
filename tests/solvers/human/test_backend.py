"""The human engine behind the Solver contract: presets, stats, statuses, registry entries."""

from __future__ import annotations

import pytest

from sudokit.compare.sets import load_set
from sudokit.models.grid import is_solution
from sudokit.solvers.base import Solver, Status
from sudokit.solvers.human.backend import HumanSolver
from sudokit.solvers.human.registry import PRESETS, TECHNIQUES
from sudokit.solvers.registry import BACKENDS

EASY = load_set("easy50").puzzles[0].grid
TDOKU = load_set("tdoku-tests").puzzles


@pytest.mark.parametrize("name, preset", [("human", "full"), ("human-basic", "basic"), ("human-singles", "singles")])
def test_registry_entries_create_the_preset(name, preset):
    solver = BACKENDS[name].create()
    assert isinstance(solver, Solver) and solver.techniques == PRESETS[preset]


def test_stats_describe_the_solve():
    result = HumanSolver().solve(EASY)
    assert result.status is Status.SOLVED and is_solution(result.solution, EASY)
    stats = result.stats
    assert stats["steps"] == EASY.values.count(0) and stats["guesses"] == 0
    assert stats["hardest"] in stats["techniques"] and stats["techniques"] == sorted(stats["techniques"])
    # the default mode's path is sudokit's engine's: its figures are named so, never SE's or HoDoKu's
    assert stats["engine_rating"] == TECHNIQUES[stats["hardest"]].se_rating and "se_rating" not in stats
    assert stats["engine_level"] == "easy" and stats["engine_score"] > 0 and "hodoku_level" not in stats
    se = HumanSolver(mode="se").solve(EASY).stats
    assert se["se_rating"] > 0 and "engine_rating" not in se and "hodoku_score" not in se


def test_stuck_returns_the_partial_grid():
    hard = next(p.grid for p in load_set("se-sample").puzzles if p.meta["se_rating"] >= 9)
    result = HumanSolver("singles").solve(hard)
    assert result.status is Status.STUCK and result.solution is not None and not result.solution.is_complete()
    assert all(g == s for g, s in zip(hard.values, result.solution.values) if g)


def test_guessing_counts_solutions_up_to_the_limit():
    multiple = next(p for p in TDOKU if p.meta["count"] >= 2).grid
    solver = HumanSolver("singles", allow_guess=True)
    result = solver.solve(multiple, limit=2)
    assert (result.status, result.solutions_found) == (Status.MULTIPLE, 2)
    assert is_solution(result.solution, multiple)
    assert solver.solve(multiple, limit=1).status is Status.SOLVED


def test_unsat_says_why():
    unsat = next(p for p in TDOKU if p.meta["count"] == 0).grid
    result = HumanSolver("singles", allow_guess=True).solve(unsat)
    assert result.status is Status.UNSAT and result.solution is None and result.message


def test_an_explicit_technique_list_overrides_the_preset():
    assert HumanSolver(techniques=["hidden_single"]).techniques == ("hidden_single",)
    with pytest.raises(KeyError, match="unknown technique"):
        HumanSolver(techniques=["xy_wing_of_doom"])
    with pytest.raises(KeyError, match="unknown preset"):
        HumanSolver("everything")


def test_the_uniqueness_check_shares_the_solve_s_time_limit(monkeypatch):
    """A time limit is a total: the re-check of a path that assumed uniqueness gets only what is left."""
    import time
    from dataclasses import replace

    import sudokit.solvers.human.backend as backend
    from sudokit.solvers.human.engine import solve_logically

    given: list[float | None] = []

    def slow_solve(*args, time_limit=None, **kwargs):
        result = solve_logically(*args, time_limit=time_limit, **kwargs)
        result.__dict__["rating"] = replace(result.rating, uniqueness=True)  # as if a unique rectangle was used
        time.sleep(0.3)  # the first phase takes most of the budget
        return result

    def checked(grid, result, limit, time_limit):
        given.append(time_limit)
        return result

    monkeypatch.setattr(backend, "solve_logically", slow_solve)
    monkeypatch.setattr(backend, "_proved_unique", checked)
    backend.HumanSolver(preset="singles").solve(EASY, time_limit=0.5)
    assert given and given[0] is not None and given[0] <= 0.2 + 0.05


def test_a_stuck_solve_carries_no_rating():
    stuck = load_set("top95").puzzles[0].grid
    result = HumanSolver(preset="singles").solve(stuck)
    assert result.status is Status.STUCK
    stats = result.stats
    assert stats["engine_rating"] is None and stats["engine_score"] is None and stats["engine_level"] is None


@pytest.mark.parametrize("name", ["human", "human-se", "human-hodoku"])
def test_a_repeated_given_is_unsat_at_once_in_every_mode(name):
    """Found by `sudokit fuzz` and shrunk to two givens: SE and HoDoKu modes counted solutions of this
    near-empty grid first and ran into the time limit, where bitx says unsat at once."""
    from sudokit.models.grid import Grid

    line = "." * 14 + "1.1" + "." * 64  # r2c6 and r2c8 both hold 1
    grid = Grid(tuple(0 if ch == "." else int(ch) for ch in line))
    result = BACKENDS[name].create().solve(grid, time_limit=5)
    assert result.status is Status.UNSAT
    assert result.message == "r2c6 and r2c8 both hold 1"
    assert result.seconds < 2


def test_a_finder_s_long_search_keeps_the_time_limit():
    """Fuzzing found the empty 16×16 past a 5 s limit by 10-15 s: the deadline was looked at only
    between finders, and one (complex fish) searched for seconds; what finders derive now looks first."""
    import time

    from sudokit.models.grid import Grid

    start = time.perf_counter()
    result = HumanSolver().solve(Grid.empty(16), limit=2, time_limit=5.0)
    assert result.status is Status.TIMEOUT
    assert time.perf_counter() - start < 5.0 + 1.0  # (room for a loaded machine)


@pytest.mark.parametrize("mode", ["default", "se"])
def test_after_warm_up_no_solve_pays_for_compiling(mode):
    """The harness warms a worker before its first puzzle: every compiled part the engine uses is built
    then (the nice loops' and nets' were built in a thread beside a hard solve, its CPU the solve's)."""
    import subprocess
    import sys

    pytest.importorskip("numba")
    script = f"""
import threading
from sudokit.models.grid import Grid
from sudokit.solvers.human.backend import HumanSolver
from sudokit.solvers.human.se.jit import available
solver = HumanSolver(mode={mode!r})
solver.warm()
started = []
start = threading.Thread.start
threading.Thread.start = lambda thread: (started.append(thread.name), start(thread))[1]
solver.solve(Grid.parse("080003070600500009001000500400708060000020000030904001007000400300006008020800030"))  # SE 9.1
assert available() and not started, started
"""
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-1500:]

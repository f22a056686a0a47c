"""Every phase under the deadline, on a 25×25 (#42): building the CNF or its text, CPMpy's hand-over,
MiniZinc and its solver, a SAT program; nothing they started left running; the second solution
returned for the judge.

Time bounds have room for a loaded machine (the goal, 0.1 s past the limit, is measured by
``sudokit compare gecode-25x25 --timeout 1``); the old code overshot them by far more.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from sudokit.compare.sets import load_set
from sudokit.models.grid import Grid, is_solution
from sudokit.solvers import isolate, minizinc, program
from sudokit.solvers.base import Status
from sudokit.solvers.registry import BACKENDS, get_backend

HARD_25 = load_set("gecode-25x25").puzzles[0].grid
TWO_4 = Grid.parse("1..." "..1." ".1.." "...1")  # several solutions
ROOM = 0.3  # seconds past a limit allowed here, for a loaded test machine (shared, 2 cores)
CPMPY = BACKENDS["cpmpy"].members


def ready(spec: str):
    backend = get_backend(spec)
    if reason := backend.why_unavailable():
        pytest.skip(f"{spec} {reason}")
    return backend.create()


def timed(solver, grid: Grid, **options):
    start = time.perf_counter()
    result = solver.solve(grid, **options)
    return result, time.perf_counter() - start


@pytest.fixture
def marked(monkeypatch) -> str:
    """A mark in the environment, inherited by every process started from here on."""
    mark = f"SUDOKIT_TEST_MARK={uuid.uuid4().hex}"
    monkeypatch.setenv(*mark.split("="))
    return mark


def survivors(mark: str, wait: float = 1.0) -> list[int]:
    """The processes (other than this one) whose environment holds ``mark``, from /proc, after up to ``wait`` s."""
    end = time.monotonic() + wait
    while True:
        found = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit() and int(entry.name) != os.getpid():
                try:
                    marked = mark.encode() in (entry / "environ").read_bytes().split(b"\0")
                    if marked and (entry / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z":  # not a zombie
                        found.append(int(entry.name))
                except OSError:
                    pass
        if not found or time.monotonic() > end:
            return found
        time.sleep(0.05)


@pytest.mark.parametrize("spec", ["sat", "dimacs:solver=cadical", "dimacs:solver=minisat"])
def test_making_a_25x25s_formula_keeps_a_tiny_deadline_and_goes_on_at_the_next_puzzle(spec):
    """A 25×25's 752,500 clauses took a second or more to load or write, before the deadline was looked at."""
    solver = ready(spec)
    result, seconds = timed(solver, HARD_25, time_limit=0.05)
    assert result.status is Status.TIMEOUT, result.message
    assert seconds < 0.05 + ROOM and result.seconds <= seconds
    for _ in range(200):  # the formula is made on from where the deadline stopped it
        result = solver.solve(Grid.empty(25), limit=1, time_limit=0.05)
        if "rules" not in result.message:
            break
    result = solver.solve(Grid.empty(25), limit=1, time_limit=60)
    assert result.status is Status.SOLVED and result.solution is not None, result.message
    assert is_solution(result.solution, Grid.empty(25))


@pytest.mark.parametrize("spec", CPMPY)
def test_cpmpys_hand_over_is_under_the_deadline(spec):
    """Z3's hand-over of a 25×25 alone took 0.6 s and was not counted against the limit."""
    solver = ready(spec)
    for _ in range(2):  # the first puzzle too: the solver's package is imported before any clock runs
        result, seconds = timed(solver, HARD_25, time_limit=0.05)
        assert result.status is Status.TIMEOUT, result.message
        assert seconds < 0.05 + ROOM


CHOCO_STOPPED = """
from cpmpy.solvers.solver_interface import ExitStatus

from sudokit.compare.sets import load_set
from sudokit.models.cpmpy_model import build_model
from sudokit.solvers.base import Deadline, Status
from sudokit.solvers.cpmpy_family import CPMpySolver, _complete, _hand_over

grid = load_set("gecode-25x25").puzzles[0].grid
model, _ = build_model(grid, "alldiff")
engine = _hand_over("choco", model.constraints, Deadline(None))
assert engine.solveAll(solution_limit=2, time_limit=0.01) == 0
engine.cpm_status.exitstatus = ExitStatus.UNSATISFIABLE  # what CPMpy says when its clock read short
assert not _complete(engine)
for limit in (0.002, 0.01, 0.03, 0.1):
    result = CPMpySolver("choco").solve(grid, time_limit=limit)
    assert result.status is Status.TIMEOUT, (limit, result.status, result.message)
"""


def test_a_choco_search_stopped_by_its_limit_is_never_a_proof():
    """CI saw Choco's 0.05 s on a solvable 25×25 come back UNSAT: CPMpy judges Choco's status by the
    wall time it measured, and called a search Choco had stopped complete.

    In a process of its own, tried up to three times: in two of CI's runs (never here, in 80 tries,
    idle and at load 5) Choco's native runtime died at start-up with "Fatal error: Unhandled
    exception", once taking a test worker with it. Such a death is Choco's, not a verdict on the
    status; a wrong status fails at once."""
    pytest.importorskip("pychoco")
    for _ in range(3):
        run = subprocess.run([sys.executable, "-c", CHOCO_STOPPED], capture_output=True, text=True, timeout=120)
        if run.returncode == 0 or "Fatal error" not in run.stderr:
            break
    assert run.returncode == 0, run.stderr[:1500] + "\n…\n" + run.stderr[-1500:]


@pytest.mark.parametrize("grid", [Grid.empty(9), Grid.parse("1" + "." * 80),
                                  Grid.parse(".......8...6.8.1..7....3..4.47..5...5..34............53....4..7......9...1.9...6.")],
                         ids=["empty", "one-given", "fuzz-multiple"])
def test_z3_says_multiple_quickly(grid):
    """Z3's default solver found a first solution in milliseconds and then ran into a 60 s limit on the
    second (none at all in 20 s for the empty grid)."""
    result, seconds = timed(ready("cpmpy:solver=z3"), grid, limit=2, time_limit=30)
    assert result.status is Status.MULTIPLE, result.message
    assert seconds < 10


def test_a_program_and_all_it_started_are_killed_at_the_deadline(marked):
    """A grandchild in a session of its own (as MiniZinc's solver is in a group of its own) goes too."""
    escapes = ("import subprocess, sys, time; subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'],"
               " start_new_session=True); time.sleep(60)")
    start = time.perf_counter()
    with pytest.raises(subprocess.TimeoutExpired):
        program.run([sys.executable, "-c", escapes], 1.0)
    assert time.perf_counter() - start < 1.0 + ROOM
    assert survivors(marked) == []


def test_minizinc_and_its_solver_are_killed_when_minizinc_overruns(marked, monkeypatch):
    """Past the deadline ``fzn-gecode`` computed for 15 minutes, reparented to init."""
    solver = ready("minizinc:solver=gecode")
    monkeypatch.setattr(minizinc, "own_limit", lambda seconds: 100 * seconds)  # MiniZinc does not stop itself
    result, seconds = timed(solver, HARD_25, time_limit=1.0)
    assert result.status is Status.TIMEOUT and "killed" in result.message, result.message
    assert seconds < 1.0 + ROOM
    assert survivors(marked) == []


def test_minizinc_stops_itself_before_the_deadline(marked):
    result, seconds = timed(ready("minizinc:solver=gecode"), HARD_25, time_limit=1.0)
    assert result.status is Status.TIMEOUT, result.message
    assert result.seconds <= seconds < 1.0 + ROOM
    assert survivors(marked) == []


SETS_THEIR_OWN = ["cpsat", "cpsat:num_workers=2", "minizinc:solver=gecode", *BACKENDS["dimacs"].members, *CPMPY]


@pytest.mark.parametrize("spec", SETS_THEIR_OWN)
def test_the_second_solution_is_returned_for_the_judge(spec):
    result = ready(spec).solve(TWO_4, limit=2, time_limit=30)
    assert result.status is Status.MULTIPLE and result.solution is not None, result.message
    (second,) = result.stats["also_found"]
    assert second != result.solution.line() and is_solution(Grid.parse(second), TWO_4)


@pytest.mark.parametrize("spec", ["sat", "sat-picosat", "csp"])
def test_every_solution_found_goes_to_found(spec, monkeypatch):
    """These backends' results are made by ``isolate.found``, which gives the judge the second grid."""
    handed: list[list[Grid]] = []

    def spy(solutions, limit, **stats):
        handed.append(list(solutions))
        return isolate.found(solutions, limit, **stats)

    solver = ready(spec)
    monkeypatch.setattr(sys.modules[type(solver).__module__], "found", spy)
    result = solver.solve(TWO_4, limit=2)  # no time limit: solved here, where the spy is
    assert result.status is Status.MULTIPLE
    (solutions,) = handed
    assert len(solutions) == 2 and solutions[0] != solutions[1]
    assert all(is_solution(grid, TWO_4) for grid in solutions)

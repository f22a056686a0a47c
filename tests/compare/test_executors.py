"""The local executor: a worker that hangs or dies mid-chunk costs that puzzle only.

Workers send answers in batches, so when one is killed, answers it had not sent yet are lost
with it; those puzzles must be solved again, and the verdict must go to the puzzle it was on.
"""

from __future__ import annotations

import time
from itertools import pairwise

import pytest

from sudokit.compare.run.executors import Chunk, ProcessExecutor, Settings, Task
from sudokit.compare.sets import load_set
from sudokit.models.grid import is_solution
from tests.compare.fakes import MISBEHAVING_GIVENS, fake, first

EIGHT = first(load_set("easy50"), 8)
TASKS = tuple(Task(EIGHT.name, p.index, p.grid) for p in EIGHT)


@pytest.mark.parametrize("cls, status", [("HangingSolver", "timeout"), ("KillingSolver", "error")])
def test_the_verdict_goes_to_the_puzzle_the_worker_was_on(cls, status):
    bad = [t.index for t in TASKS if t.grid.count_givens() == MISBEHAVING_GIVENS]
    assert bad and bad[0] > 0  # a bad puzzle after good ones of the same chunk
    began = time.monotonic()
    outcomes = list(ProcessExecutor(1).run([Chunk(fake("bad", cls), TASKS)], Settings(timeout=0.5, grace=0.2)))
    assert time.monotonic() - began < 10  # stopped at its timeout, and its replacement watched from the start
    assert sorted(o.task.index for o in outcomes) == [t.index for t in TASKS]  # one outcome each
    for outcome in outcomes:
        if outcome.task.index in bad:
            assert outcome.result.status.value == status
        else:
            assert is_solution(outcome.result.solution, outcome.task.grid)


def test_backends_take_turns_through_a_run():
    """With one worker, two backends' work alternates in slices instead of one backend after the other."""
    from sudokit.compare.run.executors import ROTATIONS

    chunks = [Chunk(fake(name, "HonestSolver"), (task,)) for name in ("a", "b") for task in TASKS]
    order = [o.backend for o in ProcessExecutor(1).run(chunks, Settings(timeout=5))]
    assert sorted(order) == ["a"] * 8 + ["b"] * 8
    switches = sum(x != y for x, y in pairwise(order))
    assert switches >= 2 * ROTATIONS - 1


def test_a_worker_slow_to_start_does_not_time_its_first_puzzle_out():
    """The clock of a worker's first puzzle runs from when it is ready, not from when it was started."""
    slow = fake("slow-start", "SlowStartSolver", start=1.5)
    outcomes = list(ProcessExecutor(1).run([Chunk(slow, TASKS[:2])], Settings(timeout=0.5, grace=0.2)))
    assert [o.result.status.value for o in outcomes] == ["solved", "solved"]


def test_a_backend_warms_up_before_its_first_puzzle_s_clock():
    """What a backend builds once (``warm``: the human engine's compiled singles) is charged to no record."""
    outcomes = list(ProcessExecutor(1).run([Chunk(fake("warming", "WarmingSolver"), TASKS[:2])], Settings(timeout=5)))
    assert [o.result.status.value for o in outcomes] == ["solved", "solved"]
    assert all(o.cpu_seconds is not None and o.cpu_seconds < 0.25 for o in outcomes)

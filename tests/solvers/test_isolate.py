"""Running an uninterruptible search in a child process that is killed at the deadline."""

from __future__ import annotations

import os
import time

import pytest

from solvers.base import SearchTimeout
from solvers.isolate import call


def pid() -> int:
    return os.getpid()


def fail() -> None:
    raise ValueError("no such digit")


def die() -> None:
    os._exit(3)


def test_without_a_time_limit_it_runs_here():
    answer, seconds = call(pid, time_limit=None)
    assert answer == os.getpid() and seconds >= 0


def test_with_a_time_limit_it_runs_in_a_child():
    answer, _ = call(pid, time_limit=30)
    assert answer != os.getpid()


def test_the_child_is_killed_at_the_deadline():
    start = time.perf_counter()
    with pytest.raises(SearchTimeout):
        call(time.sleep, 30, time_limit=0.1)
    assert time.perf_counter() - start < 1.1


def test_an_error_in_the_child_is_reported():
    with pytest.raises(ChildProcessError, match="ValueError: no such digit"):
        call(fail, time_limit=30)


def test_a_child_that_dies_is_reported():
    with pytest.raises(ChildProcessError, match="exit code 3"):
        call(die, time_limit=30)

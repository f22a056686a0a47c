"""Searches that cannot be interrupted from inside, run in a child process killed at the deadline.

A C extension (pycosat) or a library's closed loop (python-constraint) never polls a clock. Given a
time limit, the search runs in a child process, and the parent stops waiting and kills it when
the time is up; without one it runs here. The child is forked where the platform allows it (about
3 ms, and nothing to pickle but the answer), else spawned. The seconds reported are the search's
own, timed where it ran: starting and ending the child is not counted.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import TypeVar

from models.grid import Grid
from solvers.base import SearchTimeout, SolveResult, Status, status_for

T = TypeVar("T")


def call(function: Callable[..., T], *args, time_limit: float | None) -> tuple[T, float]:
    """``function(*args)`` and its seconds; in a child process killed after ``time_limit`` if one is given.

    Raises ``SearchTimeout`` when the time runs out, ``ChildProcessError`` when the child fails.
    """
    if time_limit is None:
        return _timed(function, args)
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_run, args=(sender, function, args), daemon=True)
    child.start()
    sender.close()
    try:
        if not receiver.poll(time_limit):
            raise SearchTimeout(f"no answer within {time_limit} s")
        ok, answer = receiver.recv()
    except EOFError:
        child.join()
        raise ChildProcessError(f"the search process ended without an answer (exit code {child.exitcode})") from None
    finally:
        child.kill()
        child.join()
        receiver.close()
    if not ok:
        raise ChildProcessError(answer)
    return answer


def search(find: Callable[..., list[Grid]], *args, limit: int, time_limit: float | None) -> SolveResult:
    """The result of ``find(*args, limit)``, a search for up to ``limit`` solutions, run by ``call``."""
    start = time.perf_counter()
    try:
        solutions, seconds = call(find, *args, limit, time_limit=time_limit)
    except SearchTimeout:
        return SolveResult(Status.TIMEOUT, solve_seconds=time.perf_counter() - start)
    except ChildProcessError as error:
        return SolveResult(Status.ERROR, solve_seconds=time.perf_counter() - start, message=str(error))
    return SolveResult(
        status_for(len(solutions), limit),
        solution=solutions[0] if solutions else None,
        solutions_found=len(solutions),
        solve_seconds=seconds,
    )


def _timed(function: Callable[..., T], args: tuple) -> tuple[T, float]:
    start = time.perf_counter()
    answer = function(*args)
    return answer, time.perf_counter() - start


def _run(sender: Connection, function: Callable, args: tuple) -> None:
    """The child's work: send back ``(True, (answer, seconds))``, or ``(False, what went wrong)``."""
    try:
        sender.send((True, _timed(function, args)))
    except Exception as error:  # reported to the parent, which raises it as a ChildProcessError
        sender.send((False, f"{type(error).__name__}: {error}"))

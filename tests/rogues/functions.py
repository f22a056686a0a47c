"""Python plug-ins (``py:``) that misbehave as real guests do. Each process they start leaves its pid
and start time in the folder named by ``SUDOKIT_ROGUE_MARKS`` (as ``rogue.py`` does)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples"))
from python_solver import solve

ROGUE = Path(__file__).with_name("rogue.py")


def _mark() -> None:
    start = Path(f"/proc/{os.getpid()}/stat").read_text().rsplit(")", 1)[1].split()[19]
    (Path(os.environ["SUDOKIT_ROGUE_MARKS"]) / str(os.getpid())).write_text(start)


def _backtrack_in_c() -> None:
    """A regular expression that backtracks for ages inside the re module's C code, holding the GIL."""
    re.fullmatch(r"(a+)+b", "a" * 64)


def spins_in_c(puzzle):
    """Never returns, never releases the GIL; runs in an isolated child (it takes no time limit)."""
    _mark()
    _backtrack_in_c()


def spins_in_c_in_the_worker(puzzle, time_limit=None):
    """The same, but it takes a time limit, so it runs in the worker itself (and ignores the limit)."""
    _backtrack_in_c()


def raises_timeout(puzzle, time_limit=None):
    raise TimeoutError("gave up at the time limit")


def forks_a_daemon(puzzle):
    """Answers, leaving behind a grandchild in a session of its own that spins for ever."""
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            _mark()
            while True:
                pass
        os._exit(0)
    os.wait()
    return solve(puzzle)


def a_child_works(puzzle):
    """The answer comes from a program it runs, which spins 0.3 s of CPU first."""
    return subprocess.run([sys.executable, str(ROGUE), "child-works", os.environ["SUDOKIT_ROGUE_MARKS"]],
                          input=puzzle + "\n", capture_output=True, text=True, check=True).stdout.split()[-1]

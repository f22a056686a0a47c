"""Plug-ins for the tests, written into a temporary folder: Python callables that misbehave, and a protocol
program that misbehaves in a chosen way on puzzles beginning with a 2 (the second of easy50)."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.conftest import REPO

EXAMPLES = REPO / "examples"

CALLABLES = '''
import time

def wrong(puzzle):
    """Changes the first given: contradicts a given."""
    first = next(i for i, ch in enumerate(puzzle) if ch != ".")
    return puzzle[:first] + ("1" if puzzle[first] != "1" else "2") + puzzle[first + 1:]

def no_solution(puzzle):
    return None

def false_multiple(puzzle):
    return "multiple"

def hangs(puzzle):
    time.sleep(60)

def raises(puzzle):
    raise ZeroDivisionError("it divided by zero")

def number(puzzle):
    return 42

class Counting:
    """A class following sudokit's protocol."""
    def solve(self, grid, *, limit=2, time_limit=None):
        return "unsat"
'''

PROGRAM = '''
import os, sys, time
sys.path.insert(0, {examples!r})
from python_solver import count

mode, log = sys.argv[1], sys.argv[2]
with open(log, "a") as starts:
    starts.write(f"{{os.getpid()}}\\n")
for line in sys.stdin:
    found = count(line.strip(), limit=2)
    answer = f"unique {{found[0]}}" if len(found) == 1 else "multiple" if found else "unsat"
    if line.startswith("2") and mode != "ok":
        if mode == "crash":
            print("Traceback: something broke inside", file=sys.stderr, flush=True)
            sys.exit(3)
        if mode == "hang":
            time.sleep(60)
        if mode == "garbage":
            print("solved it, trust me", file=sys.stderr, flush=True)
            answer = "hello world"
        if mode == "twice":
            answer = answer + "\\n" + answer
        if mode == "unsat":
            answer = "unsat"
    print(answer, flush=True)
'''


def callables(folder: Path) -> Path:
    path = folder / "fakes.py"
    path.write_text(CALLABLES)
    return path


def program(folder: Path, mode: str) -> tuple[str, Path]:
    """The ``cmd:`` spec of the fake protocol program in ``mode``, and the file it logs each start's pid to."""
    path, log = folder / "program.py", folder / f"starts-{mode}.log"
    path.write_text(PROGRAM.format(examples=str(EXAMPLES)))
    return f"cmd:{sys.executable} {path} {mode} {log}", log


def starts(log: Path) -> int:
    return len(log.read_text().split()) if log.exists() else 0

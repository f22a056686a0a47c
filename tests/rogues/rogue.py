"""A line-protocol solver that misbehaves as real guests do, one way per MODE.

    python rogue.py MODE MARKS

It answers correctly (``examples/python_solver.py``'s count) except as MODE says, most modes on the
puzzles that begin with a 2 only (the second of easy50). Every process it
starts (itself included) leaves a file named after its pid in the folder MARKS, holding its start
time (``/proc/PID/stat`` field 22), so a test can tell from ``/proc`` whether any is still running;
MARKS is in every process's command line too.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples"))
from python_solver import count

MODE, MARKS = sys.argv[1], Path(sys.argv[2])


def mark() -> None:
    """Leave this process's pid and start time in MARKS."""
    start = Path(f"/proc/{os.getpid()}/stat").read_text().rsplit(")", 1)[1].split()[19]
    (MARKS / str(os.getpid())).write_text(start)


def spin(seconds: float = 1e9) -> None:
    """Use CPU time for ``seconds``."""
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass


def answer(puzzle: str) -> str:
    found = count(puzzle, limit=2)
    return f"unique {found[0]}" if len(found) == 1 else "multiple" if found else "unsat"


def daemon() -> None:
    """Fork a child that forks a grandchild in a session of its own, which spins for ever; the child exits."""
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            mark()
            spin()
        os._exit(0)
    os.wait()


def worked_by_a_child(puzzle: str, seconds: float) -> str:
    """The answer, computed by a child process that also spins ``seconds`` of CPU first."""
    read, write = os.pipe()
    if (pid := os.fork()) == 0:
        mark()
        spin(seconds)
        os.write(write, answer(puzzle).encode())
        os._exit(0)
    os.close(write)
    text = b""
    while chunk := os.read(read, 4096):
        text += chunk
    os.waitpid(pid, 0)
    return text.decode()


def main() -> None:
    mark()
    if MODE == "slow-start":
        time.sleep(0.6)
    if MODE == "ignores-term":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if MODE == "daemon":
        daemon()
    if MODE == "never-flushes":  # (block-buffered, whatever PYTHONUNBUFFERED says)
        sys.stdout = os.fdopen(sys.stdout.fileno(), "w", buffering=1 << 16, closefd=False)
    if MODE == "memory":
        hoard = bytearray(200 * 1024 * 1024)  # resident: written to
        hoard[:: 4096] = b"x" * len(hoard[:: 4096])
    previous = None
    for line in sys.stdin:
        puzzle = line.strip()
        rogue = puzzle.startswith("2")
        if MODE == "child-works":
            text = worked_by_a_child(puzzle, 0.3)
        elif MODE == "daemon":
            time.sleep(0.3)
            text = answer(puzzle)
        else:
            text = answer(puzzle)
        if MODE == "ignores-term" and rogue:
            spin()
        if MODE == "flood" and rogue:
            while True:
                sys.stdout.write("x" * 65536)
        if MODE == "half-line" and rogue:
            sys.stdout.write(text[: len(text) // 2])
            sys.stdout.flush()
            time.sleep(60)
        if MODE == "exits" and rogue:
            sys.exit(0)
        if MODE == "other-puzzle" and previous is not None:
            text, previous = previous, text
        else:
            previous = text
        if MODE == "liar" and text == "multiple":
            text = f"unique {count(puzzle, limit=1)[0]}"
        print(text, flush=MODE != "never-flushes")


if __name__ == "__main__":
    main()

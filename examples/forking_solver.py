#!/usr/bin/env python3
"""A line-protocol program whose work is done by a child process it forks for each puzzle:
`sudokit compare --backend 'cmd:python3 examples/forking_solver.py'`.

sudokit counts the CPU time of a program's whole process tree, so the children's work is the
program's (``results/measurements.md`` measures it against BenchExec). It answers as
protocol_solver.py does.
"""

import os
import sys

from protocol_solver import answer


def answered_by_a_child(puzzle: str) -> str:
    """The answer, computed in a forked child and sent back through a pipe."""
    read, write = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(read)
        os.write(write, answer(puzzle).encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        text = pipe.read().decode()
    os.waitpid(child, 0)
    return text


def main() -> None:
    for line in sys.stdin:
        print(answered_by_a_child(line.strip()), flush=True)


if __name__ == "__main__":
    main()

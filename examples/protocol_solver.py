#!/usr/bin/env python3
"""A program speaking sudokit's line protocol: `sudokit compare --backend 'cmd:python3 examples/protocol_solver.py'`.

It reads puzzles one a line on stdin and writes one answer a line on stdout, flushed: `unique GRID`,
`multiple GRID GRID`, `unsat`. Any language will do; this one reuses the search of python_solver.py.
"""

import sys

from python_solver import count


def answer(puzzle: str) -> str:
    found = count(puzzle, limit=2)
    if not found:
        return "unsat"
    return f"unique {found[0]}" if len(found) == 1 else f"multiple {found[0]} {found[1]}"


def main() -> None:
    for line in sys.stdin:
        print(answer(line.strip()), flush=True)  # one line per puzzle, at once: sudokit waits for it


if __name__ == "__main__":
    main()

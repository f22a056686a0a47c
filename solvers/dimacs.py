"""Any SAT-competition solver program: the CNF of ``models/cnf.py`` in DIMACS, one process per solution.

``dimacs:solver=PROGRAM`` writes the puzzle's clauses to a file, runs ``PROGRAM FILE`` (found on
PATH) and reads the competition's answer: an ``s SATISFIABLE`` / ``s UNSATISFIABLE`` line and
``v …`` lines of literals on standard output, or, for the MiniSat family (``RESULT_FILE``), a
result file (``SAT`` then the literals, or ``UNSAT``). Each solution found is forbidden by a
blocking clause and the program runs again, up to the limit. The deadline kills the program.

``build_seconds`` is writing the formula; ``solve_seconds`` the program runs (process start-up
included, ``stats["runs"]`` of them).
"""

from __future__ import annotations

import subprocess
import tempfile
import time
from functools import cache
from pathlib import Path
from typing import Any

from sudokit.models.cnf import decode, encode
from sudokit.models.grid import Grid
from sudokit.solvers.base import DEFAULT_LIMIT, Deadline, SolveResult, Status, status_for

# program -> the Debian package that brings it
PACKAGES = {"cadical": "cadical", "minisat": "minisat", "picosat": "picosat", "cryptominisat": "cryptominisat",
            "kissat": "kissat", "glucose": "glucose"}
RESULT_FILE = frozenset({"minisat", "glucose"})  # they write the answer to a second file argument


class ProgramFailed(Exception):
    """The program's output says neither satisfiable nor unsatisfiable."""


class DIMACSSolver:
    """A SAT program on PATH, run once per solution sought."""

    name = "dimacs"

    def __init__(self, solver: str = "cadical"):
        self.program = solver

    def solve(self, grid: Grid, *, limit: int = DEFAULT_LIMIT, time_limit: float | None = None) -> SolveResult:
        deadline = Deadline(time_limit)
        began = time.perf_counter()
        clauses = [" ".join(map(str, clause)) + " 0" for clause in encode(grid)]
        size = grid.size
        built = time.perf_counter()
        solutions: list[Grid] = []
        stats: dict[str, Any] = {"solver": self.program, "variables": size**3, "clauses": len(clauses), "runs": 0}
        with tempfile.TemporaryDirectory(prefix="sudokit-dimacs-") as folder:
            while len(solutions) < limit:
                stats["runs"] += 1
                try:
                    model = self._run(Path(folder), size, clauses, deadline)
                except subprocess.TimeoutExpired:
                    return SolveResult(Status.TIMEOUT, solutions_found=len(solutions), build_seconds=built - began,
                                       solve_seconds=time.perf_counter() - built, stats=stats,
                                       message=f"{self.program} was killed at the deadline")
                except (ProgramFailed, OSError) as error:
                    return SolveResult(Status.ERROR, build_seconds=built - began,
                                       solve_seconds=time.perf_counter() - built, stats=stats, message=str(error))
                if model is None:
                    break
                solution = decode((lit for lit in model if abs(lit) <= size**3), size)
                solutions.append(solution)
                blanks = [cell for cell, digit in enumerate(grid.values) if not digit]
                clauses.append(" ".join(str(-(cell * size + solution.values[cell])) for cell in blanks) + " 0")
        return SolveResult(status_for(len(solutions), limit), solution=solutions[0] if solutions else None,
                           solutions_found=len(solutions), build_seconds=built - began,
                           solve_seconds=time.perf_counter() - built, stats=stats)

    def _run(self, folder: Path, size: int, clauses: list[str], deadline: Deadline) -> list[int] | None:
        """The model the program finds for ``clauses`` (None: unsatisfiable)."""
        formula, answer = folder / "puzzle.cnf", folder / "answer.txt"
        formula.write_text(f"p cnf {size**3} {len(clauses)}\n" + "\n".join(clauses) + "\n")
        command = [self.program, str(formula)] + ([str(answer)] if self.program in RESULT_FILE else [])
        remaining = deadline.remaining()
        if remaining is not None and remaining <= 0:
            raise subprocess.TimeoutExpired(command, 0)
        done = subprocess.run(command, capture_output=True, text=True, timeout=remaining, check=False)
        text = answer.read_text() if self.program in RESULT_FILE and answer.exists() else done.stdout
        return read_answer(text, f"{self.program} (exit status {done.returncode})")


def read_answer(text: str, who: str) -> list[int] | None:
    """The literals of a SAT answer, None when unsatisfiable; ``ProgramFailed`` when it says neither.

    >>> read_answer("c hi\\ns SATISFIABLE\\nv 1 -2\\nv 3 0\\n", "x")
    [1, -2, 3]
    >>> read_answer("UNSAT\\n", "x") is None
    True
    """
    lines = text.splitlines()
    verdicts = [line.split(maxsplit=1)[1].strip() for line in lines if line.startswith("s ")]
    first = lines[0].strip() if lines else ""
    if "UNSATISFIABLE" in verdicts or first == "UNSAT":
        return None
    if "SATISFIABLE" in verdicts:
        literals = [lit for line in lines if line.startswith("v ") for lit in line[2:].split()]
    elif first == "SAT":
        literals = lines[1].split() if len(lines) > 1 else []
    else:
        raise ProgramFailed(f"{who} answered neither SATISFIABLE nor UNSATISFIABLE: {text.strip()[:200]!r}")
    return [int(lit) for lit in literals if lit != "0"]


@cache
def program_version(program: str) -> str:
    """The Debian package's version of ``program`` when it is known, else "on PATH"."""
    package = PACKAGES.get(program)
    if package:
        try:
            done = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", package], capture_output=True,
                                  text=True, timeout=10, check=False)
            if done.returncode == 0 and done.stdout.strip():
                return f"{done.stdout.strip()} (Debian {package})"
        except (OSError, subprocess.TimeoutExpired):
            pass
    return "on PATH"

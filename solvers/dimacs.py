"""Any SAT-competition solver program: the CNF of ``models/cnf.py`` in DIMACS, one process per solution.

``dimacs:solver=PROGRAM`` runs ``PROGRAM`` (found on PATH), pipes it the puzzle's clauses (no disk
I/O inside the deadline: a 25×25's formula is 11 MB) and reads the competition's answer: an
``s SATISFIABLE`` / ``s UNSATISFIABLE`` line and ``v …`` lines of literals on standard output, or,
for the MiniSat family (``RESULT_FILE``, given ``/dev/stdin`` as the formula's file), a result file
(``SAT`` then the literals, or ``UNSAT``). Each solution found is forbidden by a blocking clause
and the program runs again, up to the limit. At the deadline the program and every process it
started are killed (``solvers.program``).

The rules of a size are written once, as text, and kept for the size's next puzzles; each run's
formula is they, the givens and the blocking clauses so far. ``build_seconds`` is writing the rules
(on a 25×25 a second or more: it is stopped at the deadline and goes on at the next puzzle);
``solve_seconds`` the program runs (piping the formula and process start-up included,
``stats["runs"]`` of them). A second solution found is in ``stats["also_found"]``, for the judge.
"""

from __future__ import annotations

import subprocess
import tempfile
import time
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from sudokit.models.cnf import Clause, Loading, clause_text, decode, rule_count, variable
from sudokit.models.grid import Grid
from sudokit.solvers import program
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
        self._rules: dict[int, tuple[list[str], Loading]] = {}  # size -> (the rules' text so far, its making)

    def solve(self, grid: Grid, *, limit: int = DEFAULT_LIMIT, time_limit: float | None = None) -> SolveResult:
        deadline = Deadline(time_limit)  # one budget: making the formula, each run of the program
        began = time.perf_counter()
        size = grid.size
        stats: dict[str, Any] = {"solver": self.program, "variables": size**3, "runs": 0}
        rules = self._rules_text(size, deadline)
        built = time.perf_counter()
        if rules is None:
            return SolveResult(Status.TIMEOUT, build_seconds=built - began, stats=stats,
                               message="the deadline passed while the rules were written (the next puzzle of "
                                       "this size writes on)")
        extra: list[Clause] = [(variable(cell, digit, size),) for cell, digit in enumerate(grid.values) if digit]
        blanks = [cell for cell, digit in enumerate(grid.values) if not digit]
        solutions: list[Grid] = []
        failure: SolveResult | None = None  # how the runs ended, when not by an answer
        with tempfile.TemporaryDirectory(prefix="sudokit-dimacs-") as folder:
            while len(solutions) < limit and failure is None:
                stats["runs"] += 1
                stats["clauses"] = rule_count(size) + len(extra)
                try:
                    model = self._run(Path(folder), size, rules + clause_text(extra), stats["clauses"], deadline)
                except subprocess.TimeoutExpired:
                    failure = SolveResult(Status.TIMEOUT, solutions_found=len(solutions),
                                          message=f"{self.program} was killed at the deadline")
                    continue
                except (ProgramFailed, OSError) as error:
                    failure = SolveResult(Status.ERROR, message=str(error))
                    continue
                if model is None:
                    break
                solution = decode((lit for lit in model if abs(lit) <= size**3), size)
                solutions.append(solution)
                extra.append(tuple(-variable(cell, solution.values[cell], size) for cell in blanks))
        build, solve = built - began, time.perf_counter() - built
        if failure is not None:
            return replace(failure, build_seconds=build, solve_seconds=solve, stats=stats)
        if len(solutions) > 1:
            stats["also_found"] = [solutions[1].line()]  # for the judge
        return SolveResult(status_for(len(solutions), limit), solution=solutions[0] if solutions else None,
                           solutions_found=len(solutions), build_seconds=build, solve_seconds=solve, stats=stats)

    def _rules_text(self, size: int, deadline: Deadline) -> str | None:
        """The rules of ``size`` in DIMACS, made once per size (None: the deadline came first; the
        next call goes on from there)."""
        if size not in self._rules:
            parts: list[str] = []
            self._rules[size] = parts, Loading(size, lambda batch: parts.append(clause_text(batch)))
        parts, loading = self._rules[size]
        if not loading.done:
            if not loading.advance(deadline.passed):
                return None
            parts[:] = ["".join(parts)]
        return parts[0]

    def _run(self, folder: Path, size: int, text: str, clauses: int, deadline: Deadline) -> list[int] | None:
        """The model the program finds for the formula ``text`` (None: unsatisfiable)."""
        answer = folder / "answer.txt"
        command = [self.program] + (["/dev/stdin", str(answer)] if self.program in RESULT_FILE else [])
        remaining = deadline.remaining()
        if remaining is not None and remaining <= 0:
            raise subprocess.TimeoutExpired(command, 0)
        done = program.run(command, remaining, stdin=f"p cnf {size**3} {clauses}\n{text}")
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

"""Cross-validation: the judge's verdict on every answer, and backends compared pairwise.

An answer is a claim about the puzzle: ``solved`` (with its grid), ``multiple`` or ``unsat``.
``stuck``, ``timeout`` and ``error`` claim nothing, so they never disagree with anything — except
an answer the judge rejected, which always counts as a disagreement.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations, groupby

from sudokit.compare.run.store import Record
from sudokit.models.grid import Grid, is_solution
from sudokit.solvers.base import SolveResult, Status

REJECTED = "the judge rejected the returned solution"
CLAIMS = {Status.SOLVED.value, Status.MULTIPLE.value, Status.UNSAT.value}


def judged(result: SolveResult, grid: Grid) -> SolveResult:
    """The result, turned into an error if it claims a solution the judge rejects."""
    if result.status in (Status.SOLVED, Status.MULTIPLE) and not is_solution(result.solution, grid):
        result.status, result.message = Status.ERROR, REJECTED
    return result


def rejected(record: Record) -> bool:
    """True when the judge rejected the solution this record returned."""
    return record.message == REJECTED


def claim(record: Record) -> tuple[str, str | None] | None:
    """What a record says about its puzzle: (status, the grid when unique), or None."""
    if record.status not in CLAIMS:
        return None
    return record.status, record.solution if record.status == Status.SOLVED.value else None


def agree(a: Record, b: Record) -> bool | None:
    """Whether two answers to one puzzle agree; None when one of them claims nothing."""
    if rejected(a) or rejected(b):
        return False
    ca, cb = claim(a), claim(b)
    return None if ca is None or cb is None else ca == cb


@dataclass(frozen=True)
class Disagreement:
    """A puzzle the backends (or the judge) disagree on, with every backend's answer."""

    set_name: str
    puzzle_index: int
    puzzle: str
    answers: dict[str, str]  # backend -> "status solution (note)"

    def lines(self) -> list[str]:
        head = f"{self.set_name} #{self.puzzle_index + 1}: {self.puzzle}"
        return [head, *(f"  {backend:<16} {answer}" for backend, answer in self.answers.items())]


def by_puzzle(records: Iterable[Record]) -> Iterator[tuple[tuple[str, int], list[Record]]]:
    """Each puzzle's records, one puzzle at a time: a puzzle's records come together (as the store gives
    them), so a stream of any length is grouped holding one puzzle's records only."""
    for key, answers in groupby(records, key=lambda r: (r.set_name, r.puzzle_index)):
        yield key, list(answers)


def disagreements(records: Iterable[Record]) -> list[Disagreement]:
    """Puzzles with a rejected answer or two conflicting answers."""
    found = []
    for (set_name, index), answers in by_puzzle(records):
        if any(agree(a, b) is False for a, b in combinations(answers, 2)) or any(map(rejected, answers)):
            shown = {r.backend: _answer(r) for r in sorted(answers, key=lambda r: r.backend)}
            found.append(Disagreement(set_name, index, answers[0].puzzle, shown))
    return found


def agreement_matrix(records: Iterable[Record], backends: list[str]) -> dict[str, dict[str, tuple[int, int]]]:
    """For each pair of backends: (puzzles where they agree, puzzles where both answered)."""
    matrix = {a: {b: (0, 0) for b in backends} for a in backends}
    for _, answers in by_puzzle(records):
        for a in answers:
            for b in answers:
                verdict = agree(a, b)
                if verdict is not None and a.backend in matrix and b.backend in matrix:
                    agreed, compared = matrix[a.backend][b.backend]
                    matrix[a.backend][b.backend] = (agreed + verdict, compared + 1)
    return matrix


def _answer(record: Record) -> str:
    note = f" ({record.message})" if record.message else ""
    return f"{record.status} {record.solution or ''}{note}".replace("  ", " ")

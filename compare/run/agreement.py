"""Cross-validation: the judge's verdict on every answer, and backends compared pairwise.

An answer is a claim about the puzzle: ``solved`` (the only solution, with its grid), ``multiple``
or ``unsat``. A ``solved`` answer whose backend did not claim uniqueness (a plug-in that stops at
its first solution: ``claims_unique`` false in its stats) claims only that its grid is a solution,
and is compared for that alone. ``stuck``, ``timeout`` and ``error`` claim nothing, so they never
disagree with anything — except an answer the judge rejected, which always counts as a disagreement.

The judge checks every grid returned with ``is_solution`` (which shares no code with any solver) and
says what is wrong with one it rejects. Where answers conflict, a grid that passed the judge is a
proof: an ``unsat`` beside it is wrong, and so is a claim of uniqueness beside another valid grid (sudokit's
own exact backends return both grids of a ``multiple`` answer, so a false ``unique`` is settled). Only those
answers are refuted, and only they count against their backend. Other conflicts (``multiple`` without grids
against a unique solution) are named with both sides, not settled, and blamed on neither.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import combinations, groupby

from sudokit.compare.run.store import Record
from sudokit.models.grid import SYMBOLS, Grid, cell_name, is_solution, symbol
from sudokit.solvers.base import ALSO_FOUND, SolveResult, Status, claims_unique

REJECTED = "the judge rejected the returned solution"
CLAIMS = {Status.SOLVED.value, Status.MULTIPLE.value, Status.UNSAT.value}
SOLUTION = "a solution"  # the claim of a solved answer that does not claim uniqueness


def judged(result: SolveResult, grid: Grid) -> SolveResult:
    """The result, turned into an error naming the flaw if it returns a grid the judge rejects."""
    if result.status in (Status.SOLVED, Status.MULTIPLE) and (why := flaw(result, grid)):
        result.status, result.message = Status.ERROR, f"{REJECTED}: {why}"
    return result


def flaw(result: SolveResult, puzzle: Grid) -> str | None:
    """What is wrong with the grids a result returns (None: each is a solution of ``puzzle``).

    A ``multiple`` answer may come without a grid (a claim, like ``unsat``); a ``solved`` one may not.
    """
    if result.solution is None:
        return None if result.status is Status.MULTIPLE else "no grid was returned"
    if not is_solution(result.solution, puzzle):
        return why_not_a_solution(result.solution, puzzle)
    for line in result.stats.get(ALSO_FOUND, ()):
        other = _grid(line)
        if other is None or not is_solution(other, puzzle):
            return "its second solution: " + (why_not_a_solution(other, puzzle) if other else f"not a grid: {line!r}")
        if other == result.solution:
            return "its two solutions are the same grid"
    return None


def why_not_a_solution(solution: Grid, puzzle: Grid) -> str:
    """Why a grid the judge rejected is not a solution, in the community's cell names."""
    size = puzzle.size
    if len(solution.values) != len(puzzle.values):
        return f"a {solution.size}x{solution.size} grid for a {size}x{size} puzzle"
    for cell, (given, value) in enumerate(zip(puzzle.values, solution.values)):
        if given and value != given:
            held = symbol(value) if value else "nothing"
            return f"contradicts a given: {cell_name(cell, size)} holds {held}, the given is {symbol(given)}"
    if 0 in solution.values:
        return f"not complete: {cell_name(solution.values.index(0), size)} is blank"
    for a, b, unit, digit in solution.conflicts():
        return (f"not a solution: {cell_name(a, size)} and {cell_name(b, size)} both hold {symbol(digit)} "
                f"in {solution.geometry.unit_name(unit)}")
    return "not a solution"


def _grid(line: str) -> Grid | None:
    try:
        return Grid(tuple(("." + SYMBOLS).index(ch) for ch in line))
    except ValueError:  # a symbol unknown, or a length no grid has
        return None


def rejected(record: Record) -> bool:
    """True when the judge rejected the solution this record returned."""
    return record.message.startswith(REJECTED)


def unique_claimed(record: Record) -> bool:
    """Whether a ``solved`` record claims its solution is the only one (every sudokit backend does)."""
    return claims_unique(record.extra)


def claim(record: Record) -> tuple[str, str | None] | None:
    """What a record says about its puzzle: (status, the grid when unique), (``SOLUTION``, the grid) when it
    returned a solution without claiming uniqueness, or None."""
    if record.status not in CLAIMS:
        return None
    if record.status == Status.SOLVED.value:
        return (Status.SOLVED.value if unique_claimed(record) else SOLUTION), record.solution
    return record.status, None


def consistent(a: tuple[str, str | None], b: tuple[str, str | None]) -> bool:
    """Whether two claims can both be true. A mere solution (already judged valid) fits ``multiple``, any
    other mere solution, and the same grid claimed unique; it refutes ``unsat``."""
    if SOLUTION not in (a[0], b[0]):
        return a == b
    (_, grid), other = (a, b) if a[0] == SOLUTION else (b, a)
    return other[0] != Status.UNSAT.value and (other[0] != Status.SOLVED.value or other[1] == grid)


def agree(a: Record, b: Record) -> bool | None:
    """Whether two answers to one puzzle agree; None when one of them claims nothing."""
    if rejected(a) or rejected(b):
        return False
    ca, cb = claim(a), claim(b)
    return None if ca is None or cb is None else consistent(ca, cb)


UNSETTLED = "not settled by the judge"


@dataclass(frozen=True)
class Disagreement:
    """A puzzle the backends (or the judge) disagree on, with every backend's answer, and the judge's reason
    against each answer the evidence shows wrong (``refuted``) or that conflicts with another where no grid
    settles which is right (``unsettled``: both sides named, neither counted wrong)."""

    set_name: str
    puzzle_index: int
    puzzle: str
    answers: dict[str, str]  # backend -> "status solution (note)"
    reasons: dict[str, str] = field(default_factory=dict)  # backend -> why its answer is wrong or disputed
    unsettled: frozenset[str] = frozenset()  # backends in a conflict no grid settles (the rest of reasons: refuted)

    @property
    def refuted(self) -> frozenset[str]:
        """The backends whose answer here the judge rejected, or a grid that passed the judge refutes."""
        return frozenset(self.reasons) - self.unsettled

    def lines(self) -> list[str]:
        head = f"{self.set_name} #{self.puzzle_index + 1}: {self.puzzle}"
        return [head, *(f"  {backend:<16} {answer}{self.reason(backend)}" for backend, answer in self.answers.items())]

    def reason(self, backend: str) -> str:
        """`` — the reason`` against a backend's answer, unless its answer says it already (a rejection)."""
        why = self.reasons.get(backend)
        return f" — {why}" if why and why not in self.answers[backend] else ""


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
            ordered = sorted(answers, key=lambda r: r.backend)
            shown = {r.backend: _answer(r) for r in ordered}
            wrong, disputed = verdicts(ordered)
            found.append(Disagreement(set_name, index, answers[0].puzzle, shown, {**wrong, **disputed},
                                      frozenset(disputed)))
    return found


def verdicts(answers: list[Record]) -> tuple[dict[str, str], dict[str, str]]:
    """The judge on one puzzle's answers: (the refuted, with why: a grid it rejected, an ``unsat`` beside a
    valid grid, a uniqueness claim beside another valid grid), (those in a conflict no grid settles, each with
    the backends on the other side). Only the refuted are wrong; a conflict names both sides and blames neither."""
    valid: dict[str, str] = {}  # grid -> the first backend that returned it, judged valid
    for r in answers:
        if r.status in (Status.SOLVED.value, Status.MULTIPLE.value) and not rejected(r):
            for line in (r.solution, *r.extra.get(ALSO_FOUND, ())):
                if line:
                    valid.setdefault(line, r.backend)
    wrong = {r.backend: r.message for r in answers if rejected(r)}
    for r in answers:
        if r.status == Status.UNSAT.value and valid:
            who = next(iter(valid.values()))
            wrong[r.backend] = f"claims no solution, but {who}'s solution passed the judge"
        elif r.status == Status.SOLVED.value and unique_claimed(r) and not rejected(r) and \
                (other := next((g for g in valid if g != r.solution), None)):
            wrong[r.backend] = f"claims the only solution, but {valid[other]} returned another that passed the judge"
    sides: dict[str, list[str]] = {}
    for a, b in combinations(answers, 2):
        if agree(a, b) is False and not ({a.backend, b.backend} & set(wrong)):
            sides.setdefault(a.backend, []).append(b.backend)
            sides.setdefault(b.backend, []).append(a.backend)
    disputed = {r.backend: f"conflicts with {', '.join(sides[r.backend])} ({UNSETTLED})"
                for r in answers if r.backend in sides}
    return {r.backend: wrong[r.backend] for r in answers if r.backend in wrong}, disputed


def refuted_answers(found: Iterable[Disagreement]) -> set[tuple[str, int, str]]:
    """The (set, puzzle index, backend) of every answer the judge refuted: not counted as answered."""
    return {(d.set_name, d.puzzle_index, b) for d in found for b in d.refuted}


def unclaimed(records: Iterable[Record]) -> Counter[str]:
    """Per backend, the solutions it returned without claiming uniqueness."""
    return Counter(r.backend for r in records if r.status == Status.SOLVED.value and not unique_claimed(r))


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

"""What failed on one puzzle: each backend's answer judged alone, then against the others' consensus.

A failure is (backend, kind). The kinds:

- ``wrong``: the judge rejected the grid the backend returned (``run.agreement.REJECTED``);
- ``error``: the backend raised, crashed or said ``error``;
- ``timeout``: it ran out of time where another backend answered in under ``QUICK`` of the limit;
- ``says-solved``, ``says-multiple``, ``says-unsat``: its claim (``run.agreement.CLAIMS``) differs from
  the consensus: ``says-unsat`` where others found a solution, ``says-solved`` where others found
  several or another grid, ``says-multiple`` where others found exactly one.

The consensus is the claim most backends make; a tie goes to a claim backed by a solution the judge
accepted, then to the backend listed first. ``stuck`` (a logic-only backend) claims nothing.

>>> from sudokit.solvers.base import SolveResult, Status
>>> grid = Grid.empty(4)
>>> failures(grid, {"a": SolveResult(Status.MULTIPLE), "b": SolveResult(Status.MULTIPLE),
...                 "c": SolveResult(Status.SOLVED)}, timeout=1.0)
[Failure(backend='c', kind='says-solved', detail='solved; the others say multiple')]
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from sudokit.compare.run.agreement import CLAIMS, REJECTED
from sudokit.models.grid import Grid
from sudokit.solvers.base import SolveResult, Status, claims_unique

QUICK = 0.25  # a timeout is a failure when another backend answered within this share of the limit
KINDS = ("wrong", "error", "timeout", "says-solved", "says-multiple", "says-unsat")

Claim = tuple[str, tuple[int, ...] | None]  # (status, the grid when solved)


@dataclass(frozen=True)
class Failure:
    """One backend failing on one puzzle, and how."""

    backend: str
    kind: str
    detail: str

    @property
    def key(self) -> tuple[str, str]:
        """What "fails the same way" keeps: the backend and the kind."""
        return self.backend, self.kind


def claim(result: SolveResult) -> Claim | None:
    """What an answer says about its puzzle (None for stuck, timeout, error and rejected answers, and for a
    solution returned without a uniqueness claim: the judge has checked its grid, and it says nothing more)."""
    if result.status.value not in CLAIMS or result.message.startswith(REJECTED):
        return None
    if result.status is Status.SOLVED and not claims_unique(result.stats):
        return None
    grid = result.solution.values if result.status is Status.SOLVED and result.solution else None
    return result.status.value, grid


def consensus(answers: dict[str, SolveResult]) -> Claim | None:
    """The claim most backends make (ties: one backed by an accepted solution, then the first listed)."""
    claims = [c for c in map(claim, answers.values()) if c is not None]
    if not claims:
        return None
    counts = Counter(claims)
    order = {c: -i for i, c in reversed(list(enumerate(claims)))}
    return max(counts, key=lambda c: (counts[c], c[0] != Status.UNSAT.value, order[c]))


def failures(grid: Grid, answers: dict[str, SolveResult], timeout: float | None) -> list[Failure]:
    """Every backend's failure on ``grid`` (answers already judged, as the executors judge them)."""
    agreed = consensus(answers)
    quickest = min((r.seconds for r in answers.values() if claim(r) is not None), default=None)
    found = []
    for backend, result in answers.items():
        if (failure := _failure(backend, result, agreed, quickest, timeout)) is not None:
            found.append(failure)
    return found


def _failure(backend: str, result: SolveResult, agreed: Claim | None, quickest: float | None,
             timeout: float | None) -> Failure | None:
    if result.message.startswith(REJECTED):
        return Failure(backend, "wrong", result.message)
    if result.status is Status.ERROR:
        return Failure(backend, "error", result.message or "error")
    if result.status is Status.TIMEOUT:
        if timeout is not None and quickest is not None and quickest < QUICK * timeout:
            return Failure(backend, "timeout", f"no answer in {timeout:g} s; another answered in {quickest:.3f} s")
        return None
    mine = claim(result)
    if mine is None or agreed is None or mine == agreed:
        return None
    theirs = agreed[0] if agreed[0] != mine[0] else "another grid"
    return Failure(backend, f"says-{mine[0]}", f"{mine[0]}; the others say {theirs}")

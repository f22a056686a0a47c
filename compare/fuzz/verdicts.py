"""What failed on one puzzle: each backend's answer judged alone, then against the trusted backends' consensus.

A failure is (backend, kind). The kinds:

- ``wrong``: the judge rejected the grid the backend returned (``run.agreement.REJECTED``);
- ``error``: the backend raised, crashed or said ``error``;
- ``timeout``: it ran out of time where a trusted backend answered in under ``QUICK`` of the limit;
- ``says-solved``, ``says-multiple``, ``says-unsat``: its claim (``run.agreement.CLAIMS``) differs from
  the consensus: ``says-unsat`` where the trusted found a solution, ``says-solved`` where they found
  several or another grid, ``says-multiple`` where they found exactly one.

The consensus is the claim most of the *trusted* backends make: sudokit's own exact searches
(``TRUSTED``), never a guest (a plug-in, an entry point, a third-party solver), so guests that agree on a
lie cannot outvote the truth. A tie goes to a claim backed by a solution the judge accepted, then to the
backend listed first. Where no trusted backend claims anything (all timed out), nothing is a
disagreement. ``stuck`` (a logic-only backend) claims nothing.

>>> from sudokit.solvers.base import SolveResult, Status
>>> grid = Grid.empty(4)
>>> answers = {"a": SolveResult(Status.SOLVED), "b": SolveResult(Status.SOLVED), "bitx": SolveResult(Status.MULTIPLE)}
>>> failures(grid, answers, timeout=1.0, trusted={"bitx"})
[Failure(backend='a', kind='says-solved', detail='solved; bitx says multiple'), \
Failure(backend='b', kind='says-solved', detail='solved; bitx says multiple')]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass

from sudokit.compare.run.agreement import CLAIMS, REJECTED
from sudokit.models.grid import Grid
from sudokit.solvers.base import SolveResult, Status, claims_unique
from sudokit.solvers.registry import BACKENDS, Backend

QUICK = 0.25  # a timeout is a failure when a trusted backend answered within this share of the limit
TRUSTED = ("bitx", "dlx", "algx", "prop")  # sudokit's own exact searches: the references guests are judged by
REFERENCE = "bitx"  # the trusted backend added to a run that names none (the fastest, results/exact-backends.md)
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


def is_trusted(backend: Backend) -> bool:
    """Whether a backend is one of sudokit's own exact searches (with any options), as registered."""
    base = BACKENDS.get(backend.name.partition(":")[0])
    return base is not None and base.name in TRUSTED and base.target == backend.target


def consensus(answers: dict[str, SolveResult], trusted: Collection[str]) -> Claim | None:
    """The claim most trusted backends make (ties: one backed by an accepted solution, then the first listed)."""
    claims = [c for b, r in answers.items() if b in trusted and (c := claim(r)) is not None]
    if not claims:
        return None
    counts = Counter(claims)
    order = {c: -i for i, c in reversed(list(enumerate(claims)))}
    return max(counts, key=lambda c: (counts[c], c[0] != Status.UNSAT.value, order[c]))


def backing(answers: dict[str, SolveResult], trusted: Collection[str]) -> list[str]:
    """The trusted backends whose claim is the consensus, quickest first."""
    agreed = consensus(answers, trusted)
    backers = [b for b, r in answers.items() if b in trusted and agreed is not None and claim(r) == agreed]
    return sorted(backers, key=lambda b: answers[b].seconds)


def failures(grid: Grid, answers: dict[str, SolveResult], timeout: float | None,
             trusted: Collection[str], quick: float = QUICK) -> list[Failure]:
    """Every backend's failure on ``grid`` (answers already judged, as the executors judge them), judged
    against the ``trusted`` backends' consensus (a timeout: where one answered within ``quick`` of the limit)."""
    agreed = consensus(answers, trusted)
    backers = backing(answers, trusted)
    quickest = answers[backers[0]].seconds if backers else None
    found = []
    for backend, result in answers.items():
        if (failure := _failure(backend, result, agreed, backers, quickest, timeout, quick)) is not None:
            found.append(failure)
    return found


def _failure(backend: str, result: SolveResult, agreed: Claim | None, backers: list[str], quickest: float | None,
             timeout: float | None, quick: float) -> Failure | None:
    if result.message.startswith(REJECTED):
        return Failure(backend, "wrong", result.message)
    if result.status is Status.ERROR:
        return Failure(backend, "error", result.message or "error")
    if result.status is Status.TIMEOUT:
        if timeout is not None and quickest is not None and quickest < quick * timeout:
            return Failure(backend, "timeout", f"no answer in {timeout:g} s; {backers[0]} answered in {quickest:.3f} s")
        return None
    mine = claim(result)
    if mine is None or agreed is None or mine == agreed:
        return None
    theirs = agreed[0] if agreed[0] != mine[0] else "another grid"
    who = f"{backers[0]} says" if len(backers) == 1 else f"{', '.join(backers)} say"
    return Failure(backend, f"says-{mine[0]}", f"{mine[0]}; {who} {theirs}")

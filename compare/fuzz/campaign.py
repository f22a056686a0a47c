"""A fuzzing campaign: puzzles drawn at the corners, solved by every backend in warm worker processes
(``run.executors``: real timeouts, a crash is an answer), judged, cross-checked, failures shrunk.

Puzzles go in rounds sized to last about ``ROUND_SECONDS``: every backend's chunks of a round run
over the executor's workers, then each puzzle's answers are checked together (``verdicts``). The last
round may run past the time by up to ``ROUND_SECONDS``; puzzles some backend has not answered by then
are dropped. Every answer is judged against the trusted backends' consensus (``verdicts.TRUSTED``: the
command adds ``bitx`` to a run that names none). The first failure of each (backend, kind) is shrunk at
once (its candidates solved by the failing backend and the trusted references that made the
consensus); later ones are counted.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from sudokit.compare.fuzz.corners import Pool, draw
from sudokit.compare.fuzz.findings import Finding, portable_spec, reproducer
from sudokit.compare.fuzz.shrink import shrink
from sudokit.compare.fuzz.verdicts import QUICK, Failure, backing, failures, is_trusted
from sudokit.compare.run.executors import Chunk, Executor, Settings, Task
from sudokit.compare.run.store import DEFAULT_DB
from sudokit.models.grid import Grid
from sudokit.solvers.base import SolveResult
from sudokit.solvers.registry import Backend

CHUNK = 8  # puzzles per chunk of work
ROUND_SECONDS = 2.0  # a round of puzzles is sized to last about this long
FIRST_ROUND = 4  # puzzles in the first round, per job (then up to four times more a round)
SHRINK_QUICK = QUICK / 4  # while shrinking, a timeout counts where the reference took this share of the limit:
# the margin keeps the shrunk puzzle failing when its reproducer runs (the reference's time varies with the load)
REFERENCES = 2  # trusted backends that solve a shrinking failure's candidates beside the failing one
SET_NAME = "fuzz"

Answers = dict[str, SolveResult]


@dataclass
class Summary:
    """What a campaign tried: puzzles (every backend answered), per-backend statuses and failures."""

    seed: int
    what = "puzzles"
    puzzles: int = 0
    seconds: float = 0.0
    corners: Counter = field(default_factory=Counter)
    statuses: dict[str, Counter] = field(default_factory=dict)
    failures: Counter = field(default_factory=Counter)  # backend -> puzzles it failed on
    findings: int = 0
    interrupted: bool = False
    trusted: list[str] = field(default_factory=list)  # the backends whose consensus judged the others

    def add(self, corner: str, answers: Answers, failed: list[Failure]) -> None:
        self.puzzles += 1
        self.corners[corner] += 1
        for backend, result in answers.items():
            self.statuses.setdefault(backend, Counter())[result.status.value] += 1
        self.failures.update({f.backend for f in failed})

    def to_json(self) -> dict:
        per_minute = 60 * self.puzzles / self.seconds if self.seconds else 0.0
        backends = {b: {"statuses": dict(c), "failures": self.failures[b]} for b, c in self.statuses.items()}
        return {"summary": True, "puzzles": self.puzzles, "puzzles_per_minute": round(per_minute, 1),
                "seconds": round(self.seconds, 2), "seed": self.seed, "findings": self.findings,
                "backends": backends, "trusted": self.trusted, "corners": dict(self.corners),
                "interrupted": self.interrupted}

    def lines(self) -> list[str]:
        data = self.to_json()
        out = [f"{self.puzzles} puzzles in {self.seconds:.1f} s ({data['puzzles_per_minute']:.0f} a minute), "
               f"seed {self.seed}: {self.findings} finding(s)"]
        width = max(map(len, self.statuses), default=0)
        out += [f"  {b:<{width}} {sum(c.values()):>6} answers, {self.failures[b]} failed  "
                + " ".join(f"{s} {n}" for s, n in c.most_common()) for b, c in self.statuses.items()]
        if self.corners:
            out.append("  corners: " + ", ".join(f"{c} {n}" for c, n in self.corners.most_common()))
        if self.trusted:
            out.append("  judged against: " + ", ".join(self.trusted) + " (sudokit's trusted exact searches)")
        return out


@dataclass
class Campaign:
    """The backends, the executor and the settings; ``run`` yields findings as they are shrunk."""

    backends: list[Backend]
    executor: Executor
    settings: Settings
    seed: int = 0
    size: int | None = None
    jobs: int = 1
    shrink_seconds: float = 30.0
    db: Path = DEFAULT_DB  # the database a reproducer names
    on_puzzles: Callable[[int], None] = lambda count: None

    @property
    def trusted(self) -> set[str]:
        """The names of the backends whose consensus judges every answer (``verdicts.is_trusted``)."""
        return {b.name for b in self.backends if is_trusted(b)}

    def warm(self) -> None:
        """Import every backend's module here, once: the workers forked for each round inherit it (CP-SAT's
        import alone takes a second)."""
        for backend in self.backends:
            try:
                backend.create()
            except Exception:  # a backend that cannot start says so in its answers
                continue

    def run(self, seconds: float, summary: Summary) -> Iterator[Finding]:
        """Draw and check puzzles for ``seconds`` (shrinking included); yield each new finding."""
        self.warm()
        summary.trusted = [b.name for b in self.backends if b.name in self.trusted]
        rng = random.Random(self.seed)
        pool = Pool(rng)
        began = time.monotonic()
        deadline = began + seconds
        found: dict[tuple[str, str], Finding] = {}
        batch = FIRST_ROUND * self.jobs
        try:
            while time.monotonic() < deadline:
                drawn = [draw(self.size, rng, pool) for _ in range(batch)]
                round_began = time.monotonic()
                answered = self.solve([g for _, g in drawn], deadline + ROUND_SECONDS)  # a round may end late
                for (corner, grid), answers in zip(drawn, answered, strict=True):
                    if answers is None:
                        continue  # the time ran out before every backend answered
                    failed = failures(grid, answers, self.settings.timeout, self.trusted)
                    summary.add(corner, answers, failed)
                    for failure in failed:
                        if failure.key in found:
                            found[failure.key].seen += 1
                            continue
                        found[failure.key] = finding = self.shrunk(failure, grid, answers, corner)
                        summary.findings += 1
                        yield finding
                self.on_puzzles(sum(a is not None for a in answered))
                took = time.monotonic() - round_began
                batch = max(self.jobs * 4, min(batch * 4, int(batch * ROUND_SECONDS / max(took, 1e-3))))
        finally:
            summary.seconds = time.monotonic() - began

    def solve(self, grids: list[Grid], deadline: float | None = None,
              backends: list[Backend] | None = None) -> list[Answers | None]:
        """Every backend's judged answer to each grid, in the backends' order; None for a grid left
        unanswered when ``deadline`` passed."""
        backends = backends or self.backends
        due = [[b for b in backends if g.size <= b.max_size] for g in grids]
        got: list[dict[str, SolveResult]] = [{} for _ in grids]
        chunks = [Chunk(b, tuple(Task(SET_NAME, i, grids[i]) for i in indices[k:k + CHUNK]))
                  for b in backends
                  for indices in [[i for i, d in enumerate(due) if b in d]]
                  for k in range(0, len(indices), CHUNK)]
        outcomes = self.executor.run(chunks, self.settings)
        try:
            for outcome in outcomes:
                got[outcome.task.index][outcome.backend] = outcome.result
                if deadline is not None and time.monotonic() > deadline:
                    break
        finally:
            outcomes.close()
        return [{b.name: g[b.name] for b in d} if len(g) == len(d) else None
                for g, d in zip(got, due, strict=True)]

    def shrunk(self, failure: Failure, grid: Grid, answers: Answers, corner: str) -> Finding:
        """The failure reduced to a smallest puzzle that fails the same way, as a finding."""
        references = self.references(failure, answers)
        by_name = {b.name: b for b in self.backends}
        chosen = [by_name[name] for name in [*references, failure.backend]]  # references first: they win ties

        trusted = self.trusted

        def still_fails(candidates: list[Grid]) -> list[bool]:
            results = self.solve(candidates, backends=chosen)
            return [a is not None and failure.key in {f.key for f in failures(g, a, self.settings.timeout, trusted,
                                                                               SHRINK_QUICK)}
                    for g, a in zip(candidates, results, strict=True)]

        small = shrink(grid, still_fails, self.shrink_seconds)
        command = reproducer(portable_spec(by_name[failure.backend]), failure.kind, small,
                             [portable_spec(by_name[r]) for r in references], self.settings.timeout or 10.0, self.db)
        return Finding(failure.backend, failure.kind, failure.detail, small.line(), grid.line(), command,
                       corner, references)

    def references(self, failure: Failure, answers: Answers) -> list[str]:
        """The quickest trusted backends whose answers make the consensus the failure goes against (for a
        failure that shows alone, a rejected grid or an error, one to show the right answer beside it)."""
        backers = [b for b in backing(answers, self.trusted) if b != failure.backend]
        if not backers and failure.kind in ("wrong", "error"):
            backers = [b.name for b in self.backends if b.name in self.trusted and b.name != failure.backend]
        return backers[:REFERENCES if failure.kind.startswith("says-") else 1]

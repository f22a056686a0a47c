"""The default engine's paths stay those of the round's start (``default_paths.txt``, written by the
engine at commit 60b462b), with the pure-Python finders and with the compiled parts."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudokit.models.grid import Grid
from sudokit.solvers.human import singles_compiled
from sudokit.solvers.human.engine import solve_logically
from sudokit.solvers.human.se.jit import available

LINES = [line for line in (Path(__file__).parent / "default_paths.txt").read_text().splitlines()
         if not line.startswith("#")]


def path(puzzle: str) -> str:
    """A solve as the file writes it: puzzle | status, SE rating, hardest | steps."""
    result = solve_logically(Grid.parse(puzzle))
    steps = ";".join(f"{s.technique}:{' '.join(f'{c}.{d}' for c, d in s.placements)}/"
                     f"{' '.join(f'{c}.{d}' for c, d in s.eliminations)}" for s in result.steps)
    return f"{puzzle} | {result.status.value} {result.rating.se_rating} {result.rating.hardest} | {steps}"


@pytest.mark.parametrize("line", LINES, ids=lambda line: line[:12])
@pytest.mark.parametrize("compiled", [False, True], ids=["pure", "compiled"])
def test_the_path_is_the_round_starts(monkeypatch, line, compiled):
    if compiled and not available():
        pytest.skip("numba is not installed (the fast extra), or SUDOKIT_PURE is set")
    kernels = singles_compiled.LOADER.now() if compiled else None
    monkeypatch.setattr(singles_compiled.LOADER, "thread", object())  # never built in the background here
    monkeypatch.setattr(singles_compiled.LOADER, "value", kernels)
    assert path(line.split(" | ")[0]) == line

"""The technique registry: a plain function registered from outside the package is a technique like
the others; steps know nothing of the registry."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import pytest

from sudokit.compare.bench.human import truth, unsound
from sudokit.compare.sets import load_set
from sudokit.models.candidates import Candidates
from sudokit.models.errors import UnknownName
from sudokit.solvers.base import Status
from sudokit.solvers.human import registry, steps
from sudokit.solvers.human.engine import find_steps, solve_logically
from sudokit.solvers.human.steps import Step
from sudokit.solvers.human.view import View

EASY = load_set("easy50").puzzles[3].grid


def lone_candidate(view: View) -> Iterator[Step]:
    """A researcher's own technique: a cell left with one candidate takes it (a naked single)."""
    for cell, mask in enumerate(view.marks):
        if mask and not mask & (mask - 1):
            yield Step("lone_candidate", view.size, (mask.bit_length(),), placements=((cell, mask.bit_length()),))


@pytest.fixture
def registered(monkeypatch):
    """The registry as it was, after the test (registering changes it for the session)."""
    monkeypatch.setattr(registry, "TECHNIQUES", dict(registry.TECHNIQUES))
    monkeypatch.setattr(steps, "TITLES", dict(steps.TITLES))
    return registry.register(lone_candidate, title="Lone Candidate", family="singles", se_rating=2.0,
                             level="easy")


def test_a_registered_function_solves_and_rates_like_a_technique(registered):
    result = solve_logically(EASY, ["lone_candidate", "hidden_single"])
    assert result.status is Status.SOLVED and result.state.to_grid() == truth(EASY)
    used = {s.technique for s in result.steps}
    assert "lone_candidate" in used and unsound(result.steps, result.state.to_grid()) == []
    assert result.rating.hardest == "lone_candidate" and result.rating.se_rating == 2.0
    step = next(s for s in result.steps if s.technique == "lone_candidate")
    assert step.explanation.startswith("Lone Candidate: ")
    assert find_steps(result.state, "lone_candidate") == []  # solved: nothing left


def test_a_technique_reads_pencil_marks_or_their_view():
    state = Candidates.from_grid(EASY)
    name = "hidden_single"
    assert list(registry.technique(name).steps(state)) == list(registry.technique(name).find(View(state)))
    assert list(registry.technique(name).steps(state))


def test_registering_twice_or_badly_is_refused(registered):
    with pytest.raises(UnknownName, match="already registered"):
        registry.register(lone_candidate)
    assert registry.register(lone_candidate, title="Again", replace=True).title == "Again"
    with pytest.raises(UnknownName, match="unknown level"):
        registry.register(lone_candidate, name="other", level="impossible")
    with pytest.raises(UnknownName, match="name of its own"):
        registry.register(lone_candidate, name="guess")


def test_steps_do_not_import_the_registry():
    code = "import sys, sudokit.solvers.human.steps; print('sudokit.solvers.human.registry' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"

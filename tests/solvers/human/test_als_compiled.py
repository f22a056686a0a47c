"""The ALS moves' compiled scans (``als_compiled``) against the Python code, the reference: the same
restricted commons and chain ends (``_partners``), and every ALS-XZ, ALS-XY-Wing, Sue de Coq and ALS-Chain step in the same order,
on the states where the default engine's solves of SE 9+ puzzles reach them; and the same paths."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import islice
from types import ModuleType

import pytest

from sudokit.models.candidates import Candidates, digits_of
from sudokit.models.grid import Grid
from sudokit.solvers.human import modes
from sudokit.solvers.human.engine import solve_logically
from sudokit.solvers.human.se.jit import available
from sudokit.solvers.human.techniques import als
from sudokit.solvers.human.view import View

pytestmark = pytest.mark.skipif(not available(), reason="numba is not installed (the fast extra), or SUDOKIT_PURE is set")

SE_9 = ["200054009000082040000600100084000010000000000010000670003009000060820000900360002",  # SE 9+ (the bench's draws),
        "100000906009600070300000504002703000000020000000405600906000003040008100201000009"]  # with Sue de Coqs and ALS moves


@pytest.fixture(scope="module")
def kernels() -> ModuleType:
    from sudokit.solvers.human import als_compiled

    als_compiled.warm()
    return als_compiled


@pytest.fixture(scope="module")
def states() -> list[Candidates]:
    return reached()


def reached() -> list[Candidates]:
    """The states where the default engine tries Sue de Coq (and the ALS moves after it), in the solves of ``SE_9``."""
    found: list[Candidates] = []
    default = modes.MODES["default"]

    def choose(view, finders):  # the default's choice (the first step of the first finder finding one)
        for find in finders:
            if getattr(find, "__name__", "") == "sue_de_coq":
                found.append(view.candidates())
            for step in find(view):
                return step
        return None

    modes.MODES["default"] = replace(default, choose=choose)
    try:
        for puzzle in SE_9:
            solve_logically(Grid.parse(puzzle), mode="default")
    finally:
        modes.MODES["default"] = default
    return found


def found(state: Candidates, kernels: ModuleType | None, monkeypatch: pytest.MonkeyPatch, chains: int) -> list:
    """What the ALS moves find in a state (the first ``chains`` ALS-Chains), the compiled scans running or not."""
    monkeypatch.setattr(als, "_kernels", lambda: kernels)
    view = View(state)
    if kernels is None:
        commons, partners = view.restricted_commons, als._partners(view)
    else:
        commons, partners = kernels.links(view.shared(kernels.sets_of)), kernels.partners(view)
    steps = [[(s.technique, s.eliminations, s.cells, s.als, s.pattern) for s in islice(find(view), most)]
             for find, most in ((als.als_xz, 20), (als.als_xy_wing, 20), (als.sue_de_coq, 20), (als.als_chain, chains))]
    return [commons, *steps, partners]


def test_the_compiled_scans_find_what_the_python_code_finds(states, kernels, monkeypatch):
    assert len(states) > 60
    totals = [0] * 6
    for k, state in enumerate(states[::3]):  # (a third of them: the pure ALS-Chain is slow)
        chains = 2 if k % 3 == 0 else 0
        python = found(state, None, monkeypatch, chains)
        assert found(state, kernels, monkeypatch, chains) == python
        totals = [t + len(part) for t, part in zip(totals, python)]
    assert totals[0] > 1000 and all(totals[1:]), totals  # sets with restricted commons, steps of every move


def test_the_same_on_thinned_states(states, kernels, monkeypatch):
    """Sue de Coqs are rare on a solve's path: the states again, each with some candidates taken out
    at random (a cell keeping two or more), hold hundreds."""
    rng, totals = random.Random(44), [0] * 6
    for state in states[::2]:
        marks = list(state.marks)
        for cell, mask in enumerate(marks):
            if mask.bit_count() > 2 and rng.random() < 0.3:
                marks[cell] &= ~(1 << (rng.choice(digits_of(mask)) - 1))
        thinned = Candidates(9, marks, list(state.values))
        python = found(thinned, None, monkeypatch, 0)
        assert found(thinned, kernels, monkeypatch, 0) == python
        totals = [t + len(part) for t, part in zip(totals, python)]
    assert totals[3] > 100 and totals[1] > 100 and totals[2] > 100, totals


def test_the_paths_are_the_same(kernels, monkeypatch):
    def path(chosen: ModuleType | None) -> list:
        monkeypatch.setattr(als, "_kernels", lambda: chosen)
        return [(s.technique, s.placements, s.eliminations) for s in solve_logically(Grid.parse(SE_9[0])).steps]

    python = path(None)
    assert any(name.startswith(("als_", "sue_")) for name, _, _ in python)
    assert path(kernels) == python


def test_the_sets_are_found_in_the_views_order(states, kernels):
    """The compiled sets (``_enumerate``) are ``View.als``'s, in its order, on the states and on
    the states thinned (as above), where far fewer cells hold many digits."""
    rng, count = random.Random(45), 0
    for state in states[::2]:
        marks = [m & ~(1 << (rng.choice(digits_of(m)) - 1)) if m.bit_count() > 2 and rng.random() < 0.5 else m
                 for m in state.marks]
        for view in (View(state), View(Candidates(9, marks, list(state.values)))):
            found = view.shared(kernels.sets_of)
            cells = [tuple(found.idx[found.ptr[k]:found.ptr[k + 1]].tolist()) for k in range(len(found.ptr) - 1)]
            assert cells == [s.cells for s in view.als]
            assert found.masks.tolist() == [s.mask for s in view.als]
            count += len(cells)
    assert count > 10000

"""The compiled search of forcing chains and nets (``nets_compiled``) gives what the pure-Python code
gives, on real states: the same links, the same failing premises at the same costs, the same groups
of premises that agree, and so the same steps of the four forcing techniques and the same paths."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudokit.compare.sets import load_set
from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid
from sudokit.solvers.base import Status
from sudokit.solvers.human import implications, nets_compiled, singles_compiled
from sudokit.solvers.human.engine import apply_step, find_steps, solve_logically
from sudokit.solvers.human.implications import Implications, Links, consequences
from sudokit.solvers.human.registry import PRESETS, technique
from sudokit.solvers.human.se.jit import available
from sudokit.solvers.human.view import View

pytestmark = pytest.mark.skipif(not available(), reason="numba is not installed (the fast extra), or SUDOKIT_PURE is set")

FORCING = ("forcing_chain_contradiction", "forcing_chain_verity", "forcing_net_contradiction", "forcing_net_verity")
HARD = [p.grid for p in load_set("se-sample").puzzles if p.meta["se_rating"] >= 9.0][3::60]
FORUM = Path(__file__).parents[3] / "results" / "forum-hardest-1905-se.jsonl"
FORUM_PUZZLES = [Grid.parse(json.loads(line)["puzzle"]) for line in FORUM.read_text().splitlines()[::700]]


def stuck_states() -> list[Candidates]:
    """Per puzzle, the state the basic techniques leave stuck and, after a forcing chain's or net's
    step, the next such state (a forum puzzle's stay stuck for much longer)."""
    states = []
    for grid in HARD + FORUM_PUZZLES:
        stuck = solve_logically(grid, PRESETS["basic"])
        assert stuck.status is Status.STUCK
        states.append(stuck.state)
        for name in FORCING:
            if steps := find_steps(stuck.state, name):
                after = stuck.state.copy()
                apply_step(after, steps[0])
                again = solve_logically(after, PRESETS["basic"])
                if again.status is Status.STUCK:
                    states.append(again.state)
                break
    return states


STATES = stuck_states()
IDS = [f"{sum(map(int.bit_count, s.marks))} candidates" for s in STATES]


@pytest.fixture
def fast(monkeypatch):
    """The compiled search on (built now), whatever the engine's compiled ladder."""
    nets_compiled.warm()
    monkeypatch.setattr(implications, "compiled", lambda: nets_compiled)


@pytest.mark.parametrize("state", STATES, ids=IDS)
def test_the_links_are_links_of(state):
    view = View(state)
    pure, built = Links.of(view), nets_compiled.links_of(view)[0]
    assert built == pure
    assert list(built.removes.items()) == list(pure.removes.items())
    assert list(built.member_of.items()) == list(pure.member_of.items())


@pytest.mark.parametrize("state", STATES, ids=IDS)
def test_the_premises_are_read_from_the_links_as_from_the_marks(state):
    premises, codes = nets_compiled.premises_of(View(state))
    assert (tuple(premises), tuple(codes.tolist())) == implications._premises(View(state))
    assert [premises[i] for i in range(len(premises))] == list(premises) and premises[2:6] == tuple(premises)[2:6]


@pytest.mark.parametrize("dynamic", [False, True], ids=["chains", "nets"])
@pytest.mark.parametrize("state", STATES, ids=IDS)
def test_every_premise_costs_what_it_costs_followed_alone(state, dynamic):
    view = View(state)
    links = Links.of(view)
    premises = Implications.of(view, dynamic).premises
    expected = [o.cost(o.shown) if o.shown else -1 for o in (consequences(links, p, dynamic) for p in premises)]
    search = nets_compiled.Search(view, [links.code(p) for p in premises], dynamic)
    assert search.costs() == expected


@pytest.mark.parametrize("dynamic", [False, True], ids=["chains", "nets"])
def test_a_traced_premise_is_its_consequences(dynamic):
    """The compiled ``trace`` of a premise is the outcome ``consequences`` gives: the literals in the
    same order with the same parents, the same distances, the same contradiction (every 5th premise)."""
    kinds = set()
    for state in STATES:
        view = View(state)
        links = Links.of(view)
        premises = Implications.of(view, dynamic).premises
        search = nets_compiled.Search(view, [links.code(p) for p in premises], dynamic)
        for premise in premises[::5]:
            pure, traced = consequences(links, premise, dynamic), search.outcome(links, premise)
            assert list(traced.reached.items()) == list(pure.reached.items())
            assert (traced.ends, traced.shown, traced.what) == (pure.ends, pure.shown, pure.what)
            kinds.add(next((kind for kind in (" and ", "without", "no place") if kind in pure.what), pure.what))
    assert "" in kinds and len(kinds) > 1  # premises without a contradiction, and with


def test_the_states_have_premises_that_fail_and_groups_that_agree():
    """What the tests above compare is there to compare: premises that fail, by chains and by nets,
    and groups whose premises agree."""
    for dynamic in (False, True):
        found = [Implications.of(View(state), dynamic) for state in STATES]
        assert any(next(i.contradictions(), None) for i in found)
        assert any(next(i.agreeing(), None) for i in found)


@pytest.mark.parametrize("dynamic", [False, True], ids=["chains", "nets"])
@pytest.mark.parametrize("state", STATES, ids=IDS)
def test_the_same_groups_agree(monkeypatch, state, dynamic):
    """The groups whose premises all imply something in common: found by the compiled search as by the
    closure."""
    monkeypatch.setattr(implications, "compiled", lambda: None)
    pure = list(Implications.of(View(state), dynamic).agreeing())
    nets_compiled.warm()
    monkeypatch.setattr(implications, "compiled", lambda: nets_compiled)
    fast = Implications.of(View(state), dynamic)
    assert fast._search is not None
    assert list(fast.agreeing()) == pure


@pytest.mark.parametrize("name", FORCING)
@pytest.mark.parametrize("state", STATES, ids=IDS)
def test_every_step_is_the_pure_codes(monkeypatch, state, name):
    monkeypatch.setattr(implications, "compiled", lambda: None)
    pure = list(technique(name).find(View(state)))
    nets_compiled.warm()
    monkeypatch.setattr(implications, "compiled", lambda: nets_compiled)
    assert list(technique(name).find(View(state))) == pure


@pytest.mark.parametrize("grid", [*HARD[:2], *(pytest.param(g, marks=pytest.mark.manual) for g in FORUM_PUZZLES[:1])],
                         ids=lambda g: g.line()[:12])
def test_the_default_path_is_the_pure_codes(monkeypatch, grid):
    monkeypatch.setattr(implications, "compiled", lambda: None)
    pure = solve_logically(grid, mode="default", allow_guess=True)
    nets_compiled.warm()
    monkeypatch.setattr(implications, "compiled", lambda: nets_compiled)
    fast = solve_logically(grid, mode="default", allow_guess=True)
    assert pure.status is Status.SOLVED and pure.guesses == 0
    assert fast.steps == pure.steps
    assert any(s.technique.startswith("forcing_") for s in pure.steps)


def test_the_search_is_compiled_only_with_the_engines_compiled_ladder(monkeypatch):
    """Off while the ladder's head runs in Python (a process's first solves, no numba), else on once built."""
    monkeypatch.setattr(singles_compiled.LOADER, "value", None)
    assert implications.compiled() is None
    monkeypatch.setattr(singles_compiled.LOADER, "value", object())
    monkeypatch.setattr(implications, "COMPILED", implications.Background(implications._build, ready=lambda: True))
    assert implications.compiled() is nets_compiled

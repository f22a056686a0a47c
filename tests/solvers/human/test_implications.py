"""Every premise followed at once (``Closure``) agrees with each premise followed alone
(``consequences``): the same premises fail, and each other premise reaches the same literals,
by chains and by nets, in stuck states of real puzzles; and each premise found failing is false in
the solution."""

from __future__ import annotations

import pytest

from sudokit.compare.bench.human import truth
from sudokit.compare.sets import load_set
from sudokit.models.candidates import Candidates
from sudokit.solvers.base import Status
from sudokit.solvers.human.engine import apply_step, find_steps, solve_logically
from sudokit.solvers.human.implications import Closure, Implications, Links, Literal, consequences
from sudokit.solvers.human.registry import PRESETS
from sudokit.solvers.human.view import View

HARD = [p for p in load_set("se-sample").puzzles if p.meta["se_rating"] >= 9.0][5::40]


def stuck_states() -> list[Candidates]:
    """Per puzzle, the state the basic techniques leave stuck, and the next such state after a
    forcing net's step."""
    states = []
    for puzzle in HARD:
        stuck = solve_logically(puzzle.grid, PRESETS["basic"])
        assert stuck.status is Status.STUCK
        states.append(stuck.state)
        after = stuck.state.copy()
        apply_step(after, find_steps(after, "forcing_net_contradiction")[0])
        again = solve_logically(after, PRESETS["basic"])
        if again.status is Status.STUCK:
            states.append(again.state)
    return states


STATES = stuck_states()


def premises(state: Candidates) -> list[Literal]:
    return [Literal(c, d, on) for c in range(len(state.marks)) for d in state.digits(c) for on in (True, False)]


@pytest.mark.parametrize("dynamic", [False, True], ids=["chains", "nets"])
@pytest.mark.parametrize("state", STATES, ids=lambda s: f"{sum(map(int.bit_count, s.marks))} candidates")
def test_the_closure_is_what_each_premise_followed_alone_reaches(state, dynamic):
    links = Links.of(View(state))
    closure = Closure.nets(links) if dynamic else Closure.chains(links)
    failing = 0
    for premise in premises(state):
        outcome, code = consequences(links, premise, dynamic), links.code(premise)
        assert bool(closure.failed >> code & 1) == bool(outcome.shown), premise
        if outcome.shown:
            failing += 1
        else:
            assert closure.reached[code] == sum(1 << k for k in outcome.reached), premise
    if dynamic:
        assert failing  # every state here has a forcing net


def test_nets_reach_farther_than_chains():
    """The states tested are ones where a net's extra rule matters."""
    links = Links.of(View(STATES[0]))
    chains, nets = Closure.chains(links), Closure.nets(links)
    assert nets.failed & ~chains.failed
    alive = [k for k in range(len(nets.reached)) if k & ~1 in links.member_of and not (nets.failed | chains.failed) >> k & 1]
    assert any(nets.reached[k] != chains.reached[k] for k in alive)
    assert all(nets.reached[k] & chains.reached[k] == chains.reached[k] for k in alive)


def test_contradictions_come_cheapest_first_each_as_followed_alone():
    """The failing premises, cheapest first, each as followed alone; and each is refuted truly: the
    premise is false in the solution, and the literals shown break a rule in the state."""
    view = View(STATES[0])
    implications = view.implications(dynamic=True)
    found = list(implications.contradictions())
    links = implications.links
    alone = [consequences(links, p, True) for p in implications.premises]
    expected = sorted((o for o in alone if o.shown), key=lambda o: o.cost(o.shown))
    assert [(o.premise, o.shown, o.what, list(o.reached.items())) for o in found] == \
        [(o.premise, o.shown, o.what, list(o.reached.items())) for o in expected]
    assert len(found) > 1
    solution = truth(HARD[0].grid)
    for outcome in found:
        cell, digit, on = outcome.premise
        assert (solution[cell] == digit) != on, outcome.premise
        assert set(outcome.shown) <= set(outcome.reached)
        assert breaks_a_rule(STATES[0], [links.literal(k) for k in outcome.shown]), outcome.what


def breaks_a_rule(state: Candidates, shown: list[Literal]) -> bool:
    """A candidate both set and removed, every candidate of a cell removed, or every place of a
    digit in a unit removed."""
    if len(shown) == 2 and shown[0][:2] == shown[1][:2] and shown[0].on != shown[1].on:
        return True
    if any(literal.on for literal in shown):
        return False
    removed = {(cell, digit) for cell, digit, _ in shown}
    cells = {cell for cell, _ in removed}
    if len(cells) == 1 and removed == {(cell, d) for cell in cells for d in state.digits(cell)}:
        return True
    return any(removed == {(c, digit) for c in places} for unit in range(len(state.geometry.units))
               for digit, places in state.places(unit).items())


def test_an_outcome_is_followed_when_asked_for_and_kept():
    implications = Implications.chains(View(STATES[0]))
    premise = implications.premises[0]
    assert premise not in implications.outcomes
    outcome = implications.outcomes[premise]
    assert implications.outcomes[premise] is outcome
    solved = next(cell for cell, mask in enumerate(STATES[0].marks) if not mask)
    with pytest.raises(KeyError):
        implications.outcomes[Literal(solved, 1, True)]

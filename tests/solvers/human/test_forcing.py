"""Forcing chains and nets: every premise they refute is false and every verity true in the real
solution, their branches follow Sudoku's rules link by link, and they finish puzzles that
simpler techniques leave stuck (HoDoKu's exemplars, the SE-rated sample's hardest)."""

from __future__ import annotations

import pytest

from sudokit.compare.bench.human import read_exemplars, truth, unsound
from sudokit.compare.sets import load_set
from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid
from sudokit.solvers.base import Status
from sudokit.solvers.human.engine import find_steps, solve_logically
from sudokit.solvers.human.implications import Links, consequences, eureka
from sudokit.solvers.human.registry import PRESETS
from sudokit.solvers.human.view import View
from tests.conftest import shared_file

FORCING = ("forcing_chain_contradiction", "forcing_chain_verity", "forcing_net_contradiction", "forcing_net_verity")
HARDEST = [p for p in load_set("se-sample").puzzles if p.meta["se_rating"] >= 9.0][::80]


@pytest.fixture(scope="module")
def stuck() -> tuple[Candidates, Grid]:
    """A state the basic techniques leave stuck (SE 9.0), and its solution."""
    puzzle = HARDEST[0]
    result = solve_logically(puzzle.grid, PRESETS["basic"])
    assert result.status is Status.STUCK
    return result.state, truth(puzzle.grid)


def holds(literal, solution: Grid) -> bool:
    cell, digit, on = literal
    return (solution[cell] == digit) == on


@pytest.mark.parametrize("name", FORCING)
def test_every_step_found_is_sound(stuck, name):
    state, solution = stuck
    steps = find_steps(state, name)
    assert steps and unsound(steps, solution) == []


@pytest.mark.parametrize("dynamic", [False, True], ids=["chains", "nets"])
def test_premises_lead_only_to_the_truth(stuck, dynamic):
    """A refuted premise is false in the solution; a true one implies only true literals."""
    state, solution = stuck
    links = Links.of(View(state))
    premises = [(c, d, on) for c in range(81) for d in state.digits(c) for on in (True, False)]
    outcomes = {p: consequences(links, p, dynamic) for p in premises}
    refuted = [p for p, o in outcomes.items() if o.contradiction]
    assert refuted and not any(holds(p, solution) for p in refuted)
    for premise, outcome in outcomes.items():
        if holds(premise, solution):
            assert all(holds(literal, solution) for literal in outcome.implied)


@pytest.mark.parametrize("dynamic", [False, True], ids=["chains", "nets"])
def test_every_link_follows_the_rules(stuck, dynamic):
    """Setting a candidate removes its cell's others and its peers' copies; a candidate is set when
    the removals it rests on leave it alone in its cell or unit (only bivalue/bilocal for chains)."""
    state, _ = stuck
    geo, links = state.geometry, Links.of(View(state))
    for cell, digit in [(c, d) for c in range(81) for d in state.digits(c)][::7]:
        outcome = consequences(links, (cell, digit, True), dynamic)
        for (c, d, on), parents in outcome.implied.items():
            if not parents:
                continue
            if not on:
                (pc, pd, pon), = parents
                assert pon and ((pc == c and pd != d) or (pd == d and c in geo.peers[pc]))
                continue
            removed = {(pc, pd) for pc, pd, pon in parents if not pon}
            assert len(removed) == len(parents)
            in_cell = {(c, e) for e in state.digits(c)} - {(c, d)}
            in_units = [{(x, d) for x in geo.units[u] if state.has(x, d)} - {(c, d)} for u in geo.cell_units[c]]
            alone = [group for group in (in_cell, *in_units) if group and removed >= group]
            assert alone, f"{(c, d)} set without being alone"
            if not dynamic:
                assert any(len(group) == 1 for group in alone)


def test_eureka_writes_a_chain_with_its_inner_links():
    assert eureka([(0, 5, True), (0, 3, False), (9, 3, True), (10, 3, False)]) == "(5-3)r1c1 = (3)r2c1 - (3)r2c2"


@pytest.mark.parametrize("puzzle", HARDEST, ids=lambda p: str(p.meta["se_rating"]))
def test_the_hardest_puzzles_are_solved_soundly(puzzle):
    result = solve_logically(puzzle.grid, PRESETS["basic"] + FORCING)
    solution = truth(puzzle.grid)
    assert result.status is Status.SOLVED and result.state.to_grid() == solution
    assert unsound(result.steps, solution) == []
    assert {s.technique for s in result.steps} & set(FORCING)


def test_hodoku_verity_exemplars_are_solved_with_singles_and_forcing_chains():
    """HoDoKu's exemplars of a Forcing Chain Verity: the first needs nothing else (its tags say
    ``s fcv s``); the others, which HoDoKu starts with templates, fall to chains alone."""
    puzzles = read_exemplars(shared_file("hodoku/exemplars-1.0-dev.txt"))["1202 Forcing Chain Verity"]
    assert len(puzzles) == 4
    assert puzzles[0].meta["path"] == "s fcv(0) s"
    for puzzle, techniques in zip(puzzles, [("forcing_chain_verity",)] + 3 * [FORCING[:2]]):
        result = solve_logically(puzzle.grid, PRESETS["singles"] + techniques)
        assert result.status is Status.SOLVED, puzzle.grid.line()
        assert unsound(result.steps, truth(puzzle.grid)) == []


def test_forcing_chains_work_on_16x16():
    puzzle = load_set("gecode-16x16").puzzles[28]
    stuck = solve_logically(puzzle.grid, PRESETS["basic"])
    assert stuck.status is Status.STUCK
    result = solve_logically(stuck.state, PRESETS["basic"] + FORCING[:2])
    solution = truth(puzzle.grid)
    assert result.status is Status.SOLVED and result.state.to_grid() == solution
    assert unsound(result.steps, solution) == []

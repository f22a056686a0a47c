"""The human-effort estimate: its terms on hand-made states, and that it rises with graded sets' grades."""

from __future__ import annotations

import csv
import random
import statistics
from collections import defaultdict

import pytest

from sudokit.compare.sets import load_set
from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid
from sudokit.solvers.base import Status
from sudokit.solvers.human.effort import available_singles, effort, path_effort, step_effort
from sudokit.solvers.human.engine import apply_step, find_steps, solve_logically
from sudokit.solvers.human.steps import Step
from tests.conftest import shared_file

SOLVED = Grid.parse("534678912672195348198342567859761423426853791713924856961537284287419635345286179")


def test_a_single_costs_the_expected_scan_to_the_first_of_the_available_ones():
    state = Candidates.from_grid(Grid.parse("." * 3 + SOLVED.line()[3:]))  # r1c1..r1c3 open: three singles
    assert available_singles(state) == 3
    single = Step("naked_single", 9, placements=((0, 5),))
    assert step_effort(state, single) == (3 + 1) / (3 + 1)
    lone = Candidates.from_grid(Grid.parse("." + SOLVED.line()[1:]))
    assert step_effort(lone, single) == (1 + 1) / (1 + 1)


def test_the_available_singles_are_the_distinct_placements_the_singles_finders_give():
    puzzle = Grid.parse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
    result = solve_logically(puzzle)
    state = Candidates.from_grid(puzzle)
    for step in result.steps:
        placements = {p for name in ("full_house", "naked_single", "hidden_single") for s in find_steps(state, name)
                      for p in s.placements}
        assert available_singles(state) == len(placements) > 0
        apply_step(state, step)


def test_another_step_costs_a_full_scan_plus_candidates_times_its_parts():
    state = Candidates.from_grid(Grid.parse("." * 3 + SOLVED.line()[3:]))
    candidates = sum(m.bit_count() for m in state.marks)
    wing = Step("xy_wing", 9, cells=(0, 1, 2), eliminations=((2, 4),))
    assert step_effort(state, wing) == 3 + candidates * 3
    chain = Step("x_chain", 9, cells=(0, 1), eliminations=((2, 4),), length=6)
    assert step_effort(state, chain) == 3 + candidates * (3 + 6)


def test_a_path_sums_its_steps_and_needs_its_start():
    result = solve_logically(load_set("easy50").puzzles[0].grid)
    assert path_effort(result) == effort(result.start, result.steps) > 0
    assert path_effort(result) < effort(result.start, [*result.steps[:1], Step("x_wing", 9, cells=(0, 1, 2, 3))])


def _band_means(rows: list[tuple[str, float]], mode: str) -> dict[int, float]:
    """Mean effort per band of two SE points (2-3.9, 4-5.9, …), bands of 8 solved puzzles or more."""
    found: dict[int, list[float]] = defaultdict(list)
    for puzzle, rating in rows:
        result = solve_logically(Grid.parse(puzzle), mode=mode, time_limit=20)
        if result.status is Status.SOLVED:
            found[int(rating) // 2 * 2].append(path_effort(result))
    return {band: statistics.mean(v) for band, v in sorted(found.items()) if len(v) >= 8}


@pytest.mark.slow
def test_effort_rises_with_se_bands_on_the_se_sample():
    bands: dict[int, list[tuple[str, float]]] = defaultdict(list)
    for p in load_set("se-sample").puzzles:
        bands[int(p.meta["se_rating"]) // 2 * 2].append((p.grid.line(), p.meta["se_rating"]))
    rng = random.Random(5)  # ten of each band (a random 100 spent most of its time on the 17 of ER 8+)
    means = _band_means([row for rows in bands.values() for row in rng.sample(rows, 10)], "default")
    assert len(means) >= 4 and list(means.values()) == sorted(means.values()), means


@pytest.mark.slow
def test_effort_rises_with_se_bands_on_the_unbiased_collection():
    with open(shared_file("unbiased/cbg001_21695_ratings.csv")) as f:
        rows = [(r["puzzle"], float(r["SER"])) for r in csv.DictReader(f)]
    means = _band_means(random.Random(6).sample(rows, 150), "default")
    assert len(means) >= 3 and list(means.values()) == sorted(means.values()), means

"""Sudoku Explainer's chaining techniques: hand-checked states, SE's numbers, and real puzzles whose
every step is checked against the solution."""

from __future__ import annotations

import csv
import gc
from functools import cache

import pytest

from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid
from sudokit.solvers.human.engine import apply_step
from sudokit.solvers.human.rating import chain_bonus, se_rating
from sudokit.solvers.human.registry import TECHNIQUES
from sudokit.solvers.human.se import chain_core, chaining
from sudokit.solvers.human.se.chain_hints import length_bonus
from sudokit.solvers.human.steps import Step
from sudokit.solvers.human.view import Memo, View
from sudokit.solvers.registry import get_backend
from tests.conftest import shared_file

FORUM_HARDEST_0 = "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"
# The engine's techniques standing in for SE's easier ones (SE's order, up to BUG 5.6-6.0).
BASICS = ("full_house", "hidden_single", "naked_single", "locked_candidates_pointing",
          "locked_candidates_claiming", "naked_pair", "x_wing", "hidden_pair", "naked_triple", "swordfish",
          "hidden_triple", "xy_wing", "xyz_wing", "unique_rectangle_1", "unique_rectangle_2",
          "unique_rectangle_3", "unique_rectangle_4", "naked_quad", "jellyfish", "hidden_quad", "bug_plus_1")
# One technique per SE producer, in SE's order (a producer's techniques share its finder).
PRODUCERS = ("se_x_cycle", "se_nishio", "se_cell_forcing_chain", "se_dynamic_forcing_chain",
             "se_dynamic_forcing_chain_plus")
# SE's documented range of each technique (SE_rating_scale.md, widened to SE's longest chains).
RANGES = {"se_x_cycle": (6.5, 7.0), "se_y_cycle": (6.5, 7.2), "se_forcing_x_chain": (6.6, 7.2),
          "se_bidirectional_cycle": (7.0, 8.0), "se_forcing_chain": (7.0, 7.8), "se_nishio": (7.5, 8.4),
          "se_cell_forcing_chain": (8.0, 8.9), "se_region_forcing_chain": (8.0, 8.9),
          "se_dynamic_forcing_chain": (8.5, 9.7), "se_dynamic_forcing_chain_plus": (9.0, 10.3)}


def solution(grid: Grid) -> list[int]:
    return list(get_backend("bitx").create().solve(grid).solution.values)


@cache
def solve_path(puzzle: str, producers: tuple[str, ...] = PRODUCERS,
               until: frozenset[str] = frozenset()) -> tuple[tuple[Step, ...], bool]:
    """SE's way through a puzzle: the first step of the first technique that fires, chains last;
    up to the first step of a technique of ``until``, if any."""
    state = Candidates.from_grid(Grid.parse(puzzle))
    memo, path = Memo(), []
    while 0 in state.values:
        view = View(state, memo)
        step = next((s for name in BASICS + producers for s in TECHNIQUES[name].find(view)), None)
        if step is None:
            return tuple(path), False
        path.append(step)
        if step.technique in until:
            return tuple(path), True
        apply_step(state, step)
    return tuple(path), True


def wrong(step: Step, solved: list[int]) -> list[tuple[int, int]]:
    return ([(c, d) for c, d in step.eliminations if solved[c] == d]
            + [(c, d) for c, d in step.placements if solved[c] != d])


@cache
def dev_puzzles() -> list[tuple[str, float]]:
    with shared_file("se_rated/se_rated_dev.csv").open() as f:
        return [(row["puzzle"], float(row["se_rating"])) for row in csv.DictReader(f)]


def band(low: float, high: float, count: int) -> list[str]:
    return [p for p, er in dev_puzzles() if low <= er <= high][:count]


# ---- SE's numbers


def test_length_bonus_is_ses_ceilings():
    # SE: size less 2 passing 4, 6, 8, 12, 16, 24, 32 adds 0.1 each (hand-counted)
    assert [round(length_bonus(n), 1) for n in (4, 6, 7, 8, 9, 10, 11, 14, 15, 18, 19, 26, 27, 34, 35)] == \
        [0.0, 0.0, 0.1, 0.1, 0.2, 0.2, 0.3, 0.3, 0.4, 0.4, 0.5, 0.5, 0.6, 0.6, 0.7]
    assert all(round(length_bonus(n), 1) == chain_bonus(n) for n in range(200))


def test_producer_bases_are_ses():
    bases = {name: p.base for name, p in chaining.PRODUCERS.items() if name != "cycles"}
    assert bases == {"nishio": 7.5, "multiple": 8.0, "dynamic": 8.5, "dynamic_plus": 9.0, "nested_forcing": 9.5,
                     "nested_multiple": 10.0, "nested_dynamic": 10.5, "nested_dynamic_plus": 11.0}
    assert [TECHNIQUES[n].se_rating for n in ("se_x_cycle", "se_forcing_x_chain", "se_forcing_chain")] == [6.5, 6.6, 7.0]


# ---- hand-checked states


def x_wing_state() -> Candidates:
    """Every digit everywhere, but 1 only at r1c1, r1c5, r5c1, r5c5 in rows 1 and 5."""
    state = Candidates(9, [0x1FF] * 81, [0] * 81)
    for row in (0, 4):
        for col in range(9):
            if col not in (0, 4):
                state.eliminate(row * 9 + col, 1)
    return state


@pytest.mark.slow
def test_x_cycle_of_four_cells_is_a_generalized_x_wing():
    steps = list(TECHNIQUES["se_x_cycle"].find(View(x_wing_state())))
    first = steps[0]
    # the 1s of columns 1 and 5 outside rows 1 and 5 see both colours of the cycle
    expected = {(r * 9 + c, 1) for c in (0, 4) for r in range(9) if r not in (0, 4)}
    assert first.technique == "se_x_cycle" and set(first.eliminations) == expected
    assert (first.length, first.difficulty) == (4, 6.5)
    # the same removals one by one as forcing X-chains (6 potentials: 6.6), after the cycle
    chains = [s for s in steps if s.technique == "se_forcing_x_chain"]
    assert chains and all(s.difficulty == 6.6 and len(s.eliminations) == 1 for s in chains)
    assert [s.difficulty for s in steps] == sorted(s.difficulty for s in steps)


@pytest.mark.slow
def test_nothing_to_find_in_a_full_candidate_grid():
    state = Candidates(9, [0x1FF] * 81, [0] * 81)
    assert not list(TECHNIQUES["se_x_cycle"].find(View(state)))


def test_contradiction_of_three_cells_with_two_digits():
    """r1c1, r1c2, r1c3 hold only 1 and 2 (the rest of row 1 neither): assuming r1c1=1 turns r1c2
    to 2 and r1c3 to 2 as well: r1c3=2 on and off, a dynamic contradiction whose two chains rest on
    3 and 4 potentials."""
    marks = [0x1FF] * 81
    for cell in range(9):
        marks[cell] = 0b11 if cell < 3 else 0x1FC
    found = chaining.Chaining(True, True).hints(marks)
    contradictions = [h for h in found if h.sort_key == 7 and h.removable == ((0, 1),)]
    assert contradictions
    # r1c1.1 on -> r1c2.1 off -> r1c2.2 on -> r1c3.2 off ; r1c1.1 on -> r1c3.1 off -> r1c3.2 on
    assert contradictions[0].complexity == 4 + 3


# ---- real puzzles, every step checked against the solution


@pytest.mark.slow
@pytest.mark.parametrize(("low", "high", "expected"), [
    (6.5, 7.1, {"se_x_cycle", "se_y_cycle", "se_forcing_x_chain", "se_forcing_chain"}),
    (7.6, 8.1, {"se_nishio"}),
    (8.2, 8.7, {"se_cell_forcing_chain", "se_region_forcing_chain"}),
    (8.8, 9.3, {"se_dynamic_forcing_chain"}),
])
def test_each_technique_finds_sound_steps_in_its_band(low, high, expected):
    """On SE-rated puzzles of the band, SE's path reaches the band's technique; every step up to
    there is sound and rated within SE's range for its technique."""
    used: set[str] = set()
    for puzzle in band(low, high, 3):
        path, solved = solve_path(puzzle, until=frozenset(expected))
        assert solved
        truth = solution(Grid.parse(puzzle))
        for step in path:
            assert not wrong(step, truth), step.explanation
            if step.technique in RANGES:
                used.add(step.technique)
                low_r, high_r = RANGES[step.technique]
                assert low_r <= step.difficulty <= high_r, step.explanation
        if expected & used:
            return
    raise AssertionError(f"none of {sorted(expected)} on the first puzzles of {low}-{high}")


@pytest.mark.slow
def test_dynamic_plus_and_nested_chains_are_sound_on_a_hard_puzzle():
    # a dev puzzle SE rates 9.3 (dynamic chains at most); the (+) and first nested producers on its
    # first chain state (supersets of the dynamic chains) must only remove candidates the solution
    # does not use
    puzzle = band(9.2, 9.3, 1)[0]
    truth = solution(Grid.parse(puzzle))
    path, _ = solve_path(puzzle, ("se_x_cycle",))
    state = Candidates.from_grid(Grid.parse(puzzle))
    for step in path:
        apply_step(state, step)
    view = View(state)
    for name in ("se_dynamic_forcing_chain_plus", "se_nested_forcing_chain"):
        steps = list(TECHNIQUES[name].find(view))
        assert steps
        base = TECHNIQUES[name].se_rating
        for step in steps:
            assert not wrong(step, truth), step.explanation
            assert base <= step.difficulty <= base + 1.5


@pytest.mark.slow
def test_no_unsound_step_over_fifteen_puzzles():
    """Every step of SE's path (chains up to dynamic (+)) on 15 dev puzzles SE rates 6.5-9.3 is
    sound, and every path solves its puzzle."""
    for puzzle, _ in [(p, er) for p, er in dev_puzzles() if 6.5 <= er <= 9.3][5::60][:15]:
        truth = solution(Grid.parse(puzzle))
        path, solved = solve_path(puzzle)
        assert solved
        assert not [s.explanation for s in path if wrong(s, truth)]


@pytest.mark.manual
def test_se_ratings_and_soundness_over_a_hundred_puzzles():
    """Over 100 dev puzzles SE rates 6.5-9.3 (chains up to dynamic (+)): every step sound, the
    path solves the puzzle, and the engine's stand-ins for SE's easier techniques aside, the
    hardest step is SE's ER on most of them (measured: 70 exact, 95 within 0.5)."""
    chosen = [(p, er) for p, er in dev_puzzles() if 6.5 <= er <= 9.3][::10][:100]
    exact = near = 0
    for puzzle, er in chosen:
        truth = solution(Grid.parse(puzzle))
        path, solved = solve_path(puzzle)
        assert solved
        for step in path:
            assert not wrong(step, truth), step.explanation
        exact += max(se_rating(s) for s in path) == er
        near += abs(max(se_rating(s) for s in path) - er) <= 0.5
    assert exact >= 0.6 * len(chosen) and near >= 0.9 * len(chosen)


@pytest.mark.manual
def test_a_forum_hardest_puzzle_is_rated_without_guessing():
    """The first of the forum's hardest (ER 11 and more): solved by SE's chains alone, every step
    sound, rated 11.0 or more by a nested level (about 40 s of CPU)."""
    with shared_file("tdoku/forum_hardest_1905_11plus.txt").open() as f:
        puzzle = next(line.split()[0] for line in f if line.strip() and not line.startswith("#"))
    producers = (*PRODUCERS, "se_nested_forcing_chain", "se_nested_multiple_forcing_chain",
                 "se_nested_dynamic_forcing_chain", "se_nested_dynamic_plus_forcing_chain")
    path, solved = solve_path(puzzle, producers)
    assert solved
    truth = solution(Grid.parse(puzzle))
    assert not [s.explanation for s in path if wrong(s, truth)]
    hardest = max(path, key=se_rating)
    assert se_rating(hardest) >= 11.0 and hardest.technique.startswith("se_nested")


def test_a_level_going_on_from_the_level_befores_chains_finds_the_chains_it_finds_alone():
    """Level 2 takes level 1's chains of the same grid and goes on from their ends, asking there
    only the inner forcing chains: each chain (its potentials, their order, what each rests on,
    its contradiction) is the one level 2 follows from scratch."""
    marks = list(Candidates.from_grid(Grid.parse(FORUM_HARDEST_0)).marks)
    have = chain_core.digit_cells(marks)
    lower = chaining.Chaining(True, True, level=1)
    upper = chaining.Chaining(True, True, level=2, prefix=lower)
    keys = [(cell * 9 + d0) * 2 + on for cell in range(0, 81, 7) for d0 in chain_core.BITS[marks[cell]][:2]
            for on in (1, 0)]
    lower._runs = tuple(marks), {key: lower._started(marks, have, key, lower._advanced, True) for key in keys}
    went_on = 0
    for key in keys:
        resumed = upper._resumed(marks, have, key, upper._advanced)
        alone = upper._started(marks, have, key, upper._advanced, True)
        assert resumed is not None
        assert _outline(resumed) == _outline(alone)
        went_on += len(resumed[1]) > len(lower._runs[1][key][1])
    assert went_on  # some chains got further with the inner forcing chains


def _outline(run: chaining.Run) -> tuple:
    """A run as keys: each potential with the keys of what it rests on, in order; the contradiction."""
    to_on, to_off, absurd = run
    pots = [*to_on.values(), *to_off.values(), *(absurd or ())]
    return tuple((p.key, p.cause, tuple(q.key for q in chain_core.chain_of(p))) for p in pots)


def test_a_search_freezes_what_it_leaves_alive_unless_the_program_froze_its_own():
    marks = list(Candidates.from_grid(Grid.parse(FORUM_HARDEST_0)).marks)
    gc.unfreeze()
    try:
        chaining.Chaining(False, True, nishio=True).hints(marks)  # (a search that always runs)
        assert gc.get_freeze_count() > 0  # the search's survivors: left out of the collections after it
        gc.unfreeze()
        chaining._frozen = False
        gc.freeze()  # the program's own
        own = gc.get_freeze_count()
        chaining.Chaining(False, True, nishio=True).hints(marks)
        assert gc.get_freeze_count() == own  # neither unfrozen nor added to
    finally:
        gc.unfreeze()
        chaining._frozen = False

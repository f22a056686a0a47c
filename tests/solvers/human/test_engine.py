"""The solving loop: sound steps, the easiest technique first, contradictions, stuck states, guessing.

The truth is a solution the judge accepts for a puzzle the data says is unique; solution counts
come from tdoku's and Sudopedia's test files.
"""

from __future__ import annotations

import pytest

from sudokit.compare.bench.human import truth, unsound
from sudokit.compare.sets import load_set
from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid, is_solution
from sudokit.solvers.base import Status
from sudokit.solvers.human.engine import apply_step, find_steps, solve_logically
from sudokit.solvers.human.registry import LAST_RUNG, PRESETS, technique
from sudokit.solvers.human.se import chaining
from tests.conftest import sampled, shared_file

SE_SAMPLE = load_set("se-sample").puzzles
TDOKU = load_set("tdoku-tests").puzzles
SOUNDNESS_SWEEP = SE_SAMPLE[::26] + load_set("17clue-1000").puzzles[:40] + load_set("magictour").puzzles[:40]
# the default run checks every other puzzle of the SE sample's share, half the 17-clue and 12 of magictour
# (the full preset's chains take seconds on each magictour puzzle); the rest by hand (manual)
SOUNDNESS_SAMPLE = SE_SAMPLE[::52] + load_set("17clue-1000").puzzles[:20] + load_set("magictour").puzzles[:12]
SOUNDNESS_REST = [p for p in SOUNDNESS_SWEEP if p not in SOUNDNESS_SAMPLE]


def patterned_solution(size: int) -> Grid:
    """A valid solved grid of any size (the classic shifted-rows pattern), checked by the judge."""
    n = int(size**0.5)
    grid = Grid(tuple((n * (r % n) + r // n + c) % size + 1 for r in range(size) for c in range(size)))
    assert is_solution(grid, grid)
    return grid


@pytest.mark.parametrize("puzzle", sampled(SOUNDNESS_SAMPLE, 2), ids=lambda p: f"{p.grid.line()[:12]}")
def test_every_step_is_sound(puzzle):
    check_sound_path(puzzle)


@pytest.mark.manual
@pytest.mark.parametrize("puzzle", SOUNDNESS_REST, ids=lambda p: f"{p.grid.line()[:12]}")
def test_every_step_is_sound_on_the_rest_of_the_sweep(puzzle):
    check_sound_path(puzzle)


def check_sound_path(puzzle) -> None:
    """The full preset's every step keeps the true solution; a stuck end keeps every true digit."""
    result = solve_logically(puzzle.grid, PRESETS["full"])
    solution = truth(puzzle.grid)
    assert unsound(result.steps, solution) == []
    assert result.status in (Status.SOLVED, Status.STUCK)
    if result.status is Status.SOLVED:
        assert result.state.to_grid() == solution
    else:  # the partial state keeps every true digit
        assert all(result.state.values[c] == solution[c] or result.state.has(c, solution[c]) for c in range(81))


def forum_hardest(numbers: range) -> list[Grid]:
    """Puzzles of the forum's hardest list (SE 11+), by their numbers in the file."""
    lines = shared_file("tdoku/forum_hardest_1905_11plus.txt").read_text().split("\n")
    puzzles = [line.split()[0][:81] for line in lines if line.strip() and not line.startswith("#")]
    return [Grid.parse(puzzles[n]) for n in numbers]


def check_last_rung(grid: Grid) -> None:
    """The full preset finishes without guessing where the ladder below its last rung is stuck, every step
    sound, and the rung's chains are what gets it there."""
    below = PRESETS["full"][: -len(LAST_RUNG)]
    assert solve_logically(grid, below).status is Status.STUCK
    result = solve_logically(grid, PRESETS["full"])
    solution = truth(grid)
    assert result.status is Status.SOLVED and result.guesses == 0
    assert result.state.to_grid() == solution
    assert unsound(result.steps, solution) == []
    assert {step.technique for step in result.steps} & set(LAST_RUNG)


def test_the_last_rung_finishes_a_forum_hardest_puzzle():
    check_last_rung(forum_hardest(range(102, 103))[0])


def test_the_last_rung_takes_the_first_cell_whose_chains_give_a_step_among_those_se_compares():
    """Where the ladder is stuck, each level's search for the last rung stops at the first cell whose
    chains give a hint: its hints are some of those SE's whole search finds, and it finds some exactly
    where SE's does."""
    grid = forum_hardest(range(102, 103))[0]
    steps = solve_logically(grid, PRESETS["full"]).steps
    stuck = Candidates.from_grid(grid)  # where the rung is asked the second time (nested forcing chains fire)
    for step in steps[:[i for i, step in enumerate(steps) if step.technique in LAST_RUNG][1]]:
        apply_step(stuck, step)
    marks = list(stuck.marks)
    found = {}
    for producers in (chaining.PRODUCERS, chaining.FIRST_PRODUCERS):
        found[producers is chaining.FIRST_PRODUCERS] = [
            [(hint.technique, hint.removable, hint.pattern) for hint in producers[name].hints(marks)]
            for name in ("dynamic", "dynamic_plus", "nested_forcing")]
    assert any(found[False])  # (the state holds hints of some level)
    for every, first in zip(found[False], found[True], strict=True):
        assert bool(first) == bool(every)
        assert set(first) <= set(every)
    assert sum(map(len, found[True])) < sum(map(len, found[False]))


@pytest.mark.manual
@pytest.mark.parametrize("number", range(0, 1905, 127))
def test_the_last_rung_finishes_the_forum_hardest_sample(number):
    check_last_rung(forum_hardest(range(number, number + 1))[0])


@pytest.mark.parametrize("puzzle", SE_SAMPLE[::200], ids=lambda p: str(p.meta["se_rating"]))
def test_each_step_is_the_easiest_that_fires(puzzle):
    techniques = PRESETS["full"]
    state = Candidates.from_grid(puzzle.grid)
    for step in solve_logically(state, techniques).steps:
        easier = techniques[: techniques.index(step.technique)]
        assert not any(find_steps(state, name) for name in easier), step.explanation
        apply_step(state, step)


@pytest.mark.parametrize("puzzle", sampled([p for p in TDOKU if p.meta["count"] == 0], 3), ids=lambda p: str(p.line))
@pytest.mark.parametrize("allow_guess", [False, True])
def test_no_solution_is_unsat_with_the_reason(puzzle, allow_guess):
    # guessing explores the whole tree of an unsat puzzle: the basic preset keeps each node cheap
    result = solve_logically(puzzle.grid, PRESETS["basic" if allow_guess else "full"], allow_guess=allow_guess)
    assert result.status in ((Status.UNSAT,) if allow_guess else (Status.UNSAT, Status.STUCK))
    if result.status is Status.UNSAT:
        assert "has no candidate left" in result.message or "has no place in" in result.message


def test_a_given_contradiction_is_reported():
    state = Candidates.from_grid(load_set("easy50").puzzles[0].grid)
    for digit in state.digits(0):
        state.eliminate(0, digit)
    result = solve_logically(state)
    assert (result.status, result.message) == (Status.UNSAT, "r1c1 has no candidate left")


@pytest.mark.parametrize("puzzle", [p for p in TDOKU if 2 <= p.meta["count"] <= 50][:4], ids=lambda p: str(p.line))
def test_several_solutions_need_guessing_and_are_counted(puzzle):
    assert solve_logically(puzzle.grid).status is Status.STUCK
    result = solve_logically(puzzle.grid, PRESETS["basic"], allow_guess=True, limit=2)
    assert (result.status, result.solutions) == (Status.MULTIPLE, 2)
    assert is_solution(result.state.to_grid(), puzzle.grid)


def test_stuck_returns_the_partial_state_and_guessing_finishes():
    puzzle = next(p for p in SE_SAMPLE if p.meta["se_rating"] >= 9.0).grid
    stuck = solve_logically(puzzle, PRESETS["singles"])
    assert stuck.status is Status.STUCK and not stuck.state.is_solved() and not stuck.rating.guessed
    guessed = solve_logically(puzzle, PRESETS["singles"], allow_guess=True)
    assert guessed.status is Status.SOLVED and guessed.guesses >= 1 and guessed.rating.guessed
    assert is_solution(guessed.state.to_grid(), puzzle)
    assert unsound(guessed.steps, guessed.state.to_grid()) == []
    guesses = [s for s in guessed.steps if s.technique == "guess"]
    assert guesses and all(s.explanation.startswith("Guess: ") for s in guesses)
    assert guessed.rating.se_rating == technique("guess").se_rating


def test_a_time_limit_stops_the_solve():
    puzzle = next(p for p in SE_SAMPLE if p.meta["se_rating"] >= 9.0).grid
    assert solve_logically(puzzle, allow_guess=True, time_limit=0).status is Status.TIMEOUT


def test_the_deadline_is_polled_between_techniques_not_only_between_steps(monkeypatch):
    """On the empty grid no technique fires: one step's search asks every finder of the full ladder.
    With one of them slowed past the 0.2 s limit, the search must stop at the next finder rather than
    finish the step and end stuck."""
    import time
    from dataclasses import replace

    from sudokit.solvers.human.registry import TECHNIQUES

    slow = TECHNIQUES["x_wing"]

    def slowed(view):
        time.sleep(0.3)
        yield from slow.find(view)

    monkeypatch.setitem(TECHNIQUES, "x_wing", replace(slow, find=slowed))
    ladder = [name for name in PRESETS["full"] if name not in LAST_RUNG]  # (the last rung's gate counts, polling)
    result = solve_logically(Grid.empty(9), ladder, time_limit=0.2)
    assert result.status is Status.TIMEOUT, result.message
    assert solve_logically(Grid.empty(9), ladder, time_limit=5).status is Status.STUCK  # (slowed: 0.3 s)


@pytest.mark.parametrize("size", [4, 9, 16, 25])
def test_every_size_solves_to_the_truth(size):
    solution = patterned_solution(size)
    holes = {(7 * i) % (size * size) for i in range(size * size * 2 // 5)}
    puzzle = Grid(tuple(0 if cell in holes else v for cell, v in enumerate(solution.values)))
    result = solve_logically(puzzle, PRESETS["full"])
    assert result.status is Status.SOLVED and result.state.to_grid() == solution
    assert unsound(result.steps, solution) == []


def test_16x16_puzzles_are_solved_soundly():
    for puzzle in load_set("gecode-16x16").puzzles[:3]:
        result = solve_logically(puzzle.grid, allow_guess=True, limit=1)
        assert result.status is Status.SOLVED and is_solution(result.state.to_grid(), puzzle.grid)
        assert unsound(result.steps, result.state.to_grid()) == []


def test_singles_labelled_puzzles_need_only_singles():
    ladder = [p for p in load_set("abzium-ladder", skip_invalid=True).puzzles
              if p.meta["label_hardest_technique_per_qqwing"] in ("Naked singles", "Hidden singles")]
    assert ladder
    for puzzle in ladder:
        result = solve_logically(puzzle.grid, PRESETS["singles"])
        assert result.status is Status.SOLVED and result.state.to_grid().line() == puzzle.meta["solution"]


@pytest.mark.parametrize("rating", [2.5, 2.6, 2.8, 3.0, 3.2, 3.4, 3.6, 3.8, 4.0, 5.4])
def test_rated_puzzles_are_mostly_solved_without_guessing(rating):
    """Ratings whose technique this engine has: a clear majority solved by logic (10 per rating).

    SE's 5.0 and 5.2 are mostly unique rectangles (4.5-5.0+), not quads and jellyfish.
    """
    puzzles = [p for p in SE_SAMPLE if p.meta["se_rating"] == rating][::5]
    solved = sum(solve_logically(p.grid, PRESETS["full"]).status is Status.SOLVED for p in puzzles)
    assert solved / len(puzzles) >= 0.6


@pytest.mark.parametrize("name", ["se", "hodoku"])
def test_a_proper_puzzles_steps_are_checked_against_its_one_solution(name):
    """SE's and HoDoKu's modes count the solutions first; each step is then checked against the one
    solution (not the state against contradictions after every step): a wrong step is a bug."""
    from dataclasses import replace

    from sudokit.solvers.human.modes import mode
    from sudokit.solvers.human.steps import Step

    grid = Grid.parse("000006007007050000054090100090304080003060700010907050006080410000070900900100000")  # SE 2.6
    solution = solve_logically(grid, mode=name).state
    honest = mode(name)
    told: list[Step] = []

    def wrong_after_three(view, finders):
        step = honest.choose(view, finders)
        if len(told) == 3:  # the fourth step also removes a true digit
            cell = next(c for c, m in enumerate(view.marks) if m and m.bit_count() > 1)
            step = replace(step, eliminations=(*step.eliminations, (cell, solution.values[cell])))
        told.append(step)
        return step

    with pytest.raises(AssertionError, match=r"removes \d from r\dc\d: not the puzzle's one solution"):
        solve_logically(grid, mode=replace(honest, choose=wrong_after_three))
    assert len(told) == 4
    assert solve_logically(grid, mode=honest).status is Status.SOLVED


def test_the_last_rungs_gate_tells_one_solution_from_none_or_several_as_a_count_does():
    """The gate counts a solve's start once; a later state then has one solution exactly when the start's
    one still fits it. Checked against the DLX backend's count on states with one, none and several."""
    from sudokit.solvers.human.engine import _START, _one_solution
    from sudokit.solvers.human.view import Memo, View

    def count(state: Candidates, most: int = 2) -> int:  # plain backtracking over the pencil marks
        values = list(state.values)
        peers = state.geometry.peers
        open_cells = [c for c in range(81) if not values[c]]

        def search(i: int) -> int:
            if i == len(open_cells):
                return 1
            cell, found = open_cells[i], 0
            for d in range(1, 10):
                if state.has(cell, d) and all(values[p] != d for p in peers[cell]):
                    values[cell] = d
                    found += search(i + 1)
                    values[cell] = 0
                    if found >= most:
                        break
            return found
        return search(0)

    proper = Candidates.from_grid(Grid.parse(
        "000006007007050000054090100090304080003060700010907050006080410000070900900100000"))
    double = Candidates.from_grid(Grid.parse(  # two solutions (a deadly rectangle left open)
        "000006007007050000054090100090304080003060700010907050006080410000070900900100000".replace("7", "0", 1)))
    for start in (proper, double):
        truth_of_start = solve_logically(start.copy(), PRESETS["singles"], allow_guess=True, limit=5)
        first = truth_of_start.state.values
        states = [start.copy()]
        for cell in (c for c in range(81) if not start.values[c]):
            later = states[-1].copy()
            later.eliminate(cell, first[cell])  # the first solution no longer fits
            states.append(later)
            kept = start.copy()
            kept.place(cell, first[cell])
            states.append(kept)
            if len(states) > 12:
                break
        pinned = start.copy()  # the first solution but its last few cells: one solution
        for cell in [c for c in range(81) if not start.values[c]][:-8]:
            pinned.place(cell, first[cell])
        states.append(pinned)
        answers = []
        for state in states:
            memo = Memo()
            memo.store(_START, None, start)
            answers.append(_one_solution(View(state, memo)))
            assert answers[-1] == (count(state) == 1), state.line()
        assert set(answers) == {True, False}
    assert count(proper) == 1 and count(double) == 2


def test_a_technique_replaced_in_the_registry_is_used_by_the_next_solve(monkeypatch):
    """The mode's ladder, asked again with the same names, is kept only while the registry holds the same
    techniques: a finder replaced there is asked at the next solve (x_wing, a compiled rung otherwise)."""
    from dataclasses import replace

    from sudokit.solvers.human.registry import TECHNIQUES

    grid = Grid.parse("001000400509030108600801002320000085400506007000000000800403001040000050900010004")
    before = solve_logically(grid)
    assert "x_wing" in {s.technique for s in before.steps}
    asked = []
    x_wing = TECHNIQUES["x_wing"]

    def counted(view):
        asked.append(1)
        yield from x_wing.find(view)

    monkeypatch.setitem(TECHNIQUES, "x_wing", replace(x_wing, find=counted))
    after = solve_logically(grid)
    assert asked and after.steps == before.steps
    monkeypatch.undo()
    asked.clear()
    assert solve_logically(grid).steps == before.steps and not asked

"""Templates on hand-made states, and every technique of HoDoKu's list added for issue 13 checked
against the true solution on real puzzles (the exact patterns are the library's: test_reglib)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import islice

import pytest

from sudokit.compare.bench.human import unsound
from sudokit.compare.sets import load_set
from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid
from sudokit.solvers.human.engine import apply_step, solve_logically
from sudokit.solvers.human.registry import PRESETS, TECHNIQUES, technique
from sudokit.solvers.human.techniques.uniqueness import remember_givens
from sudokit.solvers.human.view import Memo, View
from tests.solvers.human.pattern_cases import exact_solution

# HoDoKu's techniques added for issue 13 (besides fish)
ADDED = ("unique_rectangle_5", "unique_rectangle_6", "avoidable_rectangle_1", "avoidable_rectangle_2",
         "dual_two_string_kite", "dual_empty_rectangle", "als_chain", "death_blossom", "template_set",
         "template_delete")


def state_of(placed: dict[str, int], candidates: dict[str, tuple[int, ...]]) -> Candidates:
    """A 9x9 state holding only what is listed: values (``"r1c1": 5``) and candidates."""
    marks, values = [0] * 81, [0] * 81
    for name, digit in placed.items():
        values[cell_of(name)] = digit
    for name, digits in candidates.items():
        for d in digits:
            marks[cell_of(name)] |= 1 << (d - 1)
    return Candidates(9, marks, values)


def cell_of(name: str) -> int:
    return (int(name[1]) - 1) * 9 + int(name[3]) - 1


# Digit 1 placed in rows 3-9 leaving column 1 and 4 and boxes 1 and 2 to rows 1 and 2.
ONES = {"r3c7": 1, "r4c2": 1, "r5c5": 1, "r6c8": 1, "r7c3": 1, "r8c6": 1, "r9c9": 1}
# Digit 2 placed in rows 2-9 leaving only column 1, box 1 to row 1.
TWOS = {"r2c5": 2, "r3c8": 2, "r4c3": 2, "r5c6": 2, "r6c9": 2, "r7c2": 2, "r8c4": 2, "r9c7": 2}


def _conclusions(name: str, state: Candidates) -> dict[int, set[tuple[int, int]]]:
    return {s.digits[0]: set(s.placements) | set(s.eliminations) for s in technique(name).find(View(state))}


def test_a_cell_in_every_template_is_set():
    # r2c1 lacks 1: the only template of 1 takes r1c1 and r2c4
    state = state_of(ONES, {"r1c1": (1,), "r1c4": (1,), "r2c4": (1,)})
    assert _conclusions("template_set", state) == {1: {(cell_of("r1c1"), 1), (cell_of("r2c4"), 1)}}


def test_a_candidate_in_no_template_is_deleted():
    # r1c2 sees no placed 1 here, but a template through it would need column 2 twice (r4c2 holds 1)
    state = state_of(ONES, {"r1c1": (1,), "r1c4": (1,), "r2c1": (1,), "r2c4": (1,), "r1c2": (1,)})
    assert _conclusions("template_delete", state) == {1: {(cell_of("r1c2"), 1)}}
    assert _conclusions("template_set", state) == {}  # two templates of 1, crossing in no open cell


def test_templates_are_refined_by_the_cells_other_digits_must_take():
    # 2 can only go to r1c1, so the template of 1 through r1c1 is dropped: 1 goes to r1c4 and r2c1
    state = state_of(ONES | TWOS, {"r1c1": (1, 2), "r1c4": (1,), "r2c1": (1,), "r2c4": (1,)})
    assert _conclusions("template_set", state) == {1: {(cell_of("r1c4"), 1), (cell_of("r2c1"), 1)},
                                                   2: {(cell_of("r1c1"), 2)}}
    assert _conclusions("template_delete", state) == {1: {(cell_of("r1c1"), 1), (cell_of("r2c4"), 1)}}


def test_templates_are_off_by_default_as_in_hodoku():
    off = {name for name, t in TECHNIQUES.items() if not t.in_full}
    assert {"template_set", "template_delete", "death_blossom"} <= off
    assert not off & set(PRESETS["full"])
    assert {"unique_rectangle_5", "unique_rectangle_6", "avoidable_rectangle_1", "avoidable_rectangle_2",
            "als_chain"} <= set(PRESETS["full"])
    assert all(name in TECHNIQUES for name in ADDED)


# ---- soundness of every added technique on real puzzles


def checked_instances(puzzles: Iterable[Grid], names: Iterable[str] = ADDED, most: int = 20) -> Counter:
    """Each puzzle solved by the avoidable rectangles (first, so that they see the givens), the full
    preset without forcing chains, and the other added techniques (so their steps shape the path),
    guessing when stuck (the path returned runs through the solution, so its states hold the
    truth). Every step of the path, and in every state beyond the basic techniques every instance
    (up to ``most`` per technique) of each added technique, is checked against the exact solution,
    the givens known. Fails on an unsound one; counts instances, and as ``"path:<name>"`` the steps
    of the path."""
    names = tuple(names)
    order = [n for n in names if n.startswith("avoidable")]
    order += [n for n in PRESETS["full"] if technique(n).family != "forcing" and n not in order]
    order += [n for n in names if n not in order]
    found: Counter = Counter()
    for puzzle in puzzles:
        state, solution = Candidates.from_grid(puzzle), exact_solution(puzzle)
        path = solve_logically(puzzle, order, allow_guess=True).steps
        assert unsound(path, solution) == [], (puzzle.line(), unsound(path, solution)[0].explanation)
        for step in path:
            if step.technique not in PRESETS["basic"]:
                memo = Memo()
                remember_givens(memo, puzzle.values)
                view = View(state, memo)
                for name in names:
                    steps = list(islice(technique(name).find(view), most))
                    assert unsound(steps, solution) == [], (puzzle.line(), unsound(steps, solution)[0].explanation)
                    found[name] += len(steps)
            found[f"path:{step.technique}"] += 1
            apply_step(state, step)
    return found


def _puzzles(every: int) -> list[Grid]:
    return [p.grid for name in ("se-sample", "17clue-1000", "magictour") for p in load_set(name).puzzles[::every]]


@pytest.mark.slow
def test_added_techniques_are_sound_on_real_puzzles():
    """13 puzzles SE rates 4.5 to 7.5 (where uniqueness, ALS and single-digit moves are the hardest;
    the thousand below by hand)."""
    puzzles = [p.grid for p in load_set("se-sample").puzzles if 4.5 <= p.meta["se_rating"] <= 7.5][50::100]
    found = checked_instances(puzzles, most=3)
    assert all(found[name] for name in ("avoidable_rectangle_1", "dual_empty_rectangle", "als_chain", "death_blossom",
                                        "template_delete")), found


@pytest.mark.manual
def test_added_techniques_are_sound_on_a_thousand_puzzles():
    """The SE-rated sample, the 17-clue and magictour sets, every 5th puzzle (about 1,000)."""
    found = checked_instances(_puzzles(5), most=5)
    assert all(found[name] for name in ADDED), found

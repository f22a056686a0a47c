"""Almost locked sets and Sue de Coq on real puzzles: every instance sound."""

from __future__ import annotations

import re
from itertools import islice

from sudokit.solvers.human.registry import technique
from sudokit.solvers.human.view import View
from tests.solvers.human.pattern_cases import SAMPLE, family, hard_states, sound_instances
from tests.solvers.human.test_templates import cell_of, state_of


def test_als_moves_in_real_puzzles_are_sound():
    found = sound_instances(family("als"), SAMPLE[::3], most=10)
    assert all(found[name] for name in family("als")), found


def test_steps_name_the_digits_they_eliminate_and_keep_off_their_own_cells():
    states = [state for puzzle in SAMPLE[::3] for state in hard_states(puzzle)[0]]
    for name in family("als"):
        steps = [s for state in states for s in islice(technique(name).find(View(state)), 3)]
        assert steps, name
        for step in steps:
            assert step.digits == tuple(sorted({d for _, d in step.eliminations}))
            # an ALS-Chain's ends keep theirs; the sets between them may lose Z (HoDoKu's rule)
            kept = set(step.als[0]) | set(step.als[-1]) if name == "als_chain" else set(step.cells)
            assert not {c for c, _ in step.eliminations} & kept
        assert all(re.match(r"Almost Locked Set XZ-Rule: A=.+ \{[\d,]+\}, B=.+, X=[\d,]+ => ", s.explanation)
                   for s in steps if s.technique == "als_xz")


# ---- HoDoKu's ALS-Chain and Death Blossom (issue 13), on hand-made states


def test_an_als_chain_of_four_bivalue_cells():
    # r1c1 {1,2} -2- r1c5 {2,3} -3- r5c5 {3,4} -4- r5c1 {1,4}: if r1c1 is not 1 it is 2, then r1c5 is 3,
    # r5c5 is 4 and r5c1 is 1. So 1 is in r1c1 or r5c1: r3c1, seeing both, loses it.
    state = state_of({}, {"r1c1": (1, 2), "r1c5": (2, 3), "r5c5": (3, 4), "r5c1": (1, 4), "r3c1": (1, 9)})
    steps = list(technique("als_chain").find(View(state)))
    assert {(cell_of("r3c1"), 1)} in [set(s.eliminations) for s in steps]
    assert all(len(s.als) >= 4 for s in steps)


def test_a_death_blossom_with_two_petals():
    # stem r5c5 {1,2}: if 1, its petal r5c1 {1,3} is 3; if 2, its petal r1c5 {2,3} is 3. r1c1 sees both.
    state = state_of({}, {"r5c5": (1, 2), "r5c1": (1, 3), "r1c5": (2, 3), "r1c1": (3, 9)})
    steps = list(technique("death_blossom").find(View(state)))
    assert [set(s.eliminations) for s in steps] == [{(cell_of("r1c1"), 3)}]
    assert steps[0].fins == (cell_of("r5c5"),) and sorted(steps[0].als) == [(cell_of("r1c5"),), (cell_of("r5c1"),)]

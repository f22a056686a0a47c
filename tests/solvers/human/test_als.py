"""Almost locked sets and Sue de Coq on real puzzles: every instance sound."""

from __future__ import annotations

import re
from itertools import islice

from sudokit.solvers.human.registry import technique
from sudokit.solvers.human.view import View
from tests.solvers.human.pattern_cases import SAMPLE, family, hard_states, sound_instances


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
            assert not {c for c, _ in step.eliminations} & set(step.cells)
        assert all(re.match(r"Almost Locked Set XZ-Rule: A=.+ \{[\d,]+\}, B=.+, X=[\d,]+ => ", s.explanation)
                   for s in steps if s.technique == "als_xz")

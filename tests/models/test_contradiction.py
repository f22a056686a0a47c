"""``Candidates.contradiction`` reads the whole grid at once (``_plain``) and looks for the reason only when
there may be one: here against the definition, on random states of every size, states with a cell or
a unit emptied, and states with candidates left in placed cells."""

from __future__ import annotations

import random

import pytest

from sudokit.models.candidates import Candidates
from sudokit.models.grid import cell_name, geometry, symbol


def _definition(state: Candidates) -> str | None:
    """The first cell with no value and no candidate, else the first unit (rows, columns, boxes) and its
    lowest digit neither placed nor a candidate of an open cell there."""
    geo = state.geometry
    for cell in geo.cells:
        if not state.values[cell] and not state.marks[cell]:
            return f"{cell_name(cell, state.size)} has no candidate left"
    for unit, cells in enumerate(geo.units):
        shown = {state.values[c] for c in cells if state.values[c]}
        shown.update(d for c in cells if not state.values[c] for d in range(1, state.size + 1)
                     if state.marks[c] >> (d - 1) & 1)
        missing = [d for d in range(1, state.size + 1) if d not in shown]
        if missing:
            return f"{symbol(missing[0])} has no place in {geo.unit_name(unit)}"
    return None


def _states(size: int, chooser: random.Random):
    """States around a solved grid (a share of its cells placed, the others holding their digit and
    random others): as they are (no contradiction), with a unit's digit taken from every cell of the
    unit (and then given to a placed cell of it as a candidate), with an open cell emptied, and with a
    placed cell given candidates."""
    box, full = geometry(size).box, (1 << size) - 1
    solution = [(r % box * box + r // box + c) % size + 1 for r in range(size) for c in range(size)]
    for _ in range(150 if size < 16 else 30):
        values = [d if chooser.random() < 0.4 else 0 for d in solution]
        marks = [0 if v else 1 << (d - 1) | chooser.randrange(full + 1) for v, d in zip(values, solution, strict=True)]
        yield Candidates(size, list(marks), list(values))
        unit, digit = geometry(size).units[chooser.randrange(3 * size)], chooser.randrange(1, size + 1)
        taken = Candidates(size, list(marks), list(values))
        for cell in unit:
            if taken.values[cell] == digit:
                taken.values[cell] = 0
            taken.marks[cell] &= ~(1 << (digit - 1))
            if not taken.values[cell] and not taken.marks[cell]:
                taken.marks[cell] = full & ~(1 << (digit - 1))
        yield taken
        placed = [c for c in unit if taken.values[c]]
        if placed:  # the digit left only among a placed cell's candidates, which do not count
            hidden = Candidates(size, list(taken.marks), list(taken.values))
            hidden.marks[chooser.choice(placed)] = 1 << (digit - 1)
            yield hidden
        emptied = Candidates(size, list(marks), list(values))
        emptied.marks[chooser.choice([c for c, v in enumerate(values) if not v])] = 0
        yield emptied
        stray = Candidates(size, list(marks), list(values))
        stray.marks[chooser.choice([c for c, v in enumerate(values) if v])] = chooser.randrange(1, full + 1)
        yield stray


@pytest.mark.parametrize("size", [4, 9, 16, 25])
def test_contradiction_as_the_definition(size):
    chooser = random.Random(size)
    kinds = {"none": 0, "cell": 0, "unit": 0}
    for state in _states(size, chooser):
        expected = _definition(state)
        assert state.contradiction() == expected, state.line()
        kinds["none" if expected is None else "cell" if "candidate" in expected else "unit"] += 1
    assert all(count > 5 for count in kinds.values()), kinds


def test_a_proper_state_and_each_kind_of_unit_emptied():
    state = Candidates.parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    assert state.contradiction() is None
    for unit in (4, 13, 22):  # a row, a column, a box
        emptied = state.copy()
        for cell in emptied.geometry.units[unit]:
            emptied.marks[cell] &= ~(1 << 8)  # 9: r5, c5 and b5 have it nowhere placed
        assert emptied.contradiction() == f"9 has no place in {emptied.geometry.unit_name(unit)}"

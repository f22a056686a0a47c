"""SE's hidden singles and direct techniques read units as bitsets; here against their definition
read from ``View.places`` (each unit's cells per digit): every step, in order, on the states of SE
paths and on those states with candidates removed at random."""

from __future__ import annotations

import csv
import random
from collections.abc import Callable, Iterator
from itertools import combinations
from pathlib import Path

import pytest

from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid, symbol
from sudokit.solvers.human.engine import apply_step, solve_logically
from sudokit.solvers.human.se import direct, singles
from sudokit.solvers.human.steps import Step, cells_text, digits_text
from sudokit.solvers.human.view import View

SAMPLE = Path(__file__).resolve().parents[4].parent / "shared" / "data" / "se_rated" / "se_rated_dev.csv"


def _hidden_single(view: View) -> Iterator[Step]:
    geo = view.geometry
    for alone in (True, False):
        for unit in singles.se_units(geo):
            if (sum(1 for c in geo.units[unit] if not view.values[c]) == 1) != alone:
                continue
            for digit, cells in sorted(view.places(unit).items()):
                if len(cells) == 1:
                    rating = 1.0 if alone else 1.2 if unit >= 2 * geo.size else 1.5
                    where = "last cell of" if alone else f"{symbol(digit)} in"
                    yield Step("se_hidden_single", view.size, (digit,), placements=((cells[0], digit),),
                               cells=(cells[0],), units=(unit,), pattern=f"{where} {geo.unit_name(unit)}",
                               difficulty=rating)


def _locking(view: View, name: str, rating: float, kinds) -> Iterator[Step]:
    units, geo = view.geometry.units, view.geometry
    for first_kind, second_kind in kinds:
        for first in first_kind:
            for second in second_kind:
                crossing = set(units[first]) & set(units[second])
                for digit, cells in sorted(view.places(first).items()):
                    if not crossing or len(cells) < 2 or not crossing.issuperset(cells):
                        continue
                    for third in first_kind:
                        if third == first or not set(units[second]) & set(units[third]):
                            continue
                        places = view.places(third).get(digit, [])
                        rest = [c for c in places if c not in units[second]]
                        if len(places) > 1 and len(rest) == 1:
                            pattern = (f"{symbol(digit)} in {geo.unit_name(first)} locked in "
                                       f"{geo.unit_name(second)}, one place left in {geo.unit_name(third)}")
                            yield Step(name, view.size, (digit,), placements=((rest[0], digit),), cells=tuple(cells),
                                       units=(first, second, third), pattern=pattern, difficulty=rating)


def _pointing(view: View) -> Iterator[Step]:
    n = view.size
    yield from _locking(view, "se_direct_pointing", 1.7, ((range(2 * n, 3 * n), range(n, 2 * n)),
                                                          (range(2 * n, 3 * n), range(n))))


def _claiming(view: View) -> Iterator[Step]:
    n = view.size
    yield from _locking(view, "se_direct_claiming", 1.9, ((range(n, 2 * n), range(2 * n, 3 * n)),
                                                          (range(n), range(2 * n, 3 * n))))


def _hidden_set(degree: int, name: str, rating: float) -> Callable[[View], Iterator[Step]]:
    def find(view: View) -> Iterator[Step]:
        geo = view.geometry
        for unit in singles.se_units(geo):
            if sum(1 for c in geo.units[unit] if not view.values[c]) <= degree:
                continue
            places = view.places(unit)
            for subset in combinations(sorted(d for d, cells in places.items() if len(cells) > 1), degree):
                held = {c for d in subset for c in places[d]}
                if len(held) != degree:
                    continue
                for other in sorted(set(places) - set(subset)):
                    rest = [c for c in places[other] if c not in held]
                    if len(places[other]) > 1 and len(rest) == 1:
                        pattern = (f"{digits_text(subset)} in {cells_text(sorted(held), view.size)}, "
                                   f"one place left for {symbol(other)} in {geo.unit_name(unit)}")
                        yield Step(name, view.size, subset, placements=((rest[0], other),), cells=tuple(sorted(held)),
                                   units=(unit,), pattern=pattern, difficulty=rating)
                        break
    return find


PAIRS = [(singles.hidden_single, _hidden_single), (direct.direct_pointing, _pointing),
         (direct.direct_claiming, _claiming), (direct.direct_hidden_pair, _hidden_set(2, "se_direct_hidden_pair", 2.0)),
         (direct.direct_hidden_triplet, _hidden_set(3, "se_direct_hidden_triplet", 2.5))]


def _states() -> Iterator[Candidates]:
    """The states of SE paths of 12 rated puzzles (ER 1.2 to 9), and each with a third of the
    candidates of its cells of three or more removed at random."""
    with open(SAMPLE) as f:
        rows = [r["puzzle"] for r in csv.DictReader(f)]
    chooser = random.Random(44)
    for puzzle in chooser.sample(rows, 12):
        grid = Grid.parse(puzzle)
        state = Candidates.from_grid(grid)
        for step in solve_logically(grid, mode="se").steps:
            yield state
            reduced = Candidates(state.size, list(state.marks), list(state.values))
            for cell, mask in enumerate(reduced.marks):
                if mask.bit_count() > 2 and chooser.random() < 0.3:
                    reduced.marks[cell] &= ~(1 << chooser.choice([d for d in range(9) if mask >> d & 1]))
            yield reduced
            state = Candidates(state.size, list(state.marks), list(state.values))
            apply_step(state, step)


@pytest.mark.skipif(not SAMPLE.is_file(), reason="the SE-rated sample (../shared/data) is not here")
def test_bitset_finders_give_the_definitions_steps_in_order():
    compared = fired = 0
    kinds = set()
    for state in _states():
        for finder, reference in PAIRS:
            expected = list(reference(View(state)))
            assert list(finder(View(state))) == expected, finder.__name__
            compared += 1
            fired += bool(expected)
            kinds.update(s.technique for s in expected)
    assert compared > 2000 and fired > 500
    assert kinds == {"se_hidden_single", "se_direct_pointing", "se_direct_claiming", "se_direct_hidden_pair",
                     "se_direct_hidden_triplet"}

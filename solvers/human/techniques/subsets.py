"""Subsets: k cells of a unit that hold only k digits (naked), or k digits that fit only k cells (hidden)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from sudokit.models.candidates import Candidates, digits_of, mask_of
from sudokit.solvers.human.steps import Step, cells_text, digits_text, removable


def naked_pair(state: Candidates) -> Iterator[Step]:
    """Two cells of a unit with the same two candidates: the rest of the unit loses them."""
    return _naked(state, 2, "naked_pair")


def naked_triple(state: Candidates) -> Iterator[Step]:
    """Three cells of a unit holding only three digits between them."""
    return _naked(state, 3, "naked_triple")


def naked_quad(state: Candidates) -> Iterator[Step]:
    """Four cells of a unit holding only four digits between them."""
    return _naked(state, 4, "naked_quad")


def hidden_pair(state: Candidates) -> Iterator[Step]:
    """Two digits with the same two places in a unit: those cells lose their other candidates."""
    return _hidden(state, 2, "hidden_pair")


def hidden_triple(state: Candidates) -> Iterator[Step]:
    """Three digits confined to the same three cells of a unit."""
    return _hidden(state, 3, "hidden_triple")


def hidden_quad(state: Candidates) -> Iterator[Step]:
    """Four digits confined to the same four cells of a unit."""
    return _hidden(state, 4, "hidden_quad")


def _naked(state: Candidates, size: int, name: str) -> Iterator[Step]:
    marks = state.marks
    for unit, cells in enumerate(state.geometry.units):
        small = [c for c in cells if 1 < marks[c].bit_count() <= size]
        for group in combinations(small, size):
            union = 0
            for c in group:
                union |= marks[c]
            if union.bit_count() == size:
                eliminations = removable(state, set(cells) - set(group), union)
                if eliminations:
                    digits = digits_of(union)
                    yield Step(name, state.size, digits, eliminations=eliminations, cells=group, units=(unit,),
                               pattern=f"{digits_text(digits)} in {cells_text(group, state.size)}")


def _hidden(state: Candidates, size: int, name: str) -> Iterator[Step]:
    for unit in range(3 * state.size):
        places = {d: cells for d, cells in state.places(unit).items() if 1 < len(cells) <= size}
        for digits in combinations(places, size):
            group = sorted({c for d in digits for c in places[d]})
            if len(group) == size:
                eliminations = removable(state, group, ~mask_of(digits))
                if eliminations:
                    yield Step(name, state.size, digits, eliminations=eliminations, cells=tuple(group), units=(unit,),
                               pattern=f"{digits_text(digits)} in {cells_text(group, state.size)}")

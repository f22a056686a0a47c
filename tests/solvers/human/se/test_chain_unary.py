"""Forcing chains & cycles: walks are taken only in groups where a cycle could remove something
(``_may_remove``). Checked against the walks themselves on the grids dynamic chains reduce a hard
puzzle's pencil marks to (the grids the nested levels search)."""

from __future__ import annotations

from collections.abc import Iterator

from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid
from sudokit.solvers.human.se import chain_static, chain_unary
from sudokit.solvers.human.se.chain_core import Pot, chain_of, digit_cells, propagate

from .test_chain_static import PUZZLES, states


def reduced(source: list[int], step: int) -> Iterator[list[int]]:
    """``source`` less what the dynamic chain from every ``step``-th "on" and "off" assumption
    removes (those that meet no contradiction)."""
    keys = [(cell * 9 + d0) * 2 + on for cell, m in enumerate(source) if m.bit_count() > 1
            for d0 in range(9) if m >> d0 & 1 for on in (1, 0)]
    for key in keys[::step]:
        to_on: dict[int, Pot] = {key: Pot(key)} if key & 1 else {}
        to_off: dict[int, Pot] = {} if key & 1 else {key: Pot(key)}
        if propagate(source[:], to_on, to_off, dynamic=True) is None:
            marks = source[:]
            for off in to_off:
                marks[(off >> 1) // 9] &= ~(1 << (off >> 1) % 9)
            yield marks


def outline(marks: list[int]) -> list[tuple]:
    """Every hint of the grid, with each chain's potentials, causes and parents."""
    chain_static._static.clear()

    def chain(end: Pot) -> tuple:
        return tuple((p.key, p.cause, tuple(q.key for q in p.parents)) for p in chain_of(end))

    return [(h.technique, h.removable, h.placement, h.pattern, [chain(t) for t in h.targets])
            for h in chain_unary.unary_hints(marks)]


def test_walks_left_out_would_have_found_nothing(monkeypatch):
    source = list(Candidates.from_grid(Grid.parse(PUZZLES[0])).marks)
    grids = [*states(), *reduced(source, 5)]
    pruned = with_hints = 0
    for marks in grids:
        have = digit_cells(marks)
        groups = {id(g): g for g in chain_static.StaticLinks(marks, True, True).cycles().values()}.values()
        pruned += any(not chain_unary._may_remove(g, have) for g in groups if sum(k & 1 for k in g) > 1)
        found = outline(marks)
        with monkeypatch.context() as patched:
            patched.setattr(chain_unary, "_may_remove", lambda within, have: True)
            assert found == outline(marks)
        with_hints += bool(found)
    assert len(grids) > 50 and pruned > len(grids) // 2 and with_hints > 5, (len(grids), pruned, with_hints)

"""The compiled propagation follows every assumption exactly as ``chain_core.propagate`` does
without inner techniques: the same potentials, in the same order, with the same causes and parents,
and the same contradiction; dynamic chains with and without Y-links, static chains with the grid's
links; each potential made when first read, in any order (numba installed: the ``fast`` extra)."""

from __future__ import annotations

import pytest

from sudokit.solvers.human.se.chain_core import ADVANCED, Pot, propagate
from sudokit.solvers.human.se.chain_rules import simple_rules
from sudokit.solvers.human.se.chain_static import static_links

from .test_chain_static import states
from .test_chain_unary import reduced

propagate_compiled = pytest.importorskip("sudokit.solvers.human.se.propagate_compiled")
if propagate_compiled.walks is None:
    pytest.skip("numba is not installed (or SUDOKIT_PURE is set)", allow_module_level=True)


def _shape(pots: dict[int, Pot]) -> list[tuple]:
    return [(key, pots[key].key, pots[key].cause, [q.key for q in pots[key].parents]) for key in pots]


def _absurd_shape(absurd: tuple[Pot, Pot] | None) -> tuple | None:
    if absurd is None:
        return None
    return tuple((p.key, p.cause, [q.key for q in p.parents]) for p in absurd)


def _assumptions(marks: list[int]) -> list[int]:
    """Every potential of a grid's open cells: each candidate on, then off."""
    return [cell * 18 + d0 * 2 + on for cell, m in enumerate(marks) if m.bit_count() > 1
            for d0 in range(9) if m >> d0 & 1 for on in (1, 0)]


def test_every_assumption_followed_as_in_python():
    grids = states()
    grids += [marks for source in grids[:2] for marks in reduced(source, 40)]
    met = {"absurd": 0, "whole": 0, "parents from removals": 0}
    for marks in grids:
        walk = propagate_compiled.walks(marks)
        links = static_links(marks, True)
        for key in _assumptions(marks):
            for y_links, dynamic in ((True, True), (False, True), (True, False)):
                to_on: dict[int, Pot] = {key: Pot(key)} if key & 1 else {}
                to_off: dict[int, Pot] = {} if key & 1 else {key: Pot(key)}
                work = marks[:]
                absurd = propagate(work, to_on, to_off, y_links=y_links, dynamic=dynamic,
                                   links=None if dynamic else links)
                assert work == marks
                got_on, got_off, got_absurd = walk(key, y_links, dynamic)
                copied = got_on.copy()  # a chain going on from the walk adds to a copy
                for outcome in (got_off, got_on):  # made when read: the last first
                    for k in reversed(outcome):
                        assert outcome[k] is outcome[k] and outcome[k].key == k
                assert all(copied[k] is got_on[k] for k in got_on) and list(copied) == list(got_on)
                assert _shape(got_on) == _shape(to_on), (marks, key, y_links, dynamic)
                assert _shape(got_off) == _shape(to_off), (marks, key, y_links, dynamic)
                assert _absurd_shape(got_absurd) == _absurd_shape(absurd), (marks, key, y_links, dynamic)
                if got_absurd is not None:
                    assert got_absurd[0] is got_on.get(got_absurd[0].key, got_absurd[0])
                    assert got_absurd[1] is got_off.get(got_absurd[1].key, got_absurd[1])
                met["absurd" if absurd else "whole"] += 1
                met["parents from removals"] += any(len(got_on[k].parents) > 1 for k in got_on)
        again = [_shape(r) for r in walk(key, True, True)[:2]]  # the walks left their grid as it was
        assert again == [_shape(r) for r in propagate_compiled.walks(marks)(key, True, True)[:2]]
    assert all(met.values()), met


def test_potentials_made_once_and_shared():
    """Each potential of a walk is made once, whichever is read first: a potential's parents are the
    very potentials read for their keys (shared, as a Python chain's are)."""
    for marks in states()[:3]:
        walk = propagate_compiled.walks(marks)
        for key in _assumptions(marks):
            to_on, to_off, _ = walk(key, True, True)
            order = [(k, outcome) for outcome in (to_on, to_off) for k in outcome]
            pots = {k: outcome[k] for k, outcome in (order[len(order) // 2:] + order[:len(order) // 2])}
            for pot in pots.values():
                assert all(parent is pots[parent.key] for parent in pot.parents), (marks, key)


def _simple_techniques(marks: list[int], source: list[int], to_off: dict[int, Pot], have: list[int],
                       source_have: list[int]) -> list[Pot]:
    """What a (+) chain adds where it is stuck (SE's getAdvancedPotentials at level 1), from the
    pure-Python simple techniques: the first technique's removals whose hints need the chain's."""
    for group in simple_rules(marks, source, have, source_have):
        found = [Pot((cell * 9 + digit - 1) * 2, [to_off[k] for k in hint.parents if k in to_off], ADVANCED)
                 for hint in group for cell, digit in hint.removable]
        if found:
            return found
    return []


def test_plus_chains_followed_as_in_python():
    """A (+) chain walked whole (its simple techniques asked in the kernel) is the Python chain."""
    grids = states()
    grids += [marks for source in grids[:2] for marks in reduced(source, 60)]
    met = {"absurd": 0, "whole": 0, "simple technique used": 0, "its removals followed": 0}
    for marks in grids:
        walk = propagate_compiled.walks(marks)
        for key in _assumptions(marks):
            to_on: dict[int, Pot] = {key: Pot(key)} if key & 1 else {}
            to_off: dict[int, Pot] = {} if key & 1 else {key: Pot(key)}
            work = marks[:]
            absurd = propagate(work, to_on, to_off, dynamic=True, advanced=_simple_techniques)
            assert work == marks
            got_on, got_off, got_absurd = walk(key, True, True, True)
            for outcome in (got_off, got_on):  # made when read: the last first
                for k in reversed(outcome):
                    assert outcome[k] is outcome[k] and outcome[k].key == k
            assert _shape(got_on) == _shape(to_on), (marks, key)
            assert _shape(got_off) == _shape(to_off), (marks, key)
            assert _absurd_shape(got_absurd) == _absurd_shape(absurd), (marks, key)
            met["absurd" if absurd else "whole"] += 1
            advanced = [p for p in to_off.values() if p.cause == ADVANCED]
            met["simple technique used"] += bool(advanced)
            met["its removals followed"] += any(q.cause == ADVANCED for p in to_on.values() for q in p.parents)
    assert all(met.values()), met

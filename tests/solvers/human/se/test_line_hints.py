"""The forcing chains and cycles the compiled walks find are ``LineHint``s, read from the walks'
lines: the same hints as those the Python walks make of potentials (sizes, signatures, rule
parents, chains, steps), and ranking them or asking their rule parents makes no potential
(numba installed: the ``fast`` extra)."""

from __future__ import annotations

from sudokit.solvers.human.se import chain_static, chain_unary
from sudokit.solvers.human.se.chain_core import chain_of, digit_cells
from sudokit.solvers.human.se.chain_hints import ChainHint, LineHint, se_sorted

from .test_chain_screen import grids, screen


def read(hint: ChainHint, initial: list[int], marks: list[int]) -> tuple:
    """What an outer chain reads of an inner hint (its rule parents from ``initial`` to ``marks``)."""
    parents = hint.rule_parents(initial, marks, digit_cells(initial), digit_cells(marks))
    return (hint.technique, hint.removable, hint.placement, hint.complexity, hint.difficulty, hint.sort_key,
            hint.signature, len(hint.nested), parents)


def made(hint: ChainHint) -> tuple:
    """Its chains (each potential's key, cause and parents), pattern and step."""
    chains = [tuple((p.key, p.cause, tuple(q.key for q in p.parents)) for p in chain_of(t)) for t in hint.targets]
    return hint.pattern, chains, [len(chain_of(t)) for t in hint.flat_targets], hint.step()


def test_line_hints_are_the_hints_of_the_python_walks():
    lines = cycles = 0
    for marks in grids():
        known = screen.starts(tuple(marks))
        if known is None:
            continue
        initial = [511 if m.bit_count() > 1 else m for m in marks]
        told = chain_unary.unary_hints(marks, known, screen.forcing, screen.cycles)
        chain_static._static.clear()
        expected = chain_unary.unary_hints(marks, known)
        assert all(isinstance(h, LineHint) for h in told) and not any(isinstance(h, LineHint) for h in expected)
        assert [h.order for h in se_sorted(told)] == [h.order for h in se_sorted(expected)]
        assert [read(h, initial, marks) for h in told] == [read(h, initial, marks) for h in expected], marks
        assert not any("targets" in h.__dict__ for h in told)  # no potential made yet
        assert [made(h) for h in told] == [made(h) for h in expected], marks
        lines += len(told)
        cycles += sum(h.technique.endswith("cycle") for h in told)
    assert lines > 100 and cycles > 10, (lines, cycles)

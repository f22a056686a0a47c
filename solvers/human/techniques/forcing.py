r"""Forcing chains and forcing nets: the last logical resorts before guessing.

An assumption (a *premise*: a candidate set, or removed) is followed to its consequences. A
*forcing chain* uses only the state's binary links: a set candidate removes its peers and the
rest of its cell; a removed candidate sets the other one of a bivalue cell or of a digit's two
places in a unit. A *forcing net* (Sudoku Explainer's dynamic forcing chains) re-reads the state
as the assumption changes it: a cell or a unit left with one place for a digit sets it, so one
deduction may rest on several branches.

- Contradiction: a premise that leads to a candidate both set and removed, to a cell without a
  candidate or to a unit without a place for a digit is false.
- Verity: what a candidate leads to both when set and when removed is true, and so is what every
  candidate of a cell (or every place of a digit in a unit) leads to.

The consequences of every premise (``solvers.human.implications``) are computed once per state
by its ``View`` and shared by the four techniques. Steps come shortest first; their
``length`` (the literals of every branch) adds to the SE rating. Branches are shown in Eureka
notation from their premise, ``(1)r1c2 - (1=4)r1c5 - (4)r3c4``; a net shows the path through
the deduction that completed each literal (the other branches it rests on count in its length).

>>> from sudokit.models.grid import Grid
>>> from sudokit.solvers.human.engine import PRESETS, solve_logically
>>> stuck = solve_logically(Grid.parse(
...     ".7..96.....352.68...6..47.248.....2..........51..............7.....3.5.9168.....3"), PRESETS["basic"])
>>> step = next(forcing_net_contradiction(View(stuck.state)))
>>> print(*step.explanation.split("; "), sep="\n    ")
Forcing Net Contradiction: r8c8<>1 leads to no place for 3 in r4: (1)r8c8 = (1)r5c8 - (1)r4c7 = (1-3)r4c6
    (1=6)r8c8 - (6=3)r6c8 - (3)r4c7 => r8c8=1
>>> step.placements, step.length
(((70, 1),), 12)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import pairwise

from sudokit.models.grid import cell_name, symbol
from sudokit.solvers.human.implications import Literal, eureka
from sudokit.solvers.human.steps import ChainLink, Step
from sudokit.solvers.human.view import View


def forcing_chain_contradiction(view: View) -> Iterator[Step]:
    """A premise whose chains end in a contradiction is false."""
    return _contradictions(view, "forcing_chain_contradiction", dynamic=False)


def forcing_chain_verity(view: View) -> Iterator[Step]:
    """What every candidate of a cell, or every place of a digit in a unit, implies by chains is true."""
    return _verities(view, "forcing_chain_verity", dynamic=False)


def forcing_net_contradiction(view: View) -> Iterator[Step]:
    """A premise whose consequences, singles included, end in a contradiction is false."""
    return _contradictions(view, "forcing_net_contradiction", dynamic=True)


def forcing_net_verity(view: View) -> Iterator[Step]:
    """What every branch of a cell or of a digit in a unit implies, singles included, is true."""
    return _verities(view, "forcing_net_verity", dynamic=True)


def _contradictions(view: View, name: str, dynamic: bool) -> Iterator[Step]:
    """Each false premise as a step: remove it if it sets a candidate, else set the candidate."""
    for outcome in view.implications(dynamic).contradictions():
        cell, digit, on = outcome.premise
        conclusion = ((cell, digit),)
        paths = [outcome.path(t) for t in outcome.shown]
        branches = "; ".join(eureka(path, view.size) for path in paths)
        yield Step(name, view.size, (digit,), cells=(cell,), chain=_links(paths),
                   placements=() if on else conclusion, eliminations=conclusion if on else (),
                   pattern=f"{_text(outcome.premise, view.size)} leads to {outcome.what}: {branches}",
                   length=sum(len(outcome.proof(t)) for t in outcome.shown))


def _verities(view: View, name: str, dynamic: bool) -> Iterator[Step]:
    """Each literal that every branch of a cell or of a digit's places in a unit implies, as a step.

    Of equally short ones, the first found comes first: literals new to a group are taken in the
    order of a set of their (cell, digit, on) triples, as they always were.
    """
    implications = view.implications(dynamic)
    outcomes = implications.outcomes
    best: dict[Literal, tuple[int, int | None, tuple[Literal, ...]]] = {}
    cheapest: dict[int, int] = {}
    for unit, premises in implications.agreeing():  # (a contradiction is a step of its own)
        branches = [outcomes[p] for p in premises]
        common = set(branches[0].reached).intersection(*(b.reached for b in branches[1:]))
        links = branches[0].links
        literals: Iterable[Literal]
        if all(k in cheapest for k in common):  # nothing new: the order does not matter
            literals = map(links.literal, common)
        else:
            literals = {links.literal(k) for k in branches[-1].reached if k in common}
        for literal in literals:
            k = links.code(literal)
            cost = sum(b.depths[k] for b in branches)
            if k not in cheapest or cost < cheapest[k]:
                cheapest[k], best[literal] = cost, (cost, unit, premises)
    for literal, (_, unit, premises) in sorted(best.items(), key=lambda item: item[1][0]):
        cell, digit, on = literal
        branches = [outcomes[p] for p in premises]
        target = branches[0].links.code(literal)
        conclusion = ((cell, digit),)
        paths = [b.path(target) for b in branches]
        yield Step(name, view.size, (digit,), cells=tuple(sorted({p[0] for p in premises})), chain=_links(paths),
                   placements=conclusion if on else (), eliminations=() if on else conclusion,
                   pattern=f"{_heading(view, unit, premises)}: " + "; ".join(eureka(path, view.size) for path in paths),
                   length=sum(len(b.proof(target)) for b in branches))


def _heading(view: View, unit: int | None, premises: tuple[Literal, ...]) -> str:
    """What a group of premises (of ``Implications.agreeing``) says: ``r1c2 is 4 or not``, ``r1c2 is 4 or 7``,
    ``4 of r1 is in r1c2 or r1c5``."""
    size = view.size
    cell, digit, _ = premises[0]
    if unit is not None:
        where = " or ".join(cell_name(c, size) for c, _, _ in premises)
        return f"{symbol(digit)} of {view.geometry.unit_name(unit)} is in {where}"
    if not premises[-1].on:
        return f"{cell_name(cell, size)} is {symbol(digit)} or not"
    return f"{cell_name(cell, size)} is {' or '.join(symbol(d) for _, d, _ in premises)}"


def _links(paths: Iterable[Sequence[Literal]]) -> tuple[ChainLink, ...]:
    """The links of some branches, each from its premise: strong into a literal set, weak into one removed."""
    links = []
    for path in paths:
        nodes = [literal.node for literal in path]
        links += [ChainLink(a, b, literal.on) for (a, b), literal in zip(pairwise(nodes), path[1:])]
    return tuple(links)


def _text(literal: Literal, size: int) -> str:
    cell, digit, on = literal
    return f"{cell_name(cell, size)}{'=' if on else '<>'}{symbol(digit)}"

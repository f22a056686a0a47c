"""Pictures of the human engine's steps: a step's marking, the states along a solve path, a path's start.

The drawing itself is ``sudokit.models.picture``'s; this module knows what a ``Step`` holds.

>>> from sudokit.models.grid import Grid
>>> from sudokit.solvers.human.engine import solve_logically
>>> result = solve_logically(Grid.parse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."))
>>> start, step = next(path_states(start_of(result), result.steps))
>>> svg = step_picture(start, step).svg()
>>> svg.count('class="placement"'), step.explanation in svg
(1, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from sudokit.models.candidates import Candidates
from sudokit.models.grid import Grid
from sudokit.models.picture import Link, Marking, Node, Picture, draw
from sudokit.solvers.human.engine import HumanResult, apply_step
from sudokit.solvers.human.steps import ChainNode, Step


def marking(step: Step) -> Marking:
    """What a step shows: the cells, units and digits that justify it, its conclusions, fins, ALS and links."""
    return Marking(cells=step.cells, units=step.units, digits=step.digits, placements=step.placements,
                   eliminations=step.eliminations, fins=step.fins, als=step.als,
                   links=tuple(Link(_node(link.source), _node(link.target), link.strong) for link in step.chain))


def _node(node: ChainNode) -> Node:
    return Node(node.digit, node.cells, node.kind)


def step_picture(state: Candidates, step: Step, givens: Grid | None = None, **options) -> Picture:
    """The picture of ``step`` in the state it was found in (titled with its explanation)."""
    return draw(state, marking(step), givens=givens, title=step.explanation, **options)


def path_states(start: Candidates, steps: Iterable[Step]) -> Iterator[tuple[Candidates, Step]]:
    """Each step with the state it was found in (a copy), in order."""
    state = start.copy()
    for step in steps:
        yield state.copy(), step
        apply_step(state, step)


def start_of(result: HumanResult) -> Candidates:
    """The start of a solve path, rebuilt from its end: the values no step placed are the givens.

    Exact for a solve that started from a puzzle; one that started from pencil marks is given back
    its full pencil marks (the eliminations made before it are not known).
    """
    placed = {cell for step in result.steps for cell, _ in step.placements}
    values = tuple(0 if cell in placed else v for cell, v in enumerate(result.state.values))
    return Candidates.from_grid(Grid(values))


def step_only(step: Step) -> Picture:
    """A step drawn on its own, on an empty grid (its state is not known): a notebook's picture of a ``Step``."""
    return draw(Grid.empty(step.size), marking(step), marks=False, title=step.explanation)

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

The propagation is its own (a breadth-first search over literals, so each chain is a shortest
one) rather than the graph view: a net's links change as it grows. The consequences of every
premise are computed once per state and shared by the four techniques (the cache is keyed on
the state's contents, which the engine changes between steps). Steps come shortest first; their
``length`` (the literals of every branch) adds to the SE rating. Branches are shown in Eureka
notation from their premise, ``(1)r1c2 - (1=4)r1c5 - (4)r3c4``; a net shows the path through
the deduction that completed each literal (the other branches it rests on count in its length).

>>> from sudokit.models.grid import Grid
>>> from sudokit.solvers.human.engine import PRESETS, solve_logically
>>> stuck = solve_logically(Grid.parse(
...     ".7..96.....352.68...6..47.248.....2..........51..............7.....3.5.9168.....3"), PRESETS["basic"])
>>> step = next(forcing_net_contradiction(stuck.state))
>>> print(*step.explanation.split("; "), sep="\n    ")
Forcing Net Contradiction: r8c8<>1 leads to no place for 3 in r4: (1)r8c8 = (1)r5c8 - (1)r4c7 = (1-3)r4c6
    (1=6)r8c8 - (6=3)r6c8 - (3)r4c7 => r8c8=1
>>> step.placements, step.length
(((70, 1),), 12)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property, lru_cache

from sudokit.models.candidates import Candidates, digits_of
from sudokit.models.grid import Cell, Digit, cell_name, geometry, symbol
from sudokit.solvers.human.steps import Step

Literal = tuple[Cell, Digit, bool]  # a candidate, set (True) or removed (False)


def forcing_chain_contradiction(state: Candidates) -> Iterator[Step]:
    """A premise whose chains end in a contradiction is false."""
    return _contradictions(state, "forcing_chain_contradiction", dynamic=False)


def forcing_chain_verity(state: Candidates) -> Iterator[Step]:
    """What every candidate of a cell, or every place of a digit in a unit, implies by chains is true."""
    return _verities(state, "forcing_chain_verity", dynamic=False)


def forcing_net_contradiction(state: Candidates) -> Iterator[Step]:
    """A premise whose consequences, singles included, end in a contradiction is false."""
    return _contradictions(state, "forcing_net_contradiction", dynamic=True)


def forcing_net_verity(state: Candidates) -> Iterator[Step]:
    """What every branch of a cell or of a digit in a unit implies, singles included, is true."""
    return _verities(state, "forcing_net_verity", dynamic=True)


@dataclass(frozen=True)
class Outcome:
    """Where a premise leads: each literal implied, with the literals it follows from (the first
    completed it) and its distance from the premise; and the contradiction met, if any.

    Literals are kept coded (see ``Links.code``), the premise first, in the order they were reached.
    """

    premise: Literal
    links: Links
    reached: dict[int, tuple[int, ...]]  # each literal implied: its parents
    depths: dict[int, int]
    shown: tuple[int, ...]  # the literals that show the contradiction (none: no contradiction)
    what: str = ""

    @property
    def contradiction(self) -> tuple[str, tuple[Literal, ...]] | None:
        """What the contradiction is, and the literals that show it."""
        return (self.what, tuple(map(self.links.literal, self.shown))) if self.shown else None

    @cached_property
    def implied(self) -> dict[Literal, tuple[Literal, ...]]:
        """Each literal implied, with its parents (the premise's: none)."""
        literal = self.links.literal
        return {literal(k): tuple(map(literal, parents)) for k, parents in self.reached.items()}

    def cost(self, codes: Iterable[int]) -> int:
        """The summed distances of some literals from the premise."""
        return sum(self.depths[k] for k in codes)

    def proof(self, target: int) -> set[int]:
        """The literals ``target`` rests on, itself and the premise included."""
        seen, todo = set(), [target]
        while todo:
            code = todo.pop()
            if code not in seen:
                seen.add(code)
                todo.extend(self.reached[code])
        return seen

    def path(self, target: int) -> list[Literal]:
        """From the premise to ``target``, through the deduction that completed each literal."""
        path = [target]
        while parents := self.reached[path[-1]]:
            path.append(parents[0])
        return [self.links.literal(k) for k in reversed(path)]


@dataclass(frozen=True)
class Links:
    """A state's links on coded literals (``2 * (cell * size + digit - 1) + on``): what setting each
    candidate removes, and the groups each removal counts in (a group: the removals of a cell's
    candidates, or of a digit's places in a unit)."""

    size: int
    removes: dict[int, tuple[int, ...]]  # per candidate set (coded)
    member_of: dict[int, tuple[int, ...]]  # per candidate removed (coded): group numbers
    groups: list[tuple[int, ...]]
    units: list[int | None]  # each group's unit (None: a cell)
    sizes: list[int]  # each group's size

    @classmethod
    def of(cls, state: Candidates) -> Links:
        marks, geo, size = state.marks, state.geometry, state.size

        def off(cell: Cell, digit: Digit) -> int:
            return 2 * (cell * size + digit - 1)

        groups: list[tuple[int, ...]] = []
        units: list[int | None] = []
        number: dict[Cell | tuple[int, Digit], int] = {}  # a cell's group, or a unit's for a digit
        for cell, mask in enumerate(marks):
            if mask:
                number[cell] = len(groups)
                groups.append(tuple(off(cell, d) for d in digits_of(mask)))
                units.append(None)
        for unit in range(len(geo.units)):
            for digit, cells in state.places(unit).items():
                number[unit, digit] = len(groups)
                groups.append(tuple(off(c, digit) for c in cells))
                units.append(unit)
        removes, member_of = {}, {}
        for cell, mask in enumerate(marks):
            for digit in digits_of(mask):
                bit, code = 1 << (digit - 1), off(cell, digit)
                removes[code + 1] = (tuple(r for r in groups[number[cell]] if r != code)
                                     + tuple(off(p, digit) for p in sorted(geo.peers[cell]) if marks[p] & bit))
                member_of[code] = (number[cell], *(number[u, digit] for u in geo.cell_units[cell]))
        return cls(size, removes, member_of, groups, units, [len(g) for g in groups])

    def code(self, literal: Literal) -> int:
        cell, digit, on = literal
        return 2 * (cell * self.size + digit - 1) + on

    def literal(self, code: int) -> Literal:
        """The literal of a code.

        >>> links = Links(9, {}, {}, [], [], [])
        >>> links.code((10, 3, True)), links.literal(185)
        (185, (10, 3, True))
        """
        cell, digit = divmod(code >> 1, self.size)
        return cell, digit + 1, bool(code & 1)

    def empty(self, group: int) -> str:
        """What a group left without a candidate means."""
        cell, digit, _ = self.literal(self.groups[group][0])
        unit = self.units[group]
        if unit is None:
            return f"{cell_name(cell, self.size)} without a candidate"
        return f"no place for {symbol(digit)} in {geometry(self.size).unit_name(unit)}"


def consequences(links: Links, premise: Literal, dynamic: bool) -> Outcome:
    """Follow a premise, breadth first, until nothing new follows or a contradiction shows."""
    start = links.code(premise)
    reached: dict[int, tuple[int, ...]] = {start: ()}
    depths = {start: 0}
    left = links.sizes.copy()  # per group: its removals not yet implied
    queue = [start]  # every literal reached, in order: read on as it grows

    def outcome(shown: tuple[int, ...] = (), what: str = "") -> Outcome:
        return Outcome(premise, links, reached, depths, shown, what)

    def clash(code: int) -> Outcome:
        cell, digit, _ = links.literal(code)
        name = cell_name(cell, links.size)
        return outcome((code | 1, code & ~1), f"{name}={symbol(digit)} and {name}<>{symbol(digit)}")

    removes, member_of, groups, sizes = links.removes, links.member_of, links.groups, links.sizes
    for code in queue:
        below = depths[code] + 1
        if code & 1:
            for removal in removes[code]:
                if removal not in reached:
                    reached[removal], depths[removal] = (code,), below
                    queue.append(removal)
                    if removal + 1 in reached:
                        return clash(removal)
            continue
        for number in member_of[code]:
            left[number] = count = left[number] - 1
            if count == 0:
                return outcome(groups[number], links.empty(number))
            if count == 1 and (dynamic or sizes[number] == 2):
                group = groups[number]
                for last in group:
                    if last not in reached:
                        break
                else:
                    continue  # the last one is implied too: the group empties when its turn comes
                if (setting := last + 1) in reached:
                    continue
                reached[setting] = (code, *(g for g in group if g != code and g != last)) if dynamic else (code,)
                depths[setting] = below
                queue.append(setting)
    return outcome()


def _contradictions(state: Candidates, name: str, dynamic: bool) -> Iterator[Step]:
    """Each false premise as a step: remove it if it sets a candidate, else set the candidate."""
    failed = [o for o in _outcomes(state, dynamic).values() if o.shown]
    failed.sort(key=lambda o: o.cost(o.shown))
    for outcome in failed:
        cell, digit, on = outcome.premise
        conclusion = ((cell, digit),)
        branches = "; ".join(eureka(outcome.path(t), state.size) for t in outcome.shown)
        yield Step(name, state.size, (digit,), cells=(cell,),
                   placements=() if on else conclusion, eliminations=conclusion if on else (),
                   pattern=f"{_text(outcome.premise, state.size)} leads to {outcome.what}: {branches}",
                   length=sum(len(outcome.proof(t)) for t in outcome.shown))


def _verities(state: Candidates, name: str, dynamic: bool) -> Iterator[Step]:
    """Each literal that every branch of a cell or of a digit's places in a unit implies, as a step.

    Of equally short ones, the first found comes first: literals new to a group are taken in the
    order of a set of their (cell, digit, on) triples, as they always were.
    """
    outcomes = _outcomes(state, dynamic)
    best: dict[Literal, tuple[int, str, tuple[Literal, ...]]] = {}
    cheapest: dict[int, int] = {}
    for heading, premises in _groups(state):
        branches = [outcomes[p] for p in premises]
        if any(b.shown for b in branches):
            continue  # a contradiction is a step of its own
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
                cheapest[k], best[literal] = cost, (cost, heading, premises)
    for literal, (_, heading, premises) in sorted(best.items(), key=lambda item: item[1][0]):
        cell, digit, on = literal
        branches = [outcomes[p] for p in premises]
        target = branches[0].links.code(literal)
        conclusion = ((cell, digit),)
        yield Step(name, state.size, (digit,), cells=tuple(sorted({p[0] for p in premises})),
                   placements=conclusion if on else (), eliminations=() if on else conclusion,
                   pattern=f"{heading}: " + "; ".join(eureka(b.path(target), state.size) for b in branches),
                   length=sum(len(b.proof(target)) for b in branches))


def _groups(state: Candidates) -> Iterator[tuple[str, tuple[Literal, ...]]]:
    """Premises of which one is true: a candidate set or removed, a cell's candidates, a digit's places in a unit."""
    geo, size = state.geometry, state.size
    for cell, mask in enumerate(state.marks):
        for digit in digits_of(mask):
            yield (f"{cell_name(cell, size)} is {symbol(digit)} or not", ((cell, digit, True), (cell, digit, False)))
    for cell, mask in enumerate(state.marks):
        if mask & (mask - 1):
            yield (f"{cell_name(cell, size)} is {' or '.join(map(symbol, digits_of(mask)))}",
                   tuple((cell, d, True) for d in digits_of(mask)))
    for unit in range(len(geo.units)):
        for digit, places in state.places(unit).items():
            if len(places) > 1:
                where = " or ".join(cell_name(c, size) for c in places)
                yield f"{symbol(digit)} of {geo.unit_name(unit)} is in {where}", tuple((c, digit, True) for c in places)


def _outcomes(state: Candidates, dynamic: bool) -> dict[Literal, Outcome]:
    """The outcome of every premise (each candidate set, and removed) of this state."""
    return _outcomes_of(state.size, tuple(state.marks), tuple(state.values), dynamic)


@lru_cache(maxsize=4)
def _outcomes_of(size: int, marks: tuple[int, ...], values: tuple[Digit, ...], dynamic: bool) -> dict:
    links = Links.of(Candidates(size, list(marks), list(values)))
    return {premise: consequences(links, premise, dynamic)
            for cell, mask in enumerate(marks) for digit in digits_of(mask) for premise in
            ((cell, digit, True), (cell, digit, False))}


def eureka(path: Iterable[Literal], size: int = 9) -> str:
    """A chain of literals in Eureka notation: ``-`` leads to a removal, ``=`` to a setting.

    >>> eureka([(1, 1, True), (4, 1, False), (4, 4, True), (21, 4, False)])
    '(1)r1c2 - (1=4)r1c5 - (4)r3c4'
    """
    nodes: list[list] = []  # [link into the node, its digits with their inner links, cell]
    for cell, digit, on in path:
        link = "=" if on else "-"
        if nodes and nodes[-1][2] == cell:
            nodes[-1][1] += link + symbol(digit)
        else:
            nodes.append([link, symbol(digit), cell])
    return " ".join((f"{link} " if i else "") + f"({digits}){cell_name(cell, size)}"
                    for i, (link, digits, cell) in enumerate(nodes))


def _text(literal: Literal, size: int) -> str:
    cell, digit, on = literal
    return f"{cell_name(cell, size)}{'=' if on else '<>'}{symbol(digit)}"

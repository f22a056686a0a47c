"""Where an assumption leads: the implications forcing chains and nets follow.

An assumption (a *premise*: a candidate set, or removed) is followed to its consequences. By
*chains*, only the state's binary links count: a set candidate removes its peers and the rest of
its cell; a removed candidate sets the other one of a bivalue cell or of a digit's two places in a
unit. By *nets* (Sudoku Explainer's dynamic forcing chains) the state is re-read as the assumption
changes it: a cell or a unit left with one place for a digit sets it, so one deduction may rest on
several branches.

The propagation is its own (a breadth-first search over literals, so each chain is a shortest
one) rather than the graph view: a net's links change as it grows. ``Implications`` holds the
outcome of every premise of a state; a ``View`` computes it once and the four forcing techniques
share it.

Setting r1c2 to 1 removes the 1 of r1c3, its peer:

>>> from sudokit.models.candidates import Candidates
>>> from sudokit.solvers.human.view import View
>>> view = View(Candidates.parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"))
>>> outcome = view.implications(dynamic=False).outcomes[Literal(1, 1, True)]
>>> outcome.implied[Literal(2, 1, False)]
(Literal(cell=1, digit=1, on=True),)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, cached_property
from typing import TYPE_CHECKING, NamedTuple

from sudokit.models.candidates import digits_of
from sudokit.models.graph import CellNode
from sudokit.models.grid import Cell, Digit, cell_name, geometry, symbol

if TYPE_CHECKING:
    from sudokit.solvers.human.view import View


class Literal(NamedTuple):
    """A candidate, set (``on``) or removed."""

    cell: Cell
    digit: Digit
    on: bool

    @property
    def node(self) -> CellNode:
        return CellNode(self.cell, self.digit)


@dataclass(eq=False)
class Outcome:
    """Where a premise leads: each literal implied, with the literals it follows from (the first
    completed it) and its distance from the premise; and the contradiction met, if any.

    Literals are kept coded (see ``Links.code``), the premise first, in the order they were reached
    (breadth first: by distance). Read-only by convention: a frozen dataclass's ``__init__`` cost a
    tenth of following a premise (some 300 per state).
    """

    premise: Literal
    links: Links
    reached: dict[int, tuple[int, ...]]  # each literal implied: its parents
    ends: tuple[int, ...]  # per distance: how many literals are that close (the farthest: the rest)
    shown: tuple[int, ...]  # the literals that show the contradiction (none: no contradiction)
    what: str = ""
    netted: bool = True  # followed as a net would follow it (a chain's: no single it left out mattered)

    @cached_property
    def depths(self) -> dict[int, int]:
        """Each literal's distance from the premise."""
        depths, order, begin = {}, list(self.reached), 0
        for depth, end in enumerate((*self.ends, len(order))):
            depths.update(dict.fromkeys(order[begin:end], depth))
            begin = end
        return depths

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
        depths = self.depths
        return sum(depths[k] for k in codes)

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
    def of(cls, state: View) -> Links:
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
        peers = _ordered_peers(size)
        for cell, mask in enumerate(marks):
            inside = groups[number[cell]] if mask else ()
            for digit in digits_of(mask):
                bit, code = 1 << (digit - 1), off(cell, digit)
                removes[code + 1] = (*[r for r in inside if r != code],
                                     *[off(p, digit) for p in peers[cell] if marks[p] & bit])
                member_of[code] = (number[cell], *[number[u, digit] for u in geo.cell_units[cell]])
        return cls(size, removes, member_of, groups, units, [len(g) for g in groups])

    def code(self, literal: Literal) -> int:
        cell, digit, on = literal
        return 2 * (cell * self.size + digit - 1) + on

    def literal(self, code: int) -> Literal:
        """The literal of a code.

        >>> links = Links(9, {}, {}, [], [], [])
        >>> links.code((10, 3, True)), links.literal(185)
        (185, Literal(cell=10, digit=3, on=True))
        """
        cell, digit = divmod(code >> 1, self.size)
        return Literal(cell, digit + 1, bool(code & 1))

    def clash(self, code: int) -> tuple[tuple[int, int], str]:
        """The literals of a candidate both set and removed, and what that means."""
        cell, digit, _ = self.literal(code)
        name = cell_name(cell, self.size)
        return (code | 1, code & ~1), f"{name}={symbol(digit)} and {name}<>{symbol(digit)}"

    def empty(self, group: int) -> str:
        """What a group left without a candidate means."""
        cell, digit, _ = self.literal(self.groups[group][0])
        unit = self.units[group]
        if unit is None:
            return f"{cell_name(cell, self.size)} without a candidate"
        return f"no place for {symbol(digit)} in {geometry(self.size).unit_name(unit)}"


def consequences(links: Links, premise: Literal, dynamic: bool) -> Outcome:
    """Follow a premise, breadth first, until nothing new follows or a contradiction shows.

    A chain's following differs from a net's only where a group of three or more is left with one
    candidate not reached: when that never happens, the outcome is the net's too (``netted``).
    """
    start = links.code(premise)
    reached: dict[int, tuple[int, ...]] = {start: ()}  # in the order reached: by distance
    ends = [1]  # where each distance's literals end in that order
    netted = True

    def outcome(shown: tuple[int, ...] = (), what: str = "") -> Outcome:
        return Outcome(premise, links, reached, tuple(ends), shown, what, netted)

    removes, member_of, groups, sizes = links.removes, links.member_of, links.groups, links.sizes
    left = sizes.copy()  # per group: its removals not yet implied
    level = [start]
    while level:
        following: list[int] = []  # the literals one step farther
        append = following.append
        for code in level:
            if code & 1:
                because = (code,)
                for removal in removes[code]:
                    if removal not in reached:
                        reached[removal] = because
                        append(removal)
                        if removal + 1 in reached:
                            return outcome(*links.clash(removal))
                continue
            for number in member_of[code]:
                left[number] = count = left[number] - 1
                if count > 1:
                    continue
                if count == 0:
                    return outcome(groups[number], links.empty(number))
                group = groups[number]
                for last in group:
                    if last not in reached:
                        break
                else:
                    continue  # the last one is implied too: the group empties when its turn comes
                if (setting := last + 1) in reached:
                    continue
                if dynamic or sizes[number] == 2:
                    reached[setting] = (code, *[g for g in group if g != code and g != last]) if dynamic else (code,)
                    append(setting)
                else:
                    netted = False  # a net sets it
        if following:
            ends.append(len(reached))
        level = following
    return outcome()


@dataclass(frozen=True)
class Implications:
    """Where every premise of a state (each candidate set, and removed) leads, by chains or by nets."""

    links: Links
    outcomes: dict[Literal, Outcome]

    @classmethod
    def chains(cls, view: View) -> Implications:
        return cls.of(view, dynamic=False)

    @classmethod
    def nets(cls, view: View) -> Implications:
        return cls.of(view, dynamic=True)

    @classmethod
    def of(cls, view: View, dynamic: bool) -> Implications:
        """The outcome of every premise. An outcome of the solve's previous state whose premise reached
        nothing the candidates removed since then could change is kept (``reusable``)."""
        links = view.shared(Links.of)  # the same for chains and nets
        slot = (Implications, view.size, dynamic)
        kept = reusable(view, view.memo.recall(slot))
        if dynamic and (chained := view.computed(Implications.chains)) is not None:
            kept = {premise: outcome for premise, outcome in chained.outcomes.items() if outcome.netted} | kept
        outcomes = {premise: kept.get(premise) or consequences(links, premise, dynamic)
                    for cell, mask in enumerate(view.marks) for digit in digits_of(mask) for premise in
                    (Literal(cell, digit, True), Literal(cell, digit, False))}
        view.memo.store(slot, view.marks, outcomes)
        return cls(links, outcomes)


@cache
def _ordered_peers(size: int) -> tuple[tuple[Cell, ...], ...]:
    """Per cell, its peers in ascending order."""
    return tuple(tuple(sorted(peers)) for peers in geometry(size).peers)


def reusable(view: View, kept: tuple[tuple[int, ...], dict[Literal, Outcome]] | None) -> dict[Literal, Outcome]:
    """The outcomes of an earlier state (its marks, its outcomes) that hold in this one.

    Candidates only go (or the earlier state is no help). A premise's following reads, for each
    literal it reaches, the candidates of the literal's cell and its digit's candidates among the
    cell's peers: an outcome that reached no literal of a cell that lost a candidate, nor of the
    lost digit in a peer of that cell, is the same in this state.
    """
    if kept is None:
        return {}
    before, outcomes = kept
    marks, size = view.marks, view.size
    if len(before) != len(marks) or any(now & ~then for now, then in zip(marks, before)):
        return {}
    peers = view.geometry.peers
    touched: set[int] = set()  # the codes of the literals whose links changed
    for cell, (now, then) in enumerate(zip(marks, before)):
        if gone := then & ~now:
            touched.update(2 * (cell * size + d) + on for d in range(size) for on in (0, 1))
            for digit in digits_of(gone):
                touched.update(2 * (p * size + digit - 1) + on for p in peers[cell] for on in (0, 1))
    if not touched:
        return outcomes
    return {premise: outcome for premise, outcome in outcomes.items() if touched.isdisjoint(outcome.reached)}


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

"""Where an assumption leads: the implications forcing chains and nets follow.

An assumption (a *premise*: a candidate set, or removed) is followed to its consequences. By
*chains*, only the state's binary links count: a set candidate removes its peers and the rest of
its cell; a removed candidate sets the other one of a bivalue cell or of a digit's two places in a
unit. By *nets* (Sudoku Explainer's dynamic forcing chains) the state is re-read as the assumption
changes it: a cell or a unit left with one place for a digit sets it, so one deduction may rest on
several branches.

The propagation is its own (a breadth-first search over literals, so each chain is a shortest
one) rather than the graph view: a net's links change as it grows. ``Implications`` follows every
premise of a state at once to tell which fail and what the others imply (``Closure``), and one
premise breadth first (``consequences``) for a step that shows it; a ``View`` computes it once
and the four forcing techniques share it. Where the engine runs compiled code (the ``fast`` extra),
``nets_compiled`` follows every premise as ``consequences`` does, in one pass, to tell which fail
and how dearly and which groups of premises agree, and follows again each premise a step shows
(``trace``); the closure is then not needed (the same steps: ``tests/.../test_nets_compiled.py``).

Setting r1c2 to 1 removes the 1 of r1c3, its peer:

>>> from sudokit.models.candidates import Candidates
>>> from sudokit.solvers.human.view import View
>>> view = View(Candidates.parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"))
>>> outcome = view.implications(dynamic=False).outcomes[Literal(1, 1, True)]
>>> outcome.implied[Literal(2, 1, False)]
(Literal(cell=1, digit=1, on=True),)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property, partial
from types import ModuleType
from typing import TYPE_CHECKING, Any, NamedTuple

from sudokit.models.candidates import digits_of
from sudokit.models.graph import CellNode
from sudokit.models.grid import Cell, Digit, cell_name, geometry, symbol
from sudokit.solvers.human.se.jit import Background

if TYPE_CHECKING:
    from sudokit.solvers.human.nets_compiled import Search
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
    reached: Mapping[int, tuple[int, ...]]  # each literal implied: its parents (a dict, or ``nets_compiled.Traced``)
    ends: tuple[int, ...]  # per distance: how many literals are that close (the farthest: the rest)
    shown: tuple[int, ...]  # the literals that show the contradiction (none: no contradiction)
    what: str = ""

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
    removes: Mapping[int, tuple[int, ...]]  # per candidate set (coded)
    member_of: Mapping[int, tuple[int, ...]]  # per candidate removed (coded): group numbers
    groups: Sequence[tuple[int, ...]]
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


class Spans(Mapping[int, tuple[int, ...]]):
    """Per literal code of one kind (``on``: the settings, else the removals) whose candidate the state
    holds, a slice of a flat array, ``values[starts[code]:starts[code + 1]]``: a ``Links`` of the
    compiled search's arrays, of which a state reads a few (``candidates``: the starts of an array
    every candidate's removal has a slice of). Each is read from the arrays when first asked for (a
    state's arrays read whole as lists would cost more than the few read)."""

    def __init__(self, starts: Sequence[int], values: Sequence[int], on: bool, candidates: Sequence[int]):
        self._arrays = (starts, values, candidates)
        self._on = on
        self._made: dict[int, tuple[int, ...]] = {}

    def __getitem__(self, code: int) -> tuple[int, ...]:
        made = self._made.get(code)
        if made is None:
            if code not in self:
                raise KeyError(code)
            starts, values, _ = self._arrays
            made = self._made[code] = _slice(values, starts[code], starts[code + 1])
        return made

    def __contains__(self, code: Any) -> bool:
        try:
            return code & 1 == self._on and self._held(code)
        except TypeError:  # (not a code)
            return False

    def _held(self, code: int) -> bool:
        removal, candidates = code & ~1, self._arrays[2]
        return 0 <= removal < len(candidates) - 1 and candidates[removal] < candidates[removal + 1]

    def __iter__(self) -> Iterator[int]:
        return (code for code in range(self._on, len(self._arrays[2]) - 1, 2) if self._held(code))

    def __len__(self) -> int:
        return sum(1 for _ in self)


class Slices(Sequence[tuple[int, ...]]):
    """A list of tuples kept flat, ``values[starts[n]:starts[n + 1]]``, each made when first read."""

    def __init__(self, starts: Sequence[int], values: Sequence[int]):
        self._arrays = (starts, values)
        self._made: list[tuple[int, ...] | None] = [None] * (len(starts) - 1)

    def __getitem__(self, number):
        if isinstance(number, slice):
            return [self[n] for n in range(len(self))[number]]
        made = self._made[number]
        if made is None:
            starts, values = self._arrays
            made = self._made[number] = _slice(values, starts[number], starts[number + 1])
        return made

    def __len__(self) -> int:
        return len(self._made)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)


def _slice(values: Any, begin: int, end: int) -> tuple[int, ...]:
    """``values[begin:end]`` (of a list, or of a numpy array) as a tuple of ints."""
    part = values[begin:end]
    return tuple(part.tolist() if hasattr(part, "tolist") else part)


def consequences(links: Links, premise: Literal, dynamic: bool) -> Outcome:
    """Follow a premise, breadth first, until nothing new follows or a contradiction shows."""
    start = links.code(premise)
    reached: dict[int, tuple[int, ...]] = {start: ()}  # in the order reached: by distance
    ends = [1]  # where each distance's literals end in that order

    def outcome(shown: tuple[int, ...] = (), what: str = "") -> Outcome:
        return Outcome(premise, links, reached, tuple(ends), shown, what)

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
        if following:
            ends.append(len(reached))
        level = following
    return outcome()


class Implications:
    """Where every premise of a state (each candidate set, and removed) leads, by chains or by nets.

    Every premise is followed at once (``Closure``, found when first asked for): that tells which
    fail and what each of the others reaches. A premise's ``Outcome`` (the order it reached literals
    in, their parents, the contradiction met first) is followed when first asked for (``outcomes``),
    for the steps that show it. With the compiled search (``nets_compiled.Search``), which premises
    fail and how dearly, and which groups agree, are found without the closure.
    """

    def __init__(self, links: Links, premises: Sequence[Literal], closure: Callable[[], Closure], dynamic: bool,
                 search: Search | None = None):
        self.links, self.premises, self.dynamic = links, premises, dynamic
        self._closure, self._search = closure, search
        self.outcomes = _Outcomes(self)

    @classmethod
    def chains(cls, view: View) -> Implications:
        return cls.of(view, dynamic=False)

    @classmethod
    def nets(cls, view: View) -> Implications:
        return cls.of(view, dynamic=True)

    @classmethod
    def of(cls, view: View, dynamic: bool) -> Implications:
        kernels = compiled()
        links = view.shared(kernels.links_of)[0] if kernels else view.shared(Links.of)  # the same for chains and nets
        premises, codes = view.shared(kernels.premises_of if kernels else _premises)
        closure: Callable[[], Closure]
        if dynamic:  # a net's closure grows from the chains' (the state's, if computed)
            def closure() -> Closure:
                chains = view.computed(Implications.chains)
                return Closure.nets(links, chains.closure if chains else None)
        else:
            closure = partial(Closure.chains, links)
        return cls(links, premises, closure, dynamic, kernels.Search(view, codes, dynamic) if kernels else None)

    @cached_property
    def closure(self) -> Closure:
        return self._closure()

    def agreeing(self) -> Iterator[tuple[int | None, tuple[Literal, ...]]]:
        """The groups of premises of which one is true whose premises all imply some literal in common,
        none failing: a candidate set or removed (the premises' pairs), a cell's candidates, a digit's
        places in a unit (``links.groups`` of two or more), in that order; each with its unit (None but
        for a unit's places)."""
        links, premises = self.links, self.premises
        if self._search is not None:
            pairs, groups = self._search.agreeing()
        else:
            pairs = [self._common(premises[i:i + 2]) for i in range(0, len(premises), 2)]
            literals = _literals(links.size)
            groups = [len(group) > 1 and self._common([literals[k + 1] for k in group]) for group in links.groups]
        for i in [i for i, agree in enumerate(pairs) if agree]:
            yield None, tuple(premises[2 * i:2 * i + 2])
        literals = _literals(links.size)
        for number in [n for n, agree in enumerate(groups) if agree]:
            yield links.units[number], tuple(literals[k + 1] for k in links.groups[number])

    def _common(self, premises: Iterable[Literal]) -> bool:
        """Whether every one of some premises implies some literal in common (none fails)."""
        code, failed, reached = self.links.code, self.closure.failed, self.closure.reached
        common = -1
        for premise in premises:
            k = code(premise)
            if failed >> k & 1:
                return False
            common &= reached[k]
        return bool(common)

    def contradictions(self) -> Iterator[Outcome]:
        """The outcomes of the premises that fail, by the summed distances of the literals that show
        their contradiction, then in premise order (by the compiled search, each followed when its
        turn comes)."""
        outcomes = self.outcomes
        if self._search is not None:
            premises = self.premises
            return (outcomes[premises[i]] for i in self._search.failing())
        code, failed = self.links.code, self.closure.failed
        found = [outcomes[p] for p in self.premises if failed >> code(p) & 1]
        found.sort(key=lambda o: o.cost(o.shown))
        return iter(found)


def _premises(view: View) -> tuple[tuple[Literal, ...], tuple[int, ...]]:
    """Every premise of a state, each candidate set then removed, and their codes (shared by chains and nets)."""
    size, codes = view.size, list[int]()
    for cell, mask in enumerate(view.marks):
        before = 2 * cell * size - 2  # (a digit's removal: before + 2 * digit)
        for digit in digits_of(mask):
            codes += (before + 2 * digit + 1, before + 2 * digit)
    literals = _literals(size)
    return tuple([literals[k] for k in codes]), tuple(codes)


@cache
def _literals(size: int) -> tuple[Literal, ...]:
    """Every literal of a grid of a size, by code (``Links.code``)."""
    return tuple(Literal((k >> 1) // size, (k >> 1) % size + 1, bool(k & 1)) for k in range(2 * size ** 3))


def _build() -> ModuleType:
    """The compiled search, its kernels compiled (or loaded from numba's cache)."""
    from sudokit.solvers.human import nets_compiled

    nets_compiled.warm()
    return nets_compiled


# The compiled search, built in a thread of its own when first asked for (the pure code runs meanwhile).
COMPILED: Background[ModuleType] = Background(_build, ready=lambda: False)


def compiled() -> ModuleType | None:
    """The compiled search (``nets_compiled``) when the engine runs its compiled parts (the ladder's
    head, ``singles_compiled``: never in a process's first few solves) and it is built; else None."""
    from sudokit.solvers.human import singles_compiled

    return COMPILED.get() if singles_compiled.LOADER.value is not None else None


class _Outcomes(dict[Literal, Outcome]):
    """The premises' outcomes, each followed when first asked for."""

    def __init__(self, implications: Implications):
        super().__init__()
        self.implications = implications

    def __missing__(self, premise: Literal) -> Outcome:
        implications = self.implications
        links, search = implications.links, implications._search
        if links.code(premise) & ~1 not in links.member_of:
            raise KeyError(premise)
        self[premise] = outcome = (search.outcome(links, premise) if search is not None
                                   else consequences(links, premise, implications.dynamic))
        return outcome


class Closure:
    """Every premise of a state followed at once, to all it implies whatever the order.

    Literals and premises (a premise: the literal assumed) are both bits of their codes. By
    chains the links are fixed: a literal's closure is itself and its successors' closures, found
    by sweeping until nothing changes (``_chain_closures``). A net adds a rule of several
    antecedents: a group whose members but one a premise reaches sets that one, and all that
    setting reaches by chains follows (``_netted``). A premise fails when it reaches every member
    of a group (a literal and its negation: the removal and the rest of its cell): as
    ``consequences`` finds, since a premise it follows to the end without a contradiction reaches
    the closure of these rules, and one with a contradiction in its closure meets one.
    """

    def __init__(self, links: Links, chained: list[int], reaching: list[int], set_by: dict[int, int] | None = None,
                 failed: int = 0):
        self.chained = chained  # per literal: the literals it reaches by chains
        self.reaching = reaching  # per literal: the premises that reach it (by nets: per removal)
        self.set_by = set_by or {}  # per setting a net adds: the premises it is added for
        self.failed = failed | _failed(links, reaching)  # the premises that fail (some seen so before)

    @classmethod
    def chains(cls, links: Links) -> Closure:
        return cls(links, *_chain_closures(links))

    @classmethod
    def nets(cls, links: Links, chains: Closure | None = None) -> Closure:
        """By nets, from the closure by chains (computed here if not given)."""
        chains = chains or cls.chains(links)
        return cls(links, chains.chained, *_netted(links, chains.chained, chains.reaching))

    @cached_property
    def reached(self) -> list[int]:
        """Per premise (its code) that does not fail, the literals it reaches."""
        reached, alive = self.chained.copy(), ~self.failed
        for setting, premises in self.set_by.items():
            follows = self.chained[setting]
            for premise in _codes(premises & alive):
                reached[premise] |= follows
        return reached


def _failed(links: Links, reaching: list[int]) -> int:
    """The premises that reach every member of a group."""
    failed = 0
    for group in links.groups:
        every = -1
        for removal in group:
            if not (every := every & reaching[removal]):
                break
        failed |= every
    return failed


def _chain_closures(links: Links) -> tuple[list[int], list[int]]:
    """By chains: per literal (its code), the literals it reaches, and the premises that reach it.

    Settings are swept alone (one setting leads to another through a removal that leaves a
    bivalue cell or a bilocal digit), then each removal takes what it leads to.
    """
    removes, member_of, groups, sizes = links.removes, links.member_of, links.groups, links.sizes
    implies: dict[int, list[int]] = {}  # per removal that leaves a bivalue cell or a bilocal digit: its settings
    for number, group in enumerate(groups):
        if sizes[number] == 2:
            first, second = group
            implies.setdefault(first, []).append(second + 1)
            implies.setdefault(second, []).append(first + 1)
    settings = list(removes)
    following = {s: list({t for r in removes[s] if r in implies for t in implies[r]}) for s in settings}
    preceding: dict[int, list[int]] = {s: [] for s in settings}
    for s, nexts in following.items():
        for t in nexts:
            preceding[t].append(s)
    length = max(removes, default=-1) + 1
    reached, reaching = [0] * length, [0] * length
    for s in settings:
        reached[s] = reaching[s] = 1 << s
        for r in removes[s]:
            reached[s] |= 1 << r
    for removal, sets in implies.items():
        for t in sets:
            reaching[t] |= 1 << removal
    _sweep(settings, following, preceding, reached)
    _sweep(settings, preceding, following, reaching)
    for removal in member_of:
        bits = 1 << removal
        for t in implies.get(removal, ()):
            bits |= reached[t]
        reached[removal] = bits
    for s in settings:
        bits = reaching[s]
        for r in removes[s]:
            reaching[r] |= bits
    for removal in member_of:
        reaching[removal] |= 1 << removal
    return reached, reaching


def _sweep(nodes: list[int], successors: dict[int, list[int]], predecessors: dict[int, list[int]],
           bits: list[int]) -> None:
    """Give each node the bits of its successors, and theirs, until nothing changes: a sweep over
    all, then over the predecessors of those that changed."""
    while nodes:
        changed = []
        for node in nodes:
            value = before = bits[node]
            for other in successors[node]:
                value |= bits[other]
            if value != before:
                bits[node] = value
                changed.append(node)
        nodes = list(dict.fromkeys(p for node in reversed(changed) for p in predecessors[node]))


def _netted(links: Links, chained: list[int], reaching: list[int]) -> tuple[list[int], dict[int, int], int]:
    """Per removal, the premises that reach it by nets, from those that reach each literal by chains;
    per setting a group of three or more adds, the premises it is added for; and premises seen to
    fail, followed no farther (those that reach every member of a group, and those that reach a
    premise that fails)."""
    member_of, groups, sizes = links.member_of, links.groups, links.sizes
    reaching = reaching.copy()
    removals = sum(1 << removal for removal in member_of)
    large = {removal: [n for n in numbers if sizes[n] > 2] for removal, numbers in member_of.items()}
    followed: dict[int, list[int]] = {}  # per setting, the removals it reaches by chains
    set_by: dict[int, int] = {}
    todo = {number for number, size in enumerate(sizes) if size > 2}
    failed = 0

    def _set(setting: int, bits: int) -> None:
        """A setting added for some premises, and the removals it reaches by chains."""
        nonlocal failed
        if failed >> setting & 1:  # the premises reach one that fails
            failed |= bits
            return
        reaching[setting] |= bits
        set_by[setting] = set_by.get(setting, 0) | bits
        if (codes := followed.get(setting)) is None:
            codes = followed[setting] = _codes(chained[setting] & removals)
        for code in codes:
            if (now := (was := reaching[code]) | bits) != was:
                reaching[code] = now
                todo.update(large[code])

    while todo:
        group = groups[todo.pop()]
        before = [-1]  # per member: the premises that reach every member before it
        for removal in group:
            before.append(before[-1] & reaching[removal])
        if emptied := before[-1] & ~failed:
            for premise in _codes(emptied):  # and whatever reaches a premise that fails
                failed |= reaching[premise]
            failed |= emptied
        after = -1  # the premises that reach every member after it
        for i in range(len(group) - 1, -1, -1):
            removal = group[i]
            if (bits := before[i] & after) and (bits := bits & ~(reaching[removal] | reaching[removal + 1] | failed)):
                _set(removal + 1, bits)
            after &= reaching[removal]
    return reaching, set_by, failed


def _codes(bits: int) -> list[int]:
    """The positions of the bits set, ascending."""
    digits, codes = bin(bits)[:1:-1], []
    at = digits.find("1")
    while at >= 0:
        codes.append(at)
        at = digits.find("1", at + 1)
    return codes


@cache
def _ordered_peers(size: int) -> tuple[tuple[Cell, ...], ...]:
    """Per cell, its peers in ascending order."""
    return tuple(tuple(sorted(peers)) for peers in geometry(size).peers)


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

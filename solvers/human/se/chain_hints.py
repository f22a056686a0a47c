"""One hint of Sudoku Explainer's chaining techniques: what it removes, its chains, its difficulty.

SE rates a chaining hint as its technique's base plus 0.1 each time the chain's size, less two,
passes a ceiling (4, 6, 8, 12, 16, 24, …: alternately times 3/2 and 4/3, as
``rating.chain_bonus``). The size (SE's "complexity") is the number of distinct potentials the
hint's chains rest on, summed over its chains (a cycle counts its forward chain only), plus the
sizes of the distinct inner hints its nested links use. Among a technique's hints SE takes the
lowest difficulty, then the smallest size, then the kind (``sort_key``: double forcing 1, X 2,
Y 3, XY 4, cell 5, region 6, contradiction 7), then its gathering order; a hint removing the
same candidates as an earlier one is dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import pairwise
from operator import attrgetter
from typing import Any

from sudokit.models.graph import CellNode
from sudokit.solvers.human.se.chain_core import ADVANCED, BITS, CELL, UNIT_BITS, Pot, cell_of, chain_of, digit_of
from sudokit.solvers.human.steps import ChainLink, Step, cached_attribute

MAX_LINKS = 400  # a net larger than this is not drawn (``Step.chain`` left empty)


@cache
def length_bonus(size: int) -> float:
    """What a chain of ``size`` potentials adds to its base, summed as SE sums it (floating 0.1s)."""
    added, ceiling, odd = 0.0, 4, False
    length = size - 2
    while length > ceiling:
        added += 0.1
        ceiling = ceiling * 4 // 3 if odd else ceiling * 3 // 2
        odd = not odd
    return added


@dataclass(eq=False)
class ChainHint:
    """A hint of a chaining technique (technique name, base rating and SE's kind order)."""

    technique: str
    base: float
    sort_key: int
    removable: tuple[tuple[int, int], ...]  # (cell, digit), sorted
    flat_targets: list[Pot]  # whose chains make its size
    targets: list[Pot]  # every chain's end (rule parents, nested hints)
    placement: tuple[int, int] | None = None  # SE's "result" when it sets a value
    root_cause: int | None = None  # the cause SE gives its assumption (cell and region chains)
    pattern: str = ""
    order: int = field(default=0)  # gathering order

    @cached_attribute
    def chains(self) -> dict[int, list[Pot]]:
        """Per chain end (by ``id``: the hint holds them), the potentials it follows from (``chain_of``)."""
        found: dict[int, list[Pot]] = {}
        for t in (*self.targets, *self.flat_targets):  # (often the same ends)
            if id(t) not in found:
                found[id(t)] = chain_of(t)
        return found

    @cached_attribute
    def nested(self) -> list[ChainHint]:
        """The distinct inner hints its links use, by what they conclude and how (SE's FullChain: by
        ``signature``). Hints are first told apart by what their signatures imply (``signed``):
        only those alike in that are compared by signature (a compiled walk's hint makes its
        chains for it)."""
        found: list[ChainHint] = []
        seen: set[int] = set()  # (by ``id``: the potentials hold them)
        alike: dict[tuple, list[ChainHint]] = {}
        for target in self.targets:
            for p in self.chains[id(target)]:
                inner = p.nested
                if isinstance(inner, ChainHint) and id(inner) not in seen:
                    seen.add(id(inner))
                    same = alike.setdefault(inner.signed, [])
                    if not any(other.signature == inner.signature for other in same):
                        same.append(inner)
                        found.append(inner)
        return found

    @cached_attribute
    def signature(self) -> tuple:
        return tuple(tuple(p.key for p in self.chains[id(t)]) for t in self.targets)

    @cached_attribute
    def signed(self) -> tuple:
        """What its ``signature`` implies: each chain's end (key), and their potentials' count."""
        signature = self.signature
        return tuple(chain[0] for chain in signature), sum(len(chain) for chain in signature)

    @cached_attribute
    def complexity(self) -> int:
        flat = sum(len(self.chains[id(t)]) for t in self.flat_targets)
        return flat + sum(inner.complexity for inner in self.nested)

    @cached_attribute
    def difficulty(self) -> float:
        return self.base + length_bonus(self.complexity)

    def rank(self) -> tuple[float, int, int, int]:
        return (self.difficulty, self.complexity, self.sort_key, self.order)

    def rule_parents(self, initial: list[int], current: list[int], initial_have: list[int],
                     current_have: list[int]) -> list[int]:
        """The removals (off keys) this hint needs in ``current`` compared with ``initial`` (their
        ``digit_cells``: ``current_have``, ``initial_have``): those that made each "on" link's cell
        or unit single (SE's ``getRuleParents``)."""
        found: dict[int, None] = {}
        for cell, d0, cause in self._ruled:
            if cause == CELL:
                for d in BITS[initial[cell] & ~current[cell]]:
                    found[cell * 18 + d * 2] = None
            else:
                gone = initial_have[d0] & ~current_have[d0] & UNIT_BITS[cause]
                while gone:  # ascending: the unit's order
                    lowest = gone & -gone
                    gone ^= lowest
                    found[((lowest.bit_length() - 1) * 9 + d0) * 2] = None
        return list(found)

    @cached_attribute
    def _ruled(self) -> list[tuple[int, int, int]]:
        """The "on" potentials of its chains that a rule made (a cell's or a unit's last place), in
        order: (cell, digit - 1, cause) each (``rule_parents`` reads them for each grid it is asked in)."""
        found = []
        for target in self.targets:
            for p in self.chains[id(target)]:
                cause = p.cause if p.cause is not None else self.root_cause
                if p.key & 1 and cause is not None and cause != ADVANCED:
                    found.append((*CANDIDATE[p.key], cause))
        return found

    def links(self) -> tuple[ChainLink, ...]:
        """Each link of its chains once, from a parent to what it implies (strong into an "on")."""
        found: dict[tuple[int, int], ChainLink] = {}
        for target in self.targets:
            for p in self.chains[id(target)]:
                for parent in p.parents:
                    if parent.key >> 1 != p.key >> 1 and (parent.key, p.key) not in found:
                        found[parent.key, p.key] = ChainLink(_node(parent), _node(p), p.on)
                if len(found) > MAX_LINKS:
                    return ()
        return tuple(found.values())

    def step(self) -> Step:
        """The hint as an engine step, rated with SE's exact difficulty (made once: the finders of
        a producer's techniques all yield it)."""
        return self._step

    @cached_attribute
    def _step(self) -> Step:
        cells = tuple(sorted({c for c, _ in self.removable}))
        digits = tuple(sorted({d for _, d in self.removable}))
        step = Step(self.technique, 9, digits=digits, eliminations=self.removable, cells=cells, pattern=self.pattern,
                    length=self.complexity, chain=self.links(), difficulty=round(self.difficulty, 1))
        if self.placement is not None:
            cell, digit = self.placement
            return replace(step, digits=(digit,), placements=(self.placement,), eliminations=(), cells=(cell,))
        return step


class WalkHint(ChainHint):
    """A hint whose chains end at compiled walks' potentials, made (``ends``) only when first read:
    its size is counted from the walks' tables (``Walker.size``), so that ranking a search's
    hints makes the chains only of those read (a producer whose hints are applied, not used by
    an outer chain: its first hint's, mostly). ``flat``: how many of the ends make its size (all
    unless told)."""

    _ends: Callable[[], list[Pot]]
    _flat: int | None

    def __init__(self, technique: str, base: float, sort_key: int, removable: tuple[tuple[int, int], ...],
                 ends: Callable[[], list[Pot]], size: int, flat: int | None = None, **kwargs: Any):
        # (its fields set at once, the defaults left to the class: ``targets`` and ``flat_targets``
        # made when first read, ``__getattr__``)
        self.__dict__.update(technique=technique, base=base, sort_key=sort_key, removable=removable, _ends=ends,
                             _flat=flat, complexity=size, difficulty=base + length_bonus(size), **kwargs)

    def __getattr__(self, attribute: str) -> list[Pot]:
        if attribute not in ("targets", "flat_targets"):
            raise AttributeError(attribute)
        self.targets = self._ends()
        self.flat_targets = self.targets if self._flat is None else self.targets[:self._flat]
        return self.targets if attribute == "targets" else self.flat_targets


class LineHint(WalkHint):
    """A hint whose chain is a line, each potential following from the one before, found by a
    compiled walk (``chain_screen``): a forcing chain from ``source``, or a cycle back to it (its
    chains: the cycle, then the cycle walked the other way, each potential negated: SE's two views
    of a cycle; its size, the first's). ``line``: its potentials after ``source``, (key, cause)
    each, flat: key, cause, key, cause, … (no key twice, but a cycle's last, ``source`` again: one
    object a chain, so that a producer's cache of thousands of grids' hints is cheap to make and
    to empty). Its size, signature and rule parents
    are read from the line, so that an inner producer's hints, which an outer chain ranks and asks
    for their rule parents, make their chains (``ends``) only when read."""

    _source: int
    _line: list[int]
    _cycle: bool

    def __init__(self, technique: str, base: float, sort_key: int, removable: tuple[tuple[int, int], ...],
                 source: int, line: list[int], cycle: bool, placement: tuple[int, int] | None = None):
        size = len(line) // 2 if cycle else len(line) // 2 + 1
        # (its fields set at once, the defaults (placement, root cause, order) left to the class: an
        # inner search makes thousands, most never read but ranked, held in a producer's cache)
        self.__dict__.update(technique=technique, base=base, sort_key=sort_key, removable=removable,
                             complexity=size, difficulty=base + length_bonus(size), _source=source, _line=line,
                             _cycle=cycle)
        if placement is not None:
            self.placement = placement

    @property
    def nested(self) -> list[ChainHint]:
        """(Static links: no inner hint.)"""
        return []

    @property
    def _flat(self) -> int | None:  # type: ignore[override]
        return 1 if self._cycle else None

    def _ends(self) -> list[Pot]:
        """Its chains' ends: a forcing chain's; a cycle's, both ways (as ``chain_unary`` makes them)."""
        line = self._line
        end = extended(Pot(self._source), zip(line[::2], line[1::2], strict=True))
        return [end, reversed_cycle(end)] if self._cycle else [end]

    @cached_attribute
    def pattern(self) -> str:
        """(Made when first read: a step's, which only a hint applied makes.)"""
        if self._cycle:
            return cycle_pattern(self._line[::2])
        return forcing_pattern(self._source, self._line[-2])

    @cached_attribute
    def signature(self) -> tuple:
        """(Each chain's keys as ``chain_of`` lists them, from its end back: a cycle's start, its
        end's key, left out, and so the end of the way back.)"""
        back = tuple(self._line[-2::-2])
        if self._cycle:
            return back, (self._source ^ 1, *(key ^ 1 for key in self._line[:-2:2]))
        return ((*back, self._source),)

    def rule_parents(self, initial: list[int], current: list[int], initial_have: list[int],
                     current_have: list[int]) -> list[int]:
        """(Read from the line, its "on" links in ``_ruled``'s order, without making that list: an
        inner hint is mostly asked once, by the outer chain that found it.)"""
        line = self._line
        found: dict[int, None] = {}
        line_parents(found, line, range(len(line) - 2, -1, -2), 1, initial, current, initial_have, current_have)
        if self._cycle:  # the way back: its "on"s are the line's "off"s
            line_parents(found, line, range(0, len(line) - 2, 2), 0, initial, current, initial_have, current_have)
        return list(found)


def line_parents(found: dict[int, None], line: list[int], at: Iterable[int], on: int, initial: list[int],
                 current: list[int], initial_have: list[int], current_have: list[int]) -> None:
    """Into ``found``, in order, the rule parents (``ChainHint.rule_parents``) of the links of a flat
    line (key, cause, key, cause, …) at ``at`` (its keys' places) whose key is "on" (``on``: 1), or
    "off" (0: a cycle's way back, each potential negated)."""
    for i in at:
        key = line[i]
        if key & 1 != on:
            continue
        cause = line[i + 1]
        if cause == CELL:
            cell = key // 18
            for d in BITS[initial[cell] & ~current[cell]]:
                found[cell * 18 + d * 2] = None
        elif cause != ADVANCED:
            d0 = (key >> 1) % 9
            gone = initial_have[d0] & ~current_have[d0] & UNIT_BITS[cause]
            while gone:  # ascending: the unit's order
                lowest = gone & -gone
                gone ^= lowest
                found[((lowest.bit_length() - 1) * 9 + d0) * 2] = None


def extended(source: Pot, line: Iterable[tuple[int, int]]) -> Pot:
    """The chain from ``source`` through ``line`` ((key, cause) each, in order): its last potential."""
    p = source
    for key, cause in line:
        p = Pot(key, [p], cause)
    return p


def reversed_cycle(end: Pot) -> Pot:
    """The cycle walked the other way, each potential negated (SE's second view of a cycle)."""
    line: list[Pot] = []
    p: Pot | None = end
    while p is not None:
        line.insert(0, Pot(p.key ^ 1, [], p.cause))
        p = p.parents[0] if p.parents else None
    for a, b in pairwise(line):
        a.parents.append(b)
    return line[0]


def se_sorted(hints: list[ChainHint]) -> list[ChainHint]:
    """SE's order of a technique's hints, a hint removing what an earlier one removes dropped."""
    for i, hint in enumerate(hints):
        hint.order = i
    kept: dict[tuple, ChainHint] = {}
    for hint in sorted(hints, key=_RANKED):  # (stable: the gathering order breaks ties, as ``rank``'s)
        kept.setdefault(hint.removable, hint)
    return list(kept.values())


_RANKED = attrgetter("difficulty", "complexity", "sort_key")  # ``ChainHint.rank`` less its order (read in C)


def forcing_pattern(source: int, end: int) -> str:
    """A forcing chain's pattern: ``r1c2.5 on => r3c4.6 off`` (its source's key and its end's)."""
    return f"{NAMES[source]} {'on' if source & 1 else 'off'} => {NAMES[end]} {'on' if end & 1 else 'off'}"


def cycle_pattern(keys: Iterable[int]) -> str:
    """A cycle's pattern: its potentials' names (by key), in order."""
    return " - ".join(NAMES[key] for key in keys)


def _node(p: Pot) -> CellNode:
    return CellNode(cell_of(p.key), digit_of(p.key))


def name(p: Pot | int) -> str:
    """``r1c2.5`` (SE writes a potential, or its key, as its cell and value)."""
    return NAMES[p if isinstance(p, int) else p.key]


NAMES = tuple(f"r{cell_of(key) // 9 + 1}c{cell_of(key) % 9 + 1}.{digit_of(key)}" for key in range(1458))  # per key
CANDIDATE = tuple(divmod(key >> 1, 9) for key in range(1458))  # per key, its (cell, digit - 1)
PLACE = tuple((cand // 9, cand % 9 + 1) for cand in range(729))  # per candidate (cell * 9 + digit - 1), (cell, digit)
ALONE = tuple((place,) for place in PLACE)  # per candidate, the removals of it alone

"""The implications Sudoku Explainer's chains follow, on a 9×9 grid of candidate bitmasks.

A *potential* is a candidate assumed true ("on") or false ("off"). It is kept as one object per
assumption with the potentials it follows from (``parents``, the first one being the link it was
reached by) and why it follows (``cause``): the cell has one value left (``CELL``), the digit one
place left in a unit (the unit's index), an inner technique (``ADVANCED``), or nothing (the
assumption itself). Its ``key`` is ``(cell * 9 + digit - 1) * 2 + on``.

SE's rules, as its ``Chaining`` applies them:

- on → off: the cell's other candidates (not for X-only chains), then the digit's other places
  in the cell's block, row and column, in that order;
- off → on: the cell's other candidate when two are left (not for X-only chains), then the
  digit's other place in the block, row and column when two are left (not for Y-cycles);
- dynamic chains remove each "off" candidate from the grid once it is processed, so later links
  see the reduced grid; an "on" reached that way also lists, as parents, the removals that made
  its cell or unit a pair;
- ``propagate`` takes the pending "on" potentials before the "off" ones, breadth first, and stops
  at the first candidate both on and off; when nothing is pending, ``advanced`` may add more "off"
  potentials (the (+) and nested levels).

Units are numbered as SE visits them: blocks 0-8, rows 9-17, columns 18-26.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sudokit.solvers.human.se.chain_static import StaticLinks

CELL = -1  # the cell has this value left (SE's naked single cause)
ADVANCED = -2  # an inner technique removed it

UNITS: tuple[tuple[int, ...], ...] = (
    tuple(tuple((b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for i in range(9)) for b in range(9))
    + tuple(tuple(r * 9 + c for c in range(9)) for r in range(9))
    + tuple(tuple(r * 9 + c for r in range(9)) for c in range(9))
)
CELL_UNITS: tuple[tuple[int, int, int], ...] = tuple(
    (cell // 27 * 3 + cell % 9 // 3, 9 + cell // 9, 18 + cell % 9) for cell in range(81)
)
PEERS: tuple[frozenset[int], ...] = tuple(
    frozenset(c for u in CELL_UNITS[cell] for c in UNITS[u]) - {cell} for cell in range(81)
)
BITS: tuple[tuple[int, ...], ...] = tuple(tuple(d for d in range(9) if m >> d & 1) for m in range(512))
UNIT_BITS: tuple[int, ...] = tuple(sum(1 << c for c in cells) for cells in UNITS)
PEER_BITS: tuple[int, ...] = tuple(sum(1 << c for c in PEERS[cell]) for cell in range(81))


def digit_cells(marks: list[int]) -> list[int]:
    """Per digit (0-8), the cells holding it, as a bitset."""
    found = [0] * 9
    for cell, m in enumerate(marks):
        if m:
            bit = 1 << cell
            for d0 in BITS[m]:
                found[d0] |= bit
    return found


def cell_of(key: int) -> int:
    return (key >> 1) // 9


def digit_of(key: int) -> int:
    return (key >> 1) % 9 + 1


class Pot:
    """One potential of a chain: a candidate on or off, why, and what it follows from."""

    __slots__ = ("cause", "key", "nested", "parents")

    def __init__(self, key: int, parents: list[Pot] | None = None, cause: int | None = None,
                 nested: object = None):
        self.key = key
        self.parents: list[Pot] = parents if parents is not None else []
        self.cause = cause
        self.nested = nested  # the inner hint an ADVANCED potential comes from, at nested levels

    @property
    def on(self) -> bool:
        return bool(self.key & 1)

    def __repr__(self) -> str:
        return f"r{cell_of(self.key) // 9 + 1}c{cell_of(self.key) % 9 + 1}.{digit_of(self.key)}{'+' if self.on else '-'}"


def _peer_order(cell: int) -> tuple[tuple[int, int], ...]:
    """The cell's peers as SE meets them (block, then row, then column), each with its unit."""
    found: dict[int, int] = {}
    for unit in CELL_UNITS[cell]:
        for other in UNITS[unit]:
            if other != cell:
                found.setdefault(other, unit)
    return tuple(found.items())


PEER_ORDER = tuple(_peer_order(cell) for cell in range(81))


REMOVAL: tuple[tuple[int, int, int, int], ...] = tuple(
    (cand // 9, ~(1 << cand % 9), cand % 9, ~(1 << cand // 9)) for cand in range(729)
)  # per candidate, what removing it clears: its cell and the cell's mask less it, its digit - 1 and
# the digit's cells less it (``digit_cells``)


PEER_OFFS: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((other, (other * 9 + cand % 9) * 2, unit) for other, unit in PEER_ORDER[cand // 9]) for cand in range(729)
)  # per candidate, its digit's peers as SE meets them: (cell, its "off" key, the unit)


def on_to_off(key: int, marks: list[int], y_links: bool) -> list[tuple[int, int]]:
    """What an "on" potential turns off: (key, cause) pairs in SE's order, each once."""
    cand = key >> 1
    bit = 1 << cand % 9
    found = [(off, unit) for other, off, unit in PEER_OFFS[cand] if marks[other] & bit]
    if y_links:
        base = cand // 9 * 18
        return [(base + d * 2, CELL) for d in BITS[marks[cand // 9] & ~bit]] + found
    return found


def off_to_on(p: Pot, marks: list[int], have: list[int], source: list[int], source_have: list[int],
              to_on: dict[int, Pot], to_off: dict[int, Pot], y_links: bool) -> list[Pot]:
    """What an "off" potential turns on in a changing grid (``marks``, its ``have``: as
    ``digit_cells``), in SE's order; the removals since the chain began (from ``source``, its
    ``source_have``) that made the cell or unit a pair are parents too. A potential already in
    ``to_on`` is left out, unless its "off" is in ``to_off`` (a contradiction)."""
    cand = p.key >> 1
    cell, d0 = divmod(cand, 9)
    bit = 1 << d0
    found: list[Pot] = []
    if y_links:
        m = marks[cell]
        if m.bit_count() == 2:
            key = cell * 18 + BITS[m & ~bit][0] * 2 + 1
            if key not in to_on or key - 1 in to_off:
                q = Pot(key, [p], CELL)
                gone = source[cell] & ~m
                if gone:
                    q.parents.extend(to_off[cell * 18 + d * 2] for d in BITS[gone])
                found.append(q)
    for unit in CELL_UNITS[cell]:
        unit_bits = UNIT_BITS[unit]
        places = have[d0] & unit_bits
        if places.bit_count() != 2:
            continue
        other = (places & ~(1 << cell)).bit_length() - 1
        key = (other * 9 + d0) * 2 + 1
        if key in to_on and key - 1 not in to_off:
            continue
        if found and (found[0].key == key or (len(found) > 1 and found[1].key == key)):
            continue  # only the block's other place (found[0] or [1]) can be a line's too
        q = Pot(key, [p], unit)
        gone = source_have[d0] & ~places & unit_bits
        while gone:  # ascending: the unit's order
            lowest = gone & -gone
            gone ^= lowest
            q.parents.append(to_off[(lowest.bit_length() - 1) * 18 + d0 * 2])
        found.append(q)
    return found


Run = tuple[dict[int, Pot], dict[int, Pot], "Sequence[Pot] | None"]  # an assumption's to_on, to_off,
# contradiction (its candidate's "on" and "off" potentials: a pair, or a compiled walk's ``Contradiction``)

Advanced = Callable[[list[int], list[int], dict[int, Pot], list[int], list[int]], Iterable[Pot]]
# (the grid, the grid the chain began from, its "off" potentials, the two grids' digit cells)


def propagate(marks: list[int], to_on: dict[int, Pot], to_off: dict[int, Pot], *, y_links: bool = True,
              dynamic: bool = False, advanced: Advanced | None = None, links: StaticLinks | None = None,
              cells: list[int] | None = None, resume: Advanced | None = None) -> tuple[Pot, Pot] | None:
    """Complete ``to_on``/``to_off`` with everything that follows (SE's ``doChaining``); the first
    candidate found both on and off, as (on, off), or None. ``marks`` is restored on return;
    ``cells``, when given, is ``digit_cells(marks)`` (left as it is). ``resume``: ``to_on`` and
    ``to_off`` are a dynamic chain already followed to its end in ``marks`` without ``advanced``
    (or with the first of its techniques): it goes on from there, as if it had never stopped,
    asking ``resume`` there (``advanced`` less what is known to find nothing), then ``advanced``."""
    source = marks[:]
    source_have = (cells if cells is not None else digit_cells(marks)) if dynamic else []
    have = source_have[:] if dynamic else None
    resumed = resume is not None
    pending_on = deque(() if resumed else to_on.values())
    pending_off = deque(() if resumed else to_off.values())
    ask = resume if resumed else advanced
    if resumed:
        assert have is not None  # only dynamic chains remove what they turn off
        for key in to_off:
            cell, keep, d0, keep_cells = REMOVAL[key >> 1]
            marks[cell] &= keep
            have[d0] &= keep_cells
    try:
        while True:
            if pending_on:
                p = pending_on.popleft()
                for key, cause in (links.turned_off(p.key) if links else on_to_off(p.key, marks, y_links)):
                    if key | 1 in to_on:
                        return to_on[key | 1], Pot(key, [p], cause)
                    if key not in to_off:
                        q = Pot(key, [p], cause)
                        to_off[key] = q
                        pending_off.append(q)
            elif not pending_off:
                if ask is None:
                    return None
                assert have is not None  # chains with inner techniques are dynamic
                for q in ask(marks, source, to_off, have, source_have):
                    if q.key not in to_off:
                        to_off[q.key] = q
                        pending_off.append(q)
                ask = advanced
                if not pending_off:
                    return None
            elif links is not None:
                p = pending_off.popleft()
                for key, cause in links.turned_on(p.key):
                    if key & ~1 in to_off:
                        return Pot(key, [p], cause), to_off[key & ~1]
                    if key not in to_on:
                        q = to_on[key] = Pot(key, [p], cause)
                        pending_on.append(q)
            else:
                assert have is not None  # chains without static links are dynamic
                p = pending_off.popleft()
                made = off_to_on(p, marks, have, source, source_have, to_on, to_off, y_links)
                cell, keep, d0, keep_cells = REMOVAL[p.key >> 1]
                marks[cell] &= keep
                have[d0] &= keep_cells
                for q in made:
                    if q.key & ~1 in to_off:
                        return q, to_off[q.key & ~1]
                    if q.key not in to_on:
                        to_on[q.key] = q
                        pending_on.append(q)
    finally:
        marks[:] = source


def chain_of(target: Pot) -> list[Pot]:
    """The potentials ``target`` follows from, itself first, breadth first, each key once (SE's order)."""
    found: list[Pot] = []
    done: set[int] = set()
    queue = [target]
    for p in queue:  # one queue, level after level: the order of a walk level by level
        key = p.key
        if key not in done:
            done.add(key)
            found.append(p)
            queue.extend(p.parents)
    return found

"""Depth-first search with constraint propagation on pencil marks: the backend that shows what
propagation buys beside plain Algorithm X.

A state is one bit mask of candidates per cell. Each node runs its rules to a fixpoint, cheapest
first, and only then branches on a cell with the fewest candidates (ties: the first such cell).
The ``level`` option says how far the rules go; each level adds to the one before:

- ``singles``: naked singles (a placed digit leaves its peers) and hidden singles (a digit with
  one place left in a unit), counted per unit with two masks (seen once, seen twice). This is
  what exact cover does by choosing columns with one row; it is here as the baseline.
- ``locked`` (default): locked candidates at every box-line intersection — a digit confined to the
  intersection within the box leaves the rest of the line (pointing), and confined within the line
  leaves the rest of the box (claiming).
- ``alldiff``: each unit's all-different constraint made domain consistent (Régin's matching
  argument): a candidate goes if no assignment of the unit's open cells to its missing digits uses
  it. That is every naked and hidden subset of every size at once.

Where the time goes (profile of ``locked`` on top95 and on the Gecode 25×25 set): about half in
hidden singles (every unit's two masks, each pass), a quarter in locked candidates, the rest
in peer eliminations and copying the 81 (or 625) masks at each branch. The 25×25 instances are
a different matter: after its givens, a typical one still has some 330 open cells with 4–7
candidates each, and no rule here (nor failed-literal probing, tried) removes much: the search
is what costs, tens of thousands of nodes, as it does for CDCL solvers without learning.

>>> from sudokit.models.grid import Grid
>>> PropagatingSolver().solve(Grid.parse("1..." "..1." ".1.." "...1")).status.value
'multiple'
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import cache

from sudokit.models.errors import UnknownName
from sudokit.models.grid import Grid, geometry
from sudokit.solvers.base import DEFAULT_LIMIT, Deadline, SearchTimeout, SolveResult, Status, also_found, status_for
from sudokit.solvers.exact_cover import SearchStats

LEVELS = {
    "singles": "naked and hidden singles, then the cell with fewest candidates",
    "locked": "naked and hidden singles, locked candidates (pointing, claiming), then the cell with fewest candidates",
    "alldiff": "singles, locked candidates and domain-consistent all-different per unit (every naked and hidden "
               "subset), then the cell with fewest candidates",
}


class Contradiction(Exception):
    """A cell or a unit has run out of candidates: this branch has no solution."""


@dataclass(frozen=True)
class Layout:
    """What the rules look at in an N×N grid, made once per size."""

    size: int
    full: int  # every digit's bit
    peers: tuple[tuple[int, ...], ...]
    units: tuple[tuple[int, ...], ...]
    # per box-line intersection: its cells, the rest of its box, the rest of its line
    crossings: tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...]


@cache
def layout(size: int) -> Layout:
    geo = geometry(size)
    crossings = []
    for box in geo.units[2 * size:]:
        for line in geo.units[:2 * size]:
            common = tuple(c for c in box if c in line)
            if common:
                crossings.append((common, tuple(c for c in box if c not in common),
                                  tuple(c for c in line if c not in common)))
    return Layout(size, (1 << size) - 1, tuple(tuple(sorted(p)) for p in geo.peers), geo.units, tuple(crossings))


class Propagator:
    """The rules of one level, run to a fixpoint on a list of candidate masks (changed in place)."""

    def __init__(self, size: int, level: str):
        self.layout = layout(size)
        self.locked = level in ("locked", "alldiff")
        self.alldiff = level == "alldiff"
        self.removed = 0  # candidates removed by the rules (not by branching)

    def run(self, cand: list[int], placed: list[int]) -> None:
        """Propagate the cells just solved (``placed``), then every rule, until nothing changes."""
        lay = self.layout
        full, peers, units = lay.full, lay.peers, lay.units
        removed = 0
        try:
            while True:
                while placed:  # naked singles: a solved cell's digit leaves its peers
                    cell = placed.pop()
                    bit = cand[cell]
                    for peer in peers[cell]:
                        mask = cand[peer]
                        if mask & bit:
                            mask ^= bit
                            if not mask:
                                raise Contradiction
                            cand[peer] = mask
                            removed += 1
                            if not mask & (mask - 1):
                                placed.append(peer)
                for unit in units:  # hidden singles
                    once = twice = 0
                    for cell in unit:
                        mask = cand[cell]
                        twice |= once & mask
                        once |= mask
                    if once != full:
                        raise Contradiction  # a digit with no place left
                    only = once & ~twice
                    if only:
                        for cell in unit:
                            mask = cand[cell]
                            single = mask & only
                            if single and single != mask:
                                if single & (single - 1):
                                    raise Contradiction  # one cell is the only place of two digits
                                cand[cell] = single
                                removed += mask.bit_count() - 1
                                placed.append(cell)
                if placed:
                    continue
                if self.locked:
                    removed += self._locked(cand, placed)
                if not placed and self.alldiff:
                    removed += self._alldiff(cand, placed)
                if not placed:
                    return
        finally:
            self.removed += removed

    def _locked(self, cand: list[int], placed: list[int]) -> int:
        """Locked candidates at every box-line intersection; returns candidates removed."""
        removed = 0
        for common, box_rest, line_rest in self.layout.crossings:
            inside = box_only = line_only = 0
            for cell in common:
                inside |= cand[cell]
            for cell in box_rest:
                box_only |= cand[cell]
            for cell in line_rest:
                line_only |= cand[cell]
            pointing = inside & ~box_only & line_only
            if pointing:
                removed += _remove(cand, line_rest, pointing, placed)
            claiming = inside & ~line_only & box_only
            if claiming:
                removed += _remove(cand, box_rest, claiming, placed)
        return removed

    def _alldiff(self, cand: list[int], placed: list[int]) -> int:
        """Domain consistency of every unit's all-different; returns candidates removed."""
        removed = 0
        for unit in self.layout.units:
            for cell, mask in consistent_masks(cand, unit):
                removed += (cand[cell] & ~mask).bit_count()
                cand[cell] = mask
                if not mask & (mask - 1):
                    placed.append(cell)
        return removed


def _remove(cand: list[int], cells: tuple[int, ...], digits: int, placed: list[int]) -> int:
    """Remove ``digits`` from ``cells``; returns how many candidates went."""
    removed = 0
    for cell in cells:
        mask = cand[cell]
        if mask & digits:
            removed += (mask & digits).bit_count()
            mask &= ~digits
            if not mask:
                raise Contradiction
            cand[cell] = mask
            if not mask & (mask - 1):
                placed.append(cell)
    return removed


def consistent_masks(cand: list[int], unit: tuple[int, ...]) -> list[tuple[int, int]]:
    """The unit's open cells whose candidates shrink under domain consistency, with their new masks.

    A perfect matching of open cells to missing digits is found by augmenting paths; then a
    candidate not in the matching survives only if its cell and the cell matched to that digit
    lie in one strongly connected component of the graph "cell → the cell holding a digit it
    could take instead" (an alternating cycle could swap it in). Skipped (no change) while a
    placed digit has not yet left the unit's open cells.

    >>> consistent_masks([0b011, 0b011, 0b111], (0, 1, 2))  # a naked pair in {1,2}: the third cell is 3
    [(2, 4)]
    """
    cells = [cell for cell in unit if cand[cell] & (cand[cell] - 1)]
    count = len(cells)
    masks = [cand[cell] for cell in cells]
    union = 0
    for mask in masks:
        union |= mask
    if union.bit_count() != count:
        if union.bit_count() < count:
            raise Contradiction
        return []  # a digit placed in the unit is still a candidate of an open cell: singles first
    owner: dict[int, int] = {}  # digit bit -> index of the cell matched to it
    mate = [0] * count
    for i in range(count):
        if not _augment(i, masks, owner, mate):
            raise Contradiction
    reach = []  # per cell, the cells it can swap with in one step
    for i in range(count):
        others, step = masks[i] & ~mate[i], 0
        while others:
            bit = others & -others
            others ^= bit
            step |= 1 << owner[bit]
        reach.append(step)
    for k in range(count):  # transitive closure (count ≤ 25: bit rows)
        bit, row = 1 << k, reach[k]
        for i in range(count):
            if reach[i] & bit:
                reach[i] |= row
    shrunk = []
    for i in range(count):
        allowed, bit = mate[i], 1 << i
        for j in range(count):
            if reach[i] >> j & 1 and reach[j] & bit:
                allowed |= mate[j]
        if masks[i] & ~allowed:
            shrunk.append((cells[i], masks[i] & allowed))
    return shrunk


def _augment(start: int, masks: list[int], owner: dict[int, int], mate: list[int]) -> bool:
    """Match cell ``start`` along a shortest augmenting path (breadth first); False if none."""
    came_from: dict[int, tuple[int, int] | None] = {start: None}
    frontier = [start]
    while frontier:
        following = []
        for cell in frontier:
            options = masks[cell]
            while options:
                bit = options & -options
                options ^= bit
                holder = owner.get(bit)
                if holder is None:  # a free digit: flip the path back to the start
                    step: tuple[int, int] | None = (cell, bit)
                    while step is not None:
                        cell, bit = step
                        mate[cell], owner[bit] = bit, cell
                        step = came_from[cell]
                    return True
                if holder not in came_from:
                    came_from[holder] = (cell, mate[holder])
                    following.append(holder)
        frontier = following
    return False


def _givens(grid: Grid) -> tuple[list[int], list[int]]:
    """The first state: every digit open in a blank cell, the givens placed (still to propagate)."""
    cand = [(1 << grid.size) - 1] * len(grid.values)
    placed = [cell for cell, digit in enumerate(grid.values) if digit]
    for cell in placed:
        cand[cell] = 1 << (grid.values[cell] - 1)
    return cand, placed


def propagated(grid: Grid, level: str = "locked") -> list[int] | None:
    """The candidate masks the rules of ``level`` leave in ``grid`` (None: a contradiction)."""
    rules = Propagator(grid.size, level)
    cand, placed = _givens(grid)
    try:
        rules.run(cand, placed)
    except Contradiction:
        return None
    return cand


class PropagatingSolver:
    """Depth-first search over pencil marks, propagating to a fixpoint at every node."""

    name = "prop"

    def __init__(self, level: str = "locked"):
        if level not in LEVELS:
            raise UnknownName(f"unknown propagation level {level!r}; choose from {', '.join(LEVELS)}")
        self.level = level

    def solve(self, grid: Grid, *, limit: int = DEFAULT_LIMIT, time_limit: float | None = None) -> SolveResult:
        start = time.perf_counter()
        rules = Propagator(grid.size, self.level)
        stats = SearchStats(Deadline(time_limit))
        cand, placed = _givens(grid)
        found: list[list[int]] = []
        clashes = grid.conflicts()
        built = time.perf_counter()
        try:
            if not clashes:
                self._search(cand, placed, rules, stats, found, limit)
            status = status_for(len(found), limit)
        except SearchTimeout:
            status = Status.TIMEOUT
        solutions = [] if status is Status.TIMEOUT else \
            [Grid(tuple(mask.bit_length() for mask in cand)) for cand in found[:2]]
        return SolveResult(
            status, solutions[0] if solutions else None, len(found),
            build_seconds=built - start, solve_seconds=time.perf_counter() - built,
            stats={"nodes": stats.nodes, "guesses": stats.guesses, "propagations": rules.removed,
                   "propagation": LEVELS[self.level], **also_found(solutions)},
            message="the givens break a rule" if clashes else "",
        )

    @staticmethod
    def _search(cand: list[int], placed: list[int], rules: Propagator, stats: SearchStats,
                found: list[list[int]], limit: int) -> None:
        """Depth first: each node is a state and the cells just placed in it.

        The deadline is read at every node: a 25×25 node can take milliseconds.
        """
        deadline = stats.deadline
        stack = [(cand, placed)]
        while stack:
            cand, placed = stack.pop()
            stats.nodes += 1
            if deadline.passed():
                raise SearchTimeout
            try:
                rules.run(cand, placed)
            except Contradiction:
                continue
            best, fewest = -1, rules.layout.size + 1
            for cell, mask in enumerate(cand):
                if mask & (mask - 1):
                    count = mask.bit_count()
                    if count < fewest:
                        best, fewest = cell, count
                        if count == 2:
                            break
            if best < 0:
                found.append(cand)
                if len(found) >= limit:
                    return
                continue
            stats.guesses += 1
            options = cand[best]
            branches = []
            while options:
                bit = options & -options
                options ^= bit
                child = cand.copy()
                child[best] = bit
                branches.append((child, [best]))
            stack.extend(reversed(branches))  # the lowest digit is tried first

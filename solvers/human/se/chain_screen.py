"""A compiled screen for the static chain searches nested chains run on the grids they reduce.

A nested chain asks SE's "Forcing Chains & Cycles" (and, at level 3, its cell and region forcing
chains) on every grid it reduces: thousands of grids per search, most of which hold nothing to
walk. Whether a grid holds anything is decided by the analysis of its links ``chain_static`` does
(strongly connected groups, what each reaches): ``unary_hints`` walks only from the starts that
analysis allows (``_cycle_starts`` and ``StaticLinks.returning``), and the multiple search only
from cells whose starts' reach can meet (``chaining._static_quiet``). This module does the same
analysis, compiled with numba, answers the same questions (and where the walks start), and walks
the forcing chains and the cycles (with what each cycle removes), so the pure-Python analysis no
longer runs on these grids; the answers, and so every hint, are the same
(``tests/solvers/human/se/test_chain_screen.py`` compares both on reduced grids of the forum's
hardest). ``chain_unary`` makes the walks' hints ``LineHint``s, whose potentials are made only when read.

The analysis runs once or twice on each such grid (``starts``, then ``meets`` at level 3: 25,000
and 6,000 times on eight ER 11 puzzles), so it is kept lean: the strong candidates' potentials
(a few dozen) are numbered and the groups found among them alone, sets of potentials are bitsets,
and the loops make no calls (a call passing a dozen arrays costs more than a short loop).

Without numba (``jit.available``), ``screen`` is None and every grid goes through the Python analysis. The
module is imported only by nested chains, so a rating that never nests them never loads numba.

Potentials are numbered as in ``chain_core`` (``(cell * 9 + digit - 1) * 2 + on``); a set of
potentials is a row of 23 64-bit words, bit ``key``.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from sudokit.solvers.human.se.chain_core import CELL, CELL_UNITS, PEER_ORDER, PEERS, UNITS
from sudokit.solvers.human.se.chain_hints import PLACE
from sudokit.solvers.human.se.chain_unary import Starts
from sudokit.solvers.human.se.jit import available, compiled

WORDS = 23  # 1,458 potentials, 64 a word



class Screen:
    """The compiled analysis of a grid's static links (the grid: 81 candidate masks)."""

    def __init__(self, analyse: Callable, tables: tuple[np.ndarray, ...], forcing: Callable, cycles: Callable,
                 walk_tables: tuple[np.ndarray, ...]):
        self._analyse, self._tables = analyse, tables
        self._forcing, self._cycles, self._walk_tables = forcing, cycles, walk_tables
        self._peer_bits = peer_bits()
        self._groups: tuple[tuple[int, ...], np.ndarray, np.ndarray] | None = None  # the last grid's strongly
        # connected groups, and what each reaches
        self._grid: tuple[tuple[int, ...], np.ndarray] | None = None  # the last grid, and as an array

    def _array(self, grid: tuple[int, ...]) -> np.ndarray:
        """The grid as the compiled code takes it (a producer asks about one grid several times)."""
        if self._grid is None or self._grid[0] != grid:
            self._grid = grid, np.fromiter(grid, np.int64, 81)
        return self._grid[1]

    def starts(self, grid: tuple[int, ...]) -> Starts | None:
        """What ``unary_hints`` walks from in the grid (as ``chain_unary.starts``), or None when
        it walks nothing."""
        walks, _, found, group, reach = self._analyse(self._array(grid), False, *self._tables)
        self._groups = grid, group, reach
        if not walks:
            return None
        flat = found.tolist()
        size = flat[0]
        returning = frozenset(flat[1:size + 1])
        at = size + 1
        kinds: dict[tuple[bool, bool], set[int]] = {}
        for kind in ((False, True), (True, False), (True, True)):  # (XY's starts hold the others')
            size = flat[at]
            kinds[kind] = set(flat[at + 1:at + size + 1])
            at += size + 1
        cycles: dict[int, frozenset[int]] = {}
        while at < len(flat):
            size = flat[at]
            within = frozenset(flat[at + 1:at + size + 1])
            cycles.update((key, within) for key in within if key & 1)
            at += size + 1
        return returning, cycles, kinds

    def forcing(self, grid: tuple[int, ...], y_links: bool, sources: list[int]) -> dict[int, list[int]]:
        """Per source (a key) from which ``chain_unary._forcing_target`` walks a forcing chain with
        X-links (and Y-links), in the order of ``sources``: its potentials after the source as a
        flat line (key, cause, key, cause, …: one object a chain, as ``LineHint`` keeps it)."""
        found_at, ends, flat = self._forcing(self._array(grid), y_links, np.array(sources, dtype=np.int64),
                                             *self._linked(grid), *self._walk_tables)
        found: dict[int, list[int]] = {}
        line, start = flat.tolist(), 0
        for at, end in zip(found_at.tolist(), ends.tolist(), strict=True):
            found[sources[at]] = line[start:end]
            start = end
        return found

    def cycles(self, grid: tuple[int, ...], y_links: bool, x_links: bool, starts: list[int]
               ) -> list[list[tuple[list[int], tuple[tuple[int, int], ...]]]]:
        """Per start (an "on" key), the cycles ``chain_unary._cycles`` walks back to it within its
        strongly connected group (as ``starts`` found them) that remove something: each its
        potentials after the start as a flat line (key, cause, key, cause, …), the start again
        last, and what it removes (as ``chain_unary._cycle_removals``)."""
        start_ends, cycle_ends, flat, removal_ends, removals = self._cycles(
            self._array(grid), y_links, x_links, np.array(starts, dtype=np.int64), self._linked(grid)[0],
            *self._walk_tables, self._peer_bits)
        line = flat.tolist()
        removed = [PLACE[i] for i in removals.tolist()]
        bounds, removal_bounds = [0, *(2 * end for end in cycle_ends.tolist())], [0, *removal_ends.tolist()]
        found, first = [], 0
        for last in start_ends.tolist():
            found.append([(line[bounds[i]:bounds[i + 1]], tuple(removed[removal_bounds[i]:removal_bounds[i + 1]]))
                          for i in range(first, last)])
            first = last
        return found

    def meets(self, grid: tuple[int, ...]) -> np.ndarray | None:
        """Per cell, whether static cell or region chains from it may meet (``not
        chaining._static_quiet``; False for cells with fewer than three candidates), or None
        when none may."""
        met, meets, _, _, _ = self._analyse(self._array(grid), True, *self._tables)
        return meets if met else None

    def _linked(self, grid: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
        """The grid's strongly connected groups (per potential, -1: none) and what each reaches (as
        ``starts`` found them)."""
        if self._groups is None or self._groups[0] != grid:
            _, _, _, group, reach = self._analyse(self._array(grid), False, *self._tables)
            self._groups = grid, group, reach
        return self._groups[1], self._groups[2]


def link_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``chain_core``'s units (27 × 9 cells), each cell's units (81 × 3), and each cell's peers as
    SE meets them with the unit it meets each in (81 × 20 each), as the compiled code takes them."""
    return (np.array(UNITS, dtype=np.int64), np.array(CELL_UNITS, dtype=np.int64),
            np.array([[other for other, _ in PEER_ORDER[cell]] for cell in range(81)], dtype=np.int64),
            np.array([[unit for _, unit in PEER_ORDER[cell]] for cell in range(81)], dtype=np.int64))


def peer_bits() -> np.ndarray:
    """Per cell, its peers as bits, 27 cells a word (81 × 3)."""
    table = np.zeros((81, 3), np.int64)
    for cell in range(81):
        for other in PEERS[cell]:
            table[cell, other // 27] |= 1 << other % 27
    return table


def sink_table(same_cell: bool = True) -> np.ndarray:
    """Per candidate, the "off"s its "on" may imply at once (its digit in its peers, and unless not
    ``same_cell`` its cell's other digits), as a set of potentials: those of a grid's that imply
    nothing (not strong) are its sinks."""
    table = np.zeros((729, WORDS), np.uint64)
    for cand in range(729):
        cell, d0 = divmod(cand, 9)
        others = [(cell * 9 + d) * 2 for d in range(9) if d != d0] if same_cell else []
        for key in [(other * 9 + d0) * 2 for other in PEERS[cell]] + others:
            table[cand, key >> 6] |= np.uint64(1 << (key & 63))
    return table


def _load() -> Screen | None:
    if not available():
        return None
    units, _, order_cells, order_units = link_tables()
    peers = np.array([sorted(PEERS[cell]) for cell in range(81)], dtype=np.int64)
    found = Screen(compiled(_analyse), (units, peers, sink_table(), sink_table(same_cell=False)), compiled(_forcing),
                   compiled(_cycles), (units, order_cells, order_units))
    full = (511,) * 81  # each compiled function run once: compiled (or read from numba's cache) now
    found.starts(full), found.meets(full), found.forcing(full, True, [1]), found.cycles(full, True, True, [1])
    return found


def _analyse(marks: np.ndarray, want_meets: bool, units: np.ndarray, peers: np.ndarray, sinks: np.ndarray,
             peer_offs: np.ndarray) -> tuple[bool, np.ndarray, np.ndarray, np.ndarray, np.ndarray
                                             ]:  # pragma: no cover - compiled
    """The links of the grid with X- and Y-links, as ``StaticLinks(marks, True, True)``: whether
    ``unary_hints`` walks anything (``want_meets``: whether any cell's static chains may meet),
    which cells' static chains may meet (``want_meets``; else all False), where ``unary_hints``
    walks from (as ``Screen.starts`` reads it; empty unless it walks: the returning potentials and
    the cycles' starts are not looked for when ``want_meets``), each potential's strongly connected
    group (-1: none), and what each group reaches (a set of potentials per group). The strong
    candidates' potentials are numbered (nodes, in the order of their keys) so that the groups are
    found among them alone."""
    count, paired, partner, _ = _conjugates(marks, units)
    strong = np.zeros(729, np.bool_)
    weak = np.zeros(WORDS, np.uint64)  # the "off"s of the candidates that are not strong (they imply nothing)
    offs = np.zeros(WORDS, np.uint64)  # the "off"s of every candidate
    node = np.empty(1458, np.int64)  # per potential of a strong candidate, its node
    keys = np.empty(1458, np.int64)  # per node, its potential
    nodes = 0
    for cell in range(81):
        m = marks[cell]
        for d in range(9):
            if m >> d & 1:
                cand = cell * 9 + d
                bit = np.uint64(1) << np.uint64((cand & 31) * 2)
                offs[cand >> 5] |= bit
                if paired[cand] > 0 or count[cell] == 2:
                    strong[cand] = True
                    node[cand * 2], node[cand * 2 + 1] = nodes, nodes + 1
                    keys[nodes], keys[nodes + 1] = cand * 2, cand * 2 + 1
                    nodes += 2
                else:
                    weak[cand >> 5] |= bit
    # the links among the strong potentials (nodes)
    succ = np.empty((nodes, 28), np.int64)  # an "on": 20 peers, 8 other digits
    fanout = np.zeros(nodes, np.int64)
    for off_node in range(0, nodes, 2):
        cand = keys[off_node] >> 1
        cell, d0 = cand // 9, cand % 9
        on_node = off_node + 1
        for i in range(paired[cand]):
            succ[off_node, fanout[off_node]] = node[(partner[cand, i] * 9 + d0) * 2 + 1]
            fanout[off_node] += 1
        if count[cell] == 2:
            for d in range(9):
                if d != d0 and marks[cell] >> d & 1:
                    succ[off_node, fanout[off_node]] = node[(cell * 9 + d) * 2 + 1]
                    fanout[off_node] += 1
        for i in range(20):
            other = peers[cell, i] * 9 + d0
            if strong[other]:
                succ[on_node, fanout[on_node]] = node[other * 2]
                fanout[on_node] += 1
        for d in range(9):
            if d != d0 and strong[cell * 9 + d]:
                succ[on_node, fanout[on_node]] = node[(cell * 9 + d) * 2]
                fanout[on_node] += 1
    # Tarjan's strongly connected groups, numbered successors first
    order = np.full(nodes, -1, np.int64)
    low = np.zeros(nodes, np.int64)
    in_group = np.empty(nodes, np.int64)  # per node, its group
    stacked = np.zeros(nodes, np.bool_)
    stack = np.empty(nodes, np.int64)
    members = np.empty(nodes, np.int64)  # nodes, group after group
    starts = np.empty(nodes + 1, np.int64)
    walk = np.empty(nodes, np.int64)
    walk_at = np.empty(nodes, np.int64)
    depth = top = groups = filled = visits = 0
    for root in range(nodes):
        if order[root] >= 0:
            continue
        order[root] = low[root] = visits
        visits += 1
        stack[top] = root
        top += 1
        stacked[root] = True
        walk[0], walk_at[0], depth = root, 0, 1
        while depth > 0:
            at_node = walk[depth - 1]
            at = walk_at[depth - 1]
            if at < fanout[at_node]:
                walk_at[depth - 1] = at + 1
                nxt = succ[at_node, at]
                if order[nxt] < 0:
                    order[nxt] = low[nxt] = visits
                    visits += 1
                    stack[top] = nxt
                    top += 1
                    stacked[nxt] = True
                    walk[depth], walk_at[depth] = nxt, 0
                    depth += 1
                elif stacked[nxt] and order[nxt] < low[at_node]:
                    low[at_node] = order[nxt]
                continue
            depth -= 1
            if depth > 0 and low[at_node] < low[walk[depth - 1]]:
                low[walk[depth - 1]] = low[at_node]
            if low[at_node] == order[at_node]:
                starts[groups] = filled
                while True:
                    top -= 1
                    member = stack[top]
                    stacked[member] = False
                    in_group[member] = groups
                    members[filled] = member
                    filled += 1
                    if member == at_node:
                        break
                groups += 1
    starts[groups] = filled
    group = np.full(1458, -1, np.int64)
    for i in range(nodes):
        group[keys[i]] = in_group[i]
    # what each group reaches: its members, the groups they link to, the weak "off"s its "on"s imply
    reach = np.zeros((groups + 1, WORDS), np.uint64)
    merged = np.full(groups + 1, -1, np.int64)  # per group, the last group its reach was merged into
    for g in range(groups):
        for i in range(starts[g], starts[g + 1]):
            member = members[i]
            key = keys[member]
            reach[g, key >> 6] |= np.uint64(1) << np.uint64(key & 63)
            for j in range(fanout[member]):
                other = in_group[succ[member, j]]
                if other != g and merged[other] != g:
                    merged[other] = g
                    for w in range(WORDS):
                        reach[g, w] |= reach[other, w]
            if key & 1:
                for w in range(WORDS):
                    reach[g, w] |= sinks[key >> 1, w] & weak[w]
    returning = np.zeros(1458, np.bool_)
    starting = np.zeros((3, 729), np.bool_)
    meets = np.zeros(81, np.bool_)
    if want_meets:
        _meets(marks, count, strong, weak, group, reach, units, peers, sinks, meets)
        return bool(meets.any()), meets, np.empty(0, np.int64), group, reach
    walks = False
    # the potentials a walk from which reaches their negation (``StaticLinks.returning``): a weak
    # "on" through the strong "off"s it implies (its other "off"s imply nothing)
    for off_node in range(0, nodes, 2):
        off = keys[off_node]
        cand = off >> 1
        reached = in_group[off_node]
        back = in_group[off_node + 1]
        if reach[reached, off >> 6] >> np.uint64((off & 63) + 1) & np.uint64(1):
            returning[off] = True
            walks |= count[cand // 9] >= 2
        if reach[back, off >> 6] >> np.uint64(off & 63) & np.uint64(1):
            returning[off + 1] = True
            walks |= count[cand // 9] >= 2
        for w in range(WORDS):
            found = reach[reached, w] & sinks[cand, w] & weak[w]
            if found:
                for b in range(0, 64, 2):
                    if found >> np.uint64(b) & np.uint64(1):
                        key = w * 64 + b + 1
                        returning[key] = True
                        walks |= count[(key >> 1) // 9] >= 2
    # per kind of links (X, Y, XY), the candidates whose "on" may start a cycle that removes something
    # (``chain_unary._cycle_starts``): a candidate must see an "on" and an "off" of its digit in the group
    cycle_x, cycle_y, cycle_xy = starting[0], starting[1], starting[2]
    on_seen = np.empty(WORDS, np.uint64)
    off_seen = np.empty(WORDS, np.uint64)
    per_digit = np.empty(9, np.int64)
    cycling = np.empty(groups, np.int64)  # the groups whose "on"s start cycles
    cycled = 0
    for g in range(groups):
        if starts[g + 1] - starts[g] < 2:
            continue
        ons = 0
        for i in range(starts[g], starts[g + 1]):
            ons += members[i] & 1
        if ons < 2:
            continue
        on_seen[:] = 0
        off_seen[:] = 0
        for i in range(starts[g], starts[g + 1]):
            key = keys[members[i]]
            if key & 1:
                for w in range(WORDS):
                    on_seen[w] |= peer_offs[key >> 1, w]
            else:
                for w in range(WORDS):
                    off_seen[w] |= peer_offs[key >> 1, w]
        removes = False
        for w in range(WORDS):
            if on_seen[w] & off_seen[w] & offs[w]:
                removes = True
        if not removes:
            continue
        cycling[cycled] = g
        cycled += 1
        per_digit[:] = 0
        bivalue = 0
        for i in range(starts[g], starts[g + 1]):
            key = keys[members[i]]
            if key & 1:
                per_digit[(key >> 1) % 9] += 1
                if count[(key >> 1) // 9] == 2:
                    bivalue += 1
        for i in range(starts[g], starts[g + 1]):
            key = keys[members[i]]
            if key & 1:
                cand = key >> 1
                cycle_xy[cand] = True
                walks |= count[cand // 9] >= 2
                if per_digit[cand % 9] > 1:
                    cycle_x[cand] = True
                if bivalue > 1 and count[cand // 9] == 2:
                    cycle_y[cand] = True
    if not walks:
        return walks, meets, np.empty(0, np.int64), group, reach
    # what ``Screen.starts`` reads: the returning keys, each kind's cycle starts, the groups of those
    # (each how many, then its keys; the groups: their members)
    found = np.empty(1458 + 3 * 730 + nodes + cycled, np.int64)
    size = 1
    for key in range(1458):
        if returning[key]:
            found[size] = key
            size += 1
    found[0] = size - 1
    for kind in range(3):
        at = size
        size += 1
        for cand in range(729):
            if starting[kind, cand]:
                found[size] = cand * 2 + 1
                size += 1
        found[at] = size - at - 1
    for i in range(cycled):
        g = cycling[i]
        found[size] = starts[g + 1] - starts[g]
        size += 1
        for j in range(starts[g], starts[g + 1]):
            found[size] = keys[members[j]]
            size += 1
    return walks, meets, found[:size], group, reach


@compiled
def _meets(marks: np.ndarray, count: np.ndarray, strong: np.ndarray, weak: np.ndarray, group: np.ndarray,
           reach: np.ndarray, units: np.ndarray, peers: np.ndarray, sinks: np.ndarray,
           meets: np.ndarray) -> None:  # pragma: no cover - compiled
    """Per cell, whether the reach of its starts may meet (``StaticLinks.may_meet``), into ``meets``:
    its candidates' (cells with three or more: static multiple chains start from those), then the
    places of a digit in a unit whose first place is such a cell (whose own chains do not meet):
    whether the "on" walks from them meet one contradiction or all reach something in common
    (what each "on" reaches found once, in ``on_reach``)."""
    on_reach = np.empty((729, WORDS), np.uint64)  # rows filled when first asked
    absurd = np.zeros(729, np.bool_)
    known = np.zeros(729, np.bool_)
    common = np.empty(WORDS, np.uint64)
    chosen = np.empty(9, np.int64)
    for task in range(81 + 27 * 9):  # the cells, then the units' digits
        size = 0
        if task < 81:
            first = task
            if count[first] < 3:
                continue
            for d in range(9):
                if marks[first] >> d & 1:
                    chosen[size] = first * 9 + d
                    size += 1
        else:
            unit, d = divmod(task - 81, 9)
            first = 81
            for i in range(9):
                other = units[unit, i]
                if marks[other] >> d & 1:
                    chosen[size] = other * 9 + d
                    size += 1
                    first = min(first, other)
            if size < 2 or count[first] < 3 or meets[first]:
                continue
        met = False
        for i in range(size):
            cand = chosen[i]
            if not known[cand]:  # what "on" cand reaches (``StaticLinks.reach_of``), whether absurd
                known[cand] = True
                on = cand * 2 + 1
                if group[on] >= 0:
                    g = group[on]
                    for w in range(WORDS):
                        on_reach[cand, w] = reach[g, w]
                else:  # its own "off"s (the weak ones imply nothing) and what the strong ones reach
                    for w in range(WORDS):
                        on_reach[cand, w] = sinks[cand, w] & weak[w]
                    on_reach[cand, on >> 6] |= np.uint64(1) << np.uint64(on & 63)
                    cell, d0 = cand // 9, cand % 9
                    for j in range(28):  # its digit's peers, its cell's other digits
                        other = peers[cell, j] * 9 + d0 if j < 20 else cell * 9 + j - 20 + (j - 20 >= d0)
                        if strong[other]:
                            g = group[other * 2]
                            for w in range(WORDS):
                                on_reach[cand, w] |= reach[g, w]
                for w in range(WORDS):
                    if on_reach[cand, w] & (on_reach[cand, w] >> np.uint64(1)) & np.uint64(0x5555555555555555):
                        absurd[cand] = True
            if absurd[cand]:
                met = True
                break
            if i == 0:
                for w in range(WORDS):
                    common[w] = on_reach[cand, w]
            else:
                for w in range(WORDS):
                    common[w] &= on_reach[cand, w]
        if not met:
            for w in range(WORDS):
                if common[w]:
                    met = True
                    break
        meets[first] = met


def _forcing(marks: np.ndarray, y_links: bool, sources: np.ndarray, group: np.ndarray, reach: np.ndarray,
             units: np.ndarray, order_cells: np.ndarray, order_units: np.ndarray
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:  # pragma: no cover - compiled
    """``Screen.forcing``'s walks (``chain_unary._forcing_target``: breadth first, "on"s and "off"s
    in turn, the links in SE's order, each potential reached once): the sources (their numbers)
    whose chains were found, where each chain ends in the flat line (key, cause, key, cause, …:
    two entries a potential), and the line. A potential that cannot reach the source's negation with
    X- and Y-links (``group``, ``reach``: ``_analyse``'s) is not walked on: whatever links to a
    potential that can, can too, so those are reached in the same order, by the same links."""
    count, paired, partner, partner_unit = _conjugates(marks, units)
    parent = np.empty(1458, np.int64)
    cause_of = np.empty(1458, np.int64)
    reached = np.full(1458, -1, np.int64)  # per potential, the last walk (source's number) that reached it
    queue = np.empty(1458, np.int64)  # a walk's potentials in the order reached (level after level)
    linked = np.full(1458, -1, np.int64)  # per potential, how many links it has, once the walks met it
    link_keys = np.empty((1458, 28), np.int16)  # and those links (the walks share them)
    link_units = np.empty((1458, 28), np.int16)
    flat: list[int] = []
    found_at: list[int] = []
    ends: list[int] = []
    for s in range(len(sources)):
        source = sources[s]
        goal = source ^ 1
        reached[source] = s
        queue[0] = source
        head, tail = 0, 1
        found = False
        while head < tail and not found:
            p = queue[head]
            head += 1
            if linked[p] < 0:
                linked[p] = _links_of(p, True, y_links, marks, count, paired, partner, partner_unit, order_cells,
                                      order_units, link_keys, link_units)
            for k in range(linked[p]):
                key = np.int64(link_keys[p, k])
                if key == goal:
                    parent[key], cause_of[key] = p, link_units[p, k]
                    found = True
                    break
                if reached[key] != s:
                    reached[key] = s
                    g = group[key]
                    if g >= 0 and reach[g, goal >> 6] >> np.uint64(goal & 63) & np.uint64(1):
                        parent[key], cause_of[key] = p, link_units[p, k]
                        queue[tail] = key
                        tail += 1
        if found:
            line = [goal]
            key = parent[goal]
            while key != source:
                line.append(key)
                key = parent[key]
            for i in range(len(line) - 1, -1, -1):
                flat.append(line[i])
                flat.append(cause_of[line[i]])
            found_at.append(s)
            ends.append(len(flat))
    return _array(found_at), _array(ends), _array(flat)


def _cycles(marks: np.ndarray, y_links: bool, x_links: bool, starts: np.ndarray, group: np.ndarray, units: np.ndarray,
            order_cells: np.ndarray, order_units: np.ndarray, peer_bits: np.ndarray
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:  # pragma: no cover - compiled
    """``Screen.cycles``' walks (``chain_unary._cycles``, within each start's strongly connected
    ``group``), of the cycles that remove something (``_removals``): per start where its cycles end
    in the list of cycles, per cycle where it ends (in potentials) in the flat line (key, cause,
    key, cause, …: its potentials after the start, the start again last) and in the flat removals."""
    count, paired, partner, partner_unit = _conjugates(marks, units)
    linked = np.full(1458, -1, np.int64)  # per potential, how many links it has, once the walks met it
    link_keys = np.empty((1458, 28), np.int64)  # and those links (the walks share them)
    link_units = np.empty((1458, 28), np.int64)
    node_key: list[int] = []
    node_cause: list[int] = []
    node_parent: list[int] = []
    to_on = np.zeros(1458, np.bool_)
    flat: list[int] = []
    cycle_ends: list[int] = []
    start_ends = np.empty(len(starts), np.int64)
    line = np.empty(1458, np.int64)
    seen = np.empty((2, 9, 3), np.int64)
    removable = np.empty(729, np.int64)  # what one cycle removes
    removals: list[int] = []
    removal_ends: list[int] = []
    for s in range(len(starts)):
        start = starts[s]
        within = group[start]
        node_key.clear()
        node_cause.clear()
        node_parent.clear()
        node_key.append(start)
        node_cause.append(0)
        node_parent.append(-1)
        to_on[:] = False
        to_on[start] = True
        pending_on = [0]
        length = 0
        while pending_on:
            length += 2
            pending_off = []
            for p in pending_on:
                at = node_key[p]
                if linked[at] < 0:
                    linked[at] = _links_of(at, x_links, y_links, marks, count, paired, partner, partner_unit, order_cells,
                                           order_units, link_keys, link_units)
                for k in range(linked[at]):
                    key = link_keys[at, k]
                    if group[key] != within:
                        continue
                    q = p
                    while node_parent[q] >= 0 and node_key[node_parent[q]] != key:
                        q = node_parent[q]
                    if node_parent[q] < 0:  # not on its own way back
                        node_key.append(key)
                        node_cause.append(link_units[at, k])
                        node_parent.append(p)
                        pending_off.append(len(node_key) - 1)
            pending_on = []
            for p in pending_off:
                at = node_key[p]
                if linked[at] < 0:
                    linked[at] = _links_of(at, x_links, y_links, marks, count, paired, partner, partner_unit, order_cells,
                                           order_units, link_keys, link_units)
                for k in range(linked[at]):
                    key = link_keys[at, k]
                    if length >= 4 and key == start:
                        size = 0
                        q = p
                        while q > 0:
                            line[size] = q
                            size += 1
                            q = node_parent[q]
                        removed = _removals(marks, node_key, line, size, key, peer_bits, seen, removable)
                        if removed:
                            for i in range(removed):
                                removals.append(removable[i])
                            removal_ends.append(len(removals))
                            for i in range(size - 1, -1, -1):
                                flat.append(node_key[line[i]])
                                flat.append(node_cause[line[i]])
                            flat.append(key)
                            flat.append(link_units[at, k])
                            cycle_ends.append(len(flat) // 2)
                    if not to_on[key] and group[key] == within:
                        node_key.append(key)
                        node_cause.append(link_units[at, k])
                        node_parent.append(p)
                        pending_on.append(len(node_key) - 1)
                        to_on[key] = True
        start_ends[s] = len(cycle_ends)
    return start_ends, _array(cycle_ends), _array(flat), _array(removal_ends), _array(removals)


@compiled
def _removals(marks: np.ndarray, node_key: list[int], line: np.ndarray, size: int, start: int, peer_bits: np.ndarray,
              seen: np.ndarray, removable: np.ndarray) -> int:  # pragma: no cover - compiled
    """What the cycle through the nodes ``line[:size]`` (from its end back) and ``start`` removes
    (``chain_unary._cycle_removals``): the candidates outside its cells that see an "on" and an
    "off" of their digit on it, each ``cell * 9 + digit - 1``, by cell then digit, into
    ``removable``: how many (``peer_bits``: per cell, its peers as bits, 27 cells a word)."""
    seen[:] = 0  # per "off"/"on" and digit, the cells that see one
    inside = np.zeros(3, np.int64)
    for i in range(size + 1):
        key = node_key[line[i]] if i < size else start
        cell, d0 = (key >> 1) // 9, (key >> 1) % 9
        inside[cell // 27] |= 1 << cell % 27
        for w in range(3):
            seen[key & 1, d0, w] |= peer_bits[cell, w]
    found = 0
    for cell in range(81):
        w, bit = cell // 27, 1 << cell % 27
        if inside[w] & bit:
            continue
        for d0 in range(9):
            if marks[cell] >> d0 & 1 and seen[0, d0, w] & seen[1, d0, w] & bit:
                removable[found] = cell * 9 + d0
                found += 1
    return found


@compiled
def _array(values: list[int]) -> np.ndarray:  # pragma: no cover - compiled
    found = np.empty(len(values), np.int64)
    for i in range(len(values)):
        found[i] = values[i]
    return found


@compiled
def _links_of(p: int, x_links: bool, y_links: bool, marks: np.ndarray, count: np.ndarray, paired: np.ndarray,
              partner: np.ndarray, partner_unit: np.ndarray, order_cells: np.ndarray, order_units: np.ndarray,
              link_keys: np.ndarray, link_units: np.ndarray) -> int:  # pragma: no cover - compiled
    """What potential ``p`` implies, in SE's order (``StaticLinks.turned_off``/``turned_on``), into
    its rows of ``link_keys`` (keys) and ``link_units`` (causes): how many."""
    cand = p >> 1
    cell, d0 = cand // 9, cand % 9
    n = 0
    on = p & 1
    if y_links and (on or count[cell] == 2):  # the cell's other candidates (turned off; on, if bivalue)
        for d in range(9):
            if d != d0 and marks[cell] >> d & 1:
                link_keys[p, n], link_units[p, n] = (cell * 9 + d) * 2 + 1 - on, CELL
                n += 1
    if on:  # then what "on" p turns off: its digit's peers
        for i in range(20):
            other = order_cells[cell, i]
            if marks[other] >> d0 & 1:
                link_keys[p, n], link_units[p, n] = (other * 9 + d0) * 2, order_units[cell, i]
                n += 1
    else:  # then what "off" p turns on: its conjugates
        for j in range(paired[cand] if x_links else 0):
            key = (partner[cand, j] * 9 + d0) * 2 + 1
            seen = False
            for k in range(n):
                seen |= link_keys[p, k] == key
            if not seen:
                link_keys[p, n], link_units[p, n] = key, partner_unit[cand, j]
                n += 1
    return n


@compiled
def _conjugates(marks: np.ndarray, units: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray
                                                                ]:  # pragma: no cover - compiled
    """Per cell its number of candidates, and per candidate its conjugates (a digit's other place
    in a unit where it has two): how many, the other cells, their units (units in order)."""
    count = np.zeros(81, np.int64)
    for cell in range(81):
        for d in range(9):
            count[cell] += marks[cell] >> d & 1
    paired = np.zeros(729, np.int64)
    partner = np.empty((729, 3), np.int64)
    partner_unit = np.empty((729, 3), np.int64)
    for unit in range(27):
        once = twice = more = 0  # the digits met at least once, twice, three times in the unit
        for i in range(9):
            m = marks[units[unit, i]]
            more |= twice & m
            twice |= once & m
            once |= m
        two = twice & ~more
        for d in range(9):
            if not two >> d & 1:
                continue
            first = -1
            for i in range(9):
                cell = units[unit, i]
                if marks[cell] >> d & 1:
                    if first < 0:
                        first = cell
                    else:
                        for a, b in ((first, cell), (cell, first)):
                            cand = a * 9 + d
                            partner[cand, paired[cand]] = b
                            partner_unit[cand, paired[cand]] = unit
                            paired[cand] += 1
                        break
    return count, paired, partner, partner_unit


screen: Screen | None = _load()

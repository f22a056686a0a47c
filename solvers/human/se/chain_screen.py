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
and the loops make no calls (a call passing a dozen arrays costs more than a short loop). A call
from Python costs more than most of these loops too, so each question is one call passing a few
arrays and returning a number: the grid goes in packed (bytes: cheaper to make than an array), the
tables are the kernels' constants, the kernels work in rows allocated once a thread (``Scratch``:
they also keep the last grid's analysis, which ``meets``, ``forcing`` and ``cycles`` read) and write
what they find, flat, into one of them (``out``), which Python reads as a list. (The 143,000
questions SE mode asks it on the forum's 20 hardest puzzles, replayed: 30 % less time than with
arrays made and returned at each call, and lists grown in the cycles' walks.)

Without numba (``jit.available``), ``screen`` is None and every grid goes through the Python analysis. The
module is imported only by nested chains, so a rating that never nests them never loads numba.

Potentials are numbered as in ``chain_core`` (``(cell * 9 + digit - 1) * 2 + on``); a set of
potentials is a row of 23 64-bit words, bit ``key``.
"""

from __future__ import annotations

import struct
import threading
from collections.abc import Callable

import numpy as np

from sudokit.solvers.human.se.chain_core import CELL, CELL_UNITS, PEER_ORDER, PEERS, UNITS
from sudokit.solvers.human.se.chain_hints import PLACE
from sudokit.solvers.human.se.chain_unary import Starts
from sudokit.solvers.human.se.jit import available, compiled

WORDS = 23  # 1,458 potentials, 64 a word
_PACK = struct.Struct("<81H").pack  # a grid as the compiled code takes it: 81 16-bit masks (bytes)

# The scratch rows the kernels work in, one set a thread (``Scratch``), allocated once: a call to a
# kernel allocating a dozen arrays, or returning a few, costs more than its short loops. Rows of
# ``ints`` (1,461 long; the first 81 or 729 used for a cell's or a candidate's):
_NODE, _KEYS, _FANOUT, _ORDER, _LOW, _IN_GROUP, _STACK, _MEMBERS, _FIRST, _WALK, _WALK_AT = range(11)
_GROUP, _MARKS, _COUNT, _PAIRED, _PARTNER, _PARTNER_UNIT = 11, 12, 13, 14, 15, 18  # (partner: 3 rows each)
_MERGED, _CYCLING, _PER_DIGIT, _REACHED, _QUEUE, _PARENT, _CAUSE, _LINKED, _LINE = range(21, 30)
_INTS = 30
# of ``flags`` (bool):
_STRONG, _STACKED, _RETURNING, _STARTING, _MEETS, _ABSURD, _KNOWN, _TO_ON = 0, 1, 2, 3, 6, 7, 8, 9  # (starting: 3)
_FLAGS = 10
# of ``bits`` (sets of potentials): what each group reaches (rows 0 to 1,458), what each "on" reaches
# (``_meets``: 729 rows), then single sets
_REACH, _ON_REACH = 0, 1459
_WEAK, _OFFS, _ON_SEEN, _OFF_SEEN, _COMMON = range(_ON_REACH + 729, _ON_REACH + 734)
_BITS = _ON_REACH + 734


class Scratch:
    """One thread's rows for the kernels, and the grid whose analysis they hold (``grid``, None: none)."""

    def __init__(self) -> None:
        self.grid: tuple[int, ...] | None = None
        self.packed = b""
        self.ints = np.zeros((_INTS, 1461), np.int64)
        self.flags = np.zeros((_FLAGS, 1458), np.bool_)
        self.bits = np.zeros((_BITS, WORDS), np.uint64)
        self.succ = np.zeros((1458, 28), np.int64)  # per node its successors (``_analyse``)
        self.links = np.zeros((2, 1458, 28), np.int64)  # per potential its links' keys and causes (``_links_of``)
        self.nodes = np.zeros((3, 1 + 1458 * 29), np.int64)  # a cycle walk's nodes (``_cycles``: each "on"
        # once, each "off" once a link from one: 28 at most)
        self.out = np.zeros(1 << 14, np.int64)  # what a kernel found, flat (grown when too short)


class Screen:
    """The compiled analysis of a grid's static links (the grid: 81 candidate masks)."""

    def __init__(self, analyse: Callable, forcing: Callable, cycles: Callable):
        self._analyse, self._forcing, self._cycles = analyse, forcing, cycles
        self._local = threading.local()

    def _scratch(self, grid: tuple[int, ...]) -> Scratch:
        """This thread's scratch, ``packed`` set to ``grid`` (a producer asks about one grid several times)."""
        scratch = getattr(self._local, "scratch", None)
        if scratch is None:
            scratch = self._local.scratch = Scratch()
        if scratch.grid is not grid and scratch.grid != grid:
            scratch.grid, scratch.packed = None, _PACK(*grid)
        return scratch

    def _run(self, scratch: Scratch, grid: tuple[int, ...], want_meets: bool) -> int:
        """``_analyse`` of ``grid`` into ``scratch`` (the groups and reach kept: the grid's already,
        for ``want_meets``, its analysis is not made again)."""
        analysed = want_meets and scratch.grid is not None
        scratch.grid = grid
        while (found := self._analyse(scratch.packed, want_meets, analysed, scratch.ints, scratch.flags,
                                      scratch.bits, scratch.succ, scratch.out)) < 0:
            scratch.out = np.zeros(2 * len(scratch.out), np.int64)
        return found

    def starts(self, grid: tuple[int, ...]) -> Starts | None:
        """What ``unary_hints`` walks from in the grid (as ``chain_unary.starts``), or None when
        it walks nothing."""
        scratch = self._scratch(grid)
        size = self._run(scratch, grid, False)
        if not size:
            return None
        flat = scratch.out[:size].tolist()
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

    def meets(self, grid: tuple[int, ...]) -> np.ndarray | None:
        """Per cell, whether static cell or region chains from it may meet (``not
        chaining._static_quiet``; False for cells with fewer than three candidates), or None
        when none may."""
        scratch = self._scratch(grid)
        return scratch.flags[_MEETS, :81].copy() if self._run(scratch, grid, True) else None

    def forcing(self, grid: tuple[int, ...], y_links: bool, sources: list[int]) -> dict[int, list[int]]:
        """Per source (a key) from which ``chain_unary._forcing_target`` walks a forcing chain with
        X-links (and Y-links), in the order of ``sources``: its potentials after the source as a
        flat line (key, cause, key, cause, …: one object a chain, as ``LineHint`` keeps it)."""
        scratch = self._analysed(grid)
        chosen = np.array(sources, dtype=np.int64)
        while (size := self._forcing(y_links, chosen, scratch.ints, scratch.bits, scratch.links, scratch.out)) < 0:
            scratch.out = np.zeros(2 * len(scratch.out), np.int64)
        flat, at = scratch.out[:size].tolist(), 0
        found: dict[int, list[int]] = {}
        while at < size:  # per chain found: its source's number, its length, its line
            found[sources[flat[at]]] = flat[at + 2:at + 2 + flat[at + 1]]
            at += 2 + flat[at + 1]
        return found

    def cycles(self, grid: tuple[int, ...], y_links: bool, x_links: bool, starts: list[int]
               ) -> list[list[tuple[list[int], tuple[tuple[int, int], ...]]]]:
        """Per start (an "on" key), the cycles ``chain_unary._cycles`` walks back to it within its
        strongly connected group (as ``starts`` found them) that remove something: each its
        potentials after the start as a flat line (key, cause, key, cause, …), the start again
        last, and what it removes (as ``chain_unary._cycle_removals``)."""
        scratch = self._analysed(grid)
        chosen = np.array(starts, dtype=np.int64)
        while (size := self._cycles(y_links, x_links, chosen, scratch.ints, scratch.flags, scratch.links,
                                    scratch.nodes, scratch.out)) < 0:
            scratch.out = np.zeros(2 * len(scratch.out), np.int64)
        flat, at = scratch.out[:size].tolist(), 0
        found = []
        for _ in starts:  # per start how many cycles; per cycle its line's length, its line, how many it removes, those
            cycles, count = [], flat[at]
            at += 1
            for _ in range(count):
                length = flat[at]
                line = flat[at + 1:at + 1 + length]
                removed = flat[at + 1 + length]
                at += 2 + length
                cycles.append((line, tuple(PLACE[i] for i in flat[at:at + removed])))
                at += removed
            found.append(cycles)
        return found

    def _analysed(self, grid: tuple[int, ...]) -> Scratch:
        """This thread's scratch holding the analysis of ``grid`` (as ``starts`` makes it)."""
        scratch = self._scratch(grid)
        if scratch.grid is None:
            self._run(scratch, grid, False)
        return scratch

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


def _tables() -> tuple[np.ndarray, ...]:
    """The kernels' tables (the compiled code holds them as constants): units, each cell's peers
    (sorted), sinks, the "off"s of a candidate's digit in its peers, each cell's peers in SE's
    order and the units it meets them in, each cell's peers as bits."""
    units, _, order_cells, order_units = link_tables()
    peers = np.array([sorted(PEERS[cell]) for cell in range(81)], dtype=np.int64)
    return units, peers, sink_table(), sink_table(same_cell=False), order_cells, order_units, peer_bits()


_UNITS, _PEERS, _SINKS, _PEER_OFFS, _ORDER_CELLS, _ORDER_UNITS, _PEER_BITS = (
    _tables() if available() else (np.zeros((0, 0), np.int64),) * 7)


def _load() -> Screen | None:
    if not available():
        return None
    found = Screen(compiled(_analyse), compiled(_forcing), compiled(_cycles))
    full = (511,) * 81  # each compiled function run once: compiled (or read from numba's cache) now
    found.starts(full), found.meets(full), found.forcing(full, True, [1]), found.cycles(full, True, True, [1])
    return found


def _analyse(packed: bytes, want_meets: bool, analysed: bool, ints: np.ndarray, flags: np.ndarray, bits: np.ndarray,
             succ: np.ndarray, out: np.ndarray) -> int:  # pragma: no cover - compiled
    """The links of the grid (``packed``) with X- and Y-links, as ``StaticLinks(marks, True, True)``,
    into the scratch rows (``Scratch``): its candidates, their conjugates, each potential's strongly
    connected group (-1: none) and what each group reaches (a set of potentials per group; ``analysed``:
    these are the grid's already). Then, ``want_meets``: which cells' static chains may meet, and
    whether any may (1, else 0); else whether ``unary_hints`` walks anything: 0 when not, else the
    length of where it walks from, in ``out`` (as ``Screen.starts`` reads it; -1: ``out`` is too
    short). The strong candidates' potentials are numbered (nodes, in the order of their keys) so
    that the groups are found among them alone."""
    marks, count, group, reach = ints[_MARKS], ints[_COUNT], ints[_GROUP], bits[_REACH:_ON_REACH]
    strong, weak = flags[_STRONG], bits[_WEAK]
    if not analysed:
        for cell in range(81):
            marks[cell] = np.int64(packed[2 * cell]) | np.int64(packed[2 * cell + 1]) << 8
        _conjugates(marks, ints)
        _groups(marks, ints, flags, bits, succ)
    if want_meets:
        meets = flags[_MEETS]
        meets[:81] = False
        _meets(marks, count, strong, weak, group, reach, flags[_ABSURD], flags[_KNOWN], bits[_ON_REACH:_ON_REACH + 729],
               bits[_COMMON], ints[_PER_DIGIT], meets)
        for cell in range(81):
            if meets[cell]:
                return 1
        return 0
    return _walks(count, ints, flags, bits, out)


@compiled
def _groups(marks: np.ndarray, ints: np.ndarray, flags: np.ndarray, bits: np.ndarray,
            succ: np.ndarray) -> None:  # pragma: no cover - compiled
    """The grid's strong candidates (each with its conjugates, or in a bivalue cell) and their
    potentials (nodes), the links among these, their strongly connected groups (Tarjan's, numbered
    successors first: per node ``_IN_GROUP``, per potential ``_GROUP``, per group its nodes
    ``_MEMBERS`` from ``_FIRST``), and what each group reaches (``_REACH``: its members, the groups
    they link to, the weak "off"s its "on"s imply; numbers of groups and nodes in ``ints[_FIRST, 1459:]``)."""
    count, paired = ints[_COUNT], ints[_PAIRED]
    strong, weak, offs = flags[_STRONG], bits[_WEAK], bits[_OFFS]  # weak: the "off"s of the candidates that
    # are not strong (they imply nothing); offs: the "off"s of every candidate
    node, keys = ints[_NODE], ints[_KEYS]  # per potential of a strong candidate, its node; per node, its potential
    strong[:729] = False
    weak[:] = 0
    offs[:] = 0
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
    # the links among the strong potentials (nodes): an "on" has 20 peers, 8 other digits
    fanout = ints[_FANOUT]
    fanout[:nodes] = 0
    for off_node in range(0, nodes, 2):
        cand = keys[off_node] >> 1
        cell, d0 = cand // 9, cand % 9
        on_node = off_node + 1
        for i in range(paired[cand]):
            succ[off_node, fanout[off_node]] = node[(ints[_PARTNER + i, cand] * 9 + d0) * 2 + 1]
            fanout[off_node] += 1
        if count[cell] == 2:
            for d in range(9):
                if d != d0 and marks[cell] >> d & 1:
                    succ[off_node, fanout[off_node]] = node[(cell * 9 + d) * 2 + 1]
                    fanout[off_node] += 1
        for i in range(20):
            other = _PEERS[cell, i] * 9 + d0
            if strong[other]:
                succ[on_node, fanout[on_node]] = node[other * 2]
                fanout[on_node] += 1
        for d in range(9):
            if d != d0 and strong[cell * 9 + d]:
                succ[on_node, fanout[on_node]] = node[(cell * 9 + d) * 2]
                fanout[on_node] += 1
    # Tarjan's strongly connected groups, numbered successors first
    order, low, in_group, stack = ints[_ORDER], ints[_LOW], ints[_IN_GROUP], ints[_STACK]
    members, starts, walk, walk_at = ints[_MEMBERS], ints[_FIRST], ints[_WALK], ints[_WALK_AT]
    stacked = flags[_STACKED]
    order[:nodes] = -1
    stacked[:nodes] = False
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
    starts[1459], starts[1460] = groups, nodes
    group = ints[_GROUP]
    group[:] = -1
    for i in range(nodes):
        group[keys[i]] = in_group[i]
    # what each group reaches: its members, the groups they link to, the weak "off"s its "on"s imply
    reach = bits[_REACH:_REACH + groups + 1]
    reach[:] = 0
    merged = ints[_MERGED]  # per group, the last group its reach was merged into
    merged[:groups + 1] = -1
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
                    reach[g, w] |= _SINKS[key >> 1, w] & weak[w]


@compiled
def _walks(count: np.ndarray, ints: np.ndarray, flags: np.ndarray, bits: np.ndarray,
           out: np.ndarray) -> int:  # pragma: no cover - compiled
    """Where ``unary_hints`` walks from (``_groups``' groups): 0 when it walks nothing, else the
    length of what ``Screen.starts`` reads in ``out`` (-1: ``out`` is too short): the returning keys,
    each kind's cycle starts, the groups of those (each how many, then its keys; the groups: their
    members)."""
    keys, in_group, members, starts = ints[_KEYS], ints[_IN_GROUP], ints[_MEMBERS], ints[_FIRST]
    groups, nodes = starts[1459], starts[1460]
    reach, weak, offs = bits[_REACH:_REACH + groups + 1], bits[_WEAK], bits[_OFFS]
    returning = flags[_RETURNING]
    returning[:] = False
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
            found = reach[reached, w] & _SINKS[cand, w] & weak[w]
            if found:
                for b in range(0, 64, 2):
                    if found >> np.uint64(b) & np.uint64(1):
                        key = w * 64 + b + 1
                        returning[key] = True
                        walks |= count[(key >> 1) // 9] >= 2
    # per kind of links (X, Y, XY), the candidates whose "on" may start a cycle that removes something
    # (``chain_unary._cycle_starts``): a candidate must see an "on" and an "off" of its digit in the group
    cycle_x, cycle_y, cycle_xy = flags[_STARTING], flags[_STARTING + 1], flags[_STARTING + 2]
    cycle_x[:729] = False
    cycle_y[:729] = False
    cycle_xy[:729] = False
    on_seen, off_seen = bits[_ON_SEEN], bits[_OFF_SEEN]
    per_digit = ints[_PER_DIGIT]
    cycling = ints[_CYCLING]  # the groups whose "on"s start cycles
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
                    on_seen[w] |= _PEER_OFFS[key >> 1, w]
            else:
                for w in range(WORDS):
                    off_seen[w] |= _PEER_OFFS[key >> 1, w]
        removes = False
        for w in range(WORDS):
            if on_seen[w] & off_seen[w] & offs[w]:
                removes = True
        if not removes:
            continue
        cycling[cycled] = g
        cycled += 1
        per_digit[:9] = 0
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
        return 0
    if len(out) < 1 + 1458 + 3 * 730 + cycled + nodes:
        return -1
    size = 1
    for key in range(1458):
        if returning[key]:
            out[size] = key
            size += 1
    out[0] = size - 1
    for kind in range(3):
        at = size
        size += 1
        for cand in range(729):
            if flags[_STARTING + kind, cand]:
                out[size] = cand * 2 + 1
                size += 1
        out[at] = size - at - 1
    for i in range(cycled):
        g = cycling[i]
        out[size] = starts[g + 1] - starts[g]
        size += 1
        for j in range(starts[g], starts[g + 1]):
            out[size] = keys[members[j]]
            size += 1
    return size


@compiled
def _meets(marks: np.ndarray, count: np.ndarray, strong: np.ndarray, weak: np.ndarray, group: np.ndarray,
           reach: np.ndarray, absurd: np.ndarray, known: np.ndarray, on_reach: np.ndarray, common: np.ndarray,
           chosen: np.ndarray, meets: np.ndarray) -> None:  # pragma: no cover - compiled
    """Per cell, whether the reach of its starts may meet (``StaticLinks.may_meet``), into ``meets``:
    its candidates' (cells with three or more: static multiple chains start from those), then the
    places of a digit in a unit whose first place is such a cell (whose own chains do not meet):
    whether the "on" walks from them meet one contradiction or all reach something in common
    (what each "on" reaches found once, in ``on_reach``; ``known``, ``absurd``: per candidate,
    whether found, whether it meets a contradiction)."""
    absurd[:729] = False
    known[:729] = False
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
                other = _UNITS[unit, i]
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
                        on_reach[cand, w] = _SINKS[cand, w] & weak[w]
                    on_reach[cand, on >> 6] |= np.uint64(1) << np.uint64(on & 63)
                    cell, d0 = cand // 9, cand % 9
                    for j in range(28):  # its digit's peers, its cell's other digits
                        other = _PEERS[cell, j] * 9 + d0 if j < 20 else cell * 9 + j - 20 + (j - 20 >= d0)
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


def _forcing(y_links: bool, sources: np.ndarray, ints: np.ndarray, bits: np.ndarray, links: np.ndarray,
             out: np.ndarray) -> int:  # pragma: no cover - compiled
    """``Screen.forcing``'s walks (``chain_unary._forcing_target``: breadth first, "on"s and "off"s
    in turn, the links in SE's order, each potential reached once) in the analysed grid (``Scratch``),
    into ``out``: per source whose chain was found, its number, the length of its flat line, and the
    line (key, cause, key, cause, …: two entries a potential); the length of it all (-1: ``out`` is
    too short). A potential that cannot reach the source's negation with X- and Y-links (``_GROUP``,
    ``_REACH``: ``_analyse``'s) is not walked on: whatever links to a potential that can, can too,
    so those are reached in the same order, by the same links."""
    group, reach = ints[_GROUP], bits[_REACH:_ON_REACH]
    parent, cause_of, queue = ints[_PARENT], ints[_CAUSE], ints[_QUEUE]
    reached = ints[_REACHED]  # per potential, the last walk (source's number) that reached it
    linked = ints[_LINKED]  # per potential, how many links it has, once the walks met it
    link_keys, link_units = links[0], links[1]  # and those links (the walks share them)
    reached[:1458] = -1
    linked[:1458] = -1
    size = 0
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
                linked[p] = _links_of(p, True, y_links, ints, link_keys, link_units)
            for k in range(linked[p]):
                key = link_keys[p, k]
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
            length = 0
            key = goal
            while key != source:
                length += 1
                key = parent[key]
            if size + 2 + 2 * length > len(out):
                return -1
            out[size], out[size + 1] = s, 2 * length
            at = size + 2 * length
            key = goal
            while key != source:  # from the goal back: the line's end first
                out[at], out[at + 1] = key, cause_of[key]
                at -= 2
                key = parent[key]
            size += 2 + 2 * length
    return size


def _cycles(y_links: bool, x_links: bool, starts: np.ndarray, ints: np.ndarray, flags: np.ndarray, links: np.ndarray,
            nodes: np.ndarray, out: np.ndarray) -> int:  # pragma: no cover - compiled
    """``Screen.cycles``' walks (``chain_unary._cycles``, within each start's strongly connected
    group: ``_GROUP``) in the analysed grid (``Scratch``), of the cycles that remove something
    (``_removals``), into ``out``: per start how many cycles, per cycle the length of its flat line
    (key, cause, key, cause, …: its potentials after the start, the start again last), the line,
    how many candidates it removes, and those; the length of it all (-1: ``out`` is too short). A
    walk's nodes (potential, cause, parent) are rows of ``nodes``, in the order added: the "off"s of
    a step, then its "on"s, each step going on from the range of the last."""
    marks, group = ints[_MARKS], ints[_GROUP]
    linked = ints[_LINKED]  # per potential, how many links it has, once the walks met it
    link_keys, link_units = links[0], links[1]  # and those links (the walks share them)
    linked[:1458] = -1
    node_key, node_cause, node_parent = nodes[0], nodes[1], nodes[2]  # the walk's nodes: potential, cause, parent
    to_on = flags[_TO_ON]
    line = ints[_LINE]
    seen = np.empty((2, 9, 3), np.int64)
    removable = ints[_QUEUE]  # what one cycle removes
    size = 0
    for s in range(len(starts)):
        start = starts[s]
        within = group[start]
        node_key[0], node_cause[0], node_parent[0] = start, 0, -1
        added = 1
        to_on[:1458] = False
        to_on[start] = True
        on_from, on_to = 0, 1  # the "on"s to go on from: the nodes added last, in order
        length = 0
        if size >= len(out):
            return -1
        header = size  # how many cycles
        out[header] = 0
        size += 1
        while on_to > on_from:
            length += 2
            off_from = added  # the "off"s added now
            for p in range(on_from, on_to):
                at = node_key[p]
                if linked[at] < 0:
                    linked[at] = _links_of(at, x_links, y_links, ints, link_keys, link_units)
                for k in range(linked[at]):
                    key = link_keys[at, k]
                    if group[key] != within:
                        continue
                    q = p
                    while node_parent[q] >= 0 and node_key[node_parent[q]] != key:
                        q = node_parent[q]
                    if node_parent[q] < 0:  # not on its own way back
                        node_key[added], node_cause[added], node_parent[added] = key, link_units[at, k], p
                        added += 1
            off_to = on_from = added
            for p in range(off_from, off_to):
                at = node_key[p]
                if linked[at] < 0:
                    linked[at] = _links_of(at, x_links, y_links, ints, link_keys, link_units)
                for k in range(linked[at]):
                    key = link_keys[at, k]
                    if length >= 4 and key == start:
                        steps = 0
                        q = p
                        while q > 0:
                            line[steps] = q
                            steps += 1
                            q = node_parent[q]
                        removed = _removals(marks, node_key, line, steps, key, seen, removable)
                        if removed:
                            if size + 4 + 2 * steps + removed > len(out):
                                return -1
                            out[header] += 1
                            out[size] = 2 * steps + 2
                            size += 1
                            for i in range(steps - 1, -1, -1):
                                out[size], out[size + 1] = node_key[line[i]], node_cause[line[i]]
                                size += 2
                            out[size], out[size + 1] = key, link_units[at, k]
                            out[size + 2] = removed
                            size += 3
                            for i in range(removed):
                                out[size + i] = removable[i]
                            size += removed
                    if not to_on[key] and group[key] == within:
                        node_key[added], node_cause[added], node_parent[added] = key, link_units[at, k], p
                        added += 1
                        to_on[key] = True
            on_to = added
    return size


@compiled
def _removals(marks: np.ndarray, node_key: np.ndarray, line: np.ndarray, size: int, start: int, seen: np.ndarray,
              removable: np.ndarray) -> int:  # pragma: no cover - compiled
    """What the cycle through the nodes ``line[:size]`` (from its end back) and ``start`` removes
    (``chain_unary._cycle_removals``): the candidates outside its cells that see an "on" and an
    "off" of their digit on it, each ``cell * 9 + digit - 1``, by cell then digit, into
    ``removable``: how many (``_PEER_BITS``: per cell, its peers as bits, 27 cells a word)."""
    seen[:] = 0  # per "off"/"on" and digit, the cells that see one
    inside0 = inside1 = inside2 = 0
    for i in range(size + 1):
        key = node_key[line[i]] if i < size else start
        cell, d0 = (key >> 1) // 9, (key >> 1) % 9
        if cell < 27:
            inside0 |= 1 << cell
        elif cell < 54:
            inside1 |= 1 << cell - 27
        else:
            inside2 |= 1 << cell - 54
        for w in range(3):
            seen[key & 1, d0, w] |= _PEER_BITS[cell, w]
    found = 0
    for cell in range(81):
        w, bit = cell // 27, 1 << cell % 27
        if (inside0 if w == 0 else inside1 if w == 1 else inside2) & bit:
            continue
        for d0 in range(9):
            if marks[cell] >> d0 & 1 and seen[0, d0, w] & seen[1, d0, w] & bit:
                removable[found] = cell * 9 + d0
                found += 1
    return found


@compiled
def _links_of(p: int, x_links: bool, y_links: bool, ints: np.ndarray, link_keys: np.ndarray,
              link_units: np.ndarray) -> int:  # pragma: no cover - compiled
    """What potential ``p`` implies, in SE's order (``StaticLinks.turned_off``/``turned_on``), into
    its rows of ``link_keys`` (keys) and ``link_units`` (causes): how many (the grid and its
    conjugates: ``_analyse``'s)."""
    marks, count, paired = ints[_MARKS], ints[_COUNT], ints[_PAIRED]
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
            other = _ORDER_CELLS[cell, i]
            if marks[other] >> d0 & 1:
                link_keys[p, n], link_units[p, n] = (other * 9 + d0) * 2, _ORDER_UNITS[cell, i]
                n += 1
    else:  # then what "off" p turns on: its conjugates
        for j in range(paired[cand] if x_links else 0):
            key = (ints[_PARTNER + j, cand] * 9 + d0) * 2 + 1
            seen = False
            for k in range(n):
                seen |= link_keys[p, k] == key
            if not seen:
                link_keys[p, n], link_units[p, n] = key, ints[_PARTNER_UNIT + j, cand]
                n += 1
    return n


@compiled
def _conjugates(marks: np.ndarray, ints: np.ndarray) -> None:  # pragma: no cover - compiled
    """Per cell its number of candidates (``_COUNT``), and per candidate its conjugates (a digit's
    other place in a unit where it has two): how many (``_PAIRED``), the other cells
    (``_PARTNER`` rows), their units (``_PARTNER_UNIT`` rows; units in order)."""
    count, paired = ints[_COUNT], ints[_PAIRED]
    for cell in range(81):
        m = marks[cell]
        n = 0
        for d in range(9):
            n += m >> d & 1
        count[cell] = n
    paired[:729] = 0
    for unit in range(27):
        once = twice = more = 0  # the digits met at least once, twice, three times in the unit
        for i in range(9):
            m = marks[_UNITS[unit, i]]
            more |= twice & m
            twice |= once & m
            once |= m
        two = twice & ~more
        for d in range(9):
            if not two >> d & 1:
                continue
            first = -1
            for i in range(9):
                cell = _UNITS[unit, i]
                if marks[cell] >> d & 1:
                    if first < 0:
                        first = cell
                    else:
                        for a, b in ((first, cell), (cell, first)):
                            cand = a * 9 + d
                            ints[_PARTNER + paired[cand], cand] = b
                            ints[_PARTNER_UNIT + paired[cand], cand] = unit
                            paired[cand] += 1
                        break


screen: Screen | None = _load()

"""The ALS moves' searches, compiled (numba), on a 9x9 grid: the sets of ``View.als`` found from the
marks (``_enumerate``) with their restricted commons (``models.graph.restricted_commons``), the scans
of ``techniques.als.als_xz`` and ``als_xy_wing`` for the next pair (or wing pair) that eliminates
something, the search of ``als_chain`` (``chain_hits``, with the ends of ``als._partners``), and the
Sue de Coqs of the box-lines whose marks changed (``als._sue_de_coq_at``'s, all at once).

The sets come as their cells (``ptr[k]:ptr[k + 1]`` of ``idx``), the marks and every bitset of cells
(a set's cells, a digit's places in it, the cells seeing them all, each digit's holders, each cell's
peers) as rows of 64-bit words. ``Sets`` holds what the scans read, per state. The Python code
(``techniques.als``) stays the reference and builds the steps from the positions found here (the
sets it names made then); imported only when the compiled code is built (it loads numba). Arrays a
kernel fills are given to it sized, and sized again when it tells that they were short (a kernel
that grows an array in its loops runs slower).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from sudokit.models.graph import peer_bits
from sudokit.models.grid import geometry
from sudokit.solvers.human.basics_compiled import member, popcount
from sudokit.solvers.human.loops_compiled import words
from sudokit.solvers.human.se.jit import compiled
from sudokit.solvers.human.techniques.als import _digit_names, sue_de_coq_cells

if TYPE_CHECKING:
    from sudokit.solvers.human.view import View


_DE_BRUIJN = 0x03F79D71B4CB0A89  # its 64 windows of 6 bits are all different
_POSITIONS = np.zeros(64, dtype=np.int64)  # per window of a one-bit word times ``_DE_BRUIJN``, the bit's position
for _at in range(64):
    _POSITIONS[(_DE_BRUIJN << _at) % (1 << 64) >> 58] = _at


@compiled
def _index(bit):
    """The position of a word's one bit."""
    return _POSITIONS[(bit * _DE_BRUIJN) >> 58 & 63]


@compiled
def _enumerate(marks, units, size):
    """``View.als``'s sets as their cells (``idx[ptr[k]:ptr[k + 1]]``): unit by unit (rows, columns,
    boxes), the subsets of its open cells depth first holding one digit more than cells; a set met
    again left out (a bivalue cell in its column or box, a box's set within one row or column)."""
    ptr, idx = np.empty(1024, dtype=np.int64), np.empty(4096, dtype=np.int64)
    count, used = _listed(ptr, idx, marks, units, size)
    if count >= ptr.shape[0] or used > idx.shape[0]:
        ptr, idx = np.empty(count + 1, dtype=np.int64), np.empty(used, dtype=np.int64)
        _listed(ptr, idx, marks, units, size)
    return ptr[:count + 1].copy(), idx[:used].copy()


@compiled
def _listed(ptr, idx, marks, units, size):
    """``_enumerate``'s sets written in ``ptr`` and ``idx`` as far as they go: how many sets and cells there are."""
    open_cells = np.empty(size, dtype=np.int64)
    chosen = np.empty(size, dtype=np.int64)  # the subset's positions among the open cells
    unions = np.empty(size, dtype=np.int64)  # the candidates of its first 1, 2 … positions
    count, used = 0, 0  # sets, cells
    ptr[0] = 0
    for u in range(units.shape[0]):
        n = 0
        for c in units[u]:
            if marks[c]:
                open_cells[n] = c
                n += 1
        if n == 0:
            continue
        depth, chosen[0] = 0, 0
        while True:
            union = marks[open_cells[chosen[depth]]] | (unions[depth - 1] if depth else 0)
            unions[depth] = union
            if popcount(union) == depth + 2 and depth + 1 < size and _first_time(open_cells, chosen, depth, u, size):
                for k in range(depth + 1):
                    if used + k < idx.shape[0]:
                        idx[used + k] = open_cells[chosen[k]]
                used += depth + 1
                count += 1
                if count < ptr.shape[0]:
                    ptr[count] = used
            depth = _next_subset(chosen, depth, n)
            if depth < 0:
                break
    return count, used


@compiled
def _next_subset(chosen, depth, n):
    """The next subset of ``n`` positions depth first (``graph.unit_subsets``' order) after the one in
    ``chosen[:depth + 1]``, made there: its last index, or -1 after the last subset."""
    if chosen[depth] < n - 1:  # deeper
        chosen[depth + 1] = chosen[depth] + 1
        return depth + 1
    if depth == 0:
        return -1
    chosen[depth - 1] += 1  # back up, and on to the next position
    return depth - 1


@compiled
def _first_time(open_cells, chosen, depth, unit, size):
    """Whether a subset of a unit's open cells is met here first: a column's set (one cell, as any set
    in two lines) lies in its row too, a box's set within one line in that line."""
    if unit < size:
        return True
    if unit < 2 * size:
        return depth > 0
    row, col = open_cells[chosen[0]] // size, open_cells[chosen[0]] % size
    same_row, same_col = True, True
    for k in range(1, depth + 1):
        c = open_cells[chosen[k]]
        if c // size != row:
            same_row = False
        if c % size != col:
            same_col = False
    return not (same_row or same_col)


@compiled
def _holders(marks, size, width):
    """Per digit (index 1 … N), the cells holding it (words)."""
    found = np.zeros((size + 1, width), dtype=np.int64)
    for c in range(marks.shape[0]):
        for d in range(1, size + 1):
            if marks[c] >> (d - 1) & 1:
                found[d, c >> 6] |= np.int64(1) << (c & 63)
    return found


@compiled
def _sets(marks, units, peers, size):
    """``Sets``'s arrays of some marks: the sets (``_enumerate``), the digits' holders, what
    ``_prepare`` finds and the restricted commons (``_commons``) with the set each is of."""
    ptr, idx = _enumerate(marks, units, size)
    holders = _holders(marks, size, peers.shape[1])
    bits, masks, places, seen, seen_digits = _prepare(ptr, idx, marks, holders, peers, size)
    at, near, digits = _commons(bits, masks, places, seen, size)
    owner = np.empty(near.shape[0], dtype=np.int64)
    for k in range(masks.shape[0]):
        owner[at[k]:at[k + 1]] = k
    return ptr, idx, bits, masks, seen, seen_digits, holders, at, near, digits, owner


@compiled
def _prepare(ptr, idx, marks, holders, peers, size):
    """Per set: its cells, its digits (a mask), per digit its places and the cells seeing them all,
    and the digits with a holder seeing them all (``_seen_digits``)."""
    n, width = ptr.shape[0] - 1, peers.shape[1]
    bits = np.zeros((n, width), dtype=np.int64)
    masks = np.zeros(n, dtype=np.int64)
    places = np.zeros((n, size + 1, width), dtype=np.int64)
    seen = np.zeros((n, size + 1, width), dtype=np.int64)
    seen_digits = np.zeros(n, dtype=np.int64)
    for k in range(n):
        mask = 0
        for p in range(ptr[k], ptr[k + 1]):
            mask |= marks[idx[p]]
        masks[k] = mask
        rest = mask
        while rest:
            d = _index(rest & -rest) + 1
            rest &= rest - 1
            for w in range(width):
                seen[k, d, w] = -1
        for p in range(ptr[k], ptr[k + 1]):
            c = idx[p]
            bit = np.int64(1) << (c & 63)
            bits[k, c >> 6] |= bit
            held = marks[c]
            while held:
                d = _index(held & -held) + 1
                held &= held - 1
                places[k, d, c >> 6] |= bit
                for w in range(width):
                    seen[k, d, w] &= peers[c, w]
        rest = mask
        while rest:
            d = _index(rest & -rest) + 1
            rest &= rest - 1
            for w in range(width):
                if seen[k, d, w] & holders[d, w]:
                    seen_digits[k] |= 1 << (d - 1)
                    break
    return bits, masks, places, seen, seen_digits


@compiled
def _pairs(keys, bits, masks, places, seen, size):
    """The restricted commons (first set, second set, digit) of the sets, as one number each
    ((first * sets + second) * 32 + digit), in ``keys`` as far as it goes: how many there are.

    Found as ``graph.restricted_commons`` finds them, per digit, each set tried against the sets
    before it filed under their first cell holding it (the cells it sees); the sets holding the digit
    in the same cells filed as one group, tried at once."""
    n, width = masks.shape[0], bits.shape[1]
    head = np.empty(64 * width, dtype=np.int64)  # per cell, the last group filed under it
    firsts = np.empty(width, dtype=np.int64)  # the cells groups are filed under
    held = np.empty((n, width), dtype=np.int64)  # per group, the cells holding the digit
    filed = np.empty(n, dtype=np.int64)  # per group, the one filed before it under the same cell
    last = np.empty(n, dtype=np.int64)  # per group, its last set
    before = np.empty(n, dtype=np.int64)  # per set, the one before it in its group
    count = 0
    for d in range(1, size + 1):
        head[:] = -1
        firsts[:] = 0
        groups = 0
        for j in range(n):
            if not masks[j] >> (d - 1) & 1:
                continue
            for w in range(width):
                word = seen[j, d, w] & firsts[w]
                while word:
                    low = word & -word
                    word ^= low
                    g = head[64 * w + _index(low)]
                    while g >= 0:
                        inside = True
                        for v in range(width):
                            if held[g, v] & ~seen[j, d, v]:
                                inside = False
                        i = last[g] if inside else -1
                        while i >= 0:
                            apart = True
                            for v in range(width):
                                if bits[i, v] & bits[j, v]:
                                    apart = False
                            if apart:
                                if count < keys.shape[0]:
                                    keys[count] = (i * n + j) * 32 + d
                                count += 1
                            i = before[i]
                        g = filed[g]
            for w in range(width):
                if places[j, d, w]:
                    cell = 64 * w + _index(places[j, d, w] & -places[j, d, w])
                    g = head[cell]
                    while g >= 0:
                        same = True
                        for v in range(width):
                            if held[g, v] != places[j, d, v]:
                                same = False
                        if same:
                            break
                        g = filed[g]
                    if g < 0:  # a new group
                        g, groups = groups, groups + 1
                        for v in range(width):
                            held[g, v] = places[j, d, v]
                        filed[g], head[cell], last[g] = head[cell], g, -1
                        firsts[w] |= places[j, d, w] & -places[j, d, w]
                    before[j], last[g] = last[g], j
                    break
    return count


@compiled
def _commons(bits, masks, places, seen, size):
    """The restricted commons of every pair of disjoint sets (``graph.restricted_commons``): per set,
    its partners and their digits (a mask), flattened (``near[at[k]:at[k + 1]]``, ``digits`` beside),
    each set's in the order of its pairs by lowest digit, then first set, then second."""
    n = masks.shape[0]
    keys = np.empty(4096, dtype=np.int64)
    count = _pairs(keys, bits, masks, places, seen, size)
    if count > keys.shape[0]:
        keys = np.empty(count, dtype=np.int64)
        _pairs(keys, bits, masks, places, seen, size)
    keys = np.sort(keys[:count])  # by pair, then digit
    first = np.empty(count, dtype=np.int64)
    second = np.empty(count, dtype=np.int64)
    found = np.zeros(count, dtype=np.int64)
    pairs = -1
    for p in range(count):
        pair, d = keys[p] >> 5, keys[p] & 31
        if p == 0 or keys[p - 1] >> 5 != pair:
            pairs += 1
            first[pairs], second[pairs] = pair // n, pair % n
        found[pairs] |= 1 << (d - 1)
    count = pairs + 1
    degree = np.zeros(n + 1, dtype=np.int64)
    for p in range(count):
        degree[first[p] + 1] += 1
        degree[second[p] + 1] += 1
    at = np.cumsum(degree)
    fill = at[:-1].copy()
    near = np.empty(2 * count, dtype=np.int64)
    digits_out = np.empty(2 * count, dtype=np.int64)
    for d in range(size):  # pairs by lowest digit, then by first set and second (the order found)
        for p in range(count):
            low = found[p] & -found[p]
            if low != 1 << d:
                continue
            i, j = first[p], second[p]
            near[fill[i]], digits_out[fill[i]] = j, found[p]
            fill[i] += 1
            near[fill[j]], digits_out[fill[j]] = i, found[p]
            fill[j] += 1
    return at, near, digits_out


@compiled
def _hits(a, b, zs, outside, seen, holders, size):
    """Whether some digit of ``zs`` has a holder in ``outside`` seeing its places in both sets ``a`` and ``b``."""
    for z in range(1, size + 1):
        if zs >> (z - 1) & 1:
            for w in range(outside.shape[0]):
                if seen[a, z, w] & seen[b, z, w] & holders[z, w] & outside[w]:
                    return True
    return False


@compiled
def xz_next(start, at, near, digits, bits, masks, seen, seen_digits, holders, size):
    """The first position (from ``start``) of ``near`` whose pair (set, partner, later) eliminates
    something in ``als_xz``, with its set; -1 when none does."""
    n, width = masks.shape[0], bits.shape[1]
    outside = np.empty(width, dtype=np.int64)
    for i in range(n):
        if at[i + 1] <= start:
            continue
        for k in range(max(at[i], start), at[i + 1]):
            j, restricted = near[k], digits[k]
            if j < i:
                continue
            single = restricted & (restricted - 1) == 0
            for w in range(width):
                outside[w] = ~(bits[i, w] | bits[j, w])
            if single:
                zs = seen_digits[i] & seen_digits[j] & ~restricted
                if zs and _hits(i, j, zs, outside, seen, holders, size):
                    return k, i
            elif _hits(i, j, restricted, outside, seen, holders, size):
                return k, i
            else:  # both sets locked: each other digit leaves what sees all of it in its set
                for s in (i, j):
                    if _hits(s, s, masks[s] & ~restricted, outside, seen, holders, size):
                        return k, i
    return -1, -1


@compiled
def xy_next(pivot, first, second, at, near, digits, bits, masks, seen, seen_digits, holders, size):
    """The first wing pair (from wings ``first`` and ``second`` of set ``pivot``) that eliminates
    something in ``als_xy_wing``: (pivot, wing, wing), the wings numbered as that scan lists them;
    (-1, -1, -1) when none does."""
    n, width = masks.shape[0], bits.shape[1]
    wing = np.empty(near.shape[0] * size + 1, dtype=np.int64)
    link = np.empty_like(wing)
    outside = np.empty(width, dtype=np.int64)
    for c in range(pivot, n):
        count = 0
        for k in range(at[c], at[c + 1]):
            for x in range(1, size + 1):
                if digits[k] >> (x - 1) & 1:
                    wing[count], link[count] = near[k], x
                    count += 1
        p0 = first if c == pivot else 0
        for p in range(p0, count):
            q0 = second if c == pivot and p == first else p + 1
            i, x = wing[p], link[p]
            for q in range(q0, count):
                j, y = wing[q], link[q]
                if x == y:
                    continue
                zs = seen_digits[i] & seen_digits[j] & ~(1 << (x - 1)) & ~(1 << (y - 1))
                if not zs:
                    continue
                for w in range(width):
                    outside[w] = ~(bits[i, w] | bits[j, w] | bits[c, w])
                if _hits(i, j, zs, outside, seen, holders, size):
                    return c, p, q
    return -1, -1, -1


@compiled
def _subsets(cells, marks):
    """The non-empty subsets of ``cells`` depth first (``graph.unit_subsets``'s order), as masks of
    their positions, with their candidates and sizes."""
    n = cells.shape[0]
    found = np.empty(max(1, (1 << n) - 1), dtype=np.int64)
    unions = np.empty_like(found)
    sizes = np.empty_like(found)
    chosen = np.empty(n + 1, dtype=np.int64)  # the positions of the subset, ascending
    depth, count = 0, 0
    if n == 0:
        return found[:0], unions[:0], sizes[:0]
    chosen[0] = 0
    while True:
        positions, union = 0, 0
        for k in range(depth + 1):
            positions |= 1 << chosen[k]
            union |= marks[cells[chosen[k]]]
        found[count], unions[count], sizes[count] = positions, union, depth + 1
        count += 1
        depth = _next_subset(chosen, depth, n)
        if depth < 0:
            break
    return found, unions, sizes


@compiled
def _sue_de_coq_hits(hits, count, tag, marks, inside, line_rest, box_rest):
    """The Sue de Coqs of one box-line that eliminate something, in ``techniques.als._sue_de_coq_at``'s
    order, written in ``hits`` from ``count`` on as far as it goes: per one, ``tag`` and the
    positions (masks) of its core in ``inside``, of its line part in ``line_rest`` and of its box
    part in ``box_rest``. The count after them."""
    line_sets, line_unions, line_sizes = _subsets(line_rest, marks)
    box_sets, box_unions, box_sizes = _subsets(box_rest, marks)
    n = inside.shape[0]
    for k in (2, 3):
        for a in range(n):
            for b in range(a + 1, n):
                for c in range(b + 1, b + 2 if k == 2 else n):  # (one round for a pair)
                    core = (1 << a) | (1 << b) | (1 << c if k == 3 else 0)
                    v = marks[inside[a]] | marks[inside[b]] | (marks[inside[c]] if k == 3 else 0)
                    spare = popcount(v) - k
                    if spare < 2:
                        continue
                    for p in range(line_sets.shape[0]):
                        vd = line_unions[p]
                        d_gain = line_sizes[p] - popcount(vd & ~v)
                        if d_gain <= 0:
                            continue
                        for q in range(box_sets.shape[0]):
                            ve = box_unions[q]
                            e_gain = box_sizes[q] - popcount(ve & ~v)
                            if e_gain <= 0 or vd & ve or d_gain + e_gain != spare:
                                continue
                            in_line, in_box = (v | vd) & ~ve, (v | ve) & ~vd  # what leaves each house
                            hit = False
                            for x in range(n):
                                if not core >> x & 1 and marks[inside[x]] & (in_line | in_box):
                                    hit = True
                            for x in range(line_rest.shape[0]):
                                if not line_sets[p] >> x & 1 and marks[line_rest[x]] & in_line:
                                    hit = True
                            for x in range(box_rest.shape[0]):
                                if not box_sets[q] >> x & 1 and marks[box_rest[x]] & in_box:
                                    hit = True
                            if hit:
                                if count < hits.shape[0]:
                                    hits[count, 0], hits[count, 1] = tag, core
                                    hits[count, 2], hits[count, 3] = line_sets[p], box_sets[q]
                                count += 1
    return count


@compiled
def _sue_de_coqs(hits, marks, units, box_lines):
    """``_sue_de_coq_hits`` of each box-line (box, line) in turn, tagged with its position in ``box_lines``;
    how many there are."""
    side = units.shape[1]
    inside = np.empty(side, dtype=np.int64)
    line_rest = np.empty(side, dtype=np.int64)
    box_rest = np.empty(side, dtype=np.int64)
    count = 0
    for t in range(box_lines.shape[0]):
        box, line = units[box_lines[t, 0]], units[box_lines[t, 1]]
        n, m, r = 0, 0, 0
        for c in line:
            if marks[c]:
                if member(c, box, box.shape[0]):
                    inside[n] = c
                    n += 1
                else:
                    line_rest[m] = c
                    m += 1
        if n < 2:
            continue
        for c in box:
            if marks[c] and not member(c, line, line.shape[0]):
                box_rest[r] = c
                r += 1
        count = _sue_de_coq_hits(hits, count, t, marks, inside[:n], line_rest[:m], box_rest[:r])
    return count


@compiled
def sue_de_coq_hits(marks, units, box_lines):
    """``_sue_de_coqs``'s hits, all of them: (position in ``box_lines``, core, line part, box part)."""
    hits = np.empty((64, 4), dtype=np.int64)
    count = _sue_de_coqs(hits, marks, units, box_lines)
    if count > hits.shape[0]:
        hits = np.empty((count, 4), dtype=np.int64)
        _sue_de_coqs(hits, marks, units, box_lines)
    return hits[:count]


def sue_de_coqs(view: View, box_lines: list[tuple[int, int]]) -> list[list[tuple[tuple[int, ...], ...]]]:
    """Per box-line (box, line), its Sue de Coqs that eliminate something (``sue_de_coq_hits``), as
    cells: (core, line part, box part)."""
    hits = sue_de_coq_hits(view.shared(marks_of), _unit_array(view.size), np.array(box_lines, dtype=np.int64))
    found: list[list[tuple[tuple[int, ...], ...]]] = [[] for _ in box_lines]
    for k, core, d, e in hits.tolist():
        inside, line_rest, box_rest = sue_de_coq_cells(view, *box_lines[k])
        found[k].append((_picked(inside, core), _picked(line_rest, d), _picked(box_rest, e)))
    return found


def _picked(cells: list[int], positions: int) -> tuple[int, ...]:
    return tuple(c for k, c in enumerate(cells) if positions >> k & 1)


def marks_of(view: View) -> np.ndarray:
    """A view's marks as an array."""
    return np.array(view.marks, dtype=np.int64)


@compiled
def _partners(bits, masks, seen, holders, size):
    """``techniques.als._partners``: per set and digit ``z``, the other sets (words of a bitset of
    indices) such that a cell outside both, holding ``z``, sees every ``z`` of both."""
    n, width = masks.shape[0], bits.shape[1]
    count = (n + 63) // 64
    found = np.zeros((n, size + 1, count), dtype=np.int64)
    seeing = np.zeros((64 * width, count), dtype=np.int64)  # per cell, the sets whose every z it sees
    for z in range(1, size + 1):
        seeing[:] = 0
        for k in range(n):
            if not masks[k] >> (z - 1) & 1:
                continue
            for w in range(width):
                reach = seen[k, z, w] & holders[z, w] & ~bits[k, w]
                while reach:
                    low = reach & -reach
                    reach ^= low
                    seeing[64 * w + _index(low), k >> 6] |= np.int64(1) << (k & 63)
        for cell in range(64 * width):
            for v in range(count):
                word = seeing[cell, v]
                while word:
                    low = word & -word
                    word ^= low
                    k = 64 * v + _index(low)
                    for u in range(count):
                        found[k, z, u] |= seeing[cell, u]
    for k in range(n):
        for z in range(1, size + 1):
            found[k, z, k >> 6] &= ~(np.int64(1) << (k & 63))
    return found


@compiled
def chain_hits(most, at, near, digits, bits, masks, seen, seen_digits, holders, size):
    """The first ``most`` ALS-Chains of ``techniques.als.als_chain`` with a set of eliminations not
    met before, in its order: per one, (first set, first link's digit, links, last link's digit,
    last set). As that search, breadth first from each set and each digit of its links (in the order
    of its restricted commons), the sets reached per digit of the last link (levels of 1, 2 and 3+
    links apart), the ends that could eliminate with the start looked at after three links or more."""
    n, width = masks.shape[0], bits.shape[1]
    count = (n + 63) // 64
    ends_of = _partners(bits, masks, seen, holders, size)  # (the chain's ends per start and digit)
    linked = np.zeros((n, size + 1, count), dtype=np.int64)  # per set and digit, the sets linked over it
    order = np.zeros((n, size), dtype=np.int64)  # per set, its links' digits as first met
    kinds = np.zeros(n, dtype=np.int64)
    for k in range(n):
        met = 0
        for p in range(at[k], at[k + 1]):
            j, rest = near[p], digits[p]
            while rest:
                low = rest & -rest
                rest ^= low
                x = _index(low) + 1
                linked[k, x, j >> 6] |= np.int64(1) << (j & 63)
                if not met & low:
                    met |= low
                    order[k, kinds[k]] = x
                    kinds[k] += 1
    hits = np.empty((most, 5), dtype=np.int64)
    removed = np.zeros((most, size + 1, width), dtype=np.int64)  # per hit, its eliminations per digit
    found = 0
    hopeful = np.empty((size + 1, count), dtype=np.int64)
    other = np.empty(count, dtype=np.int64)
    ends = np.empty(count, dtype=np.int64)
    level = np.empty((size, count), dtype=np.int64)  # per digit of the last link (in ``level_digits``), the sets
    level_digits = np.empty(size, dtype=np.int64)
    following = np.empty((size, count), dtype=np.int64)
    following_digits = np.empty(size, dtype=np.int64)
    slot = np.empty(size + 1, dtype=np.int64)  # per digit, where it is in ``following``
    kept_two = np.empty((size + 1, count), dtype=np.int64)
    kept_more = np.empty((size + 1, count), dtype=np.int64)
    mine = np.empty((size + 1, width), dtype=np.int64)
    for i in range(n):
        for v in range(count):
            other[v] = -1
        other[i >> 6] &= ~(np.int64(1) << (i & 63))
        for t in range(kinds[i]):
            x1 = order[i, t]
            any_hope = False
            for z in range(1, size + 1):
                for v in range(count):
                    hope = 0
                    if z != x1:
                        hope = ends_of[i, z, v] & _later(i, v)
                    hopeful[z, v] = hope
                    if hope:
                        any_hope = True
            if not any_hope:
                continue
            kept_two[:] = 0
            kept_more[:] = 0
            width_now, level_digits[0] = 1, x1
            for v in range(count):
                level[0, v] = linked[i, x1, v] & other[v]
            depth = 1
            while width_now:
                depth += 1
                kept = kept_two if depth == 2 else kept_more
                slot[:] = -1
                following_now = 0
                for a in range(width_now):
                    y = level_digits[a]
                    for v in range(count):
                        word = level[a, v]
                        while word:
                            low = word & -word
                            word ^= low
                            k = 64 * v + _index(low)
                            for b in range(kinds[k]):
                                x = order[k, b]
                                if x == y:
                                    continue
                                s = slot[x]
                                for u in range(count):
                                    new = linked[k, x, u] & other[u] & ~kept[x, u]
                                    if s >= 0:
                                        new &= ~following[s, u]
                                    if new:
                                        if s < 0:
                                            s = slot[x] = following_now
                                            following_digits[s] = x
                                            following[s, :] = 0
                                            following_now += 1
                                        following[s, u] |= new
                for s in range(following_now):
                    for u in range(count):
                        kept[following_digits[s], u] |= following[s, u]
                if depth >= 3:
                    for s in range(following_now):
                        last = following_digits[s]
                        for v in range(count):
                            ends[v] = 0
                            for z in range(1, size + 1):
                                if z != last:
                                    ends[v] |= hopeful[z, v]
                        for v in range(count):
                            word = following[s, v] & ends[v]
                            while word:
                                low = word & -word
                                word ^= low
                                end = 64 * v + _index(low)
                                if _chain_removes(mine, i, end, x1, last, bits, masks, seen, holders, size) \
                                        and _new(mine, removed, found):
                                    removed[found] = mine
                                    hits[found, 0], hits[found, 1], hits[found, 2] = i, x1, depth
                                    hits[found, 3], hits[found, 4] = last, end
                                    found += 1
                                    if found == most:
                                        return hits
                width_now = following_now
                for s in range(following_now):
                    level_digits[s] = following_digits[s]
                    for v in range(count):
                        level[s, v] = following[s, v]
    return hits[:found]


@compiled
def _later(i, v):
    """Word ``v`` of the sets after set ``i``."""
    if 64 * (v + 1) <= i + 1:
        return np.int64(0)
    if 64 * v >= i + 1:
        return np.int64(-1)
    return np.int64(-1) << (i + 1 - 64 * v)


@compiled
def _chain_removes(mine, a, b, x1, last, bits, masks, seen, holders, size):
    """What an ALS-Chain from set ``a`` (first link ``x1``) to ``b`` (last link ``last``) eliminates,
    per digit, in ``mine``: whether anything."""
    zs = masks[a] & masks[b] & ~(1 << (x1 - 1)) & ~(1 << (last - 1))
    anything = False
    for z in range(1, size + 1):
        for w in range(bits.shape[1]):
            mine[z, w] = 0
            if zs >> (z - 1) & 1:
                mine[z, w] = seen[a, z, w] & seen[b, z, w] & holders[z, w] & ~(bits[a, w] | bits[b, w])
                if mine[z, w]:
                    anything = True
    return anything


@compiled
def _new(mine, removed, found):
    """Whether eliminations ``mine`` are none of the first ``found`` of ``removed``."""
    for h in range(found):
        same = True
        for z in range(mine.shape[0]):
            for w in range(mine.shape[1]):
                if mine[z, w] != removed[h, z, w]:
                    same = False
        if same:
            return False
    return True


def partners(view: View) -> list[dict[int, int]]:
    """``techniques.als._partners``, compiled (``chain_hits`` reads ``_partners`` itself: this is what
    the tests hold against the Python code)."""
    found = view.shared(sets_of)
    words_of = _partners(found.bits, found.masks, found.seen, found.holders, found.size)
    near: list[dict[int, int]] = [{} for _ in range(words_of.shape[0])]
    data, width = words_of.tobytes(), 8 * words_of.shape[2]
    for k, z in zip(*np.nonzero(words_of.any(axis=2))):
        at = (k * (found.size + 1) + z) * width
        near[k][int(z)] = int.from_bytes(data[at:at + width], "little")
    return near


class Sets(NamedTuple):
    """A state's sets as the scans read them, and their restricted commons."""

    ptr: np.ndarray  # per set, where its cells begin in ``idx``
    idx: np.ndarray  # the sets' cells
    bits: np.ndarray
    masks: np.ndarray
    seen: np.ndarray
    seen_digits: np.ndarray
    holders: np.ndarray
    at: np.ndarray  # per set, where its partners begin in ``near``
    near: np.ndarray  # the partners, per set
    digits: np.ndarray  # beside each partner, the restricted common digits (a mask)
    owner: np.ndarray  # beside each partner, the set it is the partner of
    size: int

    @property
    def scanned(self) -> tuple:
        """The arguments ``xz_next`` and ``xy_next`` take after their position."""
        return (self.at, self.near, self.digits, self.bits, self.masks, self.seen, self.seen_digits, self.holders,
                self.size)


def sets_of(view: View) -> Sets:
    """What the scans read of a view's sets (``View.als``'s, found here from the marks)."""
    size = view.size
    return Sets._make((*_sets(view.shared(marks_of), _unit_array(size), _peer_words(size), size), size))


def links(found: Sets) -> list[list[tuple[int, tuple[int, ...]]]]:
    """The restricted commons as ``graph.restricted_commons`` lists them."""
    at, near, digits = found.at.tolist(), found.near.tolist(), found.digits.tolist()
    named = _digit_names(found.size)
    return [[(near[k], named[digits[k]]) for k in range(at[i], at[i + 1])] for i in range(len(at) - 1)]


@cache
def _peer_words(size: int) -> np.ndarray:
    return words(peer_bits(size), size)


@cache
def _unit_array(size: int) -> np.ndarray:
    return np.array(geometry(size).units, dtype=np.int64)


def warm() -> None:
    """Compile (or load from numba's cache) every kernel, on a tiny state."""
    from sudokit.models.candidates import Candidates
    from sudokit.solvers.human.view import View

    marks = [0b11, 0b11, 0b110] + [0] * 78
    view = View(Candidates(9, marks, [0] * 81))
    found = sets_of(view)
    xz_next(0, *found.scanned)
    xy_next(0, 0, 1, *found.scanned)
    chain_hits(1, *found.scanned)
    partners(view)
    sue_de_coqs(view, [(18, 0)])

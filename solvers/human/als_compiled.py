"""The ALS moves' searches, compiled (numba), on a 9x9 grid: the restricted commons of ``View.als``
(``models.graph.restricted_commons``), the scans of ``techniques.als.als_xz`` and ``als_xy_wing`` for
the next pair (or wing pair) that eliminates something, the ends an ALS-Chain could eliminate with
(``als._partners``), and a box-line's Sue de Coqs (``als._sue_de_coq_at``).

The sets come as their cells (``ptr[k]:ptr[k + 1]`` of ``idx``), the marks and every bitset of cells
(a set's cells, a digit's places in it, the cells seeing them all, each digit's holders, each cell's
peers) as rows of 64-bit words. ``Sets`` holds what the scans read, per state. The Python code
(``techniques.als``) stays the reference and builds the steps from the positions found here;
imported only when the compiled code is built (it loads numba).
"""

from __future__ import annotations

from functools import cache
from itertools import chain
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from sudokit.models.graph import peer_bits
from sudokit.solvers.human.basics_compiled import popcount
from sudokit.solvers.human.loops_compiled import words
from sudokit.solvers.human.se.jit import compiled
from sudokit.solvers.human.techniques.als import _digit_names

if TYPE_CHECKING:
    from sudokit.solvers.human.view import View


@compiled
def _index(bit):
    """The position of a word's one bit."""
    if bit < 0:
        return 63
    at = 0
    for step in (32, 16, 8, 4, 2, 1):
        if bit >> step:
            bit >>= step
            at += step
    return at


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
            c = idx[p]
            bits[k, c >> 6] |= np.int64(1) << (c & 63)
            mask |= marks[c]
        masks[k] = mask
        for d in range(1, size + 1):
            if not mask >> (d - 1) & 1:
                continue
            for w in range(width):
                seen[k, d, w] = -1
            for p in range(ptr[k], ptr[k + 1]):
                c = idx[p]
                if marks[c] >> (d - 1) & 1:
                    places[k, d, c >> 6] |= np.int64(1) << (c & 63)
                    for w in range(width):
                        seen[k, d, w] &= peers[c, w]
            for w in range(width):
                if seen[k, d, w] & holders[d, w]:
                    seen_digits[k] |= 1 << (d - 1)
                    break
    return bits, masks, places, seen, seen_digits


@compiled
def _commons(bits, masks, places, seen, size):
    """The restricted commons of every pair of disjoint sets (``graph.restricted_commons``): per set,
    its partners and their digits (a mask), flattened (``near[at[k]:at[k + 1]]``, ``digits`` beside),
    each set's in the order of its pairs by lowest digit, then first set, then second.

    As ``graph.restricted_commons`` finds them: per digit, each set is tried against the sets before
    it filed under their first cell holding it, the cells it sees."""
    n, width = masks.shape[0], bits.shape[1]
    head = np.empty(64 * width, dtype=np.int64)  # per cell, the last set filed under it
    firsts = np.empty(width, dtype=np.int64)  # the cells sets are filed under
    filed = np.empty(n, dtype=np.int64)  # per set, the one filed before it under the same cell
    keys = np.empty(16, dtype=np.int64)  # (first set, second set, digit) as one number
    count = 0
    for d in range(1, size + 1):
        head[:] = -1
        firsts[:] = 0
        for j in range(n):
            if not masks[j] >> (d - 1) & 1:
                continue
            for w in range(width):
                word = seen[j, d, w] & firsts[w]
                while word:
                    low = word & -word
                    word ^= low
                    i = head[64 * w + _index(low)]
                    while i >= 0:
                        apart, inside = True, True
                        for v in range(width):
                            if bits[i, v] & bits[j, v]:
                                apart = False
                            if places[i, d, v] & ~seen[j, d, v]:
                                inside = False
                        if apart and inside:
                            if count == keys.shape[0]:
                                keys = np.concatenate((keys, np.empty(count, dtype=np.int64)))
                            keys[count] = (i * n + j) * 32 + d
                            count += 1
                        i = filed[i]
            for w in range(width):
                if places[j, d, w]:
                    cell = 64 * w + _index(places[j, d, w] & -places[j, d, w])
                    filed[j], head[cell] = head[cell], j
                    firsts[w] |= places[j, d, w] & -places[j, d, w]
                    break
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
        if chosen[depth] < n - 1:  # deeper
            chosen[depth + 1] = chosen[depth] + 1
            depth += 1
        else:  # back up, and on to the next position
            if depth == 0:
                break
            depth -= 1
            chosen[depth] += 1
    return found, unions, sizes


@compiled
def sue_de_coq_hits(marks, inside, line_rest, box_rest):
    """The Sue de Coqs of one box-line that eliminate something, in ``techniques.als._sue_de_coq_at``'s
    order: per one, the positions (masks) of its core in ``inside``, of its line part in
    ``line_rest`` and of its box part in ``box_rest``."""
    line_sets, line_unions, line_sizes = _subsets(line_rest, marks)
    box_sets, box_unions, box_sizes = _subsets(box_rest, marks)
    hits = np.empty((8, 3), dtype=np.int64)
    count, n = 0, inside.shape[0]
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
                                if count == hits.shape[0]:
                                    hits = np.concatenate((hits, np.empty_like(hits)))
                                hits[count, 0], hits[count, 1], hits[count, 2] = core, line_sets[p], box_sets[q]
                                count += 1
    return hits[:count]


def sue_de_coq(view: View, inside: list[int], line_rest: list[int], box_rest: list[int]
               ) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
    """The Sue de Coqs of one box-line that eliminate something (``sue_de_coq_hits``), as cells:
    (core, line part, box part)."""
    hits = sue_de_coq_hits(view.shared(marks_of), np.array(inside, dtype=np.int64),
                           np.array(line_rest, dtype=np.int64), np.array(box_rest, dtype=np.int64))
    return [(_picked(inside, core), _picked(line_rest, d), _picked(box_rest, e)) for core, d, e in hits.tolist()]


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


def partners(view: View) -> list[dict[int, int]]:
    """``techniques.als._partners``, compiled."""
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
    """What the scans read of a view's sets (``View.als``)."""
    sets, holding, size = view.als, view.holding, view.size
    ptr = np.zeros(len(sets) + 1, dtype=np.int64)
    np.cumsum([len(s.cells) for s in sets], out=ptr[1:])
    idx = np.fromiter(chain.from_iterable(s.cells for s in sets), dtype=np.int64, count=ptr[-1])
    holders = words(holding, size)
    bits, masks, places, seen, seen_digits = _prepare(ptr, idx, view.shared(marks_of), holders,
                                                      _peer_words(size), size)
    at, near, digits = _commons(bits, masks, places, seen, size)
    owner = np.repeat(np.arange(len(sets), dtype=np.int64), np.diff(at))
    return Sets(bits, masks, seen, seen_digits, holders, at, near, digits, owner, size)


def links(found: Sets) -> list[list[tuple[int, tuple[int, ...]]]]:
    """The restricted commons as ``graph.restricted_commons`` lists them."""
    at, near, digits = found.at.tolist(), found.near.tolist(), found.digits.tolist()
    named = _digit_names(found.size)
    return [[(near[k], named[digits[k]]) for k in range(at[i], at[i + 1])] for i in range(len(at) - 1)]


@cache
def _peer_words(size: int) -> np.ndarray:
    return words(peer_bits(size), size)


def warm() -> None:
    """Compile (or load from numba's cache) every kernel, on a tiny state."""
    from sudokit.models.candidates import Candidates
    from sudokit.solvers.human.view import View

    marks = [0b11, 0b11, 0b110] + [0] * 78
    view = View(Candidates(9, marks, [0] * 81))
    found = sets_of(view)
    xz_next(0, *found.scanned)
    xy_next(0, 0, 1, *found.scanned)
    partners(view)
    sue_de_coq_hits(marks_of(view), np.array([0, 1, 2], dtype=np.int64), np.array([3], dtype=np.int64),
                    np.array([9], dtype=np.int64))

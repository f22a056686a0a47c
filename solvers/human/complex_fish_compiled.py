"""The search of Franken and Mutant fish, compiled (numba), for 9x9 grids: ``fish`` finds, for one
digit, size and kind, the fish ``techniques.complex_fish._Search`` finds, in its order (per space of
base and cover kinds; base units in combinations' order; covers a cell at a time, the first body
cell not yet covered: each unit holding it, then the cell as a fin), with their units and cells.

Bitsets of the 81 cells are two 64-bit words (signed), the lowest first; the recursion over covers
is a loop over an explicit stack. The caller builds the ``Fish`` (``complex_fish._search``).
Imported only when the compiled code is built (it loads numba).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import numpy as np

from sudokit.solvers.human.basics_compiled import first_combination, next_combination
from sudokit.solvers.human.loops_compiled import words
from sudokit.solvers.human.se.jit import compiled
from sudokit.solvers.human.techniques.complex_fish import COLS, ROWS, SPACES, bits

SIZE = 9  # the grids searched here
BASIC, FRANKEN, MUTANT = 0, 1, 2  # kinds of fish, as ``complex_fish._kind`` names them
KINDS = {"basic": BASIC, "franken": FRANKEN, "mutant": MUTANT}
MASK = (1 << 64) - 1
# a row of ``found``: the base units, the cover units ascending, then the body, the covered cells,
# the fins, the endo fins and the targets, each two words


# the position of a word's single bit: de Bruijn's multiplication, the top 6 bits looked up
DE_BRUIJN = 0x03F79D71B4CB0A89
_POSITIONS = np.array(sorted(range(64), key=lambda at: ((1 << at) * DE_BRUIJN & MASK) >> 58), dtype=np.int64)


@compiled
def _bit(low):
    """The position of ``low``'s single bit (in a signed word: the sign bit is 63)."""
    return _POSITIONS[(low * DE_BRUIJN) >> 58 & 63]


@compiled
def _count(word):
    """How many bits a word has set (the sign bit too)."""
    word -= word >> 1 & 0x5555555555555555
    word = (word & 0x3333333333333333) + (word >> 2 & 0x3333333333333333)
    word = (word + (word >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (word * 0x0101010101010101) >> 56 & 0xFF


@compiled
def _kind(base, cover, size, n):
    """basic, franken or mutant (``complex_fish._kind``), by the kinds of the units used."""
    b = c = 0
    for j in range(size):
        b |= 1 << (base[j] // n)
        c |= 1 << (cover[j] // n)
    if (b == ROWS and c == COLS) or (b == COLS and c == ROWS):
        return BASIC
    if (not b & COLS and not c & ROWS) or (not b & ROWS and not c & COLS):
        return FRANKEN
    return MUTANT


@compiled
def _record(found, count, base, cover, size, sets):
    """Row ``count`` of ``found`` (if it has room): the fish's units, then its bitsets."""
    if count < found.shape[0]:
        row = found[count]
        row[:size] = base[:size]
        row[size:2 * size] = np.sort(cover[:size])
        row[2 * size:] = sets


@compiled
def fish(units, peers, cell_units, holding, spaces, size, kind, max_fins, seen, found):
    """Every fish of ``size`` units of one digit (its cells ``holding``) and ``kind`` with at most
    ``max_fins`` fins, per space (rows of ``spaces``: base kinds, cover kinds), recorded in ``found``
    while it has room (``seen``: fins must have a common peer holding the digit, and the fish remove
    something); how many."""
    n_units = units.shape[0]
    n = n_units // 3
    held0 = units[:, 0] & holding[0]
    held1 = units[:, 1] & holding[1]
    bases = np.empty(n_units, dtype=np.int64)
    index = np.empty(size, dtype=np.int64)
    base = np.empty(size, dtype=np.int64)
    cover = np.empty(size, dtype=np.int64)
    sets = np.empty(10, dtype=np.int64)  # body, covered, fins, endo, targets
    depth = size + max_fins + 2  # a frame per cover chosen and per fin added, and the first
    todo0 = np.empty(depth, dtype=np.int64)  # per frame: the body cells to cover (two words)
    todo1 = np.empty(depth, dtype=np.int64)
    fins0 = np.empty(depth, dtype=np.int64)  # its fins
    fins1 = np.empty(depth, dtype=np.int64)
    common0 = np.empty(depth, dtype=np.int64)  # the cells holding the digit that see every fin
    common1 = np.empty(depth, dtype=np.int64)
    fin_count = np.empty(depth, dtype=np.int64)
    chosen = np.empty(depth, dtype=np.int64)  # how many covers it has
    banned = np.empty(depth, dtype=np.int64)  # units it may not add
    cell = np.empty(depth, dtype=np.int64)  # the body cell it covers next
    option = np.empty(depth, dtype=np.int64)  # what it tries next: its cell's units (0-2), a fin (3); -1: not begun
    count = 0
    most_endo = min(max_fins, 2)
    for space in range(spaces.shape[0]):
        base_kinds, cover_kinds = spaces[space, 0], spaces[space, 1]
        m = 0
        cover_ok = 0
        for u in range(n_units):
            if 1 << (u // n) & base_kinds != 0 and (held0[u] != 0 or held1[u] != 0):
                bases[m] = u
                m += 1
            if 1 << (u // n) & cover_kinds != 0:
                cover_ok |= 1 << u
        more = first_combination(index, size, m)
        while more:
            body0 = body1 = endo0 = endo1 = 0
            in_base = 0
            for j in range(size):
                u = bases[index[j]]
                base[j] = u
                in_base |= 1 << u
                endo0 |= body0 & held0[u]
                endo1 |= body1 & held1[u]
                body0 |= held0[u]
                body1 |= held1[u]
            more = next_combination(index, size, m)
            endo_count = _count(endo0) + _count(endo1)
            if endo_count > most_endo:
                continue
            c0, c1 = holding[0], holding[1]
            rest0, rest1 = endo0, endo1
            while rest0 | rest1:
                low0, low1 = rest0 & -rest0, 0 if rest0 else rest1 & -rest1
                f = _bit(low0) if rest0 else 64 + _bit(low1)
                c0 &= peers[f, 0]
                c1 &= peers[f, 1]
                rest0 ^= low0
                rest1 ^= low1
            if seen and endo_count != 0 and c0 == 0 and c1 == 0:
                continue
            top = 0
            todo0[0], todo1[0] = body0 & ~endo0, body1 & ~endo1
            fins0[0], fins1[0], fin_count[0] = endo0, endo1, endo_count
            common0[0], common1[0] = c0, c1
            chosen[0] = banned[0] = 0
            option[0] = -1
            while top >= 0:  # ``_Search.covers``, depth first
                if option[top] < 0:
                    t0, t1 = todo0[top], todo1[top]
                    if chosen[top] == size:  # ``_Search.leaf``
                        top -= 1
                        all_fins = fin_count[top + 1] + _count(t0) + _count(t1)
                        if all_fins > max_fins:
                            continue
                        c0, c1 = common0[top + 1], common1[top + 1]
                        while t0 | t1:
                            low0, low1 = t0 & -t0, 0 if t0 else t1 & -t1
                            f = _bit(low0) if t0 else 64 + _bit(low1)
                            c0 &= peers[f, 0]
                            c1 &= peers[f, 1]
                            t0 ^= low0
                            t1 ^= low1
                        if seen and all_fins != 0 and c0 == 0 and c1 == 0:
                            continue
                        f0, f1 = fins0[top + 1] | todo0[top + 1], fins1[top + 1] | todo1[top + 1]
                        v0 = v1 = s0 = s1 = 0
                        for j in range(size):
                            u = cover[j]
                            s0 |= v0 & held0[u]
                            s1 |= v1 & held1[u]
                            v0 |= held0[u]
                            v1 |= held1[u]
                        r0 = (v0 & ~body0) | (s0 & body0 & ~f0)
                        r1 = (v1 & ~body1) | (s1 & body1 & ~f1)
                        if all_fins != 0:
                            r0 &= c0
                            r1 &= c1
                        if (r0 == 0 and r1 == 0 and seen) or _kind(base, cover, size, n) != kind:
                            continue
                        sets[0], sets[1], sets[2], sets[3], sets[4] = body0, body1, v0, v1, f0
                        sets[5], sets[6], sets[7], sets[8], sets[9] = f1, endo0, endo1, r0, r1
                        _record(found, count, base, cover, size, sets)
                        count += 1
                        continue
                    if t0 == 0 and t1 == 0:
                        top -= 1
                        continue
                    cell[top] = _bit(t0 & -t0) if t0 else 64 + _bit(t1 & -t1)
                    option[top] = 0
                at = cell[top]
                tried = option[top]
                option[top] = tried + 1
                if tried < 3:
                    u = cell_units[at, tried]
                    if cover_ok >> u & 1 and not (banned[top] | in_base) >> u & 1:
                        cover[chosen[top]] = u
                        todo0[top + 1], todo1[top + 1] = todo0[top] & ~units[u, 0], todo1[top] & ~units[u, 1]
                        fins0[top + 1], fins1[top + 1], fin_count[top + 1] = fins0[top], fins1[top], fin_count[top]
                        common0[top + 1], common1[top + 1] = common0[top], common1[top]
                        chosen[top + 1], banned[top + 1] = chosen[top] + 1, banned[top]
                        option[top + 1] = -1
                        banned[top] |= 1 << u  # a later choice covers this cell otherwise: no cover set twice
                        top += 1
                elif tried == 3:
                    p0, p1 = common0[top] & peers[at, 0], common1[top] & peers[at, 1]
                    if fin_count[top] < max_fins and (not seen or p0 != 0 or p1 != 0):
                        low0, low1 = (1 << at, 0) if at < 64 else (0, 1 << (at - 64))
                        todo0[top + 1], todo1[top + 1] = todo0[top] & ~low0, todo1[top] & ~low1
                        fins0[top + 1], fins1[top + 1] = fins0[top] | low0, fins1[top] | low1
                        fin_count[top + 1] = fin_count[top] + 1
                        common0[top + 1], common1[top + 1] = p0, p1
                        chosen[top + 1], banned[top + 1] = chosen[top], banned[top]
                        option[top + 1] = -1
                        top += 1
                else:
                    top -= 1
    return count


@cache
def _tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per unit its cells, per cell its peers (two words each), per cell its units."""
    units, peers, cell_units = bits(SIZE)
    return words(units, SIZE), words(peers, SIZE), np.array(cell_units, dtype=np.int64)


@cache
def _spaces(kind: str) -> np.ndarray:
    """The (base kinds, cover kinds) a kind of fish is searched in."""
    return np.array(SPACES[kind], dtype=np.int64)


Row = tuple[tuple[int, ...], tuple[int, ...], int, int, int, int, int]


def search(holding: int, size: int, kind: str, max_fins: int, seen: bool) -> list[Row]:
    """The fish of a digit held by the cells ``holding`` (of a 9x9 grid), as ``complex_fish._search``
    finds them: per fish its base units, cover units, body, covered cells, fins, endo fins, targets."""
    units, peers, cell_units = _tables()
    spaces = _spaces(kind)
    found = np.empty((64, 2 * size + 10), dtype=np.int64)
    args = (units, peers, cell_units, words([holding], SIZE)[0], spaces, size, KINDS[kind], max_fins, seen)
    count = fish(*args, found)
    if count > len(found):  # (room for them all, and again)
        found = np.empty((count, 2 * size + 10), dtype=np.int64)
        fish(*args, found)
    return [_row(row, size) for row in found[:count].tolist()]


def _row(row: Sequence[int], size: int) -> Row:
    """A row of ``found`` with its bitsets as Python ints."""
    sets = [row[at] & MASK | row[at + 1] << 64 for at in range(2 * size, 2 * size + 10, 2)]
    return tuple(row[:size]), tuple(row[size:2 * size]), sets[0], sets[1], sets[2], sets[3], sets[4]


def warm() -> None:
    """Compile the kernel (or load it from numba's cache) on an empty digit."""
    search(0, 2, "franken", 5, True)

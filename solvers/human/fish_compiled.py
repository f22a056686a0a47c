"""The search of finned and sashimi fish, compiled (numba): ``finned`` finds, for one digit and size,
the patterns ``techniques.fish._finned_patterns`` finds, in its order (rows as base lines, then
columns; base lines in combinations' order; cross bands in order; covers in combinations' order),
keeping only those that remove something. The caller builds their steps as the pure-Python search's
(``fish._finned_steps``). Imported only when the compiled code is built (it loads numba).
"""

from __future__ import annotations

import numpy as np

from sudokit.solvers.human.basics_compiled import first_combination, next_combination, popcount
from sudokit.solvers.human.se.jit import compiled

# a row of ``found``: the sea (0: rows as base lines, 1: columns), the cover and the band (masks of
# cross lines), whether it is sashimi, then the base lines
SEA, COVER, BAND, SASHIMI, BASE = 0, 1, 2, 3, 4


@compiled
def finned(seas, size, box, found):
    """Every finned fish of ``size`` base lines in ``seas`` (per sea, per line: the mask of cross lines
    holding the digit) that removes something, recorded in ``found`` while it has room; how many."""
    n_lines = seas.shape[1]
    room = max(n_lines, size)
    lines = np.empty(n_lines, dtype=np.int64)
    base = np.empty(room, dtype=np.int64)
    index = np.empty(room, dtype=np.int64)
    spots = np.empty(room, dtype=np.int64)
    inner = np.empty(room, dtype=np.int64)
    count = 0
    for sea in range(2):
        lines[:] = seas[sea]
        n = 0
        for line in range(n_lines):
            if 0 < popcount(lines[line]) <= size + box:
                base[n] = line
                n += 1
        more = first_combination(index, size, n)
        while more:
            union = 0
            for j in range(size):
                union |= lines[base[index[j]]]
            if popcount(union) > size:
                for chute in range(box):
                    band = ((1 << box) - 1) << (chute * box)
                    outside = union & ~band
                    left = size - popcount(outside)
                    if not union & band or left < 0:
                        continue
                    m = 0
                    for cross in range(n_lines):
                        if (union & band) >> cross & 1:
                            spots[m] = cross
                            m += 1
                    more_inside = first_combination(inner, left, m)
                    while more_inside:
                        cover = outside
                        for j in range(left):
                            cover |= 1 << spots[inner[j]]
                        ok, sashimi, fin_chute = True, False, -1
                        for j in range(size):
                            line = base[index[j]]
                            body = popcount(lines[line] & cover)
                            if body == 0:
                                ok = False
                            sashimi = sashimi or body == 1
                            if lines[line] & ~cover:
                                if fin_chute >= 0 and fin_chute != line // box:
                                    fin_chute = -2
                                elif fin_chute != -2:
                                    fin_chute = line // box
                        if ok and fin_chute >= 0:
                            removes = False
                            for line in range(fin_chute * box, fin_chute * box + box):
                                chosen = False
                                for j in range(size):
                                    chosen = chosen or base[index[j]] == line
                                removes = removes or (not chosen and lines[line] & cover & band != 0)
                            if removes:
                                if count < found.shape[0]:
                                    found[count, SEA], found[count, COVER], found[count, BAND] = sea, cover, band
                                    found[count, SASHIMI] = 1 if sashimi else 0
                                    for j in range(size):
                                        found[count, BASE + j] = base[index[j]]
                                count += 1
                        more_inside = next_combination(inner, left, m)
            more = next_combination(index, size, n)
    return count


def search(seas, size: int, box: int) -> list:
    """The finned fish of ``size`` base lines in a digit's two seas (``fish._Sea``) that remove
    something, as ``fish._finned_search`` gives them (sea, base lines, cover, band, sashimi)."""
    lines = np.array([sea.lines for sea in seas], dtype=np.int64)
    found = np.empty((64, BASE + size), dtype=np.int64)
    count = finned(lines, size, box, found)
    if count > len(found):  # (room for them all, and again)
        found = np.empty((count, BASE + size), dtype=np.int64)
        finned(lines, size, box, found)
    return [(seas[row[SEA]], tuple(row[BASE:]), row[COVER], row[BAND], row[SASHIMI] == 1)
            for row in found[:count].tolist()]

"""The compiled nice loops' search (``loops_compiled.ends``) as the chain finders read it: only the
ends a finder can draw something from, in the search's order, the others left out in the kernel (most
ends a search meets prove nothing, or close a loop that removes nothing: making a Python row and a
chain maker for each took longer than the search). Imported only when the compiled code is built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from sudokit.solvers.human import links_compiled, loops_compiled
from sudokit.solvers.human.loops_compiled import ends, loop_gains
from sudokit.solvers.human.se.jit import compiled
from sudokit.solvers.human.techniques.chains import GROUPED_ENDS, LOOP_ENDS, X_ENDS

if TYPE_CHECKING:
    from sudokit.solvers.human.techniques.chains import _Links


def telling_ends(links: _Links, max_links: int, kind: int) -> tuple[list[list[int]], np.ndarray]:
    """``loops_compiled.ends`` of the links from their starts, only the rows a finder of ``kind`` can
    draw something from (``telling``), as (start, end, length, useful, loop that may remove something,
    first, last): its chain is ``walks[first:last]``, the second value returned."""
    view, size = links.view, links.view.size
    found, starts = loops_compiled.arrays(links), links.start_array
    if starts is None:
        starts = np.array(links.starts(), dtype=np.int64)
    marks, holding = view.shared(links_compiled.marks_array), view.shared(loops_compiled._holding_words)
    peers = loops_compiled._peer_words(size)
    rows, walks = telling(*found.links, starts, found.cell, found.digit, found.sees,
                          found.bits, found.places, found.sets, marks, holding, peers, size, max_links, kind)
    return rows.tolist(), walks


@compiled
def telling(sp, si, wp, wi, starts, cell, digit, sees, bits, places, sets, marks, holding, peers, size, max_links,
            kind):
    """``loops_compiled.ends``, keeping only the rows a finder of ``kind`` can draw something from: the
    chain to the end made, and for ``X_ENDS`` (X- and XY-Chains) an end of the start's digit, not
    the start, that may prove something; for ``LOOP_ENDS`` and ``GROUPED_ENDS`` (nice loops) an end that may
    prove something or closes a loop that may remove something (``loops_compiled.loop_gains``), and for
    ``GROUPED_ENDS`` a chain through a group or an ALS node (numbered past the candidates). The rows hold the
    start itself, not its position, and whether the loop may remove something."""
    rows, walks = ends(sp, si, wp, wi, starts, cell, digit, sees, bits, places, marks, holding, peers, size, max_links)
    gains = np.zeros(rows.shape[0], dtype=np.bool_)
    if kind != X_ENDS:
        gains = loop_gains(rows, walks, cell, digit, sees, sets, marks, holding, peers, size)
    candidates = size * size * size
    kept = 0
    for r in range(rows.shape[0]):
        first, last, end = rows[r, 5], rows[r, 6], rows[r, 1]
        start = starts[rows[r, 0]]
        useful, loop = rows[r, 3] != 0, rows[r, 4] != 0 and gains[r]
        if kind == X_ENDS:
            keep = useful and end != start and digit[end] == digit[start]
            loop = False
        else:
            keep = useful or loop
            if keep and kind == GROUPED_ENDS:
                keep = False
                for i in range(first, last):
                    if walks[i] >= candidates:
                        keep = True
                        break
        if keep and last > first:
            rows[kept, 0], rows[kept, 1], rows[kept, 2] = start, end, rows[r, 2]
            rows[kept, 3], rows[kept, 4], rows[kept, 5], rows[kept, 6] = useful, loop, first, last
            kept += 1
    return rows[:kept], walks


def warm() -> None:
    """Compile the kernel (or load it from numba's cache) on the two candidates of one cell of a grid of size 2."""
    ptr, idx = np.array([0, 1, 2], dtype=np.int64), np.array([1, 0], dtype=np.int64)
    telling(ptr, idx, ptr, idx, np.array([0], dtype=np.int64), np.array([0, 0], dtype=np.int64),
            np.array([1, 2], dtype=np.int64), np.zeros((2, 1), dtype=np.int64), np.ones((2, 1), dtype=np.int64),
            np.array([[0, -1], [0, -1]], dtype=np.int64), np.full((2, 2), -1, dtype=np.int64),
            np.array([3, 0, 0, 0], dtype=np.int64), np.array([[0], [1], [1]], dtype=np.int64),
            np.zeros((4, 1), dtype=np.int64), 2, 3, LOOP_ENDS)

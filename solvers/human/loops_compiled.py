"""The nice loops' search, compiled (numba): the breadth-first walk of ``techniques.chains._Links.search``
and the quick test ``chains._nice_loops`` makes of each end it proves, on index arrays.

The links come as the pure-Python search reads them (per node, its strong and its weak neighbours,
in the networkx graphs' order), flattened: ``ptr[node]:ptr[node + 1]`` of ``idx``. Bitsets of cells
(what sees a node, its cells, each digit's places, each cell's peers) come as rows of 64-bit words.
``ends`` runs the search from every start and records, in the order the Python loop meets them,
the ends worth a closer look: those that may prove something, and those a weak link closes into a
loop. ``walk`` is one search, banned states and a goal included, for making a chain. The Python
code (``chains``) stays the reference and builds the steps; imported only when the compiled code
is built (it loads numba).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import chain
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from sudokit.models.graph import AlsNode, peer_bits
from sudokit.solvers.human import links_compiled
from sudokit.solvers.human.se.jit import compiled
from sudokit.solvers.human.techniques.chains import ROOT

UNREACHED = -2  # in a search's record of where each state was reached from: not reached (Python's None)

if TYPE_CHECKING:
    from sudokit.models.graph import Node
    from sudokit.solvers.human.techniques.chains import _Links
    from sudokit.solvers.human.view import View
# a row of what ``ends`` records: the start's position in ``starts``, the end, the chain's length in
# links, whether the end may prove something, whether a weak link closes the chain into a loop, and
# where its chain's nodes lie in ``chains`` (none: no simple chain, ``_Links._chain``'s None)
START, END, LENGTH, USEFUL, LOOP, FROM, TO = range(7)
RETRIES = 3  # searches for a simple chain to one end (``_Links.chain_maker``'s)


@compiled
def walk(sp, si, wp, wi, start, max_links, goal, reached, queue, rounds):
    """Breadth first from ``start`` assumed false (``chains._Links.search``): ``reached`` (false, true;
    filled by the caller with ``UNREACHED``, banned states ``ROOT``) records where each state was
    reached from; ``queue`` the states in the order entered, ``queue[rounds[k - 1]:rounds[k]]`` those
    entered by the ``k``-th link (true ones for odd ``k``). Stops once ``goal`` (if not negative) is
    proved; the number of rounds run."""
    reached[0, start] = ROOT
    queue[0] = start
    rounds[0] = 1
    low, high, end, on = 0, 1, 1, 0
    for length in range(1, max_links + 1):
        target = 1 - on
        for q in range(low, high):
            node = queue[q]
            if on:
                first, last = wp[node], wp[node + 1]
            else:
                first, last = sp[node], sp[node + 1]
            for k in range(first, last):
                other = wi[k] if on else si[k]
                if reached[target, other] == UNREACHED:
                    reached[target, other] = node
                    queue[end] = other
                    end += 1
        rounds[length] = end
        if not on and goal >= 0 and reached[1, goal] != UNREACHED:
            return length
        if end == high:
            return length
        low, high, on = high, end, target
    return max_links


@compiled
def _path(reached, end, out):
    """The walk a search found to ``end`` (true) into ``out``, from the start (``_Links.path``): its
    length, 0 when not reached."""
    if reached[1, end] == UNREACHED:
        return 0
    n, node, on = 0, end, 1
    while node != ROOT:
        out[n] = node
        n += 1
        node = reached[on, node]
        on = 1 - on
    for i in range(n // 2):
        out[i], out[n - 1 - i] = out[n - 1 - i], out[i]
    return n


@compiled
def _reused(path, n, places, digit, size, used, stamp):
    """The position of the first use of a candidate the walk uses twice, -1 if none (``chains._reused``);
    ``used`` (per candidate: the stamp of its last marking, then its position) is scratch."""
    if n > 1 and path[n - 1] == path[0]:
        n -= 1
    for i in range(n):
        node = path[i]
        for k in range(places.shape[1]):
            if places[node, k] < 0:
                break
            candidate = places[node, k] * size + digit[node] - 1
            if used[candidate, 0] == stamp:
                return used[candidate, 1]
            used[candidate, 0], used[candidate, 1] = stamp, i
    return -1


@compiled
def _clear(reached, queue, rounds, last):
    """Undoes a ``walk`` of ``last`` rounds in ``reached`` (all ``UNREACHED`` again, but banned states):
    its start, and the states each round entered (true ones in odd rounds)."""
    reached[0, queue[0]] = UNREACHED
    for k in range(1, last + 1):
        for q in range(rounds[k - 1], rounds[k]):
            reached[k % 2, queue[q]] = UNREACHED


@compiled
def ends(sp, si, wp, wi, starts, cell, digit, sees, bits, places, marks, holding, peers, size, max_links):
    """Every start's search, and the ends ``chains._nice_loops`` looks at closer, as rows (``START`` …
    ``TO``), in its order: by start, length, then as the search entered them; each with the chain
    ``_Links.chain_maker`` makes to it (its nodes in the second array returned)."""
    n, words = cell.shape[0], sees.shape[1]
    reached = np.full((2, n), UNREACHED, dtype=np.int64)  # (each search undone after: ``_clear``)
    again = np.full((2, n), UNREACHED, dtype=np.int64)  # a search with banned states
    queue = np.empty(2 * n + 1, dtype=np.int64)
    rounds = np.empty(max_links + 1, dtype=np.int64)
    queue_again = np.empty(2 * n + 1, dtype=np.int64)
    rounds_again = np.empty(max_links + 1, dtype=np.int64)
    closing = np.full(n, -1, dtype=np.int64)  # per node: the last start position it closes a loop for
    used = np.full((size * size * size, 2), -1, dtype=np.int64)
    path = np.empty(max_links + 2, dtype=np.int64)
    banned = np.empty((RETRIES, 2), dtype=np.int64)
    near = np.empty(words, dtype=np.int64)
    rows = np.empty((64, 7), dtype=np.int64)
    chains = np.empty(1024, dtype=np.int64)
    count, stored, stamp = 0, 0, 0
    for p in range(starts.shape[0]):
        start = starts[p]
        last = walk(sp, si, wp, wi, start, max_links, -1, reached, queue, rounds)
        for k in range(wp[start], wp[start + 1]):
            closing[wi[k]] = p
        cs, ds = cell[start], digit[start]
        holds = marks[cs] if cs >= 0 else 0
        others = holds & ~(1 << (ds - 1))
        for w in range(words):
            near[w] = sees[start, w] & holding[ds, w]
        for length in range(1, last + 1, 2):
            for q in range(rounds[length - 1], rounds[length]):
                end = queue[q]
                ce, de = cell[end], digit[end]
                useful = False
                if cs >= 0 and ce == cs:
                    useful = others & ~(1 << (de - 1)) != 0
                elif de == ds:
                    for w in range(words):
                        if near[w] & sees[end, w]:
                            useful = True
                            break
                else:
                    if holds >> (de - 1) & 1:  # the start's cell sees all of the end (so holds a cell)
                        useful = True
                        for w in range(words):
                            if bits[end, w] & ~peers[cs, w]:
                                useful = False
                                break
                    if not useful and ce >= 0:
                        useful = near[ce >> 6] >> (ce & 63) & 1 != 0
                loop = length >= 3 and closing[end] == p
                if not (useful or loop):
                    continue
                # its chain: the search's walk, else a search without the first reused state, a few times
                found, steps, bans, again_last = reached, 0, 0, -1
                for attempt in range(RETRIES):
                    steps = _path(found, end, path)
                    if steps == 0:
                        break
                    stamp += 1
                    reused = _reused(path, steps, places, digit, size, used, stamp)
                    if reused < 0:
                        break
                    steps = 0
                    if attempt == RETRIES - 1:
                        break
                    banned[attempt, 0], banned[attempt, 1] = path[reused], reused % 2
                    if again_last >= 0:
                        _clear(again, queue_again, rounds_again, again_last)
                    bans = attempt + 1
                    for b in range(bans):
                        again[banned[b, 1], banned[b, 0]] = ROOT
                    again_last = walk(sp, si, wp, wi, start, max_links, end, again, queue_again, rounds_again)
                    found = again
                if again_last >= 0:  # (its walk read off already)
                    _clear(again, queue_again, rounds_again, again_last)
                    for b in range(bans):
                        again[banned[b, 1], banned[b, 0]] = UNREACHED
                if count == rows.shape[0]:
                    grown = np.empty((2 * count, 7), dtype=np.int64)
                    grown[:count] = rows
                    rows = grown
                if stored + steps > chains.shape[0]:
                    more = np.empty(2 * (stored + steps), dtype=np.int64)
                    more[:stored] = chains[:stored]
                    chains = more
                chains[stored:stored + steps] = path[:steps]
                rows[count, START], rows[count, END], rows[count, LENGTH] = p, end, length
                rows[count, USEFUL], rows[count, LOOP] = useful, loop
                rows[count, FROM], rows[count, TO] = stored, stored + steps
                stored += steps
                count += 1
        _clear(reached, queue, rounds, last)
    return rows[:count], chains[:stored]


@compiled
def loop_gains(rows, chains, cell, digit, sees, sets, marks, holding, peers, size):
    """Per row of ``ends``: whether its chain, closed into a continuous loop, may remove something
    (``chains._loop_eliminations``'s test before it leaves out the loop's own candidates): every weak
    link of the loop made strong, every link through an ALS weak."""
    words = sees.shape[1]
    found = np.zeros((size + 1, words), dtype=np.int64)  # per digit, the cells losing it
    gains = np.zeros(rows.shape[0], dtype=np.bool_)
    for r in range(rows.shape[0]):
        first, last = rows[r, FROM], rows[r, TO]
        if not rows[r, LOOP] or last == first:
            continue
        found[:] = 0
        n = last - first
        for i in range(1, n, 2):  # the weak links, the closing one last
            a, b = chains[first + i], chains[first + (i + 1) % n]
            if digit[a] == digit[b]:
                for w in range(words):
                    found[digit[a], w] |= sees[a, w] & sees[b, w]
            else:
                c = cell[a]
                for d in range(1, size + 1):
                    if d != digit[a] and d != digit[b] and marks[c] >> (d - 1) & 1:
                        found[d, c >> 6] |= np.int64(1) << (c & 63)
        for i in range(0, n - 1, 2):  # the strong links: through an ALS, it is locked on its other digits
            a, b = chains[first + i], chains[first + i + 1]
            if sets[a, 0] < 0:
                continue
            held = 0
            for k in range(sets.shape[1]):
                if sets[a, k] < 0:
                    break
                held |= marks[sets[a, k]]
            for d in range(1, size + 1):
                if d == digit[a] or d == digit[b] or not held >> (d - 1) & 1:
                    continue
                for w in range(words):
                    seen = np.int64(-1)
                    for k in range(sets.shape[1]):
                        c = sets[a, k]
                        if c < 0:
                            break
                        if marks[c] >> (d - 1) & 1:
                            seen &= peers[c, w]
                    found[d, w] |= seen
        for d in range(1, size + 1):
            for w in range(words):
                if found[d, w] & holding[d, w]:
                    gains[r] = True
    return gains


# ---- what the chains' Python code calls


class Arrays(NamedTuple):
    """A ``chains._Links`` as the kernels read it."""

    links: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]  # strong, then weak: ptr, idx
    cell: np.ndarray  # per node: its cell (``ROOT``: a group or an ALS node)
    digit: np.ndarray
    sees: np.ndarray  # per node: the cells seeing all of it (words)
    bits: np.ndarray  # per node: its cells (words)
    places: np.ndarray  # per node: its cells, then -1
    sets: np.ndarray  # per node: its ALS's cells, then -1 (all -1: a candidate or a group)


def arrays(links: _Links) -> Arrays:
    """The links' arrays, made once per ``_Links``: those of the nodes the solve has numbered are
    kept with its numbers (``chains._Numbers``) and grown as it numbers more."""
    if links.arrays is None:
        size, numbers, known = links.view.size, links.numbers, links.known
        fresh = _nodes(links.nodes[known:], links.cell[known:], links.sees[known:], links.bits[known:], size)
        if numbers is not None:
            kept = numbers.arrays or _nodes([], [], [], [], size)
            if len(kept[0]) < known:  # the nodes numbered since, added
                had = len(kept[0])
                more = _nodes(numbers.nodes[had:], numbers.cell[had:], numbers.sees[had:], numbers.bits[had:], size)
                kept = numbers.arrays = tuple(np.concatenate((a, b)) for a, b in zip(kept, more))
            fresh = tuple(np.concatenate((a[:known], b)) for a, b in zip(kept, fresh))
        links.arrays = Arrays((*_flat(links.strong), *_flat(links.weak)), *fresh)
    return links.arrays


def _holding_words(view: View) -> np.ndarray:
    """Per digit (index 1 … N), the cells holding it (words; ``View.shared``: once per state)."""
    return words(view.holding, view.size)


@cache
def _cell_words(size: int) -> np.ndarray:
    return words([1 << c for c in range(size * size)], size)


def _nodes(nodes: Sequence[Node], cell: Sequence[int], sees: Sequence[int], bits: Sequence[int], size: int
           ) -> tuple[np.ndarray, ...]:
    pad = (-1,) * size
    places = np.array([(*node.cells, *pad[len(node.cells):]) for node in nodes], dtype=np.int64).reshape(-1, size)
    sets = np.array([(*node.als, *pad[len(node.als):]) if node.__class__ is AlsNode else pad for node in nodes],
                    dtype=np.int64).reshape(-1, size)
    return (np.array(cell, dtype=np.int64), np.array([node.digit for node in nodes], dtype=np.int64),
            words(sees, size), words(bits, size), places, sets)


def loop_ends(links: _Links, starts: Sequence[int], max_links: int) -> tuple[list[list[int]], list[int], list[bool]]:
    """The rows of ``ends`` for the links' nice loops, from ``starts``, their chains' nodes, and per
    row whether its loop may remove something (``loop_gains``)."""
    view, size, found = links.view, links.view.size, arrays(links)
    marks, holding, peers = view.shared(links_compiled.marks_array), view.shared(_holding_words), _peer_words(size)
    rows, chains = ends(*found.links, np.array(starts, dtype=np.int64), found.cell, found.digit, found.sees,
                        found.bits, found.places, marks, holding, peers, size, max_links)
    gains = loop_gains(rows, chains, found.cell, found.digit, found.sees, found.sets, marks, holding, peers, size)
    return rows.tolist(), chains.tolist(), gains.tolist()


def warm() -> None:
    """Compile the kernels (or load them from numba's cache) on a small case: the two candidates of
    one cell of a grid of size 2; and the links' (``links_compiled``)."""
    links_compiled.warm()
    loop_gains(np.array([[0, 1, 1, 0, 1, 0, 2]], dtype=np.int64), np.array([0, 1], dtype=np.int64),
               np.array([0, 0], dtype=np.int64), np.array([1, 2], dtype=np.int64), np.zeros((2, 1), dtype=np.int64),
               np.full((2, 2), -1, dtype=np.int64), np.array([3, 0, 0, 0], dtype=np.int64),
               np.array([[0], [1], [1]], dtype=np.int64), np.zeros((4, 1), dtype=np.int64), 2)
    ptr, idx = np.array([0, 1, 2], dtype=np.int64), np.array([1, 0], dtype=np.int64)
    ends(ptr, idx, ptr, idx, np.array([0], dtype=np.int64), np.array([0, 0], dtype=np.int64),
         np.array([1, 2], dtype=np.int64), np.zeros((2, 1), dtype=np.int64), np.ones((2, 1), dtype=np.int64),
         np.array([[0, -1], [0, -1]], dtype=np.int64), np.array([3, 0, 0, 0], dtype=np.int64),
         np.array([[0], [1], [1]], dtype=np.int64), np.zeros((4, 1), dtype=np.int64), 2, 3)


def _flat(neighbours: Sequence[Sequence[int]]) -> tuple[np.ndarray, np.ndarray]:
    """Lists of neighbours as one array and where each node's begin (``ptr``, one more than nodes)."""
    ptr = np.zeros(len(neighbours) + 1, dtype=np.int64)
    np.cumsum(np.fromiter(map(len, neighbours), dtype=np.int64, count=len(neighbours)), out=ptr[1:])
    return ptr, np.fromiter(chain.from_iterable(neighbours), dtype=np.int64, count=int(ptr[-1]))


def words(bitsets: Sequence[int], size: int) -> np.ndarray:
    """Bitsets of cells as rows of 64-bit words (signed), the lowest word first."""
    count = (size * size + 63) // 64
    data = b"".join([bitset.to_bytes(8 * count, "little") for bitset in bitsets])
    return np.frombuffer(data, dtype=np.int64).reshape(len(bitsets), count).copy()


@cache
def _peer_words(size: int) -> np.ndarray:
    return words(peer_bits(size), size)

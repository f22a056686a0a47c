"""The chains' link graphs built compiled (numba), straight from the pencil marks: the arrays the
nice loops' search (``loops_compiled.ends``) reads and each digit's weak links (X- and XY-chains),
without building the networkx graphs.

The networkx view (``models.graph.GraphView``) stays the reference: ``techniques.chains._Links``
reads its neighbours in the order the graphs list them, and this code lists the same neighbours
in the same order, so the searches find the same chains. That order is the graphs' building order:

- a digit's ``weak`` graph adds each unit's cells (rows, then columns, then boxes), so a cell's
  neighbours come as its row lists them, then its column, then the rest of its box; a link is
  strong when some unit holds the digit in just those two cells;
- a digit's ``group_graph`` adds, unit by unit, an edge from each group of the unit (its cells in
  one box-line intersection, two or more) to each candidate and group of the unit disjoint from it,
  strong when together they are the unit's every place: neighbours and groups come in the order
  their edges were first added;
- a candidate's links: the other candidates of its cell (strong when there are two), its digit's
  ``weak`` graph, then its ``group_graph``, then the ALS nodes entered from it.

Nodes are numbered per state: a candidate ``cell * N + digit - 1``, then the groups (digit by
digit, in their graph's order), then the ALS nodes. The candidates' links are built once per state
(``candidate_links``) for the plain and the grouped nice loops, and their node arrays once per grid
size (``candidate_nodes``). A test compares the links with ``chains._Links``'s on real puzzles'
states. Imported only when the compiled code is built.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import chain
from math import isqrt
from typing import TYPE_CHECKING

import numpy as np

from sudokit.models.graph import AlsNode, GroupNode, Node, peer_bits, seeing_all
from sudokit.models.grid import geometry
from sudokit.solvers.human.se.jit import compiled

if TYPE_CHECKING:
    from sudokit.solvers.human.view import View

WEAK, STRONG = 1, 2  # an entry's kinds of link (bits)
NO_EDGE = -1


@compiled
def _grow(array, count):
    """``array`` (one-dimensional) with room for twice ``count`` values (its first ``count`` kept)."""
    grown = np.empty(2 * count + 16, dtype=array.dtype)
    grown[:count] = array[:count]
    return grown


@compiled
def _conjugate(c, m, cell_units, counts):
    """Whether some unit of both cells holds the digit (``counts[unit]``) in just those two."""
    for i in range(cell_units.shape[1]):
        u = cell_units[c, i]
        if counts[u] == 2:
            for j in range(cell_units.shape[1]):
                if cell_units[m, j] == u:
                    return True
    return False


@compiled
def _unit_counts(marks, size, units):
    """Per unit and digit (index ``digit - 1``): how many of its cells hold the digit."""
    counts = np.zeros((units.shape[0], size), dtype=np.int64)
    for u in range(units.shape[0]):
        for k in range(size):
            mask = marks[units[u, k]]
            for d in range(size):
                if mask >> d & 1:
                    counts[u, d] += 1
    return counts


@compiled
def _weak_of(marks, size, units, cell_units, counts, c, d, seen, cells, strong, count):
    """Appends to ``cells`` (and ``strong``) the neighbours of candidate ``c``, ``d + 1`` in its
    digit's ``weak`` graph, in the graph's order (``seen``: scratch per cell); the new count."""
    k = c * size + d
    for i in range(cell_units.shape[1]):
        u = cell_units[c, i]
        for j in range(size):
            m = units[u, j]
            if m != c and marks[m] >> d & 1 and seen[m] != k:
                seen[m] = k
                cells[count] = m
                strong[count] = _conjugate(c, m, cell_units, counts[:, d])
                count += 1
    return count


@compiled
def digit_links(marks, size, units, cell_units, digit):
    """One digit's ``weak`` graph (``chains._Links.of_digit``): the cells holding it (ascending, the
    graph's order) and their digits, and by their index the strong links (conjugate pairs) and the
    weak ones (ptr, idx)."""
    n, d = size * size, digit - 1
    counts = np.zeros((units.shape[0], size), dtype=np.int64)  # (its digit's column only)
    for u in range(units.shape[0]):
        for k in range(size):
            counts[u, d] += marks[units[u, k]] >> d & 1
    rank = np.full(n, -1, dtype=np.int64)
    held = 0
    for c in range(n):
        if marks[c] >> d & 1:
            rank[c] = held
            held += 1
    ptr = np.zeros(held + 1, dtype=np.int64)
    index = np.empty(held * 3 * size, dtype=np.int64)
    strong = np.zeros(held * 3 * size, dtype=np.bool_)
    seen = np.full(n, -1, dtype=np.int64)
    count = 0
    for c in range(n):
        if rank[c] >= 0:
            first = count
            count = _weak_of(marks, size, units, cell_units, counts, c, d, seen, index, strong, count)
            for i in range(first, count):
                index[i] = rank[index[i]]
            ptr[rank[c] + 1] = count
    cells = np.empty(held, dtype=np.int64)
    sp = np.zeros(held + 1, dtype=np.int64)
    si = np.empty(count, dtype=np.int64)
    for c in range(n):
        if rank[c] >= 0:
            i = rank[c]
            cells[i] = c
            sp[i + 1] = sp[i]
            for k in range(ptr[i], ptr[i + 1]):
                if strong[k]:
                    si[sp[i + 1]] = index[k]
                    sp[i + 1] += 1
    return cells, np.full(held, digit, dtype=np.int64), sp, si[:sp[held]], ptr, index[:count]


@compiled
def bivalue_links(marks, size, units, cell_units):
    """The links among the candidates of bivalue cells (``chains._Links.of_bivalue``): nodes by cell,
    then digit (their cells and digits); per node its strong link, the cell's other candidate, and
    its weak ones: that, then its neighbours in the digit's ``weak`` graph that are bivalue (ptr, idx)."""
    n = size * size
    counts = _unit_counts(marks, size, units)
    node = np.full(n * size, -1, dtype=np.int64)
    nodes = 0
    for c in range(n):
        m2 = marks[c] & (marks[c] - 1)
        if m2 != 0 and m2 & (m2 - 1) == 0:
            for d in range(size):
                if marks[c] >> d & 1:
                    node[c * size + d] = nodes
                    nodes += 1
    ptr = np.zeros(nodes + 1, dtype=np.int64)
    index = np.empty(nodes * (3 * size + 1), dtype=np.int64)
    near = np.empty(3 * size, dtype=np.int64)
    strong = np.empty(3 * size, dtype=np.bool_)
    seen = np.full(n, -1, dtype=np.int64)
    digit = np.empty(nodes, dtype=np.int64)
    cells = np.empty(nodes, dtype=np.int64)
    count = 0
    for k in range(n * size):
        i = node[k]
        if i < 0:
            continue
        c, d = k // size, k % size
        digit[i], cells[i] = d + 1, c
        for e in range(size):
            if e != d and node[c * size + e] >= 0:
                index[count] = node[c * size + e]
                count += 1
        found = _weak_of(marks, size, units, cell_units, counts, c, d, seen, near, strong, 0)
        for j in range(found):
            if node[near[j] * size + d] >= 0:
                index[count] = node[near[j] * size + d]
                count += 1
        ptr[i + 1] = count
    sp = np.arange(nodes + 1, dtype=np.int64)
    return cells, digit, sp, index[ptr[:-1]], ptr, index[:count]


@compiled
def cell_nodes(cells, digits, peers, size, sp):
    """The node arrays of candidates given by their cells and digits (``loops_compiled.Arrays``'s:
    digit, the cells seeing each (``peers``: per cell, words), its cell as words, its cell and no
    ALS, -1 after), and those with a strong link (``sp``: the strong links' ptr), the starts."""
    n, words = cells.shape[0], peers.shape[1]
    starts = np.empty(n, dtype=np.int64)
    found = 0
    for i in range(sp.shape[0] - 1):
        if sp[i + 1] > sp[i]:
            starts[found] = i
            found += 1
    sees = np.empty((n, words), dtype=np.int64)
    bits = np.zeros((n, words), dtype=np.int64)
    places = np.full((n, size), -1, dtype=np.int64)
    for i in range(n):
        c = cells[i]
        sees[i, :] = peers[c, :]
        bits[i, c >> 6] = np.int64(1) << (c & 63)
        places[i, 0] = c
    return digits, sees, bits, places, np.full((n, size), -1, dtype=np.int64), starts[:found]


@compiled
def _grow_rows(entries, count):
    """``entries`` with room for twice ``count`` rows (its rows kept)."""
    grown = np.empty((2 * count, entries.shape[1]), dtype=entries.dtype)
    grown[:entries.shape[0]] = entries
    return grown


@compiled
def _put(entries, count, owner, neighbour, kinds, edge):
    """Writes an entry of a link list (``owner`` links to ``neighbour``: ``kinds``, or its ``edge``'s
    strength) at ``count``; the next count."""
    entries[count, 0], entries[count, 1], entries[count, 2], entries[count, 3] = owner, neighbour, kinds, edge
    return count + 1


@compiled
def small_sets(marks, size, units, box_from, max_cells):
    """The almost locked sets of two to ``max_cells`` cells in ``View.als``'s order: unit by unit, the
    subsets of its open cells depth first, a set found again (in a box, after its line) left out.
    Returns where each set's cells begin (``ptr``) and the cells, and per set and digit (ascending)
    the digit and its places packed in one number (``unpacked``)."""
    n = size * size
    ptr = np.zeros(n * n + 1, dtype=np.int64)
    cells = np.empty(4 * n * n, dtype=np.int64)
    open_cells = np.empty(size, dtype=np.int64)
    chosen = np.empty(max_cells, dtype=np.int64)  # positions among the open cells
    union = np.zeros(max_cells + 1, dtype=np.int64)
    found = 0
    for u in range(units.shape[0]):
        count = 0
        for j in range(size):
            if marks[units[u, j]]:
                open_cells[count] = units[u, j]
                count += 1
        depth, chosen[0] = 1, 0  # the subsets depth first: extend, else move on, else go back
        while depth > 0:
            if chosen[depth - 1] >= count:
                depth -= 1
                if depth > 0:
                    chosen[depth - 1] += 1
                continue
            union[depth] = union[depth - 1] | marks[open_cells[chosen[depth - 1]]]
            bits, digits = union[depth], 0
            while bits:
                bits &= bits - 1
                digits += 1
            if depth > 1 and digits == depth + 1:
                again = False
                if u >= box_from:
                    rows, cols = True, True
                    for i in range(1, depth):
                        a, b = open_cells[chosen[i]], open_cells[chosen[0]]
                        rows = rows and a // size == b // size
                        cols = cols and a % size == b % size
                    again = rows or cols
                if not again:
                    if ptr[found] + depth > cells.shape[0]:
                        more = np.empty(2 * cells.shape[0], dtype=np.int64)
                        more[:ptr[found]] = cells[:ptr[found]]
                        cells = more
                    for i in range(depth):
                        cells[ptr[found] + i] = open_cells[chosen[i]]
                    ptr[found + 1] = ptr[found] + depth
                    found += 1
            if depth < max_cells and digits <= max_cells + 1:  # (more cells could still make one)
                chosen[depth] = chosen[depth - 1] + 1
                depth += 1
            else:
                chosen[depth - 1] += 1
    entry_digit = np.empty(found * size, dtype=np.int64)
    entry_key = np.empty(found * size, dtype=np.int64)
    base, x = n + 1, 0
    for i in range(found):
        mask = 0
        for j in range(ptr[i], ptr[i + 1]):
            mask |= marks[cells[j]]
        for d in range(size):
            if mask >> d & 1:
                key = 0
                for j in range(ptr[i], ptr[i + 1]):
                    if marks[cells[j]] >> d & 1:
                        key = key * base + cells[j] + 1
                entry_digit[x], entry_key[x] = d + 1, key
                x += 1
    return ptr[:found + 1], cells[:ptr[found]], entry_digit[:x], entry_key[:x]


@compiled
def _entries(marks, size, set_ptr, set_cells, entry_length):
    """The ALS entries of some sets (``set_cells[set_ptr[i]:set_ptr[i + 1]]``): per set and digit
    (ascending), the set, the digit, its places (-1 after) and where its candidates begin."""
    listed = entry_length.shape[0]
    als_set = np.empty(listed, dtype=np.int64)
    als_digit = np.empty(listed, dtype=np.int64)
    als_places = np.full((listed, size), -1, dtype=np.int64)
    als_ptr = np.zeros(listed + 1, dtype=np.int64)
    x = 0
    for i in range(set_ptr.shape[0] - 1):
        mask = 0
        for j in range(set_ptr[i], set_ptr[i + 1]):
            mask |= marks[set_cells[j]]
        for d in range(size):
            if mask >> d & 1:
                als_set[x], als_digit[x] = i, d + 1
                h = 0
                for j in range(set_ptr[i], set_ptr[i + 1]):
                    if marks[set_cells[j]] >> d & 1:
                        als_places[x, h] = set_cells[j]
                        h += 1
                als_ptr[x + 1] = als_ptr[x] + entry_length[x]
                x += 1
    return als_set, als_digit, als_places, als_ptr


@compiled
def candidate_links(marks, size, units, cell_units):
    """The candidates' links (``chains._candidate_links``), per candidate number: its cell's other
    candidates (strong when there are two), then its neighbours in its digit's ``weak`` graph (strong
    when conjugate). Returns the strong and the weak links (ptr, idx) and the candidates with a
    strong link (the starts)."""
    n = size * size
    candidates = n * size
    counts = _unit_counts(marks, size, units)
    seen = np.full(n, -1, dtype=np.int64)
    near = np.empty(3 * size, dtype=np.int64)
    conjugate = np.empty(3 * size, dtype=np.bool_)
    held = 0
    for c in range(n):
        mask = marks[c]
        while mask:
            mask &= mask - 1
            held += 1
    sp = np.zeros(candidates + 1, dtype=np.int64)
    wp = np.zeros(candidates + 1, dtype=np.int64)
    si = np.empty(held * 4 * size, dtype=np.int64)
    wi = np.empty(held * 4 * size, dtype=np.int64)
    starts = np.empty(held, dtype=np.int64)
    strong, weak, found = 0, 0, 0
    for c in range(n):
        mask = marks[c]
        m2 = mask & (mask - 1)
        pair = m2 != 0 and m2 & (m2 - 1) == 0
        for d in range(size):
            k = c * size + d
            if mask >> d & 1:
                for e in range(size):
                    if e != d and mask >> e & 1:
                        wi[weak] = c * size + e
                        weak += 1
                        if pair:
                            si[strong] = c * size + e
                            strong += 1
                count = _weak_of(marks, size, units, cell_units, counts, c, d, seen, near, conjugate, 0)
                for i in range(count):
                    wi[weak] = near[i] * size + d
                    weak += 1
                    if conjugate[i]:
                        si[strong] = near[i] * size + d
                        strong += 1
                if strong > sp[k]:
                    starts[found] = k
                    found += 1
            sp[k + 1], wp[k + 1] = strong, weak
    return sp, si[:strong], wp, wi[:weak], starts[:found]


@cache
def candidate_nodes(size: int) -> tuple[np.ndarray, ...]:
    """The node arrays of every candidate number (``loop_links``'s: cell, digit, sight and cell as
    words, cell then -1, no ALS), the same in every state."""
    candidates = np.arange(size ** 3, dtype=np.int64)
    cells = candidates // size
    return (cells, *cell_nodes(cells, candidates % size + 1, tables(size)[4], size, np.zeros(1, dtype=np.int64))[:5])


@compiled
def loop_links(marks, size, units, unit_parts, part_cells, peers, candidate_lists, candidate_arrays, set_ptr,
               set_cells, entry_length, als_cells):
    """The grouped nice loops' links (``chains._Links.of``): those of the candidates (``candidate_lists``:
    ``candidate_links``'s strong and weak ptr and idx; ``candidate_arrays``: ``candidate_nodes``'s),
    then the groups' and the ALS nodes' of the entries ``als_*`` (per set and digit, in order: the set,
    the digit, its places, the candidates seeing them all at ``als_ptr`` of ``als_cells``, in
    ``GraphView.seeing_links``'s order). Returns the strong and the weak links (ptr, idx), per node its
    cell (-1: a group or an ALS node), digit, the cells seeing it all and its cells (words), its cells
    (-1 after) and its ALS's (-1 after, none: all -1), and the starts."""
    n, words, side = size * size, peers.shape[1], part_cells.shape[1]
    candidates = n * size
    parts = part_cells.shape[0]
    entries = np.empty((256, 4), dtype=np.int64)  # the groups' and the sets' links (grown as needed)
    count = 0
    # the groups, digit by digit: each digit's group graph as it is built
    group_number = np.full(parts, -1, dtype=np.int64)
    group_digit = np.empty(parts * size, dtype=np.int64)
    group_cells = np.full((parts * size, side), -1, dtype=np.int64)
    groups = 0
    edge_strong = np.empty(64, dtype=np.bool_)
    edges = 0
    local = n + parts  # a digit's graph's nodes: cells, then parts
    edge_of = np.full((local, local), NO_EDGE, dtype=np.int64)
    made_a = np.empty(64, dtype=np.int64)  # the edges of a digit (to clear)
    made_b = np.empty(64, dtype=np.int64)
    unit_cells = np.empty(size, dtype=np.int64)
    unit_groups = np.empty(side * 2, dtype=np.int64)
    in_group = np.full(n, -1, dtype=np.int64)  # per cell: the part of the unit's group it lies in
    sizes = np.zeros(parts, dtype=np.int64)
    digit_groups = np.zeros(size + 1, dtype=np.int64)  # where each digit's groups begin (by number)
    for d in range(size):
        digit_groups[d] = groups
        group_number[:] = -1
        cleared = 0
        for u in range(units.shape[0]):
            places = 0
            for j in range(size):
                if marks[units[u, j]] >> d & 1:
                    unit_cells[places] = units[u, j]
                    places += 1
            found = 0
            for j in range(unit_parts.shape[1]):
                part = unit_parts[u, j]
                if part < 0:
                    break
                held = 0
                for i in range(side):
                    if marks[part_cells[part, i]] >> d & 1:
                        held += 1
                if held > 1:
                    unit_groups[found] = part
                    sizes[part] = held
                    found += 1
            for g in range(found):
                part = unit_groups[g]
                for i in range(side):
                    in_group[part_cells[part, i]] = part
                for o in range(places + found):
                    if o < places:
                        target, length = unit_cells[o], 1
                        if in_group[target] == part:
                            continue
                    else:
                        target = unit_groups[o - places]
                        length = sizes[target]
                        shared = False
                        for i in range(side):
                            cell = part_cells[target, i]
                            if in_group[cell] == part and marks[cell] >> d & 1:
                                shared = True
                        if shared:
                            continue
                        target += n
                    strong = sizes[part] + length == places
                    e = edge_of[n + part, target]
                    if e == NO_EDGE:
                        if edges == edge_strong.shape[0]:
                            edge_strong = _grow(edge_strong, edges)
                        if cleared == made_a.shape[0]:
                            made_a, made_b = _grow(made_a, cleared), _grow(made_b, cleared)
                        e = edges
                        edges += 1
                        edge_strong[e] = strong
                        edge_of[n + part, target] = edge_of[target, n + part] = e
                        made_a[cleared], made_b[cleared] = n + part, target
                        cleared += 1
                        for local_node in (n + part, target):
                            if local_node >= n and group_number[local_node - n] < 0:
                                g_part = local_node - n
                                group_number[g_part] = candidates + groups
                                group_digit[groups] = d + 1
                                h = 0
                                for i in range(side):
                                    if marks[part_cells[g_part, i]] >> d & 1:
                                        group_cells[groups, h] = part_cells[g_part, i]
                                        h += 1
                                groups += 1
                        first = group_number[part]
                        second = group_number[target - n] if target >= n else target * size + d
                        if count + 2 > entries.shape[0]:
                            entries = _grow_rows(entries, count)
                        count = _put(entries, count, first, second, WEAK, e)
                        count = _put(entries, count, second, first, WEAK, e)
                    elif not edge_strong[e]:
                        edge_strong[e] = strong
                for i in range(side):
                    in_group[part_cells[part, i]] = -1
        for i in range(cleared):
            edge_of[made_a[i], made_b[i]] = edge_of[made_b[i], made_a[i]] = NO_EDGE
    digit_groups[size] = groups
    for i in range(count):
        if entries[i, 3] != NO_EDGE and edge_strong[entries[i, 3]]:
            entries[i, 2] |= STRONG
    # the ALS nodes: per set, its digits whose places something sees, when two or more
    als_set, als_digit, als_places, als_ptr = _entries(marks, size, set_ptr, set_cells, entry_length)
    listed = als_set.shape[0]
    outside_ptr = np.zeros(listed + 1, dtype=np.int64)
    outside = np.empty(als_cells.shape[0] + listed * groups, dtype=np.int64)
    sight = np.empty(words, dtype=np.int64)
    stored = 0
    for x in range(listed):
        for i in range(als_ptr[x], als_ptr[x + 1]):
            outside[stored] = als_cells[i]
            stored += 1
        sight[:] = -1
        for i in range(als_places.shape[1]):
            if als_places[x, i] < 0:
                break
            for w in range(words):
                sight[w] &= peers[als_places[x, i], w]
        for g in range(digit_groups[als_digit[x] - 1], digit_groups[als_digit[x]]):  # the digit's groups
            inside = True
            for i in range(side):
                cell = group_cells[g, i]
                if cell >= 0 and not sight[cell >> 6] >> (cell & 63) & 1:
                    inside = False
                    break
            if inside:
                outside[stored] = candidates + g
                stored += 1
        outside_ptr[x + 1] = stored
    als_entry = np.empty(listed, dtype=np.int64)
    if count + listed * size + 2 * stored > entries.shape[0]:
        entries = _grow_rows(entries, count + listed * size + 2 * stored)
    nodes = candidates + groups
    x = 0
    while x < listed:
        last = x
        while last < listed and als_set[last] == als_set[x]:
            last += 1
        linked = 0
        for y in range(x, last):
            if outside_ptr[y + 1] > outside_ptr[y]:
                linked += 1
        if linked > 1:
            first = nodes
            for y in range(x, last):
                if outside_ptr[y + 1] > outside_ptr[y]:
                    als_entry[nodes - candidates - groups] = y
                    nodes += 1
            for k in range(first, nodes):
                for j in range(first, nodes):
                    if j != k:
                        count = _put(entries, count, k, j, STRONG, NO_EDGE)
                y = als_entry[k - candidates - groups]
                for i in range(outside_ptr[y], outside_ptr[y + 1]):
                    count = _put(entries, count, k, outside[i], WEAK, NO_EDGE)
            for k in range(first, nodes):  # entered from what it sees
                y = als_entry[k - candidates - groups]
                for i in range(outside_ptr[y], outside_ptr[y + 1]):
                    count = _put(entries, count, outside[i], k, WEAK, NO_EDGE)
        x = last
    # the lists, each node's in the order its entries came: a candidate's own links first
    csp, csi, cwp, cwi = candidate_lists
    sp = np.zeros(nodes + 1, dtype=np.int64)
    wp = np.zeros(nodes + 1, dtype=np.int64)
    for k in range(candidates):
        sp[k + 1], wp[k + 1] = csp[k + 1] - csp[k], cwp[k + 1] - cwp[k]
    for i in range(count):
        if entries[i, 2] & STRONG:
            sp[entries[i, 0] + 1] += 1
        if entries[i, 2] & WEAK:
            wp[entries[i, 0] + 1] += 1
    for k in range(nodes):
        sp[k + 1] += sp[k]
        wp[k + 1] += wp[k]
    si = np.empty(sp[nodes], dtype=np.int64)
    wi = np.empty(wp[nodes], dtype=np.int64)
    s_at, w_at = sp[:-1].copy(), wp[:-1].copy()
    for k in range(candidates):
        for i in range(csp[k], csp[k + 1]):
            si[s_at[k]] = csi[i]
            s_at[k] += 1
        for i in range(cwp[k], cwp[k + 1]):
            wi[w_at[k]] = cwi[i]
            w_at[k] += 1
    for i in range(count):
        owner, neighbour, kinds = entries[i, 0], entries[i, 1], entries[i, 2]
        if kinds & STRONG:
            si[s_at[owner]] = neighbour
            s_at[owner] += 1
        if kinds & WEAK:
            wi[w_at[owner]] = neighbour
            w_at[owner] += 1
    # the nodes: the candidates' as given, then the groups' and the ALS nodes'
    ccell, cdigit, csees, cbits, cplaces, csets = candidate_arrays
    cell = np.full(nodes, -1, dtype=np.int64)
    digit = np.empty(nodes, dtype=np.int64)
    sees = np.zeros((nodes, words), dtype=np.int64)
    bits = np.zeros((nodes, words), dtype=np.int64)
    places = np.full((nodes, size), -1, dtype=np.int64)
    sets = np.full((nodes, size), -1, dtype=np.int64)
    cell[:candidates], digit[:candidates], sees[:candidates], bits[:candidates] = ccell, cdigit, csees, cbits
    places[:candidates], sets[:candidates] = cplaces, csets
    for k in range(candidates, nodes):
        if k < candidates + groups:
            digit[k] = group_digit[k - candidates]
            for i in range(side):
                places[k, i] = group_cells[k - candidates, i]
        else:
            y = als_entry[k - candidates - groups]
            digit[k] = als_digit[y]
            for i in range(als_places.shape[1]):
                places[k, i] = als_places[y, i]
            for i in range(set_ptr[als_set[y]], set_ptr[als_set[y] + 1]):
                sets[k, i - set_ptr[als_set[y]]] = set_cells[i]
        sees[k, :] = -1
        for i in range(size):
            c = places[k, i]
            if c < 0:
                break
            for w in range(words):
                sees[k, w] &= peers[c, w]
            bits[k, c >> 6] |= np.int64(1) << (c & 63)
    starts = np.empty(candidates + groups, dtype=np.int64)
    found = 0
    for k in range(candidates + groups):
        if sp[k + 1] > sp[k]:
            starts[found] = k
            found += 1
    return sp, si, wp, wi, cell, digit, sees, bits, places, sets, starts[:found]


# ---- what the chains' Python code calls


@cache
def tables(size: int) -> tuple[np.ndarray, ...]:
    """A grid's geometry as the kernels read it: its units' cells, each cell's units (ascending),
    each unit's box-line intersections (in ``models.graph._intersections``'s order, -1 after) and
    their cells, each cell's peers (words)."""
    from sudokit.solvers.human.loops_compiled import words

    geo = geometry(size)
    units = np.array(geo.units, dtype=np.int64)
    cell_units = np.array([sorted(u for u, cells in enumerate(geo.units) if c in cells) for c in range(size * size)],
                          dtype=np.int64)
    side = isqrt(size)
    intersections: list[tuple[int, ...]] = []
    per_unit: list[list[int]] = [[] for _ in geo.units]
    for box in range(2 * size, 3 * size):
        for line in range(2 * size):
            shared = tuple(sorted(set(geo.units[box]) & set(geo.units[line])))
            if shared:
                per_unit[box].append(len(intersections))
                per_unit[line].append(len(intersections))
                intersections.append(shared)
    width = max(map(len, per_unit))
    unit_parts = np.array([p + [-1] * (width - len(p)) for p in per_unit], dtype=np.int64)
    part_cells = np.array(intersections, dtype=np.int64).reshape(-1, side)
    return units, cell_units, unit_parts, part_cells, words(peer_bits(size), size)


def als_entries(view: View, max_cells: int) -> tuple[np.ndarray, ...]:
    """The ``loop_links`` input of a state's ALSs of two to ``max_cells`` cells (``small_sets``): where
    each one's cells begin and its cells, and per set and digit how many candidates see all its
    places, and those candidates (numbers, in ``GraphView.seeing_links``'s order: a set intersection's,
    read off the set when there are two or more; ``_counted`` gives the rest)."""
    size = view.size
    marks = view.shared(marks_array)
    set_ptr, set_cells, digits, keys = small_sets(marks, size, tables(size)[0], 2 * size, max_cells)
    if not len(keys):
        return set_ptr, set_cells, keys, keys
    lengths, seen = _counted(digits, keys, marks, tables(size)[4], size)
    many = (lengths > 1).nonzero()[0]
    if not len(many):
        return set_ptr, set_cells, lengths, seen
    seen_by = [view.per_digit(_seen, d) for d in range(1, size + 1)]
    found: list[list[int]] = []
    for d, key in zip(digits[many].tolist(), keys[many].tolist()):
        kept = seen_by[d - 1].get(key)
        if kept is None:
            kept = seen_by[d - 1][key] = [c * size + d - 1 for c in _sight(key, size) & view.graphs.holding[d]]
        found.append(kept)
    return set_ptr, set_cells, lengths, _placed(lengths, seen, np.fromiter(chain.from_iterable(found), dtype=np.int64))


@compiled
def _counted(digits, keys, marks, peers, size):
    """Per entry of ``small_sets`` (its digit and packed places, ``unpacked``): how many candidates of
    the digit see all its places; and per entry with just one, that candidate (number)."""
    count, words, n = digits.shape[0], peers.shape[1], size * size
    base = n + 1
    lengths = np.empty(count, dtype=np.int64)
    single = np.empty(count, dtype=np.int64)
    sight = np.empty(words, dtype=np.int64)
    singles = 0
    for x in range(count):
        d, rest = digits[x], keys[x]
        sight[:] = -1
        while rest:
            c = rest % base - 1
            rest //= base
            for w in range(words):
                sight[w] &= peers[c, w]
        found, one = 0, -1
        for c in range(n):
            if marks[c] >> (d - 1) & 1 and sight[c >> 6] >> (c & 63) & 1:
                found += 1
                one = c
        lengths[x] = found
        if found == 1:
            single[singles] = one * size + d - 1
            singles += 1
    return lengths, single[:singles]


@compiled
def _placed(lengths, single, many):
    """The candidates of every entry in order, given those of the entries with one (``single``) and
    those of the entries with more (``many``), each in order."""
    seen = np.empty(single.shape[0] + many.shape[0], dtype=np.int64)
    stored, ones, more = 0, 0, 0
    for x in range(lengths.shape[0]):
        if lengths[x] == 1:
            seen[stored] = single[ones]
            ones += 1
            stored += 1
        elif lengths[x] > 1:
            seen[stored:stored + lengths[x]] = many[more:more + lengths[x]]
            more += lengths[x]
            stored += lengths[x]
    return seen


def unpacked(key: int, size: int) -> tuple[int, ...]:
    """The cells ``small_sets`` packed in ``key`` (each cell plus one, a digit of base N² + 1), ascending."""
    base, cells = size * size + 1, []
    while key:
        key, cell = divmod(key, base)
        cells.append(cell - 1)
    return tuple(reversed(cells))


@cache
def _sight(key: int, size: int) -> frozenset[int]:
    """The cells seeing every one of the cells packed in ``key`` (``unpacked``): ``seeing_all``'s set."""
    return seeing_all(unpacked(key, size), size)


def _seen(view: View, digit: int) -> dict[int, list[int]]:
    """Per places of an ALS on ``digit`` (packed: ``unpacked``): the candidates of the digit seeing
    them all, filled as asked; kept while the digit's candidates stay the same (``View.per_digit``)."""
    return {}


def loop_arrays(view: View, max_cells: int | None) -> tuple[tuple[np.ndarray, ...], np.ndarray]:
    """``loop_links`` of a state: the candidates' links, with ``max_cells`` (None: no groups) the
    groups' and the ALS nodes' of its sets of two to ``max_cells`` cells. Returns the arrays (strong
    and weak links, then per node its cell, digit, sight, cells as words, cells and ALS) and the starts."""
    size = view.size
    sp, si, wp, wi, starts = view.shared(_candidate_lists)
    if max_cells is None:
        return (sp, si, wp, wi, *candidate_nodes(size)), starts
    units, _, unit_parts, part_cells, peers = tables(size)
    *arrays, starts = loop_links(view.shared(marks_array), size, units, unit_parts, part_cells, peers,
                                 (sp, si, wp, wi), candidate_nodes(size), *als_entries(view, max_cells))
    return tuple(arrays), starts


def _candidate_lists(view: View) -> tuple[np.ndarray, ...]:
    """``candidate_links`` of a state (``View.shared``: the plain and the grouped nice loops read them)."""
    return candidate_links(view.shared(marks_array), view.size, *tables(view.size)[:2])


class Nodes(Sequence[Node]):
    """The nodes of ``loop_arrays``, by number: the candidates' given, a group or an ALS node made
    from the arrays when first read."""

    def __init__(self, candidates: Sequence[Node], digit: np.ndarray, places: np.ndarray, sets: np.ndarray):
        self.candidates, self.digit, self.places, self.sets = candidates, digit, places, sets
        self.made: dict[int, Node] = {}

    def __len__(self) -> int:
        return len(self.digit)

    def __getitem__(self, number: int) -> Node:  # type: ignore[override]
        if number < len(self.candidates):
            return self.candidates[number]
        node = self.made.get(number)
        if node is None:
            cells, digit = tuple([c for c in self.places[number].tolist() if c >= 0]), int(self.digit[number])
            als = tuple([c for c in self.sets[number].tolist() if c >= 0])
            node = self.made[number] = AlsNode(cells, digit, als) if als else GroupNode(cells, digit)
        return node


def marks_array(view: View) -> np.ndarray:
    """A state's marks as the kernels read them (``View.shared``: once per state)."""
    return np.array(view.marks, dtype=np.int64)


def warm() -> None:
    """Compile the kernels (or load them from numba's cache) on a grid of size 4."""
    units, cell_units, unit_parts, part_cells, peers = tables(4)
    marks = np.full(16, 15, dtype=np.int64)
    small_sets(marks, 4, units, 8, 3)
    lists = candidate_links(marks, 4, units, cell_units)
    loop_links(marks, 4, units, unit_parts, part_cells, peers, lists[:4], candidate_nodes(4),
               np.array([0, 2], dtype=np.int64), np.array([0, 1], dtype=np.int64), np.array([1, 0, 0, 0], dtype=np.int64),
               np.array([8], dtype=np.int64))
    digit_links(marks, 4, units, cell_units, 1)
    cell_nodes(np.array([0, 5], dtype=np.int64), np.array([1, 2], dtype=np.int64), peers, 4,
               np.array([0, 1, 2], dtype=np.int64))
    bivalue_links(marks, 4, units, cell_units)
    lengths, single = _counted(np.array([1], dtype=np.int64), np.array([18], dtype=np.int64), marks, peers, 4)
    _placed(lengths, single, np.zeros(0, dtype=np.int64))

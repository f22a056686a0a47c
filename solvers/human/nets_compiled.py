"""Forcing chains' and nets' search, compiled (numba): ``follow`` follows every premise of a state as
``implications.consequences`` does (breadth first, the same links in the same order, until the first
contradiction), on the state's links as arrays (``build``, in ``Links.of``'s order). It gives each
premise the cost ``Implications.contradictions`` sorts by (the summed distances of the literals that
show its contradiction; -1: none) and, for the others, the literals it reaches, whose intersections
tell the verities' groups of premises that imply something in common (``agreeing``). A premise a
step shows is followed again by ``trace``, which records what ``consequences`` (the reference)
records: the literals in order, their parents and distances (``Search.outcome``); so the steps are
built as before. The links are read back as Python tuples only where a step reads them
(``implications.Spans``). Imported only when the compiled code is built (it loads numba).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import cache, cached_property
from typing import TYPE_CHECKING

import numpy as np

from sudokit.solvers.human.links_compiled import marks_array
from sudokit.solvers.human.se.jit import compiled
from sudokit.solvers.human.singles_compiled import geometry_arrays

if TYPE_CHECKING:
    from sudokit.solvers.human.implications import Links, Literal, Outcome
    from sudokit.solvers.human.view import View

Arrays = tuple[np.ndarray, ...]  # per literal code, where its removals (a setting's) start, and them; its groups'; the groups'


def links_of(view: View) -> tuple[Links, Arrays, np.ndarray]:
    """A state's links (``Links.of``'s), as the kernels read them, and the codes of its premises
    (computed once per state, for chains and nets)."""
    from sudokit.solvers.human.implications import Links, Slices, Spans

    units, cell_units, peers = _geometry(view.size)
    built = build(view.shared(marks_array), np.array(view.values, dtype=np.int64), units, cell_units, peers)
    rem_start, rem, mem_start, mem, grp_start, grp, grp_unit, premises = built  # (read when a step shows a premise)
    cells = len(view.marks) - view.marks.count(0)  # the groups of the cells come first (their unit: None)
    links = Links(view.size, Spans(rem_start, rem, True, mem_start), Spans(mem_start, mem, False, mem_start),
                  Slices(grp_start, grp), [None] * cells + grp_unit[cells:].tolist(), np.diff(grp_start).tolist())
    return links, built[:6], premises


def premises_of(view: View) -> tuple[Premises, np.ndarray]:
    """``implications._premises`` (every candidate set, then removed, and their codes), as the compiled
    search reads them."""
    from sudokit.solvers.human.implications import _literals

    codes = view.shared(links_of)[2]
    return Premises(codes, _literals(view.size)), codes


class Premises(Sequence["Literal"]):
    """A state's premises by their codes (``links_of``'), each read as a ``Literal`` when asked for
    (a state reads few of them)."""

    def __init__(self, codes: np.ndarray, literals: tuple[Literal, ...]):
        self._codes, self._literals = codes, literals

    def __getitem__(self, at):
        if isinstance(at, slice):
            return tuple([self._literals[k] for k in self._codes[at].tolist()])
        return self._literals[self._codes[at]]

    def __len__(self) -> int:
        return len(self._codes)


_geometry = cache(geometry_arrays)  # (the same arrays for every state of a size)


class Search:
    """Every premise of a state followed once, by chains or by nets (when first asked)."""

    def __init__(self, view: View, premises: Sequence[int] | np.ndarray, dynamic: bool):
        self.view, self.premises, self.dynamic = view, np.asarray(premises, dtype=np.int64), dynamic

    @cached_property
    def _followed(self) -> tuple[np.ndarray, np.ndarray]:
        links = self.view.shared(links_of)[1]
        costs = np.empty(len(self.premises), dtype=np.int64)
        reached = np.zeros((len(self.premises), (len(links[0]) + 62) // 64), dtype=np.int64)
        follow(*links, self.premises, self.dynamic, costs, reached)
        return costs, reached

    @cached_property
    def _widest(self) -> int:
        """The most parents a literal can have: one by chains; by nets, a group's other members."""
        return int(np.diff(self.view.shared(links_of)[1][4]).max(initial=1)) if self.dynamic else 1

    def outcome(self, links: Links, premise: Literal) -> Outcome:
        """``consequences(links, premise, dynamic)``, followed by the compiled ``trace``."""
        from sudokit.solvers.human.implications import Outcome

        arrays = self.view.shared(links_of)[1]
        length = len(arrays[0]) - 1
        queue, parent_start, ends = (np.empty(length + 1, dtype=np.int64) for _ in range(3))
        parents = np.empty(length * self._widest, dtype=np.int64)
        tail, count, kind, where = trace(*arrays, links.code(premise), self.dynamic, queue, parent_start, parents, ends)
        reached = Traced(queue[:tail].tolist(), parent_start[:tail + 1].tolist(), parents[:parent_start[tail]].tolist())
        shown: tuple[int, ...] = ()
        what = ""
        if kind == 1:
            shown, what = links.clash(where)
        elif kind == 2:
            shown, what = links.groups[where], links.empty(where)
        return Outcome(premise, links, reached, tuple(ends[:count].tolist()), shown, what)

    def costs(self) -> list[int]:
        """Per premise: the cost of the contradiction it leads to, or -1 when it leads to none."""
        return self._followed[0].tolist()

    def failing(self) -> list[int]:
        """The premises (their indices) that lead to a contradiction, by its cost, then in order."""
        costs = self._followed[0]
        found = np.flatnonzero(costs >= 0)
        return found[np.argsort(costs[found], kind="stable")].tolist()

    def agreeing(self) -> tuple[list[bool], list[bool]]:
        """Whether the premises of a group all reach some literal in common, none failing: per pair of
        premises (a candidate set, removed), and per group of the links (its members set; never one
        of fewer than two)."""
        costs, reached = self._followed
        grp_start, grp = self.view.shared(links_of)[1][4:]
        pairs = np.empty(len(self.premises) // 2, dtype=np.bool_)
        groups = np.empty(len(grp_start) - 1, dtype=np.bool_)
        agreeing(costs, reached, self.premises, grp_start, grp, pairs, groups)
        return pairs.tolist(), groups.tolist()


class Traced(Mapping[int, tuple[int, ...]]):
    """A traced premise's literals (codes) in the order reached, each with its parents (``Outcome.reached``),
    kept as ``trace`` lists them: a literal's parents are made a tuple when read."""

    def __init__(self, order: list[int], starts: list[int], parents: list[int]):
        self._order, self._starts, self._parents = order, starts, parents
        self._at = dict(zip(order, range(len(order))))

    def __getitem__(self, code: int) -> tuple[int, ...]:
        at = self._at[code]
        return tuple(self._parents[self._starts[at]:self._starts[at + 1]])

    def __contains__(self, code: object) -> bool:
        return code in self._at

    def __iter__(self) -> Iterator[int]:
        return iter(self._order)

    def __len__(self) -> int:
        return len(self._order)


def warm() -> None:
    """Compile the kernels (or load them from numba's cache)."""
    one, none = np.zeros(2, dtype=np.int64), np.zeros(0, dtype=np.int64)
    costs, reached = np.empty(1, dtype=np.int64), np.zeros((1, 1), dtype=np.int64)
    follow(one, none, one, none, one[:1], none, one[:1], True, costs, reached)
    agreeing(costs, reached, none, one[:1], none, np.empty(0, dtype=np.bool_), np.empty(0, dtype=np.bool_))
    trace(one, none, one, none, one[:1], none, 0, True, np.empty(2, dtype=np.int64), np.empty(2, dtype=np.int64),
          np.empty(1, dtype=np.int64), np.empty(2, dtype=np.int64))
    build(one[:1], one[:1], np.zeros((1, 1), dtype=np.int64), np.zeros((1, 1), dtype=np.int64),
          np.zeros((1, 0), dtype=np.int64))


@compiled
def build(marks, values, units, cell_units, peers):
    """A state's links as ``Links.of`` makes them, in its order: per literal code the start of a
    setting's removals (the rest of its cell, then its peers' copies, peers ascending) and of a
    removal's groups (its cell's, then its units' for its digit), and them; the groups' starts and
    members (each cell's candidates, then per unit each digit not placed there: its places); each
    group's unit (-1: a cell); and the premises (each candidate set, then removed)."""
    cells, size = marks.shape[0], units.shape[1]
    length, most = 2 * cells * size, cells + units.shape[0] * size
    number = np.full(most, -1, dtype=np.int64)  # a cell's group, then a unit's for a digit (cells + unit * size + digit)
    grp_start = np.zeros(most + 1, dtype=np.int64)
    grp = np.empty(cells * size * (1 + cell_units.shape[1]), dtype=np.int64)
    grp_unit = np.empty(most, dtype=np.int64)
    groups, at = 0, 0
    for cell in range(cells):
        if marks[cell]:
            number[cell], grp_unit[groups] = groups, -1
            for digit in range(size):
                if marks[cell] >> digit & 1:
                    grp[at] = 2 * (cell * size + digit)
                    at += 1
            groups += 1
            grp_start[groups] = at
    for unit in range(units.shape[0]):
        placed = 0
        for cell in units[unit]:
            if values[cell]:
                placed |= 1 << (values[cell] - 1)
        for digit in range(size):
            if not placed >> digit & 1:
                number[cells + unit * size + digit], grp_unit[groups] = groups, unit
                for cell in units[unit]:
                    if marks[cell] >> digit & 1:
                        grp[at] = 2 * (cell * size + digit)
                        at += 1
                groups += 1
                grp_start[groups] = at
    rem_start = np.zeros(length + 1, dtype=np.int64)
    premises = np.empty(cells * size * 2, dtype=np.int64)
    rem = np.empty(cells * size * (size + peers.shape[1]), dtype=np.int64)
    mem_start = np.zeros(length + 1, dtype=np.int64)
    mem = np.empty(cells * size * (1 + cell_units.shape[1]), dtype=np.int64)
    r, m, p = 0, 0, 0
    for code in range(length):
        cell, digit = code // 2 // size, code // 2 % size
        if marks[cell] >> digit & 1:
            if code & 1:
                premises[p], premises[p + 1] = code, code - 1
                p += 2
                for other in range(size):
                    if other != digit and marks[cell] >> other & 1:
                        rem[r] = 2 * (cell * size + other)
                        r += 1
                for peer in peers[cell]:
                    if marks[peer] >> digit & 1:
                        rem[r] = 2 * (peer * size + digit)
                        r += 1
            else:
                mem[m] = number[cell]
                m += 1
                for unit in cell_units[cell]:
                    mem[m] = number[cells + unit * size + digit]
                    m += 1
        rem_start[code + 1], mem_start[code + 1] = r, m
    return rem_start, rem[:r], mem_start, mem[:m], grp_start[:groups + 1], grp[:at], grp_unit[:groups], premises[:p]


@compiled
def follow(rem_start, rem, mem_start, mem, grp_start, grp, premises, dynamic, out, reached):
    """Fill ``out`` with each premise's cost (``consequences``' contradiction, its literals' summed
    distances from the premise), or -1; and ``reached`` (zeros) with the literals (bits of their codes)
    that each premise without a contradiction reaches."""
    length, groups = rem_start.shape[0] - 1, grp_start.shape[0] - 1
    depth = np.full(length, -1, dtype=np.int64)  # per literal reached: its distance (-1: not reached)
    left = np.empty(groups, dtype=np.int64)  # per group: its removals not yet implied
    queue = np.empty(length, dtype=np.int64)  # the literals in the order reached
    for p in range(premises.shape[0]):
        for number in range(groups):
            left[number] = grp_start[number + 1] - grp_start[number]
        start = premises[p]
        depth[start], queue[0] = 0, start
        begin, end, tail, distance, cost = 0, 1, 1, 0, -1
        while begin < end and cost < 0:
            for i in range(begin, end):
                code = queue[i]
                if code & 1:
                    for j in range(rem_start[code], rem_start[code + 1]):
                        removal = rem[j]
                        if depth[removal] < 0:
                            depth[removal], queue[tail] = distance + 1, removal
                            tail += 1
                            if depth[removal + 1] >= 0:  # a candidate set and removed
                                cost = depth[removal + 1] + distance + 1
                                break
                else:
                    for j in range(mem_start[code], mem_start[code + 1]):
                        number = mem[j]
                        left[number] -= 1
                        count = left[number]
                        if count > 1:
                            continue
                        first, stop = grp_start[number], grp_start[number + 1]
                        if count == 0:  # a group emptied
                            cost = 0
                            for k in range(first, stop):
                                cost += depth[grp[k]]
                            break
                        if not dynamic and stop - first != 2:  # (by chains, a group of more sets nothing)
                            continue
                        last = _unreached(grp, first, stop, depth)
                        if last < 0 or depth[last + 1] >= 0:
                            continue
                        depth[last + 1], queue[tail] = distance + 1, last + 1
                        tail += 1
                if cost >= 0:
                    break
            begin, end, distance = end, tail, distance + 1
        out[p] = cost
        for i in range(tail):
            code = queue[i]
            depth[code] = -1
            if cost < 0:
                reached[p, code >> 6] |= np.int64(1) << (code & 63)


@compiled
def _unreached(grp, first, stop, depth):
    """The first of a group's members ``grp[first:stop]`` not reached yet (``depth`` negative), or -1."""
    for k in range(first, stop):
        if depth[grp[k]] < 0:
            return grp[k]
    return -1


@compiled
def trace(rem_start, rem, mem_start, mem, grp_start, grp, start, dynamic, queue, parent_start, parents, ends):
    """Follow one premise as ``implications.consequences`` does: fill ``queue`` with the literals in
    the order reached, ``parents`` (from ``parent_start``, per literal reached) with what each follows
    from, ``ends`` with where each distance's literals end. Returns how many literals were reached,
    how many distances ended, and the contradiction met: (0, 0) none, (1, removal) a candidate set and
    removed, (2, group) a group emptied."""
    length = rem_start.shape[0] - 1
    groups = grp_start.shape[0] - 1
    depth = np.full(length, -1, dtype=np.int64)
    left = np.empty(groups, dtype=np.int64)
    for number in range(groups):
        left[number] = grp_start[number + 1] - grp_start[number]
    depth[start], queue[0], parent_start[0], parent_start[1] = 0, start, 0, 0
    ends[0] = 1
    begin, end, tail, distance, count_ends, at = 0, 1, 1, 0, 1, 0
    while begin < end:
        for i in range(begin, end):
            code = queue[i]
            if code & 1:
                for j in range(rem_start[code], rem_start[code + 1]):
                    removal = rem[j]
                    if depth[removal] < 0:
                        depth[removal], queue[tail] = distance + 1, removal
                        parents[at] = code
                        at += 1
                        tail += 1
                        parent_start[tail] = at
                        if depth[removal + 1] >= 0:
                            return tail, count_ends, 1, removal
                continue
            for j in range(mem_start[code], mem_start[code + 1]):
                number = mem[j]
                left[number] -= 1
                count = left[number]
                if count > 1:
                    continue
                first, stop = grp_start[number], grp_start[number + 1]
                if count == 0:
                    return tail, count_ends, 2, number
                if not dynamic and stop - first != 2:
                    continue
                last = _unreached(grp, first, stop, depth)
                if last < 0 or depth[last + 1] >= 0:
                    continue
                depth[last + 1], queue[tail] = distance + 1, last + 1
                parents[at] = code
                at += 1
                if dynamic:
                    for k in range(first, stop):
                        if grp[k] != code and grp[k] != last:
                            parents[at] = grp[k]
                            at += 1
                tail += 1
                parent_start[tail] = at
        if tail > end:
            ends[count_ends] = tail
            count_ends += 1
        begin, end, distance = end, tail, distance + 1
    return tail, count_ends, 0, 0


@compiled
def agreeing(costs, reached, premises, grp_start, grp, pairs, groups):
    """Fill ``pairs`` (per pair of premises in a row) and ``groups`` (per group of two or more members:
    the settings of its members) with whether the premises all reach a literal in common, none failing."""
    row = np.full(reached.shape[1] * 64, -1, dtype=np.int64)  # per literal code: its premise's index
    for i in range(premises.shape[0]):
        row[premises[i]] = i
    rows = np.empty(max(grp.shape[0], 2), dtype=np.int64)
    for k in range(pairs.shape[0]):
        rows[0], rows[1] = 2 * k, 2 * k + 1
        pairs[k] = _meet(costs, reached, rows, 2)
    for n in range(groups.shape[0]):
        count = grp_start[n + 1] - grp_start[n]
        for j in range(count):
            rows[j] = row[grp[grp_start[n] + j] + 1]
        groups[n] = count > 1 and _meet(costs, reached, rows, count)


@compiled
def _meet(costs, reached, rows, count):
    """Whether no premise of ``rows[:count]`` fails and the literals they reach intersect."""
    for j in range(count):
        if costs[rows[j]] >= 0:
            return False
    for w in range(reached.shape[1]):
        word = reached[rows[0], w]
        for j in range(1, count):
            word &= reached[rows[j], w]
        if word:
            return True
    return False

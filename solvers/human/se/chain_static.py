"""The links of a grid that does not change (SE's static chains), found once per grid.

``StaticLinks`` keeps what each potential implies, and the strongly connected groups of those
implications (Tarjan's algorithm) with what each group reaches: a walk is only taken where it can
get somewhere (a forcing chain back to its own candidate, a cycle back to its start), and a static
multiple chain only where its starts' consequences meet.
"""

from __future__ import annotations

from sudokit.solvers.human.se.chain_core import BITS, CELL, PEER_BITS, UNITS, digit_cells, on_to_off


def conjugates(marks: list[int]) -> list[list[tuple[int, int]]]:
    """Per candidate (``cell * 9 + digit - 1``), its (unit, other cell) for each unit where the digit
    has two places left (for static chains, whose grid does not change)."""
    found: list[list[tuple[int, int]]] = [[] for _ in range(729)]
    for unit, cells in enumerate(UNITS):
        for d0 in range(9):
            places = [c for c in cells if marks[c] >> d0 & 1]
            if len(places) == 2:
                a, b = places
                found[a * 9 + d0].append((unit, b))
                found[b * 9 + d0].append((unit, a))
    for pairs in found:
        pairs.sort()  # block, row, column: SE's order
    return found


class StaticLinks:
    """The links of a grid that does not change (static chains), each potential's found once."""

    def __init__(self, marks: list[int], y_links: bool, x_links: bool = True,
                 pairs: list[list[tuple[int, int]]] | None = None):
        self.marks, self.y_links, self.x_links = marks[:], y_links, x_links
        self.pairs = pairs if pairs is not None else conjugates(marks)
        self._off: list[list[tuple[int, int]] | None] = [None] * 729
        self._on: list[list[tuple[int, int]] | None] = [None] * 729
        self._reach: list[int] | None = None
        self._group: list[int] = []
        self._sizes: list[int] = []
        self._members: list[list[int]] = []
        self._succ: list[list[int]] = []

    def turned_off(self, key: int) -> list[tuple[int, int]]:
        """What "on" ``key`` turns off, as ``on_to_off``."""
        found = self._off[key >> 1]
        if found is None:
            found = self._off[key >> 1] = on_to_off(key, self.marks, self.y_links)
        return found

    def turned_on(self, key: int) -> list[tuple[int, int]]:
        """What "off" ``key`` turns on: (key, cause) pairs in SE's order."""
        cand = key >> 1
        found = self._on[cand]
        if found is None:
            cell, d0 = divmod(cand, 9)
            found = []
            if self.y_links:
                m = self.marks[cell]
                if m.bit_count() == 2:
                    found.append((cell * 18 + BITS[m & ~(1 << d0)][0] * 2 + 1, CELL))
            for unit, other in self.pairs[cand] if self.x_links else ():
                on = (other * 9 + d0) * 2 + 1
                if all(k != on for k, _ in found):
                    found.append((on, unit))
            self._on[cand] = found
        return found

    def reach_of(self, start: int) -> int:
        """The potentials a walk from ``start`` reaches (``start`` included), as bits by key."""
        if self._reach is None:
            self._reach = self._close()
        return self._reach[self._group[start]]

    def may_reach(self, start: int, goal: int) -> bool:
        """False when no walk from ``start`` reaches ``goal``: its group comes later in the order
        Tarjan finds them (successors first)."""
        if not self._group:
            self._groups()
        return self._group[goal] <= self._group[start]

    def reaches(self, start: int, goal: int) -> bool:
        """Whether a walk from potential ``start`` can reach ``goal``."""
        return self.may_reach(start, goal) and bool(self.reach_of(start) >> goal & 1)

    def on_cycle(self, key: int) -> bool:
        """Whether a walk from ``key`` can come back to it."""
        if not self._group:
            self._groups()
        return self._sizes[self._group[key]] > 1

    def _groups(self) -> None:
        """Tarjan's strongly connected groups of the potentials, numbered successors first."""
        marks = self.marks
        nodes = [cand * 2 + on for cand in range(729) if marks[cand // 9] >> cand % 9 & 1 for on in (0, 1)]
        have = digit_cells(marks)
        succ: list[list[int]] = [[]] * 1458
        for node in nodes:
            if node & 1:  # the peers holding the digit, and (Y-links) the cell's other digits, off
                cell, d0 = divmod(node >> 1, 9)
                bits = PEER_BITS[cell] & have[d0]
                found = []
                while bits:
                    lowest = bits & -bits
                    found.append((lowest.bit_length() - 1) * 18 + d0 * 2)
                    bits ^= lowest
                if self.y_links:
                    found.extend(cell * 18 + d * 2 for d in BITS[marks[cell] & ~(1 << d0)])
                succ[node] = found
            else:
                succ[node] = [key for key, _ in self.turned_on(node)]
        order = [-1] * 1458
        low = [0] * 1458
        stacked = [False] * 1458
        group = [-1] * 1458
        stack: list[int] = []
        groups: list[list[int]] = []
        count = 0
        for root in nodes:
            if order[root] >= 0:
                continue
            order[root] = low[root] = count
            count += 1
            stack.append(root)
            stacked[root] = True
            work = [(root, iter(succ[root]))]
            while work:
                node, nexts = work[-1]
                for nxt in nexts:
                    if order[nxt] < 0:
                        order[nxt] = low[nxt] = count
                        count += 1
                        stack.append(nxt)
                        stacked[nxt] = True
                        work.append((nxt, iter(succ[nxt])))
                        break
                    if stacked[nxt] and order[nxt] < low[node]:
                        low[node] = order[nxt]
                else:
                    work.pop()
                    if work and low[node] < low[work[-1][0]]:
                        low[work[-1][0]] = low[node]
                    if low[node] == order[node]:
                        members = []
                        index = len(groups)
                        while True:
                            member = stack.pop()
                            stacked[member] = False
                            group[member] = index
                            members.append(member)
                            if member == node:
                                break
                        groups.append(members)
        self._group, self._members, self._succ = group, groups, succ
        self._sizes = [len(m) for m in groups]

    def _close(self) -> list[int]:
        """What each group reaches, as bits by key (groups come successors first)."""
        if not self._group:
            self._groups()
        group, succ = self._group, self._succ
        reach: list[int] = []
        for index, members in enumerate(self._members):
            bits = 0
            later: set[int] = set()
            for member in members:
                bits |= 1 << member
                later.update(group[nxt] for nxt in succ[member])
            later.discard(index)
            for other in later:
                bits |= reach[other]
            reach.append(bits)
        return reach


_static: dict[tuple[tuple[int, ...], bool, bool], StaticLinks] = {}


def static_links(marks: list[int], y_links: bool, x_links: bool = True) -> StaticLinks:
    """The grid's ``StaticLinks`` (Y-links: a cell's other candidates; X-links: a digit's other
    places in a unit, for "off" to "on"), kept for the last few grids."""
    cells = tuple(marks)
    links = _static.get((cells, y_links, x_links))
    if links is None:
        kin = next((other for (grid, _, _), other in _static.items() if grid == cells), None)
        if len(_static) >= 12:
            _static.clear()
        links = StaticLinks(marks, y_links, x_links, kin.pairs if kin else None)
        _static[cells, y_links, x_links] = links
    return links


OFF_KEYS = sum(1 << (cand * 2) for cand in range(729))  # the bits of every "off" key


def contradictory(reached: int) -> bool:
    """Whether a set of potentials (bits by key) holds a candidate both on and off."""
    return bool(reached & reached >> 1 & OFF_KEYS)

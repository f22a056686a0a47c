"""The links of a grid that does not change (SE's static chains), found once per grid.

``StaticLinks`` keeps what each potential implies, and the strongly connected groups of those
implications (Tarjan's algorithm) with what each group reaches (sets of potentials are bits by
``SPOT``: a digit's cells, as a bitset, shift into place): a walk is only taken where it can
get somewhere (a forcing chain back to its own candidate, a cycle back to its start), and a static
multiple chain only where its starts' consequences meet.
"""

from __future__ import annotations

from collections import defaultdict

from sudokit.solvers.human.se.chain_core import BITS, CELL, PEER_BITS, UNIT_BITS, digit_cells, on_to_off


def conjugates(marks: list[int], have: list[int] | None = None) -> dict[int, list[tuple[int, int]]]:
    """Per candidate (``cell * 9 + digit - 1``) with any, its (unit, other cell) for each unit where
    the digit has two places left (for static chains, whose grid does not change), units in SE's
    order (``have``: ``digit_cells(marks)``, when known)."""
    found: dict[int, list[tuple[int, int]]] = defaultdict(list)
    have = have if have is not None else digit_cells(marks)
    for unit, unit_bits in enumerate(UNIT_BITS):  # block, row, column: SE's order
        for d0 in range(9):
            places = have[d0] & unit_bits
            if places.bit_count() == 2:
                low = places & -places
                a, b = low.bit_length() - 1, (places ^ low).bit_length() - 1
                found[a * 9 + d0].append((unit, b))
                found[b * 9 + d0].append((unit, a))
    return dict(found)


def _spot(key: int) -> int:
    cell, d0 = divmod(key >> 1, 9)
    return (key & 1) * 729 + d0 * 81 + cell


SPOT: tuple[int, ...] = tuple(_spot(key) for key in range(1458))  # a potential's bit in a set of
# potentials: "off"s first, then "on"s; by digit, then cell (so a digit's cells shift into place)


class StaticLinks:
    """The links of a grid that does not change (static chains), each potential's found once.

    Only the candidates that take part in a strong link (a conjugate pair or a bivalue cell, as
    the links allow) have an "off" that implies anything, so only they can lie on a cycle: the
    strongly connected groups are found among their potentials alone; any other potential is a
    group of its own, and what it reaches is read from the groups it links to.
    """

    def __init__(self, marks: list[int], y_links: bool, x_links: bool = True, kin: StaticLinks | None = None):
        """``kin``: links of the same grid (of other kinds), whose digit cells and pairs are shared."""
        self.marks, self.y_links, self.x_links = marks[:], y_links, x_links
        self._have: list[int] = kin._have if kin else digit_cells(marks)  # per digit, its cells
        self.pairs: dict[int, list[tuple[int, int]]] = kin.pairs if kin else conjugates(marks, self._have)
        self._off: list[list[tuple[int, int]] | None] = [None] * 729
        self._on: list[list[tuple[int, int]] | None] = [None] * 729
        self._strong: list[int] = []  # per digit, the cells where it takes part in a strong link
        self._group: list[int] = []  # per key, its group among the strong potentials (-1: none)
        self._members: list[int] = []  # per group, its potentials as bits
        self._succ: list[list[int]] = []  # per key, the strong potentials it implies
        self._weak: list[int] = []  # per digit, its cells outside strong links
        self._weak_digits: list[int] = []  # per cell, its digits outside strong links
        self._keys: list[list[int]] = []  # per group, its keys
        self._cycles: dict[int, frozenset[int]] = {}  # as ``cycles``
        self._reach: list[int | None] = [None] * 1458  # per key, what a walk from it reaches
        self._sound: list[int | None] = [None] * 1458  # the same, 0 when contradictory
        self._group_reach: list[int] | None = None
        self._returning: frozenset[int] | None = None

    @property
    def digit_cells(self) -> list[int]:
        """Per digit (0-8), the grid's cells holding it, as a bitset (``chain_core.digit_cells``)."""
        return self._have

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
            for unit, other in self.pairs.get(cand, ()) if self.x_links else ():
                on = (other * 9 + d0) * 2 + 1
                for k, _ in found:
                    if k == on:
                        break
                else:
                    found.append((on, unit))
            self._on[cand] = found
        return found

    def reach_of(self, start: int) -> int:
        """The potentials a walk from ``start`` reaches (``start`` included), as bits by ``SPOT``."""
        found = self._reach[start]
        if found is None:
            if self._group_reach is None:
                self._group_reach = self._close()
            index = self._group[start]
            if index >= 0:
                found = self._group_reach[index]
            elif start & 1:  # an "on" outside the groups: its own "off"s, and what the strong ones reach
                found = 1 << SPOT[start] | self._sinks(start)
                cell, d0 = divmod(start >> 1, 9)
                strong = self._strong
                group, reach = self._group, self._group_reach
                peers = PEER_BITS[cell] & strong[d0]
                while peers:
                    low = peers & -peers
                    peers ^= low
                    found |= reach[group[(low.bit_length() - 1) * 18 + d0 * 2]]
                if self.y_links:
                    for d in BITS[self.marks[cell] & ~(1 << d0)]:
                        if strong[d] >> cell & 1:
                            found |= reach[group[cell * 18 + d * 2]]
            else:  # an "off" without a strong link implies nothing
                found = 1 << SPOT[start]
            self._reach[start] = found
        return found

    def sound_reach(self, start: int) -> int | None:
        """What a walk from ``start`` reaches (as ``reach_of``), or None when that holds a candidate
        both on and off."""
        found = self._sound[start]
        if found is None:
            reached = self.reach_of(start)
            found = self._sound[start] = 0 if contradictory(reached) else reached
        return found or None

    def may_meet(self, groups: list[list[int]]) -> bool:
        """Whether the walks from a group's starts (keys) all reach something (as ``reach_of``) for
        some group, or one of them meets a contradiction (groups in turn, the first that does ends it)."""
        sound = self._sound
        for starts in groups:
            common = -1
            for key in starts:
                reached = sound[key]
                if reached is None:
                    self.sound_reach(key)
                    reached = sound[key]
                if not reached:
                    return True
                common &= reached
            if common:
                return True
        return False

    def returning(self) -> frozenset[int]:
        """The potentials a walk from which reaches their own negation (a forcing chain's sources).

        A strong candidate's potentials ask their group's reach. An "on" outside the strong links
        reaches its "off" only through the strong "off"s it implies (its other "off"s imply
        nothing): so each strong "off" names, in one mask, the weak "on"s that imply it and whose
        "off" it reaches."""
        if self._returning is None:
            if self._group_reach is None:
                self._group_reach = self._close()
            group, reach, strong, weak = self._group, self._group_reach, self._strong, self._weak
            found = set()
            for d0 in range(9):
                bits = strong[d0]
                while bits:
                    lowest = bits & -bits
                    bits ^= lowest
                    cell = lowest.bit_length() - 1
                    off = (cell * 9 + d0) * 2
                    reached = reach[group[off]]
                    if reached >> SPOT[off + 1] & 1:
                        found.add(off)
                    if reach[group[off + 1]] >> SPOT[off] & 1:
                        found.add(off + 1)
                    peers = reached >> d0 * 81 & PEER_BITS[cell] & weak[d0]
                    while peers:
                        low = peers & -peers
                        peers ^= low
                        found.add(((low.bit_length() - 1) * 9 + d0) * 2 + 1)
                    if self.y_links:
                        for d in BITS[self._weak_digits[cell] & ~(1 << d0)]:
                            if reached >> (d * 81 + cell) & 1:
                                found.add((cell * 9 + d) * 2 + 1)
            self._returning = frozenset(found)
        return self._returning

    def group_of(self, key: int) -> int:
        """The potentials of ``key``'s strongly connected group (those a walk from ``key`` can reach
        and come back from), as bits by ``SPOT``."""
        if not self._group:
            self._groups()
        index = self._group[key]
        return self._members[index] if index >= 0 else 1 << SPOT[key]

    def cycles(self) -> dict[int, frozenset[int]]:
        """Per key a walk from which can come back to it, the keys of its strongly connected group."""
        if not self._group:
            self._groups()
        return self._cycles

    def _sinks(self, key: int) -> int:
        """The "off" potentials outside the groups (they imply nothing) that "on" ``key`` implies."""
        cell, d0 = divmod(key >> 1, 9)
        found = (PEER_BITS[cell] & self._weak[d0]) << d0 * 81
        if self.y_links:
            for d in BITS[self._weak_digits[cell] & ~(1 << d0)]:
                found |= 1 << (d * 81 + cell)
        return found

    def _groups(self) -> None:
        """Tarjan's strongly connected groups of the strong candidates' potentials, numbered
        successors first."""
        marks, have = self.marks, self._have
        strong = [0] * 9
        strong_digits = [0] * 81  # per cell, its digits in strong links
        if self.x_links:
            for cand in self.pairs:
                cell, d0 = divmod(cand, 9)
                strong[d0] |= 1 << cell
                strong_digits[cell] |= 1 << d0
        if self.y_links:
            for cell, m in enumerate(marks):
                if m.bit_count() == 2:
                    strong_digits[cell] |= m
                    for d0 in BITS[m]:
                        strong[d0] |= 1 << cell
        self._strong = strong
        self._weak = [have[d0] & ~strong[d0] for d0 in range(9)]  # per digit, its cells outside strong links
        self._weak_digits = [m & ~s for m, s in zip(marks, strong_digits, strict=True)]  # per cell, the same
        nodes: list[int] = []
        for d0 in range(9):
            bits = strong[d0]
            while bits:
                lowest = bits & -bits
                bits ^= lowest
                off = ((lowest.bit_length() - 1) * 9 + d0) * 2
                nodes.append(off)
                nodes.append(off + 1)
        succ: list[list[int]] = [[]] * 1458
        pairs = self.pairs if self.x_links else {}
        y_links = self.y_links
        for off in nodes[::2]:  # the links among the strong potentials (their order, and a link
            # given twice, change no group)
            cand = off >> 1
            cell, d0 = divmod(cand, 9)
            succ[off] = before = [(other * 9 + d0) * 2 + 1 for _, other in pairs.get(cand, ())]
            if y_links and marks[cell].bit_count() == 2:
                before.append(cell * 18 + BITS[marks[cell] & ~(1 << d0)][0] * 2 + 1)
            after = succ[off + 1] = []  # the strong "off"s of the "on": its digit's peers, its cell's others
            peers = PEER_BITS[cell] & strong[d0]
            while peers:
                low = peers & -peers
                peers ^= low
                after.append(((low.bit_length() - 1) * 9 + d0) * 2)
            if self.y_links:
                after.extend(cell * 18 + d * 2 for d in BITS[marks[cell] & ~(1 << d0)] if strong[d] >> cell & 1)
        order = [-1] * 1458  # Tarjan's: a node visited and in no group yet is on the stack
        low_link = [0] * 1458
        group = [-1] * 1458
        stack: list[int] = []
        members: list[int] = []
        keys: list[list[int]] = []
        count = 0
        for root in nodes:
            if order[root] >= 0:
                continue
            order[root] = low_link[root] = count
            count += 1
            stack.append(root)
            work = [(root, iter(succ[root]))]
            while work:
                node, nexts = work[-1]
                low = low_link[node]
                for nxt in nexts:
                    seen = order[nxt]
                    if seen < 0:
                        order[nxt] = low_link[nxt] = count
                        count += 1
                        stack.append(nxt)
                        work.append((nxt, iter(succ[nxt])))
                        break
                    if seen < low and group[nxt] < 0:
                        low = seen
                else:
                    work.pop()
                    if work:
                        parent = work[-1][0]
                        if low < low_link[parent]:
                            low_link[parent] = low
                    if low == order[node]:
                        index = len(members)
                        at = stack.index(node)
                        inside = stack[at:]
                        del stack[at:]
                        inside.reverse()
                        bits = 0
                        for member in inside:
                            group[member] = index
                            bits |= 1 << SPOT[member]
                        members.append(bits)
                        keys.append(inside)
                    continue
                low_link[node] = low
        self._group, self._members, self._keys, self._succ = group, members, keys, succ
        self._cycles = {key: inside for inside in map(frozenset, keys) if len(inside) > 1 for key in inside}

    def _close(self) -> list[int]:
        """What each group reaches, as bits by ``SPOT`` (groups come successors first): its members,
        the groups they link to, and the "off" potentials outside the groups its "on" ones imply."""
        if not self._group:
            self._groups()
        group, succ, sinks = self._group, self._succ, self._sinks
        reach: list[int] = []
        for index, inside in enumerate(self._keys):
            found = self._members[index]
            for member in inside:
                for nxt in succ[member]:
                    other = group[nxt]
                    if other != index:
                        found |= reach[other]
                if member & 1:
                    found |= sinks(member)
            reach.append(found)
        return reach


_static: dict[tuple[int, ...], dict[tuple[bool, bool], StaticLinks]] = {}


def static_links(marks: list[int], y_links: bool, x_links: bool = True,
                 grid: tuple[int, ...] | None = None) -> StaticLinks:
    """The grid's ``StaticLinks`` (Y-links: a cell's other candidates; X-links: a digit's other
    places in a unit, for "off" to "on"), kept for the last few grids (``grid``: ``tuple(marks)``,
    when known)."""
    cells = grid if grid is not None else tuple(marks)
    kinds = _static.get(cells)
    if kinds is None:
        if len(_static) >= 4:
            _static.clear()
        kinds = _static[cells] = {}
    links = kinds.get((y_links, x_links))
    if links is None:
        kin = next(iter(kinds.values()), None)
        links = kinds[y_links, x_links] = StaticLinks(marks, y_links, x_links, kin)
    return links


OFF_SPOTS = (1 << 729) - 1  # the bits of every "off" potential


def contradictory(reached: int) -> bool:
    """Whether a set of potentials (bits by ``SPOT``) holds a candidate both on and off."""
    return bool(reached & reached >> 729 & OFF_SPOTS)

"""``chain_core.propagate`` without inner techniques, compiled with numba.

Every chaining producer follows each assumption of a search (every candidate of the grid, on and
off) to its end: the dynamic producers of a nested search do it tens of thousands of times per
puzzle on the hardest ones, and the inner cell and region chains as often. This follows one
assumption, static or dynamic, as ``propagate`` does with no ``advanced`` (the same potentials
with the same parents, in the same order, and the same contradiction) and gives them as
``propagate``'s ``to_on``/``to_off`` (``Outcome``: by key, each ``Pot`` made when read); a (+) or
nested chain goes on from there in Python (``propagate``'s ``resume``).
``tests/solvers/human/se/test_propagate_compiled.py`` compares them. None without numba
(``jit.available``). ``Walker.hinting`` walks a whole dynamic search (Nishio, dynamic, (+)) in one
call and tells which cells' chains give a hint, so that Python makes only those cells' hints;
``Walker.hints`` makes the search's hints, with their sizes; both keep the walks made
(``Walker.walked``), which Python reads instead of walking them again (``test_hinting_compiled.py``).
``Walker.size`` counts a hint's chains in the tables, so that a
search ranks its hints without making their chains (``chain_hints.WalkHint``, ``test_walk_hints.py``).
``Walker.static_hints`` makes a whole static cell and region search in one call: its hints, their
sizes, the "on" links of their chains (``chaining.StaticHint``, ``test_static_hints_compiled.py``).

The potentials are numbered as they are found: per number, its key, its cause, the potential it
is reached from and its other parents (the removals that made its cell or unit a pair); per key,
its number once it is kept (-1: none). A search reads few of a walk's potentials (those its hints
and its chains' inner techniques rest on): each is made a ``Pot`` when first read (``Outcome``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import NamedTuple

import numpy as np

from sudokit.solvers.human.se.chain_core import ADVANCED, CELL, Pot, Run
from sudokit.solvers.human.se.chain_screen import link_tables
from sudokit.solvers.human.se.jit import available, compiled
from sudokit.solvers.human.se.rules_compiled import bit_count, rule_hints, rule_tables

ASSUMED = -3  # the cause of the assumption itself (None in a ``Pot``)
WORDS = 23  # a set of potentials: 23 64-bit words, bit ``key``


_NEEDED = Pot(-1)  # (``Found.pot``'s mark of a potential to make)


class Found:
    """One walk's potentials (the kernel's table), each made a ``Pot`` (with the potentials it
    follows from) the first time it is read."""

    __slots__ = ("_arrays", "_more", "_pots", "_rows", "_sizes")

    def __init__(self, start: int, table: np.ndarray, extra: np.ndarray):
        self._arrays: tuple[np.ndarray, np.ndarray] = (table, extra)
        self._rows: list[list[int]] | None = None
        self._more: list[int] = []
        self._pots: list[Pot | None] = [Pot(start)] + [None] * (len(table) - 1)  # the start made at once:
        # every search reads it, and it needs no table
        self._sizes: dict[int, int] = {}

    def size(self, number: int) -> int:
        """How many potentials the one numbered ``number`` follows from, itself included: the
        length of its ``chain_of``, counted without making them (in a walk a key is numbered once)."""
        found = self._sizes.get(number)
        if found is None:
            found = self._sizes[number] = chain_size(*self._arrays, number)
        return found

    def pot(self, number: int) -> Pot:
        """The potential numbered ``number``."""
        found = self._pots[number]
        if found is not None:
            return found
        rows = self._rows
        if rows is None:
            table, extra = self._arrays
            rows = self._rows = table.tolist()
            self._more = extra.tolist()
        more, pots = self._more, self._pots
        needed = [number]  # it and the potentials it follows from not made yet, each marked ``_NEEDED`` once
        pots[number] = _NEEDED
        for n in needed:  # (the list grows as it is read)
            _, _, parent, first, last = rows[n]
            if parent >= 0 and pots[parent] is None:
                pots[parent] = _NEEDED
                needed.append(parent)
            if last > first:
                for i in more[first:last]:
                    if i >= 0 and pots[i] is None:
                        pots[i] = _NEEDED
                        needed.append(i)
        needed.sort()  # (a potential's parents are numbered before it)
        for i in needed:
            key, cause, parent, first, last = rows[i]
            if parent < 0:
                pots[i] = Pot(key)
            elif last > first:
                pots[i] = Pot(key, [pots[parent], *[pots[j] for j in more[first:last]]], cause)  # type: ignore[list-item]
            else:
                pots[i] = Pot(key, [pots[parent]], cause)  # type: ignore[list-item]
        return pots[number]  # type: ignore[return-value]


class Outcome(dict):
    """A walk's "on" or "off" potentials by key, as ``propagate``'s ``to_on``/``to_off``, each made
    when read: ``outcome[key]`` is its ``Pot``. Read by key only: a value is the potential's number
    in the walk until it is read (a potential a chain adds later is stored as it is)."""

    __slots__ = ("_found", "_pots")
    _found: Found
    _pots: list[Pot | None]  # (the walk's potentials made so far, ``Found``'s: read without a call)

    def __getitem__(self, key: int) -> Pot:
        value = dict.__getitem__(self, key)
        if value.__class__ is not int:
            return value
        made = self._pots[value]
        return made if made is not None else self._found.pot(value)

    def get(self, key: int, default: Pot | None = None) -> Pot | None:  # type: ignore[override]
        return self[key] if key in self else default  # noqa: SIM401 - dict.get would give the number

    def copy(self) -> Outcome:
        copied = Outcome(self)  # (a dict's entries as they are: the numbers too)
        copied._found, copied._pots = self._found, self._pots
        return copied


def _outcomes(found: Found, on: Iterable[tuple[int, int]], off: Iterable[tuple[int, int]]) -> tuple[Outcome, Outcome]:
    """A walk's "on" and "off" ``Outcome``s, from (key, number) pairs, their potentials ``found``'s."""
    to_on, to_off = Outcome(on), Outcome(off)
    to_on._found = to_off._found = found
    to_on._pots = to_off._pots = found._pots
    return to_on, to_off


class Contradiction(Sequence[Pot]):
    """A walk's contradiction, as ``propagate`` gives it: its candidate's "on" and "off" potentials
    (``[0]``, ``[1]``), each made when read; ``key``: the "off" one's; ``size``: their chains'
    sizes summed, counted without making them."""

    __slots__ = ("_found", "_numbers", "key")

    def __init__(self, found: Found, on: int, off: int, key: int):
        self._found, self._numbers, self.key = found, (on, off), key

    def __getitem__(self, index: int) -> Pot:  # type: ignore[override]
        return self._found.pot(self._numbers[index])

    def __iter__(self) -> Iterator[Pot]:
        return map(self._found.pot, self._numbers)

    def __len__(self) -> int:
        return 2

    def size(self) -> int:
        return self._found.size(self._numbers[0]) + self._found.size(self._numbers[1])


class Walker:
    """The walks in one grid (81 candidate masks): called, one assumption's (``Walk``)."""

    def __init__(self, marks: list[int], tables: tuple[np.ndarray, ...]):
        self._grid = np.array(marks, dtype=np.int64)
        self._tables = tables
        self._walked: Walked | None = None

    def __call__(self, key: int, y_links: bool, dynamic: bool, plus: bool = False) -> Run:
        """What assuming ``key`` implies, as ``propagate(marks, to_on, to_off, y_links=y_links,
        dynamic=dynamic)`` from the one potential ``Pot(key)`` (static chains: as with the
        grid's ``StaticLinks``), its outcomes ``Outcome``s; ``plus`` (a dynamic chain with
        Y-links): as a (+) chain (level 1) follows it, the simple techniques asked where it
        is stuck (``Chaining._advanced`` with the compiled ``first_rules``). A walk the last
        ``hinting`` made is read from its tables, not walked again."""
        walked = self._walked
        if walked is not None and dynamic and plus == walked.plus and y_links != walked.nishio and key in walked:
            return walked[key]
        table, extra, count, absurd_on, absurd_off = follow(self._grid, key, y_links, dynamic, plus, *self._tables)
        found = Found(key, table, extra)
        to_on, to_off = _outcomes(found, (), ())
        for i, k in enumerate(table[:count - 1 if absurd_on >= 0 else count, 0].tolist()):  # (a
            # contradiction's new potential is not kept)
            if k & 1:
                to_on[k] = i
            else:
                to_off[k] = i
        if absurd_on < 0:
            return to_on, to_off, None
        return to_on, to_off, Contradiction(found, absurd_on, absurd_off, int(table[absurd_off, 0]))

    @staticmethod
    def size(outcomes: list[dict[int, Pot]], key: int) -> int | None:
        """The size of the chains ending at ``key`` in each of ``outcomes`` (the sum of their
        ``chain_of``'s lengths) without making them, when each is a walk's potential (else None: a
        potential a chain added in Python)."""
        size = 0
        for outcome in outcomes:
            number: object = dict.__getitem__(outcome, key)
            if number.__class__ is not int or not isinstance(outcome, Outcome):
                return None
            size += outcome._found.size(number)
        return size

    def static_hints(self, meets: np.ndarray) -> tuple[list[list[int]], list[int]]:
        """The hints of a static multiple search from the cells ``meets`` lets through, in its
        gathering order, each as (key, kind, cell, unit, digit, size, where its links end), and
        their chains' "on" links, (key, cause) after (key, cause) (``_static_hints``)."""
        rows, links = static_hints(self._grid, meets, *self._tables)
        return rows.tolist(), links.tolist()

    def hinting(self, nishio: bool, plus: bool, whole: bool = False) -> np.ndarray:
        """Per cell, whether a dynamic search without inner techniques (Nishio: X-links only;
        else with Y-links, its cell and region chains as a multiple one's; ``plus``: (+) chains)
        finds a hint among the chains from the cell's candidates (``_hinting_cells``). Its walks
        are kept (``walked``): the search reads them instead of walking them again (``whole``:
        all the walks of the cells with a hint are made)."""
        found, hinting = hinting_cells(self._grid, nishio, plus, whole, *self._tables)
        self._walked = Walked(hinting.kept, nishio, plus)
        return found

    def hints(self, nishio: bool, plus: bool, first: bool) -> list[list[int]]:
        """The hints of a dynamic search without inner techniques (as ``hinting``'s), in its
        gathering order, each as (kind, key, start, cell, digit, size) (``_walk_hints``); its walks
        kept (``walked``)."""
        rows, kept = walk_hints(self._grid, nishio, plus, first, *self._tables)
        self._walked = Walked(kept, nishio, plus)
        return rows.tolist()

    @property
    def walked(self) -> Walked | None:
        """The walks of the last ``hinting``, by key (None before it)."""
        return self._walked


class Walked(Mapping[int, Run]):
    """The walks of a hinting search (``_hinting_cells``'s), by key, in the order walked: each
    read as ``Walker`` gives it (a new ``Run`` at each read, its chains made when read)."""

    __slots__ = ("_extra", "_pairs", "_places", "_rows", "_walks", "nishio", "plus")

    def __init__(self, kept: Kept, nishio: bool, plus: bool):
        self._rows, self._pairs = kept.rows[:kept.made], kept.pairs[:kept.made]  # (a walk's rows: read as they are)
        self._extra = kept.extra[:kept.filled]
        self._places: tuple[np.ndarray, np.ndarray] | None = (kept.keys[:kept.walked], kept.walks[:kept.walked])
        self._walks: dict[int, list[int]] = {}
        self.nishio, self.plus = nishio, plus

    def _read(self) -> dict[int, list[int]]:
        """Each walk's place in the tables, by key (read once)."""
        places = self._places
        if places is not None:
            self._walks = dict(zip(places[0].tolist(), places[1].tolist(), strict=True))
            self._places = None
        return self._walks

    def __contains__(self, key: object) -> bool:
        return key in self._read()

    def get(self, key: int, default: Run | None = None) -> Run | None:  # type: ignore[override]
        return self[key] if key in self._read() else default

    def __getitem__(self, key: int) -> Run:
        first, count, kept, ons, first_extra, last_extra, absurd_on, absurd_off = self._read()[key]
        table = self._rows[first:first + count]
        found = Found(key, table, self._extra[first_extra:last_extra])
        pairs = self._pairs[first:first + kept].tolist()  # (key, number) each, its "on"s first
        to_on, to_off = _outcomes(found, pairs[:ons], pairs[ons:])
        if absurd_on < 0:
            return to_on, to_off, None
        return to_on, to_off, Contradiction(found, absurd_on, absurd_off, int(table[absurd_off, 0]))

    def __iter__(self) -> Iterator[int]:
        return iter(self._read())

    def __len__(self) -> int:
        return len(self._read())


def _load() -> Walks | None:
    if not available():
        return None
    units, cell_units, order_cells, order_units = link_tables()
    _, _, cell_places, locking = rule_tables()
    tables = (units, cell_units, order_cells, order_units, cell_places, locking)

    def walks(marks: list[int]) -> Walker:
        """The walks in ``marks`` (81 candidate masks)."""
        return Walker(marks, tables)

    walks([511] * 81)(1, True, True, True)  # compiled (or read from numba's cache) now
    walks([511] * 81).hinting(False, False)
    walks([511] * 81).hints(False, False, False)
    walks([511] * 81).static_hints(np.ones(81, np.bool_))
    chain_size(np.zeros((1, 5), np.int64), np.zeros(0, np.int64), 0)
    return walks


class Work(NamedTuple):
    """Room for one walk (``_steps``), used walk after walk: the grid as the chain reduces it
    (dynamic chains), per key its kept potential's number (-1: none; all -1 between walks), the
    walk's table and other parents, its pending "on"s and "off"s, one potential's links."""

    grid: np.ndarray
    number: np.ndarray
    table: np.ndarray
    extra: np.ndarray
    pending_on: np.ndarray
    pending_off: np.ndarray
    made_keys: np.ndarray
    made_causes: np.ndarray


def _work() -> Work:  # pragma: no cover - compiled
    """Room for walks (``Work``)."""
    return Work(np.empty(81, np.int64), np.full(1458, -1, np.int64), np.empty((1460, 5), np.int64),
                np.empty(1460 * 16, np.int64), np.empty(730, np.int64), np.empty(730, np.int64),
                np.empty(28, np.int64), np.empty(28, np.int64))


def _propagate(marks: np.ndarray, start: int, y_links: bool, dynamic: bool, plus: bool, units: np.ndarray,
               cell_units: np.ndarray, order_cells: np.ndarray, order_units: np.ndarray, cell_places: np.ndarray,
               locking: np.ndarray) -> tuple[np.ndarray, np.ndarray, int, int, int]:  # pragma: no cover - compiled
    """The potentials found from ``start``, numbered as found: a row each (key, cause, the number
    of the potential it is reached from, where its other parents begin and end in the second
    array); how many (the last one is the contradiction's new potential when there is one); the
    contradiction's "on" and "off" potentials (-1 when none) (``_steps``, in a work area of its own)."""
    work = make_work()
    count, filled, absurd_on, absurd_off = follow_into(marks, start, y_links, dynamic, plus, work, units, cell_units,
                                                       order_cells, order_units, cell_places, locking)
    return work.table[:count].copy(), work.extra[:filled].copy(), count, absurd_on, absurd_off


def _follow(marks: np.ndarray, start: int, y_links: bool, dynamic: bool, plus: bool, work: Work, units: np.ndarray,
            cell_units: np.ndarray, order_cells: np.ndarray, order_units: np.ndarray, cell_places: np.ndarray,
            locking: np.ndarray) -> tuple[int, int, int, int]:  # pragma: no cover - compiled
    """``_steps`` in ``work``, its numbers cleared after (for the next walk)."""
    count, filled, absurd_on, absurd_off = steps(marks, start, y_links, dynamic, plus, work, units, cell_units,
                                                 order_cells, order_units, cell_places, locking)
    number, table = work.number, work.table
    for i in range(count):  # (every key numbered has a row, among the walk's)
        number[table[i, 0]] = -1
    return count, filled, absurd_on, absurd_off


def _steps(marks: np.ndarray, start: int, y_links: bool, dynamic: bool, plus: bool, work: Work, units: np.ndarray,
           cell_units: np.ndarray, order_cells: np.ndarray, order_units: np.ndarray, cell_places: np.ndarray,
           locking: np.ndarray) -> tuple[int, int, int, int]:  # pragma: no cover - compiled
    """The potentials found from ``start``, numbered as found, in ``work``'s table: a row each (key,
    cause, the number of the potential it is reached from, where its other parents begin and end in
    its ``extra``); how many, and how many other parents (the last row is the contradiction's new
    potential when there is one); the contradiction's "on" and "off" potentials (-1 when none).
    ``plus``: where nothing is left to follow, the first simple technique with hints
    (``rule_hints``) turns their removals "off", each with the chain's removals its hint needs as
    parents (cause ``ADVANCED``), and the walk goes on."""
    grid, number, table, extra, pending_on, pending_off, made_keys, made_causes = work
    grid[:] = marks
    table[0, 0], table[0, 1], table[0, 2], table[0, 3], table[0, 4] = start, ASSUMED, -1, 0, 0
    number[start] = 0
    count, filled = 1, 0
    on_first = on_last = off_first = off_last = 0
    if start & 1:
        pending_on[0] = 0
        on_last = 1
    else:
        pending_off[0] = 0
        off_last = 1
    while True:
        if on_first < on_last:  # "on" potentials first: what each turns off
            p = pending_on[on_first]
            on_first += 1
            cand = table[p, 0] >> 1
            cell, d0 = cand // 9, cand % 9
            bit = 1 << d0
            made = 0
            if y_links:
                for d in range(9):
                    if d != d0 and grid[cell] >> d & 1:
                        made_keys[made], made_causes[made] = (cell * 9 + d) * 2, CELL
                        made += 1
            for i in range(20):
                other = order_cells[cell, i]
                if grid[other] & bit:
                    made_keys[made], made_causes[made] = (other * 9 + d0) * 2, order_units[cell, i]
                    made += 1
            for i in range(made):
                key = made_keys[i]
                if number[key | 1] >= 0 or number[key] < 0:
                    table[count, 0], table[count, 1], table[count, 2] = key, made_causes[i], p
                    table[count, 3] = table[count, 4] = filled
                    count += 1
                    if number[key | 1] >= 0:
                        return count, filled, number[key | 1], count - 1
                    number[key] = count - 1
                    pending_off[off_last] = count - 1
                    off_last += 1
        elif off_first == off_last:
            if plus:
                found = rule_hints(grid, marks, units, cell_units, cell_places, locking)  # (``_arrays``'s)
                hints = found[0] if len(found) else 0
                removal_ends, parent_ends = found[1:1 + hints], found[1 + hints:1 + 2 * hints]
                removals = found[1 + 2 * hints:]
                parents = removals[removal_ends[hints - 1]:] if hints else removals
                first_removal = first_parent = 0
                for h in range(len(removal_ends)):
                    for r in range(first_removal, removal_ends[h], 2):
                        key = (removals[r] * 9 + removals[r + 1] - 1) * 2
                        if number[key] >= 0:
                            continue
                        table[count, 0], table[count, 1], table[count, 2], table[count, 3] = key, ADVANCED, -1, filled
                        for i in range(first_parent, parent_ends[h]):  # (its first parent: the "reached from")
                            q = number[parents[i]]
                            if q < 0:
                                continue
                            if table[count, 2] < 0:
                                table[count, 2] = q
                            else:
                                extra[filled] = q
                                filled += 1
                        table[count, 4] = filled
                        number[key] = count
                        pending_off[off_last] = count
                        off_last += 1
                        count += 1
                    first_removal, first_parent = removal_ends[h], parent_ends[h]
            if off_first == off_last:
                return count, filled, -1, -1
        else:  # then an "off": what it turns on, in the grid before it is removed
            p = pending_off[off_first]
            off_first += 1
            cand = table[p, 0] >> 1
            cell, d0 = cand // 9, cand % 9
            bit = 1 << d0
            first = count
            m = grid[cell]
            if y_links and bit_count(m) == 2:
                other_digit = 0
                while other_digit == d0 or not m >> other_digit & 1:
                    other_digit += 1
                key = (cell * 9 + other_digit) * 2 + 1
                if number[key] < 0 or number[key - 1] >= 0:
                    table[count, 0], table[count, 1], table[count, 2], table[count, 3] = key, CELL, p, filled
                    gone = marks[cell] & ~m
                    for d in range(9):
                        if gone >> d & 1:
                            extra[filled] = number[(cell * 9 + d) * 2]
                            filled += 1
                    table[count, 4] = filled
                    count += 1
            for u in range(3):
                unit = cell_units[cell, u]
                places = 0
                other = -1
                for i in range(9):
                    c = units[unit, i]
                    if grid[c] & bit:
                        places += 1
                        if c != cell:
                            other = c
                if places != 2:
                    continue
                key = (other * 9 + d0) * 2 + 1
                if number[key] >= 0 and number[key - 1] < 0:
                    continue
                if (count > first and table[first, 0] == key) or (count > first + 1 and table[first + 1, 0] == key):
                    continue  # only the block's other place can be a line's too
                table[count, 0], table[count, 1], table[count, 2], table[count, 3] = key, unit, p, filled
                for i in range(9):  # the places the chain removed, in the unit's order
                    c = units[unit, i]
                    if marks[c] & bit and not grid[c] & bit:
                        extra[filled] = number[(c * 9 + d0) * 2]
                        filled += 1
                table[count, 4] = filled
                count += 1
            if dynamic:
                grid[cell] &= ~bit
            for q in range(first, count):
                key = table[q, 0]
                if number[key - 1] >= 0:
                    return q + 1, filled, q, number[key - 1]
                if number[key] < 0:
                    number[key] = q
                    pending_on[on_last] = q
                    on_last += 1


def _hinting_cells(marks: np.ndarray, nishio: bool, plus: bool, whole: bool, units: np.ndarray, cell_units: np.ndarray,
                   order_cells: np.ndarray, order_units: np.ndarray, cell_places: np.ndarray,
                   locking: np.ndarray) -> tuple[np.ndarray, Hinting]:  # pragma: no cover - compiled
    """Per cell, whether ``Chaining._multiple`` (a dynamic producer of level 0 or 1, Nishio or
    multiple) adds a hint from it: a contradiction from one of its candidates on or off; unless
    Nishio, a removable potential that a candidate on and off both imply (cells of three
    candidates or more), that all its candidates imply, or that all places of one of the
    candidate's digits in a unit imply (units whose first place it is). Each assumption walked
    once, its outcome kept as two sets of potentials ("on", "off"), and its walk kept whole
    (``Kept``); a cell's walks stop at its first hint, unless ``whole`` (then a hinting cell's
    are all made: the search makes its hints from them)."""
    absurd = np.zeros(1458, np.bool_)
    reach = np.empty((1458, 2, WORDS), np.int64)  # per assumption walked, the "off" and "on" keys it implies
    work = make_work()
    walked = np.full(1458, -1, np.int64)  # per key, its walk's place in ``kept`` (-1: none)
    kept = Kept(np.empty((4096, 5), np.int64), np.empty((4096, 2), np.int64), 0, np.empty(4096, np.int64), 0,
                np.empty(1458, np.int64), np.empty((1458, 8), np.int64), 0)
    removable = removables(marks)
    common = np.empty((2, WORDS), np.int64)
    found = np.zeros(81, np.bool_)
    y_links = not nishio
    for cell in range(81):
        m = marks[cell]
        count = bit_count(m)
        if count < 2:
            continue
        hint = False
        cell_common = np.full((2, WORDS), -1, np.int64)
        for d0 in range(9):
            if hint and not whole:
                break
            if not m >> d0 & 1:
                continue
            on = (cell * 9 + d0) * 2 + 1
            for key in (on, on - 1):
                if walked[key] < 0:
                    kept = walk_into(marks, key, y_links, plus, walked, absurd, reach, kept, work, units, cell_units,
                                     order_cells, order_units, cell_places, locking)
            if absurd[on] or absurd[on - 1]:
                hint = True
                if not whole:
                    break
            if nishio:
                continue
            for w in range(WORDS):
                cell_common[0, w] &= reach[on, 0, w]
                cell_common[1, w] &= reach[on, 1, w]
                if count >= 3 and (reach[on, 0, w] & reach[on - 1, 0, w] & removable[0, w]
                                   or reach[on, 1, w] & reach[on - 1, 1, w] & removable[1, w]):
                    hint = True
            bit = 1 << d0
            for u in range(3):  # the units whose first place of the digit it is, with two places or more
                unit = cell_units[cell, u]
                first = -1
                places = 0
                for i in range(9):
                    if marks[units[unit, i]] & bit:
                        if first < 0:
                            first = units[unit, i]
                        places += 1
                if first != cell or places < 2:
                    continue
                common[:, :] = reach[on]
                for i in range(9):
                    other = units[unit, i]
                    if other != cell and marks[other] & bit:
                        key = (other * 9 + d0) * 2 + 1
                        if walked[key] < 0:
                            kept = walk_into(marks, key, True, plus, walked, absurd, reach, kept, work, units, cell_units,
                                             order_cells, order_units, cell_places, locking)
                        for w in range(WORDS):
                            common[0, w] &= reach[key, 0, w]
                            common[1, w] &= reach[key, 1, w]
                for w in range(WORDS):
                    if common[0, w] & removable[0, w] or common[1, w] & removable[1, w]:
                        hint = True
        if not hint and not nishio:
            for w in range(WORDS):
                if cell_common[0, w] & removable[0, w] or cell_common[1, w] & removable[1, w]:
                    hint = True
        found[cell] = hint
    return found, Hinting(kept, walked, absurd, reach, work)


class Kept(NamedTuple):
    """The walks ``_hinting_cells`` made, each as ``_propagate`` gives it: its rows in ``rows``
    (``made`` so far), beside them in ``pairs`` the key and number of the walk's kept potentials
    (all but a contradiction's new one), its "on"s first, each in the order found (apart, so that
    a walk's rows are read as they are, and its pairs in one piece); its other parents in ``extra``
    (``filled`` so far; a row's counted from the walk's first); the keys walked, in order (``keys``,
    ``walked`` so far), and per walk (``walks``), where its rows begin, how many, how many are
    kept, how many of those are "on"s, where its other parents begin and end, its contradiction's
    "on" and "off" potentials (-1: none)."""

    rows: np.ndarray
    pairs: np.ndarray
    made: int
    extra: np.ndarray
    filled: int
    keys: np.ndarray
    walks: np.ndarray
    walked: int


class Hinting(NamedTuple):
    """A hinting search's walks (``kept``), each key's place among them (``walked``: -1 none),
    whether each met a contradiction (``absurd``), the keys each implies ("off"s, "on"s: ``reach``,
    set for the keys walked), and the room its walks were made in (``work``)."""

    kept: Kept
    walked: np.ndarray
    absurd: np.ndarray
    reach: np.ndarray
    work: Work


def _walk_hints(marks: np.ndarray, nishio: bool, plus: bool, first: bool, units: np.ndarray, cell_units: np.ndarray,
                order_cells: np.ndarray, order_units: np.ndarray, cell_places: np.ndarray,
                locking: np.ndarray) -> tuple[np.ndarray, Kept]:  # pragma: no cover - compiled
    """The hints of a dynamic search without inner techniques (``Chaining._multiple``, a producer
    of level 0 or (+), Nishio or multiple, its chains the compiled walks': ``_hinting_cells``'s,
    the cells with a hint walked whole), in its gathering order (``first``: those of its first
    cell with any), a row each: its kind (7 contradiction, 1 double, 6 region, 5 cell), the key it
    concludes (a contradiction: its candidate's "off"), the start it follows from (a contradiction,
    a double chain: the assumption; a region: the unit; a cell: -1), its cell (a region: the
    unit's first place), digit (0-8), size (``Walker.size``'s, each outcome's potential counted in
    its walk); and the walks."""
    found, hinting = hinting_cells(marks, nishio, plus, False, units, cell_units, order_cells, order_units,
                                   cell_places, locking)  # (a cell's walks stop at its first hint: the others below)
    kept, walked, absurd, reach, work = hinting
    removable = removables(marks)
    rows = np.empty((64, 6), np.int64)
    made = 0
    numbers = np.full((9, 1458), -1, np.int64)  # the walks of one group of starts: per key, its number
    common = np.empty((2, WORDS), np.int64)
    starts = np.empty(9, np.int64)
    y_links = not nishio
    for cell in range(81):
        if not found[cell]:
            continue
        m = marks[cell]
        count = bit_count(m)
        for d0 in range(9):  # (the walks a hinting cell's first hint left out)
            if m >> d0 & 1:
                on = (cell * 9 + d0) * 2 + 1
                for key in (on, on - 1):
                    if walked[key] < 0:
                        kept = walk_into(marks, key, y_links, plus, walked, absurd, reach, kept, work, units, cell_units,
                                         order_cells, order_units, cell_places, locking)
                if nishio:
                    continue
                for u in range(3):
                    unit = cell_units[cell, u]
                    places = 0
                    for i in range(9):
                        c = units[unit, i]
                        if marks[c] >> d0 & 1:
                            if places == 0 and c != cell:
                                break
                            places += 1
                            key = (c * 9 + d0) * 2 + 1
                            if walked[key] < 0:
                                kept = walk_into(marks, key, True, plus, walked, absurd, reach, kept, work, units,
                                                 cell_units, order_cells, order_units, cell_places, locking)
        for d0 in range(9):
            if not m >> d0 & 1:
                continue
            on = (cell * 9 + d0) * 2 + 1
            for key in (on, on - 1):  # contradictions
                if absurd[key]:
                    w = walked[key]
                    first_row, last_extra = kept.walks[w, 0], kept.walks[w, 5]
                    table = kept.rows[first_row:first_row + kept.walks[w, 1]]
                    extra = kept.extra[kept.walks[w, 4]:last_extra]
                    a_on, a_off = kept.walks[w, 6], kept.walks[w, 7]
                    rows, made = _row(rows, made, 7, table[a_off, 0], key, cell, d0,
                                      chain_size(table, extra, a_on) + chain_size(table, extra, a_off))
            if count >= 3 and not nishio:  # double chains: the assumption on and off both imply it
                starts[0], starts[1] = on, on - 1
                for on_key in (1, 0):
                    rows, made = _group(rows, made, kept, walked, reach, removable, starts[:2], on_key, 1,
                                        on if on_key else on - 1, cell, d0, numbers, common)
            if nishio:
                continue
            for u in range(3):  # region chains: the units whose first place of the digit it is
                unit = cell_units[cell, u]
                places = 0
                for i in range(9):
                    c = units[unit, i]
                    if marks[c] >> d0 & 1:
                        if places == 0 and c != cell:
                            break
                        starts[places] = (c * 9 + d0) * 2 + 1
                        places += 1
                if places < 2:
                    continue
                for on_key in (1, 0):
                    rows, made = _group(rows, made, kept, walked, reach, removable, starts[:places], on_key, 6,
                                        unit, cell, d0, numbers, common)
        if not nishio:  # cell chains: all its candidates imply it
            places = 0
            for d0 in range(9):
                if m >> d0 & 1:
                    starts[places] = (cell * 9 + d0) * 2 + 1
                    places += 1
            for on_key in (1, 0):
                rows, made = _group(rows, made, kept, walked, reach, removable, starts[:places], on_key, 5, -1,
                                    cell, 0, numbers, common)
        if first and made:
            break
    return rows[:made].copy(), kept


def _row(rows: np.ndarray, made: int, kind: int, key: int, source: int, cell: int, d0: int,
         size: int) -> tuple[np.ndarray, int]:  # pragma: no cover - compiled
    """``rows`` with a hint's row (``_walk_hints``'s), grown when full."""
    if made == len(rows):
        rows = _grown(rows)
    rows[made, 0], rows[made, 1], rows[made, 2], rows[made, 3] = kind, key, source, cell
    rows[made, 4], rows[made, 5] = d0, size
    return rows, made + 1


def _group(rows: np.ndarray, made: int, kept: Kept, walked: np.ndarray, reach: np.ndarray, removable: np.ndarray,
           starts: np.ndarray, on: int, kind: int, source: int, cell: int, d0: int, numbers: np.ndarray,
           common: np.ndarray) -> tuple[np.ndarray, int]:  # pragma: no cover - compiled
    """``rows`` with the hints of the walks from ``starts`` (the first first): the removable keys
    (the "on"s, or the "off"s) all imply, in the first walk's order."""
    hinting = False
    for w in range(WORDS):
        common[on, w] = removable[on, w]
        for s in range(len(starts)):
            common[on, w] &= reach[starts[s], on, w]
        if common[on, w]:
            hinting = True
    if not hinting:
        return rows, made
    for s in range(len(starts)):
        w = walked[starts[s]]
        first_row = kept.walks[w, 0]
        for i in range(kept.walks[w, 2]):
            numbers[s, kept.pairs[first_row + i, 0]] = kept.pairs[first_row + i, 1]
    w = walked[starts[0]]
    first_row, ons, last = kept.walks[w, 0], kept.walks[w, 3], kept.walks[w, 2]
    for i in range(first_row + (0 if on else ons), first_row + (ons if on else last)):
        key = kept.pairs[i, 0]
        if not (common[on, key >> 6] >> (key & 63)) & 1:
            continue
        size = 0
        for s in range(len(starts)):
            v = walked[starts[s]]
            table = kept.rows[kept.walks[v, 0]:kept.walks[v, 0] + kept.walks[v, 1]]
            size += chain_size(table, kept.extra[kept.walks[v, 4]:kept.walks[v, 5]], numbers[s, key])
        rows, made = _row(rows, made, kind, key, source, cell, d0, size)
    for s in range(len(starts)):
        w = walked[starts[s]]
        first_row = kept.walks[w, 0]
        for i in range(kept.walks[w, 2]):
            numbers[s, kept.pairs[first_row + i, 0]] = -1
    return rows, made


def _static_hints(marks: np.ndarray, meets: np.ndarray, units: np.ndarray, cell_units: np.ndarray,
                  order_cells: np.ndarray, order_units: np.ndarray, cell_places: np.ndarray,
                  locking: np.ndarray) -> tuple[np.ndarray, np.ndarray]:  # pragma: no cover - compiled
    """The hints of a static multiple search (``Chaining._multiple``: not dynamic, from the cells
    of three candidates or more that ``meets`` lets through), in its gathering order: a row each
    (the key it concludes, its kind: 5 cell, 6 region; the cell, or the unit's first place; the
    unit, or -1; the digit (0-8, a region's); its size, ``Walker.size``'s; where its links end in
    the second array), and the "on" links of its chains (key and cause: ``ChainHint.rule_parents``
    reads them), chain after chain, each in ``chain_of``'s order. Each "on" assumption walked once
    for its reach (two sets of potentials), again for the chains where it gives a hint."""
    walked = np.zeros(729, np.bool_)
    reach = np.empty((729, 2, WORDS), np.int64)  # per candidate, the "off" and "on" keys its "on" implies
    removable = removables(marks)
    common = np.empty((2, WORDS), np.int64)
    cell_common = np.empty((2, WORDS), np.int64)
    starts = np.empty(9, np.int64)
    found = Hints(np.empty((64, 7), np.int64), 0, np.empty(1024, np.int64), 0, np.empty((9, 1460, 3), np.int64),
                  np.empty((9, 1458), np.int64))
    work = make_work()
    for cell in range(81):
        m = marks[cell]
        if bit_count(m) < 3 or not meets[cell]:
            continue
        cell_common[:, :] = -1
        for d0 in range(9):
            if not m >> d0 & 1:
                continue
            cand = cell * 9 + d0
            reach_of(marks, cand, walked, reach, work, units, cell_units, order_cells, order_units, cell_places,
                     locking)
            cell_common &= reach[cand]
            bit = 1 << d0
            for u in range(3):  # the units whose first place of the digit it is, with two places or more
                unit = cell_units[cell, u]
                places = 0
                for i in range(9):
                    c = units[unit, i]
                    if marks[c] & bit:
                        if places == 0 and c != cell:
                            break
                        starts[places] = c * 9 + d0
                        places += 1
                if places < 2:
                    continue
                common[:, :] = reach[cand]
                for i in range(1, places):
                    reach_of(marks, starts[i], walked, reach, work, units, cell_units, order_cells, order_units,
                             cell_places, locking)
                    common &= reach[starts[i]]
                found = group_hints(marks, starts[:places], common, removable, 6, unit, d0, found, work, units,
                                    cell_units, order_cells, order_units, cell_places, locking)
        places = 0
        for d0 in range(9):
            if m >> d0 & 1:
                starts[places] = cell * 9 + d0
                places += 1
        found = group_hints(marks, starts[:places], cell_common, removable, 5, -1, 0, found, work, units,
                            cell_units, order_cells, order_units, cell_places, locking)
    return found.rows[:found.made].copy(), found.links[:found.filled].copy()


def _reach_of(marks: np.ndarray, cand: int, walked: np.ndarray, reach: np.ndarray, work: Work, units: np.ndarray,
              cell_units: np.ndarray, order_cells: np.ndarray, order_units: np.ndarray, cell_places: np.ndarray,
              locking: np.ndarray) -> None:  # pragma: no cover - compiled
    """The keys the static walk from ``cand`` "on" keeps (``Walker``'s outcomes), once."""
    if walked[cand]:
        return
    walked[cand] = True
    count, _, absurd_on, _ = follow_into(marks, cand * 2 + 1, True, False, False, work, units, cell_units, order_cells,
                                         order_units, cell_places, locking)
    table = work.table
    reach[cand, :, :] = 0
    for i in range(count - 1 if absurd_on >= 0 else count):
        k = table[i, 0]
        reach[cand, k & 1, k >> 6] |= 1 << (k & 63)


class Hints(NamedTuple):
    """``_static_hints``'s hints so far (``made`` rows, ``filled`` links), and room for the walks
    of one cell's or region's starts (their rows' key, cause, parent; each key's row)."""

    rows: np.ndarray
    made: int
    links: np.ndarray
    filled: int
    walks: np.ndarray
    numbers: np.ndarray


def _group_hints(marks: np.ndarray, starts: np.ndarray, common: np.ndarray, removable: np.ndarray, kind: int,
                 unit: int, d0: int, found: Hints, work: Work, units: np.ndarray, cell_units: np.ndarray,
                 order_cells: np.ndarray, order_units: np.ndarray, cell_places: np.ndarray,
                 locking: np.ndarray) -> Hints:  # pragma: no cover - compiled
    """``found`` with the hints of one cell or region (``starts``: its "on" candidates, the first
    first; ``common``: what all imply): the removable keys they share, the "on"s then the "off"s,
    each in the first walk's order, with their sizes and links (grown when full)."""
    hinting = False
    for w in range(WORDS):
        if common[0, w] & removable[0, w] or common[1, w] & removable[1, w]:
            hinting = True
    if not hinting:
        return found
    rows, count, links, filled, walks, numbers = found
    first_kept = 0
    for s in range(len(starts)):
        kept, _, absurd_on, _ = follow_into(marks, starts[s] * 2 + 1, True, False, False, work, units, cell_units,
                                            order_cells, order_units, cell_places, locking)
        table = work.table
        if absurd_on >= 0:
            kept -= 1
        if s == 0:
            first_kept = kept
        numbers[s, :] = -1
        for i in range(kept):  # (a key has one row)
            walks[s, i, 0], walks[s, i, 1], walks[s, i, 2] = table[i, 0], table[i, 1], table[i, 2]
            numbers[s, table[i, 0]] = i
    root = -1 if kind == 5 else unit  # (a cell chain's cause: CELL)
    for on in (1, 0):
        for i in range(first_kept):
            key = walks[0, i, 0]
            if key & 1 != on or not ((common[on, key >> 6] & removable[on, key >> 6]) >> (key & 63)) & 1:
                continue
            if count == len(rows):
                rows = _grown(rows)
            size = 0
            for s in range(len(starts)):  # each chain: the potential, its parent, …, the start (static: one parent each)
                n = numbers[s, key]
                while n >= 0:
                    size += 1
                    link = walks[s, n, 0]
                    if link & 1:
                        if filled + 2 > len(links):
                            links = _grown(links)
                        links[filled], links[filled + 1] = link, root if walks[s, n, 1] == ASSUMED else walks[s, n, 1]
                        filled += 2
                    n = walks[s, n, 2]
            rows[count, 0], rows[count, 1], rows[count, 2] = key, kind, starts[0] // 9
            rows[count, 3], rows[count, 4], rows[count, 5], rows[count, 6] = unit, d0, size, filled
            count += 1
    return Hints(rows, count, links, filled, walks, numbers)


def _removables(marks: np.ndarray) -> np.ndarray:  # pragma: no cover - compiled
    """What a hint may conclude in the grid, as two sets of potentials: the "off"s of its
    candidates, the "on"s of the candidates of its cells that hold more than one."""
    removable = np.zeros((2, WORDS), np.int64)
    for cell in range(81):
        m = marks[cell]
        for d0 in range(9):
            if m >> d0 & 1:
                key = (cell * 9 + d0) * 2
                removable[0, key >> 6] |= 1 << (key & 63)
                if m & ~(1 << d0):
                    removable[1, (key + 1) >> 6] |= 1 << ((key + 1) & 63)
    return removable


def _grown(array: np.ndarray) -> np.ndarray:  # pragma: no cover - compiled
    """``array`` twice as long, its rows kept."""
    grown = np.empty((2 * len(array),) + array.shape[1:], array.dtype)  # noqa: RUF005 - (numba: no starred tuples)
    grown[:len(array)] = array
    return grown


def _walk(marks: np.ndarray, key: int, y_links: bool, plus: bool, walked: np.ndarray, absurd: np.ndarray,
          reach: np.ndarray, kept: Kept, work: Work, units: np.ndarray, cell_units: np.ndarray, order_cells: np.ndarray,
          order_units: np.ndarray, cell_places: np.ndarray, locking: np.ndarray) -> Kept:  # pragma: no cover
    """``kept`` with ``key``'s dynamic walk (``_propagate``), its outcome kept as ``_hinting_cells``
    reads it."""
    count, more, absurd_on, absurd_off = follow_into(marks, key, y_links, True, plus, work, units, cell_units,
                                                     order_cells, order_units, cell_places, locking)
    table, extra = work.table[:count], work.extra[:more]
    rows, pairs, made, all_extra, filled, keys, walks, done = kept
    while made + count > len(rows):
        rows = _grown(rows)
        pairs = _grown(pairs)
    while filled + len(extra) > len(all_extra):
        all_extra = _grown(all_extra)
    rows[made:made + count] = table
    all_extra[filled:filled + len(extra)] = extra
    walked[key] = done
    absurd[key] = absurd_on >= 0
    last = count - 1 if absurd_on >= 0 else count
    reach[key] = 0
    j = made
    for on in (1, 0):  # the kept potentials' keys and numbers, the "on"s first
        for i in range(last):
            k = table[i, 0]
            if k & 1 == on:
                pairs[j, 0], pairs[j, 1] = k, i
                j += 1
                reach[key, on, k >> 6] |= 1 << (k & 63)
    keys[done] = key
    walks[done, 0], walks[done, 1], walks[done, 2] = made, count, last
    walks[done, 3] = (pairs[made:made + last, 0] & 1).sum()
    walks[done, 4], walks[done, 5], walks[done, 6], walks[done, 7] = filled, filled + len(extra), absurd_on, absurd_off
    return Kept(rows, pairs, made + count, all_extra, filled + len(extra), keys, walks, done + 1)


def _chain_size(table: np.ndarray, extra: np.ndarray, number: int) -> int:  # pragma: no cover - compiled
    """How many potentials of a walk's table (``_propagate``'s) the one numbered ``number`` follows
    from, itself included."""
    seen = np.zeros(len(table), np.bool_)
    todo = np.empty(len(table), np.int64)
    todo[0] = number
    seen[number] = True
    pending, size = 1, 0
    while pending:
        pending -= 1
        i = todo[pending]
        size += 1
        for j in range(table[i, 3] - 1, table[i, 4]):  # the potential it is reached from, then the others
            q = table[i, 2] if j < table[i, 3] else extra[j]
            if q >= 0 and not seen[q]:
                seen[q] = True
                todo[pending] = q
                pending += 1
    return size


removables = compiled(_removables)
follow = compiled(_propagate)
chain_size = compiled(_chain_size)
make_work = compiled(_work)
steps = compiled(_steps)
follow_into = compiled(_follow)
walk_into = compiled(_walk)
hinting_cells = compiled(_hinting_cells)
reach_of = compiled(_reach_of)
_grown = compiled(_grown)
group_hints = compiled(_group_hints)
static_hints = compiled(_static_hints)
_row = compiled(_row)
_group = compiled(_group)
walk_hints = compiled(_walk_hints)
Walk = Walker
Walks = Callable[[list[int]], Walker]
walks: Walks | None = _load()

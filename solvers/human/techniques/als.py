"""Almost locked sets: N cells of one unit holding N+1 digits between them.

Take one digit away and an ALS is a locked set. Two ALSs share a *restricted common* digit ``X``
when every ``X`` of one sees every ``X`` of the other: then ``X`` lies in at most one of them, so
the other is locked. Steps name the digits they eliminate (HoDoKu's convention for ALS moves).

- ALS-XZ: ALSs ``A`` and ``B`` with a restricted common ``X``: for any other common digit ``Z``,
  one of them holds ``Z``, so a cell seeing every ``Z`` of both loses it. With two restricted
  commons (doubly linked) both sets are locked: each digit leaves what sees all its cells in them.
- ALS-XY-Wing: ``A`` and ``B`` each share a restricted common (``X``, ``Y``) with a pivot ALS ``C``:
  ``Z`` common to ``A`` and ``B`` leaves what sees every ``Z`` of both.
- Sue de Coq: two or three cells of a box-line intersection, with cells of the rest of the line
  and of the rest of the box, hold as many digits as cells (the two parts sharing none): each
  digit leaves the house it is locked in.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations

from sudokit.models.candidates import Candidates, digits_of
from sudokit.models.grid import Cell, Digit, geometry
from sudokit.solvers.human.steps import Candidate, Step, cells_text, digits_text, removable

MAX_DIGITS = 9  # the most digits an ALS or a Sue de Coq part holds: on a 9x9 grid, no limit


@dataclass(frozen=True)
class Als:
    """An almost locked set: its cells (in one unit) and their candidates (one more digit than cells)."""

    cells: frozenset[Cell]
    bits: int  # the cells as a bitset
    mask: int
    places: dict[Digit, frozenset[Cell]]  # per digit, the cells holding it

    def text(self, size: int) -> str:
        return f"{cells_text(sorted(self.cells), size)} {{{digits_text(digits_of(self.mask))}}}"


def als_xz(state: Candidates) -> Iterator[Step]:
    """Two ALSs with a restricted common digit: a common digit ``Z`` leaves what sees all its cells in both."""
    sets, links, sight = _sets(state), _links(state), _Sight(state)
    for i, j, restricted in ((i, j, r) for i, near in enumerate(links) for j, r in near if i < j):
        a, b = sets[i], sets[j]
        if len(restricted) == 1:
            others = digits_of(a.mask & b.mask & ~(1 << (restricted[0] - 1)))
            eliminations = sight.eliminations([(z, a.places[z] | b.places[z]) for z in others], a.bits | b.bits)
        else:  # doubly linked: both sets locked
            groups = [(x, a.places[x] | b.places[x]) for x in restricted]
            groups += [(d, s.places[d]) for s in (a, b) for d in digits_of(s.mask) if d not in restricted]
            eliminations = sight.eliminations(groups, a.bits | b.bits)
        if eliminations:
            yield _step(state, "als_xz", eliminations, a.cells | b.cells,
                        f"A={a.text(state.size)}, B={b.text(state.size)}, X={digits_text(restricted)}")


def als_xy_wing(state: Candidates) -> Iterator[Step]:
    """ALSs ``A`` and ``B`` each tied to a pivot ``C`` by different restricted commons: a ``Z`` of both goes."""
    sets, links, sight = _sets(state), _links(state), _Sight(state)
    for c, near in zip(sets, links):
        wings = [(sets[j], x) for j, restricted in near for x in restricted]
        for (a, x), (b, y) in combinations(wings, 2):
            if x == y:  # A and B may overlap: one of them is locked either way
                continue
            zs = digits_of(a.mask & b.mask & ~(1 << (x - 1)) & ~(1 << (y - 1)))
            eliminations = sight.eliminations([(z, a.places[z] | b.places[z]) for z in zs], a.bits | b.bits | c.bits)
            if eliminations:
                size = state.size
                yield _step(state, "als_xy_wing", eliminations, a.cells | b.cells | c.cells,
                            f"A={a.text(size)}, B={b.text(size)}, C={c.text(size)}, X,Y={digits_text((x, y))}")


def sue_de_coq(state: Candidates) -> Iterator[Step]:
    """Cells of a box-line intersection locked with cells of the rest of the line and of the rest of the box."""
    geo = state.geometry
    for box in range(2 * state.size, 3 * state.size):
        for line in sorted({u for c in geo.units[box] for u in geo.cell_units[c][:2]}):
            yield from _sue_de_coq_at(state, box, line)


def _sue_de_coq_at(state: Candidates, box: int, line: int) -> Iterator[Step]:
    geo, marks, size = state.geometry, state.marks, state.size
    box_cells, line_cells = set(geo.units[box]), set(geo.units[line])
    inside = [c for c in geo.units[line] if marks[c] and c in box_cells]
    line_rest = [c for c in geo.units[line] if marks[c] and c not in box_cells]
    box_rest = [c for c in geo.units[box] if marks[c] and c not in line_cells]
    for core in (core for k in (2, 3) for core in combinations(inside, k)):
        v = _union(marks, core)
        spare = v.bit_count() - len(core)  # the core's digits that the other two parts must take
        if spare < 2:
            continue
        box_parts = list(_parts(marks, box_rest, v))
        for d, vd, d_gain in _parts(marks, line_rest, v):
            for e, ve, e_gain in box_parts:
                if vd & ve or d_gain + e_gain != spare:
                    continue
                locked = {*core, *d, *e}
                eliminations = sorted({*removable(state, line_cells - locked, (v | vd) & ~ve),
                                       *removable(state, box_cells - locked, (v | ve) & ~vd)})
                if eliminations:
                    parts = ", ".join(f"{cells_text(cells, size)} {{{digits_text(digits_of(mask))}}}"
                                      for cells, mask in ((core, v), (d, vd), (e, ve)))
                    yield _step(state, "sue_de_coq", eliminations, locked, parts)


# ---- helpers


def _sets(state: Candidates) -> tuple[Als, ...]:
    """Every ALS of a state (a set of cells lying in two units counted once)."""
    return all_sets(state.size, tuple(state.marks))


def _links(state: Candidates) -> list[list[tuple[int, tuple[Digit, ...]]]]:
    """Per ALS of ``_sets``: the disjoint ALSs it shares restricted common digits with, and those digits."""
    return _all_links(state.size, tuple(state.marks))


@lru_cache(maxsize=2)
def all_sets(size: int, marks: tuple[int, ...]) -> tuple[Als, ...]:
    """Every ALS of the pencil marks ``marks`` (cached for the state at hand: several techniques ask)."""
    found: dict[frozenset[Cell], Als] = {}
    for unit in geometry(size).units:
        open_cells = [c for c in unit if marks[c]]
        for cells, mask in _subsets(marks, open_cells):
            if mask.bit_count() == len(cells) + 1 and frozenset(cells) not in found:
                places = {d: frozenset(c for c in cells if marks[c] >> (d - 1) & 1) for d in digits_of(mask)}
                found[frozenset(cells)] = Als(frozenset(cells), _bits(cells), mask, places)
    return tuple(found.values())


def _subsets(marks, cells: list[Cell]) -> list[tuple[tuple[Cell, ...], int]]:
    """The non-empty subsets of ``cells`` holding at most ``MAX_DIGITS`` digits, with their candidates,
    depth first.

    On a 9x9 grid that is every subset; on larger grids it keeps the search small.

    >>> [cells for cells, _ in _subsets([0b1, 0b10, 0b100], [0, 1, 2])]
    [(0,), (0, 1), (0, 1, 2), (0, 2), (1,), (1, 2), (2,)]
    """
    found = []

    def grow(start: int, chosen: tuple[Cell, ...], mask: int) -> None:
        for i in range(start, len(cells)):
            union = mask | marks[cells[i]]
            if union.bit_count() <= MAX_DIGITS:
                subset = (*chosen, cells[i])
                found.append((subset, union))
                grow(i + 1, subset, union)

    grow(0, (), 0)
    return found


@lru_cache(maxsize=2)
def _all_links(size: int, marks: tuple[int, ...]) -> list[list[tuple[int, tuple[Digit, ...]]]]:
    """``_links`` of a state's marks, computed on bitsets (the hot loop of the ALS techniques).

    ``X`` is a restricted common of ``A`` and ``B`` when ``B``'s cells holding it all see every
    cell of ``A`` holding it; so ``B``'s first cell holding ``X`` sees them, and only the sets
    filed under those cells are tried. Pairs keep the order of trying all in turn: by digit, then set.
    """
    sets = all_sets(size, marks)
    peers = _peer_bits(size)
    found: list[tuple[Digit, int, int]] = []
    for digit in range(1, size + 1):
        held: list[tuple[int, int, int]] = []  # the sets holding the digit: (index, cells, cells seeing them)
        filed: dict[Cell, list[tuple[int, int, int]]] = {}  # the same sets by their first cell holding it
        firsts = 0
        for i, s in enumerate(sets):
            if places := s.places.get(digit):
                seen, bits = -1, _bits(places)
                for c in places:
                    seen &= peers[c]
                held.append((i, s.bits, seen))
                filed.setdefault((bits & -bits).bit_length() - 1, []).append((i, s.bits, bits))
                firsts |= bits & -bits
        for i, cells_i, seen_i in held:
            found += [(digit, i, j) for c in _cells(seen_i & firsts) for j, cells_j, held_j in filed[c]
                      if j > i and not cells_i & cells_j and not held_j & ~seen_i]
    restricted: dict[tuple[int, int], list[Digit]] = {}
    for digit, i, j in sorted(found):
        restricted.setdefault((i, j), []).append(digit)
    links: list[list[tuple[int, tuple[Digit, ...]]]] = [[] for _ in sets]
    for (i, j), digits in restricted.items():
        links[i].append((j, tuple(digits)))
        links[j].append((i, tuple(digits)))
    return links


@cache
def _peer_bits(size: int) -> tuple[int, ...]:
    return tuple(_bits(peers) for peers in geometry(size).peers)


def _cells(bits: int) -> Iterator[Cell]:
    """The cells of a bitset."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


def _bits(cells) -> int:
    bits = 0
    for c in cells:
        bits |= 1 << c
    return bits


class _Sight:
    """Which cells see which, and which hold each digit, as bitsets: for one state."""

    def __init__(self, state: Candidates):
        self.peers, self.holders = _peer_bits(state.size), _holders(state.size, tuple(state.marks))

    def eliminations(self, groups, exclude: int) -> tuple[Candidate, ...]:
        """For each (digit, cells): the digit in every cell outside ``exclude`` that sees all the cells."""
        found: set[Candidate] = set()
        for digit, cells in groups:
            seeing = self.holders[digit] & ~exclude
            for c in cells:
                seeing &= self.peers[c]
            found.update((c, digit) for c in _cells(seeing))
        return tuple(sorted(found))


@lru_cache(maxsize=2)
def _holders(size: int, marks: tuple[int, ...]) -> dict[Digit, int]:
    """Per digit, the cells holding it (a bitset)."""
    return {d: _bits(c for c, m in enumerate(marks) if m >> (d - 1) & 1) for d in range(1, size + 1)}


def _parts(marks: list[int], cells: list[Cell], v: int) -> Iterator[tuple[tuple[Cell, ...], int, int]]:
    """Sets of ``cells``, their candidates, and how many of ``v``'s digits they take (one or more)."""
    for part, mask in _subsets(marks, cells):
        gain = len(part) - (mask & ~v).bit_count()
        if gain > 0:
            yield part, mask, gain


def _union(marks: list[int], cells) -> int:
    mask = 0
    for c in cells:
        mask |= marks[c]
    return mask


def _step(state: Candidates, name: str, eliminations, cells, pattern: str) -> Step:
    digits = tuple(sorted({d for _, d in eliminations}))
    return Step(name, state.size, digits, eliminations=tuple(eliminations), cells=tuple(sorted(cells)),
                pattern=pattern)

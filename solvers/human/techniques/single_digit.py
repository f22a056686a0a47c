"""Single-digit patterns: two strong links of one digit joined by a weak link.

In ``a1 = a2 - b1 = b2`` (``=``: a conjugate pair, ``-``: two cells that see each other) ``a1`` or
``b2`` holds the digit, so a cell seeing both ends loses it. The strong links are the edges of
``sudokit.models.graph``'s strong-link graph. HoDoKu names the pattern by its units:

- Skyscraper: both strong links in rows (or both in columns), the weak link in a column (a row);
- 2-String Kite: one strong link in a row, one in a column, the weak link in a box;
- Turbot Fish: any other such chain;
- Empty Rectangle: a box whose candidates lie on one row and one column (the box is then the weak
  end of a grouped chain with a conjugate pair outside it).

HoDoKu's duals (off by default there) report two such patterns sharing their box part as one step:
a Dual 2-String Kite is two kites on the same two box cells, a Dual Empty Rectangle two empty
rectangles on the same box candidates, each pair with different eliminations.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from functools import cache
from itertools import combinations

from sudokit.models.graph import CellNode, bits_of, cells_of
from sudokit.models.grid import Cell, Digit, geometry, symbol
from sudokit.solvers.human.steps import Candidate, ChainLink, Step, alternating, cells_text, removable
from sudokit.solvers.human.view import View

Link = tuple[Cell, Cell, tuple[int, ...]]  # a strong link: its two cells, and the units that make it


def skyscraper(view: View) -> Iterator[Step]:
    """Two parallel conjugate pairs whose bases share a cross line: a cell seeing both tops loses the digit."""
    return _patterns(view, "skyscraper")


def two_string_kite(view: View) -> Iterator[Step]:
    """A row's and a column's conjugate pairs with an end of each in one box: cells seeing both far ends lose it."""
    return _patterns(view, "two_string_kite")


def turbot_fish(view: View) -> Iterator[Step]:
    """Any other chain of two conjugate pairs: ``a1 =d= a2 -d- b1 =d= b2``; cells seeing both ends lose ``d``."""
    return _patterns(view, "turbot_fish")


def empty_rectangle(view: View) -> Iterator[Step]:
    """A box's candidates on one row and one column, and a conjugate pair across: one crossing loses the digit.

    With the pair in a column and one end on the box's row: if the cell where the other end's row
    meets the box's column held the digit, the box would have no place left for it.
    """
    for digit in range(1, view.size + 1):
        yield from view.per_digit(_empty_rectangles, digit)


def dual_two_string_kite(view: View) -> Iterator[Step]:
    """Two 2-String Kites through the same two box cells: both sets of eliminations in one step."""
    for digit in range(1, view.size + 1):
        kites = view.per_digit(_named_steps, digit).get("two_string_kite", ())
        yield from _duals(view, "dual_two_string_kite", kites, lambda step: frozenset(step.cells[1:3]))


def dual_empty_rectangle(view: View) -> Iterator[Step]:
    """Two Empty Rectangles on the same box candidates: both sets of eliminations in one step."""
    for digit in range(1, view.size + 1):
        rectangles = view.per_digit(_empty_rectangles, digit)
        yield from _duals(view, "dual_empty_rectangle", rectangles, lambda step: step.cells[:-2])


# ---- helpers


def _duals(view: View, name: str, steps: Iterable[Step], part) -> Iterator[Step]:
    """Pairs of ``steps`` with the same ``part`` and different eliminations, each as one step."""
    for first, second in combinations(steps, 2):
        if part(first) == part(second) and set(first.eliminations) != set(second.eliminations):
            cells = tuple(dict.fromkeys(first.cells + second.cells))
            yield Step(name, view.size, first.digits, cells=cells, pattern=f"{first.pattern} / {second.pattern}",
                       eliminations=tuple(sorted(set(first.eliminations) | set(second.eliminations))))



def conjugate_pairs(view: View, digit: Digit) -> tuple[Link, ...]:
    """A digit's strong links, as ``view.strong(digit).edges(data="units")`` lists them (in its order),
    without the graph: kept for later states while the digit's candidates stay the same."""
    return view.per_digit(_conjugate_pairs, digit)


def _conjugate_pairs(view: View, digit: Digit) -> tuple[Link, ...]:
    holding = view.holding[digit]
    linked: dict[Cell, dict[Cell, list[int]]] = {}  # as the graph keeps them: cells in order met, each one's links
    for unit, cells in enumerate(_unit_bits(view.size)):
        here = holding & cells
        if here.bit_count() == 2:  # two places: a conjugate pair
            low = here & -here
            a, b = low.bit_length() - 1, (here ^ low).bit_length() - 1
            if b in linked.get(a, ()):
                linked[a][b].append(unit)
            else:
                linked.setdefault(a, {})[b] = linked.setdefault(b, {})[a] = [unit]
    found, seen = [], set()
    for a, links in linked.items():
        found += [(a, b, tuple(units)) for b, units in links.items() if b not in seen]
        seen.add(a)
    return tuple(found)


def _empty_rectangles(view: View, digit: Digit) -> list[Step]:
    geo, size = view.geometry, view.size
    links = [(a, b, along) for a, b, units in conjugate_pairs(view, digit) if (along := _kind(size, units)) < 2]
    found: list[Step] = []
    if not links:
        return found
    bit, holding, unit_bits, cell_units = 1 << (digit - 1), view.holding[digit], _unit_bits(size), geo.cell_units
    for box in range(2 * size, 3 * size):
        here = holding & unit_bits[box]
        if not here & (here - 1):  # fewer than two places
            continue
        cells = cells_of(here)
        for row, col in _crosses(view, cells, here):
            for a, b, along in links:  # along 1: the pair is in a column, so it meets the box's row
                line, cross = (row, col) if along == 1 else (col, row)
                for p1, p2 in ((a, b), (b, a)):
                    if cell_units[p1][1 - along] != line or cell_units[p1][2] == box:
                        continue
                    target = _meeting(view, *sorted((cell_units[p2][1 - along], cross)))
                    if cell_units[target][2] != box and holding >> target & 1 \
                            and (removed := removable(view, (target,), bit)):
                        found.append(_step(view, "empty_rectangle", digit, removed,
                                           f"{symbol(digit)} in {geo.unit_name(box)} "
                                           f"({_name(view, p1)}={_name(view, p2)})", (*cells, p1, p2)))
    return found


def _patterns(view: View, name: str) -> Iterator[Step]:
    for digit in range(1, view.size + 1):
        yield from view.per_digit(_named_steps, digit).get(name, ())


def _named_steps(view: View, digit: Digit) -> dict[str | None, list[Step]]:
    """A digit's chains of two strong links as steps, under HoDoKu's names (found once for the three patterns)."""
    named: dict[str | None, list[Step]] = defaultdict(list)
    d, peers, bit = symbol(digit), view.geometry.peers, 1 << (digit - 1)
    holding, seeing = view.holding[digit], _peer_bits(view.size)
    for (a1, a2, ua), (b1, b2, ub) in _chains(view, digit):
        if not seeing[a1] & seeing[b2] & holding & ~(1 << a2 | 1 << b1):  # nothing to remove: the usual case
            continue
        chain = (a1, a2, b1, b2)
        removed = removable(view, set(peers[a1] & peers[b2]) - set(chain), bit)
        if not removed or (name := _pattern(view, a1, a2, ua, b1, b2, ub)) is None:
            continue
        n1, n2, n3, n4 = (_name(view, c) for c in chain)
        pattern = (f"{d} {n1} ={d}= {n2} -{d}- {n3} ={d}= {n4}" if name == "turbot_fish"
                   else f"{d} in {n1},{n4} (connected by {n2},{n3})")
        links = alternating([CellNode(c, digit) for c in chain])
        named[name].append(_step(view, name, digit, removed, pattern, chain, links))
    return named


def _pattern(view: View, a1: Cell, a2: Cell, ua, b1: Cell, b2: Cell, ub) -> str | None:
    """HoDoKu's name for the chain ``a1 = a2 - b1 = b2`` (None for an X-Wing)."""
    geo, size = view.geometry, view.size
    ka, kb = _kind(size, ua), _kind(size, ub)
    if ka == kb < 2 and geo.cell_units[a2][1 - ka] == geo.cell_units[b1][1 - ka]:
        return None if geo.cell_units[a1][1 - ka] == geo.cell_units[b2][1 - ka] else "skyscraper"
    box = geo.box_of(a2)
    if {ka, kb} == {0, 1} and geo.box_of(b1) == box and box not in (geo.box_of(a1), geo.box_of(b2)):
        return "two_string_kite"
    return "turbot_fish"


def _chains(view: View, digit: Digit) -> Iterator[tuple[Link, Link]]:
    """Every ``a1 = a2 - b1 = b2`` of one digit: two strong links whose inner ends see each other."""
    seeing = _peer_bits(view.size)
    links = conjugate_pairs(view, digit)
    for i, (x, y, ux) in enumerate(links):
        for u, v, uv in links[i + 1:]:
            for a1, a2 in ((x, y), (y, x)):
                for b1, b2 in ((u, v), (v, u)):
                    if seeing[a2] >> b1 & 1 and len({a1, a2, b1, b2}) == 4:
                        yield (a1, a2, ux), (b1, b2, uv)


@cache
def _peer_bits(size: int) -> tuple[int, ...]:
    """Per cell, its peers as a bitset."""
    return tuple(sum(1 << p for p in peers) for peers in geometry(size).peers)


def _kind(size: int, units: tuple[int, ...]) -> int:
    """Where a strong link lies: 0 in a row, 1 in a column, 2 only in a box."""
    return min(u // size for u in units)


@cache
def _unit_bits(size: int) -> tuple[int, ...]:
    """Per unit, its cells as a bitset."""
    return tuple(bits_of(cells) for cells in geometry(size).units)


def _crosses(view: View, cells: list[Cell], bits: int) -> Iterator[tuple[int, int]]:
    """The (row, column) units of a box whose union holds all its ``cells`` (two or more; ``bits``: them)."""
    geo, unit_bits = view.geometry, _unit_bits(view.size)
    if len(cells) < 2:
        return
    rows = {geo.cell_units[c][0] for c in cells}
    cols = {geo.cell_units[c][1] for c in cells}
    for row in rows:
        for col in cols:
            if not bits & ~(unit_bits[row] | unit_bits[col]):
                yield row, col


def _meeting(view: View, row: int, col: int) -> Cell:
    """The cell where a row unit and a column unit meet."""
    return row * view.size + col - view.size


def _name(view: View, cell: Cell) -> str:
    return cells_text((cell,), view.size)


def _step(view: View, name: str, digit: Digit, eliminations: tuple[Candidate, ...], pattern: str,
          cells: Iterable[Cell], chain: tuple[ChainLink, ...] = ()) -> Step:
    return Step(name, view.size, (digit,), eliminations=eliminations, cells=tuple(cells), pattern=pattern, chain=chain)

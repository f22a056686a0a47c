"""Remote pairs, nice loops, AICs and forcing chains as HoDoKu finds them (its own searches).

Remote pairs: sudokit's own remote pair (``techniques/chains.py``) takes a whole cluster of cells
holding one pair; HoDoKu walks simple paths of such cells instead and takes what one path proves:

- a path starts at any cell holding only the pair, with either digit first, and goes from cell to
  a cell it sees that holds the same pair (its row, column, then box, cells in order; a box cell
  in the same row or column is reached through that line), visiting no cell twice, at most ten cells;
- a path of an even number of cells, four or more, is looked at when some cell holding the first
  digit sees both its ends; it removes both digits from every cell seeing two of its cells of
  opposite parity (an odd number of steps apart, three or more);
- of the paths removing the same candidates the shortest is kept, and HoDoKu takes the step that
  removes the most, then the one whose removals come first (``hodoku.preference``).

Nice loops and AICs (plain and grouped): sudokit's finders keep the shortest chain per conclusion;
HoDoKu fills a table per candidate said true and per candidate said false with everything it
implies, breadth first, and reads its loops and AICs off those tables, one chain per fact reached
(``_table_loops``), and its forcing chains too (``forcing_chains``). So it misses some chains
sudokit finds and finds some it does not; the mode takes HoDoKu's (``hodoku.OWN_FINDERS``).
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache, cmp_to_key
from itertools import pairwise

from sudokit.models.candidates import digits_of
from sudokit.models.graph import CellNode, GroupNode, bits_of, cells_name, cells_of, peer_bits
from sudokit.models.grid import Cell, cell_name, geometry, symbol
from sudokit.solvers.human.steps import Candidate, ChainLink, Step
from sudokit.solvers.human.view import View

MAX_CELLS = 10


def remote_pairs(view: View) -> Iterator[Step]:
    """Each set of removals HoDoKu's remote-pair paths prove, with the shortest path proving it."""
    found: dict[frozenset[Candidate], tuple[Cell, ...]] = {}
    for start in view.bivalue:
        pair = view.marks[start]
        first, second = digits_of(pair)
        for digit in (first, second):
            if any(digit in view.digits(c) for c in view.geometry.peers[start]):
                _walk(view, pair, digit, [start], found)
    for removed, path in found.items():
        a, b = digits_of(view.marks[path[0]])
        text = f"{symbol(a)}/{symbol(b)} " + ",".join(cell_name(c, view.size) for c in path)
        yield Step("remote_pair", view.size, (a, b), eliminations=tuple(sorted(removed)), cells=path, pattern=text,
                   length=2 * len(path))


def _walk(view: View, pair: int, digit: int, path: list[Cell], found: dict[frozenset[Candidate], tuple[Cell, ...]]) -> None:
    marks = view.marks
    if len(path) % 2 == 0 and len(path) >= 4 and _sees_both_ends(view, digit, path):
        removed = _removals(view, pair, path)
        if removed and (removed not in found or len(found[removed]) > len(path)):
            found[removed] = tuple(path)
    if len(path) == MAX_CELLS:
        return
    here = path[-1]
    row, column, _ = view.geometry.cell_units[here]
    for unit in view.geometry.cell_units[here]:
        for cell in view.geometry.units[unit]:
            if cell == here or marks[cell] != pair or cell in path:
                continue
            if unit >= 2 * view.size and (row in view.geometry.cell_units[cell] or column in view.geometry.cell_units[cell]):
                continue  # reached through the shared line
            path.append(cell)
            _walk(view, pair, digit, path, found)
            path.pop()


def _sees_both_ends(view: View, digit: int, path: list[Cell]) -> bool:
    peers = view.geometry.peers
    return any(view.has(c, digit) for c in peers[path[0]] & peers[path[-1]])


def _removals(view: View, pair: int, path: list[Cell]) -> frozenset[Candidate]:
    """Both digits out of every cell seeing two cells of the path an odd number (3+) of steps apart."""
    peers = view.geometry.peers
    removed: set[Candidate] = set()
    for i, one in enumerate(path):
        for other in path[i + 3::2]:
            for cell in peers[one] & peers[other]:
                removed |= {(cell, d) for d in digits_of(view.marks[cell] & pair)}
    return frozenset(removed)


# ---- nice loops and AICs as HoDoKu's tables find them


class _Tables:
    """What each fact implies directly, as HoDoKu's implication tables hold it.

    A fact is a node (a candidate, or a group: one digit's candidates in a box-line intersection)
    said true or false, numbered ``2 * node + truth``; candidates are numbered cell by cell, digit by
    digit, groups after them (rows' groups, then columns', each line's digits and boxes in order).
    ``direct[fact]`` lists, in HoDoKu's order, the facts it implies by one link: a true candidate
    makes its cell's other digits false, then its digit false in its row, column and box; a false
    one makes its cell's other digit true when the cell has two, and its digit true where a unit has
    only one other place; a group's facts (and candidates' facts about groups, after theirs) follow
    the same rules with the group's cells seen together.
    """

    def __init__(self, view: View, groups: bool):
        size, geometry, marks, holding = view.size, view.geometry, view.marks, view.holding
        self.size = size
        self.nodes: list[tuple[tuple[Cell, ...], int]] = [((c,), d) for c in range(size * size)
                                                           for d in range(1, size + 1)]
        self.direct: list[list[int]] = [[] for _ in range(2 * len(self.nodes))]
        direct = self.direct
        units = _units_bits(size)
        count = [[(held & unit).bit_count() for held in holding] for unit in units]
        for cell, mask in enumerate(marks):
            if not mask:
                continue
            digits = digits_of(mask)
            for d in digits:
                on, off = direct[2 * self.candidate(cell, d) + 1], direct[2 * self.candidate(cell, d)]
                on += [2 * self.candidate(cell, e) for e in digits if e != d]
                if len(digits) == 2:
                    off.append(2 * self.candidate(cell, digits[0] + digits[1] - d) + 1)
                for unit in geometry.cell_units[cell]:
                    if count[unit][d] < 2:
                        continue
                    others = [c for c in geometry.units[unit] if c != cell and marks[c] >> (d - 1) & 1]
                    on += [fact for c in others if (fact := 2 * self.candidate(c, d)) not in on]
                    if count[unit][d] == 2 and (fact := 2 * self.candidate(others[0], d) + 1) not in off:
                        off.append(fact)
        if groups:
            self._add_groups(view)
        self.reach = [bits_of(facts) for facts in self.direct]  # each fact's direct list as a bitset
        self.searched: dict[int, tuple[list[int], dict[int, int]]] = {}

    def candidate(self, cell: Cell, digit: int) -> int:
        return cell * self.size + digit - 1

    def _add_groups(self, view: View) -> None:
        size, holding = view.size, view.holding
        units = _units_bits(size)
        found: list[tuple[tuple[Cell, ...], int, int, int]] = []  # cells, digit, line unit, box unit
        for line in range(2 * size):
            for d in range(1, size + 1):
                if not holding[d] & units[line]:
                    continue
                for box in range(2 * size, 3 * size):
                    cells = tuple(cells_of(holding[d] & units[line] & units[box]))
                    if len(cells) >= 2:
                        found.append((cells, d, line, box))
        first = len(self.nodes)
        self.nodes += [(cells, d) for cells, d, _, _ in found]
        self.direct += [[] for _ in range(2 * len(found))]
        direct, peers = self.direct, peer_bits(size)
        where = [bits_of(cells) for cells, _, _, _ in found]
        of_digit: dict[int, list[int]] = {}
        for j, (_, d, _, _) in enumerate(found):
            of_digit.setdefault(d, []).append(j)
        for i, (cells, d, line, box) in enumerate(found):
            on, off = direct[2 * (first + i) + 1], direct[2 * (first + i)]
            sees = -1
            for c in cells:
                sees &= peers[c]
            if visible := holding[d] & sees:
                for c in cells_of(visible):
                    on.append(2 * self.candidate(c, d))
                    direct[2 * self.candidate(c, d) + 1].append(2 * (first + i))
                for unit in (box, line):
                    if (alone := visible & units[unit]).bit_count() == 1:
                        c = alone.bit_length() - 1
                        off.append(2 * self.candidate(c, d) + 1)
                        direct[2 * self.candidate(c, d)].append(2 * (first + i) + 1)
            shared: dict[int, list[int]] = {line: [], box: []}  # per unit: the other groups in it
            for j in of_digit[d]:
                if j != i and not where[i] & where[j]:
                    for unit in found[j][2:]:
                        if unit in shared:
                            shared[unit].append(j)
                            on.append(2 * (first + j))
            for unit in (line, box):  # the only other group of a unit with no other place: true
                if len(shared[unit]) == 1:
                    j = shared[unit][0]
                    if not holding[d] & units[unit] & ~where[i] & ~where[j]:
                        off.append(2 * (first + j) + 1)

    def search(self, premise: int) -> tuple[list[int], dict[int, int]]:
        """The facts the premise implies, breadth first (HoDoKu's table for it: at most
        ``TABLE_SIZE`` entries), each with the fact it was first reached from (kept)."""
        if premise not in self.searched:
            self.searched[premise] = self._search(premise)
        return self.searched[premise]

    def _search(self, premise: int) -> tuple[list[int], dict[int, int]]:
        direct, reach = self.direct, self.reach
        order = [premise]
        parent = {premise: -1}
        seen = 1 << premise
        for here in order:  # (the list grows as it is read)
            if reach[here] & ~seen:
                for fact in direct[here]:
                    if fact not in parent:
                        parent[fact] = here
                        order.append(fact)
                seen |= reach[here]
                if len(order) >= TABLE_SIZE:
                    break
        return order[:TABLE_SIZE], parent


TABLE_SIZE = 1000  # HoDoKu's table holds this many entries


def _plain_tables(view: View) -> _Tables:
    return _Tables(view, groups=False)


def _grouped_tables(view: View) -> _Tables:
    """The tables with groups: the grouped loops and the forcing chains of a state share them."""
    return _Tables(view, groups=True)


@cache
def _units_bits(size: int) -> tuple[int, ...]:
    return tuple(bits_of(cells) for cells in geometry(size).units)


@dataclass
class _Loop:
    """A nice loop or AIC HoDoKu's tables prove: its kind, removals (HoDoKu counts a candidate two
    links remove twice), its chain of facts from the premise."""

    kind: str
    removed: list[Candidate]
    chain: list[int]

    def key(self) -> tuple[str, tuple[Candidate, ...]]:
        return self.kind, tuple(sorted(self.removed, key=lambda c: (c[1], c[0])))


def nice_loops(view: View) -> Iterator[Step]:
    """Nice loops and AICs on candidates as HoDoKu finds them, best first (``_compare``)."""
    return _table_loops(view, groups=False)


def grouped_nice_loops(view: View) -> Iterator[Step]:
    """Nice loops and AICs with groups too, as HoDoKu finds them, best first (any loop it finds,
    grouped or not, as its grouped search takes them)."""
    return _table_loops(view, groups=True)


def _table_loops(view: View, groups: bool) -> Iterator[Step]:
    """HoDoKu's tabling search for loops and AICs.

    Each candidate said true, then each said false (cell by cell, digit by digit), is followed
    breadth first through the facts it implies (``_Tables.search``); the chain to a fact is the path
    of first discoveries. A loop is a chain from the premise back to a fact about its own cell, more
    than one link long, whose first and last links leave and enter the cell from outside and that
    passes no other cell twice (``_chain``); what it removes depends on the premise's truth and the
    end's (``_loop``). An AIC is a chain from a candidate said false to another cell's candidate
    said true, more than one link long, not passing its start's cell again: with one digit it
    removes that digit from two or more cells seeing both ends, with two (its ends seeing each
    other) each end's digit from the other end. Of the chains of one kind removing the same
    candidates the first shortest is kept (a shorter one found later is added beside it).
    """
    tables = view.shared(_grouped_tables if groups else _plain_tables)
    marks, holding, size = view.marks, view.holding, view.size
    peers = peer_bits(size)
    found: list[_Loop] = []
    kept: dict[tuple[str, tuple[Candidate, ...]], int] = {}

    def offer(loop: _Loop) -> None:
        key = loop.key()
        if key in kept and len(found[kept[key]].chain) <= len(loop.chain):
            return
        kept[key] = len(found)
        found.append(loop)

    premises = [2 * tables.candidate(c, d) + truth for truth in (1, 0)
                for c in range(size * size) for d in digits_of(marks[c])]
    searched = {p: tables.search(p) for p in premises}
    cand_count = size ** 3
    for premise in premises:
        order, parent = searched[premise]
        start = premise >> 1
        cell = start // size
        for fact in order[1:]:
            if (fact >> 1 < cand_count and (fact >> 1) // size == cell and parent[fact] != premise
                    and (loop := _loop(tables, view, _path(parent, fact))) is not None):
                offer(loop)
    for premise in premises:
        if premise & 1:
            continue
        order, parent = searched[premise]
        start, digit = divmod(premise >> 1, size)
        for fact in order[1:]:
            node = fact >> 1
            if not fact & 1 or node >= cand_count or node // size == start:
                continue
            end, other = divmod(node, size)
            if other == digit:
                common = peers[start] & peers[end] & holding[digit + 1]
                if common.bit_count() < 2:
                    continue
                removed = [(c, digit + 1) for c in cells_of(common)]
            elif peers[start] >> end & 1 and marks[end] >> digit & 1 and marks[start] >> other & 1:
                removed = [(start, other + 1), (end, digit + 1)]
            else:
                continue
            if parent[fact] == premise:
                continue
            chain = _path(parent, fact)
            if _chain(tables, chain, aic=True) is not None:
                offer(_Loop(_grouped(tables, chain, "aic"), removed, chain))
    for loop in sorted(found, key=cmp_to_key(_compare)):
        yield _loop_step(tables, view, loop)


def _path(parent: dict[int, int], fact: int) -> list[int]:
    path = [fact]
    while (fact := parent[fact]) >= 0:
        path.append(fact)
    return path[::-1]


def _chain(tables: _Tables, chain: list[int], aic: bool) -> int | None:
    """The cells of a chain (a bitset), or None for a lasso: a node whose cell an earlier node
    other than the one just before it holds (a loop may come back to its start's cell); a loop's
    last link must not lie inside its start's cell."""
    nodes = tables.nodes
    if not aic and nodes[chain[-1] >> 1][0][0] == nodes[chain[-2] >> 1][0][0]:
        return None
    home = nodes[chain[0] >> 1][0][0]
    passed = everything = 0
    last: tuple[Cell, ...] = ()
    for fact in chain:
        cells = nodes[fact >> 1][0]
        if passed >> cells[0] & 1:
            return None
        if last and (aic or last[0] != home):
            passed |= bits_of(last)
        last = cells
        everything |= bits_of(cells)
    return everything


def _loop(tables: _Tables, view: View, chain: list[int]) -> _Loop | None:
    """The nice loop a chain from a premise back to its own cell makes, if any (HoDoKu's kinds)."""
    nodes, marks = tables.nodes, view.marks
    if (cells := _chain(tables, chain, aic=False)) is None:
        return None
    home = nodes[chain[0] >> 1][0][0]
    if nodes[chain[1] >> 1][0][0] == home:
        return None  # the first link must leave the start's cell
    first_strong, last_strong = not chain[0] & 1, bool(chain[-1] & 1)
    start, end = nodes[chain[0] >> 1][1], nodes[chain[-1] >> 1][1]
    removed: list[Candidate]
    kind = "discontinuous_nice_loop"
    if not first_strong and not last_strong and start == end:
        removed = [(home, start)]
    elif first_strong and last_strong and start == end:
        removed = [(home, d) for d in digits_of(marks[home]) if d != start]
    elif first_strong != last_strong and start != end:
        removed = [(home, end if first_strong else start)]
    elif ((not first_strong and not last_strong and marks[home].bit_count() == 2)
          or (first_strong and last_strong) or first_strong != last_strong):
        kind = "continuous_nice_loop"
        removed = _continuous(tables, view, chain, cells, first_strong and last_strong)
    else:
        return None
    if not removed:
        return None
    return _Loop(_grouped(tables, chain, kind), removed, chain)


def _continuous(tables: _Tables, view: View, chain: list[int], on_loop: int, closed_strong: bool) -> list[Candidate]:
    """What a continuous loop removes, in HoDoKu's order along the chain: a cell entered and left
    by strong links keeps only those two digits; a weak link between cells removes its digit from
    every cell (off the loop) seeing both its ends."""
    nodes, marks, holding = tables.nodes, view.marks, view.holding
    peers = peer_bits(view.size)
    home = nodes[chain[0] >> 1][0][0]
    removed: list[Candidate] = []
    last = len(chain) - 1
    for i, fact in enumerate(chain):
        cells, digit = nodes[fact >> 1]
        if i == 0 and closed_strong:
            keep = {digit, nodes[chain[-1] >> 1][1]}
            removed += [(cells[0], d) for d in digits_of(marks[cells[0]]) if d not in keep]
        elif (i > 0 and fact & 1 and i <= last - 2 and nodes[chain[i - 1] >> 1][0][0] != cells[0]
              and not chain[i + 1] & 1 and nodes[chain[i + 1] >> 1][0][0] == cells[0]
              and chain[i + 2] & 1 and nodes[chain[i + 2] >> 1][0][0] != cells[0]):
            keep = {digit, nodes[chain[i + 2] >> 1][1]}
            removed += [(cells[0], d) for d in digits_of(marks[cells[0]]) if d not in keep]
        if i > 0 and not fact & 1 and nodes[chain[i - 1] >> 1][0][0] != cells[0]:
            seen = -1
            for c in (*nodes[chain[i - 1] >> 1][0], *cells):
                seen &= peers[c]
            removed += [(c, digit) for c in cells_of(seen & ~on_loop & ~(1 << home) & holding[digit])]
    return removed


def _grouped(tables: _Tables, chain: list[int], kind: str) -> str:
    """The kind, grouped when the chain uses a group."""
    return f"grouped_{kind}" if any(len(tables.nodes[fact >> 1][0]) > 1 for fact in chain) else kind


def _compare(one: _Loop, other: _Loop) -> int:
    """HoDoKu's order of steps (its comparison, applied to a list in the order found): most
    removals first (a candidate removed twice counted twice); then, unless both are of one kind
    and remove the same candidates, by where the removals lie (``_where``); else the shorter chain."""
    if len(one.removed) != len(other.removed):
        return len(other.removed) - len(one.removed)
    if one.kind != other.kind or set(one.removed) != set(other.removed):
        return _where(one.removed) - _where(other.removed)
    return len(one.chain) - len(other.chain)


def _where(removed: list[Candidate]) -> int:
    """HoDoKu's weighted sum of removals taken digit by digit (``hodoku.preference``'s)."""
    ordered = sorted(removed, key=lambda c: (c[1], c[0]))
    return sum(cell * (1 + 80 * i) + digit for i, (cell, digit) in enumerate(ordered))


def _loop_step(tables: _Tables, view: View, loop: _Loop) -> Step:
    """A loop's step: its removals, its chain of nodes and links (strong into a true fact)."""
    size = view.size
    nodes = [_node(tables, fact) for fact in loop.chain]
    links = tuple(ChainLink(a, b, bool(fact & 1)) for a, b, fact in zip(nodes, nodes[1:], loop.chain[1:]))
    if loop.kind.endswith("continuous_nice_loop") and "discontinuous" not in loop.kind:
        links += (ChainLink(nodes[-1], nodes[0], not loop.chain[0] & 1),)
    parts = [cells_name(nodes[0].cells, size)]
    for a, b, fact in zip(nodes, nodes[1:], loop.chain[1:]):
        if a.cells != b.cells:
            link = "=" if fact & 1 else "-"
            parts.append(f"{link}{symbol(a.digit)}{link} {cells_name(b.cells, size)}")
    removed = tuple(sorted(set(loop.removed)))
    return Step(loop.kind, size, tuple(sorted({d for _, d in removed})), eliminations=removed,
                pattern=" ".join(parts), length=len(loop.chain), chain=links)


def _node(tables: _Tables, fact: int) -> CellNode | GroupNode:
    cells, digit = tables.nodes[fact >> 1]
    return CellNode(cells[0], digit) if len(cells) == 1 else GroupNode(cells, digit)


# ---- forcing chains as HoDoKu's tables find them


@dataclass
class _Forcing:
    """A forcing chain HoDoKu's tables prove: its kind, what it places or removes, its chains."""

    kind: str
    placed: tuple[Candidate, ...]
    removed: tuple[Candidate, ...]
    chains: list[list[int]]

    @property
    def length(self) -> int:
        return sum(len(chain) for chain in self.chains)


class _Reached:
    """What one premise's table holds: its facts breadth first, where each came from, and the cells
    of each digit it makes true and false (bitsets; candidates only)."""

    def __init__(self, tables: _Tables, premise: int):
        self.premise = premise
        self.order, self.parent = tables.search(premise)
        size, nodes = tables.size, tables.nodes
        self.on, self.off = [0] * (size + 1), [0] * (size + 1)
        count = size ** 3
        for fact in self.order:
            if fact >> 1 < count:
                cell, digit = nodes[fact >> 1][0][0], nodes[fact >> 1][1]
                (self.on if fact & 1 else self.off)[digit] |= 1 << cell

    def chain(self, tables: _Tables, cell: Cell, digit: int, true: bool) -> list[int]:
        return _path(self.parent, 2 * tables.candidate(cell, digit) + true)


def forcing_chains(view: View) -> Iterator[Step]:
    """Forcing chains as HoDoKu's tables prove them (groups as nodes), best first (``_compare_forcing``).

    Per candidate, in order, its table said true, then said false, is looked at for a
    contradiction, which removes the candidate (said true) or places it (said false): the premise's
    own opposite reached; a candidate reached both true and false, or two digits true in one cell
    (the first such cell only); a digit true twice in a unit; a cell left with no candidate; a unit
    where every cell the placed digits leave open for a digit loses it. Then verities: what a
    candidate's two tables both reach (outside its cell), what every candidate of a cell reaches,
    and what every place of a digit in a unit reaches. Of the steps of one kind and conclusion the
    first is kept, replaced by a shorter one where found later; a chain is the path of first
    discoveries from its premise, and a step's length the sum of its chains'.
    """
    tables = view.shared(_grouped_tables)  # the grouped loops' tables, when they were searched here
    size, marks, values, holding = view.size, view.marks, view.values, view.holding
    units = _units_bits(size)
    found: list[_Forcing] = []
    kept: dict[tuple, int] = {}

    def offer(step: _Forcing) -> None:
        key = (step.kind, tuple(sorted(step.removed, key=lambda c: (c[1], c[0]))), tuple(sorted(step.placed)))
        if key in kept:
            if found[kept[key]].length > step.length:
                found[kept[key]] = step
            return
        kept[key] = len(found)
        found.append(step)

    candidates = [(c, d) for c in range(size * size) for d in digits_of(marks[c])]
    tables_of = {(c, d, truth): _Reached(tables, 2 * tables.candidate(c, d) + truth)
                 for c, d in candidates for truth in (True, False)}
    open_cells = sum(1 << c for c in range(size * size) if not values[c])
    allowed = [open_cells] * (size + 1)  # per digit: the open cells no placed one sees
    peers = peer_bits(size)
    for c in range(size * size):
        if values[c]:
            allowed[values[c]] &= ~peers[c]
    for c, d in candidates:
        for truth in (True, False):
            for step in _contradictions(tables, view, tables_of[c, d, truth], c, d, truth, open_cells, allowed):
                offer(step)
    for c, d in candidates:
        both = (tables_of[c, d, True], tables_of[c, d, False])
        for true in (True, False):
            for digit in range(1, size + 1):
                sets = [(r.on if true else r.off)[digit] for r in both]
                for cell in cells_of(sets[0] & sets[1] & ~(1 << c)):
                    offer(_verity(tables, both, cell, digit, true))
    groups = [[tables_of[c, d, True] for d in digits_of(marks[c])] for c in range(size * size) if marks[c]]
    groups += [[tables_of[c, d, True] for c in cells_of(units[u] & holding[d])]
               for u in range(3 * size) for d in range(1, size + 1) if units[u] & holding[d]]
    for group in groups:
        for digit in range(1, size + 1):
            for true in (True, False):
                common = -1
                for r in group:
                    common &= (r.on if true else r.off)[digit]
                for cell in cells_of(common):
                    offer(_verity(tables, group, cell, digit, true))
    for step in sorted(found, key=cmp_to_key(_compare_forcing)):
        links = tuple(ChainLink(_node(tables, a), _node(tables, b), bool(b & 1))
                      for chain in step.chains for a, b in pairwise(chain))
        yield Step(step.kind, size, tuple(sorted({d for _, d in step.placed + step.removed})),
                   placements=step.placed, eliminations=step.removed, length=step.length, chain=links)


def _verity(tables: _Tables, group: Sequence[_Reached], cell: Cell, digit: int, true: bool) -> _Forcing:
    conclusion = ((cell, digit),)
    return _Forcing("forcing_chain_verity", conclusion if true else (), () if true else conclusion,
                    [r.chain(tables, cell, digit, true) for r in group])


def _contradictions(tables: _Tables, view: View, reached: _Reached, cell: Cell, digit: int, true: bool,
                    open_cells: int, allowed: list[int]) -> Iterator[_Forcing]:
    """The contradictions one premise's table holds, in HoDoKu's order of checks (``allowed``: per
    digit, the open cells no placed one sees)."""
    size, marks, holding = view.size, view.marks, view.holding
    units = _units_bits(size)
    on, off = reached.on, reached.off
    premise = ((cell, digit),)

    def step(*chains: tuple[Cell, int, bool]) -> _Forcing:
        return _Forcing("forcing_chain_contradiction", () if true else premise, premise if true else (),
                        [reached.chain(tables, c, d, t) for c, d, t in chains])

    if (off if true else on)[digit] >> cell & 1:
        yield step((cell, digit, not true))
    for d in range(1, size + 1):
        if both := on[d] & off[d]:
            first = (both & -both).bit_length() - 1
            yield step((first, d, False), (first, d, True))
    holds = [d for d in range(1, size + 1) if on[d]]
    for i, d in enumerate(holds):
        for e in holds[i + 1:]:
            if both := on[d] & on[e]:
                first = (both & -both).bit_length() - 1
                yield step((first, d, True), (first, e, True))
    for kind in range(3):  # rows, columns, boxes
        for d in holds:
            if on[d].bit_count() > 1:
                for u in range(kind * size, (kind + 1) * size):
                    if (twice := units[u] & on[d]).bit_count() > 1:
                        yield step(*((c, d, True) for c in cells_of(twice)))
    empty = open_cells
    for d in range(1, size + 1):
        empty &= (off[d] | ~holding[d]) & ~on[d]
    for c in cells_of(empty):
        yield step(*((c, d, False) for d in digits_of(marks[c])))
    for kind in range(3):
        for d in range(1, size + 1):
            if off[d]:
                for u in range(kind * size, (kind + 1) * size):
                    if (places := units[u] & allowed[d]) and not places & ~off[d]:
                        yield step(*((c, d, False) for c in cells_of(places)))


def _compare_forcing(one: _Forcing, other: _Forcing) -> int:
    """HoDoKu's order of forcing chains (its comparison, applied to the list as found): placements
    first, the most first, then by cells (equal sums: the later first, as HoDoKu's comparison says);
    removals, the most first, then by candidates digit by digit; the shorter chains."""
    if bool(one.placed) != bool(other.placed):
        return -1 if one.placed else 1
    same_kind = one.kind == other.kind
    if one.placed:
        if len(one.placed) != len(other.placed):
            return len(other.placed) - len(one.placed)
        if not (same_kind and {c for c, _ in one.placed} == {c for c, _ in other.placed}):
            first, second = sum(c for c, _ in one.placed), sum(c for c, _ in other.placed)
            return 1 if first == second else first - second
        return one.length - other.length
    if len(one.removed) != len(other.removed):
        return len(other.removed) - len(one.removed)
    if not (same_kind and set(one.removed) == set(other.removed)):
        for a, b in zip(sorted(one.removed, key=lambda c: (c[1], c[0])), sorted(other.removed, key=lambda c: (c[1], c[0]))):
            if a != b:
                return (a[0] * 10 + a[1]) - (b[0] * 10 + b[1])
    return one.length - other.length

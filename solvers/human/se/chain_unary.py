"""SE's "Forcing Chains & Cycles": bidirectional X-, Y- and XY-cycles and forcing (X-)chains.

From each candidate of each unsolved cell (row by row), three searches in turn over the whole
grid: X-links only (X-cycles 6.5, forcing X-chains 6.6), Y-links only (Y-cycles 6.5, from
bivalue cells only), both (bidirectional cycles 7.0, forcing chains 7.0); plus the length bonus.

- a cycle: a breadth-first walk from "r c = d" that comes back to it after at least two on→off→on
  rounds; it removes each candidate (outside the cycle's cells) that sees an "on" and an "off"
  potential of its digit on the cycle;
- a forcing chain: from "d on" reaching "d off" (d removed), or from "d off" reaching "d on"
  (d placed).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from sudokit.models.graph import cells_of
from sudokit.solvers.human.se.chain_core import (
    BITS,
    PEER_BITS,
    Pot,
    digit_cells,
)
from sudokit.solvers.human.se.chain_hints import (
    ALONE,
    CANDIDATE,
    PLACE,
    ChainHint,
    LineHint,
    cycle_pattern,
    extended,
    forcing_pattern,
    reversed_cycle,
)
from sudokit.solvers.human.se.chain_static import StaticLinks, static_links

# (technique, base, SE's kind order) of the cycles and forcing chains, by links used (y, x)
CYCLE = {(False, True): ("se_x_cycle", 6.5, 2), (True, False): ("se_y_cycle", 6.5, 3),
         (True, True): ("se_bidirectional_cycle", 7.0, 4)}
FORCING = {(False, True): ("se_forcing_x_chain", 6.6, 2), (True, True): ("se_forcing_chain", 7.0, 4)}


Walk = Callable[[tuple[int, ...], bool, list[int]], dict[int, list[int]]]
# (grid, with Y-links, sources) -> per source from which it walks a forcing chain, in order, the
# chain's potentials after it as a flat line (key, cause, key, cause, …) (``Screen.forcing``)
CycleWalk = Callable[[tuple[int, ...], bool, bool, list[int]], list[list[tuple[list[int], tuple[tuple[int, int], ...]]]]]
# (grid, with Y-links, with X-links, starts) -> per start, its cycles that remove something: their
# potentials after it as a flat line, what they remove (``Screen.cycles``)
Starts = tuple[frozenset[int], dict[int, frozenset[int]], dict[tuple[bool, bool], set[int]]]
# the potentials a forcing chain's walk starts from (they reach their own negation), per cycle start
# its strongly connected group, per kind of links (Y, X) the cycles' starts ("on" keys)


def starts(marks: list[int], grid: tuple[int, ...] | None = None) -> Starts:
    """Where ``unary_hints`` walks from, read from the grid's XY-links (``grid``: ``tuple(marks)``)."""
    bound = static_links(marks, True, True, grid)
    cycles = bound.cycles()
    return bound.returning(), cycles, _cycle_starts(marks, cycles, bound.digit_cells)


def unary_hints(marks: list[int], known: Starts | None = None, walk: Walk | None = None,
                cycle_walk: CycleWalk | None = None) -> list[ChainHint]:
    """Every cycle and forcing chain hint, in SE's gathering order (X, then Y, then XY searches);
    a walk that cannot come back to its start, or only by a cycle that removes nothing (the grid's
    links say so: ``starts``, unless ``known``), is not walked. The Y and X searches are pruned with
    the XY links (what X- or Y-links reach, XY-links reach). ``walk`` and ``cycle_walk``, when
    given, walk the forcing chains and the cycles (``chain_screen``'s: the same walks, compiled)."""
    hints: list[ChainHint] = []
    grid = tuple(marks)
    returning, cycles, starts_of = known if known is not None else starts(marks, grid)
    sources = {key >> 1 for key in returning}  # the candidates a forcing chain can start from
    have: list[int] | None = None  # per digit, its cells (bits), once a cycle needs them
    for y_links, x_links in ((False, True), (True, False), (True, True)):
        may_cycle = starts_of[y_links, x_links]
        forcing = sources if x_links else set()
        cands = [cand for cand in sorted({key >> 1 for key in may_cycle} | forcing)  # by cell, then digit
                 if marks[cand // 9].bit_count() >= 2 and (x_links or marks[cand // 9].bit_count() == 2)]
        if not cands:
            continue
        links = static_links(marks, y_links, x_links, grid) if walk is None or (may_cycle and not cycle_walk) else None
        walked: dict[int, list[int]] = {}
        if walk is not None and forcing:
            walked = walk(grid, y_links, [source for cand in cands if cand in forcing
                                          for source in (cand * 2 + 1, cand * 2) if source in returning])
        if cycle_walk is not None and may_cycle:
            cycle_starts = [cand * 2 + 1 for cand in cands if cand * 2 + 1 in may_cycle]
            looped = dict(zip(cycle_starts, cycle_walk(grid, y_links, x_links, cycle_starts), strict=True))
        if walk is not None and links is None:  # every walk compiled
            hints += _line_hints(marks, walked, looped if may_cycle else {}, y_links, x_links)
            continue
        for cand in cands:
            key = cand * 2 + 1
            if key in may_cycle:
                if cycle_walk is not None:  # (the potentials made only when read)
                    hints.extend(_cycle_line_hint(removable, key, line, y_links, x_links)
                                 for line, removable in looped[key])
                else:
                    assert links is not None
                    if have is None:
                        have = digit_cells(marks)
                    hints.extend(_cycle_hint(removable, end, y_links, x_links)
                                 for end in _cycles(links, Pot(key), cycles[key])
                                 if (removable := _cycle_removals(have, [p.key for p in _line(end)])))
            if cand in forcing:
                if walk is None:
                    assert links is not None
                    hints.extend(_forcing_hint(marks, target, y_links)
                                 for target in _forcing_chains(links, key, returning))
                else:
                    hints.extend(_forcing_line_hint(marks, source, line, y_links) for source in (key, key - 1)
                                 if (line := walked.get(source)))
    return hints


def _line_hints(marks: list[int], walked: dict[int, list[int]],
                looped: dict[int, list[tuple[list[int], tuple[tuple[int, int], ...]]]], y_links: bool,
                x_links: bool) -> list[ChainHint]:
    """The hints of the compiled walks' forcing chains (``walked``: per source, in order) and
    cycles (``looped``: per start), as ``unary_hints`` gathers them: by candidate, its cycles, then
    its forcing chains (from its "on", then its "off"); the potentials made only when read."""
    cycled = {key >> 1: found for key, found in looped.items() if found}
    if not cycled:
        return [_forcing_line_hint(marks, source, line, y_links) for source, line in walked.items()]
    hints: list[ChainHint] = []
    for cand in sorted(cycled.keys() | {source >> 1 for source in walked}):
        key = cand * 2 + 1
        hints.extend(_cycle_line_hint(removable, key, line, y_links, x_links) for line, removable in cycled.get(cand, ()))
        hints.extend(_forcing_line_hint(marks, source, walked[source], y_links) for source in (key, key - 1)
                     if source in walked)
    return hints


def _cycle_starts(marks: list[int], cycles: dict[int, frozenset[int]],
                  have: list[int]) -> dict[tuple[bool, bool], set[int]]:
    """Per kind of links (Y, X), the "on" potentials a walk from which may come back to them with a
    cycle that removes something: their strongly connected group (with X- and Y-links together,
    ``cycles``) must hold another "on" the walk can reach first (of the same digit by X-links
    alone, in a bivalue cell by Y-links alone), and a candidate (``have``: as ``digit_cells``) must
    see an "on" and an "off" of its digit in the group (``_may_remove``)."""
    found: dict[tuple[bool, bool], set[int]] = {(False, True): set(), (True, False): set(), (True, True): set()}
    seen: set[int] = set()
    for within in cycles.values():
        if id(within) in seen:
            continue
        seen.add(id(within))
        ons = [key for key in within if key & 1]
        if len(ons) < 2 or not _may_remove(within, have):
            continue
        found[True, True].update(ons)
        by_digit: dict[int, list[int]] = {}
        for key in ons:
            by_digit.setdefault((key >> 1) % 9, []).append(key)
        for same in by_digit.values():
            if len(same) > 1:
                found[False, True].update(same)
        bivalue = [key for key in ons if marks[(key >> 1) // 9].bit_count() == 2]
        if len(bivalue) > 1:
            found[True, False].update(bivalue)
    return found


def _may_remove(within: frozenset[int], have: list[int]) -> bool:
    """Whether a cycle inside the group ``within`` can remove anything: a cycle's potentials all lie
    in its start's group (its walk keeps to it), and it removes a candidate that sees an "on" and an
    "off" of its digit on the cycle (``_cycle_removals``), so such a candidate must see both in the group.
    (86 % of the grids a nested chain reduces have no group that passes, and no forcing chain: the
    walks are not taken there.)"""
    return any(_seeing_both(within, have))


def _seeing_both(keys: Iterable[int], have: list[int]) -> list[int]:
    """Per digit, the cells holding it (``have``: as ``digit_cells``) that see an "on" and an "off"
    of it among the potentials ``keys``, as bits."""
    on, off = [0] * 9, [0] * 9
    for key in keys:
        cell, d0 = divmod(key >> 1, 9)
        if key & 1:
            on[d0] |= PEER_BITS[cell]
        else:
            off[d0] |= PEER_BITS[cell]
    return [have[d0] & on[d0] & off[d0] for d0 in range(9)]


def _cycles(links: StaticLinks, start: Pot, within: frozenset[int]) -> list[Pot]:
    """The ends of the cycles back to ``start`` (SE's walk: an "off" reached again by another way is
    walked again, unless it lies on its own way back; an "on", once). Potentials are kept as
    (key, cause, parent) tuples while walking; a cycle found becomes a chain of ``Pot``. The walk
    keeps to ``within`` (the keys of the start's strongly connected group), as a potential outside
    it cannot lead back: the potentials inside are reached in the same order, by the same parents."""
    root = (start.key, 0, None)
    to_on = {start.key}
    pending_on: list[tuple] = [root]
    ends: list[Pot] = []
    length = 0
    while pending_on:
        length += 2
        pending_off = []
        for p in pending_on:
            for key, cause in links.turned_off(p[0]):
                if key not in within:
                    continue
                q = p
                while q[2] is not None and q[2][0] != key:
                    q = q[2]
                if q[2] is None:  # not on its own way back
                    pending_off.append((key, cause, p))
        pending_on = []
        for p in pending_off:
            for key, cause in links.turned_on(p[0]):
                if length >= 4 and key == start.key:
                    ends.append(_as_chain((key, cause, p), start))
                if key not in to_on and key in within:
                    pending_on.append((key, cause, p))
                    to_on.add(key)
    return ends


def _as_chain(node: tuple, start: Pot) -> Pot:
    line = []
    while node[2] is not None:
        line.append(node)
        node = node[2]
    p = start
    for key, cause, _ in reversed(line):
        p = Pot(key, [p], cause)
    return p


def _forcing_chains(links: StaticLinks, key: int, returning: frozenset[int]) -> list[Pot]:
    """The forcing chains of "on" ``key``: "on" reaching its own "off", then "off" reaching its
    "on" (walked only from the ``returning`` potentials: the others cannot get there)."""
    found = (_forcing_target(links, Pot(source)) for source in (key, key - 1) if source in returning)
    return [target for target in found if target is not None]


def _forcing_target(links: StaticLinks, source: Pot) -> Pot | None:
    """The first potential of the source's candidate, negated, that the walk reaches (SE keeps the
    first and walks on in vain: nothing else can be found). Each potential is reached once, so the
    walk keeps (parent, cause) per key and builds the chain of the target alone."""
    goal = source.key ^ 1
    reached: dict[int, tuple[int, int]] = {source.key: (-1, 0)}
    frontier, on = [source.key], source.on
    while frontier:  # alternately what the "on" potentials turn off and the "off" ones turn on
        follow = links.turned_off if on else links.turned_on
        after: list[int] = []
        for p in frontier:
            for key, cause in follow(p):
                if key == goal:
                    reached[key] = (p, cause)
                    return _chain_to(key, reached, source)
                if key not in reached:
                    reached[key] = (p, cause)
                    after.append(key)
        frontier, on = after, not on
    return None


def _chain_to(key: int, reached: dict[int, tuple[int, int]], source: Pot) -> Pot:
    """The potentials from ``source`` to ``key``, each the parent of the next, ``key``'s last."""
    line = []
    while key != source.key:
        parent, cause = reached[key]
        line.append((key, cause))
        key = parent
    return extended(source, reversed(line))


def _line(end: Pot) -> list[Pot]:
    """A cycle's potentials from its end back, its start (the same candidate as its end) left out."""
    line: list[Pot] = []
    p = end
    while p.parents:
        line.append(p)
        p = p.parents[0]
    return line


def _cycle_removals(have: list[int], keys: list[int]) -> tuple[tuple[int, int], ...]:
    """What a cycle through ``keys`` removes: (cell, digit) outside its cells seeing an "on" and an
    "off" of the digit on it, sorted (``have``: per digit, its cells as bits)."""
    inside = 0
    for key in keys:
        inside |= 1 << (key >> 1) // 9
    seen = _seeing_both(keys, have)
    return tuple(sorted((cell, d0 + 1) for d0 in range(9) for cell in cells_of(seen[d0] & ~inside)))


def _cycle_hint(removable: tuple[tuple[int, int], ...], end: Pot, y_links: bool, x_links: bool) -> ChainHint:
    """The hint of the cycle ending at ``end``, which removes ``removable``."""
    technique, base, kind = CYCLE[(y_links, x_links)]
    pattern = cycle_pattern(q.key for q in reversed(_line(end)))
    return ChainHint(technique, base, kind, removable, [end], [end, reversed_cycle(end)], pattern=pattern)


def _cycle_line_hint(removable: tuple[tuple[int, int], ...], start: int, line: list[int], y_links: bool,
                     x_links: bool) -> ChainHint:
    """The hint of the cycle from "on" key ``start`` through ``line`` (a compiled walk's flat line),
    which removes ``removable``, its potentials (and pattern) made when read."""
    technique, base, kind = CYCLE[(y_links, x_links)]
    return LineHint(technique, base, kind, removable, start, line, True)


def _forcing_hint(marks: list[int], target: Pot, y_links: bool) -> ChainHint:
    """The hint of the forcing chain ending at ``target``."""
    start = target
    while start.parents:
        start = start.parents[0]
    technique, base, kind = FORCING[(y_links, True)]
    removable, placement = _concluded(marks, target.key)
    return ChainHint(technique, base, kind, removable, [target], [target], placement=placement,
                     pattern=forcing_pattern(start.key, target.key))


def _forcing_line_hint(marks: list[int], source: int, line: list[int], y_links: bool) -> ChainHint:
    """The hint of the forcing chain from key ``source`` through ``line`` (a compiled walk's flat
    line), its potentials (and pattern) made when read."""
    technique, base, kind = FORCING[(y_links, True)]
    removable, placement = _concluded(marks, line[-2])
    return LineHint(technique, base, kind, removable, source, line, False, placement)


def _concluded(marks: list[int], end: int) -> tuple[tuple[tuple[int, int], ...], tuple[int, int] | None]:
    """What a forcing chain ending at key ``end`` removes, and places (an "on" end): the shared
    (cell, digit) tuples (an inner producer makes thousands of these hints)."""
    if end & 1:
        cell, d0 = CANDIDATE[end]
        return tuple(PLACE[cell * 9 + d] for d in BITS[marks[cell]] if d != d0), PLACE[end >> 1]
    return ALONE[end >> 1], None
